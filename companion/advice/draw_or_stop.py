"""DRAW or STOP: an exact optimal-stopping search over what is left in a seat's bag.

The value of stopping is what the scoring space, the chip actions of evaluation step B, the die
and the flask are worth by the value model (`worth.py`). The value of drawing is the expectation,
over every kind left in the bag, of the best of stopping and drawing on after it, with the best
answer to every offer (flask, mandrake) and look-ahead (crow skull) on the way. `advise` searches
on compact positions (`compact.py`) when every book in play is one that search models; otherwise
`search.Search` plays each draw and each answer by the engine itself (`whatif`), memoised on
`_key`, so a position reached by many draw orders is searched once. Asked to, it first tries to
prove the answer by bounds (`bounds.py`). With no limit on the positions, the compact search's
values come from the bag's grid (`grid.py`) when that models the bag.
"""

from __future__ import annotations

from collections import Counter
from math import prod
from typing import Any

from ..engine.model import GameState
from . import compact, whatif
from .bounds import certified
from .outcome import Outcome
from .search import Search, answer, may_draw, no_collection
from .whatif import kind_of


def advise(state: GameState, seat_no: int, *, rival: int | None = None, limit: int | None = None,
           searches: dict[int, compact.Compact] | None = None, certify: bool = False) -> dict[str, Any]:
    """DRAW or STOP for a seat that may draw now, with both values (JSON-ready). Raises TooDeep
    when `limit` new positions were not enough. Without `searches`, a cold search; with it (the
    compact searches of earlier answers, by seat), the seat's earlier search goes on from here
    when its values hold here (`Compact.carries`), so what it found is not searched again, even
    after it gave up, and this answer's search is kept there for the next. With `certify`, an
    answer a bound proves (`bounds.certified`) comes without the exact search."""
    if certify:
        found = certified(state, seat_no, rival=rival)
        if found is not None:
            return found
    search = Search(state, seat_no, rival=rival, limit=limit)
    if not may_draw(state, seat_no):
        return {"seat": seat_no, "advice": None}
    now = whatif.ignore_offers(state, seat_no)
    stop = search.end(now)
    if compact.unmodelled(now, seat_no) is None:
        fast = searches.get(seat_no) if searches is not None else None
        if fast is None or fast.search.rival != rival or not fast.carries(now):
            fast = compact.Compact(search, now)
        if searches is not None:
            searches[seat_no] = fast
        with no_collection():
            drawn, positions = _exact(fast, now, limit)
    else:
        drawn = search.draw(now)
        positions = len(search.memo)
    advice = "draw" if drawn is not None and drawn.value > stop.value else "stop"
    return answer(state, seat_no, advice, stop, drawn.to_dict() if drawn else None, positions)


GRID_FROM = 500
"""Bags with fewer sub-multisets than this are answered by the compact search, as fast or faster:
the grid's array operations cost their calls whatever their size (benchmarks/README.md: 360 bags
take 9.6 ms on the grid against 8.9 ms, 1,080 bags 16.5 ms against 39.6 ms)."""


def _exact(fast: compact.Compact, state: GameState, limit: int | None) -> tuple[Outcome | None, int]:
    """The value of drawing from `state` and the positions valued: on the bag's grid (`grid.py`)
    when nothing limits the search, the bag has `GRID_FROM` sub-multisets or more and the grid
    models it; else by the compact search, which stops at a live answer's limit and answers alone
    where numpy is missing (imported here: only a large exact answer needs it)."""
    bag = state.seats[fast.search.seat_no].bag
    if limit is None and prod(n + 1 for n in Counter(map(kind_of, bag)).values()) >= GRID_FROM:
        try:
            from . import grid
        except ImportError:
            pass
        else:
            if grid.unmodelled(fast, state) is None:
                return grid.draw(fast, state)
    before = fast.positions()
    drawn = fast.draw(state, limit)
    return drawn, fast.positions() - before
