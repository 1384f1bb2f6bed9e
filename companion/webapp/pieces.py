"""Advice that takes a few hundred milliseconds (the shop, the other choices), worked out by the
advice worker (`asking.Questions`), outside the serving process.

The shop's values sample a few thousand brews; an exploded pot's coins are valued by what they
buy; the ruby spends by sampled brews too. It is asked for as soon as a page of the seat is
rendered in the situation (for the shop: any seat that will still shop this round, usually before
its turn); once found, the seat's pages are told (`ready`) and get it with the seat's advice event.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.advice import may_draw
from companion.advising import answer
from companion.engine import GameState

from .asking import Key

Ask = Callable[[str, int, Key, GameState], None]


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
    """One kind of advice (`shop` or `choices`): what was found for each seat's situation."""

    def __init__(self, kind: str, key: Callable[[GameState, int], Key | None], ask: Ask,
                 live: Callable[[], bool]) -> None:
        """`key` names the situation (None: no such advice now); `ask` puts the question to the
        worker; `live`: the pages are served (else a view is one-off and the advice is worked out at once)."""
        self.kind, self.key, self.ask, self.live = kind, key, ask, live
        self._found: dict[Key, dict[str, Any]] = {}
        self._lock = threading.Lock()

    def advice(self, state: GameState, seat_no: int) -> dict[str, Any] | None:
        """The seat's advice now, `{"searching": True}` while it is worked out, or None."""
        key = self.key(state, seat_no)
        if key is None:
            return None
        with self._lock:
            found = self._found.get(key)
        if found is None and self.live():
            self.ask(self.kind, seat_no, key, state)
        elif found is None:  # a one-off view: worked out now
            found = answer(self.kind, state, seat_no)
            self.keep(seat_no, key, found)
        return found or {"seat": seat_no, "searching": True}

    def keep(self, seat_no: int, key: Key, found: dict[str, Any] | None) -> None:
        """The advice found for the seat's situation (None: it could not be, and the page shows none)."""
        with self._lock:
            if len(self._found) > 64:
                self._found.clear()
            self._found[key] = found if found is not None else {"seat": seat_no, "failed": True}
