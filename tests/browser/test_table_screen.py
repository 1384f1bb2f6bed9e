"""The table screen on a tablet, the results at game over, a reload keeping the feed, and Spanish."""

from __future__ import annotations

import re
import time
from contextlib import contextmanager

import pytest

from companion.engine import view_for

from .conftest import PIN
from .screens import PHONE, TABLETS, play_until, serving, submit, table_of, table_url, wait_guide
from .spanish import assert_spanish

PLAYERS = ["Ana", "Ben", "Cid", "Dee"]


def inside(box, viewport) -> bool:
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= viewport["width"] + 0.5
            and box["y"] + box["height"] <= viewport["height"] + 0.5)


@contextmanager
def four_brewing():
    """Four seats in round 1, every pot with chips in it."""
    with serving(PLAYERS) as srv:
        table = table_of(srv)
        submit(table, {"kind": "fortune", "card": None})
        for n in range(4):
            for _ in range(3):
                chip = next(c for c in sorted(table.state.seats[n].bag) if not c.startswith("white-3"))
                submit(table, {"kind": "draw", "seat": n, "chip": chip})
        yield srv


@pytest.fixture(scope="module")
def four():
    """`four_brewing`, shared by the tests that only look at it."""
    with four_brewing() as srv:
        yield srv


@pytest.mark.parametrize("size", list(TABLETS))
def test_every_pot_is_on_the_tablet_screen_without_scrolling(browser, four, artifacts, size):
    page = browser.new_context(**TABLETS[size]).new_page()
    page.goto(table_url(four))
    page.wait_for_selector("#pots [data-seat='3'] svg.pot")
    viewport = TABLETS[size]["viewport"]
    for k in range(4):
        box = page.locator(f"#pots [data-seat='{k}'] svg.pot").bounding_box()
        assert inside(box, viewport), f"pot {k} at {box} is off a {size} screen"
        assert box["width"] >= 150 and box["height"] >= 150, "big enough to read across a table"
    for part in ("#round", "#phase", "#fortune", "#books", "#track svg"):
        assert inside(page.locator(part).bounding_box(), viewport), f"{part} is off the screen"
    assert page.locator("#books [data-book]").count() >= 5
    page.click("#books [data-book=orange]")
    assert "No bonus" in page.locator("#booktext").inner_text()
    assert page.locator("#now").inner_text() == "Wait: Ana, Ben, Cid and Dee are brewing"
    assert page.evaluate("document.scrollingElement.scrollHeight") <= viewport["height"] + 1
    page.screenshot(path=str(artifacts / f"table-{size}.png"))


POT_IN_PANEL = """(k) => {
  const panel = document.querySelector(`#pots [data-seat='${k}']`), pot = panel.querySelector('svg.pot');
  const box = (n) => n.getBoundingClientRect(), p = box(pot), head = box(panel.firstElementChild);
  const lines = [...panel.querySelectorAll('.row')].slice(1).map(box);
  const room = (lines.length ? Math.min(...lines.map((l) => l.top)) : box(panel).bottom) - head.bottom;
  return { above: p.top - head.bottom, below: lines.length ? Math.min(...lines.map((l) => l.top)) - p.bottom : 0,
           room, height: p.height, width: p.width, across: box(panel).width };
}"""
"""Where seat k's pot sits in its panel: clear of the name above and the lines beneath (px), and
how much of the height between them and of the panel's width it takes."""


def test_each_pot_fills_the_room_its_panel_leaves_as_the_screen_turns(browser, four):
    """The pot takes the height between its seat's name and the lines beneath it, never covering
    either, on a tablet held either way and after it is turned."""
    page = browser.new_context(**TABLETS["1280x800"]).new_page()
    page.goto(table_url(four))
    page.wait_for_selector("#pots [data-seat='3'] svg.pot [data-chip]")
    for size in ("1280x800", "800x1280", "1024x768"):
        page.set_viewport_size(TABLETS[size]["viewport"])
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        for k in range(4):
            at = page.evaluate(POT_IN_PANEL, k)
            assert at["above"] >= -0.5 and at["below"] >= -0.5, f"pot {k} covers its lines on {size}: {at}"
            assert at["height"] >= at["room"] - 1 or at["width"] >= at["across"] - 40, f"pot {k} shrank on {size}: {at}"


@pytest.mark.parametrize("size", ["1280x800", "390x844"])
def test_the_books_in_play_show_their_set_prices_and_text_without_pushing_the_pots_away(browser, four, artifacts, size):
    """A tablet shows each book's prices beside its chip; a phone shows them with the text on a tap,
    over the pots. Either way every pot stays on the screen."""
    context = PHONE if size == "390x844" else TABLETS[size]
    viewport = context["viewport"]
    page = browser.new_context(**context).new_page()
    page.goto(table_url(four))
    page.wait_for_selector("#pots [data-seat='3'] svg.pot")
    books = view_for(table_of(four).state)["books"]
    assert page.locator("#books [data-book]").count() == len(books) == 7
    for color, book in books.items():
        prices = page.locator(f"[data-prices={color}]")
        assert prices.text_content() == "·".join(str(c) for c in book["prices"].values())
        assert prices.is_visible() == (size != "390x844"), "a phone shows the prices on a tap"
    assert page.locator("[data-prices=green]").text_content() == "4·8·14"  # the North Star set 1 book
    pots = [page.locator(f"#pots [data-seat='{k}'] svg.pot").bounding_box() for k in range(4)]
    page.click("#books [data-book=green]")
    text = page.locator("#booktext").inner_text()
    assert text.startswith("green set 1: ") and "ruby" in text and text.endswith("(1-chip 4, 2-chip 8, 4-chip 14)")
    for k in range(4):
        box = page.locator(f"#pots [data-seat='{k}'] svg.pot").bounding_box()
        assert inside(box, viewport), f"pot {k} at {box} is off a {size} screen"
        if size == "390x844":
            assert box == pots[k], "the text opens over the pots and neither moves nor shrinks them"
    assert page.evaluate("document.scrollingElement.scrollHeight") <= viewport["height"] + 1
    page.screenshot(path=str(artifacts / f"table-books-{size}.png"))
    page.click("#booktext" if size == "390x844" else "#books [data-book=green]")
    assert page.locator("#booktext").inner_text() == ""


def test_tied_markers_on_the_score_track_never_cover_each_other(browser, four):
    page = browser.new_context(**TABLETS["1280x800"]).new_page()
    page.goto(table_url(four))
    page.wait_for_selector("[data-seat-marker='3']")
    assert {page.get_attribute(f"[data-seat-marker='{k}']", "data-score") for k in range(4)} == {"0"}
    boxes = [page.locator(f"[data-seat-marker='{k}'] .marker").bounding_box() for k in range(4)]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
                     or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)
            assert apart, f"markers overlap: {a} {b}"


def test_a_reload_keeps_the_feed(browser, four):
    game = four.app.extensions["companion.game"]
    for url in (table_url(four), f"{four.url}/s/{game.token(1)}", f"{four.url}/host?pin={PIN}"):
        page = browser.new_context(**PHONE).new_page()
        page.goto(url)
        page.wait_for_selector("#events li")
        before = page.locator("#events").inner_text()
        assert "Ben: draws " in before
        page.reload()
        page.wait_for_selector("#live:not(.hidden)")
        assert page.locator("#events").inner_text() == before


def test_a_rat_stone_is_drawn_as_a_rat_past_the_droplet(browser, artifacts):
    with serving(PLAYERS, seed=8) as srv:
        table = table_of(srv)
        play_until(table, lambda s: s.phase == "brewing" and any(seat.rat for seat in s.seats))
        k, seat = next((k, seat) for k, seat in enumerate(table.state.seats) if seat.rat)
        page = browser.new_context(**TABLETS["1280x800"]).new_page()
        page.goto(table_url(srv))
        rat = page.locator(f"#pots [data-seat='{k}'] [data-marker=rat]")
        rat.wait_for()
        assert rat.locator("title").text_content() == f"Rat stone: {seat.rat} past the droplet"
        assert rat.locator(".ratear").count() == 1 and rat.locator(".rattail").count() == 1
        page.screenshot(path=str(artifacts / "table-rat.png"))


def test_the_results_screen_at_game_over(browser, artifacts):
    with serving(PLAYERS, seed=8) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        play_until(table, lambda s: s.phase == "game_over")
        seats = table.state.seats
        best = max(s.score for s in seats)
        for size in ("1280x800", "800x1280"):
            page = browser.new_context(**TABLETS[size]).new_page()
            page.goto(table_url(srv))
            page.wait_for_selector("#ranking li")
            ranks = page.locator("#ranking li")
            assert ranks.count() == 4
            scores = [int(re.search(r"(\d+) victory point", ranks.nth(i).inner_text()).group(1)) for i in range(4)]
            assert scores == sorted(scores, reverse=True) and scores[0] == best
            assert page.locator("#ranking li.won").count() == len(table.state.winners)
            winner = seats[table.state.winners[0]]
            row = page.locator(f"#parts tr[data-seat='{table.state.winners[0]}'] td").all_inner_texts()
            assert [int(n) for n in row[1:]] == [winner.round_scores[-1], winner.final_points["coins"],
                                                 winner.final_points["rubies"], winner.score]
            assert page.locator("#chart [data-series]").count() == 4
            assert page.locator("#chart [data-series='0'] .mark").count() == 11  # start, 9 rounds, the end
            assert inside(page.locator("#results").bounding_box(), TABLETS[size]["viewport"])
            page.screenshot(path=str(artifacts / f"table-results-{size}.png"))

        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{srv.url}/s/{game.token(2)}")
        phone.wait_for_selector("#results #ranking li")
        cid = seats[2]
        parts = {k: int(phone.locator(f"[data-part={k}] b").inner_text())
                 for k in ("from_rounds", "from_coins", "from_rubies", "final_score")}
        assert parts == {"from_rounds": cid.round_scores[-1], "from_coins": cid.final_points["coins"],
                         "from_rubies": cid.final_points["rubies"], "final_score": cid.score}
        assert parts["from_rounds"] + parts["from_coins"] + parts["from_rubies"] == parts["final_score"]
        assert phone.locator("#guide").inner_text().startswith("Game over")
        assert phone.locator("#brew").is_hidden() and phone.locator("#shop").is_hidden()
        phone.screenshot(path=str(artifacts / "seat-results.png"), full_page=True)


def test_a_spanish_evening_has_no_english_and_no_raw_keys(browser, artifacts):
    with serving(["Ana", "Ben"], seed=2) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        pages = {}
        for name, url in (("seat", f"/s/{game.token(0)}"), ("table", f"/table/{game.table_token}"), ("index", "/")):
            ctx = browser.new_context(**(PHONE if name != "table" else TABLETS["1280x800"]))
            page = ctx.new_page()
            page.goto(f"{srv.url}/lang/es?next={url}")
            page.wait_for_selector("main")
            pages[name] = page
        seat, screen = pages["seat"], pages["table"]
        assert_spanish(pages["index"], "index")
        wait_guide(seat, "Descubrid la carta de la Adivina (en la pantalla de la mesa)")
        checks = [("fortune", None)]
        submit(table, {"kind": "fortune", "card": None})
        wait_guide(seat, "Saca una ficha o para")
        submit(table, {"kind": "draw", "seat": 0, "chip": next(c for c in table.state.seats[0].bag if c.startswith("white-1"))})
        checks.append(("brewing", "Saca una ficha o para"))
        for phase, guide in checks:
            if guide:
                wait_guide(seat, guide)
            seat.wait_for_function("document.querySelectorAll('#pot [data-chip]').length >= 0")
            assert_spanish(seat, f"seat in {phase}")
            assert_spanish(screen, f"table in {phase}")
        seat.screenshot(path=str(artifacts / "es-seat-brewing.png"), full_page=True)
        play_until(table, lambda s: any(d.seat == 0 and d.blocking for d in s.decisions))
        seat.wait_for_selector("#decisions [data-option], #decisions [data-roll]")
        assert_spanish(seat, f"seat deciding {table.state.decisions[0].kind}")
        seat.screenshot(path=str(artifacts / "es-seat-decision.png"), full_page=True)
        play_until(table, lambda s: s.phase == "shop" and s.shopper == 0)
        wait_guide(seat, "Tienda: compra hasta 2 fichas de colores distintos")
        assert_spanish(seat, "seat in the shop")
        seat.screenshot(path=str(artifacts / "es-seat-shop.png"), full_page=True)
        play_until(table, lambda s: s.phase == "game_over")
        seat.wait_for_selector("#results #ranking li")
        screen.wait_for_selector("#results #ranking li")
        assert_spanish(seat, "seat at game over")
        assert_spanish(screen, "table at game over")
        screen.screenshot(path=str(artifacts / "es-table-results.png"))
        seat.screenshot(path=str(artifacts / "es-seat-results.png"), full_page=True)


def test_a_seat_that_stopped_is_told_whom_it_waits_for_and_a_pause_says_so(browser, artifacts):
    with four_brewing() as four:  # a table of its own: Ana's stop would change the shared one's screens
        game = four.app.extensions["companion.game"]
        table = table_of(four)
        page = browser.new_context(**PHONE).new_page()
        page.goto(f"{four.url}/s/{game.token(0)}")
        wait_guide(page, "Draw a chip or stop")
        page.click("#stop")
        wait_guide(page, "Wait: Ben, Cid and Dee are brewing")
        assert page.locator("#brew").is_hidden(), "no Draw, Stop or odds after stopping"
        page.screenshot(path=str(artifacts / "guide-wait.png"))
        table.set_paused(True)
        try:
            wait_guide(page, "Paused: wait for the host")
        finally:
            table.set_paused(False)
        wait_guide(page, "Wait: Ben, Cid and Dee are brewing")


@pytest.mark.parametrize("screen", ["table", "host"])
def test_the_card_picker_opens_when_its_script_comes_after_the_first_view(browser, screen):
    """A slow tablet (or a busy Pi) can take the stream's first view before the card picker's script
    has run: the picker still opens, without waiting for the next change at the table."""
    with serving(["Ana", "Ben"]) as srv:
        hub = srv.app.extensions["companion.hub"]

        def late(route) -> None:  # the picker's script held back until the page has its view, if it opens its stream first
            deadline = time.monotonic() + 3
            while not hub.live() and time.monotonic() < deadline:
                time.sleep(0.02)
            time.sleep(0.3)
            route.continue_()

        page = browser.new_context(**TABLETS["1280x800"]).new_page()
        page.route("**/static/js/cards.js", late)
        page.goto(table_url(srv) if screen == "table" else f"{srv.url}/host?pin={PIN}")
        page.wait_for_selector("#cardpicker:not(.hidden)", timeout=10_000)
        assert page.locator("#cardmatches [data-card]").count() == 24, "every card of the deck is offered"
