"""Every page and read-only endpoint, as a phone or the table's screen fetches it."""

from __future__ import annotations

import re

import pytest

from companion.engine import catalog
from companion.webapp import i18n

from .conftest import PIN


def test_index_and_table_pages_use_only_local_assets(phone):
    for url in ("/", f"/table/{phone.game.table_token}"):
        response = phone.client.get(url)
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assets = re.findall(r'(?:src|href)="([^"]+)"', html)
        assert assets, "the page links its scripts and styles"
        assert all(a.startswith("/") and not a.startswith("//") for a in assets), assets
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]


def test_the_index_page_says_how_to_join(phone):
    html = phone.client.get("/").get_data(as_text=True)
    assert "one QR code per seat" in html and "enter the PIN" in html
    assert 'href="/host"' in html and 'href="/table"' in html  # the table's door: the host opens it


def test_static_files_are_served(phone):
    for path in ("css/app.css", "js/live.js", "js/board.js", "js/seat.js", "js/table.js", "js/host.js", "icons/pot.svg"):
        assert phone.client.get(f"/static/{path}").status_code == 200, path


def test_seat_page_opens_with_its_token_only(phone):
    ok = phone.client.get(f"/s/{phone.token(1)}")
    assert ok.status_code == 200
    html = ok.get_data(as_text=True)
    assert 'data-seat="1"' in html and 'id="draw"' in html
    bad = phone.client.get("/s/not-a-token")
    assert bad.status_code == 403 and bad.mimetype == "text/html"
    assert "scan the seat's code again" in bad.get_data(as_text=True)


def test_an_old_link_opened_in_a_spanish_browser_says_what_to_do_in_spanish(phone):
    phone.client.set_cookie("lang", "es")
    for address in ("/s/not-a-token", "/table/not-a-token"):
        bad = phone.client.get(address)
        assert bad.status_code == 403, address
        html = bad.get_data(as_text=True)
        assert "Este enlace no abre ninguna página de la partida actual" in html, address
        assert "current game" not in html, address


def test_board_is_the_catalog_track(phone):
    data = phone.client.get("/api/board").get_json()
    assert len(data["track"]) == len(catalog.POT_TRACK) == 54
    assert data["track"][53] == {"space": 53, "coins": 35, "vp": 15, "ruby": False}
    assert data["rat_tails"] == sorted(catalog.RAT_TAILS)
    assert set(data["letters"]) == set(catalog.COLORS)
    assert len(set(data["letters"].values())) == len(catalog.COLORS), "every colour has its own letter"


def test_seat_view_has_odds_and_actions_table_view_does_not(phone):
    seat = phone.view(0)
    assert seat["you"] == 0 and "risk" in seat and "actions" in seat
    table = phone.view()
    assert "risk" not in table and "you" not in table
    assert [s["name"] for s in table["seats"]] == ["Ana", "Ben"]


def test_host_page_needs_the_pin(app):
    from .conftest import Phone
    guest = Phone(app)
    page = guest.client.get("/host").get_data(as_text=True)
    assert 'id="login"' in page and "data-seat-link" not in page
    assert guest.client.get("/api/view/host").status_code == 403
    guest.client.get("/host?pin=000000")
    assert 'id="login"' in guest.client.get("/host").get_data(as_text=True)
    assert guest.client.get(f"/host?pin={PIN}").status_code == 302
    page = guest.client.get("/host").get_data(as_text=True)
    for seat in (0, 1):
        assert f"/s/{guest.token(seat)}" in page
    assert page.count("<svg") >= 2, "a QR code per seat"


def test_host_view_lists_the_seats_with_their_phones_and_readers(host):
    view = host.client.get("/api/view/host").get_json()["view"]
    assert [(s["seat"], s["phones"], [r["state"] for r in s["readers"]]) for s in view["host"]["seats"]] \
        == [(0, 0, ["online"]), (1, 0, ["online"])], "each simulated bag's reader is online, no phone yet"


def test_language_is_chosen_per_phone(phone):
    table = f"/table/{phone.game.table_token}"
    response = phone.client.get(f"/lang/es?next={table}")
    assert response.status_code == 302 and response.location.endswith(table)
    html = phone.client.get(table).get_data(as_text=True)
    assert '<html lang="es">' in html and "Mesa" in html
    assert phone.client.get("/lang/es?next=//evil.example").location.endswith("/")


def test_a_page_script_gets_its_words_from_the_catalog_of_its_language():
    english, spanish = i18n.strings("en"), i18n.strings("es")
    assert set(english) == {*i18n.SCRIPT, *i18n.PLURAL, "colors", "number"}
    assert set(spanish) == {*english, "refusals"}, "a page not in English words refusals by their code"
    assert spanish["refusals"]["not_in_bag"] == "Esa ficha no está en la bolsa de este asiento."
    assert (english["draw"], spanish["draw"]) == ("Draw a chip", "Sacar una ficha")
    assert spanish["act_spend_droplet"] == "Mover la gota (2 rubíes)"
    assert spanish["colors"]["white"] == "blanca"


def test_numbers_and_percentages_are_written_as_the_language_writes_them():
    """Babel's (CLDR's) symbols: a decimal comma and a spaced percent sign in Spanish."""
    assert i18n.strings("en")["number"] == {"decimal": ".", "percent": "{n}%"}
    assert i18n.strings("es")["number"] == {"decimal": ",", "percent": "{n}\xa0%"}


def test_a_script_text_with_a_count_has_a_form_for_each_plural_category():
    """The browser picks the form by the language's plural rules (Intl.PluralRules), as ngettext would."""
    assert i18n.strings("en")["points"] == {"one": "{n} victory point", "other": "{n} victory points"}
    assert i18n.strings("es")["coins_n"] == {"one": "{n} moneda", "other": "{n} monedas"}
    assert i18n.strings("es")["wait_brewing"]["other"] == "Espera: {names} están cocinando"


@pytest.mark.parametrize("target", ["/%09/evil.example/x", "//evil.example/x", "/\\evil.example", "/%5Cevil.example",
                                    "https://evil.example/", "/%0D%0ASet-Cookie:%20x=1", "/%0A/evil.example",
                                    "%2F%2Fevil.example", " /x"])
def test_the_language_switch_goes_back_only_to_a_path_of_this_site(phone, target):
    """/lang/en?next=/%09/evil.example/x answered Location: /	/evil.example/x, which Chromium
    follows to evil.example; CR LF in it was a 500."""
    response = phone.client.get(f"/lang/en?next={target}")
    assert response.status_code == 302 and response.headers["Location"] == "/"


def test_the_language_switch_goes_back_to_the_page_it_was_opened_from(phone):
    response = phone.client.get("/lang/es?next=/s/abc%3Fx")
    assert response.headers["Location"] == "/s/abc?x" and "lang=es" in response.headers["Set-Cookie"]
