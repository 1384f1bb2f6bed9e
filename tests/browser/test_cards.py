"""The round's Fortune Teller card picked on the table screen, and a card's choice answered on a phone."""

from __future__ import annotations

from .conftest import PIN
from .screens import TABLETS, serving, submit, table_of, table_url, wait_guide
from .test_play import PHONE, SCREEN, click_and_wait


def test_the_table_picks_the_card_and_a_phone_answers_its_choice(browser, server, artifacts):
    tablet = browser.new_context(**SCREEN)
    table = tablet.new_page()
    table.goto(f"{server.url}/host?pin={PIN}")  # the tablet holds the host rights
    table.goto(f"{server.url}/table")
    table.wait_for_selector("#cardpicker:not(.hidden)")
    game = server.app.extensions["companion.game"]
    phones = browser.new_context(**PHONE)
    phone = phones.new_page()
    phone.goto(f"{server.url}/s/{game.token(1)}")
    phone.wait_for_selector("#pot svg")

    table.fill("#cardsearch", "flask rabbit")  # the later printing's title
    assert table.locator("#cardmatches [data-card]").all_inner_texts() == ["Magic Potion"]
    table.fill("#cardsearch", "just in")
    assert table.locator("#cardmatches [data-card]").count() == 1
    table.click("[data-card=P05]")
    assert "4 victory points" in table.locator("#cardtext").inner_text()
    click_and_wait(table, "#cardconfirm")
    table.wait_for_function("document.getElementById('fortune').innerText.includes('Just in Time')")
    assert table.locator("#cardpicker").is_hidden()

    phone.wait_for_selector("[data-kind='fortune.choice'] [data-option=points]")
    assert phone.inner_text("#guide") == "Just in Time: choose one", "the card's own question heads the page"
    click_and_wait(phone, "[data-kind='fortune.choice'] [data-option=points]")
    assert game.table.state.seats[1].score == 4
    table.screenshot(path=str(artifacts / "table-card.png"), full_page=True)
    phones.close()  # the pages leave before the server stops
    tablet.close()


def on_screen(page, selector: str) -> bool:
    """Whether the element is what a finger at its middle would touch: on screen, not hidden by a panel's edge."""
    return page.evaluate("""(sel) => { const e = document.querySelector(sel), r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && (hit === e || e.contains(hit)); }""", selector)


def test_the_card_tapped_on_a_tablet_shows_its_text_and_confirm_button_on_screen(browser):
    """Three seats on a 1280x800 tablet: the round's panel is short, so what the typing finds, and the
    card tapped in the list with its text and confirm button, come into view instead of staying below
    the panel's edge."""
    with serving(["Ann", "Ben", "Cleo"], seed=3) as srv:
        tablet = browser.new_context(**TABLETS["1280x800"])
        table = tablet.new_page()
        table.goto(table_url(srv))
        table.wait_for_selector("#cardpicker:not(.hidden)")
        assert table.locator("#phase").inner_text() == "Fortune Teller: turn up this round's card"
        assert "table screen" not in table.locator(".infobar").inner_text(), "this is the table screen"
        spanish = browser.new_context(**TABLETS["1280x800"])
        spanish.add_cookies([{"name": "lang", "value": "es", "url": srv.url}])
        mesa = spanish.new_page()  # the longer Spanish lines fill the round's panel
        mesa.goto(table_url(srv))
        mesa.wait_for_selector("#cardpicker:not(.hidden)")
        mesa.fill("#cardsearch", "zzz")
        assert mesa.locator("#cardmatches [data-card]").count() == 0
        assert on_screen(mesa, "#cardmatches li"), "what the typing found (nothing) is in sight"
        spanish.close()
        table.fill("#cardsearch", "pot")
        table.locator("#cardmatches [data-card]").first.click()
        for part in ("#cardconfirm", "#cardname"):
            assert on_screen(table, part), f"{part} is out of sight after tapping a card"
        click_and_wait(table, "#cardconfirm")
        assert table.locator("#cardpicker").is_hidden()
        tablet.close()


def test_draw_one_for_us_on_the_host_page_in_spanish(browser, server):
    context = browser.new_context(**SCREEN)
    page = context.new_page()
    page.goto(f"{server.url}/host?pin={PIN}")
    page.goto(f"{server.url}/lang/es?next=/host")
    page.wait_for_selector("#cardpicker:not(.hidden)")
    page.fill("#cardsearch", "pocion")
    assert page.locator("#cardmatches [data-card=B11]").inner_text() == "Poción mágica"
    click_and_wait(page, "#carddraw")
    card = server.app.extensions["companion.game"].table.state.fortune
    assert card
    page.wait_for_selector("#cardpicker.hidden", state="attached")
    context.close()


def test_a_seat_that_stopped_draws_for_strong_ingredient_with_its_phones_draw_button(browser):
    """Strong Ingredient has each seat that stopped draw up to 5 chips after brewing: a demo phone
    shows its draw button again (not its stop), says what the card asks, then offers the chips."""
    with serving(["Ana", "Ben"]) as srv:
        table = table_of(srv)
        submit(table, {"kind": "fortune", "card": "B09"})
        phones = browser.new_context(**PHONE)
        phone = phones.new_page()
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        phone.wait_for_selector("#pot svg")
        for seat in (0, 1):
            submit(table, {"kind": "stop", "seat": seat})
        wait_guide(phone, "Strong Ingredient: draw up to 5 chips, you may place one")
        assert phone.locator("#draw").is_visible() and phone.locator("#stop").is_hidden()
        for drawn in range(1, 6):
            click_and_wait(phone, "#draw")
            phone.wait_for_function(f"document.querySelectorAll('#decisions .chip').length === {drawn}")
        wait_guide(phone, "Strong Ingredient: place one of these chips (it cannot explode the pot)?")
        assert phone.locator("#draw").is_hidden()
        assert phone.locator("[data-kind='fortune.look'] [data-option]").count() == 6, "5 chips or none"
        click_and_wait(phone, "[data-kind='fortune.look'] [data-option=none]")
        assert len(table.state.seats[0].pot) == 0 and len(table.state.seats[0].bag) == 9
        phones.close()
