"""What every threaded reader shares: its own thread, a stop signal and the link status it reports."""
from __future__ import annotations

import threading

from .events import OFFLINE, Emit, LinkStatus, StatusKeeper


class ReaderThread:
    """Base for readers polled by a thread of their own; subclasses write `_run` (and `_close`)."""

    thread_prefix = "reader"

    def __init__(self, reader_id: str, emit: Emit) -> None:
        self.reader_id = reader_id
        self.emit = emit
        self._status = StatusKeeper(reader_id, emit, OFFLINE, "not started")
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def status(self) -> LinkStatus:
        return self._status.current

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"{self.thread_prefix}-{self.reader_id}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._close()
        self._status.set(OFFLINE, "stopped")

    def _run(self) -> None:
        raise NotImplementedError

    def _close(self) -> None:
        """Release the hardware after the thread has ended (nothing by default)."""
