"""Five seats (The Herb Witches): the table screen on a tablet and on a phone, the host and a seat;
the overflow bowl on the table and on a phone; in English and Spanish."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest

from companion.commands.demo import build_demo
from companion.engine import Buy, Draw, GameConfig, Return, legal_actions, view_for, waiting_for
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server

from .conftest import PIN
from .screens import PHONE, TABLETS, serving, submit, table_of, table_url
from .spanish import assert_spanish

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eva"]
SIZES = {"1280x800": TABLETS["1280x800"], "390x844": PHONE}


def inside(box, viewport) -> bool:
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= viewport["width"] + 0.5
            and box["y"] + box["height"] <= viewport["height"] + 0.5)


@pytest.fixture(scope="module")
def five():
    """Five seats in round 1 with The Herb Witches, four pots with chips in them."""
    with serving(PLAYERS, expansions=("witches",)) as srv:
        table = table_of(srv)
        submit(table, {"kind": "fortune", "card": None})
        for n in range(4):
            for _ in range(3):
                chip = next(c for c in sorted(table.state.seats[n].bag) if not c.startswith("white-3"))
                submit(table, {"kind": "draw", "seat": n, "chip": chip})
        yield srv


@pytest.mark.parametrize("size", list(SIZES))
def test_five_pots_are_on_the_screen_big_enough_to_read_and_nothing_is_cut(browser, five, artifacts, size):
    """A tablet lays three pots a row; a phone too, each pot's lines wrapping inside its panel:
    the page is never wider than the screen and every pot is on it."""
    context = SIZES[size]
    viewport = context["viewport"]
    page = browser.new_context(**context).new_page()
    page.goto(table_url(five))
    page.wait_for_selector("#pots [data-seat='4'] svg.pot")
    for k in range(5):
        box = page.locator(f"#pots [data-seat='{k}'] svg.pot").bounding_box()
        assert inside(box, viewport), f"pot {k} at {box} is off a {size} screen"
        least = 220 if size == "1280x800" else 90  # the drawing keeps its shape: the smaller side is its size
        assert min(box["width"], box["height"]) >= least, f"pot {k} is too small to read: {box}"
        panel = page.locator(f"#pots [data-seat='{k}']")
        assert panel.evaluate("p => p.scrollWidth <= p.clientWidth + 1"), f"pot {k}'s lines are cut"
    assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    assert page.evaluate("document.scrollingElement.scrollHeight") <= viewport["height"] + 1
    assert page.locator("#books [data-book=locoweed]").count() == 1
    page.screenshot(path=str(artifacts / f"table-5-{size}.png"))


def test_the_five_seat_table_and_a_seat_are_spanish(browser, five):
    game = five.app.extensions["companion.game"]
    for url, context in ((f"/table/{game.table_token}", TABLETS["1280x800"]), (f"/s/{game.token(4)}", PHONE)):
        page = browser.new_context(**context).new_page()
        page.goto(f"{five.url}/lang/es?next={url}")
        page.wait_for_selector("main")
        page.wait_for_timeout(500)
        assert_spanish(page, url)


def test_the_host_page_and_the_fifth_seats_page_work(browser, five, artifacts):
    """The host sees five seats (links, readers); Eva's phone draws a chip from her bag."""
    host = browser.new_context(**TABLETS["1280x800"]).new_page()
    host.goto(f"{five.url}/host?pin={PIN}")
    host.wait_for_selector("tr[data-seat='4']")
    assert host.locator("tr[data-seat='4']").first.inner_text().strip().startswith("Eva")
    host.screenshot(path=str(artifacts / "host-5-1280x800.png"), full_page=True)
    game = five.app.extensions["companion.game"]
    seat = browser.new_context(**PHONE).new_page()
    seat.goto(f"{five.url}/s/{game.token(4)}")
    seat.wait_for_selector("#draw:not([disabled])")
    before = len(table_of(five).state.seats[4].pot)
    seat.click("#draw")
    seat.wait_for_function(f"document.querySelectorAll('#pot [data-chip]').length > {before}")
    assert len(table_of(five).state.seats[4].pot) == before + 1
    seat.screenshot(path=str(artifacts / "seat-5-390x844.png"), full_page=True)


def test_the_overflow_bowl_shows_on_the_table_and_on_the_seats_phone_in_both_languages(browser):
    """A game with The Herb Witches in which pots explode only above 30 (the `threshold` setting):
    the seats draw every chip and buy the dearest, until a chip lies in someone's bowl."""
    demo = build_demo(["Ana", "Ben"], Path(tempfile.mkdtemp(prefix="quacks-test-")) / "game.sqlite3", seed=3,
                      expansions=("witches",))
    demo.table.close()
    table = start_game(demo.table.db, TableSetup(GameConfig(players=("Ana", "Ben"), expansions=("witches",),
                                                            threshold=30), {"sim-1": 0, "sim-2": 1}, registry=True))
    demo.repoint(table)
    rng = random.Random(1)
    while not any(s.bowl for s in table.state.seats):
        state = table.state
        seat = rng.choice(waiting_for(state))
        moves = legal_actions(state, seat)
        draws = [a for a in moves if isinstance(a, Draw)]
        buys = sorted((a for a in moves if isinstance(a, Buy)), key=lambda b: -b.value)
        table.submit((draws or buys or [a for a in moves if not isinstance(a, Return)])[0], "test")
        table.wait_for_reads()
    n = next(k for k, s in enumerate(table.state.seats) if s.bowl)
    bowl = view_for(table.state)["seats"][n]["bowl"]
    srv = Server(create_app(table, host_pin=PIN, demo=demo), "127.0.0.1", 0).start()
    try:
        game = srv.app.extensions["companion.game"]
        screen = browser.new_context(**TABLETS["1280x800"]).new_page()
        screen.goto(f"{srv.url}/table/{game.table_token}")
        screen.wait_for_selector(f"[data-seat='{n}'] [data-bowl='{len(bowl['chips'])}'] .chip")
        assert f"Overflow bowl: total {bowl['total']}, {bowl['points']} VP:" in screen.locator(
            f"[data-seat='{n}'] [data-bowl]").inner_text()
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{srv.url}/lang/es?next=/s/{game.token(n)}")
        phone.wait_for_selector("#bowl:not(.hidden) .chip")
        assert f"Cuenco de desbordamiento: total {bowl['total']}, {bowl['points']} PV:" in phone.locator("#bowl").inner_text()
        assert_spanish(phone, "a seat with chips in its bowl")
    finally:
        srv.stop()
        table.close()
