"""Tables pushing to a real league server over HTTP: games once, never waiting, offline then back."""

from __future__ import annotations

import json
import threading
import urllib.request

import pytest

from companion.codes import new_code
from companion.league import tables
from companion.league.sender import LeagueLink, Sender
from companion.store import Outbox

from .games import push, scores, transcript
from .tables import league_table, next_game, play_out

TRIO = ("Ann", "Ben", "Cat")


def table_key(league, name: str = "Table 1") -> str:
    with league.connection() as conn:
        return tables.add_table(conn, name, "test")[1]


def kept(league) -> list[tuple]:
    with league.connection() as conn:
        return conn.execute("SELECT t.name, g.game_key, g.journal_seq, array_agg(s.score ORDER BY s.seat)"
                            " FROM games g JOIN tables t ON t.id = g.table_id JOIN game_seats s ON s.game_id = g.id"
                            " GROUP BY t.name, g.id ORDER BY t.name, g.finished_at").fetchall()


def post(url: str, key: str, path: str, payload: dict) -> tuple[int, dict]:
    return LeagueLink(url, key).post(path, payload)


def test_a_finished_game_goes_from_the_tables_outbox_to_the_league(league, served, tmp_path):
    table = league_table(tmp_path, TRIO)
    play_out(table, 1)
    assert [r.seq for r in Outbox(table.db).pending()] == [table.seq]  # written with the game's last input
    sender = Sender(table.db, LeagueLink(served.url, table_key(league)))
    assert sender.send_due() == 1
    assert Outbox(table.db).pending() == []
    [(name, _, seq, game_scores)] = kept(league)
    assert (name, seq) == ("Table 1", table.seq)
    assert game_scores == [s.score for s in table.state.seats]


def test_pushing_again_changes_nothing(league, served, tmp_path):
    table = league_table(tmp_path, TRIO)
    play_out(table, 1)
    sender = Sender(table.db, LeagueLink(served.url, table_key(league)))
    sender.send_due()
    before = kept(league)
    with table.db.transaction() as conn:  # as if the league's answer had been lost: the row is still due
        conn.execute("UPDATE league_outbox SET sent_at = NULL")
    assert sender.send_due() == 1
    assert kept(league) == before
    status, answer = post(served.url, table_key(league, "Table 2"), "/api/v1/games", push(TRIO, 1))
    assert (status, answer["status"]) == (200, "stored")  # another table's game of the same number is its own


def test_a_table_offline_sends_everything_in_order_when_the_league_is_back(league, tmp_path):
    from companion.league.app import create_league_app
    from companion.league.server import LeagueServer
    from tests.league.postgres import free_port
    port = free_port()
    key = table_key(league)
    table = league_table(tmp_path, TRIO)
    sender = Sender(table.db, LeagueLink(f"http://127.0.0.1:{port}", key), first_retry=0.01, last_retry=0.05)
    finished = []
    for seed in (1, 2, 3):  # three games in a row with nobody listening
        play_out(table, seed)
        finished.append((table.game_id, [s.score for s in table.state.seats]))
        assert sender.send_due() == 0
        table = next_game(table)
    waiting = Outbox(table.db).pending()
    assert [r.game_id for r in waiting] == [g for g, _ in finished]
    # the oldest is tried each time; the others wait behind it rather than hammer a league that is away
    assert waiting[0].attempts == 3 and "cannot be reached" in waiting[0].last_error
    server = LeagueServer(create_league_app(league), "127.0.0.1", port).start()
    try:
        with table.db.transaction() as conn:  # the back-off has long passed (a week later)
            conn.execute("UPDATE league_outbox SET next_attempt_at = '2000-01-01'")
        assert sender.send_due() == 3
    finally:
        server.stop()
    assert [row[3] for row in kept(league)] == [s for _, s in finished]
    assert Outbox(table.db).pending() == []


def test_a_game_that_does_not_replay_is_refused_with_the_reason_and_not_sent_again(league, served, tmp_path):
    key = table_key(league)
    good = transcript(TRIO, 1)
    lines = good.splitlines()
    broken = "\n".join(lines[:-1]) + "\n"  # the game's last input lost
    status, answer = post(served.url, key, "/api/v1/games", push(TRIO, 1, text=broken))
    assert status == 422 and answer["error"] == "does_not_replay"
    assert "not over" in answer["reason"]
    table = league_table(tmp_path, TRIO)
    play_out(table, 1)
    with table.db.transaction() as conn:  # the journal altered behind the table's back: a draw of another chip
        seq, payload = conn.execute("SELECT seq, payload FROM journal WHERE kind = 'input' AND payload LIKE '%draw%'"
                                    " ORDER BY seq LIMIT 1").fetchone()
        data = json.loads(payload)
        data["action"]["chip"] = "purple-1-99"
        conn.execute("UPDATE journal SET payload = ? WHERE seq = ?", (json.dumps(data), seq))
    sender = Sender(table.db, LeagueLink(served.url, key))
    assert sender.send_due() == 1  # answered for good: not retried
    [row] = Outbox(table.db).pending() or [None]
    assert row is None
    with table.db.reading() as conn:
        note = conn.execute("SELECT last_error FROM league_outbox").fetchone()[0]
    assert note.startswith("refused by the league: line") and "purple-1-99" in note
    assert kept(league) == []


def test_a_revoked_key_is_refused_and_the_game_waits(league, served, tmp_path):
    key = table_key(league)
    with league.connection() as conn:
        tables.revoke_keys(conn, tables.authenticate(conn, key), "test")
    status, answer = post(served.url, key, "/api/v1/games", push(TRIO, 1))
    assert (status, answer["error"]) == (401, "unknown_key")
    table = league_table(tmp_path, TRIO)
    play_out(table, 1)
    sender = Sender(table.db, LeagueLink(served.url, key), first_retry=60)
    assert sender.send_due() == 0
    [row] = Outbox(table.db).pending()
    assert "401" in row.last_error and row.next_attempt_at > row.created_at
    assert kept(league) == []


def test_many_tables_pushing_at_once_keep_every_game_once_and_each_player_once(league, served):
    keys = [table_key(league, f"Table {n}") for n in range(1, 9)]
    codes = [new_code() for _ in range(4)]  # four regulars who play at every table this evening
    games = {n: [push(("Ann", "Ben", "Cat", "Dan"), 10 * n + k, game=f"g{k}", codes=codes, hour=k) for k in range(3)]
             for n in range(len(keys))}
    answers: list[int] = []

    def table_pushes(n: int) -> None:
        for payload in games[n] * 2:  # every game twice, as after lost answers
            answers.append(post(served.url, keys[n], "/api/v1/games", payload)[0])

    threads = [threading.Thread(target=table_pushes, args=(n,)) for n in range(len(keys))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [200] * 48
    rows = kept(league)
    assert len(rows) == 24
    expected = sorted((f"Table {n + 1}", p["game"], scores(p["transcript"])) for n in games for p in games[n])
    assert sorted((name, game, s) for name, game, _, s in rows) == expected
    with league.connection() as conn:
        assert conn.execute("SELECT count(*) FROM players").fetchone()[0] == 4
        assert conn.execute("SELECT count(DISTINCT player_id) FROM game_seats").fetchone()[0] == 4


def test_live_scores_reach_the_room_screen_stream(league, served, tmp_path):
    table = league_table(tmp_path, TRIO)
    sender = Sender(table.db, LeagueLink(served.url, table_key(league)), live_gap=0.01)
    stream = urllib.request.urlopen(served.url + "/room/stream", timeout=10)
    first = json.loads(stream.readline().decode().removeprefix("data: "))
    stream.readline()
    assert first["tables"] == []
    sender.start()
    sender.watch(table)
    play_out(table, 1, upto=60)
    try:
        for _ in range(50):  # updates until the one with the 60th input's scores
            line = stream.readline().decode()
            if line.startswith("data: "):
                room = json.loads(line.removeprefix("data: "))
                if room["tables"] and room["tables"][0]["seats"] == _seats(table):
                    break
        else:
            pytest.fail("the room screen never showed the table's scores")
    finally:
        sender.stop()
        stream.close()
    assert room["tables"][0]["table"] == "Table 1"
    assert room["tables"][0]["round"] == table.state.round


def _seats(table) -> list[dict]:
    return [{"name": s.name, "score": s.score, "status": s.status} for s in table.state.seats]
