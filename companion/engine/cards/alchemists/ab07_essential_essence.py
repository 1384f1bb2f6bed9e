"""Essential essence (AB07, a blue card: in force for the round)."""

from __future__ import annotations

from ...context import Ctx
from ...model import Decision, GameState, Option
from ...phases import evaluation
from ...text import N_, say
from .._card import Card, Events, ask, seats


def _essential_essence(state: GameState, events: Events) -> None:
    best = max(s.essence for s in state.seats)
    for ctx in seats(state, events):
        if ctx.seat.essence == best:
            options = [Option("die", say("Roll the bonus die once"))]
            if not ctx.seat.flask_full:
                options.append(Option("flask", say("Refill your flask")))
            ask(ctx, CARD, "fortune.choice", say("Essential essence: roll the bonus die or refill your flask"), options)


def _resolve_essential_essence(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "die":
        evaluation.ask_die(ctx)
    else:
        ctx.seat.flask_full = True
        ctx.emit("flask_refilled", why=CARD.name)


CARD = Card("AB07", N_("Essential essence"), N_("The player or players with the highest essence after the essence "
            "phase may roll the bonus die once or refill their flask."), end={"essence": _essential_essence},
            resolve=_resolve_essential_essence, needs="alchemists")
