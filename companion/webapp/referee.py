"""The host's referee desk: corrections, the timeline, pause and the transcript download.

Every correction goes through the table's own methods (void, reassign, a read moved to another
seat, a draw entered by hand), so a refused correction is the table's sentence, sent back as a
409 with nothing written.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from companion.engine import IllegalAction
from companion.table import CorrectionRefused, export_transcript
from companion.table.timeline import timeline

from .access import Refusal, body_number, body_yes_no, guarded, host_only, is_host, json_body, query_number
from .i18n import language

bp = Blueprint("referee", __name__, url_prefix="/api/host")


def _table():
    table = current_app.extensions["companion.game"].table
    if table is None:
        raise Refusal(409, "no_game", "There is no game yet: create one first.")
    return table


def _seat(body: dict[str, Any]) -> int:
    """The body's seat, or a 400 naming it when it is no seat of this table."""
    seat = body_number(body, "seat")
    if seat >= len(_table().state.seats):
        raise Refusal(400, "bad_field", f"There is no seat {seat + 1} at this table.")
    return seat


def _corrected(correct) -> Response:
    """Run one correction; the table's refusal becomes a 409 with its reason."""
    try:
        outcome = correct()
    except CorrectionRefused as err:
        raise Refusal(409, "correction_refused", str(err)) from None
    except IllegalAction as err:
        raise Refusal(409, err.code, err.reason) from None
    return jsonify({"ok": True, "seq": outcome.seq})


@bp.post("/void")
@guarded
@host_only
def void():
    body = json_body()
    return _corrected(lambda: _table().void(body_number(body, "seq"), cascade=body.get("cascade") is True))


@bp.post("/void-last")
@guarded
@host_only
def void_last():
    seat = _seat(json_body())
    return _corrected(lambda: _table().void_last(seat))


@bp.post("/reassign")
@guarded
@host_only
def reassign():
    body = json_body()
    seq, seat = body_number(body, "seq"), _seat(body)
    return _corrected(lambda: _table().reassign(seq, seat))


@bp.post("/assign")
@guarded
@host_only
def assign():
    body = json_body()
    anomaly, seat = body_number(body, "anomaly"), _seat(body)
    return _corrected(lambda: _table().assign_read(anomaly, seat))


@bp.post("/manual-draw")
@guarded
@host_only
def manual_draw():
    """A draw the reader missed: the host names the seat and the kind of chip ("white-1")."""
    body = json_body()
    seat = _seat(body)
    kind = body.get("chip")
    if not isinstance(kind, str) or not kind:
        raise Refusal(400, "bad_field", "'chip' must name a chip from the seat's bag, such as \"white-1\".")
    resolves = [body_number(body, "anomaly")] if body.get("anomaly") is not None else []
    table = _table()
    return _corrected(lambda: table.manual_draw(seat, table.free_chip(seat, kind), resolves=resolves))


@bp.post("/settle")
@guarded
@host_only
def settle():
    """The host settles a bag in one tap: the chips it still expects back are in it."""
    seat = _seat(json_body())
    game = current_app.extensions["companion.game"]
    return jsonify(game.settle(seat, "host"))


@bp.post("/held")
@guarded
@host_only
def held():
    """The host answers a read held for its seat (the seat could not)."""
    body = json_body()
    game = current_app.extensions["companion.game"]
    return jsonify(game.answer_read(body_number(body, "anomaly"), body_yes_no(body, "drawn"), "host"))


@bp.post("/change-card")
@guarded
@host_only
def change_card():
    """The card entered at #seq was another one: the round is replayed with the card turned up."""
    body = json_body()
    card = body.get("card")
    if not isinstance(card, str):
        raise Refusal(400, "bad_field", "'card' must name a Fortune Teller card.")
    seq = body_number(body, "seq")
    return _corrected(lambda: _table().change_card(seq, card))


@bp.post("/pause")
@guarded
@host_only
def pause():
    paused = body_yes_no(json_body(), "paused")
    _table().set_paused(paused)
    return jsonify({"ok": True, "paused": paused})


TIMELINE_PAGE = 50
"""Rows per page of the referee timeline: a whole game is some 500 rows."""

KINDS = {"input": ("input", "late"), "correction": ("void", "reassign"), "anomaly": ("anomaly",)}
"""The timeline's kind filter: reads and inputs (a chip read going in late among them: it was not
refused), the host's corrections, refused reads."""


@bp.get("/timeline")
def referee_timeline():
    """The timeline, a page at a time: ``?round=``, ``?seat=`` and ``?kind=`` narrow it down,
    ``?page=`` picks a page (1 is the oldest, each page stays still as rows come; without it, the newest
    rows, a whole page of them, for following the game live)."""
    if not is_host():
        raise Refusal(403, "not_host", "Only the host can see this: enter the host PIN.")
    table = _table()
    rows = [r.to_dict() for r in timeline(table.setup, table.entries(), table.anomalies(), language())]
    for key in ("round", "seat"):
        wanted = query_number(key, -1)
        if wanted >= 0:
            rows = [r for r in rows if r[key] == wanted]
    kind = request.args.get("kind") or ""
    if kind:
        if kind not in KINDS:
            raise Refusal(400, "bad_filter", f"'kind' must be one of {', '.join(KINDS)}.")
        rows = [r for r in rows if r["kind"] in KINDS[kind]]
    pages = max(1, -(-len(rows) // TIMELINE_PAGE))
    number = query_number("page", -1)
    if number == -1:  # the newest page, followed live: always a whole page, not the last page's remainder
        return jsonify({"rows": rows[-TIMELINE_PAGE:], "total": len(rows), "page": pages, "pages": pages})
    if not 1 <= number <= pages:
        raise Refusal(400, "bad_filter", f"'page' must be a number from 1 to {pages}.")
    return jsonify({"rows": rows[(number - 1) * TIMELINE_PAGE:number * TIMELINE_PAGE], "total": len(rows),
                    "page": number, "pages": pages})


@bp.get("/export")
def export():
    """The game's transcript (JSON Lines) as a download."""
    if not is_host():
        raise Refusal(403, "not_host", "Only the host can export the game: enter the host PIN.")
    table = _table()
    return Response(export_transcript(table.db, table.game_id), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="quacks-game-{table.game_id}.jsonl"',
                             "Cache-Control": "no-store"})
