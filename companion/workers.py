"""The worker processes: searches that would hold the serving process's interpreter run in one of their own.

A search of the advisor (a bot's move, a phone's advice) takes from milliseconds to a good part
of a second. In the serving process it would hold the interpreter while the pages wait for their
updates, so it runs in a worker process: started afresh (spawned, not forked from a server's
threads), when first needed, one per kind of work (the bots', the phones' advice: a Zero 2 W has
512 MB), started again if it dies (killed, out of memory), and ended with the server.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import fields
from multiprocessing.connection import Connection
from multiprocessing.reduction import ForkingPickler
from operator import attrgetter
from typing import Any

from companion.engine.model import Decision, GameState, Option, Seat
from companion.engine.text import Text

NICENESS = 10
"""How far below the serving process the workers run (``os.nice``): when every core is busy (a Pi
with bots searching and the phones' advice) the server's updates go first. A search a few
milliseconds later is not seen on a page; a page's update that late is."""


class Worker:
    """One worker process, started by the first job and again after it died."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future[Any]:
        """Run ``fn(*args)`` in the worker (its arguments and result are pickled: keep them small)."""
        with self._lock:
            if self._pool is None:
                self._pool = _spawn()
            try:
                return self._pool.submit(fn, *args)
            except BrokenProcessPool:  # it died since the last job: a new one from now on
                self._pool.shutdown(wait=False)
                self._pool = _spawn()
                return self._pool.submit(fn, *args)

    def shutdown(self) -> None:
        """End the process and the jobs waiting for it (a later job starts a new one)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


class Asked:
    """One worker process asked by one thread at a time, over a pipe: the question is pickled and
    the answer read by the thread that asks. A pool (`Worker`) hands each job to a thread of its own
    that hands it to another, which pickles it, and back again with the answer: two hand-offs and
    a wake-up of each thread for every question, most of what asking cost the serving process."""

    def __init__(self) -> None:
        self._process: multiprocessing.process.BaseProcess | None = None
        self._pipe: Connection | None = None
        self._lock = threading.Lock()

    def call(self, fn: Callable[..., Any], /, *args: Any) -> Any:
        """``fn(*args)`` in the worker, started first if it is not running; what ``fn`` raised is
        raised here, and ``BrokenProcessPool`` when the worker died (or was shut down) meanwhile."""
        with self._lock:
            if self._process is None or not self._process.is_alive():
                self._start()
            pipe = self._pipe
        assert pipe is not None
        try:
            pipe.send((fn, args))
            ok, found = pipe.recv()
        except (EOFError, OSError) as exc:
            raise BrokenProcessPool("the worker stopped") from exc
        if not ok:
            raise found
        return found

    def _start(self) -> None:
        """A new worker process (under the lock), the one before ended if it still runs."""
        self._end()
        context = multiprocessing.get_context("spawn")
        self._pipe, theirs = context.Pipe()
        self._process = context.Process(target=_answer, args=(theirs,), name="worker", daemon=True)
        self._process.start()
        theirs.close()

    def shutdown(self) -> None:
        """End the process; a question under way ends with ``BrokenProcessPool`` (a later one starts another)."""
        with self._lock:
            self._end()

    def _end(self) -> None:
        """(Under the lock.) The pipe is closed once the thread reading it has its end of file and lets go."""
        process, self._process, self._pipe = self._process, None, None
        if process is not None:
            process.terminate()
            process.join(5)


def _worker_start() -> None:
    """In a worker process, before its first job: run below the serving process (`NICENESS`), and
    leave Ctrl+C to the server, which ends its workers itself. A terminal's interrupt reaches every
    process of the group: without this, each worker stopped mid-wait and printed its traceback."""
    os.nice(NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _answer(pipe: Connection) -> None:
    """The worker process of `Asked`: answers each question until the pipe closes."""
    _worker_start()
    while True:
        try:
            fn, args = pipe.recv()
        except EOFError:
            return
        try:
            pipe.send((True, fn(*args)))
        except Exception as exc:  # what the question raised goes back to the asking thread
            pipe.send((False, exc))


def _spawn() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_start)


def _sent_by_fields(cls: type) -> None:
    """A state goes to the worker with every question (some sixty of these objects, more as the
    game's questions add up): pickled as its class and its fields' values, read in one call, not
    through `dataclasses`' own state of a slotted class, which looks its fields up anew for every
    object (most of the serving process's time spent sending a question)."""
    names = [f.name for f in fields(cls)]
    assert all(f.init for f in fields(cls)), f"{cls.__name__} has a field its constructor does not take"
    values = attrgetter(*names)
    ForkingPickler.register(cls, lambda obj: (cls, values(obj)))


for _cls in (GameState, Seat, Decision, Option, Text):
    _sent_by_fields(_cls)
