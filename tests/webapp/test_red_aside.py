"""Red set 2 at a table without readers: the phone that draws a red chip also puts it back."""

from companion.engine import GameConfig
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app

from .conftest import PIN, Phone

BOOKS = {"green": 1, "blue": 1, "red": 2, "yellow": 1, "purple": 1}


def test_a_phone_puts_a_red_chip_from_beside_its_pot_back_into_the_bag(tmp_path):
    table = start_game(Database(tmp_path / "t.sqlite3"),
                       TableSetup(GameConfig(players=("Ana", "Ben"), books=BOOKS), {}, draws="phones"))
    phone = Phone(create_app(table, host_pin=PIN, secret_key="s", test_config={"TESTING": True}))
    phone.login()
    assert phone.host({"kind": "fortune", "card": "P06"}).status_code == 200  # any one 2-chip: a red one
    for seat, key in ((0, "red-2"), (1, "rubies")):
        choice = next(d for d in phone.view(seat)["decisions"] if d["seat"] == seat)
        assert phone.act(seat, {"kind": "choose", "seat": seat, "decision": choice["id"], "keys": [key]}).status_code == 200
    assert phone.act(0, {"kind": "draw", "seat": 0, "chip": "red-2"}).status_code == 200
    seat = phone.view(0)["seats"][0]
    assert [c["color"] for c in seat["aside"]] == ["red"] and seat["pot"] == []
    red = seat["aside"][0]["chip"]
    assert {"kind": "return", "seat": 0, "chip": red} in phone.view(0)["actions"]
    assert phone.act(0, {"kind": "return", "seat": 0, "chip": red}).status_code == 200
    seat = phone.view(0)["seats"][0]
    assert seat["aside"] == [] and seat["bag"]["chips"]["red-2"] == 1
    assert phone.act(0, {"kind": "draw", "seat": 0, "chip": "red-2"}).status_code == 200
    assert phone.act(0, {"kind": "stop", "seat": 0}).status_code == 200
    question = next(d for d in phone.view(0)["decisions"] if d["kind"] == "red.aside")
    assert question["chip"] == {"chip": red, "color": "red", "value": 2}
    assert [o["key"] for o in question["options"]] == ["place", "keep", "bag"]
