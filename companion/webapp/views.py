"""The views thread: the pages' renders first, the phones' advice searches when no render waits.

One thread renders every view (each is cached per change, so one is enough) and searches the
phones' advice a slice at a time in between. With a plain queue a render waited behind every
slice queued before it (one per seat searching: four at the start of a round); here it waits at
most for the slice under way.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

Job = tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]


class Views(Executor):
    """An executor of one thread with two queues: ``submit`` (renders, a page's first view, the
    host's checks) goes before anything given to ``later`` (the advice searches)."""

    def __init__(self, name: str = "views") -> None:
        self._first: deque[Job] = deque()
        self._then: deque[Job] = deque()
        self._ready = threading.Condition()
        self._closed = False
        self.later = _Later(self)
        self._name = name
        self._thread: threading.Thread | None = None  # started by the first job

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self.put(True, fn, args, kwargs)

    def put(self, first: bool, fn: Callable[..., Any], args: tuple[Any, ...],
            kwargs: dict[str, Any]) -> Future[Any]:
        """Queue ``fn(*args, **kwargs)``: with the renders (``first``), or after them."""
        future: Future[Any] = Future()
        with self._ready:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            (self._first if first else self._then).append((future, fn, args, kwargs))
            self._ready.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name=self._name, daemon=True)
                self._thread.start()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._ready:
            self._closed = True
            if cancel_futures:
                for future, *_ in (*self._first, *self._then):
                    future.cancel()
            self._ready.notify()
        if wait and self._thread is not None:
            self._thread.join()

    def _work(self) -> None:
        while True:
            with self._ready:
                while not (self._first or self._then or self._closed):
                    self._ready.wait()
                if not (self._first or self._then):
                    return
                future, fn, args, kwargs = (self._first or self._then).popleft()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as err:  # the caller's future carries it
                future.set_exception(err)


class _Later(Executor):
    """``Views.later``: the same thread, after every render waiting."""

    def __init__(self, views: Views) -> None:
        self._views = views

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._views.put(False, fn, args, kwargs)
