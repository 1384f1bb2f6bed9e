"""What a seat's phone may show about its next draw: nothing, the outlook, or the advice too.

The table chooses (`[table] assist`, or the host page); the table screen never shows any of it.
Advice is searched once per situation of a seat (another seat's draw leaves it as it was, unless
it changes what step B counts in the pots, such as the blacks a neighbour compares; the seat's
two phones share one search), with a bound on new positions so a phone's update stays
quick; past the bound the phone says so instead of guessing. An answer a bound proves
(`bounds.certified`: drawing once or twice more is already worth more than stopping, or nothing
the bag can still give is worth more) is the search's first slice and goes out as soon as it is
found, and the exact search then replaces it; past the search's bound the proven answer stays.
Neither is worked out while an update is made: the update says the advice is being searched. A seat's search goes on from its
earlier answers in the round, so after each draw only the positions not searched yet are new,
and a bag too deep for one update becomes searchable a few draws later. The live advice leaves the bonus die out:
who reaches furthest is still being drawn at the other seats.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from companion.advice import (
    Compact,
    TooDeep,
    advise,
    advise_choice,
    certified,
    choice_steps,
    ignore_offers,
    may_draw,
    outlook,
    shop_steps,
    step_b_reads,
    unmodelled,
)
from companion.config import ASSISTS
from companion.engine import GameState

from .pieces import Pieces, Steps, choice_key, shop_key

log = logging.getLogger(__name__)

LIVE_LIMIT = 600
"""Positions a live answer may search on compact positions (the starting bag needs 355): over
three seeded 4-player games it answers 467 of 1,061 DRAW/STOP moments, 99 % of them within 8 ms
on a busy machine (benchmarks/README.md)."""

SLICE = 100
"""New positions a live search makes at a time (about a millisecond); the updates queued
meanwhile go first (see `Assist.executor`)."""

KEPT_POSITIONS = 20_000
"""A seat's search is kept between its answers (`advise(searches=...)`) up to this many positions
(a few megabytes); a larger one is dropped and the next answer starts afresh."""

PROVE = -1
"""A search's first slice: what a bound proves (`_slice`)."""

ENGINE_LIVE_LIMIT = 100
"""Positions a live answer may search when a book in play is one the compact search does not model
and every draw is played through the engine (about 5 ms)."""


class Assist:
    """The table's setting and the advice already searched for each seat's situation.

    With `ready` set (a live table: `LiveGame.attach`), advice not searched yet is searched in a
    thread of its own and the view says so (`searching`); `ready(seat)` then has the advice sent
    to the seat's pages, so the update after a draw never waits for a search. Without it (one-off views,
    tests), the advice is searched while the view is made."""

    def __init__(self, level: str = "odds") -> None:
        self.level = "odds"
        self.set(level)
        self.ready: Callable[[int], None] | None = None
        self._cache: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._proven: dict[tuple[Any, ...], dict[str, Any]] = {}  # the answers bounds proved, by situation
        self._lock = threading.Lock()
        self._searches: dict[int, Compact] = {}  # each seat's search, gone on from (under _searching)
        self._searching = threading.Lock()
        self._latest: dict[int, tuple[Any, ...]] = {}  # the situation each seat's pages show now
        self._queued: set[tuple[Any, ...]] = set()
        self.executor: Executor | None = None
        """Where the searches run, a slice at a time: when the pages are served, the views
        thread after every render waiting (`Views.later`, set by `StreamEndpoint`), so a search
        never holds up an update for more than a slice; else a thread of their own."""
        self._pieces: Executor | None = None
        live = lambda: self.ready is not None  # noqa: E731
        self.shopping = Pieces(lambda state, seat: shop_steps(state, seat), shop_key, self._run_piece, self._tell, live)
        self.choosing = Pieces(_live_choices, choice_key, self._run_piece, self._tell, live)

    def set(self, level: str) -> None:
        if level not in ASSISTS:
            raise ValueError(f"assist must be one of {', '.join(ASSISTS)}, not {level!r}")
        self.level = level

    def add_to(self, view: dict[str, Any], state: GameState, seat_no: int) -> dict[str, Any]:
        """Fill a seat's view by the setting: odds and outlook, advice, or neither."""
        view["assist"] = {"level": self.level}
        if self.level == "off":
            view.pop("risk", None)
            return view
        view["assist"]["outlook"] = outlook(state, seat_no)
        if self.level == "advice":
            # what the seat's advice event sets at the same place: a page fed either holds the same view
            view["assist"]["advice"] = self.part(state, seat_no)
        return view

    def part(self, state: GameState, seat_no: int) -> dict[str, Any]:
        """What a seat's advice event carries: DRAW/STOP, and its shop advice and its questions'
        advice when it has them (`shop`, `choices`: the offers of a seat that may draw come with
        DRAW/STOP, searched with it, so the pages are told once)."""
        found = {**self.advice(state, seat_no)}
        pieces = {"shop": self.shopping.advice(state, seat_no), "choices": self.choosing.advice(state, seat_no)}
        found.update((k, v) for k, v in pieces.items() if v is not None)
        return found

    def advice(self, state: GameState, seat_no: int) -> dict[str, Any]:
        """The seat's advice now, or (with `ready` set) that it is being searched."""
        seat = state.seats[seat_no]
        counted = step_b_reads(state.config).counts
        key = (state.round, state.phase, seat_no, seat.status, seat.flask_full, tuple(seat.pot), tuple(seat.bowl),
               tuple(sorted(seat.bag)), tuple(seat.hand), tuple(d.id for d in state.decisions_for(seat_no)),
               tuple(s.in_pot(c) for s in state.seats for c in counted))  # the neighbours' blacks, ...
        with self._lock:
            found = self._cache.get(key)
        if found is None and self.ready is not None and may_draw(state, seat_no):
            with self._lock:
                proven = self._proven.get(key)  # once the search's first slice has proved it
                self._latest[seat_no] = key
                if key not in self._queued:
                    self._queued.add(key)
                    self._submit(key, state, seat_no, PROVE)
            return {**proven, "searching": True} if proven else {"seat": seat_no, "advice": None, "searching": True}
        if found is None:
            with self._searching:
                found = self._search(key, state, seat_no, None)
                if found is not None:
                    self._keep(key, found)
        return found or {"seat": seat_no, "advice": None, "too_deep": True}

    def _prove(self, key: tuple[Any, ...], state: GameState, seat_no: int) -> dict[str, Any] | None:
        """The answer a bound proves in this situation (None: none does), worked out once."""
        with self._lock:
            found = self._proven.get(key)
        if found is None:
            found = certified(state, seat_no) or {}
            with self._lock:
                if len(self._proven) > 64:
                    self._proven.clear()
                self._proven[key] = found
        return found or None

    def _submit(self, key: tuple[Any, ...], state: GameState, seat_no: int, searched: int) -> None:
        """Queue a slice of a seat's search on `executor` (or a thread of the advice's own)."""
        self._run(lambda: self._slice(key, state, seat_no, searched))

    def _run(self, work: Callable[[], None]) -> None:
        if self.executor is None:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="advice")
        self.executor.submit(work)

    def _run_piece(self, work: Callable[[], None]) -> None:
        """The shop's and the questions' advice in a thread of its own: a piece takes tens of
        milliseconds, and on the views thread every render queued meanwhile waited for it; here the
        interpreter switches between the two every half millisecond (`server.SWITCH_INTERVAL`)."""
        if self._pieces is None:
            self._pieces = ThreadPoolExecutor(max_workers=1, thread_name_prefix="advice-pieces")
        self._pieces.submit(work)

    def _tell(self, seat_no: int) -> None:
        if self.ready is not None:
            self.ready(seat_no)

    def _search(self, key: tuple[Any, ...], state: GameState, seat_no: int,
                searched: int | None) -> dict[str, Any] | None:
        """The answer, or None when the bound is not reached yet: with `searched` (positions
        searched so far), one slice of `SLICE` new positions, going on from the last. Past the
        bound, the answer a bound proves, if any."""
        compact = unmodelled(ignore_offers(state, seat_no), seat_no) is None
        limit = LIVE_LIMIT if compact else ENGINE_LIVE_LIMIT
        part = min(SLICE, limit) if compact and searched is not None else limit
        try:
            found = advise(state, seat_no, limit=part, searches=self._searches)
        except TooDeep:
            if searched is not None and searched + part < limit:
                return None
            found = self._prove(key, state, seat_no) or {"seat": seat_no, "advice": None, "too_deep": True}
        if found.get("advice") and state.decisions_for(seat_no):  # the flask's, the mandrake's offer
            offers = advise_choice(state, seat_no, limit=LIVE_LIMIT, searches=self._searches)
            found = {**found, "choices": slim(offers)}
        kept = self._searches.get(seat_no)
        if kept is not None and kept.positions() > KEPT_POSITIONS:
            del self._searches[seat_no]
        return found

    def _keep(self, key: tuple[Any, ...], found: dict[str, Any]) -> None:
        with self._lock:
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = found

    def _slice(self, key: tuple[Any, ...], state: GameState, seat_no: int, searched: int) -> None:
        """One slice of a seat's search unless its pages have moved on meanwhile (the first proves
        what a bound can, and tells the pages); the next slice queues behind whatever the executor
        was given meanwhile; the last tells the pages."""
        found: dict[str, Any] | None = None
        try:
            if self._latest.get(seat_no) != key:
                found = {}
                return
            if searched == PROVE:
                searched = 0
                if self._prove(key, state, seat_no) and self.ready is not None:
                    self.ready(seat_no)  # the proven answer now, the search in the next slices
                    self._submit(key, state, seat_no, searched)
                    return
            with self._searching:
                found = self._search(key, state, seat_no, searched)
            if found is None:
                self._submit(key, state, seat_no, searched + SLICE)
                return
            self._keep(key, found)
        except Exception:  # the page must not wait for it forever: it shows no advice
            log.exception("advice for seat %d could not be searched", seat_no)
            found = {"seat": seat_no, "advice": None}
            self._keep(key, found)
        finally:
            if found is not None:
                with self._lock:
                    self._queued.discard(key)
        if self.ready is not None and self._latest.get(seat_no) == key:
            self.ready(seat_no)


def _live_choices(state: GameState, seat_no: int) -> Steps:
    """A question while brewing searches as far as a phone's DRAW/STOP may (`LIVE_LIMIT`); past
    that its values are what a bound proves, marked not exact."""
    return slim((yield from choice_steps(state, seat_no, limit=LIVE_LIMIT)))


def slim(choices: dict[str, Any]) -> dict[str, Any]:
    """The choices' advice as a page shows it: each option's key and value, the best, whether valued."""
    questions = [{"decision": q["decision"], "rule": q["rule"], "best": q["best"], "valued": q["valued"],
                  "options": [{"key": o["key"], "value": o["value"]} for o in q["options"]]}
                 for q in choices["questions"]]
    spends = choices.get("spends")
    return {"seat": choices["seat"], "questions": questions,
            "spends": spends and {"best": spends["best"], "rubies": spends["rubies"],
                                  "options": [{"key": o["key"], "value": o["value"]} for o in spends["options"]]}}
