"""Tag enrolment from the host page: choose a chip kind, pass its chips over a reader, keep the CSV.

While enrolling, every read becomes the next chip of the chosen kind (the table does that); the
host panel lists each answer the registry gave and the tagged counts against the box.
"""

from __future__ import annotations

import io
from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from companion.store import StoreError

from .access import Refusal, guarded, host_only, is_host, json_body

bp = Blueprint("enrolment", __name__, url_prefix="/api/host/tags")


def _registry():
    table = current_app.extensions["companion.game"].table
    if table is None or table.registry is None:
        raise Refusal(409, "no_registry", "This table reads chip names, not stickers: it has no tag registry.")
    return table.registry


def _touched() -> None:
    """Enrolment state lives in the registry, outside the journal: wake the host pages."""
    current_app.extensions["companion.hub"].touch()


def panel(registry: Any, messages: list[str]) -> dict[str, Any]:
    """The host panel's enrolment part: the mode, the latest answers, tagged counts against the box."""
    enrolling = registry.enrolment()
    return {
        "enrolling": {"color": enrolling.color, "value": enrolling.value} if enrolling else None,
        "messages": messages,
        "counts": [{"color": k.color, "value": k.value, "tagged": k.tagged, "box": k.box} for k in registry.counts()],
    }


@bp.post("/enrol")
@guarded
@host_only
def enrol():
    body = json_body()
    color, value = body.get("color"), body.get("value")
    if not isinstance(color, str) or not isinstance(value, int) or isinstance(value, bool):
        raise Refusal(400, "bad_field", "Name the chip kind to enrol: a colour and a whole-number value.")
    try:
        _registry().start_enrolment(color, value)
    except StoreError as err:
        raise Refusal(400, "bad_kind", str(err)) from None
    _touched()
    return jsonify({"ok": True, "enrolling": {"color": color, "value": value}})


@bp.post("/stop")
@guarded
@host_only
def stop():
    _registry().stop_enrolment()
    _touched()
    return jsonify({"ok": True, "enrolling": None})


@bp.post("/import")
@guarded
@host_only
def import_csv():
    """The registry CSV (``quacks tags export``) sent as ``{"csv": text}``; all rows or none."""
    text = json_body().get("csv")
    if not isinstance(text, str) or not text.strip():
        raise Refusal(400, "bad_field", "Send the CSV's text as 'csv'.")
    try:
        count = _registry().import_csv(io.StringIO(text))
    except StoreError as err:
        raise Refusal(400, "bad_csv", str(err)) from None
    _touched()
    return jsonify({"ok": True, "imported": count})


@bp.get("/export")
def export_csv():
    if not is_host():
        raise Refusal(403, "not_host", "Only the host can export the tags: enter the host PIN.")
    out = io.StringIO()
    _registry().export_csv(out)
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": 'attachment; filename="quacks-tags.csv"', "Cache-Control": "no-store"})
