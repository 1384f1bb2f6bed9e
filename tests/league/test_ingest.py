"""Games pushed to the league: kept once, replayed first, refused with the reason when they do not replay."""

from __future__ import annotations

import json

import pytest

from companion.codes import new_code
from companion.league import players, tables
from companion.league.ingest import BadPush, ingest_game, ingest_live, pushed_game
from companion.league.results import NotReplayed

from .games import push, scores, transcript

TRIO = ("Ann", "Ben", "Cat")


@pytest.fixture
def table(league) -> int:
    with league.connection() as conn:
        table_id, _ = tables.add_table(conn, "Table 1", "test")
    return table_id


def ingest(league, table_id: int, payload: dict):
    with league.connection() as conn:
        return ingest_game(conn, table_id, pushed_game(payload))


def seats(league) -> list[tuple]:
    with league.connection() as conn:
        return conn.execute("SELECT g.game_key, s.seat, s.name, s.score, s.place FROM game_seats s"
                            " JOIN games g ON g.id = s.game_id ORDER BY g.game_key, s.seat").fetchall()


def test_a_pushed_game_is_replayed_and_kept_with_the_engines_scores(league, table):
    payload = push(TRIO, 1)
    done = ingest(league, table, payload)
    assert done.status == "stored"
    expected = scores(payload["transcript"])
    kept = seats(league)
    assert [row[3] for row in kept] == expected
    best = max(expected)
    # the winner is first; the others' places follow their scores (this game has no tie on score)
    assert [row[4] for row in kept] == [1 + sum(s > mine for s in expected) for mine in expected]
    assert [row[4] for row in kept].count(1) == expected.count(best)


def test_pushing_twice_changes_nothing(league, table):
    payload = push(TRIO, 1)
    first = ingest(league, table, payload)
    again = ingest(league, table, payload)
    assert (first.status, again.status) == ("stored", "unchanged")
    assert first.game_id == again.game_id
    with league.connection() as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1
        assert conn.execute("SELECT count(*) FROM game_seats").fetchone()[0] == 3


def test_a_later_entry_of_the_same_game_replaces_it_and_an_older_one_does_not(league, table):
    ingest(league, table, push(TRIO, 1, game="g1", seq=500))
    corrected = ingest(league, table, push(TRIO, 2, game="g1", seq=510))  # the host corrected the game after its end
    assert corrected.status == "replaced"
    late = ingest(league, table, push(TRIO, 1, game="g1", seq=505))
    assert late.status == "unchanged"
    assert [row[3] for row in seats(league)] == scores(transcript(TRIO, 2))


def test_the_same_game_number_from_two_tables_is_two_games(league, table):
    with league.connection() as conn:
        other, _ = tables.add_table(conn, "Table 2", "test")
    ingest(league, table, push(TRIO, 1, game="g1"))
    assert ingest(league, other, push(TRIO, 2, game="g1")).status == "stored"
    assert len(seats(league)) == 6


def tamper(text: str, line: int) -> str:
    """The transcript with its input on `line` (1-based) drawing a chip that is in no bag."""
    lines = text.splitlines()
    action = json.loads(lines[line - 1])
    assert action["kind"] == "draw"
    action["chip"] = "purple-1-99"
    lines[line - 1] = json.dumps(action)
    return "\n".join(lines) + "\n"


def first_draw_line(text: str) -> int:
    return next(n for n, raw in enumerate(text.splitlines(), 1) if n > 1 and json.loads(raw)["kind"] == "draw")


def test_a_transcript_that_does_not_replay_is_refused_with_its_line_and_kept_for_the_admin(league, table):
    good = transcript(TRIO, 1)
    line = first_draw_line(good)
    with pytest.raises(NotReplayed) as refused:
        ingest(league, table, push(TRIO, 1, text=tamper(good, line)))
    assert refused.value.line == line
    assert "purple-1-99" in refused.value.reason
    with league.connection() as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM players").fetchone()[0] == 0
        kept = conn.execute("SELECT line, reason FROM refused").fetchall()
    assert kept == [(line, refused.value.reason)]


def test_a_game_that_is_not_over_is_refused(league, table):
    cut = "\n".join(transcript(TRIO, 1).splitlines()[:40]) + "\n"
    with pytest.raises(NotReplayed, match="not over: it stops in round 2 .* after 39 inputs"):
        ingest(league, table, push(TRIO, 1, text=cut))


def test_a_push_of_the_wrong_shape_is_named(league, table):
    payload = push(TRIO, 1)
    with pytest.raises(BadPush, match="'seq'"):
        pushed_game({**payload, "seq": "many"})
    with pytest.raises(BadPush, match="time zone"):
        pushed_game({**payload, "started_at": "2026-11-20T19:00:00"})
    with pytest.raises(BadPush, match="mistyped"):
        good = new_code()
        pushed_game({**payload, "codes": [good[:-1] + ("2" if good[-1] != "2" else "3"), None, None]})


def test_codes_make_one_player_across_tables_and_names_without_codes_are_guests(league, table):
    ann = new_code()
    with league.connection() as conn:
        other, _ = tables.add_table(conn, "Table 2", "test")
    ingest(league, table, push(TRIO, 1, codes=[ann, None, None]))
    ingest(league, other, push(("Annie", "Ben", "Dan"), 2, codes=[ann, None, None]))
    with league.connection() as conn:
        everyone = {p.name: p.games for p in players.players(conn)}
    assert everyone == {"Ann": 2, "Ben": 2, "Cat": 1, "Dan": 1}  # Annie is Ann by her code, shown as first seen


def test_live_scores_keep_the_newest_of_a_table(league, table):
    live = {"game": "g2", "started_at": "2026-11-20T21:00:00+00:00", "seq": 40, "round": 3, "phase": "brewing",
            "seats": [{"name": "Ann", "score": 7, "status": "brewing", "code": "SECRET"}]}
    with league.connection() as conn:
        assert ingest_live(conn, table, live)
        assert not ingest_live(conn, table, {**live, "seq": 39, "round": 2})
        assert not ingest_live(conn, table, {**live, "game": "g1", "started_at": "2026-11-20T19:00:00+00:00", "seq": 90})
        snapshot = conn.execute("SELECT snapshot FROM live WHERE table_id = %s", (table,)).fetchone()[0]
    assert snapshot == {"round": 3, "phase": "brewing", "seats": [{"name": "Ann", "score": 7, "status": "brewing"}]}
