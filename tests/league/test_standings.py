"""Standings, ratings and a player's statistics from the games the league replayed."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date

import pytest

from companion.engine import apply, new_game, parse_transcript
from companion.league import ratings, standings, tables
from companion.league.ingest import ingest_game, pushed_game

from .games import push

QUARTET = ("Ann", "Ben", "Cat", "Dan")


def replayed(text: str):
    """The final state and each seat's explosions and chips bought per colour, from the engine's events."""
    config, numbered = parse_transcript(text)
    state = new_game(config)
    exploded, bought = Counter(), [Counter() for _ in config.players]
    for _, action in numbered:
        for event in apply(state, action):
            if event["event"] == "exploded":
                exploded[event["seat"]] += 1
            elif event["event"] == "bought":
                bought[event["seat"]][event["chip"].split("-")[0]] += 1
    return state, exploded, bought


@pytest.fixture
def evening(league):
    """Three games of the same four on one table, an hour apart."""
    pushes = [push(QUARTET, seed, hour=k) for k, seed in enumerate((11, 12, 13))]
    with league.connection() as conn:
        table_id, _ = tables.add_table(conn, "Table 1", "test")
        for payload in pushes:
            ingest_game(conn, table_id, pushed_game(payload))
    return pushes


def test_standings_give_3_2_1_0_points_by_place(league, evening):
    points, wins = Counter(), Counter()
    for payload in evening:
        state, _, _ = replayed(payload["transcript"])
        # the rulebook's order: score, then the furthest scoring space in the last round breaks a tie
        order = sorted(state.seats, key=lambda s: (s.score, s.scoring_space), reverse=True)
        for place, seat in enumerate(order, start=1):
            points[seat.name] += {1: 3, 2: 2, 3: 1}.get(place, 0)
        for n in state.winners:
            wins[state.seats[n].name] += 1
    with league.connection() as conn:
        lines = standings.tally_lines(conn, None)
    assert {line.name: line.points for line in lines} == dict(points)
    assert {line.name: line.wins for line in lines if line.wins} == dict(wins)
    assert [line.points for line in lines] == sorted(points.values(), reverse=True)


def test_a_season_counts_the_games_that_ended_within_it(league, evening):
    with league.connection() as conn:
        standings.add_season(conn, "Autumn", date(2026, 9, 1), date(2026, 11, 19), "test")
        standings.add_season(conn, "November", date(2026, 11, 20), None, "test")
        every = standings.seasons(conn)
        autumn = standings.season_for(every, every[1].id, date(2026, 11, 26))
        running = standings.season_for(every, None, date(2026, 11, 26))
        assert standings.season_games(conn, autumn) == []
        assert len(standings.season_games(conn, running)) == 3
    assert (autumn.name, running.name) == ("Autumn", "November")


def test_a_players_statistics(league, evening):
    explosions = rounds = total = 0
    books = Counter()
    for payload in evening:
        state, exploded, bought = replayed(payload["transcript"])
        explosions += exploded[0]
        rounds += state.round
        total += state.seats[0].score
        books.update(bought[0])
    with league.connection() as conn:
        ann = conn.execute("SELECT id FROM players WHERE name = 'Ann'").fetchone()[0]
        stats = standings.player_stats(conn, ann)
    assert stats.line.games == 3 and rounds == 27
    assert stats.line.mean == pytest.approx(total / 3)
    assert stats.line.explosions_per_round == pytest.approx(explosions / 27)
    laid_out = set(state.config.books)  # the same five set-1 books in every game: no orange or black book
    assert laid_out == {"blue", "green", "purple", "red", "yellow"}
    top = [(colour, 1, n) for colour, n in sorted(books.items(), key=lambda kv: (-kv[1], kv[0])) if colour in laid_out]
    assert stats.favourite_books == top[:3]
    # newest first: the evening's games ended at 19:45, 20:45 and 21:45 UTC, whatever the server's time zone
    assert [g.finished_at.astimezone(UTC).hour for g in stats.games] == [21, 20, 19]


def test_ratings_follow_the_order_games_were_played_not_received(league, league_url, cluster):
    from companion.league.database import LeagueDatabase
    early, late = push(QUARTET, 21, game="a", hour=0), push(QUARTET, 22, game="b", hour=2)
    other = LeagueDatabase(cluster.database())
    other.open()
    try:
        for db, order in ((league, (late, early)), (other, (early, late))):  # the early game arrives late
            with db.connection() as conn:
                table_id, _ = tables.add_table(conn, "Table 1", "test")
                for payload in order:
                    ingest_game(conn, table_id, pushed_game(payload))
        with league.connection() as conn, other.connection() as conn2:
            by_name = dict(conn.execute("SELECT id, name FROM players").fetchall())
            by_name2 = dict(conn2.execute("SELECT id, name FROM players").fetchall())
            first = {by_name[p]: r.public for p, r in ratings.ratings(conn).items()}
            second = {by_name2[p]: r.public for p, r in ratings.ratings(conn2).items()}
    finally:
        other.close()
    assert first == pytest.approx(second)


def test_a_tie_is_an_equal_rank(league):
    with league.connection() as conn:
        table_id, _ = tables.add_table(conn, "Table 1", "test")
        ids = [conn.execute("INSERT INTO players (name, guest_key) VALUES (%s, %s) RETURNING id", (n, n)).fetchone()[0]
               for n in ("ann", "ben", "cat")]
        game = conn.execute("INSERT INTO games (table_id, game_key, journal_seq, started_at, finished_at, rounds, books,"
                            " transcript) VALUES (%s, 'tie', 1, now(), now(), 9, '{}', '') RETURNING id",
                            (table_id,)).fetchone()[0]
        for seat, (pid, place) in enumerate(zip(ids, (1, 1, 3), strict=True)):
            conn.execute("INSERT INTO game_seats VALUES (%s, %s, %s, 'x', 50, %s, 0, '{}')", (game, seat, pid, place))
        rated = ratings.ratings(conn)
    ann, ben, cat = (rated[p] for p in ids)
    assert ann.mu == pytest.approx(ben.mu) and ann.sigma == pytest.approx(ben.sigma)  # level: the same rating
    assert ann.mu > 25 > cat.mu  # openskill's start is mu 25; the two ahead gain what the last loses
    assert ann.public > cat.public
