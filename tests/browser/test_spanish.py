"""A Spanish evening: two phones play a whole round by their buttons, then every page is read.

Each page's whole visible text (the feed of the engine's events, the decisions, the books and the
card included) is checked against the English catalog: no English text, no raw key, no
unfilled placeholder.
"""

from __future__ import annotations

from .conftest import PIN
from .screens import PHONE, TABLETS, serving, submit, table_of
from .spanish import assert_spanish
from .test_play import click_and_wait

TABLET = TABLETS["1280x800"]


def spanish_page(browser, srv, size):
    context = browser.new_context(**size)
    context.add_cookies([{"name": "lang", "value": "es", "url": srv.url}])
    return context.new_page()


def test_two_spanish_phones_play_a_whole_round_without_an_english_word(browser, artifacts):
    with serving(["Ana", "Ben"], seed=7) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        phones = []
        for n in (0, 1):
            page = spanish_page(browser, srv, PHONE)
            page.goto(f"{srv.url}/s/{game.token(n)}")
            page.wait_for_selector("#pot svg")
            phones.append(page)
        for n, page in enumerate(phones):
            assert page.locator("html").get_attribute("lang") == "es"
            assert_spanish(page, f"seat {n} before the card")
        submit(table, {"kind": "fortune", "card": "P06"})  # a card with a choice: You Only Get to Choose One
        checked = set()
        for _ in range(200):
            if table.state.round == 2:
                break
            progressed = False
            for n, page in enumerate(phones):
                page.wait_for_function(f"Number(document.body.dataset.seq) >= {table.seq}")
                assert_spanish(page, f"seat {n} in {table.state.phase}")
                options = page.locator("[data-decision] [data-option]:visible, [data-roll]:visible")
                if options.count():
                    checked.add(page.locator("[data-decision]").first.get_attribute("data-decision"))
                    click_and_wait(page, "[data-decision] [data-option]:visible, [data-roll]:visible >> nth=0")
                elif page.locator("#draw:not([disabled])").count() and page.locator("#pot [data-chip]").count() < 5:
                    click_and_wait(page, "#draw")
                elif page.locator("[data-action=stop]:visible").count():
                    click_and_wait(page, "[data-action=stop]:visible")
                elif page.locator("[data-action=done]:visible").count():
                    click_and_wait(page, "[data-action=done]:visible")
                else:
                    continue
                progressed = True
            assert progressed or table.state.round == 2, "someone can always act until the round ends"
        assert table.state.round == 2, "the round was played to its end"
        assert checked, "the phones answered questions in Spanish"
        for n, page in enumerate(phones):
            page.wait_for_function(f"Number(document.body.dataset.seq) >= {table.seq}")
            assert_spanish(page, f"seat {n} in round 2")
            assert page.locator("#events li").count() > 3
        phones[0].screenshot(path=str(artifacts / "es-round-seat.png"), full_page=True)

        # Every other page of the evening, in Spanish too.
        tablet = spanish_page(browser, srv, TABLET)
        for path, ready, where in (("/", "main", "index"), ("/host", "#pin", "login"),
                                   (f"/table/{game.table_token}", "#pots svg", "table")):
            tablet.goto(f"{srv.url}{path}")
            tablet.wait_for_selector(ready)
            assert_spanish(tablet, where)
        chip = next(r.uid for r in table.registry.rows() if r.chip_id in table.state.seats[0].bag)
        table.read("under-the-table", chip)  # a reader no seat has: an anomaly for the host
        tablet.goto(f"{srv.url}/host?pin={PIN}")
        tablet.wait_for_selector(".anomalygroup", state="attached")
        tablet.wait_for_selector("#timeline tr")
        tablet.wait_for_function("document.querySelectorAll('#timeline tr').length > 5")
        assert_spanish(tablet, "host")
        for path, ready, where in (("/replay?round=1&seat=0", "#steps li", "replay"),
                                   ("/replay/card?round=1&seat=0", "#cardsteps", "dispute card"),
                                   ("/history", "#games", "history"), ("/host/join-card", ".joincard", "join card")):
            tablet.goto(f"{srv.url}{path}")
            tablet.wait_for_selector(ready)
            assert_spanish(tablet, where)
        tablet.goto(f"{srv.url}/replay?round=1&seat=0")
        tablet.wait_for_selector("#steps li")
        for _ in range(4):
            tablet.click("#next")
            assert_spanish(tablet, "replay, stepping")
        tablet.screenshot(path=str(artifacts / "es-replay.png"), full_page=True)
