"""A phone shows the outlook of its next draw and, once the host allows it, DRAW/STOP."""

from __future__ import annotations

import time

import pytest

from companion.advice import certified, outlook
from companion.webapp import create_app
from companion.webapp.server import Server
from tests.advice.test_advice import REFERENCE, position
from tests.engine.scenario import draws, game, set_bag
from tests.webapp.tables import demo_table

from .conftest import PIN
from .screens import submit
from .test_play import PHONE, SCREEN, click_and_wait


def test_the_phone_shows_each_chip_left_then_the_advice_the_host_allows(browser, server):
    host = browser.new_page(**SCREEN)
    host.goto(f"{server.url}/host?pin={PIN}")
    host.wait_for_selector("#cardnone")
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(host.get_attribute("[data-seat-link='0']", "href"))
    phone.wait_for_selector("#pot svg")
    click_and_wait(host, "#cardnone")
    phone.wait_for_selector("#assist:not(.hidden) #outlook tr")
    kinds = phone.locator("#outlook tr").count()
    assert kinds == 5  # the starting bag: white 1, 2, 3, orange 1, green 1
    assert "%" in phone.inner_text("#outlook") and phone.inner_text("#advice") == ""

    host.select_option("#assist", "advice")
    # the update carries the answer a bound proves; the exact values follow in their own update
    phone.wait_for_function("/^DRAW: /.test(document.getElementById('advice').textContent)")
    # one line in plain words: the odds, and what drawing on is worth against stopping
    line = phone.inner_text("#advice")
    assert "0 of 9 chips would explode the pot (0%)" in line and "more than stopping" in line
    assert phone.locator("#riskline").is_hidden(), "the advice's line says the odds: no second line"

    start, stop = position(*REFERENCE["round 1, starting bag"]), round_9_stop()
    for state, said in ((start, "DRAW: 0 of 9 chips would explode the pot (0%); drawing on is worth at least "),
                        (stop, "STOP: 2 of 3 chips would explode the pot (67%); stopping is worth at least ")):
        # the page renders an answer a bound proved as the stream brings it (a seat's view holds the same)
        found = certified(state, 0)
        gain = abs(found["draw"]["value"] - found["stop"]["value"])
        view = {"risk": {"exploding": 2 if state is stop else 0, "bag": 3 if state is stop else 9,
                         "probability": 2 / 3 if state is stop else 0},
                "assist": {"level": "advice", "outlook": outlook(state, 0), "advice": found}}
        phone.evaluate("view => AssistPanel.render(view)", view)
        shown = f"{gain:.1f}".removesuffix(".0") if gain < 1 else f"{gain:.0f}"  # whole points from 1 VP on
        worth = "as much as" if gain < 0.05 else f"{shown} VP more than"
        assert phone.inner_text("#advice") == f"{said}{worth} " + ("stopping" if state is start else "drawing on")

    host.select_option("#assist", "off")
    phone.wait_for_selector("#assist.hidden", state="attached")
    assert phone.locator("#riskline").is_hidden() and phone.locator("#advice").is_hidden()


def round_9_stop():
    """Whites 6 of 7 in round 9 with two white 2-chips and an orange left: a bound proves STOP."""
    state = game()
    state.round = 9
    set_bag(state, 0, "white-3", "white-1", "white-1", "white-1", "white-2", "white-2", "orange-1")
    return draws(state, 0, "white-3", "white-1", "white-1", "white-1")


COUNT_ADVICE = """
window.adviceEvents = 0;
window.EventSource = class extends window.EventSource {
  constructor(...args) { super(...args); this.addEventListener("advice", () => { window.adviceEvents += 1; }); }
};
"""
"""Counts the advice events the page's stream receives (the page's own listener shows them)."""


@pytest.mark.parametrize(("lang", "searching", "answers", "why"), [
    ("en", "advice: thinking…", ("DRAW:", "STOP:"), "would explode the pot"),
    ("es", "consejo: pensando…", ("SACA:", "PARA:"), "harían explotar el caldero"),
])
def test_the_advice_found_after_a_draw_comes_on_its_own_and_the_phone_shows_it(browser, lang, searching, answers, why):
    table, demo = demo_table(["Ana", "Ben"], seed=11)
    srv = Server(create_app(table, host_pin=PIN, demo=demo, assist="advice"), "127.0.0.1", 0).start()
    try:
        context = browser.new_context(**PHONE)
        context.add_cookies([{"name": "lang", "value": lang, "url": srv.url}])
        phone = context.new_page()
        phone.add_init_script(COUNT_ADVICE)
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        phone.wait_for_selector("#pot svg")
        submit(table, {"kind": "fortune", "card": None})
        phone.wait_for_function(f"Number(document.body.dataset.seq) >= {table.seq}")
        shown = f"{list(answers)}.includes((document.querySelector('#advice b') || {{}}).textContent)"
        answered = f"{shown} && !document.getElementById('advice').textContent.includes({searching!r})"
        phone.wait_for_function(answered)
        game, deadline = srv.app.extensions["companion.game"], time.monotonic() + 30
        while game.advice("seat:0").get("searching") and time.monotonic() < deadline:
            time.sleep(0.02)  # the starting bag's exact answer too, not only what a bound proves
        time.sleep(0.5)  # and its event on the page
        before = phone.evaluate("window.adviceEvents")

        # a coloured chip read at the bag (a white would open the flask's question, advised with the view);
        # a phone's draw button would have its reply's view searched first
        chip = next(c for c in table.state.seats[0].bag if not c.startswith("white"))
        demo.bags[0].present(demo.uids[chip])
        table.wait_for_reads()
        phone.wait_for_function(f"Number(document.body.dataset.seq) >= {table.seq}")
        # the answer comes alone: as the stream's advice event (what a bound proves, then the exact
        # answer), or folded into the change that follows when the page had not yet taken the draw's
        phone.wait_for_function(answered)
        time.sleep(0.5)
        assert phone.evaluate("window.adviceEvents") - before <= 2
        assert int(phone.evaluate("document.body.dataset.seq")) == table.seq, "no update came after the draw's"
        assert phone.inner_text("#advice b") in answers and phone.inner_text("#advice") != searching
        assert why in phone.inner_text("#advice")
        assert "%" in phone.inner_text("#outlook"), "the rest of the view stays as the draw's update left it"
        context.close()
    finally:
        srv.stop()
        table.close()
