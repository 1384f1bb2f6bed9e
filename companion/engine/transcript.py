"""Transcripts: a game as JSON Lines, its setup on the first line and one input per line after.

Format (docs/transcript.md): line 1 is ``{"format": "quacks-transcript", "version": 1, "setup": {...}}``;
every further line is an input in the codec's JSON form. Blank lines and lines starting with ``#``
are ignored, so a transcript can carry comments.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from .actions import Action, action_from_dict, action_to_dict
from .errors import ConfigError, IllegalAction
from .model import GameConfig

FORMAT = "quacks-transcript"
VERSION = 1


class TranscriptError(ValueError):
    """A transcript line that cannot be read or played, with its line number."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def format_transcript(config: GameConfig, actions: Iterable[Action]) -> str:
    lines = [json.dumps({"format": FORMAT, "version": VERSION, "setup": config.to_dict()})]
    lines.extend(json.dumps(action_to_dict(a)) for a in actions)
    return "\n".join(lines) + "\n"


def parse_transcript(text: str) -> tuple[GameConfig, list[tuple[int, Action]]]:
    """The setup and the inputs, each with its line number; only the form is checked here."""
    config: GameConfig | None = None
    actions: list[tuple[int, Action]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TranscriptError(number, f"not JSON ({exc.msg} at column {exc.colno})") from None
        except RecursionError:
            raise TranscriptError(number, "not an input: the JSON is nested too deeply") from None
        except ValueError:  # Python reads no integer of more than 4,300 digits
            raise TranscriptError(number, "not an input: a number is thousands of digits long") from None
        if config is None:
            config = _header(number, data)
            continue
        try:
            actions.append((number, action_from_dict(data)))
        except IllegalAction as exc:
            raise TranscriptError(number, exc.reason) from None
    if config is None:
        raise TranscriptError(1, "empty transcript: the first line must be the setup header")
    return config, actions


def _header(number: int, data: object) -> GameConfig:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TranscriptError(number, f'the first line must be a header with "format": "{FORMAT}"')
    if data.get("version") != VERSION:
        raise TranscriptError(number, f"transcript version {data.get('version')!r} is not supported (this engine reads {VERSION})")
    try:
        return GameConfig.from_dict(data.get("setup"))
    except (ConfigError, TypeError) as exc:
        raise TranscriptError(number, f"bad setup: {exc}") from None
