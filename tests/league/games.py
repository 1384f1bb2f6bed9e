"""Finished games for the league's tests, played by the seeded random player of `quacks simulate`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from companion.autoplay import play_game
from companion.engine import GameConfig, format_transcript, replay

EVENING = datetime(2026, 11, 20, 19, 0, tzinfo=UTC)


@cache
def transcript(players: tuple[str, ...], seed: int) -> str:
    """A whole game of these players (the same seed, the same game)."""
    config = GameConfig(players=players)
    _, actions = play_game(config, seed)
    return format_transcript(config, actions)


def scores(text: str) -> list[int]:
    """The final scores by seat, replayed here through the engine's front door."""
    from companion.engine import parse_transcript
    config, numbered = parse_transcript(text)
    return [s.score for s in replay(config, [a for _, a in numbered]).seats]


def push(players: tuple[str, ...], seed: int, *, game: str | None = None, seq: int = 500, codes: list[str | None] | None = None,
         hour: float = 0, text: str | None = None) -> dict[str, Any]:
    """A finished game's push as a table sends it."""
    started = EVENING + timedelta(hours=hour)
    return {"game": game or f"{seed}@{started.isoformat()}", "seq": seq, "started_at": started.isoformat(),
            "finished_at": (started + timedelta(minutes=45)).isoformat(),
            "transcript": text if text is not None else transcript(players, seed),
            "codes": codes if codes is not None else [None] * len(players)}
