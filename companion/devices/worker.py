"""What every threaded reader shares: its own thread, a stop signal and the link status it reports."""
from __future__ import annotations

import logging
import threading
import time

from .events import FAILED, OFFLINE, Emit, LinkStatus, StatusKeeper

log = logging.getLogger(__name__)

RESTART_BACKOFF = (1.0, 30.0)
"""Seconds before a reader whose loop raised is started again, doubling up to the second."""


class ReaderThread:
    """Base for readers polled by a thread of their own; subclasses write `_run` (and `_close`).

    A `_run` that raises does not end the reader silently: its status turns "failed" with the
    cause, the hardware is released, and `_run` starts again after a back-off that doubles
    while it keeps failing (and starts over after a run that lasted the longest back-off).
    """

    thread_prefix = "reader"
    restart_backoff = RESTART_BACKOFF

    def __init__(self, reader_id: str, emit: Emit) -> None:
        self.reader_id = reader_id
        self.emit = emit
        self._status = StatusKeeper(reader_id, emit, OFFLINE, "not started")
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.failures = 0

    @property
    def status(self) -> LinkStatus:
        return self._status.current

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._supervise, name=f"{self.thread_prefix}-{self.reader_id}",
                                         daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._close()
        self._status.set(OFFLINE, "stopped")

    def _supervise(self) -> None:
        first, longest = self.restart_backoff
        delay = first
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                self._run()
                return
            except Exception as exc:  # a bug or a callback's error must not end the reader unseen
                if time.monotonic() - started >= longest:
                    delay = first  # it ran well for a while: this is a new failure, not the same one
                self.failures += 1
                log.exception("reader %s failed; restarting it in %g s", self.reader_id, delay)
                self._close_quietly()
                self._status.set(FAILED, f"{type(exc).__name__}: {exc}; restarting in {delay:g} s")
            self._stop.wait(delay)
            delay = min(delay * 2, longest)

    def _close_quietly(self) -> None:
        try:
            self._close()
        except Exception:  # the hardware may be what failed
            log.debug("closing reader %s after a failure failed too", self.reader_id, exc_info=True)

    def _run(self) -> None:
        raise NotImplementedError

    def _close(self) -> None:
        """Release the hardware after the thread has ended (nothing by default)."""
