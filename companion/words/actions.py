"""An input in words, for the referee's timeline: who did what, in a page's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engine import CARDS, GameState
from companion.engine.expansions.exchange import POINTS
from companion.engine.text import N_

from .events import Words


def _chosen(w: Words, action: dict[str, Any], state: GameState | None) -> str:
    """The labels of the options chosen, as the question showed them (the state before the answer)."""
    decision = next((d for d in state.decisions if d.id == action["decision"]), None) if state else None
    if decision is None:
        return ", ".join(action["keys"])
    labels = {o.key: o.label for o in decision.options}
    return ", ".join(w.text(labels[k]) if k in labels else k for k in action["keys"])


def action_text(action: dict[str, Any], names: Sequence[str], lang: str = "en",
                state: GameState | None = None) -> str:
    """'Ann: draws white 1': an input as the timeline lists it (`state`: the game just before it)."""
    w = Words(lang)
    kind = action["kind"]
    if kind == "draw":
        text = w._("draws {chip}", chip=w.chip(action["chip"]))
    elif kind == "return":
        text = w._("{chip} back into the bag", chip=w.chip(action["chip"]))
    elif kind == "stop":
        text = w._("stops brewing")
    elif kind == "done":
        text = w._("is done")
    elif kind == "buy" and action["color"] == POINTS:
        text = w.ngettext("buys {n} victory point at the exchange stand", "buys {n} victory points at the exchange stand",
                          action["value"])
    elif kind == "buy":
        text = w._("buys {chip}", chip=w.kind(f"{action['color']}-{action['value']}"))
    elif kind == "spend":
        text = w._("moves the droplet for rubies") if action["what"] == "droplet" else \
            w._("refills the flask for rubies")
    elif kind == "choose":
        text = w._("chooses: {options}", options=_chosen(w, action, state))
    elif kind == "fortune":
        card = action.get("card")
        return w._("Fortune Teller: {card}", card=w.lookup(CARDS[card].name)) if card in CARDS else \
            w._("Fortune Teller: no card")
    else:
        text = kind
    seat = action.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else w.lookup(TABLE)
    return w._("{name}: {text}", name=who, text=text)


TABLE = N_("table")
"""Who an input without a seat came from."""
