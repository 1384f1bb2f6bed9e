"""One phone cannot flood the journal or the host page with refused requests."""

from __future__ import annotations

import json
import logging
import os
import stat
import time

import pytest

from companion.engine import IllegalAction
from companion.webapp import create_app
from companion.webapp.keys import Keys
from companion.webapp.limit_storage import LIMITS_FILENAME
from tests.webapp.tables import demo_table

from .conftest import PIN, Phone


def buy(seat: int, chip: str) -> dict:
    """A purchase before the shop is open: refused by the engine (a phone may not draw at a table with readers)."""
    return {"kind": "buy", "seat": seat, "color": "white", "value": 1, "chip": chip}


def db_bytes(app) -> int:
    """The journal's size on disk, its write-ahead log moved into the file first."""
    db = app.extensions["companion.game"].table.db
    db.pragma("wal_checkpoint(TRUNCATE)")
    path = db.path
    return sum(os.path.getsize(p) for p in (str(path), f"{path}-wal") if os.path.exists(p))


def test_a_huge_refused_body_is_kept_as_a_short_summary(phone):
    """Every refused action used to be stored with up to 64 KB of its body."""
    refused = phone.act(0, {**buy(0, "white-1-01"), "note": "x" * 60_000})
    assert refused.status_code == 400 and refused.get_json()["error"] == "malformed"
    row = phone.game.table.anomalies()[-1]
    assert len(json.dumps(row.payload)) <= 2048
    assert row.payload["action"]["kind"] == "buy" and row.payload["action"]["chip"] == "white-1-01"
    assert row.payload["action"]["note"].startswith("xxx") and row.payload["bytes"] > 60_000


def test_the_same_refusal_again_counts_up_one_row(phone, host):
    for _ in range(15):
        assert phone.act(1, buy(1, "white-1-01")).status_code == 409
    rows = phone.game.table.anomalies()
    assert len(rows) == 1 and rows[0].payload["repeats"] == 15
    shown = host.client.get("/api/view/host").get_json()["view"]["host"]["anomalies"]
    assert [a["repeated"] for a in shown] == ["×15 in 0 s"]
    assert phone.act(1, buy(1, "white-2-01")).status_code == 409
    assert len(phone.game.table.anomalies()) == 2, "a different request is a new row"


def test_refusals_are_rate_limited_per_seat_link(app):
    phone = Phone(app)
    codes = [phone.act(0, buy(0, f"white-1-0{n % 4 + 1}")).status_code for n in range(25)]
    assert codes[:20] == [409] * 20 and codes[20:] == [429] * 5
    limited = phone.act(0, buy(0, "white-1-01"))
    assert limited.get_json()["error"] == "too_many_refusals" and int(limited.headers["Retry-After"]) >= 1
    elsewhere = Phone(app)
    elsewhere.client.environ_base["REMOTE_ADDR"] = "192.168.1.70"
    assert elsewhere.act(0, buy(0, "white-1-01")).status_code == 429, "the seat link is limited, wherever from"
    assert elsewhere.act(1, buy(1, "white-1-01")).status_code == 409, "another seat is not"


def test_refusals_are_rate_limited_per_address(app):
    guesser = Phone(app)
    for n in range(40):
        assert guesser.post(f"/api/seat/{n:020d}/action", buy(0, "white-1-01")).status_code == 403
    assert guesser.act(1, buy(1, "white-1-01")).status_code == 429


def test_a_restart_forgives_no_flood(tmp_path, caplog):
    """`quacks serve` keeps the limits' windows in its data folder: restarting it does not reset them."""
    table, demo = demo_table(["Ana", "Ben"])

    def serve():  # the server (re)started on the same game and data folder, as `quacks serve` is
        return create_app(table, host_pin=PIN, keys=Keys.kept_in(tmp_path), demo=demo, test_config={"TESTING": True})

    flooder, guesser = Phone(serve()), Phone(serve())
    guesser.client.environ_base["REMOTE_ADDR"] = "192.168.1.80"
    assert [flooder.act(0, buy(0, "white-1-01")).status_code for _ in range(21)] == [409] * 20 + [429]
    assert {guesser.post(f"/api/seat/{n:020d}/action", {}).status_code for n in range(40)} == {403}
    assert stat.S_IMODE((tmp_path / LIMITS_FILENAME).stat().st_mode) == 0o600, "its keys hold seat links"

    restarted = serve()
    flooder, guesser = Phone(restarted), Phone(restarted)
    guesser.client.environ_base["REMOTE_ADDR"] = "192.168.1.80"
    assert flooder.act(0, buy(0, "white-1-01")).status_code == 429, "the seat link's window was kept"
    assert guesser.act(1, buy(1, "white-1-01")).status_code == 429, "the address's window was kept"
    assert flooder.act(1, buy(1, "white-1-01")).status_code == 409, "another seat from another address is not limited"

    for kept in tmp_path.glob(f"{LIMITS_FILENAME}-*"):  # a file damaged while the server was stopped:
        kept.unlink()                                    # started afresh, with a warning
    (tmp_path / LIMITS_FILENAME).write_bytes(b"not a database" * 100)
    with caplog.at_level(logging.WARNING):
        assert Phone(serve()).act(0, buy(0, "white-1-01")).status_code == 409
    assert "damaged" in caplog.text


def test_a_thousand_refused_requests_cost_little_and_the_host_view_stays_fast(app, host):
    phone = Phone(app)
    before = db_bytes(app)
    started = time.monotonic()
    for n in range(1000):
        phone.act(n % 2, {**buy(n % 2, f"white-1-0{n % 4 + 1}"), "junk": "y" * 30_000})
    assert time.monotonic() - started < 30
    assert len(app.extensions["companion.game"].table.anomalies()) <= 40
    assert db_bytes(app) - before < 1_000_000
    started = time.monotonic()
    assert host.client.get("/api/view/host").status_code == 200
    assert time.monotonic() - started < 0.5


def test_the_host_view_carries_the_newest_refusals_and_pages_the_rest(app, host):
    table = app.extensions["companion.game"].table
    for n in range(100):
        with pytest.raises(IllegalAction):
            table.submit(buy(0, f"nothing-{n}"), "web")
    panel = host.client.get("/api/view/host").get_json()["view"]["host"]
    assert panel["anomalies_total"] == 100 and len(panel["anomalies"]) == 40
    ids = [a["id"] for a in panel["anomalies"]]
    assert ids == sorted(ids, reverse=True) and ids[0] == table.anomalies()[-1].id
    older = host.client.get(f"/api/host/anomalies?before={ids[-1]}").get_json()
    assert [a["id"] for a in older["anomalies"]] == list(range(ids[-1] - 1, ids[-1] - 41, -1))
    assert host.client.get("/api/host/anomalies?before=²").status_code == 400
    assert Phone(app).client.get(f"/api/host/anomalies?before={ids[-1]}").status_code == 403


def test_refused_reads_are_never_collapsed_each_is_a_chip_the_host_may_assign(app):
    table = app.extensions["companion.game"].table
    uid = table.registry.rows()[0].uid
    for _ in range(3):
        table.read("spare-reader", uid)
    rows = table.anomalies()
    assert [r.code for r in rows] == ["unknown_reader"] * 3 and all("repeats" not in r.payload for r in rows)


@pytest.fixture
def unlimited(table_and_demo):
    """The app without the rate limits: what gets through them at two a second for an evening."""
    table, demo = table_and_demo
    return create_app(table, host_pin=PIN, secret_key="s", demo=demo,
                      test_config={"TESTING": True, "RATELIMIT_ENABLED": False})


def from_address(app, address: str) -> Phone:
    phone = Phone(app)
    phone.client.environ_base["REMOTE_ADDR"] = address
    return phone


def test_a_flood_of_different_huge_inputs_leaves_the_journal_and_the_host_view_small(unlimited):
    """A seat link sending {"kind": "<n>" + 60,000 × "A"}, a different <n> each time, grew the
    journal from 98.7 KB to 23.7 MB and the host's view from 6.8 KB to 2.42 MB in 180 s; an
    unexpected field's name did the same."""
    flooder = from_address(unlimited, "192.168.1.66")
    before = db_bytes(unlimited)
    for n in range(180):
        refused = flooder.act(0, {"kind": f"{n}" + "A" * 60_000, "seat": 0})
        assert refused.status_code == 400 and refused.get_json()["error"] == "malformed"
        assert len(refused.get_data()) < 600, "the answer does not echo the body"
        refused = flooder.act(0, {"kind": "stop", "seat": 0, f"{n}" + "B" * 60_000: 1})
        assert refused.status_code == 400 and len(refused.get_data()) < 600
    rows = unlimited.extensions["companion.game"].table.anomalies()
    stored = json.dumps([(r.payload, r.reason) for r in rows])
    assert "A" * 40 not in stored and "B" * 40 not in stored, "no stored row holds the body"
    assert all(len(r.reason) <= 250 and len(json.dumps(r.payload)) <= 600 for r in rows)
    assert len(rows) <= 102, "past its budget a seat link's refusals are counted, not stored"
    assert db_bytes(unlimited) - before < 100_000
    host = from_address(unlimited, "192.168.1.2")
    host.login()
    view = host.client.get("/api/view/host").get_data()
    assert len(view) < 64_000


def test_each_seat_link_and_address_has_a_budget_of_stored_refusals_then_one_row_counts_the_rest(unlimited):
    table = unlimited.extensions["companion.game"].table
    flooder = from_address(unlimited, "192.168.1.67")
    for n in range(150):
        assert flooder.act(0, buy(0, f"nothing-{n}")).status_code == 409
    rows = table.anomalies()
    assert len(rows) == 101 and rows[-1].code == "too_many_refusals"
    assert rows[-1].payload["repeats"] == 50 and "192.168.1.67" not in rows[-1].reason
    shown = from_address(unlimited, "192.168.1.2")
    shown.login()
    newest = shown.client.get("/api/view/host").get_json()["view"]["host"]["anomalies"][0]
    assert newest["code"] == "too_many_refusals" and newest["repeated"].startswith("×50 in ")
    assert flooder.act(0, {"kind": "teleport", "seat": 0}).get_json()["error"] == "malformed", \
        "the phone still hears why"

    for chip in ("white-1-01", "white-1-02", "white-1-03"):
        assert flooder.act(1, buy(1, chip)).status_code == 409
    rows = table.anomalies()
    assert len(rows) == 102, "the address's budget is spent too: its own row counts another seat's"
    assert rows[-1].code == "too_many_refusals" and rows[-1].payload["repeats"] == 3
    assert "192.168.1.67" in rows[-1].reason
    elsewhere = from_address(unlimited, "192.168.1.68")
    assert elsewhere.act(1, buy(1, "white-1-01")).status_code == 409
    assert len(table.anomalies()) == 103 and table.anomalies()[-1].code == "wrong_phase", \
        "another link from another address is kept"
