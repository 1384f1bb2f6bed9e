"""Game nights: every game in the journal with its players, scores and winners, and each player's record.

Each game is replayed from its journal with the engine (corrections applied, as the table does),
so the scores, explosions and purchases are the engine's own, never a second tally. A
player is the same person in two games when the names match, ignoring case and outer spaces.
Only finished games count in the statistics: a running game's score is not a result yet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.engine import Action, GameConfig, IllegalAction, apply, chip, new_game
from companion.store import Database, GameRow, Journal

from . import history
from .setup import TableSetup

MOST_BOUGHT_SHOWN = 3


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game as the history page lists it; ``broken`` names why its journal does not replay."""

    id: int
    name: str
    created_at: str
    status: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    round: int
    explosions: tuple[int, ...]
    bought: tuple[Counter[str], ...]
    broken: str = ""

    @property
    def finished(self) -> bool:
        return self.status in ("finished", "archived") and not self.broken

    def ranking(self) -> list[tuple[int, int]]:
        """(seat, score), highest score first; equal scores keep seat order."""
        return sorted(enumerate(self.scores), key=lambda kv: -kv[1])


@dataclass(slots=True)
class PlayerRecord:
    """One player over every finished game they sat in."""

    name: str
    games: int = 0
    wins: int = 0
    total: int = 0
    best: int = 0
    explosions: int = 0
    bought: Counter[str] = field(default_factory=Counter)
    scores: list[int] = field(default_factory=list)  # per game, oldest first

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0

    def most_bought(self) -> list[tuple[str, int]]:
        """The chip kinds bought most often ("orange-1"), ties in a fixed order."""
        return sorted(self.bought.items(), key=lambda kv: (-kv[1], kv[0]))[:MOST_BOUGHT_SHOWN]


_replayed: dict[tuple[str, int, int, str], GameSummary] = {}
"""Summaries of ended games by (journal file, game, last entry, status), replayed again only if
corrected; the running game, which changes with every input, is replayed each time."""


def summarise(db: Database) -> list[GameSummary]:
    """Every game in the journal, newest first, replayed to its current state."""
    journal = Journal(db)
    summaries = []
    for row in journal.games():
        if row.status == "active":
            summaries.append(_summary(journal, row))
            continue
        key = (str(db.path), row.id, row.last_seq, row.status)
        if key not in _replayed:
            _replayed[key] = _summary(journal, row)
        summaries.append(_replayed[key])
    return summaries


class Tally:
    """A game replayed input by input with what the history counts per seat besides the state: the
    chips bought (by kind, "orange-1"); each seat's explosions are the state's own count. The league
    replays pushed games with it too."""

    def __init__(self, config: GameConfig) -> None:
        self.state = new_game(config)
        self.bought: list[Counter[str]] = [Counter() for _ in config.players]

    @property
    def explosions(self) -> list[int]:
        """Each seat's pots exploded so far."""
        return [s.explosions for s in self.state.seats]

    def play(self, action: Action) -> None:
        """Apply one input (raises the engine's IllegalAction) and count its purchases."""
        for event in apply(self.state, action):
            if event["event"] == "bought":
                self.bought[event["seat"]][chip(event["chip"]).kind] += 1


def _summary(journal: Journal, row: GameRow) -> GameSummary:
    setup = TableSetup.from_dict(row.setup)
    tally = Tally(setup.game)
    broken = ""
    for item in history.counted(journal.entries(row.id)):
        try:
            tally.play(item.action)
        except IllegalAction as exc:
            broken = f"input #{item.entry.seq} does not replay: {exc.reason}"
            break
    state = tally.state
    return GameSummary(row.id, row.name, row.created_at, row.status, setup.game.players,
                       tuple(s.score for s in state.seats), tuple(state.winners), state.round,
                       tuple(tally.explosions), tuple(tally.bought), broken)


def same_player(name: str) -> str:
    """The key that makes two games' names one player."""
    return name.strip().casefold()


def records(games: Iterable[GameSummary]) -> list[PlayerRecord]:
    """Each player's record over the finished games, most wins first, then best average."""
    by_key: dict[str, PlayerRecord] = {}
    for game in sorted((g for g in games if g.finished), key=lambda g: (g.created_at, g.id)):
        for seat, name in enumerate(game.players):
            record = by_key.setdefault(same_player(name), PlayerRecord(name.strip()))
            score = game.scores[seat]
            record.games += 1
            record.wins += seat in game.winners
            record.total += score
            record.best = max(record.best, score)
            record.explosions += game.explosions[seat]
            record.bought.update(game.bought[seat])
            record.scores.append(score)
    return sorted(by_key.values(), key=lambda r: (-r.wins, -r.average, same_player(r.name)))
