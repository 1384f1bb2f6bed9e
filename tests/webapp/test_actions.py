"""Every input a page sends, and every refusal: a 4xx with a clear message and the state unchanged."""

from __future__ import annotations

import pytest

from .conftest import PIN, Phone


def start_brewing(host: Phone) -> None:
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    assert host.view()["phase"] == "brewing"


def test_host_reads_the_fortune_card_then_seats_brew(host):
    start_brewing(host)
    response = host.act(0, {"kind": "stop", "seat": 0})
    assert response.status_code == 200 and response.get_json()["ok"] is True
    assert host.view()["seats"][0]["status"] == "stopped"


def test_demo_draw_puts_a_chip_from_the_seats_bag_into_its_pot(host):
    start_brewing(host)
    before = host.view(1)["seats"][1]
    response = host.post(f"/api/seat/{host.token(1)}/draw", {})
    assert response.status_code == 200
    after = host.view(1)["seats"][1]
    assert len(after["pot"]) == len(before["pot"]) + 1
    assert after["bag"]["count"] == before["bag"]["count"] - 1
    assert host.view(0)["seats"][0]["pot"] == [], "the other seat is untouched"


def test_answering_a_decision_and_a_stale_answer(host):
    start_brewing(host)
    decision = None
    for _ in range(12):  # draw until the flask is offered after a white chip
        host.post(f"/api/seat/{host.token(0)}/draw", {})
        view = host.view(0)
        decision = next((d for d in view["decisions"] if d["seat"] == 0), None)
        if decision or view["seats"][0]["status"] != "brewing":
            break
    if decision is None:
        pytest.skip("this seed's draws never offered a decision")
    answer = {"kind": "choose", "seat": 0, "decision": decision["id"], "keys": [decision["options"][0]["key"]]}
    assert host.act(0, answer).status_code == 200
    host.game.table.wait_for_reads()  # the demo's bag has put back the chip the answer returned
    seq = host.client.get("/api/view/table").get_json()["seq"]
    again = host.act(0, answer)
    assert again.status_code == 409
    said = "flask is empty" if decision["kind"] == "flask" else "has been answered"
    assert again.get_json()["error"] == "stale" and said in again.get_json()["message"]
    assert host.client.get("/api/view/table").get_json()["seq"] == seq


def unchanged(phone: Phone, response, status: int, code: str, before: dict) -> None:
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["ok"] is False and body["error"] == code and body["message"]
    assert phone.view() == before


@pytest.fixture
def brewing(host) -> Phone:
    start_brewing(host)
    return host


def test_wrong_token_is_refused(brewing):
    before = brewing.view()
    r = brewing.post("/api/seat/forged/action", {"kind": "stop", "seat": 0})
    unchanged(brewing, r, 403, "bad_token", before)


def test_acting_for_another_seat_is_refused(brewing):
    before = brewing.view()
    unchanged(brewing, brewing.act(0, {"kind": "stop", "seat": 1}), 403, "wrong_seat", before)


def test_a_seat_cannot_send_host_inputs_nor_the_host_seat_inputs(brewing):
    before = brewing.view()
    unchanged(brewing, brewing.act(0, {"kind": "fortune", "card": None, "seat": 0}), 403, "host_only", before)
    unchanged(brewing, brewing.host({"kind": "stop", "seat": 0}), 403, "not_host_action", before)


def test_host_inputs_need_the_pin(app, brewing):
    guest = Phone(app)
    before = brewing.view()
    unchanged(brewing, guest.host({"kind": "fortune", "card": None}), 403, "not_host", before)
    unchanged(brewing, guest.post("/api/host/login", {"pin": "000000"}), 403, "bad_pin", before)


def test_missing_csrf_header_is_refused(brewing):
    before = brewing.view()
    r = brewing.client.post(f"/api/seat/{brewing.token(0)}/action", json={"kind": "stop", "seat": 0},
                            headers={"Origin": "http://localhost"})
    unchanged(brewing, r, 403, "csrf", before)


def test_cross_site_request_is_refused(brewing):
    before = brewing.view()
    r = brewing.post(f"/api/seat/{brewing.token(0)}/action", {"kind": "stop", "seat": 0},
                     headers={"Origin": "http://evil.example"})
    unchanged(brewing, r, 403, "cross_site", before)


def test_malformed_json_is_refused(brewing):
    before = brewing.view()
    url = f"/api/seat/{brewing.token(0)}/action"
    r = brewing.post(url, data="{not json", content_type="application/json")
    unchanged(brewing, r, 400, "malformed_json", before)
    r = brewing.post(url, data='["stop"]', content_type="application/json")
    unchanged(brewing, r, 400, "malformed_json", before)
    r = brewing.post(url, data="kind=stop", content_type="application/x-www-form-urlencoded")
    unchanged(brewing, r, 415, "not_json", before)


def test_inputs_the_engine_refuses_come_back_with_its_reason(brewing):
    before = brewing.view()
    r = brewing.act(0, {"kind": "buy", "seat": 0, "color": "green", "value": 1})
    unchanged(brewing, r, 409, "wrong_phase", before)
    r = brewing.act(0, {"kind": "spend", "seat": 0, "what": "droplet"})
    unchanged(brewing, r, 400, "too_few_rubies", before)
    r = brewing.act(0, {"kind": "draw", "seat": 0, "chip": "black-1-01"})
    assert r.status_code == 400 and r.get_json()["error"] == "not_in_bag"
    r = brewing.act(0, {"kind": "teleport", "seat": 0})
    assert r.status_code == 400 and "unknown input kind" in r.get_json()["message"]
    assert brewing.view() == before


def test_draw_button_exists_only_in_the_demo(table_and_demo):
    from companion.webapp import create_app
    table, _ = table_and_demo
    app = create_app(table, host_pin=PIN, secret_key="s", test_config={"TESTING": True})
    p = Phone(app)
    assert 'id="draw"' not in p.client.get(f"/s/{p.token(0)}").get_data(as_text=True)
    r = p.post(f"/api/seat/{p.token(0)}/draw", {})
    assert r.status_code == 404 and r.get_json()["error"] == "no_demo"


def test_player_names_are_escaped():
    from companion.webapp import create_app
    from tests.webapp.tables import demo_table
    table, demo = demo_table(["<script>alert(1)</script>", "Ben & \"Co\""])
    app = create_app(table, host_pin=PIN, secret_key="s", demo=demo, test_config={"TESTING": True})
    p = Phone(app)
    p.login()
    html = p.client.get("/host").get_data(as_text=True)
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
