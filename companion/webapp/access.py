"""Who may do what: seat tokens in the join links, the host PIN, and cross-site request checks.

A seat token is an HMAC of the game id and seat under the server's secret, so the links survive a
restart when the secret is kept (``serve`` keeps it in the data folder) and need no storage. The
host PIN guards host actions; the browser proves it holds the PIN once and then carries a flag in
the signed session cookie. Every state-changing request must be JSON, must carry the session's
CSRF token in a header (a cross-site page cannot read it nor set the header without a CORS
preflight we never answer) and, when the browser says where it comes from, come from this origin.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import math
import secrets
from collections.abc import Callable, Mapping
from functools import lru_cache, wraps
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, jsonify, request, session
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer

CSRF_HEADER = "X-CSRF-Token"


class KeptSigner(SecureCookieSessionInterface):
    """Flask's signed session cookie, its signer made once per secret: Flask makes it again for
    every request, which was about a fiftieth of a tap's request (benchmarks/README.md)."""

    def __init__(self) -> None:
        self._made: tuple[tuple[Any, ...], URLSafeTimedSerializer | None] | None = None

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        secrets_now = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        made = self._made
        if made is None or made[0] != secrets_now:
            made = self._made = (secrets_now, super().get_signing_serializer(app))
        return made[1]


class Refusal(Exception):
    """A request we turn down: an HTTP status, a stable code and a sentence for the person."""

    def __init__(self, status: int, code: str, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after


def refusal_response(err: Refusal):
    """The JSON body every refusal shares, so pages show ``message`` and tests check ``code``."""
    headers = {"Retry-After": str(err.retry_after)} if err.retry_after is not None else {}
    return jsonify({"ok": False, "error": err.code, "message": err.message}), err.status, headers


@lru_cache(maxsize=1024)  # asked for every seat at every request of a phone and every view of the host's
def seat_token(secret: str, game_id: str, seat: int, issue: int = 0) -> str:
    """The token in seat ``seat``'s join link for game ``game_id``; ``issue`` counts re-issued links."""
    message = f"{game_id}:{seat}" + (f":{issue}" if issue else "")
    mac = hmac.new(secret.encode(), message.encode(), hashlib.sha256)
    return mac.hexdigest()[:20]


def table_token(secret: str) -> str:
    """The token in the table screen's link; the same for every game, so a screen on the wall stays."""
    return hmac.new(secret.encode(), b"table screen", hashlib.sha256).hexdigest()[:20]


def seat_for_token(secret: str, game_id: str, seats: int, token: str,
                   issues: Mapping[int, int] | None = None) -> int | None:
    """The seat a token opens, or None; compares bytes in constant time (any text is just a wrong token)."""
    sent = (token or "").encode("utf-8", "replace")
    for seat in range(seats):
        issue = (issues or {}).get(seat, 0)
        if hmac.compare_digest(seat_token(secret, game_id, seat, issue).encode(), sent):
            return seat
    return None


def new_pin() -> str:
    """A six-digit PIN for the host, printed on the console when none is configured."""
    return f"{secrets.randbelow(10**6):06d}"


def csrf_token() -> str:
    """This browser session's CSRF token, created on first use."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def is_host() -> bool:
    """Whether this browser holds a host session that is still open (not logged out, and opened
    under the PIN or passphrase the table uses now)."""
    return bool(current_app.extensions["companion.game"].keys.has_session(session.get("host")))


def sees_table() -> bool:
    """The host, or a browser that opened the table screen's link: both may see the whole table,
    its past rounds and the history; a guest on the Wi-Fi with neither sees none of it."""
    return is_host() or bool(session.get("table"))


def pin_matches(pin: Any) -> bool:
    expected = current_app.config["HOST_PIN"]
    return isinstance(pin, str) and hmac.compare_digest(pin.strip().encode(), expected.encode())


def log_in_as_host(pin: Any) -> None:
    """Make this browser the host's if ``pin`` is the PIN (or the recovery passphrase); every route
    that takes a PIN comes here, so a wrong one gets the same answer everywhere and counts towards
    the same lockout, on this address and this browser. The table-wide lock holds strangers only:
    not the table's own computer, nor a browser that was the host's under this PIN, and the recovery
    passphrase (unguessable) opens the host page whatever the locks."""
    game = current_app.extensions["companion.game"]
    guard = current_app.extensions["companion.pins"]
    address = request.remote_addr or "?"
    client = _client()
    known = game.keys.host_secret(current_app.config["HOST_PIN"])
    if not game.keys.recovers(pin):
        stranger = not (is_loopback(address) or hmac.compare_digest(str(session.get("known", "")), known))
        wait = math.ceil(guard.wait(address, client, stranger))
        if wait > 0:
            if stranger and guard.table_locked():
                raise Refusal(429, "pin_locked_table", f"Too many wrong PINs at this table: try again in {wait} s, "
                              "or enter the recovery passphrase printed when the table started, or use its "
                              "own computer.", retry_after=wait)
            raise Refusal(429, "pin_locked", f"Too many wrong PINs: try again in {wait} s.", retry_after=wait)
        if not pin_matches(pin):
            guard.failed(address, client)
            raise Refusal(403, "bad_pin", "That is not the host PIN.")
    guard.succeeded(address, client)
    session["host"] = game.keys.open_session()
    session["known"] = known


def _client() -> str:
    """This browser, for the lockout: a digest of its session's CSRF token ("" before it has one)."""
    token = session.get("csrf")
    return hashlib.sha256(token.encode()).hexdigest()[:16] if isinstance(token, str) else ""


def log_out_host() -> None:
    """End this browser's host session for good (its cookie opens nothing from now on)."""
    current_app.extensions["companion.game"].keys.end_session(session.pop("host", None))


def is_loopback(address: str) -> bool:
    """Whether a request from ``address`` comes from the table's own computer."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _same_origin() -> bool:
    """True unless the browser names another origin in Origin (or, failing that, Referer)."""
    claimed = request.headers.get("Origin") or request.headers.get("Referer")
    if not claimed or claimed == "null":
        return claimed is None
    parts = urlsplit(claimed)
    return parts.netloc == request.host and parts.scheme in ("http", "https")


def query_number(key: str, default: int, code: str = "bad_filter") -> int:
    """The whole number in the query's ``key`` (``default`` when absent or empty), or a 400 naming
    it: ASCII digits only (``²`` and ``٣`` are digits to Python, not to a page) and at most nine,
    so no number reaches SQLite or ``int`` that either cannot take."""
    raw = request.args.get(key, "")
    if raw == "":
        return default
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
        raise Refusal(400, code, f"{key!r} must be a whole number.")
    return int(raw)


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong with it."""
    if not request.is_json:
        raise Refusal(415, "not_json", "Send the request as JSON (Content-Type: application/json).")
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise Refusal(400, "malformed_json", "The request body is not a JSON object.")
    return body


def body_number(body: dict[str, Any], key: str) -> int:
    """A whole-number field of a JSON body (a seq, an anomaly's id), or a 400 naming it."""
    value = body.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Refusal(400, "bad_field", f"{key!r} must be a whole number.")
    return value


def body_yes_no(body: dict[str, Any], key: str) -> bool:
    """A true/false field of a JSON body, or a 400 naming it."""
    value = body.get(key)
    if not isinstance(value, bool):
        raise Refusal(400, "bad_field", f"{key!r} must be true or false.")
    return value


def guarded(view: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a state-changing view: same origin, CSRF header, and refusals as JSON."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any):
        try:
            if not _same_origin():
                raise Refusal(403, "cross_site", "This request came from another site.")
            sent = request.headers.get(CSRF_HEADER, "")
            if not sent or not hmac.compare_digest(sent, session.get("csrf", "")):
                raise Refusal(403, "csrf", "The page is out of date: reload it and try again.")
            return view(*args, **kwargs)
        except Refusal as err:
            return refusal_response(err)

    return wrapper


def table_or_host(view: Callable[..., Any]) -> Callable[..., Any]:
    """Refuse a look at the whole table to a browser with neither the table link nor the host PIN."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any):
        if not sees_table():
            raise Refusal(403, "not_table", "Open this from the table screen or the host page.")
        return view(*args, **kwargs)

    return wrapper


def host_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """Refuse a host action from a browser that has not given the PIN."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any):
        if not is_host():
            raise Refusal(403, "not_host", "Only the host can do this: enter the host PIN.")
        return view(*args, **kwargs)

    return wrapper
