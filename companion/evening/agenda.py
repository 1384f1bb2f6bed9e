"""What happens when, for the simulated people: a queue of timed doings on a virtual or a real clock.

In a test the clock is virtual: `run` takes the doings in time order without waiting, so a whole
evening of people pouring chips over twenty seconds plays in a moment, the same for a seed every
time. At the demo table the clock is the wall's: `start` runs them in a thread of their own at
their time, and `wake` lets a change at the table (a player's tap) be looked at at once.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable

Doing = Callable[[], None]
log = logging.getLogger(__name__)


class Agenda:
    """Doings by time (seconds); `now` is the virtual clock, or the wall clock once `start`ed."""

    def __init__(self, start: float = 0.0) -> None:
        self._queue: list[tuple[float, int, Doing]] = []
        self._order = itertools.count()
        self._virtual = start
        self._real = False
        self._changed = threading.Condition()
        self._woken = False  # a wake that came while the loop was busy is not lost
        self._stopped = False
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        """On the wall clock, in a thread of its own."""
        return self._thread is not None and not self._stopped

    def now(self) -> float:
        return time.time() if self._real else self._virtual

    def at(self, when: float, doing: Doing) -> None:
        """Do `doing` at `when` (never before anything queued for an earlier time)."""
        with self._changed:
            heapq.heappush(self._queue, (when, next(self._order), doing))
            if threading.current_thread() is not self._thread:  # the loop itself looks at its queue again anyway
                self._woken = True
                self._changed.notify()

    def after(self, delay: float, doing: Doing) -> None:
        self.at(self.now() + delay, doing)

    def pending(self) -> int:
        with self._changed:
            return len(self._queue)

    def run(self, until: Callable[[], bool], after_each: Callable[[], None], limit: int = 2_000_000) -> int:
        """Virtual time: take the doings in order until `until()` or none is left; `after_each` runs
        after every doing (the people look at the table again). Returns how many were done."""
        done = 0
        after_each()
        while not until() and done < limit:
            with self._changed:
                if not self._queue:
                    break
                when, _, doing = heapq.heappop(self._queue)
            self._virtual = max(self._virtual, when)
            doing()
            after_each()
            done += 1
        return done

    def start(self, after_each: Callable[[], None], name: str = "evening") -> None:
        """The wall clock: a thread does each doing at its time, and `after_each` after it and after every `wake`."""
        self._real = True
        self._thread = threading.Thread(target=self._loop, args=(after_each,), name=name, daemon=True)
        self._thread.start()

    def wake(self) -> None:
        """Something changed at the table: look at it now rather than at the next doing's time."""
        with self._changed:
            self._woken = True
            self._changed.notify()

    def stop(self) -> None:
        with self._changed:
            self._stopped = True
            self._changed.notify()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def _loop(self, after_each: Callable[[], None]) -> None:
        doing: Doing | None = None
        while True:
            try:
                if doing is not None:
                    doing()
                after_each()
            except Exception:  # a simulated player's slip must not stop the others
                log.exception("a simulated player's doing failed")
            doing = None
            with self._changed:
                if self._stopped:
                    return
                wait = self._queue[0][0] - time.time() if self._queue else None
                if not self._woken and (wait is None or wait > 0):
                    self._changed.wait(timeout=wait)
                self._woken = False
                if self._stopped:
                    return
                if self._queue and self._queue[0][0] <= time.time():
                    doing = heapq.heappop(self._queue)[2]
