"""The test-tube side from the phones: the droplet question is answered like any other."""

import tempfile
from pathlib import Path

from companion.commands.demo import build_demo
from companion.webapp import create_app
from tests.webapp.conftest import PIN, SECRET, Phone


def test_a_seat_chooses_the_test_tube_droplet_from_its_phone():
    demo = build_demo(["Ana", "Ben"], Path(tempfile.mkdtemp(prefix="quacks-test-")) / "game.sqlite3", 7, tubes=True)
    app = create_app(demo.table, host_pin=PIN, secret_key=SECRET, demo=demo.draw, test_config={"TESTING": True})
    host = Phone(app)
    host.login()
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    for seat in (0, 1):
        assert demo.draw(seat) is not None  # a first chip never explodes the pot
        assert host.act(seat, {"kind": "stop", "seat": seat}).status_code == 200
    rollers = [d for d in host.view()["decisions"] if d["kind"] == "bonus_die"]
    assert rollers
    for d in rollers:
        assert host.act(d["seat"], {"kind": "choose", "seat": d["seat"], "decision": d["id"], "keys": ["5"]}).status_code == 200
    for d in rollers:
        mine = host.view(d["seat"])
        question = next(q for q in mine["decisions"] if q["kind"] == "droplet" and q["seat"] == d["seat"])
        assert [o["key"] for o in question["options"]] == ["pot", "tube"]
        assert "glass 1: 1 ruby" in question["options"][1]["label"]
        rubies = mine["seats"][d["seat"]]["rubies"]
        answer = {"kind": "choose", "seat": d["seat"], "decision": question["id"], "keys": ["tube"]}
        assert host.act(d["seat"], answer).status_code == 200
        seat = host.view(d["seat"])["seats"][d["seat"]]
        assert (seat["tube"], seat["droplet"], seat["rubies"]) == (1, 0, rubies + 1)
    assert host.view()["setup"]["tubes"] is True
    demo.table.close()
