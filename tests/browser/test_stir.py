"""Round 9 on the table screen: "Stir!" while every seat may take out its chip, "Waiting for ..."
while some have not, a seat that drew ahead marked; each seat's phone shows its own part."""

from __future__ import annotations

import pytest

from tests.table.last_round import play_to_the_last_round

from .screens import PHONE, TABLETS, serving, submit, table_of, table_url, wait_guide
from .test_spanish import spanish_page

TABLET = TABLETS["1280x800"]

WORDS = {
    "en": {"call": "Stir! (chip {n})", "wait_ana": "Waiting for Ana and Cid", "wait": "Waiting for Ben and Cid",
           "ahead": "1 chip ahead of the stir", "go": "Stir! Take out a chip, or an empty hand to stop",
           "hold_cid": "Wait: Cid is still drawing", "hold": "Wait: Ben and Cid are still drawing"},
    "es": {"call": "¡Remover! (ficha {n})", "wait_ana": "Esperando a Ana y Cid", "wait": "Esperando a Ben y Cid",
           "ahead": "1 ficha adelantada al «¡Remover!»", "go": "¡Remover! Saca una ficha, o la mano vacía para plantarte",
           "hold_cid": "Espera: Cid todavía está sacando", "hold": "Espera: Ben y Cid todavía están sacando"},
}


def shows(page, selector: str, text: str) -> None:
    try:
        page.wait_for_function("([s, t]) => (document.querySelector(s) || {}).innerText === t",
                               arg=[selector, text], timeout=10000)
    except Exception as err:
        raise AssertionError(f"{selector} shows {page.locator(selector).inner_text()!r}, not {text!r}") from err


def take_out(table, seat: int) -> None:
    """The seat's reader reads a chip that is not white (no pot explodes here)."""
    chip = next(c for c in sorted(table.state.seats[seat].bag) if not c.startswith("white"))
    submit(table, {"kind": "draw", "seat": seat, "chip": chip})


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_table_screen_calls_stir_and_names_whom_it_waits_for(browser, artifacts, lang):
    words = WORDS[lang]
    with serving(["Ana", "Ben", "Cid"]) as srv:
        table = table_of(srv)
        play_to_the_last_round(table)
        screen = spanish_page(browser, srv, TABLET) if lang == "es" else browser.new_page(**TABLET)
        screen.goto(table_url(srv))
        phone = spanish_page(browser, srv, PHONE) if lang == "es" else browser.new_page(**PHONE)
        phone.goto(f"{srv.url}/s/{srv.app.extensions['companion.game'].token(0)}")
        shows(screen, "#stir", words["call"].format(n=1))
        wait_guide(phone, words["go"])
        take_out(table, 1)
        shows(screen, "#stir", words["wait_ana"])
        wait_guide(phone, words["go"])  # the stir is called and Ana has not taken out her chip
        take_out(table, 0)
        wait_guide(phone, words["hold_cid"])
        take_out(table, 0)  # Ana's second chip before Cid took out his first
        shows(screen, "#pots [data-seat='0'] [data-ahead]", words["ahead"])
        screen.screenshot(path=str(artifacts / f"stir-ahead-{lang}.png"))
        take_out(table, 2)
        shows(screen, "#stir", words["wait"])  # stir 2 is under way: Ana's second chip was her chip 2
        assert screen.locator("#pots [data-ahead]").count() == 0
        wait_guide(phone, words["hold"])
        take_out(table, 1)
        take_out(table, 2)
        shows(screen, "#stir", words["call"].format(n=3))
        wait_guide(phone, words["go"])
        screen.screenshot(path=str(artifacts / f"stir-call-{lang}.png"))
