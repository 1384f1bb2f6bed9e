"""A player with a keyboard alone plays a round and shops on the seat's page: after every action the
focus is on the next thing to do (or still on the control), never back at the top of the page."""

from __future__ import annotations

import pytest

from companion.engine import waiting_for

from .screens import PHONE, serving, submit, table_of, wait_guide

GUIDE = {"en": ("Draw a chip or stop", "Wait: Ben is brewing"), "es": ("Saca una ficha o para", "Espera: Ben está cocinando")}


def seq(page) -> int:
    return int(page.evaluate("document.body.dataset.seq || -1"))


def where(page) -> str:
    """The focused element, as a selector a test can read: its id, else what it does."""
    return page.evaluate("""() => {
        const a = document.activeElement;
        if (!a || a === document.body) return "body";
        const key = ["data-buy", "data-action", "data-option", "data-roll"].find((k) => a.hasAttribute(k));
        return (a.closest("main") ? "" : "outside:") + (a.id ? "#" + a.id : key ? `[${key}=${a.getAttribute(key)}]` : a.tagName);
    }""")


def tab_to(page, selector: str) -> None:
    """Tab (forwards) until the focus is on ``selector``, as a person would."""
    for _ in range(80):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}; focus on {where(page)}")


def press(page, key: str = "Enter") -> str:
    """Presses ``key`` on the focused control, waits for the journal entry it caused and the page
    drawn from it, and returns where the focus is then."""
    before = seq(page)
    page.keyboard.press(key)
    page.wait_for_function("(s) => Number(document.body.dataset.seq) > s", arg=before)
    page.wait_for_timeout(150)
    return where(page)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_round_and_the_shop_with_the_keyboard_alone(browser, artifacts, lang):
    with serving(["Ana", "Ben"], seed=3) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        context = browser.new_context(**PHONE)
        context.add_cookies([{"name": "lang", "value": lang, "url": srv.url}])
        ana = context.new_page()
        ana.goto(f"{srv.url}/s/{game.token(0)}")
        ana.wait_for_selector("#pot svg")
        submit(table, {"kind": "fortune", "card": None})
        wait_guide(ana, GUIDE[lang][0])

        tab_to(ana, "#draw")
        for n in range(1, 4):  # three chips cannot explode a pot of whites 1, 1, 1, 2, 2, 3
            assert press(ana) == "#draw", f"after draw {n} the focus stays on Draw"
            assert ana.locator("#pot [data-chip]").count() == n
        tab_to(ana, "#stop")
        assert press(ana) == "#guide", "nothing left to do: the focus goes to the guide, not the top"
        wait_guide(ana, GUIDE[lang][1])

        orange = next(c for c in table.state.seats[1].bag if c.startswith("orange"))
        submit(table, {"kind": "draw", "seat": 1, "chip": orange})
        submit(table, {"kind": "stop", "seat": 1})
        answered = 0
        for _ in range(40):  # to the shop: Ana answers her questions by keyboard, Ben from here
            table.wait_for_reads()
            state = table.state
            if state.phase == "shop" and state.shopper == 0:
                break
            mine = [d for d in state.decisions if d.seat == 0]
            if mine:
                ana.wait_for_selector("#decisions button")
                tab_to(ana, "#decisions button:not([disabled])")
                assert press(ana) not in ("body",), "after an answer the focus stays in the page"
                assert not where(ana).startswith("outside"), where(ana)
                answered += 1
            elif state.decisions:
                d = state.decisions[0]
                submit(table, {"kind": "choose", "seat": d.seat, "decision": d.id, "keys": [d.options[0].key]})
            else:
                seat = next(k for k in waiting_for(state) if k is not None)
                submit(table, {"kind": "done", "seat": seat})
        else:
            raise AssertionError("the shop never opened for Ana")

        ana.wait_for_selector("#shop:not(.hidden) [data-buy]:not([disabled])")
        tab_to(ana, "#buys [data-buy]:not([disabled])")
        bought = ana.evaluate("document.activeElement.dataset.buy")
        chips = len(table.state.seats[0].bag) + len(table.state.seats[0].pot)
        after = press(ana)
        assert after != "body" and not after.startswith("outside"), f"after buying: {after}"
        assert after != f"[data-buy={bought}]", "the bought chip's button is disabled: the focus moved on"
        table.wait_for_reads()
        assert len(table.state.seats[0].bag) + len(table.state.seats[0].pot) == chips + 1, "one chip bought"
        ana.screenshot(path=str(artifacts / f"keyboard-shop-{lang}.png"))
        if ana.locator("#buys [data-action=done]:visible").count():  # coins left for a second chip: done by hand
            assert after.startswith("[data-buy=") or after == "[data-action=done]", after
            tab_to(ana, "#buys [data-action=done]")
            after = press(ana)
            assert after != "body" and not after.startswith("outside"), f"after Done shopping: {after}"
        tab_to(ana, "#actions [data-action=done]")  # the rubies: nothing spent, done
        after = press(ana)
        assert after != "body" and not after.startswith("outside"), f"after the rubies: {after}"
        assert table.state.phase != "spend" or 0 not in waiting_for(table.state)
        context.close()


def test_when_a_second_chance_disables_draw_the_focus_goes_to_its_question(browser):
    with serving(["Ana", "Ben"], seed=3) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        ana = browser.new_context(**PHONE).new_page()
        ana.goto(f"{srv.url}/s/{game.token(0)}")
        ana.wait_for_selector("#pot svg")
        submit(table, {"kind": "fortune", "card": "B08"})  # A Second Chance: asked after the fifth chip
        for kind in ("orange-1", "green-1", "white-1", "white-1"):
            chip = next(c for c in table.state.seats[0].bag if c.startswith(kind))
            submit(table, {"kind": "draw", "seat": 0, "chip": chip})
        ana.wait_for_function("document.querySelectorAll('#pot [data-chip]').length === 4")
        tab_to(ana, "#draw")
        assert press(ana) == "[data-option=continue]", "Draw is disabled by the question: the focus is on its answer"
        assert ana.locator("#draw").is_disabled()
        assert press(ana) == "#draw", "the question answered, Draw again"
        ana.context.close()
