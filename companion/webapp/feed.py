"""The live feed in words: each journal write as the lines the table screen and phones show.

The wording is the events' sentences (``companion.words.describe``) in each page's language and
the referee timeline's words for corrections, so the screens never phrase an event themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.engine import GameConfig, apply, new_game
from companion.table.history import Counted
from companion.table.timeline import correction_text
from companion.words import describe

FEED_LINES = 40
"""How many lines a page keeps (live.js keeps the same number)."""


def entry_lines(notice: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """What a journal write did: the engine's events of an input, or the correction it made."""
    if notice["kind"] == "input":
        return [describe(event, names, lang) for event in notice.get("events", ())]
    return [f"#{notice['seq']} {correction_text(notice['kind'], notice['payload'], names, lang)}"]


def journal_lines(config: GameConfig, inputs: Iterable[Counted], lang: str, limit: int = FEED_LINES) -> list[str]:
    """The last lines of the game so far, oldest first, for a page opened (or reloaded) mid-game.

    Replays the inputs that count, so a reloaded page reads what the journal says happened.
    """
    state = new_game(config)
    lines: list[str] = []
    for item in inputs:
        lines.extend(describe(event, config.players, lang) for event in apply(state, item.action))
        del lines[:-limit]
    return lines
