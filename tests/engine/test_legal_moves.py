"""The moves offered to each seat are exactly the inputs the engine accepts: nothing a player may
do is hidden from the pages, and nothing offered is refused (random games with every Fortune
Teller card and the test tubes)."""

import random

import pytest

from companion.autoplay import RandomPlayer, play_game
from companion.books import RANDOM, every_colour
from companion.dealing import deal_setup
from companion.engine import (
    CARDS,
    Buy,
    Choose,
    Done,
    Draw,
    Fortune,
    GameConfig,
    GameState,
    IllegalAction,
    Moves,
    Return,
    Spend,
    Stop,
    apply,
    catalog,
    free_draws,
    legal_actions,
    legal_moves,
    new_game,
)


def candidates(state: GameState) -> list:
    """Every input of the kinds the pages offer that a table could send now, legal or not: each
    chip of every seat (and one of each kind still in the box) drawn or put back by each seat,
    each option of each open question answered by each seat, each chip kind bought, both ways to
    spend rubies, stop, done and every card."""
    chips = [ids[0] for ids in state.supply.values() if ids]
    for s in state.seats:
        chips += s.bag + s.hand + s.aside + s.bowl + [cid for cid, _ in s.pot]
    found: list = [Fortune(None), *(Fortune(card) for card in CARDS)]
    for n in range(len(state.seats)):
        found += [Draw(n, cid) for cid in chips] + [Return(n, cid) for cid in chips]
        found += [Choose(n, d.id, (key,)) for d in state.decisions for key in d.keys()]
        found += [Buy(n, color, value) for color, value in catalog.box(state.config.supply, state.config.expansions)]
        found += [Spend(n, "droplet"), Spend(n, "flask"), Stop(n), Done(n)]
    return found


def accepted(state: GameState) -> set:
    """The candidates the engine accepts, each tried on its own copy (a refusal changes nothing)."""
    found = set()
    work = state.clone()
    for action in candidates(state):
        try:
            apply(work, action)
        except IllegalAction:
            continue
        found.add(action)
        work = state.clone()
    return found


def test_every_seat_is_offered_exactly_the_inputs_the_engine_accepts():
    wanted = {("Draw", "fortune"), ("Choose", "fortune"), ("Fortune", "fortune"), ("Draw", "brewing"),
              ("Stop", "brewing"), ("Choose", "brewing"), ("Buy", "shop"), ("Spend", "spend"),
              ("Done", "spend"), ("Return", "fortune")}  # ("Draw", "fortune"): a card's look, e.g. Less Is More
    kinds = set()
    for seed in range(16):  # at least 4 games, then on until the cards have asked for every kind
        config = GameConfig(players=("Ann", "Ben", "Cid", "Dee", "Eve")[:2 + seed % 4], tubes=seed % 2 == 0,
                            expansions=("witches",) if seed % 2 else (), threshold=12 if seed % 2 else 7)
        state, player = new_game(config), RandomPlayer(seed, cards=True)
        while state.phase != "game_over":
            if state.seq % 7 == 0 or state.phase != "brewing" or any(d.blocking for d in state.decisions):
                listed = legal_actions(state)
                assert len(listed) == len(set(listed))
                assert set(listed) == accepted(state), (state.round, state.phase, state.fortune)
                for seat in (None, *range(len(state.seats))):
                    moves = legal_moves(state, seat)
                    assert moves.actions() == [a for a in listed if a.seat == seat]
                    assert [moves.pick(k) for k in range(moves.size())] == moves.actions()
                    assert [moves.pick(k, draws=False) for k in range(moves.size(draws=False))] == \
                        [a for a in moves.actions() if not isinstance(a, (Draw, Done))]  # chips to draw or look at
                kinds |= {(type(a).__name__, state.phase) for a in listed}
            apply(state, player.choose(state))
        if seed >= 3 and wanted <= kinds:
            break
    assert wanted <= kinds


def test_a_seat_that_may_only_draw_or_stop_is_told_its_bag_without_its_moves():
    """After every input of whole games with cards and random books (half with every expansion),
    for every seat: the chips it may draw are told alone exactly when drawing one of them or
    stopping is all that is open to it besides chips going back, and they are its moves' draws."""
    told = 0
    for game_no in range(12):
        config = GameConfig(players=("A", "B", "C", "D"), start_player=game_no % 4,
                            **deal_setup(every_colour(RANDOM), tuple(catalog.EXPANSIONS) if game_no % 2 else (),
                                         random.Random(game_no)))

        def check(state, action, events) -> None:
            nonlocal told
            for n in range(len(state.seats)):
                moves, draws = legal_moves(state, n), free_draws(state, n)
                only = moves.stop and moves.draws and not (moves.choices or moves.looks or moves.buys or moves.spends
                                                           or moves.done)
                assert (draws is not None) == only, f"after input {state.seq} ({action}), seat {n}"
                if draws is not None:
                    assert tuple(draws) == moves.draws
                    told += 1

        play_game(config, game_no, check, cards=True)
    assert told > 1000


def test_an_input_picked_off_the_draw_path_is_numbered_without_the_chips_and_done():
    """The random player picks an answer, a purchase or a stop without counting the chips it may
    draw or look at: here a chip going back, a look at two chips, an offer, a chip to draw, stop
    and done leave three inputs, in the order the pages list them."""
    moves = Moves(0, returns=("orange-1-01",), looks=("blue-1-01", "red-1-01"), choices=(("d3", "use"),),
                  draws=("white-1-01",), stop=True, done=True)
    assert moves.size(draws=False) == 3 and moves.size() == 7
    assert [moves.pick(k, draws=False) for k in range(3)] == \
        [Return(0, "orange-1-01"), Choose(0, "d3", ("use",)), Stop(0)]
    with pytest.raises(IndexError):
        moves.pick(3, draws=False)
