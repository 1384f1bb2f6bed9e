"""The small faults: duplicate names, the demo's refused draw, a new game fed by the running bags."""

from __future__ import annotations

from companion.autoplay import RandomPlayer
from companion.engine import GameConfig
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.table.bags import Bags
from companion.webapp import create_app

from .conftest import PIN, Phone

BOOKS = {"green": 1, "blue": 1, "red": 1, "yellow": 1, "purple": 1}


def play_to_the_end(table) -> None:
    player = RandomPlayer(5)
    while table.state.phase != "game_over":
        table.wait_for_reads()  # the demo's bags put chips back on their own
        table.submit(player.choose(table.state), "web")


def test_the_new_game_form_refuses_two_players_of_the_same_name(tmp_path):
    table = start_game(Database(tmp_path / "t.sqlite3"), TableSetup(GameConfig(players=("Ana", "Ben"))))
    play_to_the_end(table)
    host = Phone(create_app(table, host_pin=PIN, secret_key="s", test_config={"TESTING": True}))
    host.login()
    before = host.view()
    for players in (["Ana", "Ana"], ["Ana", "Ben", "ana "]):
        r = host.post("/api/host/game", {"players": players, "books": BOOKS})
        assert r.status_code == 400 and r.get_json()["error"] == "bad_setup"
        assert "two players are called" in r.get_json()["message"]
        assert host.view() == before


def test_the_demo_draw_button_says_when_the_read_was_refused(host):
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    assert host.act(1, {"kind": "stop", "seat": 1}).status_code == 200
    seq = host.game.table.seq
    r = host.post(f"/api/seat/{host.token(1)}/draw", {})  # Ben has stopped: his bag's read is refused
    body = r.get_json()
    assert r.status_code in (400, 409) and body["ok"] is False and body["message"], body
    assert host.game.table.seq == seq


def test_after_a_new_game_the_demo_bags_feed_the_new_game(table_and_demo):
    table, demo = table_and_demo
    app = create_app(table, host_pin=PIN, secret_key="s", demo=demo, test_config={"TESTING": True})
    host = Phone(app)
    host.login()
    play_to_the_end(table)
    r = host.post("/api/host/game", {"players": ["Cleo", "Dan"], "books": BOOKS,
                                     "readers": {"sim-1": 0, "sim-2": 1}})
    assert r.status_code == 200, r.get_json()
    new = host.game.table
    assert new is not table and demo.table is new
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    r = host.post(f"/api/seat/{host.token(0)}/draw", {})
    assert r.status_code == 200, r.get_json()
    assert len(new.state.seats[0].pot) == 1 and new.seq == 2
    assert table.state.phase == "game_over"


def test_after_a_new_game_the_readers_feed_the_new_game(tmp_path):
    table = start_game(Database(tmp_path / "t.sqlite3"),
                       TableSetup(GameConfig(players=("Ana", "Ben")), {"bag-1": 0, "bag-2": 1}, registry=True))
    bags = Bags(table, [{"id": "bag-1", "kind": "sim"}, {"id": "bag-2", "kind": "sim"}])
    bags.start()
    app = create_app(table, host_pin=PIN, secret_key="s", test_config={"TESTING": True})
    app.extensions["companion.game"].switched.append(bags.repoint)
    host = Phone(app)
    host.login()
    play_to_the_end(table)
    assert host.post("/api/host/game", {"players": ["Cleo", "Dan"], "books": BOOKS,
                                        "readers": {"bag-1": 0, "bag-2": 1}}).status_code == 200
    new = host.game.table
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    chip = new.state.seats[0].bag[0]
    new.registry.assign("04A1B2C3", chip)
    bags.readers["bag-1"].present("04A1B2C3")
    new.wait_for_reads()
    assert [c for c, _ in new.state.seats[0].pot] == [chip]
    assert {r: link.state for r, link in new.links().items()} == {"bag-1": "online", "bag-2": "online"}
    bags.stop()
    new.close()
