"""A seat's next brews, sampled through the engine: what a chip, the flask or a droplet step adds.

A purchase pays in every round left, and how much depends on everything the exact DRAW/STOP
search cannot reach that far: the draw orders of a bag of twenty chips, the books in play, the
rounds left. So the shop's values (`shop.py`) and the flask's are sampled: the seat's next brew
is played through the engine (`brewing.draw` on a copy, as `whatif` does) in many draw orders,
with and without the chip, on the same orders (common random numbers, so the difference is
measured far more closely than either brew). Each brew is played by `Policy`, a stand-in for the
seat's own play that costs microseconds: draw on while one more draw, valued by the chips'
printed values on the pot track, is worth more than stopping; take an offer that only helps;
answer a question (a crow skull's look) by the same one-draw estimate. The end of the brew is
valued exactly as the DRAW/STOP search values it (`Search.end_after`: step B by the books' own
hooks, each question at its best).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..engine import catalog
from ..engine.model import BREWING, EXPLODED, GameState, Seat, chip
from ..engine.phases import brewing, evaluation, placing
from . import whatif
from .sampling import Draws
from .search import Search, _distinct
from .worth import Worth, worth

FIELDS = ("coins", "vp", "rubies", "droplet", "exploded", "spaces", "drawn")


@dataclass(frozen=True, slots=True)
class Tally:
    """What one brew gave the seat: coins, points, rubies and droplet steps as the value model
    takes them (an exploded pot keeps the coins or the points), whether it exploded, its scoring
    space, and whether the chips being valued came out of the bag."""

    coins: float
    vp: float
    rubies: float
    droplet: float
    exploded: float
    spaces: float
    drawn: float

    def worth(self, w: Worth) -> float:
        """In victory points by one round's value model."""
        return self.coins * w.coin + self.vp + self.rubies * w.ruby + self.droplet * w.droplet


SAFE = 1e-9
"""What drawing is worth over stopping, at least, while no chip in the bag can explode the pot:
one draw ahead may leave a ruby space, but the draws after it cannot cost the pot."""


class Policy:
    """How a sampled seat plays: never stop while no chip left can explode the pot; then one draw
    ahead, on the chips' printed values (no book's extra spaces), each scoring space worth its
    coins, points and ruby by the round's value model (an exploded pot keeps the better of its
    coins and its points)."""

    def __init__(self, w: Worth) -> None:
        self.kept = [max(s.coins * w.coin, s.vp) + s.ruby * w.ruby for s in catalog.POT_TRACK]
        self.track = [s.coins * w.coin + s.vp + s.ruby * w.ruby for s in catalog.POT_TRACK]
        self.kinds: dict[str, tuple[bool, int]] = {}  # chip id -> (white, value), met so far

    def values(self, seat: Seat) -> tuple[float, float]:
        """(stopping now, drawing one more chip and stopping), by that estimate; an exploded pot
        keeps the better of its coins and its points, and a pot that is done draws no more."""
        if seat.status == EXPLODED:
            return self.kept[seat.scoring_space], self.kept[seat.scoring_space]
        stop = self.track[seat.scoring_space]
        bag = seat.bag
        if not bag or seat.status != BREWING:
            return stop, stop
        counts: dict[tuple[bool, int], int] = {}
        kinds = self.kinds
        for cid in bag:
            kind = kinds.get(cid)
            if kind is None:
                c = chip(cid)
                kind = kinds[cid] = (c.color == "white", c.value)
            counts[kind] = counts.get(kind, 0) + 1
        last, whites, total, safe = seat.last_space, seat.white_total, 0.0, True
        for (white, value), count in counts.items():
            space = min(placing.landing(last, value, 0) + 1, catalog.SPOON)
            burst = white and placing.explodes(whites + value, seat.threshold)
            total += count * (self.kept[space] if burst else self.track[space])
            safe = safe and not burst
        return stop, max(total / len(bag), stop + SAFE) if safe else total / len(bag)

    def draws_on(self, seat: Seat) -> bool:
        """Draw while no chip in the bag can explode the pot, then while the estimate says so."""
        if seat.threshold - seat.white_total >= brewing.HIGHEST_WHITE:
            return bool(seat.bag)  # no white chip of the box can explode it: no need to look
        stop, draw = self.values(seat)
        return draw > stop

    def best_of(self, seat: Seat) -> float:
        return max(self.values(seat))


@cache
def policy(round_no: int) -> Policy:
    return Policy(worth(round_no))


def draws_on(state: GameState, seat_no: int) -> bool:
    """The sampled seat's rule of thumb for a seat now: a stand-in where no search answers."""
    return policy(state.round).draws_on(state.seats[seat_no])


def next_brew(state: GameState, seat_no: int) -> GameState:
    """The game at the start of the seat's next potion phase as far as its own brew goes: the
    round's chips back in its bag by the engine's end of round, the rat stones as the scores
    stand now, no Fortune Teller card (the next one is not known), and the other pots as they
    are now, the best guess at what step B will compare with (black's neighbours)."""
    found = state.clone()
    found.decisions = []
    evaluation.end_round(found, [])
    found.round += 1
    found.phase = "brewing"
    brewing.start(found, [])
    brewing.lay_first(found, [])
    for n, seat in enumerate(state.seats):
        if n != seat_no:
            found.seats[n] = seat.clone()
    return found


class Brewer:
    """Samples one seat's next brew from `root` (a state at the start of a potion phase)."""

    def __init__(self, root: GameState, seat_no: int) -> None:
        self.root, self.n = root, seat_no
        self.search = Search(root, seat_no)
        self.policy = Policy(self.search.worth)

    def brew(self, seed: int, extra: Sequence[str] = (), *, removed: Sequence[str] = (), flask: bool | None = None,
             droplet: int = 0) -> Tally:
        """One brew in the draw order `seed` gives, with the chips `extra` (ids from the supply)
        added to the bag at places the same seed gives and the chips `removed` taken out of it, the
        flask full or not, the droplet moved on `droplet` spaces. The same seed gives the same
        order to every variant."""
        n, draws = self.n, Draws(seed)
        state = whatif.sandbox(self.root, n)
        seat = state.seats[n]
        order = draws.shuffled(seat.bag)
        for cid in extra:
            stock = state.supply.get(chip(cid).kind, [])
            if cid in stock:
                stock.remove(cid)
            order.insert(draws.below(len(order) + 1), cid)
        if removed:
            order = [cid for cid in order if cid not in removed]
        seat.bag = [cid for cid in seat.bag if cid not in removed] + list(extra)
        seat.droplet += droplet
        if flask is not None:
            seat.flask_full = flask
        state = self._play(state, order, draws)
        tally = self._tally(state)
        placed = {cid for cid, _ in state.seats[n].pot}
        drawn = float(bool(extra) and all(cid in placed for cid in extra))
        return Tally(tally.coins, tally.vp, tally.rubies, tally.droplet, tally.exploded, tally.spaces, drawn)

    def _play(self, state: GameState, order: list[str], draws: Draws) -> GameState:
        """Draw through the engine in `order` until the policy stops or the pot is done; chips put
        back into the bag go back into the order at random places."""
        n, seat = self.n, state.seats[self.n]
        while seat.status == BREWING:
            pending = state.blocking_decision(n)
            if brewing.looking_ahead(state, n):
                brewing.draw(state, n, self._next(seat, order), [])
            elif pending is not None:
                state = self._answer(state, pending.id, _distinct(pending.keys()))
            else:
                state = self._offers(state)
                seat = state.seats[n]
                if seat.status != BREWING:
                    break
                if not self.policy.draws_on(seat):
                    brewing.stop(state, n, [])
                    break
                brewing.draw(state, n, self._next(seat, order), [])
            seat = state.seats[n]
            self._reorder(seat, order, draws)
        return state

    def _next(self, seat: Seat, order: list[str]) -> str:
        while order[-1] not in seat.bag:  # taken out of the bag some other way
            order.pop()
        return order.pop()

    @staticmethod
    def _reorder(seat: Seat, order: list[str], draws: Draws) -> None:
        """Chips that went back into the bag join the draw order at random places."""
        if len(order) != len(seat.bag):
            known = set(order)
            for cid in seat.bag:
                if cid not in known:
                    order.insert(draws.below(len(order) + 1), cid)

    def _answer(self, state: GameState, decision: str, keys: list[str]) -> GameState:
        """A question while brewing (a crow skull's look, ...): the answer the policy values most."""
        options = [whatif.answer(state, self.n, decision, k) for k in keys]
        return max(options, key=lambda s: self.policy.best_of(s.seats[self.n]))

    def _offers(self, state: GameState) -> GameState:
        """Take each open offer that only helps (the white total no higher, the scoring space no
        lower: the mandrake), or that lets the seat draw on where it would stop (the flask). An
        offer to take back the chip just placed is only weighed where the seat would stop."""
        n = self.n
        for d in [d for d in state.decisions if d.seat == n and not d.blocking]:
            seat = state.seats[n]
            if seat.pot and d.data.get("chip") == seat.pot[-1][0] and self.policy.draws_on(seat):
                continue
            after = whatif.answer(state, n, d.id, d.keys()[0])
            s = after.seats[n]
            helps = s.white_total <= seat.white_total and s.scoring_space >= seat.scoring_space \
                and (s.white_total, s.scoring_space) != (seat.white_total, seat.scoring_space)
            if helps or (not self.policy.draws_on(seat) and self.policy.draws_on(s)):
                state = after
        return state

    def _tally(self, state: GameState) -> Tally:
        n = self.n
        if state.seats[n].status == BREWING:
            state = whatif.stop(state, n)
        state.decisions = [d for d in state.decisions if d.seat != n]
        search = self.search
        after = max(search.evaluated(state), key=lambda a: search.end_after(a, state).value)
        o = search.end_after(after, state)
        s, s0 = after.seats[n], state.seats[n]
        return Tally(o.coins, o.vp, o.rubies, s.droplet - s0.droplet, float(s.status == EXPLODED),
                     float(s.scoring_space), 0.0)
