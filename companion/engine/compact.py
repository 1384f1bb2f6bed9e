"""The advice's fast path: the same exact search on a compact position instead of a game state.

A position is what the rest of a seat's round depends on when every book in play declares what
its hooks read (`IngredientRule.reads`): the count of each kind left in the bag, the last space,
the flask, and of the last two chips only what the books look for (the third-last is carried
along, not keyed: a chip put back uncovers it). The white total and the colours counted in the pot follow from the bag. A chip is
laid by the engine's own rules (`placing.landing`, `placing.explodes`, a book's `extra_move` hook
on a stand-in seat), and evaluation step B by the books' own hooks on a stand-in pot, once for each
combination of what they read. The decisions of brewing are modelled by what they do: the flask
and the mandrake put a white back into the bag, the crow skull looks at chips and places one of
them or none. A game with a book this does not model is left to `advice.Search` (`unmodelled`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import comb
from typing import TYPE_CHECKING, Any

from . import bowl, catalog, placing, whatif
from .ingredients import active_rules, blue, yellow
from .ingredients._rule import IngredientRule, Reads
from .model import GameState, Seat, chip
from .outcome import Gains, Outcome, TooDeep
from .whatif import kind_of

if TYPE_CHECKING:
    from .advice import Search

MANDRAKE, CROW_SKULL = "mandrake", "crow skull"
ON_PLACE: dict[str, str] = {"yellow/1": MANDRAKE, "blue/1": CROW_SKULL}
"""The books whose `on_place` decisions this search models, and what they do."""

Tail = tuple[int | None, int | None, int | None]  # kinds of the last three chips (None: none or not known)


def unmodelled(state: GameState, seat_no: int) -> str | None:
    """Why the compact search cannot answer here (None: it can)."""
    if bowl.in_play(state.config):
        return "the overflow bowl is not modelled"
    for rule in active_rules(state.config).values():
        if rule.reads is None:
            return f"the {rule.id} book does not say what it reads"
        if rule.reads.tail > 2:
            return f"the {rule.id} book reads more than the last two chips"
        if rule.on_place and rule.id not in ON_PLACE:
            return f"the {rule.id} book's action while brewing is not modelled"
    if state.seats[seat_no].hand or state.decisions_for(seat_no):
        return "a decision is open"
    return None


def _union(reads: Iterable[Reads]) -> Reads:
    found = list(reads)
    return Reads(tuple(sorted({c for r in found for c in r.counts})), max((r.tail for r in found), default=0),
                 tuple(sorted({c for r in found for c in r.tail_colors})))


class Compact:
    """One cold answer's search for one seat of `root`; `search` supplies the value model."""

    def __init__(self, search: Search, root: GameState) -> None:
        n = search.seat_no
        reason = unmodelled(root, n)
        if reason:
            raise ValueError(f"the compact search cannot answer: {reason}")
        self.search, self.root, self.limit = search, root, search.limit
        seat = root.seats[n]
        self.threshold = seat.threshold
        names = list(dict.fromkeys([kind_of(c) for c in seat.bag] + [kind_of(c) for c, _ in seat.pot]))
        self.names = names
        chips = [chip(f"{k}-00") for k in names]
        self.color = [c.color for c in chips]
        self.value_of = [c.value for c in chips]
        self.white = [c.color == "white" for c in chips]
        rules = active_rules(root.config)
        self.rule: list[IngredientRule | None] = [rules.get(c.color) for c in chips]
        self.moves = [bool(r and r.extra_move) for r in self.rule]
        self.acts = [ON_PLACE.get(r.id) if r and r.on_place else None for r in self.rule]
        self.card_extra = [root.card_data.get("extra_move", {}).get(c.color, 0) for c in chips]
        self.base = tuple(sum(1 for c in seat.bag if kind_of(c) == k) for k in names)
        in_pot = [chip(c).color for c, _ in seat.pot]
        self.mandrakes = [i for i, a in enumerate(self.acts) if a == MANDRAKE]
        self.extra_reads = _union(r.reads for r in rules.values() if r.extra_move and r.reads)
        self.eval_reads = _union(r.reads for r in rules.values() if r.on_evaluate and r.reads)
        self.counted = {c: (in_pot.count(c), [i for i, x in enumerate(self.color) if x == c])
                        for c in (*self.extra_reads.counts, *self.eval_reads.counts)}
        self.eval_counted = any(self.counted[c][1] for c in self.eval_reads.counts)
        tail_colors = set(self.extra_reads.tail_colors) | set(self.eval_reads.tail_colors)
        # What a chip in the tail is, for the memo: its kind if a mandrake could still put it back,
        # its colour if a book looks for that colour there, else nothing.
        self.sig_plain = [c if c in tail_colors else "" for c in self.color]
        self.sig_white = [names[i] if self.white[i] else s for i, s in enumerate(self.sig_plain)]
        pot_kinds: list[int | None] = [None, None, None]
        pot_kinds += [names.index(kind_of(c)) for c, _ in seat.pot[-3:]]
        self.tail0: Tail = (pot_kinds[-3], pot_kinds[-2], pot_kinds[-1])
        self.memo: dict[Any, Outcome] = {}
        self.looks: dict[Any, Outcome] = {}
        self.ends: dict[Any, Outcome] = {}
        self.gains: dict[Any, list[Gains]] = {}
        self.extras: dict[Any, int] = {}

    # the round's end ---------------------------------------------------------------------------

    def _features(self, reads: Reads, bag: tuple[int, ...], tail: Tail, sig: Callable[[int], str]) -> tuple[Any, ...]:
        counts = []
        for c in reads.counts:
            fixed, kinds = self.counted[c]
            counts.append(fixed + sum(self.base[i] - bag[i] for i in kinds))
        return tuple(counts), tuple(None if t is None else sig(t) for t in tail[3 - reads.tail:]) if reads.tail else ()

    def eval_counts(self, bag: tuple[int, ...]) -> tuple[int, ...]:
        """The chips step B counts in the pot, by colour."""
        base, counted = self.base, self.counted
        return tuple(counted[c][0] + sum(base[i] - bag[i] for i in counted[c][1]) for c in self.eval_reads.counts)

    def _stand_in(self, reads: Reads, features: tuple[Any, ...], tail: Tail) -> list[tuple[str, int]]:
        """A pot with exactly these features: the counted chips, then the last chips."""
        last = [t for t in tail[3 - reads.tail:] if t is not None] if reads.tail else []
        kinds: list[str] = []
        for c, n in zip(reads.counts, features[0], strict=True):
            kinds += [f"{c}-1"] * (n - sum(1 for t in last if self.color[t] == c))
        kinds += [self.names[t] for t in last]
        return [(f"{k}-{50 + i}", 0) for i, k in enumerate(kinds)]

    def end(self, last: int, exploded: bool, flask: bool, bag: tuple[int, ...], tail: Tail) -> Outcome:
        """The round ends with the last chip on `last`: the value model's worth of it."""
        sig = self.sig_plain
        counts = self.eval_counts(bag) if self.eval_counted else ()
        ends = (None if tail[1] is None else sig[tail[1]], None if tail[2] is None else sig[tail[2]])
        key = (last, exploded, flask, counts, ends)
        found = self.ends.get(key)
        if found is None:
            reads = self.eval_reads
            features = self._features(reads, bag, tail, sig.__getitem__)
            gains = self.gains.get(features)
            if gains is None:
                gains = self.gains[features] = self._evaluate(self._stand_in(reads, features, tail))
            scoring = min(last + 1, catalog.SPOON)
            outcomes = [self.search.score(scoring, exploded, g, flask) for g in gains]
            found = self.ends[key] = max(outcomes, key=lambda o: o.value)
        return found

    def _evaluate(self, pot: list[tuple[str, int]]) -> list[Gains]:
        """Step B on the seat with this pot, by the books' own hooks (one per answer of a choice)."""
        n = self.search.seat_no
        state = whatif.sandbox(self.root, n)
        s0 = state.seats[n]
        s0.pot = pot
        return [Gains(s.score - s0.score, s.rubies - s0.rubies, s.droplet - s0.droplet)
                for s in (after.seats[n] for after in self.search.evaluated(state))]

    def _extra(self, k: int, bag: tuple[int, ...], tail: Tail) -> int:
        """A book's extra spaces for chip kind `k` (out of `bag`, not in the pot yet), by its own hook."""
        rule = self.rule[k]
        assert rule is not None and rule.extra_move is not None
        reads = self.extra_reads
        features = self._features(reads, bag[:k] + (bag[k] + 1,) + bag[k + 1:], tail, self.sig_plain.__getitem__)
        key = (rule.id, features)
        found = self.extras.get(key)
        if found is None:
            stand_in = Seat("", 0, self.threshold, pot=self._stand_in(reads, features, tail))
            found = self.extras[key] = rule.extra_move(stand_in)
        return found

    def positions(self) -> int:
        """Positions searched so far (a crow skull's look counts as one)."""
        return len(self.memo) + len(self.looks)

    # the search --------------------------------------------------------------------------------

    def draw(self) -> Outcome | None:
        """Drawing from the root and playing on at best (None: the bag is empty)."""
        seat = self.root.seats[self.search.seat_no]
        if not seat.bag:
            return None
        return self._draw(self.base, len(seat.bag), seat.last_space, seat.white_total, seat.flask_full, self.tail0)

    def _draw(self, bag: tuple[int, ...], left: int, last: int, whites: int, flask: bool, tail: Tail) -> Outcome:
        value = coins = vp = rubies = explode = 0.0
        for k, count in enumerate(bag):
            if count:
                o = self.place(k, bag[:k] + (count - 1,) + bag[k + 1:], left - 1, last, whites, flask, tail)
                p = count / left
                value += p * o.value
                coins += p * o.coins
                vp += p * o.vp
                rubies += p * o.rubies
                explode += p * o.explode
        return Outcome(value, coins, vp, rubies, explode)

    def value(self, bag: tuple[int, ...], left: int, last: int, whites: int, flask: bool, tail: Tail) -> Outcome:
        """The best expected outcome from here, no offer open: stop, or draw and play on at best.
        The memo keeps of the last two chips only what the books read (see `_tail_key`)."""
        sig = self.sig_white if self.mandrakes and any(bag[i] for i in self.mandrakes) else self.sig_plain
        key = (bag, last, flask, None if tail[1] is None else sig[tail[1]], None if tail[2] is None else sig[tail[2]])
        found = self.memo.get(key)
        if found is None:
            if self.limit is not None and len(self.memo) + len(self.looks) >= self.limit:
                raise TooDeep(f"more than {self.limit} positions")
            drawn = self._draw(bag, left, last, whites, flask, tail)
            stop = self.end(last, False, flask, bag, tail)
            found = self.memo[key] = drawn if drawn.value > stop.value else stop
        return found

    def _tail_key(self, bag: tuple[int, ...], tail: Tail) -> tuple[str | None, str | None]:
        """What the memo keeps of the last two chips (a chip put back uncovers the one before)."""
        sig = self.sig_white if self.mandrakes and any(bag[i] for i in self.mandrakes) else self.sig_plain
        return None if tail[1] is None else sig[tail[1]], None if tail[2] is None else sig[tail[2]]

    def _look(self, bag: tuple[int, ...], left: int, reveal: int, last: int, whites: int, flask: bool,
              tail: Tail) -> Outcome:
        """A crow skull looks at `reveal` chips, then places one of them or puts them all back.

        Whatever else was seen goes back, so placing kind k leads to the same position whichever
        chips came with it: the seat places the best kind it saw, and the chance that the best of
        the kinds ranked above some line is missing from the hand is hypergeometric."""
        key = (bag, last, flask, *self._tail_key(bag, tail), reveal)
        found = self.looks.get(key)
        if found is not None:
            return found
        none = self.value(bag, left, last, whites, flask, tail)
        options = sorted(((self.place(k, bag[:k] + (count - 1,) + bag[k + 1:], left - 1, last, whites, flask, tail), k)
                          for k, count in enumerate(bag) if count), key=lambda o: -o[0].value)
        total = comb(left, reveal)
        value = coins = vp = rubies = explode = 0.0
        missing, unseen = 0, 1.0  # chips of the kinds ranked so far; chance that none of them was seen
        for o, k in options:
            if o.value < none.value:
                break
            missing += bag[k]
            now = comb(left - missing, reveal) / total
            p = unseen - now
            value += p * o.value
            coins += p * o.coins
            vp += p * o.vp
            rubies += p * o.rubies
            explode += p * o.explode
            unseen = now
        o = none
        found = self.looks[key] = Outcome(value + unseen * o.value, coins + unseen * o.coins, vp + unseen * o.vp,
                                          rubies + unseen * o.rubies, explode + unseen * o.explode)
        return found

    def place(self, k: int, bag: tuple[int, ...], left: int, last: int, whites: int, flask: bool,
              tail: Tail) -> Outcome:
        """Chip kind `k` (out of `bag` already) is laid; its offers are answered at best."""
        value = self.value_of[k]
        extra = self.card_extra[k] + (self._extra(k, bag, tail) if self.moves[k] else 0)
        space = placing.landing(last, value, extra)
        after: Tail = (tail[1], tail[2], k)
        offers_flask = False
        if self.white[k]:
            whites += value
            if placing.explodes(whites, self.threshold):
                return self.end(space, True, flask, bag, after)
            offers_flask = placing.offers_flask(space, flask)
        if placing.fills_pot(space):
            return self.end(space, False, flask, bag, after)
        act, back = self.acts[k], None
        if act == CROW_SKULL and left:
            reveal = blue.reveal_count(value, left)
            if reveal:
                return self._look(bag, left, reveal, space, whites, flask, after)
        elif act == MANDRAKE and tail[2] is not None and yellow.takes_back(self.color[tail[2]]):
            back = tail[2]
        if not left:  # the bag is empty: the seat stops, its offers lapse
            return self.end(space, False, flask, bag, after)
        best = self.value(bag, left, space, whites, flask, after)
        if offers_flask:  # the flask puts this white back: the pot is as it was before it
            used = self.value(bag[:k] + (bag[k] + 1,) + bag[k + 1:], left + 1, last, whites - value, False, tail)
            best = used if used.value > best.value else best
        if back is not None:  # the mandrake puts the white before it back; the yellow chip stays
            returned = self.value(bag[:back] + (bag[back] + 1,) + bag[back + 1:], left + 1, space,
                                  whites - self.value_of[back], flask, (None, tail[1], k))
            best = returned if returned.value > best.value else best
        return best
