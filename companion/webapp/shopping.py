"""The shop advice on a phone: each chip's value beside its price, and the best purchases.

Valuing the purchases samples a few thousand brews (a few hundred milliseconds), so it is worked
out a purchase at a time on the advice's executor (`Assist.executor`, between the pages' renders),
as soon as a seat that will still shop this round has a page open: usually before its turn. Once
found, its pages are told (`ready`) and get it with the seat's advice event.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Generator
from typing import Any

from companion.advice import shop_steps
from companion.engine import GameState

log = logging.getLogger(__name__)

Key = tuple[Any, ...]


def shops_later(state: GameState, seat_no: int) -> bool:
    """The seat shops this round and has not finished: the shopper now, or one after it in turn."""
    if state.phase != "shop" or state.shopper is None:
        return False
    order = state.turn_order()
    return order.index(seat_no) >= order.index(state.shopper) and state.seats[seat_no].coins > 0


class Shopping:
    """The shop advice found for each seat's situation, and the ones under way."""

    def __init__(self, submit: Callable[[Callable[[], None]], None], ready: Callable[[int], None],
                 live: Callable[[], bool]) -> None:
        """`submit` runs a piece of work on the advice's executor, `ready` tells a seat's pages,
        `live`: the pages are served (else a view is one-off and the advice is worked out at once)."""
        self.submit, self.ready, self.live = submit, ready, live
        self._found: dict[Key, dict[str, Any]] = {}
        self._under_way: dict[Key, Generator[None, None, dict[str, Any]]] = {}
        self._lock = threading.Lock()

    def advice(self, state: GameState, seat_no: int) -> dict[str, Any] | None:
        """The seat's shop advice now, `{"searching": True}` while it is worked out, or None when
        the seat does not shop (any more) this round."""
        if not shops_later(state, seat_no):
            return None
        seat = state.seats[seat_no]
        key = (state.config, state.round, seat_no, seat.coins, tuple(seat.bought), tuple(sorted(seat.bag)),
               tuple(c for c, _ in seat.pot))
        with self._lock:
            found = self._found.get(key)
            if found is None and key not in self._under_way:
                self._under_way[key] = shop_steps(state, seat_no)
                if self.live():
                    self.submit(lambda: self._step(key, seat_no))
        if found is None and not self.live():  # a one-off view: worked out now
            while found is None:
                found = self._next(key)
        return found or {"seat": seat_no, "searching": True}

    def _next(self, key: Key) -> dict[str, Any] | None:
        """One piece of the work; the advice once it is done."""
        try:
            next(self._under_way[key])
            return None
        except StopIteration as done:
            found: dict[str, Any] = done.value
        except Exception:  # the page must not wait for it forever: it shows none
            log.exception("the shop advice could not be worked out")
            found = {"seat": key[2], "chips": [], "best": []}
        with self._lock:
            if len(self._found) > 64:
                self._found.clear()
            self._found[key] = found
            del self._under_way[key]
        return found

    def _step(self, key: Key, seat_no: int) -> None:
        if self._next(key) is None:
            self.submit(lambda: self._step(key, seat_no))
        else:
            self.ready(seat_no)
