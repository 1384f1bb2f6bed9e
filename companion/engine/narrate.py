"""Events in words: one line each, for the replay timeline, the referee and the table screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import catalog
from .ingredients.labels import chip_label, plural


def printed(space: int) -> int:
    """The number printed on a pot space (its coins): what players call it, not its index."""
    return catalog.POT_TRACK[space].coins


_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "round_start": lambda e: f"— Round {e['round']} —",
    "round_end": lambda e: f"End of round {e['round']}",
    "fortune": lambda e: "Fortune Teller: no card" if e["card"] is None else f"Fortune Teller: {e.get('name', e['card'])}",
    "card_look": lambda e: f"draws {e['chips']} chip(s) to look at",
    "card_total": lambda e: f"the chips looked at total {e['total']}",
    "threshold": lambda e: f"this round a pot explodes only above {e['threshold']}",
    "rubies_paid": lambda e: f"pays {e['amount']} ruby ({e['why']})",
    "chip_removed": lambda e: f"{chip_label(e['chip'])} goes back to the supply ({e['why']})",
    "brew_again": lambda e: "puts the whole pot back into the bag and brews again",
    "phase": lambda e: f"Phase: {e['phase'].replace('_', ' ')}",
    "rat": lambda e: f"rat stone {plural(e['tails'], 'space')} past the droplet (space {printed(e['space'])})"
                     + (f" ({e['why']})" if e.get("why") else ""),
    "placed": lambda e: f"{'places' if e.get('aside') else 'draws'} {chip_label(e['chip'])}"
                        + f"{' from beside the pot' if e.get('aside') else ''} → space {printed(e['space'])}"
                        + (f" (+{e['extra']} extra)" if e.get("extra") else ""),
    "revealed": lambda e: f"looks at {chip_label(e['chip'])}",
    "set_aside": lambda e: f"draws {chip_label(e['chip'])} → beside the pot",
    "kept_aside": lambda e: f"keeps {chip_label(e['chip'])} beside the pot for a later round",
    "preview_empty": lambda e: "crow skull: the bag is empty, nothing to look at",
    "returned": lambda e: f"puts back {', '.join(chip_label(c) for c in e['chips'])} ({e['why']})",
    "exploded": lambda e: f"EXPLODES: whites {e['white_total']} > {e['threshold']}",
    "return_seen": lambda e: f"{chip_label(e['chip'])} seen going back into the bag",
    "returns_unseen": lambda e: f"{plural(len(e['chips']), 'chip')} went back into the bag unread",
    "pot_full": lambda e: "the pot is full (last space reached)",
    "stopped": lambda e: f"stops ({e['why']})",
    "flask": lambda e: f"uses the flask: {chip_label(e['chip'])} back into the bag",
    "flask_refilled": lambda e: f"refills the flask ({e.get('why', f'{catalog.FLASK_COST} rubies')})",
    "no_roll": lambda e: f"nobody rolls the bonus die: {e['why']}",
    "die": lambda e: f"rolls the bonus die: {e['label']}",
    "points": lambda e: f"+{e['amount']} VP ({e['why']})",
    "rubies": lambda e: f"+{plural(e['amount'], 'ruby', 'rubies')} ({e['why']})",
    "droplet": lambda e: f"droplet to space {printed(e['to'])} ({e['why']})",
    "tube": lambda e: f"test-tube droplet to glass {e['to']}: {e['bonus']} ({e['why']})",
    "coins": lambda e: plural(e['amount'], 'coin'),
    "coins_lost": lambda e: f"loses {plural(e['amount'], 'unspent coin')}",
    "chip_gained": lambda e: f"gets {chip_label(e['chip'])} into the bag ({e['why']})",
    "sold_out": lambda e: f"no {e['kind'].replace('-', ' ')} left in the supply ({e['why']})",
    "bought": lambda e: f"buys {chip_label(e['chip'])} for {plural(e['cost'], 'coin')}",
    "game_over": lambda e: "Game over",
}


def describe(event: dict[str, Any], names: Sequence[str]) -> str:
    """'Ann: draws white 2 → space 5' (the printed number), or a table-wide line without a name."""
    words = _TEXT.get(event["event"])
    text = words(event) if words else str(event["event"])
    seat = event.get("seat")
    return text if seat is None else f"{names[seat]}: {text}"
