"""The server's own CPU time, by phase, for the live-page benchmarks.

Each phase is a set of functions of the server wrapped to add up the CPU time of the thread that
runs them (``time.thread_time_ns``), less the time of the phases they call: a render that asks for
the advice bound counts the bound apart. Besides, every thread of the process but the benchmark's
own (its clients, the loop choosing the inputs) is read from its CPU clock at the start and the
end, so the total holds what no wrapper names (the event loop's writes to the pages, Flask's
threads, the table's worker). The simulated players are reported but kept out of the server's total: they
are not the serving of an input; nor is the advice, worked out in a worker process of its own,
whose CPU time (every child process's, read from ``/proc``) is reported apart.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

OUTSIDE = ("simulated players", "benchmark's player")
"""Phases measured but not counted as serving an input."""


class ServerCPU:
    """Wrap the server's phases; ``start()`` after the warm-up, ``stop()`` at the end, then ``report()``."""

    def __init__(self, own_threads: Callable[[], Iterable[int]]) -> None:
        self.spent: Counter[str] = Counter()
        self._own = own_threads
        self._local = threading.local()
        self._on = False
        self._clocks: dict[int, int] = {}
        self._mine: set[int] = set()
        self.threads: Counter[str] = Counter()  # CPU ns per thread name between start and stop
        self._children: dict[int, int] = {}
        self.workers = 0  # CPU ns of the worker processes between start and stop

    def wrap(self, owner: Any, name: str, phase: str) -> None:
        """Count the CPU time of ``owner.name(...)`` as ``phase`` (without the phases it calls)."""
        original = getattr(owner, name)
        setattr(owner, name, lambda *args, **kwargs: self._timed(phase, original, *args, **kwargs))

    def _timed(self, phase: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if not self._on or threading.get_ident() in self._mine:  # the benchmark's own work is not the server's
            return call(*args, **kwargs)
        stack = self._local.__dict__.setdefault("stack", [])
        stack.append(0)
        begun = time.thread_time_ns()
        try:
            return call(*args, **kwargs)
        finally:
            took = time.thread_time_ns() - begun
            inner = stack.pop()
            self.spent[phase] += took - inner
            if stack:
                stack[-1] += took

    def wrap_context(self, owner: Any, name: str, phase: str) -> None:
        """Count the CPU time of entering and leaving the context ``owner.name(...)`` returns (a
        transaction's BEGIN and COMMIT), not of what runs inside it."""
        original = getattr(owner, name)
        cpu = self

        class Timed:
            def __init__(self, inner: Any) -> None:
                self.inner = inner

            def __enter__(self) -> Any:
                return cpu._timed(phase, self.inner.__enter__)

            def __exit__(self, *exc: Any) -> Any:
                return cpu._timed(phase, self.inner.__exit__, *exc)

        setattr(owner, name, lambda *args, **kwargs: Timed(original(*args, **kwargs)))

    def start(self) -> None:
        self._mine = set(self._own())
        self._clocks = self._read()
        self._children = children_cpu()
        self.spent.clear()
        self._on = True

    def stop(self) -> None:
        self._on = False
        now = self._read()
        self.workers = sum(ns - self._children.get(pid, 0) for pid, ns in children_cpu().items())
        names = {t.ident: t.name for t in threading.enumerate()}
        for ident, ns in now.items():
            self.threads[names.get(ident, "?")] += ns - self._clocks.get(ident, 0)

    def _read(self) -> dict[int, int]:
        """The CPU clock of every thread but the benchmark's own."""
        own = set(self._own())
        clocks = {}
        for thread in threading.enumerate():
            if thread.ident is None or thread.ident in own:
                continue
            try:
                clocks[thread.ident] = time.clock_gettime_ns(time.pthread_getcpuclockid(thread.ident))
            except OSError:  # ended meanwhile
                continue
        return clocks

    def report(self, inputs: int) -> list[str]:
        """Lines: the server's CPU per input in all, then each phase's share."""
        total = sum(self.threads.values())
        outside = sum(self.spent[p] for p in OUTSIDE)
        serving = total - outside
        named = sum(ns for p, ns in self.spent.items() if p not in OUTSIDE)
        lines = [f"server CPU per input: {serving / inputs / 1e6:.3f} ms "
                 f"(all server threads {total / inputs / 1e6:.3f} ms, less "
                 + ", ".join(f"{p} {self.spent[p] / inputs / 1e6:.3f} ms" for p in OUTSIDE) + ")"]
        for phase, ns in sorted(self.spent.items(), key=lambda kv: -kv[1]):
            if phase not in OUTSIDE:
                lines.append(f"  {phase:<34} {ns / inputs / 1e6:7.3f} ms")
        lines.append(f"  {'the rest (loop, writes to pages)':<34} {(serving - named) / inputs / 1e6:7.3f} ms")
        lines.append(f"  kept apart: the worker processes (the advice) {self.workers / inputs / 1e6:.3f} ms")
        lines.append("  by thread: " + ", ".join(f"{name} {ns / inputs / 1e6:.3f}"
                                                 for name, ns in sorted(self.threads.items(), key=lambda kv: -kv[1])))
        return lines


def children_cpu() -> dict[int, int]:
    """The CPU time (ns, user and system) of each worker process this one started."""
    found = {}
    for child in multiprocessing.active_children():
        try:
            found[child.pid] = process_cpu(child.pid)
        except (FileNotFoundError, ProcessLookupError):  # ended meanwhile
            continue
    return found


def process_cpu(pid: int) -> int:
    """The CPU time (ns, user and system, every thread) of process ``pid`` so far."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(") ", 1)[1].split()
    return int((int(fields[11]) + int(fields[12])) * 1e9 / os.sysconf("SC_CLK_TCK"))
