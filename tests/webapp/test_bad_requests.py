"""Hostile and clumsy requests: each gets a 4xx with a clear message and changes nothing."""

from __future__ import annotations

import pytest

from .conftest import Phone
from .test_referee import journal, refused

NESTED = "[" * 40_000
JSON_ENDPOINTS = ("/api/host/login", "/api/host/action", "/api/host/void", "/api/host/manual-draw",
                  "/api/host/assign", "/api/host/pause", "/api/host/game", "/api/seat/{token}/action")


@pytest.mark.parametrize("path", JSON_ENDPOINTS)
def test_forty_kilobytes_of_nested_brackets_is_a_400_on_every_json_endpoint(host, path):
    before = journal(host)
    response = host.post(path.format(token=host.token(0)), data=NESTED,
                         headers={"Content-Type": "application/json"})
    refused(host, response, 400, "malformed_json", before)


@pytest.mark.parametrize("token", ["é" * 20, "\u2603", "%FF", "a" * 500])
def test_a_seat_token_that_is_not_plain_ascii_is_refused_not_a_crash(phone, token):
    before = journal(phone)
    assert phone.client.get(f"/api/view/seat/{token}").status_code == 403
    refused(phone, phone.post(f"/api/seat/{token}/action", {"kind": "stop", "seat": 0}), 403, "bad_token", before)
    assert phone.client.get(f"/s/{token}").status_code in (403, 404)


def test_a_manual_draw_naming_an_unknown_anomaly_is_refused(host):
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    before = journal(host)
    for anomaly in (987654, 10**30):
        response = host.post("/api/host/manual-draw", {"seat": 0, "chip": "white-1", "anomaly": anomaly})
        assert "no anomaly" in refused(host, response, 409, "correction_refused", before)
    refused(host, host.post("/api/host/assign", {"anomaly": 10**30, "seat": 0}), 409, "correction_refused", before)
    refused(host, host.post("/api/host/void", {"seq": 10**30}), 409, "correction_refused", before)
    refused(host, host.post("/api/host/reassign", {"seq": 10**30, "seat": 0}), 409, "correction_refused", before)


def test_a_manual_draw_naming_another_games_anomaly_is_refused(host):
    game = host.game
    table = game.table
    other = table.journal.create_game("other", table.setup.to_dict(), "test")
    foreign = table.journal.record_anomaly(other, "reader:x", {"read": {"reader": "x", "uid": "01"}}, "unknown_reader", "x")
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    before = journal(host)
    response = host.post("/api/host/manual-draw", {"seat": 0, "chip": "white-1", "anomaly": foreign.id})
    assert "no anomaly" in refused(host, response, 409, "correction_refused", before)
    assert table.journal.anomalies(other)[0].resolved_by is None


def test_unknown_api_paths_and_methods_answer_json(phone: Phone):
    missing = phone.client.get("/api/no-such-thing")
    assert missing.status_code == 404 and missing.get_json()["error"] == "not_found"
    wrong = phone.client.get("/api/host/void")
    assert wrong.status_code == 405 and wrong.get_json()["message"]
    big = phone.post("/api/host/login", data="x" * 70_000, headers={"Content-Type": "application/json"})
    assert big.status_code == 413 and big.get_json()["error"] == "too_large"


@pytest.mark.parametrize("kind", [[], {}, 7, None, True])
def test_a_kind_that_is_not_text_is_a_400_on_the_seat_and_host_routes(host, kind):
    """{"kind": []} or {"kind": {}} answered 500 with a traceback."""
    for response in (host.act(0, {"kind": kind, "seat": 0}), host.host({"kind": kind})):
        assert response.status_code == 400 and response.get_json()["error"] == "malformed"


@pytest.mark.parametrize("value", ["%C2%B2", "%D9%A3", "99999999999999999999", "9" * 5000, "-1", "1.5"])
@pytest.mark.parametrize("key", ["game", "round", "seat"])
def test_a_query_number_that_is_not_plain_digits_or_too_long_is_a_400(host, key, value):
    """?game=, ?round= or ?seat= set to ² or to a 20-digit number answered 500 (OverflowError)."""
    for path in ("/api/replay", "/replay/card"):
        response = host.client.get(f"{path}?{key}={value}")
        assert response.status_code == 400, (path, response.status_code)
    assert host.client.get(f"/api/host/timeline?{key}={value}").status_code in (200, 400)
