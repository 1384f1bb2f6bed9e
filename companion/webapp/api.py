"""JSON endpoints: views for polling and tests, and every input a page can send."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from .access import (
    Refusal,
    body_number,
    body_yes_no,
    guarded,
    host_only,
    is_host,
    json_body,
    log_in_as_host,
    log_out_host,
    query_number,
    table_or_host,
)
from .board import board
from .i18n import language
from .limits import limit_refusals

bp = Blueprint("api", __name__, url_prefix="/api")


def live_game():
    return current_app.extensions["companion.game"]


def _view(perspective: str):
    hub = current_app.extensions["companion.hub"]
    return jsonify({"seq": hub.seq, "view": live_game().render(f"{perspective}@{language()}")})


@bp.get("/board")
def board_json():
    return jsonify(board(language()))


@bp.get("/view/table")
@table_or_host
def table_view():
    return _view("table")


@bp.get("/view/seat/<token>")
def seat_view(token: str):
    return _view(f"seat:{live_game().seat_of(token)}")


@bp.get("/view/host")
def host_view():
    if not is_host():
        raise Refusal(403, "not_host", "Only the host can see this: enter the host PIN.")
    return _view("host")


@bp.get("/host/anomalies")
def host_anomalies():
    """A page of the host's anomalies log older than ``?before=`` (an anomaly id), newest first."""
    if not is_host():
        raise Refusal(403, "not_host", "Only the host can see this: enter the host PIN.")
    before = query_number("before", -1)
    if before < 0:
        raise Refusal(400, "bad_filter", "'before' must be an anomaly number.")
    return jsonify(live_game().anomalies(before))


@bp.post("/seat/<token>/action")
@limit_refusals
@guarded
def seat_action(token: str):
    game = live_game()
    seat = game.seat_of(token)
    return jsonify(game.submit(json_body(), "web", seat, request.remote_addr))


@bp.post("/seat/<token>/draw")
@limit_refusals
@guarded
def seat_draw(token: str):
    """The demo's draw button: the simulated bag of this seat hands a random chip to its reader."""
    game = live_game()
    seat = game.seat_of(token)
    if game.demo is None:
        raise Refusal(404, "no_demo", "Draws come from the bag's reader on a real table.")
    return jsonify(game.demo_draw(seat))


@bp.post("/seat/<token>/settle")
@limit_refusals
@guarded
def seat_settle(token: str):
    """"All in the bag": the chips this seat's bag still expects back are in it."""
    game = live_game()
    seat = game.seat_of(token)
    return jsonify(game.settle(seat, "web"))


@bp.post("/seat/<token>/held")
@limit_refusals
@guarded
def seat_held(token: str):
    """The seat answers a read held for it: was the chip drawn?"""
    game = live_game()
    seat = game.seat_of(token)
    body = json_body()
    return jsonify(game.answer_read(body_number(body, "anomaly"), body_yes_no(body, "drawn"), "web", seat))


@bp.post("/seat/<token>/read-back")
@limit_refusals
@guarded
def seat_read_back(token: str):
    """"I drew it": the seat's last read, taken as a chip going back in, was the chip coming out."""
    game = live_game()
    seat = game.seat_of(token)
    return jsonify(game.read_back(body_number(json_body(), "seq"), seat, "web"))


@bp.post("/seat/<token>/roll")
@limit_refusals
@guarded
def seat_roll(token: str):
    """"Roll for me" (or the demo's die): the table rolls the seat's bonus die."""
    game = live_game()
    seat = game.seat_of(token)
    decision = json_body().get("decision")
    if not isinstance(decision, str):
        raise Refusal(400, "bad_field", "'decision' must name the die's question.")
    return jsonify(game.roll(seat, decision))


@bp.post("/table/card")
@guarded
@table_or_host
def table_card():
    """The card the group turned up from the real deck, entered at the table screen (null: none this round)."""
    body = json_body()
    card = body.get("card")
    if "card" not in body or card is not None and not isinstance(card, str):
        raise Refusal(400, "bad_field", "'card' must name a Fortune Teller card, or be null for none.")
    return jsonify(live_game().submit({"kind": "fortune", "card": card}, "host" if is_host() else "table", None))


@bp.post("/table/draw-card")
@guarded
@table_or_host
def table_draw_card():
    """Draw one for us, from the table screen."""
    return jsonify(live_game().draw_card("host" if is_host() else "table"))


@bp.post("/host/login")
@guarded
def host_login():
    log_in_as_host(json_body().get("pin"))
    return jsonify({"ok": True})


@bp.post("/host/logout")
@guarded
def host_logout():
    """This browser is no longer the host's: its session ends for good."""
    log_out_host()
    return jsonify({"ok": True})


@bp.post("/host/card")
@guarded
@host_only
def host_card():
    """Draw one for us: a random unused Fortune Teller card becomes the round's card."""
    return jsonify(live_game().draw_card())


@bp.post("/host/action")
@guarded
@host_only
def host_action():
    return jsonify(live_game().submit(json_body(), "host", None))


@bp.post("/host/assist")
@guarded
@host_only
def host_assist():
    """The table's setting for the phones: off, odds or advice."""
    game = live_game()
    try:
        game.assist.set(json_body().get("level"))
    except ValueError as err:
        raise Refusal(400, "bad_assist", str(err)) from None
    hub = current_app.extensions["companion.hub"]
    hub.touch()
    return jsonify({"ok": True, "assist": game.assist.level})


@bp.post("/host/stir")
@guarded
@host_only
def host_stir():
    """The table's synchronised drawing ("Stir!"): round9, always or off."""
    game = live_game()
    try:
        game.set_stirs(json_body().get("stir"))
    except ValueError as err:
        raise Refusal(400, "bad_stir", str(err)) from None
    current_app.extensions["companion.hub"].touch()
    return jsonify({"ok": True, "stir": game.stirs})


@bp.post("/host/reissue")
@guarded
@host_only
def reissue_link():
    """A new join link for one seat (a lost phone); the other seats' links keep working."""
    seat = json_body().get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise Refusal(400, "bad_field", "'seat' must be a seat number.")
    return jsonify({"ok": True, "seat": seat, "token": live_game().reissue(seat)})
