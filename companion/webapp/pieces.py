"""Advice that takes a few hundred milliseconds (the shop, the other choices), worked out a piece
at a time in a thread of its own (`Assist._run_piece`), beside the views thread's renders.

The shop's values sample a few thousand brews; an exploded pot's coins are valued by what they
buy; the ruby spends by sampled brews too. Each is a generator from the advice package that
yields between its pieces (a purchase or a variant valued: a few tens of milliseconds). It
starts as soon as a page of the seat is rendered in the situation (for the shop: any seat that
will still shop this round, usually before its turn); once found, the seat's pages are told
(`ready`) and get it with the seat's advice event.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Generator
from typing import Any

from companion.advice import may_draw
from companion.engine import GameState

log = logging.getLogger(__name__)

Key = tuple[Any, ...]
Steps = Generator[None, None, dict[str, Any]]


def _seat_key(state: GameState, seat_no: int) -> Key:
    seat = state.seats[seat_no]
    return (state.config, state.round, state.phase, seat_no, seat.coins, tuple(seat.bought), seat.rubies,
            seat.flask_full, seat.done, tuple(sorted(seat.bag)), tuple(seat.pot), tuple(seat.hand),
            tuple(d.id for d in state.decisions_for(seat_no)))


def shop_key(state: GameState, seat_no: int) -> Key | None:
    """The seat's situation in the shop, or None when it does not shop (any more) this round: it
    is the shopper now, or one after it in turn with coins to spend."""
    if state.phase != "shop" or state.shopper is None:
        return None
    order = state.turn_order()
    if order.index(seat_no) < order.index(state.shopper) or not state.seats[seat_no].coins:
        return None
    return _seat_key(state, seat_no)


def choice_key(state: GameState, seat_no: int) -> Key | None:
    """The seat's situation when it has a question open (the die is chance, not one) or rubies
    to spend; None otherwise, and for a seat that may draw (its offers come with DRAW/STOP)."""
    asked = [d for d in state.decisions_for(seat_no) if d.kind != "bonus_die"]
    spending = state.phase == "spend" and not state.seats[seat_no].done
    if not (asked or spending) or may_draw(state, seat_no):
        return None
    return (*_seat_key(state, seat_no), tuple(s.in_pot("black") for s in state.seats))


class Pieces:
    """One kind of advice: what was found for each seat's situation, and what is under way."""

    def __init__(self, steps: Callable[[GameState, int], Steps], key: Callable[[GameState, int], Key | None],
                 submit: Callable[[Callable[[], None]], None], ready: Callable[[int], None],
                 live: Callable[[], bool]) -> None:
        """`steps` makes the generator, `key` names the situation (None: no such advice now);
        `submit` runs a piece on the advice's executor, `ready` tells a seat's pages, `live`: the
        pages are served (else a view is one-off and the advice is worked out at once)."""
        self.steps, self.key = steps, key
        self.submit, self.ready, self.live = submit, ready, live
        self._found: dict[Key, dict[str, Any]] = {}
        self._under_way: dict[Key, Steps] = {}
        self._lock = threading.Lock()

    def advice(self, state: GameState, seat_no: int) -> dict[str, Any] | None:
        """The seat's advice now, `{"searching": True}` while it is worked out, or None."""
        key = self.key(state, seat_no)
        if key is None:
            return None
        with self._lock:
            found = self._found.get(key)
            if found is None and key not in self._under_way:
                self._under_way[key] = self.steps(state, seat_no)
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
            log.exception("advice could not be worked out")
            found = {"seat": key[3], "failed": True}
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
