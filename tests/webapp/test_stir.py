"""The table's "Stir!" setting: round 9 by default, every round, or never; the host changes it."""

from __future__ import annotations

from tests.table.last_round import play_to_the_last_round

from .conftest import Phone


def draw(host: Phone, seat: int) -> None:
    assert host.post(f"/api/seat/{host.token(seat)}/draw", {}).status_code == 200


def test_round9_by_default_shows_nothing_in_round_1_and_the_stirs_in_round_9(host):
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    assert host.view()["stir"] is None and host.view(0)["stir"] is None
    assert host.client.get("/api/view/host").get_json()["view"]["host"]["stir"] == "round9"
    play_to_the_last_round(host.game.table)
    assert host.view()["stir"]["chip"] == 1 and host.view()["stir"]["ready"]
    draw(host, 0)
    assert host.view()["stir"]["waiting"] == [{"seat": 1, "why": "draw"}]
    assert host.view(1)["stir"]["waiting"] == [{"seat": 1, "why": "draw"}], "the seat's page has it too"


def test_always_shows_the_stir_in_round_1(host):
    html = host.client.get("/host").get_data(as_text=True)
    assert '<select id="stirsetting"><option value="round9">in round 9</option><option value="always">every round' in html
    assert host.post("/api/host/stir", {"stir": "always"}).get_json() == {"ok": True, "stir": "always"}
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    assert host.view()["round"] == 1 and host.view()["stir"]["ready"]
    draw(host, 1)
    assert host.view(0)["stir"]["waiting"] == [{"seat": 0, "why": "draw"}]


def test_off_shows_nothing_even_in_round_9_and_a_bad_setting_changes_nothing(host, phone):
    assert host.post("/api/host/stir", {"stir": "off"}).status_code == 200
    play_to_the_last_round(host.game.table)
    assert host.view()["stir"] is None and host.view(0)["stir"] is None
    refused = host.post("/api/host/stir", {"stir": "sometimes"})
    assert refused.status_code == 400 and "round9, always, off" in refused.get_json()["message"]
    assert phone.post("/api/host/stir", {"stir": "always"}).status_code in (401, 403)
    assert host.game.stirs == "off"
