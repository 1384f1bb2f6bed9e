"""The HTML pages: a seat's phone, the table's screen and the host's console."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

import segno
from flask import Blueprint, current_app, make_response, redirect, render_template, request, session, url_for

from companion.engine.phases import stir
from companion.words.refusals import REFUSALS

from . import cards, i18n
from .access import Refusal, csrf_token, is_host, is_loopback, log_in_as_host, sees_table
from .board import board

bp = Blueprint("pages", __name__)


def live_game():
    return current_app.extensions["companion.game"]


def page(template: str, **context: Any):
    """Render a page with what every page needs: strings, board, CSRF token; never cached."""
    lang = i18n.language()
    response = make_response(render_template(
        template, lang=lang, languages=i18n.LANGUAGES, strings=i18n.strings(lang), chip_name=i18n.chip_namer(lang), cards=cards.catalog(lang), board=board(), csrf=csrf_token(), **context))
    response.headers["Cache-Control"] = "no-store"
    return response


def table_or_host_page(view: Callable[..., Any]) -> Callable[..., Any]:
    """A page of the whole table (replay, dispute card, history): for the table screen's browser and the
    host; anyone else gets the host's login (403), so the host can enter the PIN right there."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any):
        return view(*args, **kwargs) if sees_table() else login_page()

    return wrapper


def login_page():
    """The host's login, as the answer to a page this browser may not see (yet)."""
    response = page("login.html")
    response.status_code = 403
    return response


@bp.after_app_request
def security_headers(response):
    """Everything is served from here: no other origin may run scripts or frame the pages."""
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


@bp.get("/")
def index():
    return page("index.html")


def stale_link(err: Refusal):
    """An old seat or table link opened in a browser: a page in its language saying what to do, not JSON."""
    response = page("stale_link.html", message=REFUSALS.get(err.code, err.message))
    response.status_code = err.status
    return response


@bp.get("/s/<token>")
def seat(token: str):
    game = live_game()
    try:
        n = game.seat_of(token)
    except Refusal as err:
        return stale_link(err)
    return page("seat.html", seat=n, token=token, demo=game.demo is not None, feed=game.feed(i18n.language()),
                picker=game.table.setup.draws == "phones")


@bp.get("/table")
def table_entry():
    """The table screen's door: the host (or a browser that opened the table link) is sent to its link."""
    if not sees_table():
        return page("login.html")
    return redirect(url_for("pages.table", token=live_game().table_token))


@bp.get("/table/<token>")
def table(token: str):
    game = live_game()
    try:
        game.check_table_token(token)
    except Refusal as err:
        return stale_link(err)
    session["table"] = True  # this browser may now open the replay and the history from the screen
    return page("table.html", token=token, feed=game.feed(i18n.language()))


@bp.get("/host")
def host():
    if "pin" in request.args:
        # The demo's printed link carries the PIN: accept it once, then drop it from the address.
        # Only on the table's own computer: on the LAN a PIN in an address ends up in histories.
        if not is_loopback(request.remote_addr or ""):
            raise Refusal(403, "pin_link_loopback", "A PIN in the address works only on this computer: "
                                                    "enter the PIN on the page instead.")
        log_in_as_host(request.args["pin"])
        return redirect(url_for("pages.host"))
    if not is_host():
        return page("login.html")
    game = live_game()
    return page("host.html", seats=join_links(), demo=game.demo is not None, table_link=table_link(),
                feed=game.feed(i18n.language()), stir_settings=stir.SETTINGS)


@bp.get("/host/join-card")
def join_card():
    """Each seat's QR code and the table's address on one page to print and lay on the table: the host's only."""
    if not is_host():
        return login_page()
    return page("join_card.html", seats=join_links(), table_link=table_link())


def table_link() -> str:
    """The table screen's own link (with its token), for the tablet at the table."""
    return url_for("pages.table", token=live_game().table_token, _external=True)


def join_links() -> list[dict[str, Any]]:
    """Per seat: its name, join link and the link's QR code (inline SVG that scales to its box)."""
    game = live_game()
    seats = []
    for s in game.table.view(None)["seats"]:
        link = url_for("pages.seat", token=game.token(s["seat"]), _external=True)
        qr = segno.make(link, error="m").svg_inline(omitsize=True, dark="#000", light="#fff")
        seats.append({"seat": s["seat"], "name": s["name"], "link": link, "qr": qr})
    return seats


@bp.get("/lang/<code>")
def set_language(code: str):
    return i18n.switch_language(code)
