"""The compact search's values, worked out level by level over the bag's grid with array operations.

When no chip left in the bag puts a chip back (a mandrake), lands by the chip before it (red set
3) or moves the threshold (yellow set 3), the white total follows from which chips are out of
the bag, and so does the last space but for the extra spaces a book gave (red set 1 by the
oranges in the pot, yellow set 4 by the yellows: `Compact._extra`, by the book's own hook). A
position is then its bag, the extra spaces so far, its flask and its last two chips as the books
read them (`Compact.sig_plain`). The bags are the mixed-radix grid of the root bag's
sub-multisets (drawing kind k subtracts k's stride), one copy of it for each count of extra
spaces, so all the positions with the same number of chips left are valued at once from those
with one chip fewer. A draw ends the round (an explosion, a full pot, an empty bag: the value
model's worth by `Compact.end`), or leads to the next position's value, or to a crow skull's
look from it (`_looks`, as `Compact._look`); the flask's option reads the same position with the
flask emptied, so the empty flask's layer comes first. What a blue chip pays as it is placed
(blue sets 3 and 4) is `Compact.paid`'s. The values are the compact search's, added in the same
order so that a tie between options of equal value is broken alike (`tests/advice/test_advice.py`
compares them figure by figure); anything else is left to it (`unmodelled`).
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from ..engine.ingredients import blue
from ..engine.ingredients._rule import LOOKS_AHEAD, PAYS
from ..engine.model import GameState
from ..engine.phases import placing
from .compact import NONE_KIND, Compact
from .outcome import Outcome
from .whatif import kind_of

Array = Any  # a numpy array; a value's last axis holds an Outcome's five fields


def unmodelled(fast: Compact, state: GameState) -> str | None:
    """Why the grid cannot value `state` for `fast` (None: it can): a chip in the bag that makes
    the last space or the threshold depend on more than the chips out of the bag and the extra
    spaces the books gave."""
    if fast.raise_digits:
        return "a book raises the threshold while brewing"
    for k in sorted({fast.names.index(kind_of(c)) for c in state.seats[fast.search.seat_no].bag}):
        if fast.moves[k] and fast.extra_reads.tail:
            return f"a {fast.names[k]} chip moves extra spaces by the chip before it"
        if fast.acts[k] not in (None, LOOKS_AHEAD, PAYS):
            return f"a {fast.names[k]} chip puts a chip back into the bag"
    return None


class Grid:
    """The value of every position below `state` on the grid of its bag, by `fast`'s tables.

    Values are arrays (flask, sign of the chip before the last, sign of the last chip, bag,
    fields); a sign is what the books read of a chip in the tail (`Compact.sig_plain`)."""

    def __init__(self, fast: Compact, state: GameState) -> None:
        self.fast = fast
        seat = state.seats[fast.search.seat_no]
        self.count = [sum(1 for c in seat.bag if kind_of(c) == name) for name in fast.names]
        self.stride = [1] * len(self.count)
        for k in fast.kinds[1:]:
            self.stride[k] = self.stride[k - 1] * (self.count[k - 1] + 1)
        self.size = size = self.stride[-1] * (self.count[-1] + 1)
        index = np.arange(size)
        digits = np.stack([index // s % (c + 1) for s, c in zip(self.stride, self.count, strict=True)])
        most = self._movers(digits)
        spread = 1 + sum(self.count[k] * n for k, n in most.items())  # the extra spaces a position can have
        self.digits = np.tile(digits.astype(np.int8), spread)  # a kind's chips left: fewer than 128
        self.left = self.digits.sum(axis=0)
        white = np.array([fast.value_of[k] if fast.white[k] else 0 for k in fast.kinds])
        self.whites = seat.white_total + white @ (np.array(self.count)[:, None] - self.digits)
        self.bursts, self.fills = np.array(fast.bursts), np.array(fast.fills)
        extra = np.repeat(np.arange(spread), size)
        landed = np.array([[placing.landing(x, 0, e) for e in range(spread)] for x in range(fast.spaces)])
        self.last = landed[np.tile(self._last_spaces(seat.last_space, digits), spread), extra]
        self.code, self.codes = self._eval_codes()
        reachable = extra <= sum(n * (self.count[k] - self.digits[k]) for k, n in most.items())
        self.live = (self.left > 0) & ~self.bursts[self.whites] & ~self.fills[self.last] & reachable
        self.signs = max(fast.sig_plain) + 1  # the codes a plain chip can have come first
        self.flasks = (0, 1) if seat.flask_full else (0,)
        tail = [NONE_KIND, NONE_KIND] + [fast.names.index(kind_of(c)) for c, _ in seat.pot[-2:]]
        self.start = (int(seat.flask_full), fast.sig_plain[tail[-2]], fast.sig_plain[tail[-1]])
        self.skulls = [k for k in fast.kinds if fast.acts[k] == LOOKS_AHEAD and self.count[k]]
        self.values = np.zeros((2, self.signs, self.signs, len(self.left), 5))
        self.at = np.zeros(len(self.left), dtype=int)  # a position's place among those of its level
        keys = (fast.spaces * 2) * self.codes
        self.ends, self.known = np.zeros((2, self.signs, self.signs, keys, 5)), np.zeros(keys, dtype=bool)
        self.positions = 0

    def _movers(self, digits: Array) -> dict[int, int]:
        """The book's extra spaces (`Compact._extra`) of each kind in the bag that has them, for
        each bag it is drawn from, kept in `moves` by the bag after the draw; returns each such
        kind's most extra spaces. A position is then a bag and the extra spaces so far: a cell
        of `spread` copies of the grid, the extra spaces times the grid's size plus the bag."""
        fast, self.moves = self.fast, {}
        most = {}
        for k in (k for k in fast.kinds if fast.moves[k] and self.count[k]):
            code = np.zeros(self.size, dtype=int)
            for color in fast.extra_reads.counts:
                for j in fast.counted[color][1]:
                    code = code * (self.count[j] + 1) + digits[j]
            after = np.flatnonzero(digits[k] < self.count[k])  # bags a chip of kind k was drawn into
            extra = np.zeros(self.size, dtype=int)
            unique, first = np.unique(code[after], return_index=True)
            for c, b in zip(unique.tolist(), after[first].tolist(), strict=True):
                cbag = sum(int(d) * s for d, s in zip(digits[:, b], fast.stride, strict=True))
                extra[after[code[after] == c]] = fast._extra(k, cbag, (NONE_KIND, NONE_KIND, NONE_KIND))
            self.moves[k] = extra
            most[k] = int(extra.max())
        return most

    def _last_spaces(self, root: int, digits: Array) -> Array:
        """The last chip's space for each bag without a book's extra spaces: each kind's chips out
        of the bag laid in turn by `Compact.lands` (where a chip lands does not depend on the
        order: it adds its spaces, up to the last space)."""
        last = np.full(self.size, root)
        for k, (s, c) in enumerate(zip(self.stride, self.count, strict=True)):
            lands = np.array(self.fast.lands[k])
            for d in range(c - 1, -1, -1):  # one chip of kind k more out of the bag than at d + 1
                here = np.flatnonzero(digits[k] == d)
                last[here] = lands[last[here + s]]
        return last

    def _eval_codes(self) -> tuple[Array, int]:
        """Each cell's counts that evaluation step B reads, as one small int, and how many there are."""
        code, codes = np.zeros_like(self.left), 1
        for color in self.fast.eval_reads.counts:
            for k in self.fast.counted[color][1]:
                code = code * (self.count[k] + 1) + self.digits[k]
                codes *= self.count[k] + 1
        return code, codes

    def end(self, space: Array, exploded: Array, bag: Array, last: int | None = None) -> Array:
        """The worth of the round ending on `space` (exploded or not) with `bag` left, for every
        flask and last two chips, by `Compact.end` once per end met: (flask, sign before the last,
        last sign, n, fields); with `last`, the last chip's sign: (flask, sign before it, n, fields)."""
        keys = (space * 2 + exploded) * self.codes + self.code[bag]
        if not self.known[keys].all():
            self._fill(np.unique(keys[~self.known[keys]]), keys, bag)
        return self.ends[:, :, :, keys] if last is None else self.ends[:, :, last, keys]

    def _fill(self, new: Array, keys: Array, bag: Array) -> None:
        """`Compact.end` for the ends `new` (keys as `end` makes them), `bag` one with each key."""
        fast, signs = self.fast, self.signs
        rep = [NONE_KIND] * signs  # a kind for each sign (none for "nothing the books read")
        for k in reversed(fast.kinds):
            if fast.sig_plain[k]:
                rep[fast.sig_plain[k]] = k
        first = {key: b for key, b in zip(keys.tolist(), bag.tolist(), strict=True)}
        for key in new.tolist():
            space, exploded = key // self.codes // 2, bool(key // self.codes % 2)
            cbag = sum(int(d) * s for d, s in zip(self.digits[:, first[key]], fast.stride, strict=True))
            for f in self.flasks:
                for s1 in range(signs):
                    for s2 in range(signs):
                        self.ends[f, s1, s2, key] = fast.end(space, exploded, bool(f), cbag, (NONE_KIND, rep[s1], rep[s2]))
            self.known[key] = True

    def draw(self) -> Outcome:
        """The expectation of drawing from `state` and playing on at best (its bag is not empty)."""
        top = int(self.left[self.size - 1])
        looks: dict[tuple[int, int], Array] = {}
        drawn: Array = None
        for m in range(1, top + 1):
            here = np.flatnonzero(self.live & (self.left == m))
            if not len(here):
                looks = {}
                continue
            self.positions += len(here) * len(self.flasks) * self.signs * self.signs
            drawn, outcomes = self._level(m, here, looks)
            self.at[here] = np.arange(len(here))
            looks = self._looks(m, here, outcomes) if self.skulls and m < top else {}
        f, s1, s2 = self.start
        return Outcome(*drawn[f, s1, s2, self.at[self.size - 1]].tolist())

    def _level(self, m: int, here: Array, looks: dict[tuple[int, int], Array]) -> tuple[Array, list[Array]]:
        """Value the positions `here` (`m` chips left in the bag): the draw's expectation over each
        kind's outcome and the better of it and stopping, the empty flask's layer first (the full
        flask's option on a white reads it). Returns the draw's expectation and each kind's
        outcome, broadcastable to (flask, sign before the last, last sign, n, fields)."""
        n, signs = len(here), self.signs
        stop = self.end(self.last[here], np.zeros(n, dtype=int), here)
        weights = self.digits[:, here][..., None]  # each kind's chips left: (kinds, n, 1)
        found = [self._outcome(k, m, here, looks) for k in self.fast.kinds]
        outcomes: list[Array] = [o[:, None] for o, _ in found]
        drawn, values = np.zeros((2, signs, signs, n, 5)), np.zeros((2, signs, signs, n, 5))
        drawn[0] = sum(w * o[0] for w, (o, _) in zip(weights, found, strict=True)) / m
        values[0] = np.where(drawn[0][..., :1] > stop[0][..., :1], drawn[0], stop[0])
        if 1 in self.flasks:  # the flask puts a white back: the position before it, the flask emptied
            total = 0.0  # in the kinds' order, as `Compact._draw` adds them: a tie is broken alike
            for k, (o, may) in enumerate(found):
                if may is None:
                    total = total + weights[k] * o[1]
                    continue
                used = np.where(may[:, None] & (values[0][..., :1] > o[1][..., :1]), values[0], o[1])
                total = total + weights[k] * used
                outcomes[k] = np.stack([np.broadcast_to(o[0], used.shape), used])
            drawn[1] = total / m
            values[1] = np.where(drawn[1][..., :1] > stop[1][..., :1], drawn[1], stop[1])
        self.values[:, :, :, here] = values
        return drawn, outcomes

    def _outcome(self, k: int, m: int, here: Array, looks: dict[tuple[int, int], Array]) -> tuple[Array, Array | None]:
        """Drawing a chip of kind `k` from each position `here`: (flask, the last chip's sign, n,
        fields), and for a white the positions where a full flask may put it back (else None). A
        kind with no chip left is given the position itself (its weight is 0): no end is added."""
        fast = self.fast
        has = self.digits[k, here] > 0
        child = np.where(has, here - self.stride[k], here)
        if k in self.moves:  # and on by the book's extra spaces, a copy of the grid for each
            child = np.where(has, child + self.moves[k][child % self.size] * self.size, here)
            space = self.last[child]
        else:
            space = np.where(has, np.array(fast.lands[k])[self.last[here]], self.last[here])
        sign = fast.sig_plain[k]
        exploded = self.bursts[self.whites[here] + fast.value_of[k] * has] & has if fast.white[k] else np.zeros_like(has)
        ended = exploded | self.fills[space] | (m == 1)
        reveal = blue.reveal_count(fast.value_of[k], m - 1)
        if k in self.skulls and (reveal, sign) in looks:
            going = looks[(reveal, sign)][:, :, np.where(ended, 0, self.at[child])]
        else:
            going = self.values[:, :, sign][:, :, child]
        o = np.where(ended[:, None], self.end(space, exploded.astype(int), child, sign), going)
        if fast.acts[k] == PAYS:
            o = o + self._paid(k, space)
        return o, (has & ~ended if fast.white[k] and 1 in self.flasks else None)

    def _paid(self, k: int, space: Array) -> Array:
        """What a chip of kind `k` pays as it is placed on `space`, in an outcome's fields."""
        ruby = self.fast.search.worth.ruby
        paid = {s: self.fast.paid(k, s) for s in np.unique(space).tolist()}
        table = np.zeros((self.fast.spaces, 5))
        for s, (vp, rubies) in paid.items():
            table[s] = (vp + rubies * ruby, 0, vp, rubies, 0)
        return table[space]

    def _looks(self, m: int, here: Array, outcomes: list[Array]) -> dict[tuple[int, int], Array]:
        """A crow skull's look from each position `here` (`m` chips left), by the chips it sees and
        the skull's sign as the last chip: the best kind seen is placed when it beats placing none,
        and the chance that the best of the kinds ranked above some line is missing from the chips
        seen is hypergeometric (as `Compact._look`)."""
        found = {}
        shape = (2, self.signs, self.signs, len(here), 5)
        for sign in {self.fast.sig_plain[k] for k in self.skulls}:
            none = self.values[:, :, sign][:, :, here]  # (flask, sign before, n, fields)
            stacked = np.stack([np.broadcast_to(o, shape)[:, :, sign] for o in outcomes])
            counts = np.broadcast_to(self.digits[:, here][:, None, None], stacked.shape[:-1])
            ranked = np.where(counts > 0, stacked[..., 0], -np.inf)
            order = np.argsort(-ranked, axis=0, kind="stable")
            missing = np.cumsum(np.take_along_axis(counts, order, axis=0), axis=0)
            seen = np.take_along_axis(ranked, order, axis=0) >= none[..., 0]
            best = np.take_along_axis(stacked, order[..., None], axis=0)
            for reveal in {blue.reveal_count(self.fast.value_of[k], m) for k in self.skulls}:
                unseen = np.array([comb(x, reveal) for x in range(m + 1)]) / comb(m, reveal)
                after = unseen[m - missing]  # the chance that no chip of the kinds so far was seen
                before = np.concatenate([np.ones((1, *after.shape[1:])), after[:-1]])
                p = np.where(seen, before - after, 0.0)
                total = 0.0  # in the kinds' ranked order, one by one, as `_look` adds them
                for j in range(len(best)):
                    total = total + p[j][..., None] * best[j]
                found[(reveal, sign)] = total + np.where(seen, after, 1.0).min(axis=0)[..., None] * none
        return found


def draw(fast: Compact, state: GameState) -> tuple[Outcome | None, int]:
    """Drawing from `state` (the root of `fast`, or a later position it carries to) and playing on
    at best, and the positions valued (None: the bag is empty)."""
    if not state.seats[fast.search.seat_no].bag:
        return None, 0
    grid = Grid(fast, state)
    return grid.draw(), grid.positions
