"""A phone in the shop, with the table's advice on: the best purchase and why, and each chip's value
beside its price, in English and in Spanish."""

from __future__ import annotations

import pytest

from .screens import play_until, serving, submit, table_of
from .spanish import assert_spanish
from .test_exchange import phone


@pytest.mark.parametrize(("lang", "advice", "value", "why"), [
    ("en", "Advice: buy ", " VP ± ", "rounds left: drawn in "),
    ("es", "Consejo: compra ", " PV ± ", "rondas restantes: sale en el "),
])
def test_the_shopper_sees_the_best_purchase_and_each_chips_value(browser, artifacts, lang, advice, value, why):
    with serving(["Ana", "Ben"], seed=4) as srv:
        srv.app.extensions["companion.game"].assist.set("advice")
        table = table_of(srv)
        play_until(table, lambda s: s.phase == "shop" and s.round == 2 and s.shopper is not None
                   and s.seats[s.shopper].coins >= 8, stop_at=6)  # pots of 6 chips: coins to spend
        seat = table.state.shopper
        page = phone(browser, srv, seat, lang)
        page.wait_for_selector("#shopadvice[data-best]", timeout=30_000)  # found after the view: its own event
        said = page.inner_text("#shopadvice")
        assert said.startswith(advice) and why in said
        best = page.get_attribute("#shopadvice", "data-best").split(" ")
        shop = srv.app.extensions["companion.game"].assist.shopping.advice(table.state, seat)
        assert best == ["-".join(map(str, c)) for c in shop["best"][0]["chips"]]
        values = page.locator(".shoprow .value")
        assert values.count() == len(shop["chips"]) and value in values.first.inner_text()
        first = shop["chips"][0]
        row = page.locator(f".shoprow[data-kind='{first['chips'][0][0]}-{first['chips'][0][1]}'] .value")
        assert float(row.get_attribute("data-value")) == first["value"]
        if lang == "es":
            assert_spanish(page, "the shop with the advice")
        page.screenshot(path=str(artifacts / f"shop-advice-{lang}.png"), full_page=True)


@pytest.mark.parametrize(("lang", "said"), [("en", "Advice: "), ("es", "Consejo: ")])
def test_an_exploded_pot_sees_which_of_points_and_coins_the_advice_takes(browser, artifacts, lang, said):
    with serving(["Ana", "Ben"], seed=4) as srv:
        srv.app.extensions["companion.game"].assist.set("advice")
        table, seat = table_of(srv), 0
        submit(table, {"kind": "fortune", "card": None})
        demo = srv.app.extensions["companion.game"].demo
        while table.state.seats[seat].status == "brewing":  # Ana draws until her pot explodes
            demo.draw(seat)
            table.wait_for_reads()
        submit(table, {"kind": "stop", "seat": 1})
        play_until(table, lambda s: any(d.rule == "core/reward" for d in s.decisions))
        page = phone(browser, srv, seat, lang)
        line = page.locator(".choiceadvice[data-best]")
        line.wait_for(timeout=30_000)
        best = line.get_attribute("data-best")
        assert best in ("points", "coins") and line.inner_text().startswith(said)
        assert page.locator(f"[data-option='{best}']").get_attribute("class") == "advised"
        page.screenshot(path=str(artifacts / f"choice-advice-{lang}.png"), full_page=True)
