"""The questions the serving process asks the advice worker, one at a time, the most urgent first.

The worker (`companion.workers`) answers one question at a time anyway; asking it one at a time
lets a newer question replace one still waiting (the seat drew again: the old situation is never
searched) and lets a phone's DRAW/STOP go before the shop's advice. A thread of the serving
process waits for each answer (waiting holds no interpreter lock) and hands it on. A worker that
dies mid-question is started again and asked once more; if it dies again the question is answered
with nothing (`None`), and the next questions go to a new worker.

On a live table the thread asks, and hands an answer on, only once the pages have their last
change (`Hub.delivered`): pickling the game for the worker and sending an answer to a seat's pages
take the same interpreter as the update, which a round's start had wait for four seats' questions.
The latest question is then picked (a seat that drew meanwhile is not asked about the old draw).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from companion.advising import KINDS, answer
from companion.engine import GameState
from companion.workers import Asked

log = logging.getLogger(__name__)

Key = tuple[Any, ...]
Answered = Callable[[str, int, Key, "dict[str, Any] | None"], None]
"""Told each answer: its kind, seat, situation, and what was found (None: it could not be)."""

HOLD_SECONDS = 1.0
"""How long a question or an answer waits for the pages' update at most: inputs that follow each
other without a pause still get their advice."""


class Questions:
    """The advice's questions waiting for the worker, the latest of each kind per seat."""

    def __init__(self, answered: Answered) -> None:
        self.answered = answered
        self.worker = Asked()
        self._ready = threading.Condition()
        self._waiting: dict[tuple[str, int], tuple[Key, GameState]] = {}
        self._asking: tuple[str, Key] | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self.delivered: threading.Event | None = None
        """The pages' last change is out (`Hub.delivered`, set by `LiveGame.attach`); None: never wait."""

    def ask(self, kind: str, seat_no: int, key: Key, state: GameState) -> None:
        """Ask for `kind` of advice for the seat in situation `key`, unless that is being answered."""
        with self._ready:
            if self._asking == (kind, key) or self._closed:
                return
            self._waiting[(kind, seat_no)] = (key, state)
            self._ready.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="advice", daemon=True)
                self._thread.start()

    def close(self) -> None:
        """Drop the waiting questions and end the worker (the server stops); a later question
        starts them again."""
        with self._ready:
            self._closed = True
            self._waiting.clear()
            self._ready.notify()
            thread = self._thread
        self.worker.shutdown()  # the question under way ends with it
        if thread is not None:
            thread.join(timeout=5)
        with self._ready:
            self._closed, self._thread = False, None

    def _run(self) -> None:
        while True:
            with self._ready:
                while not (self._waiting or self._closed):
                    self._ready.wait()
                if self._closed:
                    return
            self._after_update()
            with self._ready:
                if self._closed:
                    return
                kind, seat_no = min(self._waiting, key=lambda k: KINDS.index(k[0]))
                key, state = self._waiting.pop((kind, seat_no))
                self._asking = (kind, key)
            found = self._answer(kind, state, seat_no)
            self._after_update()
            try:
                if not self._closed:  # kept before it stops counting as under way: never asked twice
                    self.answered(kind, seat_no, key, found)
            except Exception:  # the next questions are still answered
                log.exception("%s advice for seat %d could not be handed on", kind, seat_no)
            with self._ready:
                self._asking = None

    def _after_update(self) -> None:
        """Wait (at most `HOLD_SECONDS`, less if the server stops) until the pages have the change
        under way, if any."""
        if self.delivered is None:
            return
        for _ in range(round(HOLD_SECONDS / 0.05)):
            if self.delivered.wait(0.05) or self._closed:
                return

    def _answer(self, kind: str, state: GameState, seat_no: int) -> dict[str, Any] | None:
        for attempt in (1, 2):
            try:
                found: dict[str, Any] = self.worker.call(answer, kind, state, seat_no)
                return found
            except BrokenProcessPool:
                if self._closed:
                    return None
                log.warning("the advice worker stopped (attempt %d); starting another", attempt)
            except Exception:  # the page must not wait for it forever: it shows none
                if self._closed:  # cancelled by `close`
                    return None
                log.exception("%s advice for seat %d could not be worked out", kind, seat_no)
                return None
        return None
