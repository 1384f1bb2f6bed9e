"""Spoiled for choice (AP01, a purple card: carried out as it is turned up)."""

from __future__ import annotations

from ... import catalog
from ...context import Ctx
from ...model import Decision, GameState, Option
from ...phases import evaluation
from ...text import N_, say
from .._card import Card, Events, ask, chip_options, more_tails, resolve_take, seats


def _spoiled(state: GameState, events: Events) -> None:
    for ctx in seats(state, events):
        options = [Option("bundle", say("{rubies} ruby, a roll of the die and {tails} more rat tails",
                                        rubies=catalog.SPOILED_RUBIES, tails=catalog.SPOILED_TAILS)),
                   *chip_options(state, catalog.SPOILED_CHIP[1], only=(catalog.SPOILED_CHIP[0],))]
        ask(ctx, CARD, "fortune.choice", say("Spoiled for choice: choose one"), options)


def _resolve_spoiled(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if keys[0] != "bundle":
        resolve_take(ctx, CARD, decision, keys)
        return
    ctx.close(decision)
    ctx.gain_rubies(catalog.SPOILED_RUBIES, CARD.name)
    more_tails(ctx, CARD, catalog.SPOILED_TAILS)
    evaluation.ask_die(ctx)


CARD = Card("AP01", N_("Spoiled for choice"), N_("Choose: 1 ruby, 1 roll of the die and 3 more rat tails, or 1 red "
            "2-chip."), start={"brewing": _spoiled}, resolve=_resolve_spoiled)
