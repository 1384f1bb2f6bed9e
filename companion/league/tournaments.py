"""Tournaments: their players, the pods of each round (`seating`) and the results the tables push.

A pushed game is the result of the open pod whose players it seats (whatever table it was played
on), so results flow in with no one typing them. The next round is seated once every pod of the
last one has its game, by the tournament's standings (`standings.place_points`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta

import psycopg

from . import audit, seating
from .standings import Line, tally_lines

CLOCK_SLACK = timedelta(minutes=15)
"""A pod's game started after the pod was seated, give or take a table clock's error."""


class TournamentError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Pod:
    round: int
    pod: int  # 1, 2, … : the table number of the round
    players: tuple[int, ...]  # seat order; the first seat starts
    names: tuple[str, ...]
    scores: tuple[int, ...] | None  # once its game is in, in seat order of the pod
    game_id: int | None


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    name: str
    rounds: int
    seed: int
    players: dict[int, str]
    pods: list[Pod] = field(default_factory=list)

    @property
    def seated(self) -> int:
        """The last round seated (0: none yet)."""
        return max((p.round for p in self.pods), default=0)

    def round_pods(self, number: int) -> list[Pod]:
        return [p for p in self.pods if p.round == number]

    def waiting(self) -> list[Pod]:
        """Pods of the last round seated whose game is not in yet."""
        return [p for p in self.round_pods(self.seated) if p.game_id is None]


def create(conn: psycopg.Connection, name: str, rounds: int, player_ids: Sequence[int], actor: str) -> int:
    name = " ".join(name.split())
    if not name:
        raise TournamentError("a tournament needs a name")
    if not 1 <= rounds <= 20:
        raise TournamentError("a tournament has 1 to 20 rounds")
    if len(set(player_ids)) < 2:
        raise TournamentError("a tournament needs at least 2 players")
    seed = random.SystemRandom().randrange(2**31)
    try:
        with conn.transaction():
            tid = conn.execute("INSERT INTO tournaments (name, rounds, seed) VALUES (%s, %s, %s) RETURNING id",
                               (name, rounds, seed)).fetchone()[0]
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO tournament_players (tournament_id, player_id) VALUES (%s, %s)",
                                [(tid, p) for p in sorted(set(player_ids))])
    except psycopg.errors.UniqueViolation:
        raise TournamentError(f"there is already a tournament called {name!r}") from None
    except psycopg.errors.ForeignKeyViolation:
        raise TournamentError("one of the players is not in the league") from None
    audit.record(conn, actor, "new_tournament", tournament=tid, name=name, rounds=rounds, players=sorted(set(player_ids)))
    return tid


def load(conn: psycopg.Connection, tid: int) -> Tournament:
    row = conn.execute("SELECT id, name, rounds, seed FROM tournaments WHERE id = %s", (tid,)).fetchone()
    if row is None:
        raise TournamentError(f"there is no tournament {tid}")
    names = dict(conn.execute("SELECT p.id, p.name FROM tournament_players t JOIN players p ON p.id = t.player_id"
                              " WHERE t.tournament_id = %s", (tid,)).fetchall())
    pods = []
    for rnd, pod, members, game_id in conn.execute(
            "SELECT round, pod, players, game_id FROM pods WHERE tournament_id = %s ORDER BY round, pod", (tid,)):
        scores = None
        if game_id is not None:
            by_player = dict(conn.execute("SELECT player_id, score FROM game_seats WHERE game_id = %s", (game_id,)))
            scores = tuple(by_player.get(p, 0) for p in members)
        pods.append(Pod(rnd, pod, tuple(members), tuple(names.get(p, "?") for p in members), scores, game_id))
    return Tournament(row[0], row[1], row[2], row[3], names, pods)


def tournaments(conn: psycopg.Connection) -> list[tuple[int, str]]:
    return [(r[0], r[1]) for r in conn.execute("SELECT id, name FROM tournaments ORDER BY created_at DESC, id DESC")]


def standings(conn: psycopg.Connection, tournament: Tournament) -> list[Line]:
    """The tournament's standings over the pods whose games are in."""
    games = [p.game_id for p in tournament.pods if p.game_id is not None]
    return tally_lines(conn, games, tournament.players)


def seat_next_round(conn: psycopg.Connection, tid: int, actor: str) -> list[list[int]]:
    """Seat the next round (see the module's docstring); returns its pods."""
    conn.execute("SELECT 1 FROM tournaments WHERE id = %s FOR UPDATE", (tid,))
    tournament = load(conn, tid)
    number = tournament.seated + 1
    if number > tournament.rounds:
        raise TournamentError(f"all {tournament.rounds} rounds of {tournament.name} are seated")
    waiting = tournament.waiting()
    if waiting:
        raise TournamentError("waiting for the games of pods " + ", ".join(str(p.pod) for p in waiting)
                              + f" of round {tournament.seated}")
    if number == 1:
        pods = seating.first_round(list(tournament.players), tournament.seed)
    else:
        order = [line.player for line in standings(conn, tournament)]
        order += sorted(set(tournament.players) - set(order))  # a player with no game yet comes last
        earlier = [[list(p.players) for p in tournament.round_pods(r)] for r in range(1, number)]
        pods = seating.next_round(order, earlier)
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO pods (tournament_id, round, pod, players) VALUES (%s, %s, %s, %s)",
                        [(tid, number, k + 1, pod) for k, pod in enumerate(pods)])
    audit.record(conn, actor, "seat_round", tournament=tid, round=number, pods=pods)
    return pods


def link_game(conn: psycopg.Connection, game_id: int, player_ids: Sequence[int]) -> None:
    """A game that seats exactly an open pod's players is that pod's result."""
    conn.execute(
        "UPDATE pods SET game_id = %(game)s WHERE (tournament_id, round, pod) IN ("
        " SELECT p.tournament_id, p.round, p.pod FROM pods p, games g WHERE g.id = %(game)s AND p.game_id IS NULL"
        " AND cardinality(p.players) = %(size)s AND p.players @> %(players)s::integer[]"
        " AND g.started_at >= p.seated_at - %(slack)s AND NOT EXISTS (SELECT 1 FROM pods o WHERE o.game_id = %(game)s)"
        " ORDER BY p.round, p.tournament_id, p.pod LIMIT 1)",
        {"game": game_id, "size": len(player_ids), "players": list(player_ids), "slack": CLOCK_SLACK})
