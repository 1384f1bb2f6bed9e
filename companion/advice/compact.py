"""The advice's fast path: the same exact search on a compact position instead of a game state.

A position is what the rest of a seat's round depends on when every book in play declares what
its hooks read (`IngredientRule.reads`): the count of each kind left in the bag, the last space,
the flask, and of the last two chips only what the books look for (the third-last is carried
along, not keyed: a chip put back uncovers it); the bag is an int and so is the key. The white
total and the colours counted in the pot follow from the bag. A chip is laid by the engine's
own rules (`placing`, a book's `extra_move` hook on a stand-in seat), and evaluation step B by the
books' own hooks on a stand-in pot, once for each combination of what they read. What a book
does while brewing is modelled by what its record says it does (`IngredientRule.brews`): the
flask and a book that takes back put a chip back into the bag, a book that looks ahead places
one of the chips it saw or none, a book that pays or raises the limit does it by its own hook. A
game with anything this does not model is left to `search.Search` (`unmodelled`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any

from ..engine import cards, catalog
from ..engine.context import Ctx
from ..engine.expansions.herb_witches import bowl
from ..engine.ingredients import active_rules, blue
from ..engine.ingredients._rule import LOOKS_AHEAD, PAYS, RAISES_LIMIT, TAKES_BACK, IngredientRule, Reads
from ..engine.model import GameConfig, GameState, Seat, chip
from ..engine.phases import placing
from . import whatif
from .outcome import Gains, Outcome, TooDeep
from .whatif import kind_of

if TYPE_CHECKING:
    from .search import Search

MODELLED: frozenset[str] = frozenset({TAKES_BACK, LOOKS_AHEAD, PAYS, RAISES_LIMIT})
"""What a book's action while brewing may do (its `brews`) for this search to model it: put the
chip before it back (the mandrake), look ahead (the crow skull), pay by the chip's kind and space
alone (blue sets 3 and 4, by the book's own hook), raise the threshold by the chips it counts
(yellow set 3, by the book's own hook on a stand-in pot)."""

Tail = tuple[int, int, int]  # kinds of the last three chips (NONE_KIND: none or not known)


def unmodelled(state: GameState, seat_no: int) -> str | None:
    """Why the compact search cannot answer here (None: it can)."""
    if bowl.in_play(state.config):
        return "the overflow bowl is not modelled"
    if state.config.expansions:
        return "the expansions are not modelled"
    rules = active_rules(state.config).values()
    for rule in rules:
        if rule.reads is None:
            return f"the {rule.id} book does not say what it reads"
        if rule.reads.tail > 2:
            return f"the {rule.id} book reads more than the last two chips"
        if rule.reads.spaces:
            return f"the {rule.id} book reads where its chips lie"
        if rule.on_place and rule.brews not in MODELLED:
            return f"the {rule.id} book's action while brewing is not modelled"
        if rule.moves or rule.on_draw or rule.on_stop:
            return f"the {rule.id} book changes how chips are drawn or placed"
        if rule.reads.rubies and any(r.brews == PAYS for r in rules):
            return f"the {rule.id} book reads rubies that may be paid while brewing"
    card = cards.CARDS.get(state.fortune or "")
    if card and card.placed:
        return f"the {card.name} card acts while brewing"
    if state.seats[seat_no].hand or state.decisions_for(seat_no):
        return "a decision is open"
    return None


@lru_cache(maxsize=64)
def step_b_reads(config: GameConfig) -> Reads:
    """All that evaluation step B's hooks read of a pot (black reads the neighbours' pots too).
    Kept per game setup: the advice's key asks it for every seat's view after every input."""
    return _union(r.reads for r in active_rules(config).values() if r.on_evaluate and r.reads)


def _union(reads: Iterable[Reads]) -> Reads:
    found = list(reads)
    return Reads(tuple(sorted({c for r in found for c in r.counts})), max((r.tail for r in found), default=0),
                 tuple(sorted({c for r in found for c in r.tail_colors})))


Value = tuple[float, float, float, float, float]  # an Outcome's fields, as the search passes them around
LOOKS = 8
"""More than the most chips a crow skull looks at (blue 4): a look's key is its position's times this, plus the chips."""
NONE_KIND = -1  # a tail entry for "no chip" or "not known"; the per-kind tables end with its entry


class Compact:
    """One cold answer's search for one seat of `root`; `search` supplies the value model.

    A bag is an int: the count of kind k times `stride[k]`, summed (drawing a chip of kind k
    subtracts its stride), so a position's key is one int and the search's inner loop builds no
    tuples. Values are `Value` tuples until `draw` hands back an `Outcome`."""

    def __init__(self, search: Search, root: GameState) -> None:
        n = search.seat_no
        reason = unmodelled(root, n)
        if reason:
            raise ValueError(f"the compact search cannot answer: {reason}")
        self.search, self.root, self.limit = search, root, search.limit
        seat = root.seats[n]
        self.threshold = seat.threshold
        rules = active_rules(root.config)
        self._kinds(root, seat, rules)
        self._reads(seat, rules)
        self._tables(seat)
        self.memo: dict[int, Value] = {}
        self.placed: dict[int, list[tuple[int, Value]]] = {}  # per position a crow skull looks from, each kind's placing
        self.ranked: dict[int, list[tuple[int, Value]]] = {}  # the same, best first (once per position)
        self.looks: dict[int, Value] = {}  # key * LOOKS + chips seen
        self.ends: dict[int, Value] = {}
        # A position's draw, kept for those that differ from it only in the chip before the last,
        # when drawing does not read that chip (`_solve`): by the key with that chip left out.
        self.shared: dict[int, tuple[Value, list[tuple[int, Value]]]] = {}
        self.ended: dict[int, Value] = {}  # the ends met by drawing, by the key of the position they end in
        self.gains: dict[Any, list[Gains]] = {}
        self.pays: dict[tuple[int, int], tuple[int, int]] = {}
        self.extras: dict[int, int] = {}

    def _kinds(self, root: GameState, seat: Seat, rules: dict[str, IngredientRule]) -> None:
        """The seat's chip kinds (in its bag and pot), what each is and does, and the bag as an int."""
        names = list(dict.fromkeys([kind_of(c) for c in seat.bag] + [kind_of(c) for c, _ in seat.pot]))
        self.names = names
        chips = [chip(f"{k}-00") for k in names]
        self.color = [c.color for c in chips]
        self.value_of = [c.value for c in chips]
        self.white = [c.color == "white" for c in chips]
        self.rule: list[IngredientRule | None] = [rules.get(c.color) for c in chips]
        self.moves = [bool(r and r.extra_move) for r in self.rule]
        self.takes_back = [r.reads.tail_colors if r and r.reads else () for r in self.rule]  # a mandrake's white
        self.acts = [r.brews if r and r.on_place else None for r in self.rule]
        self.card_extra = [root.card_data.get("extra_move", {}).get(c.color, 0) for c in chips]
        base = [sum(1 for c in seat.bag if kind_of(c) == k) for k in names]
        self.base = tuple(base)
        # A kind's count never exceeds its chips in the bag and the pot (a mandrake may put back
        # a chip that was in the pot before the search began).
        self.radix = [b + sum(1 for c, _ in seat.pot if kind_of(c) == k) + 1 for b, k in zip(base, names, strict=True)]
        self.stride = [1] * len(names)
        for k in range(1, len(names)):
            self.stride[k] = self.stride[k - 1] * self.radix[k - 1]
        self.kinds = list(range(len(names)))
        self.mandrakes = [i for i, a in enumerate(self.acts) if a == TAKES_BACK]
        # Kinds that `_draw` places itself: no extra spaces, no action.
        self.plain = [not (self.moves[k] or self.acts[k]) for k in self.kinds]

    def _reads(self, seat: Seat, rules: dict[str, IngredientRule]) -> None:
        """What the books read, as digits of the bag and codes of the chips in the tail."""
        in_pot = [chip(c).color for c, _ in seat.pot]
        self.extra_reads = _union(r.reads for r in rules.values() if r.extra_move and r.reads)
        self.eval_reads = step_b_reads(self.root.config)
        self.raisers = [r for r in rules.values() if r.brews == RAISES_LIMIT]
        self.raise_reads = _union(r.reads for r in self.raisers if r.reads)
        self.counted = {c: (in_pot.count(c), [i for i, x in enumerate(self.color) if x == c])
                        for c in (*self.extra_reads.counts, *self.eval_reads.counts, *self.raise_reads.counts)}
        self.extra_digits = [(self.stride[k], self.radix[k]) for c in self.extra_reads.counts
                             for k in self.counted[c][1]]
        self.eval_digits = [(self.stride[k], self.radix[k]) for c in self.eval_reads.counts for k in self.counted[c][1]]
        self.raise_digits = [(self.stride[k], self.radix[k]) for k, c in enumerate(self.color)
                             if c in self.raise_reads.counts]
        tail_colors = set(self.extra_reads.tail_colors) | set(self.eval_reads.tail_colors)
        # What a chip in the tail is, for the memo: its kind if a mandrake could still put it back,
        # its colour if a book looks for that colour there, else nothing (as small ints, 0: nothing).
        plain = [c if c in tail_colors else "" for c in self.color]
        if "white" in self.extra_reads.tail_colors:  # a chip's extra spaces by the white before it (red set 3)
            plain = [self.names[i] if self.white[i] else s for i, s in enumerate(plain)]
        with_white = [self.names[i] if self.white[i] else s for i, s in enumerate(plain)]
        codes = {s: i for i, s in enumerate(dict.fromkeys(["", *plain, *with_white]))}
        self.sig_size = len(codes)
        self.sig_plain = [codes[s] for s in plain] + [0]
        self.sig_white = [codes[s] for s in with_white] + [0]

    def _tables(self, seat: Seat) -> None:
        """The placing rules as tables, looked up in the inner loop: where kind k lands from each
        space (without a book's extra spaces), whether a space fills the pot, whether the flask is
        offered there, whether a white total explodes the pot; and the tail the search starts from."""
        self.spaces = catalog.SPOON + 1
        self.lands = [[placing.landing(last, v, e) for last in range(self.spaces)]
                      for v, e in zip(self.value_of, self.card_extra, strict=True)]
        self.fills = [placing.fills_pot(space) for space in range(self.spaces)]
        self.offers = [(placing.offers_flask(space, False), placing.offers_flask(space, True))
                       for space in range(self.spaces)]
        self.whites_most = sum(self.value_of[k] * (r - 1) for k, r in enumerate(self.radix) if self.white[k]) \
            + seat.white_total
        self.bursts = self._bursts_under(self.threshold)
        self.bursts_at: dict[int, list[bool]] = {}
        # What the draw loop needs of each kind: kind, stride, radix, plain, its value if white (else
        # 0), where it lands from each space.
        # The chips a kind's crow skull looks at (0: it is not one, nor is "no chip"), when nothing
        # but the look happens as it is placed.
        self.looks_at = [self.value_of[k] if self.acts[k] == LOOKS_AHEAD and not self.moves[k] else 0
                         for k in self.kinds] + [0]
        # Whether drawing reads the chip before the last but for the flask's option (see `_solve`):
        # a book's extra spaces by the last two chips, or a white the draw loop does not place itself.
        self.reads_before = self.extra_reads.tail >= 2 or any(self.white[k] and not self.plain[k] for k in self.kinds)
        self.keep_placed = LOOKS_AHEAD in self.acts  # each position's placings, for the looks
        self.rows = [(k, self.stride[k], self.radix[k], self.plain[k], self.value_of[k] if self.white[k] else 0,
                      self.lands[k]) for k in self.kinds]
        pot_kinds = [NONE_KIND] * 3 + [self.names.index(kind_of(c)) for c, _ in seat.pot[-3:]]
        self.tail0: Tail = (pot_kinds[-3], pot_kinds[-2], pot_kinds[-1])

    def _bursts_under(self, threshold: int) -> list[bool]:
        """For each white total, whether it explodes the pot under this threshold."""
        return [placing.explodes(w, threshold) for w in range(self.whites_most + 1)]

    def bursting(self, bag: int) -> list[bool]:
        """The white totals that explode the pot with the chips out of `bag`: the threshold a book
        raises (yellow set 3) follows from the chips it counts, by its own hook on a stand-in pot."""
        if not self.raise_digits:
            return self.bursts
        code = 0
        for s, r in self.raise_digits:
            code = code * r + bag // s % r
        found = self.bursts_at.get(code)
        if found is None:
            n = self.search.seat_no
            state = whatif.sandbox(self.root, n)
            seat = state.seats[n]
            features = self._features(self.raise_reads, self.counts(bag), self.tail0, self.sig_plain.__getitem__)
            seat.set_pot(self._stand_in(Reads(self.raise_reads.counts), features, self.tail0))
            for rule in self.raisers:
                assert rule.on_place is not None
                rule.on_place(Ctx(state, n, []), chip(f"{rule.color}-1-50"))
            found = self.bursts_at[code] = self._bursts_under(seat.threshold)
        return found

    def counts(self, bag: int) -> list[int]:
        """The count of each kind in `bag`."""
        return [bag // s % r for s, r in zip(self.stride, self.radix, strict=True)]

    # the round's end ---------------------------------------------------------------------------

    def _features(self, reads: Reads, bag: list[int], tail: Tail, sig: Callable[[int], int]) -> tuple[Any, ...]:
        counts = []
        for c in reads.counts:
            fixed, kinds = self.counted[c]
            counts.append(fixed + sum(self.base[i] - bag[i] for i in kinds))
        return tuple(counts), tuple(None if t < 0 else sig(t) for t in tail[3 - reads.tail:]) if reads.tail else ()

    def _stand_in(self, reads: Reads, features: tuple[Any, ...], tail: Tail) -> list[tuple[str, int]]:
        """A pot with exactly these features: the counted chips, then the last chips."""
        last = [t for t in tail[3 - reads.tail:] if t >= 0] if reads.tail else []
        kinds: list[str] = []
        for c, n in zip(reads.counts, features[0], strict=True):
            kinds += [f"{c}-1"] * (n - sum(1 for t in last if self.color[t] == c))
        kinds += [self.names[t] for t in last]
        return [(f"{k}-{50 + i}", 0) for i, k in enumerate(kinds)]

    def end(self, last: int, exploded: bool, flask: bool, bag: int, tail: Tail) -> Value:
        """The round ends with the last chip on `last`: the value model's worth of it."""
        sig, size = self.sig_plain, self.sig_size
        key = (((last * 2 + exploded) * 2 + flask) * size + sig[tail[1]]) * size + sig[tail[2]]
        for s, r in self.eval_digits:  # the counts step B reads
            key = key * r + bag // s % r
        found = self.ends.get(key)
        if found is None:
            reads = self.eval_reads
            features = self._features(reads, self.counts(bag), tail, self.sig_plain.__getitem__)
            gains = self.gains.get(features)
            if gains is None:
                gains = self.gains[features] = self._evaluate(self._stand_in(reads, features, tail))
            scoring = min(last + 1, catalog.SPOON)
            o = max((self.search.score(scoring, exploded, g, flask) for g in gains), key=lambda o: o.value)
            found = self.ends[key] = (o.value, o.coins, o.vp, o.rubies, o.explode)
        return found

    def _evaluate(self, pot: list[tuple[str, int]]) -> list[Gains]:
        """Step B on the seat with this pot, by the books' own hooks (one per answer of a choice)."""
        n = self.search.seat_no
        state = whatif.sandbox(self.root, n)
        s0 = state.seats[n]
        s0.set_pot(pot)
        return [Gains(s.score - s0.score, s.rubies - s0.rubies, s.droplet - s0.droplet)
                for s in (after.seats[n] for after in self.search.evaluated(state))]

    def _extra(self, k: int, bag: int, tail: Tail) -> int:
        """A book's extra spaces for chip kind `k` (out of `bag`, not in the pot yet), by its own hook."""
        bag += self.stride[k]
        key, sig, size = k, self.sig_plain, self.sig_size  # the kind, then what the hook reads, as one int
        for s, r in self.extra_digits:
            key = key * r + bag // s % r
        for t in tail[3 - self.extra_reads.tail:]:
            key = key * size + sig[t]
        found = self.extras.get(key)
        if found is None:
            rule = self.rule[k]
            assert rule is not None and rule.extra_move is not None
            reads = self.extra_reads
            features = self._features(reads, self.counts(bag), tail, sig.__getitem__)
            stand_in = Seat("", 0, self.threshold, pot=self._stand_in(reads, features, tail))
            found = self.extras[key] = rule.extra_move(stand_in)
        return found

    def positions(self) -> int:
        """Positions searched so far (a crow skull's look counts as one)."""
        return len(self.memo) + len(self.looks)

    # the search --------------------------------------------------------------------------------

    def draw(self, state: GameState | None = None, limit: int | None = None) -> Outcome | None:
        """Drawing from the root (or from `state`, a later position of the root's round that
        `carries` to) and playing on at best (None: the bag is empty). `limit`: new positions
        this answer may search (the search's own limit by default)."""
        state = state or self.root
        seat = state.seats[self.search.seat_no]
        if not seat.bag:
            return None
        bag = sum(self.stride[self.names.index(kind_of(c))] for c in seat.bag)
        tail = [NONE_KIND] * 3 + [self.names.index(kind_of(c)) for c, _ in seat.pot[-3:]]
        self.limit = None if limit is None else self.positions() + limit
        return Outcome(*self._draw(bag, len(seat.bag), seat.last_space, seat.white_total, seat.flask_full,
                                   (tail[-3], tail[-2], tail[-1]))[0])

    def carries(self, state: GameState) -> bool:
        """True when every value this search found holds for `state` too: the same round, books,
        card and value model, the seat as it was but for chips moved between its bag and its pot
        (kind by kind) and its flask, and the other pots as step B reads them."""
        n, root = self.search.seat_no, self.root
        if (state.round, state.config, state.fortune, state.card_data.get("extra_move")) != \
                (root.round, root.config, root.fortune, root.card_data.get("extra_move")):
            return False
        if unmodelled(state, n):
            return False
        seat, was = state.seats[n], root.seats[n]
        if (seat.threshold, seat.rubies, seat.droplet, seat.score) != (was.threshold, was.rubies, was.droplet, was.score):
            return False
        chips = Counter(kind_of(c) for c in seat.bag) + Counter(kind_of(c) for c, _ in seat.pot)
        if chips != Counter(kind_of(c) for c in was.bag) + Counter(kind_of(c) for c, _ in was.pot):
            return False
        read = self.eval_reads.counts
        return all([s.in_pot(c) for c in read] == [r.in_pot(c) for c in read]
                   for i, (s, r) in enumerate(zip(state.seats, root.seats, strict=True)) if i != n)

    def _draw(self, bag: int, left: int, last: int, whites: int, flask: bool, tail: Tail,
              keep: bool = False) -> tuple[Value, list[tuple[int, Value]], bool]:
        """The expectation of drawing now, (with `keep`, for crow skulls' looks) each kind's
        placing (kind, value) that it mixes, and whether it weighed the flask's option (which
        reads the chip before the last: it may stop where it was).

        `place` inline for the kinds without an action or extra spaces (see `plain`), with the
        memo looked up here under the int key of `value`, built from parts that stay the same
        along the loop: this loop runs for every edge of the search, and a call costs more than
        the lookup."""
        value = coins = vp = rubies = explode = 0.0
        placed: list[tuple[int, Value]] = []
        memo, ended, looks, looks_at, fills, offers = self.memo, self.ended, self.looks, self.looks_at, self.fills, self.offers
        size, spaces = self.sig_size, self.spaces
        sig = self._sig(bag) if self.mandrakes else self.sig_plain  # a plain chip leaves the mandrakes as they are
        t1, t2 = tail[1], tail[2]
        unit = 2 * size * size  # a child's key: (child * spaces + space) * unit + here + sig[k]
        here = (flask * size + sig[t2]) * size
        bursts = self.bursting(bag) if self.raise_digits else self.bursts  # a plain chip leaves the threshold
        used: Value | None = None  # the flask's option: this position with the white put back
        for k, s, r, plain, white, lands in self.rows:
            count = bag // s % r
            if not count:
                continue
            if not plain:
                o = None
                if looks_at[k] and left > 1:  # a crow skull's look met before: found without the calls
                    space = lands[last]
                    o = looks.get((((bag - s) * spaces + space) * unit + here + sig[k]) * LOOKS + min(looks_at[k], left - 1))
                o = o or self.place(k, bag - s, left - 1, last, whites, flask, tail)
            else:
                space = lands[last]
                child = ((bag - s) * spaces + space) * unit + here + sig[k]
                if white and bursts[whites + white] or fills[space] or left == 1:
                    # the pot exploded or is full, or the bag is empty: the seat stops
                    o = ended.get(child) or self._ended(child, space, white > 0 and bursts[whites + white], flask,
                                                        bag - s, (t1, t2, k))
                else:
                    o = memo.get(child) or self._solve(child, bag - s, left - 1, space, whites + white, flask, (t1, t2, k))
                    if white and offers[space][flask]:
                        used = used or self.value(bag, left, last, whites, False, tail)
                        o = used if used[0] > o[0] else o
            if keep:
                placed.append((k, o))
            v, c, p, u, e = o
            value += count * v
            coins += count * c
            vp += count * p
            rubies += count * u
            explode += count * e
        return (value / left, coins / left, vp / left, rubies / left, explode / left), placed, used is not None

    def _ended(self, key: int, last: int, exploded: bool, flask: bool, bag: int, tail: Tail) -> Value:
        """`end`, kept under the position's key (which tells whether the pot exploded or is full)."""
        found = self.ended[key] = self.end(last, exploded, flask, bag, tail)
        return found

    def key(self, bag: int, last: int, flask: bool, tail: Tail) -> int:
        """A position as one int: the bag, the last space, the flask and the last two chips as the
        books read them (a chip put back uncovers the one before, so the third-last is not kept)."""
        sig, size = self._sig(bag) if self.mandrakes else self.sig_plain, self.sig_size
        return (((bag * self.spaces + last) * 2 + flask) * size + sig[tail[1]]) * size + sig[tail[2]]

    def _sig(self, bag: int) -> list[int]:
        """What the key keeps of a chip in the tail: a white by its kind while a mandrake could put it back."""
        if self.mandrakes and any(bag // self.stride[i] % self.radix[i] for i in self.mandrakes):
            return self.sig_white
        return self.sig_plain

    def value(self, bag: int, left: int, last: int, whites: int, flask: bool, tail: Tail) -> Value:
        """The best expected outcome from here, no offer open: stop, or draw and play on at best."""
        key = self.key(bag, last, flask, tail)
        return self.memo.get(key) or self._solve(key, bag, left, last, whites, flask, tail)

    def _solve(self, key: int, bag: int, left: int, last: int, whites: int, flask: bool, tail: Tail) -> Value:
        """`value` of a position not in the memo yet, kept there under its `key`."""
        if self.limit is not None and len(self.memo) + len(self.looks) >= self.limit:
            raise TooDeep(f"more than {self.limit} positions")
        sig = self._sig(bag) if self.mandrakes else self.sig_plain
        shared = None if self.reads_before or sig is not self.sig_plain else key - sig[tail[1]] * self.sig_size
        known = self.shared.get(shared) if shared is not None else None
        if known is None:
            drawn, placed, weighed = self._draw(bag, left, last, whites, flask, tail, self.keep_placed)
            if shared is not None and not weighed:
                self.shared[shared] = drawn, placed
        else:
            drawn, placed = known
        if self.keep_placed:
            self.placed[key] = placed
        stop = self.end(last, False, flask, bag, tail)
        found = self.memo[key] = drawn if drawn[0] > stop[0] else stop
        return found

    def _look(self, bag: int, left: int, reveal: int, last: int, whites: int, flask: bool, tail: Tail) -> Value:
        """A crow skull looks at `reveal` chips, then places one of them or puts them all back.

        Whatever else was seen goes back, so placing kind k leads to the same position whichever
        chips came with it: the seat places the best kind it saw, and the chance that the best of
        the kinds ranked above some line is missing from the hand is hypergeometric. The kinds are
        ranked once per position."""
        key = self.key(bag, last, flask, tail)
        found = self.looks.get(key * LOOKS + reveal)
        if found is not None:
            return found
        none = self.memo.get(key) or self._solve(key, bag, left, last, whites, flask, tail)
        options = self.ranked.get(key)
        if options is None:
            options = self.ranked[key] = sorted(self.placed.pop(key), key=lambda o: -o[1][0])
        total = comb(left, reveal)
        value = coins = vp = rubies = explode = 0.0
        missing, unseen = 0, 1.0  # chips of the kinds ranked so far; chance that none of them was seen
        for k, o in options:
            if o[0] < none[0]:
                break
            missing += bag // self.stride[k] % self.radix[k]
            now = comb(left - missing, reveal) / total
            p = unseen - now
            value += p * o[0]
            coins += p * o[1]
            vp += p * o[2]
            rubies += p * o[3]
            explode += p * o[4]
            unseen = now
        o = none
        found = self.looks[key * LOOKS + reveal] = (value + unseen * o[0], coins + unseen * o[1], vp + unseen * o[2],
                                                    rubies + unseen * o[3], explode + unseen * o[4])
        return found

    def place(self, k: int, bag: int, left: int, last: int, whites: int, flask: bool, tail: Tail) -> Value:
        """Chip kind `k` (out of `bag` already) is laid; its offers are answered at best. What it
        pays as it is placed is added here: the memo holds values from a position on."""
        o = self._lay(k, bag, left, last, whites, flask, tail)
        if self.acts[k] != PAYS:
            return o
        vp, rubies = self.paid(k, self.lands[k][last])
        return (o[0] + vp + rubies * self.search.worth.ruby, o[1], o[2] + vp, o[3] + rubies, o[4]) if vp or rubies else o

    def paid(self, k: int, space: int) -> tuple[int, int]:
        """Points and rubies a chip of kind `k` pays as it is placed on `space`, by its book's own hook."""
        found = self.pays.get((k, space))
        if found is None:
            rule = self.rule[k]
            assert rule is not None and rule.on_place is not None
            n = self.search.seat_no
            state = whatif.sandbox(self.root, n)
            seat = state.seats[n]
            score, rubies = seat.score, seat.rubies
            seat.lay(f"{self.names[k]}-50", space)
            rule.on_place(Ctx(state, n, []), chip(f"{self.names[k]}-50"))
            found = self.pays[(k, space)] = (seat.score - score, seat.rubies - rubies)
        return found

    def _lay(self, k: int, bag: int, left: int, last: int, whites: int, flask: bool, tail: Tail) -> Value:
        value = self.value_of[k]
        if self.moves[k]:
            space = placing.landing(last, value, self.card_extra[k] + self._extra(k, bag, tail))
        else:
            space = self.lands[k][last]
        after: Tail = (tail[1], tail[2], k)
        offers_flask = False
        if self.white[k]:
            whites += value
            if self.bursting(bag)[whites]:
                return self.end(space, True, flask, bag, after)
            offers_flask = placing.offers_flask(space, flask)
        if self.fills[space]:
            return self.end(space, False, flask, bag, after)
        act, back = self.acts[k], NONE_KIND
        if act == LOOKS_AHEAD and left:
            reveal = blue.reveal_count(value, left)
            if reveal:
                return self._look(bag, left, reveal, space, whites, flask, after)
        elif act == TAKES_BACK and tail[2] >= 0 and self.color[tail[2]] in self.takes_back[k]:
            back = tail[2]
        if not left:  # the bag is empty: the seat stops, its offers lapse
            return self.end(space, False, flask, bag, after)
        best = self.value(bag, left, space, whites, flask, after)
        if offers_flask:  # the flask puts this white back: the pot is as it was before it
            used = self.value(bag + self.stride[k], left + 1, last, whites - value, False, tail)
            best = used if used[0] > best[0] else best
        if back >= 0:  # the mandrake puts the white before it back; the yellow chip stays
            returned = self.value(bag + self.stride[back], left + 1, space, whites - self.value_of[back], flask,
                                  (NONE_KIND, tail[1], k))
            best = returned if returned[0] > best[0] else best
        return best
