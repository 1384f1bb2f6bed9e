"""The Alchemists on a phone: the patient choice, the flask track, the essence choice and an Ear worm
crow skull's look, in English and in Spanish; the table screen shows the patients laid out and each
seat's essence."""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path

from companion.commands.demo import build_demo
from companion.engine import Choose, Fortune, GameConfig, Stop
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.server import Server

from ..engine.scenario import books
from .conftest import PIN
from .spanish import assert_spanish
from .test_play import PHONE, SCREEN, click_and_wait

PATIENTS = ("chicken-eyes", "vampirism", "nervousness")


def test_a_phone_chooses_its_patient_and_stops_its_essence_lower_for_a_ruby(browser, artifacts):
    demo = build_demo(["Ana", "Ben"], Path(tempfile.mkdtemp(prefix="quacks-test-")) / "game.sqlite3", seed=3)
    demo.table.close()
    config = GameConfig(players=("Ana", "Ben"), expansions=("alchemists",), patients=PATIENTS)
    table = start_game(demo.table.db, TableSetup(config, {"sim-1": 0, "sim-2": 1}, registry=True))
    demo.repoint(table)
    srv = Server(create_app(table, host_pin=PIN, demo=demo), "127.0.0.1", 0).start()
    try:
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        phone.wait_for_selector("[data-kind='patient'] [data-option='chicken-eyes']")
        click_and_wait(phone, "[data-kind='patient'] [data-option='chicken-eyes']")
        assert table.state.seats[0].patient == "chicken-eyes"
        table.submit(Choose(1, table.state.decisions_for(1)[0].id, ("vampirism",)), "web")
        table.submit(Fortune(None), "host")
        table.wait_for_reads()
        for kind in ("orange-1", "green-1"):  # two colours: the marker reaches space 2
            table.manual_draw(0, next(c for c in table.state.seats[0].bag if c.startswith(kind)))
        table.submit(Stop(0), "web")
        table.submit(Stop(1), "web")
        phone.wait_for_selector("[data-kind='essence.space'] [data-option='1']")
        panel = phone.locator("[data-kind='essence.space']")
        assert "Essence: choose the space your marker stops on" in phone.locator("#guide").inner_text()
        assert panel.locator("[data-option]").all_inner_texts() == [
            "Space 2: an orange 1-chip", "Space 1: 1 ruby", "Space 0: no bonus"]
        assert "Flask: Chicken eyes, essence 2" in phone.locator("#flaskhead").text_content()
        phone.screenshot(path=str(artifacts / "essence-choice-seat.png"), full_page=True)
        rubies = table.state.seats[0].rubies
        click_and_wait(phone, "[data-kind='essence.space'] [data-option='1']")
        assert table.state.seats[0].essence == 1 and table.state.seats[0].rubies == rubies + 1
        phone.wait_for_selector("#flasktrack li.here[data-space='1']")
        phone.wait_for_function("document.getElementById('events').innerText.includes('Ana: +1 ruby (Chicken eyes)')")

        screen = browser.new_context(**SCREEN).new_page()
        screen.goto(f"{srv.url}/table/{srv.app.extensions['companion.game'].table_token}")
        screen.wait_for_selector("#patientsbox:not(.hidden) [data-patient='chicken-eyes']")
        assert screen.locator("[data-seat='0'] [data-essence='1']").inner_text() == "Essence 1"
        screen.screenshot(path=str(artifacts / "essence-table.png"), full_page=True)

        es = spanish_seat(browser, srv)
        es.wait_for_selector("#flasktrack li.here[data-space='1']")
        assert "Matraz: Ojos de gallo, esencia 1" in es.locator("#flaskhead").text_content()
        assert_spanish(es, "seat 0 after the essence phase")
    finally:
        srv.stop()
        table.close()



def spanish_seat(browser, srv, seat: int = 0):
    """The seat's page on a phone set to Spanish."""
    spanish = browser.new_context(**PHONE)
    spanish.add_cookies([{"name": "lang", "value": "es", "url": srv.url}])
    es = spanish.new_page()
    es.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(seat)}")
    return es


@contextmanager
def ear_worm_table(card: str, answers: tuple[str, str], **setup):
    """Ana (Ear worm) and Ben (Vampirism) on a demo table; the round's `card` answered with `answers`;
    Ana placed an orange 1 and both stopped; Ana's marker stops on space 1: Ear worm draws 1 chip."""
    demo = build_demo(["Ana", "Ben"], Path(tempfile.mkdtemp(prefix="quacks-test-")) / "game.sqlite3", seed=3)
    demo.table.close()
    config = GameConfig(players=("Ana", "Ben"), expansions=("alchemists",),
                        patients=("ear-worm", "vampirism", "nervousness"), **setup)
    table = start_game(demo.table.db, TableSetup(config, {"sim-1": 0, "sim-2": 1}, registry=True))
    demo.repoint(table)
    srv = Server(create_app(table, host_pin=PIN, demo=demo), "127.0.0.1", 0).start()
    try:
        for seat, patient in ((0, "ear-worm"), (1, "vampirism")):
            table.submit(Choose(seat, table.state.decisions_for(seat)[0].id, (patient,)), "web")
        table.submit(Fortune(card), "host")
        for seat, key in enumerate(answers):
            table.submit(Choose(seat, table.state.decisions_for(seat)[0].id, (key,)), "web")
        table.wait_for_reads()
        table.manual_draw(0, next(c for c in table.state.seats[0].bag if c.startswith("orange-1")))
        table.submit(Stop(0), "web")
        table.submit(Stop(1), "web")
        space = next(d for d in table.state.decisions_for(0) if d.kind == "essence.space")
        table.submit(Choose(0, space.id, ("1",)), "web")
        yield table, srv
    finally:
        srv.stop()
        table.close()


def test_an_ear_worm_crow_skull_looks_on_the_phone_and_the_chip_chosen_is_placed(browser, artifacts):
    # Rats Are Your Friends: Ana takes a blue 4-chip
    with ear_worm_table("P07", ("blue-4", "points")) as (table, srv):
        blue = next(c for c in table.state.seats[0].bag if c.startswith("blue-4"))
        table.manual_draw(0, blue)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        phone.wait_for_selector("[data-kind='blue.preview'][data-looking='1']")
        assert "Crow skull: draw 4 more to look at" in phone.locator("#guide").inner_text()
        for kind in ("green-1", "white-1", "white-1", "white-2"):
            table.manual_draw(0, next(c for c in table.state.seats[0].bag if c.startswith(kind)))
        green = next(c for c in table.state.seats[0].hand if c.startswith("green-1"))
        phone.wait_for_selector(f"[data-kind='blue.preview'] [data-option='{green}']")
        phone.screenshot(path=str(artifacts / "ear-worm-crow-skull-seat.png"), full_page=True)

        es = spanish_seat(browser, srv)
        es.wait_for_selector(f"[data-kind='blue.preview'] [data-option='{green}']")
        assert_spanish(es, "seat 0 choosing the chip of an Ear worm crow skull")

        click_and_wait(phone, f"[data-kind='blue.preview'] [data-option='{green}']")
        assert [c for c, _ in table.state.seats[0].pot][-2:] == [blue, green]
        assert table.state.phase != "essence"


def test_an_ear_worm_chip_s_offer_is_a_question_on_the_phone_with_a_no(browser, artifacts):
    # Wheel and Deal: Ana pays her ruby for a locoweed chip
    with ear_worm_table("P10", ("locoweed-1", "none"), books={**books(), "locoweed": 9}) as (table, srv):
        weed = next(c for c in table.state.seats[0].bag if c.startswith("locoweed-1"))
        table.manual_draw(0, weed)  # locoweed book 9: put a coloured chip back?
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        phone.wait_for_selector("[data-kind='ear_worm.chip'] [data-option='none']")
        assert "Ear worm: the chip just placed asks you" in phone.locator("#guide").inner_text()
        assert phone.locator("[data-kind='ear_worm.chip'] [data-option]").all_inner_texts() == [
            "Put orange 1 on space 1 back", "No: leave the locoweed's action"]
        phone.screenshot(path=str(artifacts / "ear-worm-question-seat.png"), full_page=True)

        es = spanish_seat(browser, srv)
        es.wait_for_selector("[data-kind='ear_worm.chip'] [data-option='none']")
        assert_spanish(es, "seat 0 asked about an Ear worm chip's action")

        click_and_wait(phone, "[data-kind='ear_worm.chip'] [data-option='none']")
        assert table.state.phase != "essence" and len(table.state.seats[0].pot) == 2
        phone.wait_for_function("document.getElementById('events').innerText.includes("
                                "\"Ana: leaves the action of locoweed unused (Ear worm)\")")
