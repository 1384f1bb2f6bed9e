"""Ratings: openskill's Plackett-Luce model over every game in the order they were played.

Each game is a free-for-all of one-player teams ranked by place (seats level on score and last
scoring space share a rank). The public number is the conservative ordinal, mu - 3 sigma: it
starts at 0 and rises as the model grows sure of a player. Games that arrive late (a table that
was offline) are slotted in where they were played, so the ratings are recomputed from all games
whenever the games or the identities change; between changes the last computation is reused.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import psycopg
from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
_cache: dict[str, tuple[tuple[object, ...], dict[int, Rating]]] = {}
_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def public(self) -> float:
        """The conservative number shown: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def _version(conn: psycopg.Connection) -> tuple[object, ...]:
    """Changes whenever a game is kept, replaced or moved to another identity."""
    return conn.execute("SELECT (SELECT count(*) FROM games), (SELECT max(revision) FROM games),"
                        " (SELECT max(id) FROM audit WHERE action = 'merge_players')").fetchone()


def ratings(conn: psycopg.Connection) -> dict[int, Rating]:
    """Every player's rating after all games kept so far."""
    key = conn.info.dsn
    version = _version(conn)
    with _lock:
        cached = _cache.get(key)
        if cached is not None and cached[0] == version:
            return cached[1]
    found = _compute(conn)
    with _lock:
        _cache[key] = (version, found)
    return found


def _compute(conn: psycopg.Connection) -> dict[int, Rating]:
    rows = conn.execute("SELECT g.id, array_agg(s.player_id ORDER BY s.seat), array_agg(s.place ORDER BY s.seat)"
                        " FROM games g JOIN game_seats s ON s.game_id = g.id GROUP BY g.id"
                        " ORDER BY min(g.finished_at), g.id").fetchall()
    current: dict[int, object] = {}
    games: dict[int, int] = {}
    for _, players, places in rows:
        teams = [[current.get(p) or _MODEL.rating()] for p in players]
        rated = _MODEL.rate(teams, ranks=list(places))
        for player, (after,) in zip(players, rated, strict=True):
            current[player] = after
            games[player] = games.get(player, 0) + 1
    return {p: Rating(r.mu, r.sigma, games[p]) for p, r in current.items()}  # type: ignore[attr-defined]
