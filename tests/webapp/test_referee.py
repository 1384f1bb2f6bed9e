"""The host's referee desk: anomalies and their one-click fixes, voids, the timeline, export, pause.

Every correction and every refusal: a refused correction is a 409 with the table's reason and
leaves the journal as it was; a malformed request is a 4xx naming what is wrong.
"""

from __future__ import annotations

import json

import pytest

from .conftest import Phone


def uid_of(phone: Phone, chip: str) -> str:
    return next(r.uid for r in phone.game.table.registry.rows() if r.chip_id == chip)


def chip_of(phone: Phone, seat: int, kind: str) -> str:
    return next(c for c in sorted(phone.game.table.state.seats[seat].bag) if c.startswith(kind))


def journal(phone: Phone) -> tuple[int, dict]:
    return phone.game.table.seq, phone.view()


def anomalies(phone: Phone) -> list[dict]:
    return phone.client.get("/api/view/host").get_json()["view"]["host"]["anomalies"]


def refused(phone: Phone, response, status: int, code: str, before: tuple[int, dict]) -> str:
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["ok"] is False and body["error"] == code and body["message"]
    assert journal(phone) == before, "a refused request changes nothing"
    return body["message"]


@pytest.fixture
def brewing(host) -> Phone:
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    return host


def test_a_read_from_an_unknown_reader_is_logged_and_assigned_to_a_seat(brewing):
    table = brewing.game.table
    chip = chip_of(brewing, 1, "orange")
    table.read("bag-under-the-table", uid_of(brewing, chip))
    logged = anomalies(brewing)[0]
    assert logged["code"] == "unknown_reader" and "feeds no seat" in logged["reason"]
    assert logged["source"] == "reader:bag-under-the-table" and logged["read"] and logged["chip"] == chip
    assert logged["resolved_by"] is None and logged["at"]

    r = brewing.post("/api/host/assign", {"anomaly": logged["id"], "seat": 1})
    assert r.status_code == 200, r.get_json()
    assert [p["chip"] for p in brewing.view()["seats"][1]["pot"]] == [chip]
    assert anomalies(brewing)[0]["resolved_by"] == r.get_json()["seq"]

    before = journal(brewing)
    again = brewing.post("/api/host/assign", {"anomaly": logged["id"], "seat": 1})
    assert "already settled" in refused(brewing, again, 409, "correction_refused", before)


def test_assigning_a_read_where_it_cannot_be_is_refused_with_the_reason(brewing):
    table = brewing.game.table
    table.read("nowhere", uid_of(brewing, "purple-1-01"))  # a chip still in the box
    logged = anomalies(brewing)[0]
    before = journal(brewing)
    message = refused(brewing, brewing.post("/api/host/assign", {"anomaly": logged["id"], "seat": 0}),
                      409, "correction_refused", before)
    assert "cannot be Ana's" in message
    assert anomalies(brewing)[0]["resolved_by"] is None


def test_a_missed_draw_is_entered_by_hand_from_the_seats_bag(brewing):
    bag = brewing.view()["seats"][0]["bag"]["count"]
    r = brewing.post("/api/host/manual-draw", {"seat": 0, "chip": "green-1"})
    assert r.status_code == 200
    seat = brewing.view()["seats"][0]
    assert [p["color"] for p in seat["pot"]] == ["green"] and seat["bag"]["count"] == bag - 1
    rows = brewing.client.get("/api/host/timeline").get_json()["rows"]
    assert rows[-1]["note"] == "entered by hand" and rows[-1]["source"] == "host"


def test_a_missed_draw_settles_the_anomaly_it_names(brewing):
    brewing.game.table.read("nowhere", uid_of(brewing, chip_of(brewing, 0, "white-1")))
    logged = anomalies(brewing)[0]
    r = brewing.post("/api/host/manual-draw", {"seat": 0, "chip": "white-1", "anomaly": logged["id"]})
    assert r.status_code == 200
    assert anomalies(brewing)[0]["resolved_by"] == r.get_json()["seq"]


def test_a_missed_draw_of_a_chip_not_in_the_bag_or_malformed_is_refused(brewing):
    before = journal(brewing)
    message = refused(brewing, brewing.post("/api/host/manual-draw", {"seat": 0, "chip": "purple-1"}),
                      409, "correction_refused", before)
    assert message == "Ana's bag holds no purple 1-chip"
    refused(brewing, brewing.post("/api/host/manual-draw", {"seat": 0}), 400, "bad_field", before)
    refused(brewing, brewing.post("/api/host/manual-draw", {"seat": 7, "chip": "white-1"}), 400, "bad_field", before)
    refused(brewing, brewing.post("/api/host/manual-draw", {"seat": "0", "chip": "white-1"}), 400, "bad_field", before)


def test_void_an_input_and_the_refusals_of_a_void(brewing):
    first = chip_of(brewing, 0, "white-1")
    brewing.read(0, first)
    drawn = brewing.game.table.seq
    r = brewing.post("/api/host/void", {"seq": drawn})
    assert r.status_code == 200 and brewing.view()["seats"][0]["pot"] == []

    before = journal(brewing)
    assert "already voided" in refused(brewing, brewing.post("/api/host/void", {"seq": drawn}),
                                       409, "correction_refused", before)
    assert "no entry #99" in refused(brewing, brewing.post("/api/host/void", {"seq": 99}),
                                     409, "correction_refused", before)
    refused(brewing, brewing.post("/api/host/void", {"seq": -1}), 400, "bad_field", before)
    refused(brewing, brewing.post("/api/host/void", {}), 400, "bad_field", before)


def test_voiding_what_later_inputs_rest_on_needs_the_cascade(brewing):
    assert brewing.act(0, {"kind": "stop", "seat": 0}).status_code == 200
    assert brewing.act(1, {"kind": "stop", "seat": 1}).status_code == 200  # the round moves on
    before = journal(brewing)
    message = refused(brewing, brewing.post("/api/host/void", {"seq": 1}), 409, "correction_refused", before)
    assert "would no longer fit" in message and "void it too" in message
    assert brewing.post("/api/host/void", {"seq": 1, "cascade": True}).status_code == 200
    assert brewing.view()["phase"] == "fortune"


def test_void_the_last_input_of_a_seat(brewing):
    brewing.read(1, chip_of(brewing, 1, "orange"))
    assert brewing.post("/api/host/void-last", {"seat": 1}).status_code == 200
    assert brewing.view()["seats"][1]["pot"] == []
    before = journal(brewing)
    assert "no input to void" in refused(brewing, brewing.post("/api/host/void-last", {"seat": 0}),
                                         409, "correction_refused", before)


def test_reassign_a_draw_to_the_seat_whose_bag_it_came_from(brewing):
    table = brewing.game.table
    assert table.read("sim-1", uid_of(brewing, chip_of(brewing, 0, "green"))).accepted  # passed Ana's reader
    seq = table.seq
    assert brewing.post("/api/host/reassign", {"seq": seq, "seat": 1}).status_code == 200
    seats = brewing.view()["seats"]
    assert seats[0]["pot"] == [] and [p["color"] for p in seats[1]["pot"]] == ["green"]
    before = journal(brewing)
    assert "not a draw" in refused(brewing, brewing.post("/api/host/reassign", {"seq": 1, "seat": 0}),
                                   409, "correction_refused", before)


def test_corrections_need_the_host_pin_the_csrf_token_and_json(app, brewing):
    guest = Phone(app)
    before = journal(brewing)
    for path in ("/api/host/void", "/api/host/void-last", "/api/host/reassign", "/api/host/assign",
                 "/api/host/manual-draw", "/api/host/pause"):
        refused(brewing, guest.post(path, {"seq": 1, "seat": 0}), 403, "not_host", before)
        r = brewing.client.post(path, json={"seq": 1}, headers={"Origin": "http://localhost"})
        refused(brewing, r, 403, "csrf", before)
        refused(brewing, brewing.post(path, {"seq": 1}, headers={"Origin": "http://evil.example"}),
                403, "cross_site", before)
        refused(brewing, brewing.post(path, data="{oops", content_type="application/json"),
                400, "malformed_json", before)
        refused(brewing, brewing.post(path, data="seq=1", content_type="text/plain"), 415, "not_json", before)


def test_the_timeline_shows_reads_decisions_corrections_and_refusals_and_filters(brewing):
    table = brewing.game.table
    brewing.post(f"/api/seat/{brewing.token(0)}/draw", {})
    brewing.read(1, chip_of(brewing, 1, "green"))
    brewing.post("/api/host/void", {"seq": table.seq})
    table.read("nowhere", uid_of(brewing, "white-1-01"))
    rows = brewing.client.get("/api/host/timeline").get_json()["rows"]
    kinds = [r["kind"] for r in rows]
    assert kinds[:2] == ["input", "input"] and "void" in kinds and kinds[-1] == "anomaly"
    read = next(r for r in rows if r["source"] == "reader:sim-1")
    assert read["seat"] == 0 and read["space"] is not None and read["counts"] and read["at"]
    voided = next(r for r in rows if r["seat"] == 1 and r["kind"] == "input")
    assert not voided["counts"] and voided["note"].startswith("voided by #")

    mine = brewing.client.get("/api/host/timeline?seat=1&round=1").get_json()["rows"]
    assert mine and all(r["seat"] == 1 and r["round"] == 1 for r in mine)
    assert brewing.client.get("/api/host/timeline?round=2").get_json()["rows"] == []
    bad = brewing.client.get("/api/host/timeline?seat=ana")
    assert bad.status_code == 400 and bad.get_json()["error"] == "bad_filter"


def test_the_timeline_and_the_export_are_for_the_host_only(app, brewing):
    guest = Phone(app)
    for path in ("/api/host/timeline", "/api/host/export"):
        r = guest.client.get(path)
        assert r.status_code == 403 and r.get_json()["error"] == "not_host"


def test_export_downloads_the_transcript_of_the_inputs_that_count(brewing):
    assert brewing.act(0, {"kind": "stop", "seat": 0}).status_code == 200
    r = brewing.client.get("/api/host/export")
    assert r.status_code == 200
    assert r.headers["Content-Disposition"].startswith("attachment; filename=\"quacks-game-")
    lines = [json.loads(line) for line in r.get_data(as_text=True).splitlines() if line.strip()]
    assert lines[0]["setup"]["players"] == ["Ana", "Ben"]
    assert [line.get("kind") for line in lines[1:]] == ["fortune", "stop"]


def test_pause_keeps_reads_as_anomalies_and_phones_cannot_act(brewing):
    assert brewing.post("/api/host/pause", {"paused": True}).get_json() == {"ok": True, "paused": True}
    assert brewing.view()["paused"] is True
    before = journal(brewing)
    refused(brewing, brewing.act(0, {"kind": "stop", "seat": 0}), 409, "paused", before)
    refused(brewing, brewing.post(f"/api/seat/{brewing.token(0)}/draw", {}), 409, "paused", before)
    refused(brewing, brewing.post("/api/host/pause", {"paused": "yes"}), 400, "bad_field", before)

    chip = chip_of(brewing, 0, "orange")
    brewing.game.table.read("sim-1", uid_of(brewing, chip))
    kept = anomalies(brewing)[0]
    assert kept["code"] == "paused" and kept["seat"] == 0 and journal(brewing) == before

    assert brewing.post("/api/host/pause", {"paused": False}).status_code == 200
    assert brewing.post("/api/host/assign", {"anomaly": kept["id"], "seat": 0}).status_code == 200
    assert [p["chip"] for p in brewing.view()["seats"][0]["pot"]] == [chip]
    assert brewing.act(0, {"kind": "stop", "seat": 0}).status_code == 200


def test_each_seat_shows_its_readers_last_link_state(host):
    from companion.devices.events import LinkStatus
    def seats():
        return host.client.get("/api/view/host").get_json()["view"]["host"]["seats"]
    assert seats()[0]["readers"] == [{"reader": "sim-1", "state": "online", "detail": "simulated bag"}]
    host.game.table.reader_status(LinkStatus("sim-2", "offline", "USB cable unplugged?", 0.0))
    assert seats()[1]["readers"] == [{"reader": "sim-2", "state": "offline", "detail": "USB cable unplugged?"}]
    host.game.table.reader_status(LinkStatus("sim-2", "online"))
    assert seats()[1]["readers"][0]["state"] == "online"


def test_the_timeline_speaks_the_hosts_language(brewing):
    table = brewing.game.table
    brewing.post(f"/api/seat/{brewing.token(0)}/draw", {})
    brewing.read(1, chip_of(brewing, 1, "green"))
    brewing.post("/api/host/void", {"seq": table.seq})
    table.read("nowhere", uid_of(brewing, "white-1-01"))
    brewing.client.set_cookie("lang", "es")
    rows = brewing.client.get("/api/host/timeline").get_json()["rows"]
    names = table.config.players
    assert rows[0]["text"] == "Adivina: sin carta" and rows[1]["text"].startswith(f"{names[0]}: saca ")
    voided = next(r for r in rows if r["seat"] == 1 and r["kind"] == "input")
    assert voided["text"] == f"{names[1]}: saca verde 1" and voided["note"].startswith("anulada por #")
    assert next(r for r in rows if r["kind"] == "void")["text"].startswith("anular #")
    assert rows[-1]["kind"] == "anomaly" and rows[-1]["text"] == \
        "rechazada: Un lector que no alimenta ningún asiento de esta mesa: asigna la lectura a un asiento."


def test_every_address_and_method_answers_one_thing(app):
    """Two handlers at one address: the first one answers and the other is unreachable (the host's
    "Change the card" once drew a card instead)."""
    seen: dict[tuple[str, str], str] = {}
    for rule in app.url_map.iter_rules():
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (rule.rule, method) not in seen, f"{method} {rule.rule}: {seen[(rule.rule, method)]} and {rule.endpoint}"
            seen[(rule.rule, method)] = rule.endpoint
