"""The seat page as a guide: two phones through a whole round, the line at the top in every phase."""

from __future__ import annotations

from companion.engine import waiting_for
from companion.engine.model import chip
from companion.engine.phases.evaluation import price_list

from .screens import PHONE, serving, submit, table_of, wait_guide


def whites(table, seat: int) -> list[str]:
    return sorted((c for c in table.state.seats[seat].bag if chip(c).color == "white"),
                  key=lambda c: -chip(c).value)


def test_the_guide_line_leads_each_seat_through_a_round(browser, artifacts):
    with serving(["Ana", "Ben"]) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        ana, ben = (browser.new_context(**PHONE).new_page() for _ in range(2))
        for k, page in enumerate((ana, ben)):
            page.goto(f"{srv.url}/s/{game.token(k)}")
            page.wait_for_selector("#pot svg")

        wait_guide(ana, "Turn up the Fortune Teller card (at the table screen)")
        assert ana.locator("#brew").is_hidden() and ana.locator("#riskline").is_hidden()
        ana.screenshot(path=str(artifacts / "guide-fortune.png"))

        submit(table, {"kind": "fortune", "card": None})
        wait_guide(ana, "Draw a chip or stop")
        wait_guide(ben, "Draw a chip or stop")
        draw_box = ana.locator("#draw").bounding_box()

        # Ana draws her whites until the pot explodes; her risk panel goes, she waits for Ben.
        for cid in whites(table, 0):
            if table.state.seats[0].status != "brewing":
                break
            submit(table, {"kind": "draw", "seat": 0, "chip": cid})
            if table.state.seats[0].status == "brewing":
                ana.wait_for_function("(n) => document.querySelectorAll('#pot [data-chip]').length === n",
                                      arg=len(table.state.seats[0].pot))
                box = ana.locator("#draw").bounding_box()
                assert box == draw_box, "an offer never moves the Draw button"
                if ana.locator("button.offer").count():
                    ana.screenshot(path=str(artifacts / "guide-flask-offer.png"))
        assert table.state.seats[0].status == "exploded"
        wait_guide(ana, "Wait: Ben is brewing")
        assert ana.locator("#riskline").is_hidden(), "no odds on an exploded pot"
        assert ana.locator("#pot [data-marker=exploded]").count() == 1
        assert "💥" not in ana.content()

        orange = next(c for c in table.state.seats[1].bag if c.startswith("orange"))
        submit(table, {"kind": "draw", "seat": 1, "chip": orange})
        ben.screenshot(path=str(artifacts / "guide-brewing.png"))
        submit(table, {"kind": "stop", "seat": 1})

        # A: Ben alone rolls the die.
        wait_guide(ben, "Roll the die")
        wait_guide(ana, "Wait: Ben rolls the die")
        # the demo rolls its own (seeded) die: one button, no face to pick
        assert ben.locator("[data-kind=bonus_die] [data-option]").count() == 0
        ben.screenshot(path=str(artifacts / "guide-die.png"))
        ben.click("[data-kind=bonus_die] [data-roll]")

        # D: Ana's exploded pot pays points or coins.
        wait_guide(ana, "Choose: points or coins")
        wait_guide(ben, "Wait: Ana is choosing")
        options = ana.locator("[data-kind='exploded.reward'] [data-option]").all_inner_texts()
        assert any(o.endswith("coins") or o.endswith("coin") for o in options)
        ana.screenshot(path=str(artifacts / "guide-reward.png"))
        ana.click("[data-kind='exploded.reward'] [data-option=coins]")

        # E: the shop, in turn order from the start player (Ana).
        ana.wait_for_function("document.body.dataset.phase === 'shop'")
        state = table.state
        assert state.phase == "shop" and state.shopper == 0
        wait_guide(ana, "Shop: buy up to 2 chips of different colours")
        wait_guide(ben, "Wait: Ana is shopping")
        coins = state.seats[0].coins
        assert ana.locator("#shopbudget").inner_text() == f"{coins} coin{'' if coins == 1 else 's'} to spend", \
            "one sentence, not a title"
        rows = ana.locator(".shoprow")
        assert rows.count() == len(price_list(state.config, 1)) == 11  # orange, black, green/blue/red 1-2-4
        pumpkin = ana.locator(".shoprow[data-kind='orange-1']")
        assert "3 coins" in pumpkin.locator("[data-buy]").inner_text()
        assert f"{len(state.supply['orange-1'])} left in the box" in pumpkin.inner_text()
        too_dear = ana.locator(".shoprow[data-kind='green-4']")
        assert "too expensive" in too_dear.inner_text() and too_dear.locator("[data-buy]").is_disabled()
        last = ana.locator("#buys > *").last
        assert last.get_attribute("data-action") == "done", "Done comes after every chip"
        ana.locator(".shoprow[data-kind='orange-1'] summary").click()
        assert "No bonus" in pumpkin.locator(".booktext").inner_text()
        ana.screenshot(path=str(artifacts / "shop.png"), full_page=True)
        ana.click(".shoprow[data-kind='orange-1'] [data-buy]")
        ana.wait_for_function("document.getElementById('shopbudget').innerText.includes('1 bought')")
        assert ana.locator("#shopbudget").inner_text().startswith(f"{coins - 3}")
        assert ana.locator(".shoprow[data-kind='orange-1']").get_attribute("class").endswith("off")
        ana.screenshot(path=str(artifacts / "shop-after-buy.png"), full_page=True)
        ana.click("#buys [data-action=done]")

        # F: Ben's 1 coin buys nothing, so the shop is over; Ana has rubies to spend, Ben none.
        wait_guide(ana, "Spend rubies, or tap Done")
        wait_guide(ben, "Wait: Ana is spending rubies")
        assert table.state.phase == "spend" and table.state.seats[1].done
        ana.screenshot(path=str(artifacts / "guide-spend.png"))
        ana.click("#actions [data-action=done]")
        wait_guide(ana, "Turn up the Fortune Teller card (at the table screen)")
        assert table.state.round == 2


def test_the_crow_skull_is_its_own_step(browser, artifacts):
    with serving(["Ana", "Ben"]) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        ana = browser.new_context(**PHONE).new_page()
        ana.goto(f"{srv.url}/s/{game.token(0)}")
        ana.wait_for_selector("#pot svg")
        # Round 1: Ana fills her pot to space 10 without exploding (whites 7) and buys a crow skull.
        submit(table, {"kind": "fortune", "card": None})
        for kind in ("orange-1", "green-1", "white-1", "white-1", "white-1", "white-1", "white-3"):
            cid = next(c for c in table.state.seats[0].bag if chip(c).kind == kind)
            submit(table, {"kind": "draw", "seat": 0, "chip": cid})
        assert table.state.seats[0].status == "brewing" and table.state.seats[0].scoring_space == 10
        orange = next(c for c in table.state.seats[1].bag if c.startswith("orange"))
        submit(table, {"kind": "draw", "seat": 1, "chip": orange})
        submit(table, {"kind": "stop", "seat": 1})
        submit(table, {"kind": "stop", "seat": 0})
        while table.state.phase != "fortune":
            state = table.state
            if state.decisions:
                d = state.decisions[0]
                submit(table, {"kind": "choose", "seat": d.seat, "decision": d.id, "keys": [d.options[0].key]})
            elif state.phase == "shop" and state.shopper == 0 and not state.seats[0].bought:
                submit(table, {"kind": "buy", "seat": 0, "color": "blue", "value": 1})
            else:
                seat = next(n for n in waiting_for(state) if n is not None)
                submit(table, {"kind": "done", "seat": seat})
        blue = next(c for c in table.state.seats[0].bag if c.startswith("blue"))
        submit(table, {"kind": "fortune", "card": None})
        submit(table, {"kind": "draw", "seat": 0, "chip": blue})

        wait_guide(ana, "Crow skull: draw 1 more to look at")
        assert ana.locator("[data-option=none]").count() == 0, "no 'place none' before the chip is drawn"
        assert ana.locator("#stop").is_hidden()
        assert ana.locator("#draw").inner_text() == "Draw a chip to look at"
        ana.screenshot(path=str(artifacts / "guide-crow-skull-look.png"))
        ana.click("#draw")
        wait_guide(ana, "Crow skull: place one of them, or none")
        assert ana.locator("[data-option=none]").is_visible()
        assert ana.locator("#draw").is_hidden() and ana.locator("#stop").is_hidden()
        ana.screenshot(path=str(artifacts / "guide-crow-skull-place.png"))
        ana.click("[data-option=none]")
        wait_guide(ana, "Draw a chip or stop")


def test_with_real_readers_the_phone_says_to_draw_from_the_bag(browser, artifacts):
    with serving(["Ana", "Ben"], draw_button=False) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        ana = browser.new_context(**PHONE).new_page()
        ana.goto(f"{srv.url}/s/{game.token(0)}")
        submit(table, {"kind": "fortune", "card": None})
        wait_guide(ana, "Draw a chip from your bag, or stop")
        assert ana.locator("#draw").count() == 0
        stop = ana.locator("#stop").bounding_box()
        assert stop["width"] > 300, "Stop takes the whole row when the bag's reader does the drawing"
        ana.screenshot(path=str(artifacts / "guide-reader.png"))


def test_on_the_test_tube_side_the_phone_asks_which_droplet_moves(browser, artifacts):
    with serving(["Ana", "Ben"], tubes=True) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        ana, ben = (browser.new_context(**PHONE).new_page() for _ in range(2))
        ana.goto(f"{srv.url}/s/{game.token(0)}")
        ben.goto(f"{srv.url}/s/{game.token(1)}")
        submit(table, {"kind": "fortune", "card": None})
        for seat in (0, 1):
            orange = next(c for c in table.state.seats[seat].bag if c.startswith("orange"))
            submit(table, {"kind": "draw", "seat": seat, "chip": orange})
            submit(table, {"kind": "stop", "seat": seat})
        die = next(d for d in table.state.decisions if d.kind == "bonus_die")  # both on space 1: Ana first
        submit(table, {"kind": "choose", "seat": die.seat, "decision": die.id, "keys": ["5"]})
        page = (ana, ben)[die.seat]
        wait_guide(page, "Choose: which droplet moves")
        options = page.locator("[data-kind=droplet] [data-option]").all_inner_texts()
        assert options == ["Pot droplet to space 1", "Test-tube droplet to glass 1: 1 ruby"]
        page.screenshot(path=str(artifacts / "guide-droplet.png"))
        page.click("[data-kind=droplet] [data-option=tube]")
        page.wait_for_function("!document.querySelector('[data-kind=droplet]')")
        assert table.state.seats[die.seat].tube == 1
        page.wait_for_selector("[data-tube='1']")
        assert ana.locator("[data-tube]").count() == 1, "a test-tube game shows each seat's glass"
