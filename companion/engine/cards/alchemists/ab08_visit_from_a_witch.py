"""Visit from a witch (AB08, a blue card: in force for the round)."""

from __future__ import annotations

from ...context import Ctx
from ...expansions.herb_witches import witches
from ...model import Decision, GameState, Option
from ...text import N_, say
from .._card import Card, Events, ask


def _visit(state: GameState, events: Events) -> None:
    """The start player turns up a witch not laid out; she is everyone's for free this round."""
    ctx = Ctx(state, state.start_player, events)
    away = [w for w in witches.WITCHES.values() if w.id not in state.config.witches]
    ask(ctx, CARD, "fortune.choice", say("Visit from a witch: which witch did you turn up?"),
              [Option(w.id, say(w.name)) for w in away])


def _resolve_visit(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    ctx.state.card_data["visitor"], ctx.state.card_data["visited"] = [keys[0]], []
    ctx.emit("witch_visits", witch=keys[0], name=witches.WITCHES[keys[0]].name)


CARD = Card("AB08", N_("Visit from a witch"), N_("The start player turns up a herb witch that is not in play; this "
            "round every player may call her once for free."), needs="witches", read=_visit, resolve=_resolve_visit)
