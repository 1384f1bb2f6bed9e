"""The referee's pages over a whole game: the paged timeline, the replay and its dispute card, history."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from companion.autoplay import RandomPlayer
from companion.engine import GameConfig
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app

from .conftest import PIN, Phone


@pytest.fixture
def finished(tmp_path):
    """A whole two-player game played at the table (one player's name looks like a formula)."""
    table = start_game(Database(tmp_path / "night.sqlite3"), TableSetup(GameConfig(players=("=Ann", "Ben"))))
    player = RandomPlayer(8)
    while table.state.phase != "game_over":
        table.submit(player.choose(table.state), "web")
    host = Phone(create_app(table, host_pin=PIN, test_config={"TESTING": True}))
    host.login()
    yield host
    table.close()


def test_the_timeline_comes_a_page_at_a_time_newest_page_first(finished):
    get = finished.client.get
    newest = get("/api/host/timeline").get_json()
    assert newest["total"] == finished.game.table.seq > 50 and newest["pages"] == -(-newest["total"] // 50)
    assert newest["page"] == newest["pages"] and newest["rows"][-1]["seq"] == finished.game.table.seq
    first = get("/api/host/timeline?page=1").get_json()
    assert [r["seq"] for r in first["rows"]] == list(range(1, 51))
    draws = get("/api/host/timeline?kind=input&seat=1&round=9&page=1").get_json()["rows"]
    assert draws and all(r["seat"] == 1 and r["round"] == 9 for r in draws)
    assert get("/api/host/timeline?kind=correction").get_json() == {"rows": [], "total": 0, "page": 1, "pages": 1}
    for bad in ("page=0", f"page={newest['pages'] + 1}", "page=x", "kind=everything"):
        r = get("/api/host/timeline?" + bad)
        assert r.status_code == 400 and r.get_json()["error"] == "bad_filter"


def test_the_dispute_card_can_be_checked_line_by_line_against_the_transcript(finished):
    transcript = finished.client.get("/api/host/export").get_data(as_text=True).splitlines()
    replay = finished.client.get("/api/replay?round=4&seat=1").get_json()
    assert replay["round"] == 4 and replay["seat"] == 1 and replay["rounds"] == 9
    draws = [s for s in replay["steps"] if s["action"]["kind"] == "draw"]
    assert draws and all(s["action"]["seat"] == 1 for s in draws)
    for s in replay["steps"]:
        assert json.loads(transcript[s["line"] - 1]) == s["action"]

    card = finished.client.get("/replay/card?round=4&seat=1").get_data(as_text=True)
    assert "Dispute card: Ben, Round 4" in card and f"quacks-game-{finished.game.table.game_id}.jsonl" in card
    rows = re.findall(r'<tr class="input" data-step="\d+">\s*<td>(\d+)</td>\s*<td>(\d+)</td>', card)
    assert [int(line) for _, line in rows] == [s["line"] for s in replay["steps"]]
    for _, line in rows:
        action = json.loads(transcript[int(line) - 1])
        if action["kind"] == "draw":
            assert action["chip"] in card


def test_a_replay_that_cannot_be_is_refused_clearly(finished):
    for query, status, code in (("round=10", 404, "no_such_round"), ("seat=2", 404, "no_such_round"),
                                ("round=two", 400, "bad_field")):
        r = finished.client.get("/api/replay?" + query)
        assert r.status_code == status and r.get_json()["error"] == code


def test_history_lists_the_game_with_its_winner_and_exports_safe_csv(finished):
    state = finished.game.table.state
    page = finished.client.get("/history").get_data(as_text=True)
    winner = state.config.players[state.winners[0]]
    assert re.search(r'<td class="winner">[^<]*' + re.escape(winner), page)
    assert page.count("<svg class=\"chart\"") == 3
    rows = list(csv.DictReader(io.StringIO(finished.client.get("/history/games.csv").get_data(as_text=True))))
    assert [r["player"] for r in rows] == ["'=Ann", "Ben"]  # a spreadsheet shows the name, runs nothing
    assert [int(r["score"]) for r in rows] == [s.score for s in state.seats]
    players = list(csv.DictReader(io.StringIO(finished.client.get("/history/players.csv").get_data(as_text=True))))
    assert {r["player"]: int(r["wins"]) for r in players} == {
        ("'" if name.startswith("=") else "") + name: int(k in state.winners) for k, name in enumerate(state.config.players)}


def test_a_past_game_of_the_journal_can_be_replayed_too(finished):
    past = finished.game.table.game_id
    table = start_game(finished.game.table.db, TableSetup(GameConfig(players=("Cleo", "Dan"))))
    finished.game.switch(table)  # a new game at the table; last night's stays in the journal
    replay = finished.client.get(f"/api/replay?game={past}&round=9&seat=0").get_json()
    assert replay["players"] == ["=Ann", "Ben"] and replay["round"] == 9 and replay["steps"]
    assert finished.client.get("/api/replay").get_json()["players"] == ["Cleo", "Dan"]
    card = finished.client.get(f"/replay/card?game={past}&round=9&seat=1").get_data(as_text=True)
    assert "Dispute card: Ben, Round 9" in card and f"quacks-game-{past}.jsonl" in card
    missing = finished.client.get("/api/replay?game=999")
    assert missing.status_code == 404 and missing.get_json()["error"] == "no_such_game"


HOSTILE = [{"kind": "buy", "seat": 0, "color": "white", "value": 1, "chip": "zz"},
           {"kind": "buy", "seat": 0, "color": "qq", "value": 1},
           {"kind": "buy", "seat": 0, "color": "white", "value": 1, "chip": "white-x-1"},
           {"kind": "draw", "seat": 0, "chip": "purple-99999999999999999999-01"},
           {"kind": "buy", "seat": 0, "color": "<b>red</b>", "value": 10**30},
           {"kind": "draw", "seat": 0, "chip": 7},
           {"kind": "draw", "seat": 0, "chip": ["white-1-01"]},
           {"kind": "spend", "seat": 0, "what": "qq"}]


@pytest.mark.parametrize("refused", HOSTILE, ids=[str(i) for i in range(len(HOSTILE))])
def test_the_dispute_card_and_every_page_render_a_hostile_refused_input(app, refused):
    """After a seat's {"kind":"buy",...,"chip":"zz"} (or colour "qq") the round's dispute card
    answered 500 for the host and the table, for good."""
    phone = Phone(app)
    assert phone.act(0, refused).status_code in (400, 403, 409)
    host = Phone(app)
    host.login()
    for path in ("/replay/card", "/replay/card?seat=0&round=1", "/api/replay", "/replay", "/history", "/host",
                 "/api/view/host", "/api/host/timeline", "/api/host/anomalies?before=999"):
        response = host.client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        if response.mimetype == "text/html":
            assert b"<b>red</b>" not in response.get_data(), "text sent is escaped"
    host.open_table()
    assert host.client.get("/replay/card").status_code == 200


def test_the_history_chart_draws_each_player_in_the_colour_of_their_seat(finished):
    """Ben sat at seat 2: his line is seat 2's colour, whichever place the chart lists him at."""
    page = finished.client.get("/history").get_data(as_text=True)
    chart = page[page.index("Score in each game</title>"):]
    legend = dict(re.findall(r'<path class="mark" data-symbol="\w+" d="[^"]+" fill="(#[0-9a-f]+)" transform="[^"]+"></path>'
                             r'<text class="label" x="[\d.]+" y="[\d.]+">([^<]+)</text>', chart))
    seat_colors = ("#ff9f1c", "#2ec4b6")  # board.js: the seats' markers and pots on every screen
    assert {name: color for color, name in legend.items()} == {"=Ann": seat_colors[0], "Ben": seat_colors[1]}
