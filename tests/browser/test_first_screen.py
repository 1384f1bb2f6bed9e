"""What a group sees without scrolling: the phone's first screen is the game (at 390x844, in English
and Spanish, with readers and in phones-only mode), the table screen reads from across the table,
every phone shows the round's card, the bag's reader asks in one tap, and the die rolls."""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.engine import GameConfig
from companion.engine.cards import CARDS
from companion.engine.text import say
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server
from companion.words import render

from .conftest import PIN
from .screens import PHONE, TABLETS, play_until, serving, submit, table_of, table_url, wait_guide
from .spanish import assert_spanish

VIEW = PHONE["viewport"]
GUIDE = {"en": "Draw a chip or stop", "es": "Saca una ficha o para"}


def inside(page, selector: str, viewport=VIEW) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5 \
        and box["y"] + box["height"] <= viewport["height"] + 0.5, f"{selector} at {box} is off the first screen"


def phone(browser, url: str, lang: str):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": lang, "url": url}])
    return context.new_page()


def buttons_fit(page) -> None:
    """No button is cut by the phone's edge and the page never scrolls sideways."""
    assert page.evaluate("document.scrollingElement.scrollWidth") <= VIEW["width"]
    for box in page.locator("button:visible").evaluate_all(
            "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.left, r.right, b.textContent]; })"):
        assert box[0] >= 0 and box[1] <= VIEW["width"] + 0.5, f"button {box[2]!r} is cut at {box[:2]}"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_while_brewing_the_pot_the_guide_and_draw_stop_are_on_the_first_screen(browser, artifacts, lang):
    with serving(["Ana", "Ben"], seed=3) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        game.assist.set("advice")
        page = phone(browser, srv.url, lang)
        page.goto(f"{srv.url}/s/{game.token(0)}")
        submit(table, {"kind": "fortune", "card": None})
        for kind in ("orange-1", "green-1", "white-1", "white-2"):
            chip = next(c for c in table.state.seats[0].bag if c.startswith(kind))
            submit(table, {"kind": "draw", "seat": 0, "chip": chip})
        wait_guide(page, GUIDE[lang])
        page.wait_for_function("document.querySelectorAll('#potstrip .placed').length === 4")
        page.wait_for_selector("#advice b")
        for part in ("#guide", "#draw", "#stop", "#potstrip .strip", "#potstrip .scoreline", "#advice"):
            inside(page, part)
        assert page.locator("#riskline").is_hidden(), "with advice the odds are in the advice's line"
        assert page.locator("#potstrip .scoreline").inner_text().count("\n") == 0, "one line"
        buttons_fit(page)
        if lang == "es":
            assert_spanish(page, "the phone's first screen")
            assert "%" in page.inner_text("#advice") and "\u00a0%" in page.inner_text("#advice")
        game.assist.set("odds")
        game.hub.touch()
        page.wait_for_selector("#riskline:not(.hidden)")
        inside(page, "#riskline")
        page.screenshot(path=str(artifacts / f"first-screen-{lang}.png"))


def phones_table(tmp: Path):
    """A table without readers (draws = "phones"), nobody's chip expected past a reader."""
    db = Database(tmp / "phones.sqlite3")
    table = start_game(db, TableSetup(GameConfig(players=("Ana", "Ben")), {}, draws="phones"))
    return table, Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_at_a_table_without_readers_the_chips_to_tap_are_on_the_first_screen(browser, artifacts, lang):
    table, srv = phones_table(Path(tempfile.mkdtemp()))
    try:
        game = srv.app.extensions["companion.game"]
        page = phone(browser, srv.url, lang)
        page.goto(f"{srv.url}/s/{game.token(0)}")
        submit(table, {"kind": "fortune", "card": None})
        page.wait_for_selector("#picker [data-pick]")
        for part in ("#guide", "#picker", "#stop", "#potstrip .strip"):
            inside(page, part)
        assert page.locator("#picker [data-pick]").count() == 5  # white 1, 2, 3, orange 1, green 1
        buttons_fit(page)
        page.click("#picker [data-pick='orange-1']")
        page.wait_for_function("document.querySelectorAll('#potstrip .placed').length === 1")
        assert page.locator("#togoback, [data-to-go-back]").count() == 0, "no reader: nothing to go back"
        # a tap made further down the page: the next question or guide comes into view
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("window.scrollY") > 300
        page.locator("#picker [data-pick='green-1']").evaluate("b => b.click()")
        page.wait_for_function("document.querySelectorAll('#potstrip .placed').length === 2")
        page.wait_for_function("window.scrollY === 0")
        inside(page, "#guide")
        if lang == "es":
            assert_spanish(page, "the phones-only picker")
        page.screenshot(path=str(artifacts / f"phones-only-{lang}.png"))
    finally:
        srv.stop()
        table.close()


def test_the_table_screen_reads_from_across_the_table(browser, artifacts):
    with serving(["Ana", "Ben", "Cid"], seed=4) as srv:
        table = table_of(srv)
        page = browser.new_context(**TABLETS["1280x800"]).new_page()
        page.goto(table_url(srv))
        page.wait_for_selector("#cardpicker:not(.hidden)")
        assert page.inner_text("#phase") == "Fortune Teller: turn up this round's card"
        page.click("#carddraw")  # "draw one for us", from the table screen itself
        page.wait_for_selector("#cardpicker.hidden", state="attached")
        card = CARDS[table.state.fortune]
        name = render(say(card.name), "en")
        assert table.counted()[0].entry.source == "table"
        assert name in page.inner_text("#fortune")
        if table.state.phase == "fortune":  # the card asks something first: the phase says whose card it is
            assert page.inner_text("#phase") == f"Fortune Teller: {name}"
            play_until(table, lambda s: s.phase == "brewing")
        for d in list(table.state.decisions):  # a card that asks as the potion phase begins (Rats Are Your Friends)
            submit(table, {"kind": "choose", "seat": d.seat, "decision": d.id, "keys": [d.options[0].key]})
        page.wait_for_function("document.body.dataset.phase === 'brewing'")
        assert page.inner_text("#phase") == "Potion phase"
        for k in range(3):
            chip = next(c for c in table.state.seats[k].bag if c.startswith("orange"))
            submit(table, {"kind": "draw", "seat": k, "chip": chip})
        page.wait_for_function("document.querySelectorAll('#events li').length >= 3")
        for k in range(3):  # a score marker at least 24 px across, readable from across the table
            box = page.locator(f"[data-seat-marker='{k}'] .marker").bounding_box()
            assert box["width"] >= 24 and box["height"] >= 24, box
        inside(page, "#events", TABLETS["1280x800"]["viewport"])
        assert page.locator("#events").bounding_box()["height"] >= 100, "the feed shows a few lines"
        assert page.evaluate("document.scrollingElement.scrollHeight") <= 801
        lapped = page.evaluate("""() => { const svg = Board.track([{name: 'Ana', score: 53}, {name: 'Ben', score: 4}]);
            return [...svg.querySelectorAll('[data-seat-marker] .mlap')].map(t => t.textContent); }""")
        assert lapped == ["50+"], "a score past 50 is marked on its marker"
        page.screenshot(path=str(artifacts / "table-across.png"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_phone_shows_the_round_s_card_in_its_language(browser, lang):
    with serving(["Ana", "Ben"], seed=2) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        pages = [phone(browser, srv.url, lang) for _ in range(2)]
        for k, page in enumerate(pages):
            page.goto(f"{srv.url}/s/{game.token(k)}")
        submit(table, {"kind": "fortune", "card": "P06"})  # a choice for every seat: You Only Get to Choose One
        card = CARDS["P06"]
        for page in pages:
            page.wait_for_selector("#cardbox:not(.hidden)")
            assert page.inner_text("#cardname").endswith(render(say(card.name), lang))
            assert page.locator("#carddetails").get_attribute("open") is not None, "its text is open while it asks"
            assert page.inner_text("#cardtext") == render(say(card.text), lang)
            assert page.locator("#cardbox.asks").count() == 1
            inside(page, "#decisions [data-option]")


def test_at_a_real_table_the_seat_taps_the_die_s_face_or_lets_the_table_roll(browser):
    with serving(["Ana", "Ben"], seed=6, draw_button=False) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        page = phone(browser, srv.url, "en")
        page.goto(f"{srv.url}/s/{game.token(0)}")
        submit(table, {"kind": "fortune", "card": None})
        submit(table, {"kind": "draw", "seat": 0, "chip": next(c for c in table.state.seats[0].bag if c.startswith("orange"))})
        submit(table, {"kind": "stop", "seat": 1})
        submit(table, {"kind": "stop", "seat": 0})  # Ana is further: she rolls
        wait_guide(page, "Roll the die")
        assert page.locator("[data-kind=bonus_die] [data-option]").count() == 6
        assert page.inner_text("[data-roll]") == "Roll for me"
        page.click("[data-roll]")
        page.wait_for_function("!document.querySelector('[data-kind=bonus_die]')")
        rolled = next(c for c in table.counted() if c.action_dict["kind"] == "choose")
        assert rolled.action_dict["keys"][0] in {"1", "2", "3", "4", "5", "6"} and rolled.entry.source == "web"


@contextmanager
def flask_white_on_its_way_back(browser):
    """Ana's phone open in round 1: her bag read a white 1 and she used the flask, so the white is
    on its way back into the bag, its return not read yet. Yields the table, the phone and the white."""
    db = Database(Path(tempfile.mkdtemp()) / "held.sqlite3")
    table = start_game(db, TableSetup(GameConfig(players=("Ana", "Ben")), {"bag-0": 0, "bag-1": 1}))
    srv = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    try:
        game = srv.app.extensions["companion.game"]
        page = phone(browser, srv.url, "en")
        page.goto(f"{srv.url}/s/{game.token(0)}")
        table.submit({"kind": "fortune", "card": None}, "host")
        white = next(c for c in table.state.seats[0].bag if c.startswith("white-1"))
        table.read("bag-0", white, at=1000.0)
        flask = next(d for d in table.state.decisions if d.kind == "flask")
        table.submit({"kind": "choose", "seat": 0, "decision": flask.id, "keys": ["use"]}, "web")
        yield table, page, white
    finally:
        srv.stop()
        table.close()


def test_a_read_held_for_the_seat_is_answered_on_its_phone_in_one_tap(browser, artifacts):
    """A bag still expecting the flask's white back reads another chip: the phone asks."""
    with flask_white_on_its_way_back(browser) as (table, page, _):
        page.wait_for_selector("[data-to-go-back='1'] #allin")  # the white is on its way back
        inside(page, "[data-to-go-back]")
        orange = next(c for c in table.state.seats[0].bag if c.startswith("orange"))
        table.read("bag-0", orange, at=1020.0)  # its return was never read: is this a draw?
        wait_guide(page, "Your bag's reader asks: did you draw this chip?")
        inside(page, "[data-held] [data-drawn=true]")
        assert page.inner_text("[data-held] [data-drawn=true]") == "Yes, I drew it (the others are in the bag)"
        page.screenshot(path=str(artifacts / "held-read.png"))
        page.click("[data-held] [data-drawn=true]")
        page.wait_for_function("document.querySelectorAll('#potstrip .placed').length === 1")
        assert table.state.seats[0].pot[0][0] == orange and table.state.seats[0].returning == []
        assert page.locator("[data-held]").count() == 0


def test_a_held_read_left_unanswered_gives_the_guide_back_once_the_seat_has_stopped(browser):
    """Ana's bag read a chip while the flask's white was still to go back; the white then passed the
    reader and Ana drew on and stopped. "Was it drawn?" can now only be "no": the guide line says what
    Ana does now, and the question waits below it with its one answer."""
    with flask_white_on_its_way_back(browser) as (table, page, white):
        orange = next(c for c in table.state.seats[0].bag if c.startswith("orange"))
        table.read("bag-0", orange, at=1020.0)  # held: the white's return was never read
        wait_guide(page, "Your bag's reader asks: did you draw this chip?")
        table.read("bag-0", white, at=1030.0)  # the white passes the reader at last, going in
        table.submit({"kind": "stop", "seat": 1}, "web")
        table.submit({"kind": "stop", "seat": 0}, "web")
        assert [a.id for a in table.held(0)], "the question is still open"
        page.wait_for_function("document.body.dataset.guide !== \"Your bag's reader asks: did you draw this chip?\"")
        assert page.locator("[data-held] [data-drawn=true]").count() == 0
        assert page.locator("[data-held] [data-drawn=false]").count() == 1, "its one answer is still there"
