"""A pushed game replayed by the league with the same engine as the tables: its result per seat.

The league keeps no number a table sends about a game: scores, places, explosions and purchases
all come from replaying the transcript, and a transcript that does not replay to the end of the
game is refused with the line and the engine's reason.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.engine import ConfigError, GameConfig, IllegalAction, TranscriptError, parse_transcript
from companion.table.nights import Tally


class NotReplayed(ValueError):
    """A transcript the league will not keep, with the line it fails on (0: the whole) and why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    name: str
    score: int
    place: int  # 1 for the winners; seats level on score and last scoring space share a place
    explosions: int
    bought: dict[str, int]  # chips bought per colour


@dataclass(frozen=True, slots=True)
class Result:
    config: GameConfig
    rounds: int
    seats: tuple[SeatResult, ...]


def replay_result(transcript: str) -> Result:
    """The finished game's result, or NotReplayed saying why the league cannot keep it."""
    try:
        config, numbered = parse_transcript(transcript)
    except TranscriptError as exc:
        raise NotReplayed(exc.line, exc.reason) from None
    try:
        tally = Tally(config)
    except (ConfigError, ValueError) as exc:
        raise NotReplayed(1, f"bad setup: {exc}") from None
    for line, action in numbered:
        try:
            tally.play(action)
        except IllegalAction as exc:
            raise NotReplayed(line, exc.reason) from None
    state = tally.state
    if state.phase != "game_over":
        raise NotReplayed(0, f"the game is not over: it stops in round {state.round} ({state.phase}) "
                             f"after {len(numbered)} inputs")
    keys = [(s.score, s.scoring_space) for s in state.seats]
    seats = tuple(SeatResult(n, s.name, s.score, 1 + sum(k > keys[n] for k in keys), tally.explosions[n],
                             _by_colour(tally.bought[n]))
                  for n, s in enumerate(state.seats))
    return Result(config, state.round, seats)


def _by_colour(bought: Counter[str]) -> dict[str, int]:
    """Chips bought per colour (each colour's chips are its book's)."""
    colours: Counter[str] = Counter()
    for kind, count in bought.items():
        colours[kind.rsplit("-", 1)[0]] += count  # a kind is "colour-value"
    return dict(colours)
