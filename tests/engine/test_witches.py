"""The Herb Witches: one test per witch from her text (fact sheet section 1.4), the moments she may
be called at, the exploded player's matrix (section 8.3), the pennies, the deal and the three
Alchemists cards that need the witches."""

import random

import pytest

from companion.dealing import deal_setup, deal_witches
from companion.engine import (
    Buy,
    Choose,
    ConfigError,
    Done,
    GameConfig,
    IllegalAction,
    Spend,
    Stop,
    catalog,
    format_transcript,
    legal_actions,
    new_game,
    parse_transcript,
    replay,
    state_to_dict,
    step,
    waiting_for,
)
from companion.engine.expansions.herb_witches import witches as w
from companion.engine.model import chip
from companion.words import render

from .scenario import answer, begin, books, card, decision, draw, draws, game, set_bag, stop

DEFAULTS = ("H-E2", "H-B2", "H-G1")


def witch_game(*laid_out: str, players: int = 2, **setup):
    """A game with The Herb Witches, brewing round 1; these witches laid out, the others of their
    type's place filled from DEFAULTS."""
    chosen = {w.WITCHES[x].type: x for x in DEFAULTS}
    chosen.update({w.WITCHES[x].type: x for x in laid_out})
    return game(players, expansions=("witches",), witches=tuple(chosen.values()), **setup)


def offer(state, seat: int, witch: str):
    """The seat's open offer of this witch, or None."""
    return next((d for d in state.decisions if d.seat == seat and d.kind == "witch" and d.data["witch"] == witch), None)


def call(state, seat: int, witch: str, key: str = "call"):
    found = offer(state, seat, witch)
    assert found is not None, f"{witch} is not offered to seat {seat}: {[(d.seat, d.kind, d.data) for d in state.decisions]}"
    return step(state, Choose(seat, found.id, (key,))).state


def kinds(chips) -> list[str]:
    return sorted(chip(c).kind for c in chips)


def play_to(state, phase: str, *, reward: str = "coins", die: str = "1"):
    """Play on to `phase`: every seat still brewing stops, dice show `die`, an exploded pot takes
    `reward`, every witch offer is declined, shops and ruby spending are finished."""
    while state.phase != phase:
        seat = waiting_for(state)[0]
        mine = state.decisions_for(seat)
        if mine:
            d = mine[0]
            key = {"bonus_die": die, "exploded.reward": reward, "witch": "pass"}.get(d.kind, d.keys()[0])
            if d.kind == "witch" and "pass" not in d.keys():
                action = Done(seat) if state.phase in ("shop", "spend") else Stop(seat)
                state = step(state, action).state
                continue
            state = step(state, Choose(seat, d.id, (key,))).state
        elif state.phase == "brewing":
            state = stop(state, seat)
        else:
            state = step(state, Done(seat)).state
    return state


def explode(state, seat: int = 0):
    """The seat draws white 3, 3, 2: 8 is over the limit of 7."""
    return draws(state, seat, "white-3", "white-3", "white-2")


# the offer: when it appears, when it lapses, once a game ------------------------------------------

def test_a_brewing_witch_is_offered_beside_the_draw_withdrawn_by_it_and_offered_again():
    state = witch_game("H-E3")
    set_bag(state, 0, "white-1", "orange-1", "green-1")
    assert offer(state, 0, "H-E3") is None, "no white in the pot yet: nothing to put back"
    state = draw(state, 0, "white-1")
    first = offer(state, 0, "H-E3")
    assert first is not None and not first.blocking
    state = draw(state, 0, "orange-1")
    again = offer(state, 0, "H-E3")
    assert again is not None and again.id != first.id
    with pytest.raises(IllegalAction) as refused:
        step(state, Choose(0, first.id, ("1",)))
    assert refused.value.code == "stale"
    state = stop(state, 0)
    assert offer(state, 0, "H-E3") is None, "the moment passed with the stop"


def test_each_witch_is_called_once_a_game_with_her_penny():
    state = witch_game("H-E3")
    set_bag(state, 0, "white-1", "white-1", "orange-1")
    assert state.seats[0].pennies == ["explosion", "buying", "points"]
    state = call(draw(state, 0, "white-1"), 0, "H-E3", "1")
    assert state.seats[0].pennies == ["buying", "points"]
    state = draw(state, 0, "white-1")
    assert offer(state, 0, "H-E3") is None
    assert state.seats[1].pennies == ["explosion", "buying", "points"], "pennies are each player's own"


# H-E1..H-E4 ------------------------------------------------------------------------------------

def test_h_e1_uses_the_full_flask_after_an_explosion():
    state = witch_game("H-E1")
    set_bag(state, 0, "white-3", "white-3", "white-2", "orange-1")
    state = explode(state)
    assert state.seats[0].status == "exploded"
    state = call(state, 0, "H-E1")
    ann = state.seats[0]
    assert ann.status == "brewing" and not ann.flask_full
    assert kinds(c for c, _ in ann.pot) == ["white-3", "white-3"] and ann.white_total == 6
    assert kinds(ann.bag) == ["orange-1", "white-2"] and kinds(ann.returning) == ["white-2"]
    state = draw(state, 0, "orange-1")
    assert state.seats[0].pot[-1][1] == 7, "the pot goes on from the last chip left"


def test_h_e1_needs_a_full_flask_and_may_be_declined():
    state = witch_game("H-E1")
    state.seats[0].flask_full = False
    set_bag(state, 0, "white-3", "white-3", "white-2")
    assert offer(explode(state), 0, "H-E1") is None
    state = witch_game("H-E1")
    set_bag(state, 0, "white-3", "white-3", "white-2")
    state = call(explode(state), 0, "H-E1", "pass")
    assert state.seats[0].status == "exploded" and state.seats[0].pennies[0] == "explosion"
    assert offer(state, 0, "H-E1") is None, "declined: not offered again"


def test_h_e2_draws_six_and_places_any_of_them_one_by_one():
    state = witch_game("H-E2")
    set_bag(state, 0, "orange-1", "green-1", "white-1", "white-2", "red-1", "yellow-1", "white-3")
    state = call(state, 0, "H-E2")
    look = decision(state, 0, "witch.look")
    assert look.blocking and look.data["reveal"] == 6, "her text: draw 6 chips"
    state = draws(state, 0, "orange-1", "green-1", "white-1", "white-2", "red-1", "yellow-1")
    assert len(state.seats[0].hand) == 6 and kinds(state.seats[0].bag) == ["white-3"]
    orange = next(c for c in state.seats[0].hand if chip(c).color == "orange")
    state = answer(state, 0, "witch.look", orange)
    green = next(c for c in state.seats[0].hand if chip(c).color == "green")
    assert decision(state, 0, "witch.look").keys() == [*state.seats[0].hand, "none"]
    state = answer(state, 0, "witch.look", green)
    state = answer(state, 0, "witch.look", "none")
    ann = state.seats[0]
    assert [(chip(c).kind, s) for c, s in ann.pot] == [("orange-1", 1), ("green-1", 2)]
    assert not ann.hand and len(ann.bag) == 5 and len(ann.returning) == 4
    assert ann.status == "brewing"


def test_h_e2_a_chip_placed_from_the_six_carries_out_its_action():
    state = witch_game("H-E2")
    set_bag(state, 0, "orange-1", "red-1", "green-1")
    state = call(state, 0, "H-E2")
    state = draws(state, 0, "orange-1", "red-1", "green-1")
    for color in ("orange", "red"):
        state = answer(state, 0, "witch.look", next(c for c in state.seats[0].hand if chip(c).color == color))
    assert [s for _, s in state.seats[0].pot] == [1, 3], "the toadstool (red set 1) moves 1 more after an orange"


def test_h_e3_puts_the_last_two_whites_back_and_their_spaces_stay_empty():
    state = witch_game("H-E3")
    set_bag(state, 0, "white-1", "orange-1", "white-2", "green-1")
    state = draws(state, 0, "white-1", "orange-1", "white-2")
    assert decision(state, 0, "witch").keys() == ["2", "1"]
    state = call(state, 0, "H-E3", "2")
    ann = state.seats[0]
    assert [(chip(c).kind, s) for c, s in ann.pot] == [("orange-1", 2)]
    assert kinds(ann.bag) == ["green-1", "white-1", "white-2"] and ann.white_total == 0
    state = draw(state, 0, "green-1")
    assert state.seats[0].pot[-1][1] == 3, "the next chip counts from the newest chip left (Q-H4)"


def test_h_e3_puts_back_the_last_two_of_three_whites_and_the_first_stays():
    state = witch_game("H-E3")
    set_bag(state, 0, "white-1", "white-2", "orange-1", "white-3", "green-1")
    state = draws(state, 0, "white-1", "white-2", "orange-1", "white-3")
    offered = [render(o.label, "en") for o in offer(state, 0, "H-E3").options]
    assert offered == ["Put back white 2 and white 3", "Put back only white 3"]
    state = call(state, 0, "H-E3", "2")
    ann = state.seats[0]
    assert kinds(c for c, _ in ann.pot) == ["orange-1", "white-1"] and ann.white_total == 1
    assert kinds(ann.bag) == ["green-1", "white-2", "white-3"]


def test_h_e3_may_put_back_only_the_last_white():
    state = witch_game("H-E3")
    set_bag(state, 0, "white-1", "orange-1", "white-2", "green-1")
    state = call(draws(state, 0, "white-1", "orange-1", "white-2"), 0, "H-E3", "1")
    assert kinds(c for c, _ in state.seats[0].pot) == ["orange-1", "white-1"]


def exploded_ann_furthest(*laid_out):
    """Ann explodes on space 8 (white 3, 3, 2); Ben stops on space 1."""
    state = witch_game(*laid_out)
    set_bag(state, 0, "white-3", "white-3", "white-2")
    set_bag(state, 1, "orange-1", "green-1")
    state = explode(state)
    return stop(draw(state, 1, "orange-1"), 1)


def test_h_e4_an_exploded_pot_keeps_points_coins_and_the_bonus_die():
    state = exploded_ann_furthest("H-E4", "H-G4")
    assert state.phase == "brewing" and offer(state, 0, "H-E4") is not None, "offered once brewing is over"
    assert offer(state, 1, "H-E4") is None, "only for an exploded pot"
    state = call(state, 0, "H-E4")
    assert [d.seat for d in state.decisions if d.kind == "bonus_die"] == [0], "the furthest space rolls"
    state = play_to(state, "shop")
    space = catalog.POT_TRACK[9]
    ann = state.seats[0]
    assert ann.score == space.vp + 1 and ann.reward == "both" and ann.coins == space.coins


def test_without_h_e4_the_exploded_pot_chooses_and_does_not_roll():
    state = call(exploded_ann_furthest("H-E4", "H-G4"), 0, "H-E4", "pass")
    assert [d.seat for d in state.decisions if d.kind == "bonus_die"] == [1]
    state = play_to(state, "shop", reward="points")
    assert state.seats[0].reward == "points" and state.seats[0].coins == 0


# H-B1..H-B4 --------------------------------------------------------------------------------------

def in_the_shop(*laid_out, pot=("orange-1", "green-1", "red-1"), reward="coins", explode_ann=False):
    """Round 1's shop with Ann shopping first; Ann drew `pot`, Ben stopped on an orange."""
    state = witch_game(*laid_out, books=books(blue=3))
    set_bag(state, 0, *pot, *(("white-3", "white-3", "white-2") if explode_ann else ()), "purple-1")
    set_bag(state, 1, "orange-1", "white-1")
    state = draws(state, 0, *pot)
    if explode_ann:
        state = explode(state)
    state = stop(draw(state, 1, "orange-1"), 1)
    return play_to(state, "shop", reward=reward)


def test_h_b1_upgrades_the_last_two_chips_a_level_each():
    state = in_the_shop("H-B1", pot=("orange-1", "blue-2", "green-1", "red-1"))
    options = decision(state, 0, "witch").keys()
    pot = [c for c, _ in state.seats[0].pot]
    assert options == ["last", *pot[1:]], "orange is never upgraded"
    state = call(state, 0, "H-B1", "last")
    ann = state.seats[0]
    assert kinds(c for c, _ in ann.pot) == ["blue-2", "orange-1"]
    assert kinds(ann.bag) == ["green-2", "purple-1", "red-2"] and kinds(ann.returning) == ["green-2", "red-2"]
    assert pot[2] in state.supply["green-1"] and pot[3] in state.supply["red-1"]


def test_h_b1_or_one_chip_anywhere_in_the_pot():
    state = in_the_shop("H-B1", pot=("orange-1", "blue-2", "green-1"))
    blue = state.seats[0].pot[1][0]
    state = call(state, 0, "H-B1", blue)
    assert kinds(state.seats[0].bag) == ["blue-4", "purple-1"] and blue in state.supply["blue-2"]


def test_h_b1_upgrades_a_yellow_chip_too():
    state = in_the_shop("H-B1", pot=("orange-1", "blue-2", "yellow-1"))
    yellow = state.seats[0].pot[2][0]
    state = call(state, 0, "H-B1", yellow)
    assert kinds(state.seats[0].bag) == ["purple-1", "yellow-2"] and yellow in state.supply["yellow-1"]


def test_h_b2_doubles_the_coins_before_buying():
    state = in_the_shop("H-B2")
    assert offer(state, 1, "H-B2") is None, "only the seat whose turn it is in the shop"
    coins = state.seats[0].coins
    state = call(state, 0, "H-B2")
    assert state.seats[0].coins == 2 * coins
    state = step(state, Buy(0, "blue", 2)).state
    assert offer(state, 0, "H-B2") is None


def test_h_b2_is_offered_only_before_the_seat_buys():
    state = in_the_shop("H-B2")
    state.seats[0].coins = 20  # enough for a second chip: Ann's turn goes on after the first
    assert offer(state, 0, "H-B2") is not None
    state = step(state, Buy(0, "orange", 1)).state
    assert state.shopper == 0 and offer(state, 0, "H-B2") is None, "the coins are doubled before buying"


def test_h_b2_in_round_9_doubles_the_coins_before_they_become_points():
    state = witch_game("H-B2")
    state.round = catalog.ROUNDS
    set_bag(state, 0, "orange-1", "green-4", "white-1")
    state = stop(draws(state, 0, "orange-1", "green-4"), 0)
    state = play_to(state, "shop")
    coins = state.seats[0].coins
    assert coins == catalog.POT_TRACK[6].coins
    state = call(state, 0, "H-B2")
    assert state.seats[0].coins == 2 * coins
    state = play_to(state, "game_over")
    assert state.seats[0].final_points["coins"] == 2 * coins // catalog.COINS_PER_VP


def test_h_b3_the_next_chip_bought_comes_twice():
    state = call(in_the_shop("H-B3"), 0, "H-B3")
    state = step(state, Buy(0, "orange", 1)).state
    assert kinds(state.seats[0].bag) == ["orange-1", "orange-1", "purple-1"]
    assert state.seats[0].bought == ["orange"], "the copy is no purchase"


def test_h_b4_two_coins_per_ruby_and_the_rubies_stay():
    state = in_the_shop("H-B4")
    ann = state.seats[0]
    ann.rubies = 3
    coins = ann.coins
    state = call(state, 0, "H-B4")
    assert (state.seats[0].coins, state.seats[0].rubies) == (coins + 6, 3)


# H-G1..H-G4 --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("pot", "points"), [
    (("orange-1", "white-1"), 3),
    (("orange-1", "green-1", "red-1", "blue-1"), 3),
    (("orange-1", "green-1", "red-1", "blue-1", "white-1"), 3),
    (("orange-1", "green-1", "red-1", "blue-1", "black-1"), 4),
    (("orange-1", "green-1", "red-1", "blue-1", "black-1", "yellow-1"), 7),
    (("orange-1", "green-1", "red-1", "blue-1", "black-1", "yellow-1", "purple-1"), 10),
])
def test_h_g1_pays_by_the_colours_in_the_pot(pot, points):
    state = witch_game("H-G1", books=books(blue=3))
    set_bag(state, 0, *pot, "white-1")
    set_bag(state, 1, "orange-1", "white-1")
    state = stop(draws(state, 0, *pot), 0)
    state = play_to(stop(draw(state, 1, "orange-1"), 1), "rewards")
    before = state.seats[0].score
    state = call(state, 0, "H-G1")
    assert state.seats[0].score == before + points


def test_h_g1_is_not_offered_for_a_pot_of_white_chips_only():
    state = witch_game("H-G1")
    set_bag(state, 0, "white-1", "white-2")
    set_bag(state, 1, "orange-1", "white-1")
    state = stop(draw(state, 0, "white-1"), 0)
    state = stop(draw(state, 1, "orange-1"), 1)
    assert w.colours_points(state.seats[0]) == 0
    state = play_to(state, "shop")
    assert offer(state, 0, "H-G1") is None and state.seats[0].pennies[-1] == "points"


def test_h_g2_counts_the_valuable_chips_in_the_bag():
    state = witch_game("H-G2")
    set_bag(state, 0, "orange-1", "green-2", "red-4", "purple-1", "white-2", "black-1", "blue-1", "white-1")
    set_bag(state, 1, "orange-1", "white-1")
    state = stop(draw(state, 0, "orange-1"), 0)
    state = play_to(stop(draw(state, 1, "orange-1"), 1), "rewards")
    before = state.seats[0].score
    state = call(state, 0, "H-G2")
    assert state.seats[0].score == before + 6, "2 each for green 2, red 4, purple; not white, black, 1s"


def ann_on_a_ruby_space(*laid_out, fortune=None):
    """Ann's scoring space is 16 (3 VP, a ruby): her last chip lies on 15."""
    state = witch_game(*laid_out, books=books(blue=3))
    if fortune:
        state = new_game(state.config)
        state = card(state, fortune)
    set_bag(state, 0, "green-4", "blue-4", "red-4", "yellow-2", "orange-1", "white-1")
    set_bag(state, 1, "orange-1", "white-1")
    state = stop(draws(state, 0, "green-4", "blue-4", "red-4", "yellow-2", "orange-1"), 0)
    assert state.seats[0].scoring_space == 16 and catalog.POT_TRACK[16].ruby
    return play_to(stop(draw(state, 1, "orange-1"), 1), "rubies")


def test_h_g3_takes_as_many_rubies_in_all_as_the_space_shows_points():
    state = ann_on_a_ruby_space("H-G3")
    rubies = state.seats[0].rubies
    assert offer(state, 1, "H-G3") is None, "not on a ruby space"
    state = call(state, 0, "H-G3")
    assert state.seats[0].rubies == rubies + catalog.POT_TRACK[16].vp - 1, "3 in all with the space's own ruby"


def test_h_g3_and_its_shining_extra_bright_do_not_add_up():
    state = ann_on_a_ruby_space("H-G3", fortune="B04")
    rubies = state.seats[0].rubies
    state = call(state, 0, "H-G3")
    assert state.seats[0].rubies == rubies + catalog.POT_TRACK[16].vp - 2, "3 in all, not 4"


def test_h_g4_droplet_steps_and_the_flask_cost_one_ruby():
    state = in_the_shop("H-G4")
    state = play_to(state, "spend") if state.phase != "spend" else state
    ann = state.seats[0]
    ann.rubies, ann.flask_full = 3, False
    state = call(state, 0, "H-G4")
    droplet = state.seats[0].droplet
    state = step(step(state, Spend(0, "flask")).state, Spend(0, "droplet")).state
    state = step(state, Spend(0, "droplet")).state
    assert (state.seats[0].rubies, state.seats[0].droplet, state.seats[0].flask_full) == (0, droplet + 2, True)


def test_h_g4_keeps_a_seat_with_one_ruby_at_the_ruby_step():
    state = in_the_shop("H-G4")
    state.seats[0].rubies = 1
    state = play_to(state, "spend") if state.phase != "spend" else state
    assert 0 in waiting_for(state) and offer(state, 0, "H-G4") is not None
    state = call(state, 0, "H-G4")
    assert Spend(0, "droplet") in legal_actions(state, 0)


def test_a_game_with_h_g4_declined_plays_on_to_round_2():
    """Both seats answer "done" in step F without calling the cheap-ruby witch: the round ends
    (her offer is not made again to a seat that is done spending)."""
    state = play_to(witch_game("H-G4"), "spend")
    assert [s.rubies for s in state.seats] == [1, 1] and offer(state, 0, "H-G4") is not None
    for seat in (0, 1):
        state = step(state, Done(seat)).state
        assert offer(state, seat, "H-G4") is None, "her moment is over for a seat that is done"
    assert (state.round, state.phase) == (2, "fortune")


# the exploded player (fact sheet 8.3) ---------------------------------------------------------------

@pytest.mark.parametrize(("witch", "reward", "usable"), [
    ("H-B1", "points", True), ("H-B4", "points", True), ("H-B2", "points", False), ("H-B3", "points", False),
    ("H-B1", "coins", True), ("H-B4", "coins", True), ("H-B2", "coins", True), ("H-B3", "coins", True),
])
def test_an_exploded_player_in_the_shop(witch, reward, usable):
    state = witch_game(witch)
    set_bag(state, 0, "orange-1", "green-1", "red-1", "white-3", "white-3", "white-2", "white-1")
    set_bag(state, 1, "orange-1", "white-1")
    state.seats[0].rubies = 2
    state = explode(draws(state, 0, "orange-1", "green-1", "red-1"))
    state = play_to(stop(draw(state, 1, "orange-1"), 1), "shop", reward=reward)
    assert (offer(state, 0, witch) is not None) == usable
    assert (state.shopper == 0) == usable, "a seat with no coins shops only for a witch"


def test_an_exploded_player_who_took_the_points_shops_with_the_coins_of_h_b4_only():
    state = witch_game("H-B4")
    set_bag(state, 0, "orange-1", "white-3", "white-3", "white-2", "white-1")
    set_bag(state, 1, "orange-1", "white-1")
    state.seats[0].rubies = 3
    state = explode(draw(state, 0, "orange-1"))
    state = play_to(stop(draw(state, 1, "orange-1"), 1), "shop", reward="points")
    assert state.shopper == 0 and state.seats[0].coins == 0
    with pytest.raises(IllegalAction):
        step(state, Buy(0, "orange", 1))
    state = call(state, 0, "H-B4")
    assert state.seats[0].coins == 6
    state = step(state, Buy(0, "green", 1)).state
    assert state.seats[0].bought == ["green"]


@pytest.mark.parametrize("witch", ["H-G1", "H-G2"])
@pytest.mark.parametrize("reward", ["points", "coins"])
def test_an_exploded_player_still_calls_the_victory_point_witches(witch, reward):
    state = witch_game(witch)
    set_bag(state, 0, "green-4", "orange-1", "white-3", "white-3", "white-2", "purple-1")
    set_bag(state, 1, "orange-1", "white-1")
    state = explode(draws(state, 0, "green-4", "orange-1"))
    state = play_to(stop(draw(state, 1, "orange-1"), 1), "rewards")
    state = answer(state, 0, "exploded.reward", reward)
    assert offer(state, 0, witch) is not None


def test_an_exploded_player_on_a_ruby_space_calls_h_g3():
    state = witch_game("H-G3", books=books(blue=3))
    set_bag(state, 0, "green-4", "white-3", "white-3", "red-4", "yellow-2", "white-1", "white-2", "orange-1")
    set_bag(state, 1, "orange-1", "white-1")
    state = draws(state, 0, "green-4", "white-3", "white-3", "red-4", "yellow-2", "white-1", "white-2")
    assert state.seats[0].status == "exploded"
    state = play_to(stop(draw(state, 1, "orange-1"), 1), "rubies")
    assert catalog.POT_TRACK[state.seats[0].scoring_space].ruby and offer(state, 0, "H-G3") is not None


# the pennies at the end, the setup ------------------------------------------------------------------

def test_each_unspent_penny_is_worth_2_points_at_the_end():
    state = witch_game("H-E3")
    set_bag(state, 0, "white-1", "orange-1")
    state = call(draw(state, 0, "white-1"), 0, "H-E3", "1")
    state.round = catalog.ROUNDS
    state = play_to(state, "game_over")
    assert state.seats[0].final_points["pennies"] == 4, "2 pennies left, 2 points each"
    assert state.seats[1].final_points["pennies"] == 6


def test_without_the_herb_witches_there_are_no_pennies():
    state = game()
    assert state.seats[0].pennies == [] and not [d for d in state.decisions if d.kind == "witch"]


def test_the_deal_turns_up_one_witch_of_each_type():
    for seed in range(20):
        dealt = deal_witches((), random.Random(seed))
        assert [w.WITCHES[x].type for x in dealt] == list(w.TYPES)
    setup = deal_setup({}, ["witches"], random.Random(3))
    assert len(setup["witches"]) == 3
    assert deal_setup({}, ["witches"], random.Random(3), ("H-E1", "H-B1", "H-G1"))["witches"] == ("H-E1", "H-B1", "H-G1")
    assert "witches" not in deal_setup({}, [], random.Random(3))


@pytest.mark.parametrize(("laid_out", "reason"), [
    (("H-E1", "H-B1", "H-X9"), "unknown witch"),
    (("H-E1", "H-E2", "H-G1"), "one of each type"),
    (("H-E1", "H-B1"), "one of each type"),
])
def test_check_config_refuses_an_unknown_witch_or_two_of_one_type(laid_out, reason):
    with pytest.raises(ConfigError) as refused:
        new_game(GameConfig(players=("A", "B"), expansions=("witches",), witches=laid_out))
    assert reason in str(refused.value)


def test_a_game_with_witches_replays_from_its_transcript():
    from companion.autoplay import play_game

    config = GameConfig(players=("A", "B", "C"), expansions=("witches",), witches=("H-E2", "H-B3", "H-G4"))
    state, inputs = play_game(config, 7, cards=True)
    assert any(len(seat.pennies) < 3 for seat in state.seats), "witches were called"
    again_config, again = parse_transcript(format_transcript(config, inputs))
    assert again_config.witches == config.witches
    assert state_to_dict(replay(again_config, [a for _, a in again])) == state_to_dict(state)


def test_after_every_input_each_seat_is_offered_exactly_the_witches_it_may_call():
    """Whole random games with The Herb Witches and The Alchemists, witches dealt by seed: after
    every input, looking again for every seat finds no witch to offer and none to withdraw, also
    where the engine looked only once, for the seat that acted (an input that ended no step)."""
    from companion.autoplay import play_game

    looked, offered = 0, 0

    def look_again(state, action, events):
        nonlocal looked, offered
        seat = getattr(action, "seat", None)
        if seat is None:
            return
        open_now = [(d.id, d.data.get("witch")) for d in state.decisions if d.kind == w.OFFER]
        probe = state.clone()
        w.refresh(probe, [])
        assert [(d.id, d.data.get("witch")) for d in probe.decisions if d.kind == w.OFFER] == open_now, action
        looked += 1
        offered += any(d.seat == seat for d in state.decisions if d.kind == w.OFFER)

    for game_no in range(6):
        config = GameConfig(players=("A", "B", "C", "D"), **deal_setup({}, ["alchemists", "witches"], random.Random(game_no)))
        play_game(config, 40 + game_no, look_again, cards=game_no % 2 == 0)
    assert looked > 2000 and offered > 100, (looked, offered)


def test_a_seat_without_the_penny_is_passed_over_only_while_no_witch_visits():
    """Whole random games with both boxes, cards turned up (a witch visits for free now and then):
    after every input of a brewing, shopping or ruby-spending step, each seat's open witch offers
    are exactly the witches of the moment it may call, asked of every witch in play one by one
    (`usable`), also for a seat that spent her penny long ago while a witch visits."""
    from companion.autoplay import play_game

    compared, visits, offered = 0, 0, 0

    def compare(state, action, events):
        nonlocal compared, visits, offered
        moments = w.STANDING.get(state.phase)
        if moments is None or (state.phase == "shop" and state.round >= catalog.ROUNDS):
            return
        for n in range(len(state.seats)):
            may = {witch.id for witch in w.in_play(state, moments) if w._in_turn(state, n) and w.usable(state, n, witch)}
            open_ = {d.data["witch"] for d in state.decisions if d.seat == n and d.kind == w.OFFER
                     and w.WITCHES[d.data["witch"]].moment in moments}
            assert open_ == may, (state.round, state.phase, n, action)
            compared += 1
            offered += bool(may)
            visits += bool(may) and "visitor" in state.card_data and not state.seats[n].pennies
    for game_no in range(12):
        config = GameConfig(players=("A", "B", "C", "D"), **deal_setup({}, ["alchemists", "witches"], random.Random(game_no)))
        play_game(config, 70 + game_no, compare, cards=True)
    assert compared > 10000 and offered > 200 and visits > 0, (compared, offered, visits)


# the Alchemists cards that need The Herb Witches -------------------------------------------------------

def alchemists_game(*laid_out):
    chosen = {w.WITCHES[x].type: x for x in (*DEFAULTS, *laid_out)}
    return begin(GameConfig(players=("Ann", "Ben"), expansions=("alchemists", "witches"),
                            witches=tuple(chosen.values())))


@pytest.mark.parametrize("card_id", ["AP07", "AB08", "AB10"])
def test_the_witch_cards_are_never_turned_up_without_both_boxes(card_id):
    for expansions in ((), ("witches",), ("alchemists",)):
        config = GameConfig(players=("A", "B"), expansions=expansions,
                            witches=("H-E1", "H-B1", "H-G1") if "witches" in expansions else ())
        state = begin(config)
        with pytest.raises(IllegalAction) as refused:
            card(state, card_id)
        assert refused.value.code == "not_in_deck"
    assert card_id in [a.card for a in legal_actions(alchemists_game(), None)]


def test_a_quick_exchange_gives_a_penny_for_a_chip_of_your_choice():
    state = card(alchemists_game(), "AP07")
    assert decision(state, 0, "fortune.choice").keys() == ["explosion", "buying", "points", "none"]
    state = answer(state, 0, "fortune.choice", "buying")
    assert "green-4" in decision(state, 0, "fortune.choice").keys()
    state = answer(state, 0, "fortune.choice", "green-4")
    state = answer(state, 1, "fortune.choice", "none")
    assert state.seats[0].pennies == ["explosion", "points"] and "green-4" in kinds(state.seats[0].bag)
    assert state.seats[1].pennies == ["explosion", "buying", "points"]


def test_visit_from_a_witch_lets_everyone_call_her_once_for_free():
    state = card(alchemists_game("H-E2"), "AB08")
    options = decision(state, 0, "fortune.choice").keys()
    assert "H-E2" not in options and "H-E3" in options
    state = answer(state, 0, "fortune.choice", "H-E3")
    set_bag(state, 0, "white-1", "white-1", "orange-1")
    state = draw(state, 0, "white-1")
    assert offer(state, 0, "H-E2") is not None and offer(state, 0, "H-E3") is not None
    state = call(state, 0, "H-E3", "1")
    assert state.seats[0].pennies == ["explosion", "buying", "points"], "free: no penny"
    state = draw(state, 0, "white-1")
    assert offer(state, 0, "H-E3") is None, "once each"


def test_a_visiting_witch_is_offered_again_after_each_draw_to_a_seat_that_has_spent_her_penny():
    """The seat has spent its explosion penny (in an earlier round): the laid-out explosion witch
    is no longer offered to it, the visiting one is, for free, again after each of its draws."""
    state = card(alchemists_game("H-E2"), "AB08")
    state = answer(state, 0, "fortune.choice", "H-E3")
    state.seats[0].pennies = ["buying", "points"]
    set_bag(state, 0, "white-1", "orange-1", "green-1")
    state = draw(state, 0, "white-1")
    first = offer(state, 0, "H-E3")
    assert first is not None and offer(state, 0, "H-E2") is None
    state = draw(state, 0, "orange-1")
    again = offer(state, 0, "H-E3")
    assert again is not None and again.id != first.id, "her offer lapsed with the draw and is made again"
    state = call(state, 0, "H-E3", "1")
    assert kinds(c for c, _ in state.seats[0].pot) == ["orange-1"], "the white went back into the bag"
    assert state.seats[0].pennies == ["buying", "points"], "free: no penny"


def test_a_joyful_reunion_gives_back_a_spent_penny_at_the_end_of_the_round():
    state = alchemists_game("H-E3")
    state = card(state, "AB10")
    state.seats[0].pennies = ["points"]
    state.seats[1].pennies = ["explosion", "points"]
    state = play_to(state, "round_end")
    assert decision(state, 0, "fortune.choice").keys() == ["explosion", "buying"]
    state = answer(state, 0, "fortune.choice", "buying")
    state = play_to(state, "fortune")
    assert state.seats[0].pennies == ["buying", "points"]
    assert state.seats[1].pennies == ["explosion", "buying", "points"], "the only spent one comes back by itself"
