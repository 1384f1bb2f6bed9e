"""The `quacks` command's first step, before anything heavy is imported.

``quacks serve`` and ``quacks demo`` keep Python's objects in glibc's malloc (``webapp/memory.py``
says why), which takes restarting the process with ``PYTHONMALLOC=malloc``. Restarting here, before
the commands, Flask and the engine are imported, imports them once instead of twice: on a Pi 3 that
is seconds of start-up (benchmarks/README.md, "At a Raspberry Pi's speed").
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Sequence


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL(None).malloc_trim  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


MALLOC_TRIM = _malloc_trim()
"""glibc's ``malloc_trim``; None under another C library (then neither it nor the restart is used)."""

SERVERS = frozenset({"demo", "serve"})
"""Commands that serve pages for hours: run from the command line, they restart with glibc's malloc."""


def with_system_malloc(argv: Sequence[str]) -> None:
    """Restart this process as ``python -m companion *argv`` with ``PYTHONMALLOC=malloc`` (once:
    the restarted process has it set; a PYTHONMALLOC chosen by the user is left alone)."""
    if MALLOC_TRIM is None or os.environ.get("PYTHONMALLOC"):
        return
    sys.stdout.flush()
    os.execve(sys.executable, [sys.executable, "-m", "companion", *argv], {**os.environ, "PYTHONMALLOC": "malloc"})


def main() -> int:
    """`quacks ...` from the command line."""
    if len(sys.argv) > 1 and sys.argv[1] in SERVERS:
        with_system_malloc(sys.argv[1:])
    from .cli import main as run

    return run()
