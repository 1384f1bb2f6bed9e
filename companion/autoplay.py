"""Seeded players that only ever pick from the engine's legal actions.

Used by `quacks simulate`, the fuzz tests, the benchmarks and the demo's bots. Chance (which chip
leaves the bag, the die face) is uniform. The random player's choices are random but not absurd: a
seat stops drawing with the probability that its next chip explodes the pot, and shops while it
can. The greedy player is a simple human-like heuristic; the DRAW/STOP player follows the DRAW/STOP
advice and is greedy elsewhere; the advisor follows the advice everywhere (`companion.advice`).
A table may seat players of several kinds (`MixedPlayer`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from .advice import (
    LAPSE,
    Compact,
    Futures,
    TooDeep,
    advise,
    advise_choice,
    advise_shop,
    draws_on,
    futures_for,
    ignore_offers,
    unmodelled,
)
from .engine import (
    Action,
    Buy,
    Choose,
    Done,
    Draw,
    Fortune,
    GameConfig,
    GameState,
    Moves,
    Spend,
    Stop,
    apply,
    catalog,
    chip,
    explosion_risk,
    free_draws,
    legal_moves,
    new_game,
    waiting_for,
)
from .engine.memo import Memo
from .engine.phases import placing
from .engine.phases.evaluation import DIE, REWARD, price


def below(rng: random.Random, n: int) -> int:
    """A uniform whole number from 0 to n - 1: the fewest random bits that can reach n, drawn again
    while they make n or more. This is how CPython's `Random.choice` and `randrange(n)` draw, so a
    seed plays the same games as with them; written out, it takes one Python call rather than
    their two, for nearly every input the random player sends, and no longer depends on them."""
    if n < 1:
        raise IndexError("nothing to choose from")
    bits = n.bit_length()
    found = rng.getrandbits(bits)
    while found >= n:
        found = rng.getrandbits(bits)
    return found


_SEATS = range(catalog.MAX_PLAYERS_WITH_WITCHES)
DRAWS = tuple(Memo(partial(Draw, n)) for n in _SEATS)
STOPS = tuple(Stop(n) for n in _SEATS)
BUYS = tuple(Memo(partial(lambda seat, kind: Buy(seat, *kind), n)) for n in _SEATS)
"""By seat, the inputs that draw a chip (by its id), stop, or buy a kind of chip (by colour and
value). An input is a frozen value, dear to build, and a player sends hundreds a game, the same in
every game: each is built once for the process (`Moves.pick` does the same for a chip seen going
back). An answer names its question, which is new in every game: built each time."""


class RandomPlayer:
    """`cards`: the start player turns up a random unused Fortune Teller card each round."""

    def __init__(self, seed: int, cards: bool = False) -> None:
        self.rng = random.Random(seed)
        self.cards = cards

    def choose(self, state: GameState) -> Action:
        seats = waiting_for(state)
        seat = seats[below(self.rng, len(seats))]
        if seat is not None:
            draws = free_draws(state, seat)
            if draws is not None:  # most inputs: no seat's moves built to draw a chip or stop
                return self.draw_or_stop(state, seat, draws)
        moves = legal_moves(state, seat)
        if seat is None:
            cards = [c for c in moves.cards if c is not None]
            return Fortune(cards[below(self.rng, len(cards))] if self.cards and cards else moves.cards[0])
        return self.act(state, seat, moves)

    def act(self, state: GameState, seat: int, moves: Moves) -> Action:
        rng = self.rng
        draws, answers = moves.looks + moves.draws if moves.looks else moves.draws, moves.choices
        if draws and moves.stop:  # brewing with nothing blocking
            return self.draw_or_stop(state, seat, draws, answers)
        if draws and not answers:  # looking at chips for a crow skull
            return DRAWS[seat][draws[below(rng, len(draws))]]
        if moves.buys and rng.random() < 0.9:
            return BUYS[seat][moves.buys[below(rng, len(moves.buys))]]
        count = moves.size(draws=False)  # every input but draws and done, building only the input picked
        if count:
            return moves.pick(below(rng, count), draws=False)
        return moves.pick(below(rng, moves.size()))

    def draw_or_stop(self, state: GameState, seat: int, draws: Sequence[str],
                     answers: Sequence[tuple[str, str]] = ()) -> Action:
        """A seat brewing with nothing blocking: it stops with the chance that its next chip explodes
        the pot, else takes one of the offers open to it (`answers`: question and option) half the
        time, else draws one of `draws`."""
        rng = self.rng
        exploding, bag = explosion_risk(state.seats[seat])
        if rng.random() < exploding / bag:
            return STOPS[seat]
        if answers and rng.random() < 0.5:
            decision, key = answers[below(rng, len(answers))]
            return Choose(seat, decision, (key,))
        return DRAWS[seat][draws[below(rng, len(draws))]]


class GreedyPlayer(RandomPlayer):
    """A simple human-like heuristic, the yardstick of the advisor's strength.

    Brewing: stop once the next chip explodes the pot with a chance of `RISK` or more, else draw;
    use the flask on a white chip of 2 or 3, take the mandrake's offer; a crow skull places the
    largest chip shown that is not white, else none. Shop: the dearest chip it can afford, then
    the dearest of another colour with what is left. Rubies: refill an empty flask, then droplet
    steps. An exploded pot takes the coins until round 5, then the points. Every other question:
    the first option offered. Chance (the chip drawn, the die) stays uniform.
    """

    RISK = 0.5
    COINS_UNTIL = 5

    def act(self, state: GameState, seat: int, moves: Moves) -> Action:
        pending = state.blocking_decision(seat)
        if moves.looks or (moves.draws and not moves.stop):  # chips to look at: every one is drawn first
            chips = moves.looks or moves.draws
            return DRAWS[seat][chips[below(self.rng, len(chips))]]
        if pending is not None and pending.rule == DIE:
            return super().act(state, seat, moves)  # chance: the die
        if moves.draws and moves.stop:
            return self.offer(state, seat) or self.draw_or_stop(state, seat, moves.draws)
        if state.phase == "shop" and (moves.buys or moves.done):
            return self.shop(state, seat, moves)
        if state.phase == "spend" and (moves.spends or moves.done):
            return self.spend(state, seat, moves)
        if moves.choices:
            return self.answer(state, seat, moves)
        return super().act(state, seat, moves)

    def offer(self, state: GameState, seat: int) -> Action | None:
        """The flask on a white chip of 2 or more, the mandrake always; other offers lapse."""
        for d in state.decisions_for(seat):
            if d.rule == placing.FLASK and chip(d.data["chip"]).value >= 2 or d.rule == "yellow/1":
                return Choose(seat, d.id, (d.keys()[0],))
        return None

    def draw_or_stop(self, state: GameState, seat: int, draws: Sequence[str],
                     answers: Sequence[tuple[str, str]] = ()) -> Action:
        """By the chance of exploding alone: the offers are taken or let lapse by `offer` first."""
        exploding, bag = explosion_risk(state.seats[seat])
        return STOPS[seat] if exploding >= self.RISK * bag else DRAWS[seat][draws[below(self.rng, len(draws))]]

    def shop(self, state: GameState, seat: int, moves: Moves) -> Action:
        buys = [b for b in moves.buys if b[0] in catalog.COLORS]
        if not buys:
            return Done(seat)
        color, value = max(buys, key=lambda b: (price(state, *b) or 0, b[1]))
        return BUYS[seat][color, value]

    def spend(self, state: GameState, seat: int, moves: Moves) -> Action:
        for what in ("flask", "droplet"):
            if what in moves.spends:
                return Spend(seat, what)
        return Done(seat)

    def answer(self, state: GameState, seat: int, moves: Moves) -> Action:
        d = state.blocking_decision(seat) or state.decisions_for(seat)[0]
        if d.rule == REWARD:
            key = "coins" if state.round <= self.COINS_UNTIL else "points"
        else:
            shown = [k for k in d.keys() if _is_chip(k) and chip(k).color != "white"]
            key = max(shown, key=lambda k: chip(k).value) if shown else \
                next((k for k in d.keys() if not _is_chip(k)), d.keys()[0])
        return Choose(seat, d.id, (key,))


def _is_chip(key: str) -> bool:
    try:
        chip(key)
    except ValueError:
        return False
    return True


class DrawStopPlayer(GreedyPlayer):
    """Draws or stops by the DRAW/STOP advice (proven by a bound, else searched exactly within
    `LIMIT` positions, `ENGINE_LIMIT` where the engine-driven search answers, else the sampled
    brews' rule of thumb); every other choice as the greedy player makes it."""

    LIMIT, ENGINE_LIMIT = 2000, 200

    def __init__(self, seed: int, cards: bool = False) -> None:
        super().__init__(seed, cards)
        self.searches: dict[int, Compact] = {}  # each seat's compact search, gone on from within a round

    def draw_or_stop(self, state: GameState, seat: int, draws: Sequence[str],
                     answers: Sequence[tuple[str, str]] = ()) -> Action:
        limit = self.LIMIT if unmodelled(ignore_offers(state, seat), seat) is None else self.ENGINE_LIMIT
        try:
            found = advise(state, seat, certify=True, limit=limit, searches=self.searches)
        except TooDeep:
            found = None
        draw = found["advice"] == "draw" if found and found.get("advice") else draws_on(state, seat)
        return DRAWS[seat][draws[below(self.rng, len(draws))]] if draw else STOPS[seat]


class AdvisorPlayer(DrawStopPlayer):
    """Follows the advice everywhere: DRAW/STOP, the offers and questions while brewing, the
    shop, the ruby spends, the exploded pot's points or coins and every question the advice
    values; a question it does not value is answered as the greedy player answers it."""

    def __init__(self, seed: int, cards: bool = False) -> None:
        super().__init__(seed, cards)
        self.plan: dict[tuple[int, int], list[tuple[str, int]]] = {}
        self.futures: dict[tuple[Any, ...], Futures] = {}  # each seat's sampled brews, shared while its bag is the same

    def _futures(self, state: GameState, seat: int) -> Futures:
        key = (state.round, seat, tuple(sorted(state.seats[seat].bag)))
        if key not in self.futures:
            self.futures = {k: v for k, v in self.futures.items() if k[0] == state.round}
            self.futures[key] = futures_for(state, seat)
        return self.futures[key]

    def offer(self, state: GameState, seat: int) -> Action | None:
        """Each open offer the advice values above letting it lapse."""
        if not any(not d.blocking for d in state.decisions_for(seat)):
            return None
        return self._chosen(state, seat, advise_choice(state, seat, searches=self.searches))

    def answer(self, state: GameState, seat: int, moves: Moves) -> Action:
        brewing_now = state.phase == "brewing"
        found = advise_choice(state, seat, futures=None if brewing_now else self._futures(state, seat),
                              searches=self.searches)
        return self._chosen(state, seat, found) or super().answer(state, seat, moves)

    def _chosen(self, state: GameState, seat: int, found: dict[str, Any]) -> Action | None:
        for q in found["questions"]:
            if q["best"] is not None and q["best"] != LAPSE:
                return Choose(seat, q["decision"], (q["best"],))
        return None

    def spend(self, state: GameState, seat: int, moves: Moves) -> Action:
        found = advise_choice(state, seat, futures=self._futures(state, seat))["spends"]
        best = found["best"] if found else "done"
        return Spend(seat, best) if best in moves.spends else Done(seat)

    def shop(self, state: GameState, seat: int, moves: Moves) -> Action:
        """The best purchase the shop advice ranks, planned once per shop and bought chip by chip."""
        key = (state.round, seat)
        if key not in self.plan:
            best = advise_shop(state, seat, futures=self._futures(state, seat))["best"]
            self.plan = {key: [(c, v) for c, v in best[0]["chips"]] if best else []}
        plan = self.plan[key]
        while plan:
            color, value = plan.pop(0)
            if (color, value) in moves.buys:
                return BUYS[seat][color, value]
        return Done(seat)


PLAYERS: dict[str, type[RandomPlayer]] = {"random": RandomPlayer, "greedy": GreedyPlayer, "drawstop": DrawStopPlayer,
                                          "advisor": AdvisorPlayer}


class MixedPlayer(RandomPlayer):
    """A table of players of several kinds (`kinds`, one per seat) sharing one source of chance."""

    def __init__(self, seed: int, cards: bool, kinds: Sequence[str]) -> None:
        super().__init__(seed, cards)
        self.players = [PLAYERS[kind](seed, cards) for kind in kinds]
        for player in self.players:
            player.rng = self.rng

    def act(self, state: GameState, seat: int, moves: Moves) -> Action:
        return self.players[seat].act(state, seat, moves)

    def draw_or_stop(self, state: GameState, seat: int, draws: Sequence[str],
                     answers: Sequence[tuple[str, str]] = ()) -> Action:
        return self.players[seat].draw_or_stop(state, seat, draws, answers)


def play_game(config: GameConfig, seed: int,
              on_step: Callable[[GameState, Action, list[dict]], None] | None = None,
              cards: bool = False, player_kind: str = "random",
              kinds: Sequence[str] | None = None) -> tuple[GameState, list[Action]]:
    """Play one complete game; `on_step` sees the state and events after every input. `kinds`:
    a kind of player per seat (else every seat is `player_kind`)."""
    player = MixedPlayer(seed, cards, kinds) if kinds else PLAYERS[player_kind](seed, cards)
    state = new_game(config)
    inputs: list[Action] = []
    while state.phase != "game_over":
        action = player.choose(state)
        events = apply(state, action)
        inputs.append(action)
        if on_step:
            on_step(state, action, events)
    return state, inputs
