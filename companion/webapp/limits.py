"""Rate limits on refused seat requests (Flask-Limiter; kept in the data folder by ``quacks serve``).

A player's phone is refused now and then (a tap out of turn); a script is refused thousands of
times a second. Only refused requests count: past ``PER_SEAT`` per seat link or ``PER_ADDRESS``
per address, the seat's actions get a 429 with ``Retry-After`` and nothing is logged until the
window has passed, so a flood costs neither the journal nor the host page anything. With a data
folder the windows are kept there (``limit_storage``), so restarting the server forgives no flood.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from flask_limiter.util import get_remote_address

from .access import Refusal, refusal_response
from .limit_storage import storage_uri

PER_SEAT = "20 per 10 seconds"
PER_ADDRESS = "40 per 10 seconds"

limiter = Limiter(key_func=get_remote_address, strategy="moving-window", headers_enabled=True)


def _refused(response: Any) -> bool:
    """The phone's own refusals count; the table's (a 503: it cannot save now) do not."""
    return bool(400 <= response.status_code < 500)


def _seat_link() -> str:
    return str((request.view_args or {}).get("token", ""))


def limit_refusals(view: Callable[..., Any]) -> Callable[..., Any]:
    """Count the view's refusals per seat link and per address, shared by every seat route."""
    view = limiter.shared_limit(PER_SEAT, "seat refusals", key_func=_seat_link, deduct_when=_refused)(view)
    return limiter.shared_limit(PER_ADDRESS, "address refusals", deduct_when=_refused)(view)


def _too_many(err: RateLimitExceeded):
    return refusal_response(Refusal(429, "too_many_refusals", "Too many refused requests from this phone: "
                                                             "wait a few seconds, then try again."))


def init_limits(app: Flask, folder: Path | None = None) -> None:
    """Count in ``folder`` (the data folder), or in memory (the demo, tests) when it is None."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://" if folder is None else storage_uri(folder))
    limiter.init_app(app)
    _drop_the_empty_check(app)
    app.register_error_handler(RateLimitExceeded, _too_many)


def _drop_the_empty_check(app: Flask) -> None:
    """Flask-Limiter checks the app-wide, default and blueprint limits before every request; this
    app has none (each seat route's decorator checks its own limits), so that check found nothing
    on every request, taps and pages alike, for about a tenth of a tap's CPU (benchmarks/README.md).
    It stays if such limits are ever configured."""
    manager = limiter.limit_manager
    checks = app.before_request_funcs[None]
    configured = (manager.application_limits, manager.default_limits, getattr(manager, "_blueprint_limits", True))
    if limiter._check_request_limit in checks and not any(configured):  # unknown to this version: kept
        checks.remove(limiter._check_request_limit)
