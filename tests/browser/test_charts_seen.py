"""The score-by-round chart tells players apart without colour: each line's points carry the
player's symbol and the line its name at the end; a screen reader hears every score; a player has
the same colour and symbol on the table, the phone and the history page."""

from __future__ import annotations

from .conftest import PIN
from .screens import PHONE, TABLETS, serving, table_of, table_url
from .test_accessibility import finish, opened

MARKS = """(where) => [...document.querySelectorAll(where)].map((n) => {
    const mark = n.querySelector(".mark");
    return [n.dataset.seat ?? n.dataset.series, mark.dataset.symbol, mark.getAttribute("fill")]; })"""

SERIES = """() => [...document.querySelectorAll("#chart [data-series]")].map((g) => {
    const marks = [...g.querySelectorAll(".mark")];
    const label = g.querySelector(".endlabel");
    return { symbols: [...new Set(marks.map((m) => m.dataset.symbol))], points: marks.length,
             label: label.textContent, labelX: label.getBBox().x,
             lastX: Math.max(...marks.map((m) => m.transform.baseVal.consolidate().matrix.e)) };
})"""


def test_each_line_has_a_symbol_a_name_at_its_end_and_the_players_marks_everywhere(browser, artifacts):
    with serving(["Ana", "Ben", "Cid"], seed=3) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        finish(table)
        screen = opened(browser, srv.url, "en", TABLETS["1280x800"])
        screen.goto(table_url(srv))
        screen.wait_for_selector("#results:not(.hidden) #chart svg")
        phone = opened(browser, srv.url, "en", PHONE)
        phone.goto(f"{srv.url}/s/{game.token(1)}")
        phone.wait_for_selector("#results:not(.hidden) #chart svg")
        series = screen.evaluate(SERIES)
        said = screen.locator("#chart svg.chart").get_attribute("aria-label")
        on_table = screen.evaluate(MARKS, "#ranking li")
        in_chart = screen.evaluate(MARKS, "#chart [data-series]")
        on_phone = phone.evaluate(MARKS, "#ranking li")
        title = phone.evaluate("() => document.querySelector('#title .mark').dataset.symbol")
        scores = [s.score for s in table.state.seats]
        screen.screenshot(path=str(artifacts / "chart-table.png"))
        screen.context.new_cdp_session(screen).send("Emulation.setEmulatedVisionDeficiency", {"type": "deuteranopia"})
        screen.screenshot(path=str(artifacts / "chart-table-deuteranopia.png"))
        screen.context.close()
        phone.context.close()
    assert [s["label"] for s in series] == ["Ana", "Ben", "Cid"], "each line named"
    assert all(s["labelX"] > s["lastX"] for s in series), "the name at the line's end, right of its last point"
    assert all(s["points"] == 11 and len(s["symbols"]) == 1 for s in series), "start, nine rounds, the end"
    assert len({s["symbols"][0] for s in series}) == 3, "three players, three symbols"
    for name, score in zip(["Ana", "Ben", "Cid"], scores, strict=True):
        assert f"{name}: 0, " in said and said.split(f"{name}: ")[1].split(";")[0].endswith(f", {score}")
    assert sorted(on_table) == sorted(in_chart) == sorted(on_phone), "a seat's colour and symbol, page to page"
    assert title == dict((k, s) for k, s, _ in in_chart)["1"], "the phone's own seat: its symbol by its name"


def test_the_history_chart_gives_a_player_the_marks_of_the_table(game_nights, browser):
    page = opened(browser, game_nights.url, "en", TABLETS["1280x800"])
    page.goto(f"{game_nights.url}/host?pin={PIN}")
    page.goto(table_url(game_nights))
    page.wait_for_selector("#scores li")
    tonight = {page.locator(f"#scores li[data-seat='{k}'] b").inner_text(): page.evaluate(
        f"() => {{ const m = document.querySelector(\"#scores li[data-seat='{k}'] .mark\"); return [m.dataset.symbol, m.getAttribute('fill')]; }}")
        for k in range(2)}
    page.goto(f"{game_nights.url}/history")
    page.wait_for_selector("#charts svg.chart")
    lines = page.evaluate("""() => [...document.querySelectorAll("#charts [data-series]")].map((g) => {
        const mark = g.querySelector(".mark");
        return [g.querySelector(".endlabel").textContent, mark.dataset.symbol, mark.getAttribute("fill")]; })""")
    page.context.close()
    ana = next(line for line in lines if line[0] == "Ana")
    assert ana[1:] == tonight["Ana"], "Ana sits at seat 1 tonight: her marks in the history too"
    assert len({line[1] for line in lines}) == len(lines), "each player's line its own symbol"
