"""DRAW or STOP proven by bounds on the value of drawing, without the exact search.

The exact value of drawing is the best any way of playing on can reach. So:

- **at least**: any way of playing on that can be played is worth no more than the best one.
  `Horizon` with `leaf=None` draws at most `depth` more chips, answers every offer and look on
  the way at best, and stops at the cut (a crow-skull look at the cut places none): if that is
  worth more than stopping now, DRAW is right.
- **at most**: `Horizon` with `leaf=ceiling` values every position at the cut by `ceiling`, a
  value no end of the round reachable from it can exceed; an exploded or full pot is valued
  exactly. If that is worth no more than stopping now, STOP is right.

Both play every draw and answer by the engine (`search.Search`), so they hold for both searches.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import product
from typing import Any

from ..engine import cards, catalog
from ..engine.context import Ctx
from ..engine.expansions.herb_witches import bowl
from ..engine.ingredients import active_rules, blue
from ..engine.ingredients._rule import INSURES, LOOKS_AHEAD, PAYS, SETS_ASIDE, TAKES_BACK, Reads
from ..engine.model import BREWING, GameState, Seat, chip
from . import whatif
from .outcome import Outcome, TooDeep
from .search import Key, Search, _key, answer, may_draw, no_collection

Leaf = Callable[[GameState], Outcome | None]

DEPTHS = (1, 2)
"""The cuts tried, shallow first: drawing once more, then twice more."""

LIMIT = 100
"""Positions and ends a bound may value (the engine plays each: about 50 µs, more for an end whose
books ask questions): a cut at two draws past a crow skull's look at four chips takes thousands,
and is given up."""

BOUNDED: frozenset[str] = frozenset({LOOKS_AHEAD, TAKES_BACK, PAYS, INSURES, SETS_ASIDE})
"""What a book's action while brewing may do (its `brews`: `on_place`, or `on_draw` and
`on_stop`) for `Ceiling` to bound it: a look places a chip of the bag, a chip taken back may be
drawn again (counted once more per mandrake), a book that pays is counted at its most for every
chip, one that insures keeps both coins and points of an explosion (the space is counted with
both anyway), a chip set aside is counted as if it moved its spaces (the search places none)."""


class Unbounded(Exception):
    """`Ceiling` cannot bound a position reached at the cut."""


class Horizon(Search):
    """The search cut after `depth` more draws by choice (chips drawn for a look do not count).

    Without `leaf` the cut stops (a way of playing: a lower bound); with it the cut is valued by
    `leaf`, which must bound from above all that can follow (an upper bound)."""

    def __init__(self, state: GameState, seat_no: int, depth: int, *, leaf: Leaf | None = None,
                 rival: int | None = None) -> None:
        super().__init__(state, seat_no, rival=rival, limit=LIMIT)
        self.left = depth
        self.leaf = leaf
        self.memo_at: dict[tuple[Key, int], Outcome] = {}
        self.spent = 0  # positions searched and ends evaluated: a book's questions can make an end cost many

    def _spend(self) -> None:
        self.spent += 1
        if self.limit is not None and self.spent > self.limit:
            raise TooDeep(f"more than {self.limit} positions")

    def value(self, state: GameState) -> Outcome:
        key = (_key(state, self.seat_no), self.left)
        found = self.memo_at.get(key)
        if found is None:
            self._spend()
            found = self.memo_at[key] = self._value(state)
        return found

    def end(self, state: GameState) -> Outcome:
        self._spend()
        return super().end(state)

    def _value(self, state: GameState) -> Outcome:
        seat = state.seats[self.seat_no]
        pending = state.blocking_decision(self.seat_no)
        if seat.status != BREWING or pending is not None and seat.hand:
            return super()._value(state)  # the round's end, or a look under way: played exactly
        if self.left:
            return self._draw_or_stop(state) if pending is None else super()._value(state)
        if self.leaf is not None:
            found = self.leaf(state)
            if found is None:
                raise Unbounded
            return found
        if pending is None or pending.rule == blue.SET_1.id:
            return self.end(state)  # stop; at a look, place none (all go back) and stop
        return super()._value(state)

    def _draw_or_stop(self, state: GameState) -> Outcome:
        """The better of stopping and drawing, one draw by choice closer to the cut."""
        stop = self.end(state)
        self.left -= 1
        try:
            drawn = self.draw(state)
        finally:
            self.left += 1
        return drawn if drawn is not None and drawn.value > stop.value else stop


def lower(state: GameState, seat_no: int, depth: int, *, rival: int | None = None) -> Outcome | None:
    """What drawing now and playing on for at most `depth` draws in all is worth, each offer and
    look answered at best (`state`: no offer open; None: the bag is empty or `LIMIT` was not
    enough)."""
    try:
        return Horizon(state, seat_no, depth - 1, rival=rival).draw(state)
    except TooDeep:
        return None


def upper(state: GameState, seat_no: int, depth: int, *, rival: int | None = None,
          ceiling: Ceiling | None = None) -> float | None:
    """A value drawing now and playing on cannot exceed: exact for `depth` draws, `ceiling` after
    them (None: the ceiling does not bound a book or card in play)."""
    ceiling = ceiling or Ceiling(state, seat_no, rival=rival)
    if ceiling.refused:
        return None
    try:
        drawn = Horizon(state, seat_no, depth - 1, leaf=ceiling, rival=rival).draw(state)
    except (Unbounded, TooDeep):
        return None
    return None if drawn is None else drawn.value


def certify(state: GameState, seat_no: int, stop: Outcome, *, rival: int | None = None) -> dict[str, Any] | None:
    """The drawing half of a proven answer (`"bound": "at_least"` or `"at_most"`, and `"draws"`:
    the cut), or None when no bound at `DEPTHS` decides. `state`: the seat may draw and has no
    offer open; `stop`: its exact value of stopping."""
    ceiling: Ceiling | None = None
    for depth in DEPTHS:
        low = lower(state, seat_no, depth, rival=rival)
        if low is not None and low.value > stop.value:
            return {**low.to_dict(), "bound": "at_least", "draws": depth}
        ceiling = ceiling or Ceiling(state, seat_no, rival=rival)
        high = upper(state, seat_no, depth, rival=rival, ceiling=ceiling)
        if high is not None and high <= stop.value:
            return {"value": round(high, 3), "bound": "at_most", "draws": depth}
    return None


def certified(state: GameState, seat_no: int, *, rival: int | None = None) -> dict[str, Any] | None:
    """The seat's answer as `advise` gives it, when a bound proves it (None: none does, or the
    seat may not draw now); `positions` is 0: no exact search ran."""
    if not may_draw(state, seat_no):
        return None
    now = whatif.ignore_offers(state, seat_no)
    stop = Search(state, seat_no, rival=rival).end(now)
    with no_collection():
        found = certify(now, seat_no, stop, rival=rival)
    if found is None:
        return None
    return answer(state, seat_no, "draw" if found["bound"] == "at_least" else "stop", stop, found, 0)


OTHER = ("white-1", "orange-1", "green-1", "blue-1", "red-1", "yellow-1", "purple-1", "black-1")


def refused(state: GameState) -> str | None:
    """Why `Ceiling` cannot bound this game (None: it can)."""
    if bowl.in_play(state.config) or state.config.expansions:
        return "the expansions are not bounded"
    card = cards.CARDS.get(state.fortune or "")
    if card and card.placed:
        return f"the {card.name} card acts while brewing"
    rules = active_rules(state.config).values()
    pays = any(r.brews == PAYS for r in rules)
    for rule in rules:
        if rule.moves or rule.acts_as or ((rule.on_draw or rule.on_stop) and rule.brews not in BOUNDED):
            return f"the {rule.id} book changes how chips are drawn or placed"
        if rule.on_place and rule.brews not in BOUNDED:
            return f"the {rule.id} book's action while brewing is not bounded"
        if (rule.extra_move or rule.on_evaluate) and rule.reads is None:
            return f"the {rule.id} book does not say what it reads"
        if rule.reads and rule.reads.spaces:
            return f"the {rule.id} book reads where its chips lie"
        if rule.reads and rule.reads.rubies and pays:
            return f"the {rule.id} book reads rubies that may be paid while brewing"
    return None


class Ceiling:
    """A value no end of the round reachable from a position can exceed, by the value model: the
    best scoring space the chips left could reach (every chip but the whites at its largest move;
    the whites as far as the threshold allows, one more to explode, and one more for each mandrake
    left), counted with its coins, its points and its ruby at once, plus the most evaluation step B
    can give, the most the blue chips left can pay while brewing, the full flask and the die.
    What the books can do is worked out once, over every pot they can read with the seat's chips
    (`_stand_ins`), by their own hooks; `refused` says why it cannot bound a game (None: it can)."""

    def __init__(self, root: GameState, seat_no: int, *, rival: int | None = None) -> None:
        self.seat_no, self.rival = seat_no, rival
        self.refused = refused(root)
        self.search = Search(root, seat_no, rival=rival)
        self.worth = self.search.worth
        self.rules = active_rules(root.config)
        if self.refused:
            return
        seat = root.seats[seat_no]
        chips = [*seat.bag, *(c for c, _ in seat.pot), *seat.aside]
        self.most_white = max((chip(c).value for c in chips if chip(c).color == "white"), default=0)
        self.moves = {k: self._move(root, seat, k) for k in {whatif.kind_of(c) for c in chips}}
        self.pays = {k: self._pays(root, k) for k in self.moves}
        self.step_b = self._step_b(root, seat)
        self.track = [s.coins * self.worth.coin + s.vp + s.ruby * self.worth.ruby for s in catalog.POT_TRACK]

    def __call__(self, state: GameState) -> Outcome | None:
        seat = state.seats[self.seat_no]
        if seat.hand or seat.first or seat.laid_out:
            return None
        w = self.worth
        left = Counter(whatif.kind_of(c) for c in [*seat.bag, *seat.aside])
        spaces = white = mandrakes = 0
        pays = 0.0
        for kind, n in left.items():
            c, rule = chip(f"{kind}-00"), self.rules.get(chip(f"{kind}-00").color)
            if c.color == "white":
                white += c.value * n
            else:
                spaces += self.moves[kind] * n
            mandrakes += n if rule and rule.brews == TAKES_BACK else 0
            pays += self.pays[kind] * n
        spaces += min(white, max(seat.threshold - seat.white_total, 0) + self.most_white) + mandrakes * self.most_white
        furthest = min(min(seat.last_space + spaces, catalog.LAST_CHIP_SPACE) + 1, catalog.SPOON)
        value = max(self.track[:furthest + 1]) + self.step_b + pays + (w.flask if seat.flask_full else 0.0)
        return Outcome(value + (w.die if self.rival is not None else 0.0), 0.0, 0.0, 0.0, 0.0)

    def _move(self, state: GameState, seat: Seat, kind: str) -> int:
        """The most a chip of this kind can move: its value, the card's extra spaces and the most its
        book adds over every pot the book can read."""
        c = chip(f"{kind}-00")
        extra: int = state.card_data.get("extra_move", {}).get(c.color, 0)
        rule = self.rules.get(c.color)
        if rule and rule.extra_move and rule.reads:
            extra += max(rule.extra_move(Seat("", 0, seat.threshold, pot=pot)) for pot in _stand_ins(seat, rule.reads))
        return c.value + extra

    def _pays(self, state: GameState, kind: str) -> float:
        """The most a chip of this kind pays as it is placed (blue sets 3 and 4), on any ruby space."""
        rule = self.rules.get(chip(f"{kind}-00").color)
        if not (rule and rule.on_place and rule.brews == PAYS):
            return 0.0
        most = 0.0
        for space in sorted({s.index for s in catalog.POT_TRACK if s.ruby}):
            trial = whatif.sandbox(state, self.seat_no)
            seat = trial.seats[self.seat_no]
            seat.lay(f"{kind}-50", space)
            score, rubies = seat.score, seat.rubies
            rule.on_place(Ctx(trial, self.seat_no, []), chip(f"{kind}-50"))
            most = max(most, seat.score - score + (seat.rubies - rubies) * self.worth.ruby)
        return most

    def _step_b(self, state: GameState, seat: Seat) -> float:
        """The most evaluation step B can give, each of its questions answered at best, over every
        pot its books can read with the seat's chips."""
        reads = [r.reads for r in self.rules.values() if r.on_evaluate and r.reads]
        if not reads:
            return 0.0
        joined = Reads(tuple(sorted({c for r in reads for c in r.counts})), max(r.tail for r in reads),
                       tuple(sorted({c for r in reads for c in r.tail_colors})))
        w, n, most = self.worth, self.seat_no, 0.0
        for pot in _stand_ins(seat, joined):
            trial = whatif.sandbox(state, n)
            s0 = trial.seats[n]
            s0.set_pot(pot)
            for after in self.search.evaluated(trial):
                s = after.seats[n]
                most = max(most, s.score - s0.score + (s.rubies - s0.rubies) * w.ruby + (s.droplet - s0.droplet) * w.droplet)
        return most


def _stand_ins(seat: Seat, reads: Reads) -> Iterator[list[tuple[str, int]]]:
    """Every pot a book reading `reads` can tell apart from here on: each colour it counts from as
    many as lie in the pot now (a chip other than a white never leaves the pot while brewing) to
    all of the seat's chips of that colour, and as its last chips one of each colour it looks for
    (each white kind the seat has, for a book that reads their values) or some other chip. More
    pots than can happen: a bound over them is a bound."""
    chips = [*seat.bag, *(c for c, _ in seat.pot), *seat.aside]
    colors = Counter(chip(c).color for c in chips)
    looked = {(whatif.kind_of(c) if chip(c).color == "white" else f"{chip(c).color}-{chip(c).value}")
              for c in chips if chip(c).color in reads.tail_colors}
    firsts = {c: 0 if c == "white" else seat.in_pot(c) for c in reads.counts}
    other = next(k for k in OTHER if chip(f"{k}-00").color not in (*reads.counts, *reads.tail_colors))
    ends = [other, *sorted({k for k in looked if chip(f"{k}-00").color == "white"}),
            *sorted({min(k for k in looked if chip(f"{k}-00").color == c) for c in reads.tail_colors
                     if c != "white" and any(chip(f"{k}-00").color == c for k in looked)})]
    for counts in product(*(range(firsts[c], colors[c] + 1) for c in reads.counts)):
        for last in product(ends, repeat=reads.tail):
            fill = [n - sum(1 for k in last if chip(f"{k}-00").color == c) for c, n in zip(reads.counts, counts, strict=True)]
            if min(fill, default=0) < 0:
                continue
            kinds = [f"{c}-1" for c, n in zip(reads.counts, fill, strict=True) for _ in range(n)] + list(last)
            yield [(f"{k}-{50 + i}", 0) for i, k in enumerate(kinds)]
