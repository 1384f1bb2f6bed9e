"""The live feed in words: each journal write as the lines the table screen and phones show.

The wording is the engine's narration (``engine.narrate.describe``) and the referee timeline's
words for corrections, so the screens never phrase an event themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.narrate import describe
from companion.table.timeline import correction_text


def entry_lines(notice: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """What a journal write did: the engine's events of an input, or the correction it made."""
    if notice["kind"] == "input":
        return [describe(event, names) for event in notice.get("events", ())]
    return [f"#{notice['seq']} {correction_text(notice['kind'], notice['payload'], names)}"]
