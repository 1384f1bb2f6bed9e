"""Rich offerings (AP04, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...phases import evaluation
from ...text import N_, say, say_n
from .._card import Card, Events, ask, more_tails, seats


def _rich_offerings(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        ask(ctx, CARD, "fortune.choice", say("Rich offerings: choose one"),
                  [Option("tails", say_n("{n} more rat tail", "{n} more rat tails", catalog.RICH_TAILS)),
                   Option("rolls", say_n("Roll the die {n} time", "Roll the die {n} times", catalog.RICH_ROLLS)),
                   Option("droplet", say_n("Move your droplet {n} space", "Move your droplet {n} spaces",
                                           catalog.RICH_DROPLET))])


def _resolve_rich_offerings(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "tails":
        more_tails(ctx, CARD, catalog.RICH_TAILS)
    elif keys[0] == "rolls":
        for _ in range(catalog.RICH_ROLLS):
            evaluation.ask_die(ctx)
    else:
        ctx.move_droplet(catalog.RICH_DROPLET, CARD.name)


CARD = Card("AP04", N_("Rich offerings"), N_("Choose: 8 more rat tails, or roll the die 4 times, or move your "
            "droplet 3 spaces forward."), start={"brewing": _rich_offerings}, resolve=_resolve_rich_offerings)
