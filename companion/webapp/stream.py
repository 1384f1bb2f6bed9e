"""Server-Sent Events: one stream per page, the journal sequence number as each event's id."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from .access import Refusal, is_host

bp = Blueprint("stream", __name__, url_prefix="/api/stream")


def _sse(perspective: str) -> Response:
    hub = current_app.extensions["companion.hub"]
    last_id = request.headers.get("Last-Event-ID") or request.args.get("last")
    return Response(hub.stream(perspective, last_id), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


@bp.get("/table")
def table() -> Response:
    return _sse("table")


@bp.get("/seat/<token>")
def seat(token: str) -> Response:
    n = current_app.extensions["companion.game"].seat_of(token)
    return _sse(f"seat:{n}")


@bp.get("/host")
def host() -> Response:
    if not is_host():
        raise Refusal(403, "not_host", "Only the host can watch this stream: enter the host PIN.")
    return _sse("host")
