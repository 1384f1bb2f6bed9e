"""Season standings and each player's statistics, from the games the league replayed.

Points per game go by place: 3 for a win, 2 for second, 1 for third, none after; seats that share
a place share its points. Standings are ordered by points, then wins, then victory points in all,
then name. A season is a span of dates; a game belongs to the season in which it ended.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

import psycopg

from . import audit
from .players import PlayerRow, player

PLACE_POINTS = {1: 3, 2: 2, 3: 1}
FAVOURITES_SHOWN = 3


def place_points(place: int) -> int:
    return PLACE_POINTS.get(place, 0)


@dataclass(slots=True)
class Line:
    """One player's record over some games."""

    player: int
    name: str
    games: int = 0
    wins: int = 0
    points: int = 0
    total: int = 0
    explosions: int = 0
    rounds: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0

    @property
    def explosions_per_round(self) -> float:
        return self.explosions / self.rounds if self.rounds else 0.0

    def add(self, place: int, score: int, explosions: int, rounds: int) -> None:
        self.games += 1
        self.wins += place == 1
        self.points += place_points(place)
        self.total += score
        self.explosions += explosions
        self.rounds += rounds


def _order(line: Line) -> tuple[object, ...]:
    return (-line.points, -line.wins, -line.total, line.name.casefold(), line.player)


def tally_lines(conn: psycopg.Connection, game_ids: Sequence[int] | None,
                only: Mapping[int, str] | None = None) -> list[Line]:
    """Standings over these games (None: all), best first; `only` keeps those players (a tournament's)."""
    rows = conn.execute(
        "SELECT s.player_id, p.name, s.place, s.score, s.explosions, g.rounds FROM game_seats s"
        " JOIN games g ON g.id = s.game_id JOIN players p ON p.id = s.player_id"
        " WHERE %(all)s OR g.id = ANY(%(games)s)",
        {"all": game_ids is None, "games": list(game_ids or [])}).fetchall()
    lines: dict[int, Line] = {}
    for player_id, name, place, score, explosions, rounds in rows:
        if only is None or player_id in only:
            lines.setdefault(player_id, Line(player_id, name)).add(place, score, explosions, rounds)
    return sorted(lines.values(), key=_order)


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    name: str
    starts_on: date
    ends_on: date | None

    def holds(self, day: date) -> bool:
        return self.starts_on <= day and (self.ends_on is None or day <= self.ends_on)


def seasons(conn: psycopg.Connection) -> list[Season]:
    """Newest first."""
    return [Season(*r) for r in conn.execute("SELECT id, name, starts_on, ends_on FROM seasons"
                                             " ORDER BY starts_on DESC, id DESC")]


def add_season(conn: psycopg.Connection, name: str, starts_on: date, ends_on: date | None, actor: str) -> int:
    name = " ".join(name.split())
    if not name:
        raise ValueError("a season needs a name")
    if ends_on is not None and ends_on < starts_on:
        raise ValueError("a season cannot end before it starts")
    try:
        with conn.transaction():
            sid = conn.execute("INSERT INTO seasons (name, starts_on, ends_on) VALUES (%s, %s, %s) RETURNING id",
                               (name, starts_on, ends_on)).fetchone()[0]
    except psycopg.errors.UniqueViolation:
        raise ValueError(f"there is already a season called {name!r}") from None
    audit.record(conn, actor, "new_season", season=sid, name=name, starts_on=str(starts_on),
                 ends_on=str(ends_on) if ends_on else None)
    return sid


def season_for(all_seasons: Sequence[Season], wanted: int | None, today: date) -> Season | None:
    """The season asked for, else the one running today, else the newest (None: there is none)."""
    if wanted is not None:
        return next((s for s in all_seasons if s.id == wanted), None)
    return next((s for s in all_seasons if s.holds(today)), all_seasons[0] if all_seasons else None)


def season_games(conn: psycopg.Connection, season: Season | None) -> list[int] | None:
    """The games that ended within the season (None: every game, when the league has no seasons)."""
    if season is None:
        return None
    rows = conn.execute("SELECT id FROM games WHERE finished_at::date >= %s AND (%s::date IS NULL OR finished_at::date <= %s)",
                        (season.starts_on, season.ends_on, season.ends_on))
    return [r[0] for r in rows]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game as a player's page lists it: where, when, and every seat's name, score and place."""

    id: int
    table: str
    finished_at: datetime
    seats: tuple[tuple[str, int, int], ...]
    seat: int  # the player's own seat


@dataclass(slots=True)
class PlayerStats:
    player: PlayerRow
    line: Line
    games: list[PlayedGame] = field(default_factory=list)  # newest first
    favourite_books: list[tuple[str, int, int]] = field(default_factory=list)  # (colour, set, chips bought)
    places: Counter[int] = field(default_factory=Counter)


def player_stats(conn: psycopg.Connection, player_id: int) -> PlayerStats:
    """A player's record over every game, their games and the books whose chips they bought most."""
    who = player(conn, player_id)
    stats = PlayerStats(who, Line(who.id, who.name))
    books: Counter[tuple[str, int]] = Counter()
    rows = conn.execute(
        "SELECT g.id, t.name, g.finished_at, g.rounds, g.books, s.seat, s.place, s.score, s.explosions, s.bought,"
        " (SELECT array_agg(array[o.name, o.score::text, o.place::text] ORDER BY o.seat) FROM game_seats o"
        "  WHERE o.game_id = g.id)"
        " FROM game_seats s JOIN games g ON g.id = s.game_id JOIN tables t ON t.id = g.table_id"
        " WHERE s.player_id = %s ORDER BY g.finished_at DESC, g.id DESC", (who.id,))
    for gid, table, finished, rounds, game_books, seat, place, score, explosions, bought, seats in rows:
        stats.line.add(place, score, explosions, rounds)
        stats.places[place] += 1
        stats.games.append(PlayedGame(gid, table, finished, tuple((n, int(s), int(p)) for n, s, p in seats), seat))
        for colour, count in bought.items():
            if colour in game_books:
                books[(colour, int(game_books[colour]))] += count
    stats.favourite_books = [(c, s, n) for (c, s), n in sorted(books.items(), key=lambda kv: (-kv[1], kv[0]))
                             [:FAVOURITES_SHOWN]]
    return stats


def recent_games(conn: psycopg.Connection, limit: int = 20) -> list[PlayedGame]:
    """The newest games of the league, each with its seats."""
    rows = conn.execute(
        "SELECT g.id, t.name, g.finished_at, array_agg(array[s.name, s.score::text, s.place::text] ORDER BY s.seat)"
        " FROM games g JOIN tables t ON t.id = g.table_id JOIN game_seats s ON s.game_id = g.id"
        " GROUP BY g.id, t.name ORDER BY g.finished_at DESC, g.id DESC LIMIT %s", (limit,))
    return [PlayedGame(gid, table, at, tuple((n, int(s), int(p)) for n, s, p in seats), -1)
            for gid, table, at, seats in rows]
