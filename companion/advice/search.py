"""The exact optimal-stopping search played through the engine, and what the answers share.

`Search` plays each draw and each answer by the engine itself (`whatif`), memoised on `_key`, so
a position reached by many draw orders is searched once; its ends are valued by the value model
(`worth.py`). `draw_or_stop.advise` uses it (or the compact search on its value model), and
`bounds` cuts it short to prove an answer.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..engine import catalog
from ..engine.context import Ctx
from ..engine.expansions.herb_witches import bowl
from ..engine.expansions.herb_witches.witches import OFFER
from ..engine.ingredients import active_rules, locoweed
from ..engine.model import BREWING, EXPLODED, GameState, Seat, chip
from ..engine.phases import brewing, evaluation
from . import whatif
from .outcome import Gains, Outcome, TooDeep, best, mix
from .whatif import kind_of
from .worth import Worth, worth

Key = tuple[Any, ...]


def _key(state: GameState, n: int) -> Key:
    """Everything the future of a seat's round depends on under the books in play: what is left
    in the bag, the position, the white total, the overflow bowl's total and the threshold, the flask,
    effects waiting for the next chip, the blue insurance window, the chips beside the pot, the pot as
    the books read it (`_pot`) and its last two chips, the hand and the open decisions. A book that
    reads more of the pot must add it to `_pot`."""
    s = state.seats[n]
    return (
        s.status, tuple(sorted(map(kind_of, s.bag))), s.last_space, s.white_total, bowl.total(s), s.threshold,
        s.flask_full, tuple(s.pending), s.insured, tuple(sorted(map(kind_of, s.aside))),
        _pot(state, s), tuple(kind_of(c) for c, _ in s.pot[-2:]), tuple(sorted(map(kind_of, s.hand))),
        tuple((d.rule, d.blocking, d.data.get("reveal", 0)) for d in state.decisions if d.seat == n),
    )


def _pot(state: GameState, s: Seat) -> Key:
    """The colours in the pot (red, purple and black count them; with the bag they also fix the
    values green set 3 adds up and purple set 4 upgrades), for purple set 3, which pays by
    each purple chip's space, the purple chips' spaces, and for locoweed set 6 the chip it copies."""
    found: Key = tuple(sorted(chip(c).color for c, _ in s.pot))
    if state.config.books.get("purple") == 3:
        found += tuple(space for c, space in s.pot if chip(c).color == "purple")
    if state.config.book("locoweed") == 6:
        model = locoweed.copied(s)
        found += (model.kind if model else None,)
    return found


class Search:
    """One seat's search; its memo lives as long as the object (one answer: a cold search)."""

    def __init__(self, state: GameState, seat_no: int, *, rival: int | None = None,
                 limit: int | None = None) -> None:
        self.seat_no = seat_no
        self.worth: Worth = worth(state.round)
        self.rival = rival  # the furthest scoring space of another unexploded pot, for the die
        self.limit = limit
        self.memo: dict[Key, Outcome] = {}

    # the ends of a round ---------------------------------------------------------------------

    def end(self, state: GameState) -> Outcome:
        """The round ends here for this seat (stopped, exploded or full): evaluate it. Chips set
        aside that must be placed this round (red set 6) are placed first, through the engine's
        stop: a white one may still explode the pot."""
        seat = state.seats[self.seat_no]
        if seat.status == BREWING and seat.aside and not brewing.aside_returns(state):
            stopped = whatif.stop(state, self.seat_no)
            return best([self.end(s) for s in self.answered(stopped, {d.id for d in state.decisions})])
        return best([self.end_after(after, state) for after in self.evaluated(state)])

    def evaluated(self, state: GameState) -> list[GameState]:
        """The seat after evaluation step B, played by the books' own hooks: one state per way of
        answering the questions the chip actions ask (purple's tiers, green set 2's chip for each
        green chip, ...), one after another."""
        n = self.seat_no
        after = whatif.sandbox(state, n)
        ctx = Ctx(after, n, [])
        rules = active_rules(after.config)
        for color in evaluation.EVALUATION_ORDER:
            rule = rules.get(color)
            if rule and rule.on_evaluate:
                rule.on_evaluate(ctx)
        return self.answered(after, {d.id for d in state.decisions})

    def answered(self, after: GameState, known: set[str]) -> list[GameState]:
        n = self.seat_no
        d = next((d for d in after.decisions if d.seat == n and d.id not in known), None)
        if d is None:
            return [after]
        return [s for k in d.keys() for s in self.answered(whatif.answer(after, n, d.id, k), known)]

    def end_after(self, after: GameState, before: GameState) -> Outcome:
        s, s0 = after.seats[self.seat_no], before.seats[self.seat_no]
        return self.score(s.scoring_space, s.status == EXPLODED,
                          Gains(s.score - s0.score, s.rubies - s0.rubies, s.droplet - s0.droplet), s.flask_full,
                          insured=s.insured_explosion, bowl_vp=bowl.points(s))

    def score(self, scoring_space: int, exploded: bool, gains: Gains, flask_full: bool, *,
              insured: bool = False, bowl_vp: int = 0) -> Outcome:
        """What a round's end is worth: the scoring space (an exploded pot takes its coins or its
        points, whichever is worth more, or both within a blue set 2 window; the overflow bowl's
        points come with the space's), step B's gains, the space's ruby, the flask and the die
        (never for an exploded pot)."""
        w = self.worth
        space = catalog.POT_TRACK[scoring_space]
        vp_b, rubies = gains.vp, gains.rubies + space.ruby
        rest = rubies * w.ruby + gains.droplet * w.droplet + (w.flask if flask_full else 0.0)
        if exploded and not insured:
            coins_worth = space.coins * w.coin
            if coins_worth > space.vp + bowl_vp:
                return Outcome(coins_worth + vp_b + rest, space.coins, vp_b, rubies, 1.0)
            return Outcome(space.vp + bowl_vp + vp_b + rest, 0, space.vp + bowl_vp + vp_b, rubies, 1.0)
        die = w.die if not exploded and self.rival is not None and scoring_space >= self.rival else 0.0
        vp = space.vp + bowl_vp + vp_b
        return Outcome(space.coins * w.coin + vp + rest + die, space.coins, vp, rubies, float(exploded))

    # the search ------------------------------------------------------------------------------

    def value(self, state: GameState) -> Outcome:
        """The best expected outcome from here, offers already answered."""
        key = _key(state, self.seat_no)
        found = self.memo.get(key)
        if found is None:
            if self.limit is not None and len(self.memo) >= self.limit:
                raise TooDeep(f"more than {self.limit} positions")
            found = self.memo[key] = self._value(state)
        return found

    def _value(self, state: GameState) -> Outcome:
        n = self.seat_no
        seat = state.seats[n]
        if seat.status != BREWING:
            return self.end(state)
        pending = state.blocking_decision(n)
        if pending and len(seat.hand) >= pending.data.get("reveal", 0):
            return best([self.settle(whatif.answer(state, n, pending.id, k)) for k in _distinct(pending.keys())])
        drawn = self.draw(state)
        if pending or drawn is None:
            return drawn or self.end(state)
        stop = self.end(state)
        return drawn if drawn.value > stop.value else stop

    def draw(self, state: GameState) -> Outcome | None:
        """Expected outcome of drawing one more chip and then playing on at best."""
        bag = state.seats[self.seat_no].bag
        if not bag:
            return None
        counts = Counter(map(kind_of, bag))
        return mix([(counts[kind] / len(bag), self.placed(state, whatif.draw(state, self.seat_no, cid)[0]))
                     for kind, cid in whatif.kinds_in_bag(state, self.seat_no).items()])

    def placed(self, before: GameState, after: GameState) -> Outcome:
        """Playing on after a draw, plus what the chip paid at once (blue sets 3 and 4 on a ruby
        space): the memo holds values from a position on, so a payout on the way is added here."""
        found = self.settle(after)
        s, s0 = after.seats[self.seat_no], before.seats[self.seat_no]
        vp, rubies = s.score - s0.score, s.rubies - s0.rubies
        if not (vp or rubies):
            return found
        return Outcome(found.value + vp + rubies * self.worth.ruby, found.coins, found.vp + vp,
                       found.rubies + rubies, found.explode)

    def settle(self, state: GameState) -> Outcome:
        """Answer the seat's open offers at best: take one of them, or let them all lapse. A
        witch's offer lapses: her penny's worth is not in the value model."""
        offers = [d for d in state.decisions if d.seat == self.seat_no and not d.blocking and d.kind != OFFER]
        if not offers:
            return self.value(state)
        options = [self.value(whatif.ignore_offers(state, self.seat_no))]
        options += [self.settle(whatif.answer(state, self.seat_no, d.id, k)) for d in offers for k in d.keys()]
        return best(options)


def _distinct(keys: list[str]) -> list[str]:
    """One option per kind of chip: two chips of a kind are the same choice."""
    seen: dict[str, str] = {}
    for k in keys:
        seen.setdefault(kind_of(k) if k.count("-") == 2 else k, k)
    return list(seen.values())


@contextmanager
def no_collection() -> Iterator[None]:
    """The searches make no cycles: a garbage collection in their middle would only cost time."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def may_draw(state: GameState, seat_no: int) -> bool:
    """Whether the seat may draw now, so that DRAW/STOP is a question for it."""
    return state.phase == "brewing" and state.seats[seat_no].status == BREWING and not state.blocking_decision(seat_no)


def answer(state: GameState, seat_no: int, advice: str, stop: Outcome, draw: dict[str, Any] | None,
           positions: int) -> dict[str, Any]:
    """An answer as `advise` gives it: `draw` holds the exact value of drawing, or the bound that
    proved the answer (`"bound"`)."""
    return {"seat": seat_no, "advice": advice, "round": state.round, "stop": stop.to_dict(), "draw": draw,
            "positions": positions}
