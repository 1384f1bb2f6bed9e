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

from .access import Refusal, guarded, host_only, is_host, json_body, query_number
from .i18n import language

bp = Blueprint("referee", __name__, url_prefix="/api/host")


def _table():
    table = current_app.extensions["companion.game"].table
    if table is None:
        raise Refusal(409, "no_game", "There is no game yet: create one first.")
    return table


def _int(body: dict[str, Any], key: str, *, seats: int | None = None) -> int:
    """A whole number field of the request, or a 400 naming it."""
    value = body.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Refusal(400, "bad_field", f"{key!r} must be a whole number.")
    if seats is not None and value >= seats:
        raise Refusal(400, "bad_field", f"There is no seat {value + 1} at this table.")
    return value


def _seat(body: dict[str, Any]) -> int:
    return _int(body, "seat", seats=len(_table().state.seats))


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
    return _corrected(lambda: _table().void(_int(body, "seq"), cascade=body.get("cascade") is True))


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
    seq, seat = _int(body, "seq"), _seat(body)
    return _corrected(lambda: _table().reassign(seq, seat))


@bp.post("/assign")
@guarded
@host_only
def assign():
    body = json_body()
    anomaly, seat = _int(body, "anomaly"), _seat(body)
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
    resolves = [_int(body, "anomaly")] if body.get("anomaly") is not None else []
    table = _table()
    return _corrected(lambda: table.manual_draw(seat, table.free_chip(seat, kind), resolves=resolves))


@bp.post("/pause")
@guarded
@host_only
def pause():
    body = json_body()
    if not isinstance(body.get("paused"), bool):
        raise Refusal(400, "bad_field", "'paused' must be true or false.")
    _table().set_paused(body["paused"])
    return jsonify({"ok": True, "paused": body["paused"]})


TIMELINE_PAGE = 50
"""Rows per page of the referee timeline: a whole game is some 500 rows."""

KINDS = {"input": ("input",), "correction": ("void", "reassign"), "anomaly": ("anomaly",)}
"""The timeline's kind filter: reads and inputs, the host's corrections, refused reads."""


@bp.get("/timeline")
def referee_timeline():
    """The timeline, a page at a time: ``?round=``, ``?seat=`` and ``?kind=`` narrow it down,
    ``?page=`` picks a page (1 is the oldest; without it, the newest page)."""
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
    number = query_number("page", pages)
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
