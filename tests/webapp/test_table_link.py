"""The whole table is for the table screen and the host: a guest on the Wi-Fi with neither link sees none of it."""

from __future__ import annotations

from .conftest import Phone

WHOLE_TABLE = ("/api/view/table", "/replay", "/api/replay", "/replay/card?round=1&seat=0", "/history",
               "/history/games.csv", "/history/players.csv")


def started(host: Phone) -> None:
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    host.read(0, "white-1-01")


def test_a_guest_sees_nothing_of_the_table_without_its_link_or_the_pin(host, phone):
    started(host)
    for path in WHOLE_TABLE + ("/host/join-card",):
        refused = phone.client.get(path)
        assert refused.status_code == 403, path
        assert "white-1" not in refused.get_data(as_text=True), path
    assert phone.client.get("/api/view/table").get_json()["error"] == "not_table"
    assert 'id="login"' in phone.client.get("/replay").get_data(as_text=True), "the host can log in right there"


def test_a_seat_link_opens_its_seat_and_not_the_table(host, phone):
    started(host)
    assert phone.client.get(f"/s/{phone.token(1)}").status_code == 200
    for path in WHOLE_TABLE:
        assert phone.client.get(path).status_code == 403, path


def test_the_table_screens_browser_opens_the_replay_and_the_history_but_not_the_join_card(host, phone):
    started(host)
    assert phone.client.get("/table/not-the-token").status_code == 403
    assert phone.client.get("/replay").status_code == 403, "a wrong table link opens nothing"
    phone.open_table()
    for path in WHOLE_TABLE:
        assert phone.client.get(path).status_code == 200, path
    assert phone.client.get("/api/replay").get_json()["steps"][-1]["placed"]["chip"] == "white-1-01"
    assert phone.client.get("/table").headers["Location"].endswith(f"/table/{host.game.table_token}")
    assert phone.client.get("/host/join-card").status_code == 403, "the seats' links are the host's to hand out"


def test_the_host_sees_everything(host):
    started(host)
    for path in WHOLE_TABLE + ("/host/join-card",):
        assert host.client.get(path).status_code == 200, path
