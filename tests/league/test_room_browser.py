"""The room screen in Debian's Chromium: every live table, updated as the tables push, across a room."""

from __future__ import annotations

from datetime import UTC, datetime

from companion.league import tables, tournaments
from companion.league.sender import LeagueLink
from tests.browser.conftest import ARTIFACTS

from .games import push


def live(game: str, round_: int, seats: list[tuple[str, int, str]], seq: int) -> dict:
    return {"game": game, "started_at": STARTED, "seq": seq, "round": round_, "phase": "brewing",
            "seats": [{"name": n, "score": s, "status": st} for n, s, st in seats]}


STARTED = datetime.now(UTC).isoformat()


def test_the_room_screen_follows_every_table_live(browser, league, served):
    with league.connection() as conn:
        keys = [tables.add_table(conn, f"Table {n}", "test")[1] for n in (1, 2, 3)]
    links = [LeagueLink(served.url, k) for k in keys]
    links[0].post("/api/v1/live", live("a", 2, [("Ann", 7, "brewing"), ("Ben", 5, "exploded")], 10))
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(served.url + "/room")
    first = page.locator("[data-table='Table 1']")
    assert first.locator(".name").all_inner_texts() == ["Ann", "Ben"]
    assert first.locator(".status").all_inner_texts() == ["brewing", "exploded"]
    links[1].post("/api/v1/live", live("b", 1, [("Cleo", 3, "stopped"), ("Dan", 4, "brewing")], 5))
    links[0].post("/api/v1/live", live("a", 3, [("Ann", 12, "brewing"), ("Ben", 9, "brewing")], 30))
    page.locator("[data-table='Table 2']").wait_for(timeout=5000)
    page.wait_for_function("document.querySelector(\"[data-table='Table 1'] .score\").textContent === '12'",
                           timeout=5000)
    assert first.locator("small").inner_text() == "Round 3"
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.live li')).fontSize)")
    assert size >= 28  # readable across a room on a 1080p screen
    links[2].post("/api/v1/games", {**push(("Eva", "Fay"), 3), "started_at": STARTED, "finished_at": STARTED})
    page.locator("[data-table='Table 3'].over").wait_for(timeout=5000)
    assert page.locator("[data-table='Table 3'] .status.winner").count() >= 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "league-room.png"))
    page.close()


def test_the_room_screen_shows_the_tournament_round_in_spanish(browser, league, served):
    with league.connection() as conn:
        from companion.league import players
        ids = [players.new_player(conn, n, "test")[0] for n in ("Ana", "Bea", "Carla", "Dani", "Eli", "Flor")]
        tid = tournaments.create(conn, "Copa", 2, ids, "test")
        tournaments.seat_next_round(conn, tid, "test")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_cookies([{"name": "lang", "value": "es", "url": served.url}])
    page = context.new_page()
    page.goto(served.url + "/room")
    seating = page.locator("#seating")
    assert seating.locator("h2").inner_text() == "Copa: ronda 1 de 2"
    assert seating.locator(".pod h3").all_inner_texts() == ["Mesa 1", "Mesa 2"]
    assert page.locator(".empty").inner_text() == "Todavía no juega ninguna mesa."
    context.close()
