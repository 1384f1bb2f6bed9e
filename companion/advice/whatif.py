"""Hypothetical draws for one seat, played by the engine's own brewing code on a light copy.

The outlook and the advice never place a chip themselves: they ask `brewing.draw` and the rules'
resolvers, so every book and card the engine knows is followed without a second copy of it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine.context import Ctx
from ..engine.game import CORE_RESOLVERS
from ..engine.ingredients import RULES
from ..engine.model import Decision, GameState, chip
from ..engine.phases import brewing

Events = list[dict[str, Any]]


def sandbox(state: GameState, seat_no: int) -> GameState:
    """A copy in which only `seat_no` (its seat, its decisions, the supply, the decision log) may
    be changed; the other seats are shared, not copied. (Built field by field, written out: a
    search and the sampled brews make tens of thousands of these, and a loop over the fields
    costs several times as much; `tests/advice/test_whatif.py` checks that every field is here.)"""
    new = object.__new__(GameState)
    new.config, new.round, new.phase, new.start_player = state.config, state.round, state.phase, state.start_player
    new.shopper, new.fortune, new.winners, new.seq = state.shopper, state.fortune, state.winners, state.seq
    new.cards_used, new.card_data, new.ended, new.drawing = state.cards_used, state.card_data, state.ended, state.drawing
    new.seats = list(state.seats)
    new.seats[seat_no] = state.seats[seat_no].clone()
    supply = state.supply
    new.supply = dict(zip(supply, map(list.copy, supply.values()), strict=True))
    new.decisions = [_copy(d) if d.seat == seat_no else d for d in state.decisions]
    new.asked = state.asked.copy()
    return new


def _copy(d: Decision) -> Decision:
    return Decision(d.id, d.seat, d.kind, d.rule, d.prompt, d.options.copy(), d.pick, d.blocking, dict(d.data))


@cache
def kind_of(chip_id: str) -> str:
    """``white-1`` for ``white-1-03``: what a searching loop compares chips by."""
    return chip(chip_id).kind


def kinds_in_bag(state: GameState, seat_no: int) -> dict[str, str]:
    """Chip kind -> one chip of that kind in the bag (chips of a kind are interchangeable)."""
    found: dict[str, str] = {}
    for cid in state.seats[seat_no].bag:
        found.setdefault(kind_of(cid), cid)
    return found


def draw(state: GameState, seat_no: int, chip_id: str) -> tuple[GameState, Events]:
    """The state after this chip came out of the seat's bag (the argument is not changed)."""
    new = sandbox(state, seat_no)
    events: Events = []
    brewing.draw(new, seat_no, chip_id, events)
    return new, events


def stop(state: GameState, seat_no: int) -> GameState:
    """The state after the seat stopped drawing (its books' questions at a stop are open)."""
    new = sandbox(state, seat_no)
    brewing.stop(new, seat_no, [])
    return new


def answer(state: GameState, seat_no: int, decision_id: str, key: str) -> GameState:
    """The state after the seat answered one of its decisions with `key`."""
    new = sandbox(state, seat_no)
    decision = next((d for d in new.decisions if d.id == decision_id), None)
    if decision is None:
        raise ValueError(f"decision {decision_id} is not open")
    ctx = Ctx(new, seat_no, [])
    resolver = CORE_RESOLVERS.get(decision.rule) or RULES[decision.rule].resolve
    assert resolver is not None, f"{decision.rule} opened a decision it cannot resolve"
    resolver(ctx, decision, (key,))
    brewing.settle(ctx)
    return new


def ignore_offers(state: GameState, seat_no: int) -> GameState:
    """The state once the seat's open offers (flask, mandrake) lapse, as its next draw does."""
    new = sandbox(state, seat_no)
    new.decisions = [d for d in new.decisions if d.seat != seat_no or not d.lapses(stopping=False)]
    return new
