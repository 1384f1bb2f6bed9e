"""A phone shows the outlook of its next draw and, once the host allows it, DRAW/STOP."""

from __future__ import annotations

import pytest

from companion.advice import certified, outlook
from companion.webapp import create_app
from companion.webapp.server import Server
from tests.engine.scenario import draws, game, set_bag
from tests.engine.test_advice import REFERENCE, position
from tests.webapp.tables import demo_table

from .conftest import PIN
from .screens import submit
from .test_play import PHONE, SCREEN, click_and_wait


def test_the_phone_shows_each_chip_left_then_the_advice_the_host_allows(browser, server):
    host = browser.new_page(**SCREEN)
    host.goto(f"{server.url}/host?pin={PIN}")
    host.wait_for_selector("[data-action=fortune]")
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(host.get_attribute("[data-seat-link='0']", "href"))
    phone.wait_for_selector("#pot svg")
    click_and_wait(host, "[data-action=fortune]")
    phone.wait_for_selector("#assist:not(.hidden) #outlook tr")
    kinds = phone.locator("#outlook tr").count()
    assert kinds == 5  # the starting bag: white 1, 2, 3, orange 1, green 1
    assert "%" in phone.inner_text("#outlook") and phone.inner_text("#advice") == ""

    host.select_option("#assist", "advice")
    # the update carries the answer a bound proves; the exact values follow in their own update
    phone.wait_for_function("/explode/.test(document.getElementById('advicewhy').textContent)")
    # the starting bag fits the live bound: the phone answers at once (docs/advice.md, position 1)
    assert phone.inner_text("#advice") == "Advice: DRAW"
    assert "explode" in phone.inner_text("#advicewhy") and "coins" in phone.inner_text("#advicewhy")

    for state, said in ((position(*REFERENCE["round 1, starting bag"]),
                         "drawing once more and stopping is already worth at least 2.4 coins + 0.0 VP; "
                         "stop: 1 coins + 0 VP now"),
                        (round_9_stop(), "whatever the bag gives, drawing on is worth at most ")):
        # the page renders an answer a bound proved as the stream brings it (a seat's view holds the same)
        view = {"assist": {"level": "advice", "outlook": outlook(state, 0), "advice": certified(state, 0)}}
        phone.evaluate("view => AssistPanel.render(view)", view)
        assert phone.inner_text("#advicewhy").startswith(said)
    assert phone.inner_text("#advice") == "Advice: STOP"

    host.select_option("#assist", "off")
    phone.wait_for_selector("#assist.hidden", state="attached")
    assert phone.locator("#risk").is_hidden()


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
    ("en", "Advice: searching…", ("Advice: DRAW", "Advice: STOP"), "explode"),
    ("es", "Consejo: buscando…", ("Consejo: SACAR", "Consejo: PARAR"), "explota"),
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
        shown = f"{list(answers)}.includes(document.getElementById('advice').textContent)"
        phone.wait_for_function(shown)
        before = phone.evaluate("window.adviceEvents")

        demo.draw(0)  # a chip read at the bag: the update says the advice is being searched
        phone.wait_for_function(f"Number(document.body.dataset.seq) >= {table.seq}")
        phone.wait_for_function(f"window.adviceEvents > {before} && {shown}")
        assert phone.evaluate("window.adviceEvents") == before + 1
        assert int(phone.evaluate("document.body.dataset.seq")) == table.seq, "no update came after the draw's"
        assert phone.inner_text("#advice") in answers and phone.inner_text("#advice") != searching
        assert why in phone.inner_text("#advicewhy")
        assert "%" in phone.inner_text("#outlook"), "the rest of the view stays as the draw's update left it"
        context.close()
    finally:
        srv.stop()
        table.close()
