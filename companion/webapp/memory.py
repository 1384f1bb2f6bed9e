"""Giving memory back to the system once a crowd of pages has left.

Python's own allocator keeps each 1 MiB arena for as long as one object in it lives: a crowd of
pages that came and went while the game went on leaves arenas pinned by a few of the game's
objects, and the server stays some ten megabytes bigger for good. So ``quacks serve`` and
``quacks demo`` run with Python's objects in glibc's malloc (``PYTHONMALLOC=malloc``, set by
restarting themselves at once, ``companion/launch.py``), whose free pages ``malloc_trim`` returns one by one after the
pages have left. Elsewhere (another C library) neither is done.
"""

from __future__ import annotations

import gc

from companion.launch import MALLOC_TRIM

YOUNG = 10_000
"""Objects made (less those freed) before a collection of the youngest generation while serving
(Python's default is 700). A change's views, patches and messages are some thousands of short-lived
objects: at 700 a collection ran several times per input and walked objects about to be freed
anyway, and moved more of them on to the older generations, whose collections walk everything.
At 10,000 the collections' CPU over a whole game fell to about a third (benchmarks/README.md)."""

_DEFAULT = gc.get_threshold()


def give_back() -> None:
    """Free what only cycles hold (closed connections leave some), then return the heaps' free pages
    to the system (some tens of milliseconds: call it off the event loop, when pages have left)."""
    if MALLOC_TRIM is not None:
        gc.collect()
        MALLOC_TRIM(0)


def settle() -> None:
    """Leave what the server has built when it starts serving (the modules, the app, the table:
    some fifty thousand objects that live as long as it does) out of every later collection. A
    full collection holds the interpreter for its whole length, every live page waiting: over them
    it took 30 to 80 ms on a busy two-core machine, a few times a game with the advice on (which
    makes many objects); without them, a few milliseconds. The youngest generation is collected
    less often (``YOUNG``). ``unsettle`` gives both back."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, *_DEFAULT[1:])


def unsettle() -> None:
    """The server stopped: what it built may be collected again (tests start and stop many)."""
    gc.unfreeze()
    gc.set_threshold(*_DEFAULT)
