"""Draws come from the bags: a phone cannot draw or return at a table with readers; at a table
without readers (``draws = "phones"``) each player taps the chip they drew, with the same checks."""

from __future__ import annotations

import textwrap

import pytest

from companion.config import ConfigError, parse_config
from companion.engine import GameConfig
from companion.engine.model import chip as parse_chip
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app

from .conftest import PIN, Phone
from .test_referee import journal, refused


@pytest.fixture
def brewing(host) -> Phone:
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    return host


def test_a_phone_cannot_draw_or_return_a_chip_at_a_table_with_readers(brewing):
    table = brewing.game.table
    chip = sorted(table.state.seats[0].bag)[0]
    before, logged = journal(brewing), len(table.anomalies())
    for action in ({"kind": "draw", "seat": 0, "chip": chip}, {"kind": "draw", "seat": 0, "chip": "white-1"},
                   {"kind": "return", "seat": 0, "chip": chip}):
        message = refused(brewing, brewing.act(0, action), 403, "draws_from_bags", before)
        assert "reader" in message and "host" in message
    assert len(table.anomalies()) == logged, "a refused phone draw is not even an anomaly row"
    brewing.read(0, chip)  # the bag's reader still draws
    assert [c for c, _ in table.state.seats[0].pot] == [chip]


def test_the_host_enters_a_missed_draw_by_hand_and_it_is_marked_as_such(brewing):
    r = brewing.post("/api/host/manual-draw", {"seat": 1, "chip": "white-1"})
    assert r.status_code == 200
    entry = brewing.game.table.entries()[-1]
    assert entry.source == "host" and entry.payload["manual"] is True
    assert entry.payload["action"]["chip"].startswith("white-1-")


@pytest.fixture
def phones(tmp_path) -> Phone:
    """A table without readers: two players, the draws tapped on their phones."""
    table = start_game(Database(tmp_path / "t.sqlite3"),
                       TableSetup(GameConfig(players=("Ana", "Ben")), {}, draws="phones"))
    phone = Phone(create_app(table, host_pin=PIN, secret_key="s", test_config={"TESTING": True}))
    phone.login()
    assert phone.host({"kind": "fortune", "card": None}).status_code == 200
    return phone


def test_at_a_table_without_readers_a_phone_taps_the_kind_it_drew(phones):
    bag = phones.view(0)["seats"][0]["bag"]["chips"]
    assert bag == {"green-1": 1, "orange-1": 1, "white-1": 4, "white-2": 2, "white-3": 1}
    assert phones.act(0, {"kind": "draw", "seat": 0, "chip": "white-2"}).status_code == 200
    assert phones.act(0, {"kind": "draw", "seat": 0, "chip": "orange-1"}).status_code == 200
    seat = phones.view(0)["seats"][0]
    assert [p["chip"][:-3] for p in seat["pot"]] == ["white-2", "orange-1"]
    assert seat["bag"]["chips"] == {"green-1": 1, "white-1": 4, "white-2": 1, "white-3": 1}
    assert phones.game.table.entries()[-1].source == "web"


def test_a_tapped_draw_gets_the_same_checks_as_a_read(phones):
    before = journal(phones)
    assert "no black 1-chip" in refused(phones, phones.act(0, {"kind": "draw", "seat": 0, "chip": "black-1"}),
                                        400, "not_in_bag", before)
    refused(phones, phones.act(0, {"kind": "draw", "seat": 1, "chip": "white-1"}), 403, "wrong_seat", before)
    refused(phones, phones.act(0, {"kind": "draw", "seat": 0, "chip": "white-1-99"}), 400, "not_in_bag", before)
    assert phones.act(0, {"kind": "stop", "seat": 0}).status_code == 200
    before = journal(phones)
    r = phones.act(0, {"kind": "draw", "seat": 0, "chip": "white-1"})
    assert r.status_code in (400, 409) and r.get_json()["ok"] is False
    assert journal(phones) == before


def test_the_seat_page_offers_the_chip_picker_only_without_readers(phones, host):
    assert 'data-picker="1"' in phones.client.get(f"/s/{phones.token(0)}").get_data(as_text=True)
    assert "data-picker" not in host.client.get(f"/s/{host.token(0)}").get_data(as_text=True)


def test_the_config_names_who_draws():
    seats = '[[seats]]\nplayer = "Ann"\n[[seats]]\nplayer = "Ben"\n'
    assert parse_config(seats).draws == "readers"
    assert parse_config('[table]\ndraws = "phones"\n' + seats).draws == "phones"
    with pytest.raises(ConfigError) as err:
        parse_config(textwrap.dedent('''\
            [table]
            draws = "bags"
            ''') + seats, None)
    assert err.value.problems[0].line == 2 and "phones" in err.value.problems[0].message


def test_the_phone_offers_i_drew_it_only_for_its_last_read_taken_as_going_back_while_it_may_draw(tmp_path):
    """Ann's chips go back into her bag before the card and after it; one went in unread and is
    drawn: its read is taken as its return. Her phone offers "I drew it" for that read once she
    may draw, not before the card (nothing can be drawn yet), and not once it was answered."""
    from ..table.test_round_boundary import READERS, T0, finish_round

    db = Database(tmp_path / "game.sqlite3")
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), READERS))
    game = create_app(table, host_pin=PIN, secret_key="s").extensions["companion.game"]
    table.submit({"kind": "fortune", "card": None}, "host")
    table.submit({"kind": "stop", "seat": 1}, "web")
    for cid in sorted(table.state.seats[0].bag)[:3]:
        table.read("bag-0", cid, at=T0)
    table.submit({"kind": "stop", "seat": 0}, "web")
    finish_round(table)
    poured = list(table.state.seats[0].returning)
    gone_back = table.read("bag-0", poured[1], at=T0 + 300)  # before the card: a return, and no draw yet
    assert gone_back.accepted and table.last_input(0).action_dict["kind"] == "return"
    assert game.render("seat:0")["bag_reads"]["read_back"] is None
    table.submit({"kind": "fortune", "card": None}, "table")
    for cid in poured[2:]:
        table.read("bag-0", cid, at=T0 + 400)
    outcome = table.read("bag-0", poured[0], at=T0 + 430)  # it went in unread, and is drawn now
    chip = parse_chip(poured[0])
    assert game.render("seat:0")["bag_reads"]["read_back"] == {
        "seq": outcome.seq, "chip": {"color": chip.color, "value": chip.value}}
    assert game.render("seat:1")["bag_reads"]["read_back"] is None
    table.read_back(outcome.seq, 0, source="web")
    assert game.render("seat:0")["bag_reads"]["read_back"] is None
    table.close()
