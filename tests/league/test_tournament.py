"""A tournament: pods seated by the league, results flowing in from the tables' pushes, the next round by standings."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from companion.codes import new_code
from companion.league import players, room, tables, tournaments
from companion.league.ingest import ingest_game, pushed_game
from companion.league.seating import met
from companion.league.tournaments import TournamentError

from .games import push

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eva", "Fay", "Gus")


@pytest.fixture
def event(league):
    with league.connection() as conn:
        ids = {name: players.new_player(conn, name, "test") for name in NAMES}
        tid = tournaments.create(conn, "Winter cup", 3, [pid for pid, _ in ids.values()], "test")
        keys = [tables.add_table(conn, f"Table {n}", "test")[0] for n in (1, 2)]
    return tid, ids, keys


def play_round(league, tid, ids, keys, seed):
    """Each pod's game pushed by a table (pods and tables in no particular match)."""
    with league.connection() as conn:
        tournament = tournaments.load(conn, tid)
        code = {pid: code for pid, code in ids.values()}
        for k, pod in enumerate(tournament.round_pods(tournament.seated)):
            now = datetime.now(UTC).isoformat()
            payload = {**push(pod.names, seed + k, game=f"r{pod.round}p{pod.pod}"), "started_at": now, "finished_at": now,
                       "codes": [code[p] for p in pod.players]}
            ingest_game(conn, keys[-1 - k], pushed_game(payload))


def test_results_flow_in_from_the_pushes_and_the_next_round_is_seated_by_standings(league, event):
    tid, ids, keys = event
    with league.connection() as conn:
        first = tournaments.seat_next_round(conn, tid, "test")
        assert sorted(map(len, first)) == [3, 4]
        with pytest.raises(TournamentError, match="waiting for the games of pods 1, 2 of round 1"):
            tournaments.seat_next_round(conn, tid, "test")
        stranger = new_code()  # a casual game of others does not count for the tournament
        ingest_game(conn, keys[0], pushed_game({**push(("Hal", "Ivy"), 1, game="casual"), "codes": [stranger, None]}))
    play_round(league, tid, ids, keys, 100)
    with league.connection() as conn:
        tournament = tournaments.load(conn, tid)
        assert all(p.scores is not None for p in tournament.round_pods(1))
        lines = tournaments.standings(conn, tournament)
        assert sorted(line.name for line in lines) == sorted(NAMES)
        second = tournaments.seat_next_round(conn, tid, "test")
    # seven players in a 4 and a 3 again: by hand, the new 4 takes a from the old 4 and 4 - a from the
    # old 3, the new 3 the rest (4 - a and a - 1); pairs met again C(a,2) + C(4-a,2) + C(4-a,2) + C(a-1,2):
    # a = 1: 6, a = 2: 3, a = 3: 4, so 3 at best
    pairs = met([first])
    again = sum(pairs[frozenset((a, b))] for pod in second for a in pod for b in pod if a < b)
    assert again == 3
    # the winner of round 1's pod of 4 (most points) sits in pod 1
    assert lines[0].player in second[0]


def test_the_room_shows_the_round_being_played(league, event):
    tid, ids, keys = event
    with league.connection() as conn:
        tournaments.seat_next_round(conn, tid, "test")
        shown = room.room(conn)["seating"]
    assert shown["tournament"] == "Winter cup" and shown["round"] == 1 and shown["rounds"] == 3
    assert sorted(name for pod in shown["pods"] for name in pod["players"]) == sorted(NAMES)
    assert all(pod["scores"] is None for pod in shown["pods"])
