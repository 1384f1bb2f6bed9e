"""The web side's one error boundary: every bad request becomes a 4xx with a sentence, never a 500.

Refusals raised by the views already carry their status and message; this module adds the rest:
HTTP errors Flask raises itself (unknown path, wrong method, body too large) answer the API's JSON
shape on ``/api`` and a short page elsewhere, JSON nested too deeply for the parser is malformed
JSON rather than a RecursionError, and a journal the disk refuses is a 503 naming the cause.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException

from companion.store import StorageFault

from .access import Refusal, refusal_response

CODES = {404: "not_found", 405: "wrong_method", 413: "too_large", 415: "not_json"}
MESSAGES = {
    404: "There is nothing at this address.",
    405: "This address does not take that kind of request.",
    413: "The request is too large.",
}


class BoundedJSONProvider(DefaultJSONProvider):
    """Flask's JSON, except that nesting past the parser's depth is a ValueError (a 400), not a crash."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("the JSON is nested too deeply") from None


def http_error(err: HTTPException):
    """Flask's own HTTP errors: JSON for the API, Flask's page for the rest."""
    if not request.path.startswith("/api/"):
        return err
    status = err.code or 400
    message = MESSAGES.get(status) or err.description or "The request was refused."
    return refusal_response(Refusal(status, CODES.get(status, "bad_request"), message))


def storage_fault(err: StorageFault):
    """The journal cannot be written (full disk, I/O error, read-only file): nothing was saved, the
    phone says so and may send it again; the host's page shows the cause."""
    return refusal_response(Refusal(503, "storage_fault", f"The table cannot save right now ({err}): "
                                                          "try again in a moment.", retry_after=5))


def install(app: Flask) -> None:
    """Put the boundary on ``app`` (before the first request)."""
    app.json_provider_class = BoundedJSONProvider
    app.json = BoundedJSONProvider(app)
    app.register_error_handler(Refusal, refusal_response)
    app.register_error_handler(StorageFault, storage_fault)
    app.register_error_handler(HTTPException, http_error)
