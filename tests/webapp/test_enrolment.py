"""Tag enrolment from the host page: the mode, each new UID, duplicates, counts, and the CSV."""

from __future__ import annotations

import pytest

from companion.engine import GameConfig
from companion.store import Database, TagStore
from companion.table import TableSetup, start_game
from companion.webapp import create_app

from .conftest import PIN, Phone


def tags(phone: Phone) -> dict:
    return phone.client.get("/api/view/host").get_json()["view"]["host"]["tags"]


def count(phone: Phone, kind: str) -> tuple[int, int]:
    k = next(k for k in tags(phone)["counts"] if f"{k['color']}-{k['value']}" == kind)
    return k["tagged"], k["box"]


@pytest.fixture
def registry(host):
    registry = host.game.table.registry
    registry.remove(next(r.uid for r in registry.rows() if r.chip_id == "purple-1-01"))
    return registry


def test_enrol_a_new_tag_report_a_duplicate_and_stop(host, registry):
    seq = host.game.table.seq
    tagged, box = count(host, "purple-1")
    assert tagged == box - 1
    assert host.post("/api/host/tags/enrol", {"color": "purple", "value": 1}).status_code == 200
    assert tags(host)["enrolling"] == {"color": "purple", "value": 1}

    host.game.table.read("sim-1", "A1B2C3D4")
    assert tags(host)["messages"][0] == f"tag A1B2C3D4 is now purple-1-01 ({box} of {box})"
    assert count(host, "purple-1") == (box, box)
    host.game.table.read("sim-2", "A1B2C3D4")
    assert "already chip purple-1-01" in tags(host)["messages"][0]
    assert host.game.table.seq == seq, "enrolment reads are not draws"

    assert host.post("/api/host/tags/stop", {}).status_code == 200
    assert tags(host)["enrolling"] is None


def test_enrolment_refusals(app, host, registry):
    before = tags(host)
    r = host.post("/api/host/tags/enrol", {"color": "pink", "value": 1})
    assert r.status_code == 400 and r.get_json()["error"] == "bad_kind" and "no pink 1-chips" in r.get_json()["message"]
    r = host.post("/api/host/tags/enrol", {"color": "purple", "value": "1"})
    assert r.status_code == 400 and r.get_json()["error"] == "bad_field"
    r = host.post("/api/host/tags/enrol", data="{", content_type="application/json")
    assert r.status_code == 400 and r.get_json()["error"] == "malformed_json"
    guest = Phone(app)
    for path in ("/api/host/tags/enrol", "/api/host/tags/stop", "/api/host/tags/import"):
        r = guest.post(path, {"color": "purple", "value": 1})
        assert r.status_code == 403 and r.get_json()["error"] == "not_host"
    assert guest.client.get("/api/host/tags/export").status_code == 403
    assert tags(host) == before


def test_export_and_import_the_registry_csv(host, registry):
    r = host.client.get("/api/host/tags/export")
    assert r.status_code == 200 and r.headers["Content-Disposition"].endswith('filename="quacks-tags.csv"')
    lines = r.get_data(as_text=True).splitlines()
    assert lines[0] == "uid,chip,color,value,number" and len(lines) == len(registry.rows()) + 1

    r = host.post("/api/host/tags/import", {"csv": "uid,chip\nDEADBEEF,purple-1-01\n"})
    assert r.get_json() == {"ok": True, "imported": 1}
    assert registry.chip_for("DEADBEEF") == "purple-1-01"

    rows = len(registry.rows())
    r = host.post("/api/host/tags/import", {"csv": "uid,chip\nCAFEF00D,purple-1-01\n"})
    assert r.status_code == 400 and r.get_json()["error"] == "bad_csv" and "line 2" in r.get_json()["message"]
    r = host.post("/api/host/tags/import", {"csv": ""})
    assert r.status_code == 400 and r.get_json()["error"] == "bad_field"
    assert len(registry.rows()) == rows, "a refused import adds nothing"


def test_a_table_without_stickers_has_no_enrolment(tmp_path):
    table = start_game(Database(tmp_path / "plain.sqlite3"), TableSetup(GameConfig(players=("Ana", "Ben"))))
    phone = Phone(create_app(table, host_pin=PIN, secret_key="s", test_config={"TESTING": True}))
    phone.login()
    assert tags(phone) is None
    r = phone.post("/api/host/tags/enrol", {"color": "purple", "value": 1})
    assert r.status_code == 409 and r.get_json()["error"] == "no_registry"


def test_the_hosts_counts_follow_a_tag_added_by_another_program_beside_the_server(host, registry):
    """`quacks tags import` run on the Pi while the table serves writes the journal through a
    connection of its own: the host's counts, shown before, follow it."""
    tagged, box = count(host, "purple-1")
    beside = TagStore(Database(host.game.table.db.path))
    beside.add("CAFE0001", "purple-1-01", "purple", 1, 1)
    assert count(host, "purple-1") == (tagged + 1, box)
    beside.remove("CAFE0001")
    assert count(host, "purple-1") == (tagged, box)


def test_a_read_of_an_unknown_tag_joins_the_hosts_list_already_shown(host):
    """The host's list, shown before, gains the refused read of a sticker nobody enrolled."""
    panel = lambda: host.client.get("/api/view/host").get_json()["view"]["host"]  # noqa: E731
    before = panel()["anomalies_total"]
    assert not host.game.table.read("sim-1", "0BADCAFE").accepted
    after = panel()
    assert after["anomalies_total"] == before + 1
    assert after["anomalies"][0]["code"] == "unknown_tag"
