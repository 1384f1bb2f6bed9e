"""Wolfgang's Exchange Office in the browser: the stand droplet chosen on a phone, the stand on the
table screen, victory points bought in the shop, in English and in Spanish."""

from __future__ import annotations

import pytest

from companion.engine.expansions.exchange import can_buy_points

from .screens import PHONE, TABLETS, play_until, serving, submit, table_of, table_url
from .spanish import assert_spanish
from .test_play import click_and_wait


def phone(browser, srv, seat: int, lang: str = "en"):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": lang, "url": srv.url}])
    page = context.new_page()
    page.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(seat)}")
    page.wait_for_selector("#pot svg")
    return page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_phone_moves_the_stand_droplet_and_the_table_shows_it(browser, artifacts, lang):
    with serving(["Ana", "Ben"], seed=3, expansions=("exchange",), stand="green") as srv:
        table = table_of(srv)
        ana = phone(browser, srv, 0, lang)
        screen = browser.new_context(**TABLETS["1280x800"])
        screen.add_cookies([{"name": "lang", "value": lang, "url": srv.url}])
        tablet = screen.new_page()
        tablet.goto(table_url(srv))
        tablet.wait_for_selector("#stand [data-tube='0'] .seatdot")
        assert tablet.locator("#stand .tubecell").count() == 13
        submit(table, {"kind": "fortune", "card": "P01"})  # The Pot Is Filling Up: every droplet 1 forward
        option = ana.locator("[data-decision] [data-option=stand]")
        option.wait_for()
        assert option.inner_text() == ("Stand droplet to tube 1: 1 victory point for 10 coins" if lang == "en"
                                       else "Gota del soporte al tubo 1: 1 punto de victoria por 10 monedas")
        click_and_wait(ana, "[data-decision] [data-option=stand]")
        assert table.state.seats[0].stand == 1
        ana.wait_for_selector("[data-stand='1']")
        assert ana.locator("[data-stand='1'] b").inner_text() == "10"
        tablet.wait_for_selector("#stand [data-tube='1'] .seatdot")
        if lang == "es":
            assert_spanish(ana, "a seat with the stand")
            assert_spanish(tablet, "the table with the stand")
        ana.screenshot(path=str(artifacts / f"exchange-seat-{lang}.png"), full_page=True)
        tablet.screenshot(path=str(artifacts / f"exchange-table-{lang}.png"))


def test_a_phone_buys_a_victory_point_in_the_shop(browser, artifacts):
    with serving(["Ana", "Ben"], seed=4, expansions=("exchange",), stand="green") as srv:
        table = table_of(srv)
        play_until(table, lambda s: s.phase == "shop" and s.shopper == 0 and can_buy_points(s, 0))
        ana = phone(browser, srv, 0)
        button = ana.locator("#buys [data-buy=points]")
        button.wait_for()
        assert ana.evaluate("document.body.dataset.guide").endswith("and victory points at the stand")
        score = table.state.seats[0].score
        click_and_wait(ana, "#buys [data-buy=points]")
        assert table.state.seats[0].score == score + 1
        ana.wait_for_function("document.getElementById('events').innerText.includes('at the exchange stand')")
        ana.screenshot(path=str(artifacts / "exchange-shop.png"), full_page=True)


def test_the_results_show_the_brown_sides_points_on_their_own_line(browser, artifacts):
    with serving(["Ana", "Ben"], seed=6, expansions=("exchange",), stand="brown") as srv:
        table = table_of(srv)
        play_until(table, lambda s: s.phase == "game_over")
        ana = phone(browser, srv, 0)
        part = ana.locator("#breakdown [data-part=from_stand] b")
        part.wait_for()
        assert part.inner_text() == str(table.state.seats[0].final_points["stand"])
        tablet = browser.new_context(**TABLETS["1280x800"]).new_page()
        tablet.goto(table_url(srv))
        tablet.wait_for_selector("#parts table")
        assert "from the exchange stand" in tablet.locator("#parts tr").first.inner_text()
        tablet.screenshot(path=str(artifacts / "exchange-results.png"))
