"""A person plays the demo in a real browser: host, two phones and the table screen."""

from __future__ import annotations

from .conftest import PIN

# bypass_csp lets Playwright evaluate its wait conditions; the pages themselves never need eval.
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True, "bypass_csp": True}
SCREEN = {"viewport": {"width": 1280, "height": 1000}, "bypass_csp": True}


def seq(page) -> int:
    return int(page.evaluate("document.body.dataset.seq || -1"))


def click_and_wait(page, selector: str) -> None:
    """Click, then wait until this page has received the journal entry the click caused."""
    before = seq(page)
    page.click(selector)
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def chips_in_pot(page) -> int:
    return page.locator("#pot [data-chip]").count()


def test_two_seats_play_a_round_in_the_browser(browser, server, artifacts):
    host = browser.new_page(**SCREEN)
    host.goto(f"{server.url}/host?pin={PIN}")
    host.wait_for_selector("#cardnone")
    links = [host.get_attribute(f"[data-seat-link='{k}']", "href") for k in (0, 1)]
    seats = []
    for link in links:  # each phone is its own browser
        page = browser.new_context(**PHONE).new_page()
        page.goto(link)
        page.wait_for_selector("#pot svg")
        seats.append(page)
    table = browser.new_context(**SCREEN).new_page()
    table.goto(f"{server.url}/table/{server.app.extensions['companion.game'].table_token}")
    table.wait_for_selector("#pots svg")
    host.wait_for_selector("[data-seat='1'] td.ok", state="attached")  # the host sees both phones connected
    host.wait_for_selector("#join:not([open])", state="attached")  # and folds the codes away

    click_and_wait(host, "#cardnone")
    seats[0].wait_for_selector("#draw:not([disabled])")

    # A draw on seat 1's phone shows up on that phone and on the table, with no reload.
    before = seq(table)
    click_and_wait(seats[0], "#draw")
    table.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert chips_in_pot(seats[0]) == 1
    assert table.locator("[data-seat='0'] [data-chip]").count() == 1
    assert seats[0].locator("#events li").count() >= 1
    table.wait_for_function("document.getElementById('events').innerText.includes('Ana: draws ')")
    assert seats[0].locator("#events li").first.inner_text().startswith("Ana: draws "), "the engine's words"

    answered = False
    for _ in range(120):  # play until round 2 begins
        if table.locator("#round").inner_text().startswith("Round 2"):
            break
        progressed = False
        for page in seats:
            options = page.locator("[data-decision] [data-option]:visible, [data-roll]:visible")
            if options.count():
                click_and_wait(page, "[data-decision] [data-option]:visible, [data-roll]:visible >> nth=0")
                answered = progressed = True
            elif page.locator("#draw:not([disabled])").count() and chips_in_pot(page) < 4:
                click_and_wait(page, "#draw")
                progressed = True
            elif page.locator("[data-action=stop]:visible").count():
                click_and_wait(page, "[data-action=stop]:visible")
                progressed = True
            elif page.locator("[data-action=done]:visible").count():
                click_and_wait(page, "[data-action=done]:visible")
                progressed = True
            if page is seats[0] and progressed and not (artifacts / "seat.png").exists() \
                    and chips_in_pot(page) >= 4:
                page.screenshot(path=str(artifacts / "seat.png"), full_page=True)
                table.screenshot(path=str(artifacts / "table.png"), full_page=True)
        assert progressed, "someone can always act until the round ends"
    table.wait_for_function("document.getElementById('round').innerText.startsWith('Round 2')")
    assert answered, "a decision was answered by clicking"
    host.screenshot(path=str(artifacts / "host.png"), full_page=True)
    seats[1].screenshot(path=str(artifacts / "seat-round2.png"), full_page=True)
    assert (artifacts / "seat.png").exists() and (artifacts / "table.png").exists()


def test_offline_banner_shows_while_the_server_is_gone(browser, server):
    page = browser.new_page(**SCREEN)
    page.goto(f"{server.url}/table/{server.app.extensions['companion.game'].table_token}")
    page.wait_for_selector("#live:not(.hidden)")
    assert page.locator("#offline").is_hidden()
    server.stop()
    page.wait_for_selector("#offline:not(.hidden)")
    assert "reconnecting" in page.locator("#offline").inner_text()


def test_spanish_seat_page(browser, server):
    game = server.app.extensions["companion.game"]
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{server.url}/lang/es?next=/s/{game.token(0)}")
    page.wait_for_selector("#pot svg")
    assert "Bolsa" in page.content() or "bolsa" in page.content()
    assert page.locator("html").get_attribute("lang") == "es"
