"""Choose Wisely (P09, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...text import N_, say, say_n
from .._card import Card, Events, ask, chip_options, resolve_take, seats


def _choose_wisely(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        steps = catalog.CARD_DROPLET["P09"]
        options = [Option("droplet", say_n("Move your droplet {n} space", "Move your droplet {n} spaces", steps)),
                   *chip_options(state, 1, only=("purple",))]
        ask(ctx, CARD, "fortune.choice", say("Choose Wisely: the droplet or a purple chip"), options)


def _resolve_choose_wisely(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if keys[0] == "droplet":
        ctx.close(decision)
        ctx.move_droplet(catalog.CARD_DROPLET["P09"], CARD.name)
    else:
        resolve_take(ctx, CARD, decision, keys)


CARD = Card("P09", N_("Choose Wisely"), N_("Each player chooses: move the droplet 2 spaces forward, or take 1 "
            "purple chip."), needs="purple", read=_choose_wisely, resolve=_resolve_choose_wisely,
            other_titles=("Decisions, Decisions...",))
