"""What a seat's phone may show about its next draw: nothing, the outlook, or the advice too.

The table chooses (`[table] assist`, or the host page); the table screen never shows any of it.
Advice is searched once per situation of a seat (another seat's draw leaves it as it was, unless
it changes what step B counts in the pots, such as the blacks a neighbour compares; the seat's
two phones share one search), with a bound on new positions so an answer stays quick; past the
bound the phone says so instead of guessing. On a live table it is searched in the advice worker,
a process of its own (`asking.Questions`, `companion.advising`), so no search holds the serving
process's interpreter while pages wait for their updates; an update never waits for it either: it
says the advice is being searched. An answer a bound proves (`bounds.certified`: drawing once or
twice more is already worth more than stopping, or nothing the bag can still give is worth more)
is asked first and goes out as soon as it is found; the exact search then replaces it, and past
the search's bound the proven answer stays.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.advice import Compact, Outlooks, may_draw, step_b_reads
from companion.advising import answer
from companion.config import ASSISTS
from companion.engine import GameState

from .asking import Key, Questions
from .pieces import Pieces, choice_key, shop_key


class Assist:
    """The table's setting and the advice already found for each seat's situation.

    With `ready` set (a live table: `LiveGame.attach`), advice not found yet is asked of the
    advice worker and the view says so (`searching`); `ready(seat)` then has the advice sent to
    the seat's pages, so the update after a draw never waits for a search. Without it (one-off
    views, tests), the advice is searched while the view is made."""

    def __init__(self, level: str = "odds") -> None:
        self.level = "odds"
        self.set(level)
        self.ready: Callable[[int], None] | None = None
        self._cache: dict[Key, dict[str, Any]] = {}
        self._proven: dict[Key, dict[str, Any]] = {}  # the answers bounds proved, by situation
        self._lock = threading.Lock()
        self._latest: dict[int, Key] = {}  # the situation each seat's pages show now
        self._searches: dict[int, Compact] = {}  # one-off views' searches, by seat (the worker keeps the live ones)
        self.outlook = Outlooks()
        self.questions = Questions(self._answered)
        live = lambda: self.ready is not None  # noqa: E731
        self.shopping = Pieces("shop", shop_key, self.questions.ask, live)
        self.choosing = Pieces("choices", choice_key, self.questions.ask, live)

    def set(self, level: str) -> None:
        if level not in ASSISTS:
            raise ValueError(f"assist must be one of {', '.join(ASSISTS)}, not {level!r}")
        self.level = level

    def close(self) -> None:
        """End the advice worker with the server."""
        self.questions.close()

    def add_to(self, view: dict[str, Any], state: GameState, seat_no: int) -> dict[str, Any]:
        """Fill a seat's view by the setting: odds and outlook, advice, or neither."""
        view["assist"] = {"level": self.level}
        if self.level == "off":
            view.pop("risk", None)
            return view
        view["assist"]["outlook"] = self.outlook(state, seat_no)
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
            proven = self._proven.get(key)
        if found is None and self.ready is not None and may_draw(state, seat_no):
            with self._lock:
                self._latest[seat_no] = key
            if proven is None:
                self.questions.ask("prove", seat_no, key, state)
            self.questions.ask("search", seat_no, key, state)
            return {**proven, "searching": True} if proven else {"seat": seat_no, "advice": None, "searching": True}
        if found is None:
            found = answer("search", state, seat_no, self._searches)
            self._keep(self._cache, key, found)
        return found

    def _answered(self, kind: str, seat_no: int, key: Key, found: dict[str, Any] | None) -> None:
        """An answer from the worker: kept, and the seat's pages told if they still show its situation."""
        if kind in ("shop", "choices"):
            (self.shopping if kind == "shop" else self.choosing).keep(seat_no, key, found)
        elif kind == "prove":
            self._keep(self._proven, key, found or {})
            if not found:
                return
        else:  # the page must not wait for it forever: without an answer it shows no advice
            self._keep(self._cache, key, found or {"seat": seat_no, "advice": None})
        if self.ready is not None and (kind in ("shop", "choices") or self._latest.get(seat_no) == key):
            self.ready(seat_no)

    def _keep(self, kept: dict[Key, dict[str, Any]], key: Key, found: dict[str, Any]) -> None:
        with self._lock:
            if len(kept) > 64:
                kept.clear()
            kept[key] = found
