"""On a phone (390x844) every control of the seat's page is at least 44 x 44 CSS pixels, a thumb's
width: at the start, while brewing with the flask's offer, in the shop and at the end."""

from __future__ import annotations

import pytest

from .screens import PHONE, play_until, serving, submit, table_of
from .test_accessibility import draw, finish, opened

SMALL = """() => [...document.querySelectorAll("button, a[href], summary, input, select, [role=button]")]
  .filter((n) => n.getClientRects().length && getComputedStyle(n).visibility !== "hidden")
  .map((n) => { const r = n.getBoundingClientRect();
                return [n.id || n.dataset.buy || n.dataset.action || n.dataset.option || n.textContent.trim().slice(0, 30),
                        Math.round(r.width), Math.round(r.height)]; })
  .filter(([, w, h]) => w < 44 || h < 44)"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_control_on_the_phone_is_a_thumb_wide(browser, lang):
    with serving(["Ana", "Ben"], seed=3) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        page = opened(browser, srv.url, lang, PHONE)
        page.goto(f"{srv.url}/s/{game.token(0)}")
        page.wait_for_selector("#pot svg")
        small = {"start": page.evaluate(SMALL)}

        submit(table, {"kind": "fortune", "card": None})
        for kind in ("orange-1", "green-1", "white-1"):
            draw(table, 0, kind)
        page.wait_for_selector("[data-kind=flask]")
        small["brewing"] = page.evaluate(SMALL)

        play_until(table, lambda s: s.phase == "shop" and s.shopper == 0)
        page.wait_for_selector("#shop:not(.hidden) [data-buy]")
        small["shop"] = page.evaluate(SMALL)

        finish(table)
        page.wait_for_selector("#results:not(.hidden) #chart svg")
        small["results"] = page.evaluate(SMALL)
        page.context.close()
    assert not any(small.values()), {k: v for k, v in small.items() if v}
