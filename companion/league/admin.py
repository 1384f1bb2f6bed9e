"""The league's admin pages, behind their own password: tables and their keys, players (new ones
with a printed card, merges), seasons, tournaments, refused pushes and the audit trail.

Every change is recorded in the audit trail with the admin's address, in the change's own
transaction. Forms carry a token kept in the session (and the session cookie is SameSite=Strict),
so another site cannot post them; wrong passwords are rate-limited per address.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Callable
from datetime import date
from functools import wraps
from typing import Any

import segno
from flask import Blueprint, Flask, abort, current_app, redirect, request, session
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from companion.codes import shown
from companion.engine.text import N_

from . import audit, players, settings, standings, tables, tournaments
from .app import league_page
from .tournaments import TournamentError

bp = Blueprint("league_admin", __name__, url_prefix="/admin")

ACTIONS = {
    "add_table": N_("Table {name} added"),
    "new_key": N_("A new key for table {table}"),
    "revoke_keys": N_("Keys of table {table} revoked: {keys}"),
    "new_player": N_("Player {name} added"),
    "rename_player": N_("Player {old} renamed {new}"),
    "merge_players": N_("{merged_name} merged into {into_name}: {n} game seats moved"),
    "new_season": N_("Season {name} added"),
    "new_tournament": N_("Tournament {name} created, {rounds} rounds"),
    "seat_round": N_("Round {round} of tournament {tournament} seated"),
}
"""The audit trail's sentence for each action, filled in from what the action recorded."""
limiter = Limiter(key_func=get_remote_address, storage_uri="memory://", strategy="moving-window")
LOGIN_LIMIT = "10 per minute"


def init_limits(app: Flask) -> None:
    limiter.init_app(app)


def _db():
    return current_app.extensions["league.db"]


def _actor() -> str:
    return f"admin@{request.remote_addr}"


def _token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return str(session["csrf"])


def admin_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """Signed-in admins only; a form must carry the session's token."""
    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any):
        if not session.get("admin"):
            return redirect("/admin/login")
        if request.method == "POST" and not secrets.compare_digest(request.form.get("csrf", ""), _token()):
            abort(403)
        return view(*args, **kwargs)
    return wrapper


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(LOGIN_LIMIT, methods=["POST"])
def login():
    wrong = False
    if request.method == "POST":
        with _db().connection() as conn:
            if settings.password_ok(conn, request.form.get("password", "")):
                session.clear()
                session["admin"] = True
                return redirect("/admin")
        wrong = True
    return league_page("league/login.html", wrong=wrong), 401 if wrong else 200


@bp.post("/logout")
@admin_only
def logout():
    session.clear()
    return redirect("/")


def dashboard(**shown_once: Any):
    """The admin page (with a key or a message shown once, after the action that made it)."""
    with _db().connection() as conn:
        context = {"tables": tables.tables(conn), "players": players.players(conn),
                   "seasons": standings.seasons(conn), "tournaments": tournaments.tournaments(conn),
                   "refused": _refused(conn), "trail": audit.trail(conn, 50)}
    return league_page("league/admin.html", csrf=_token(), shown=shown, said=said, **context, **shown_once)


def said(row: audit.AuditRow) -> str:
    """An audit row as a sentence in the page's language."""
    params = defaultdict(str, {**row.detail, "n": len(row.detail.get("seats", []))})
    return _(ACTIONS.get(row.action, row.action)).format_map(params)


def _refused(conn: Any) -> list[tuple[Any, ...]]:
    return conn.execute("SELECT t.name, r.game_key, r.journal_seq, r.received_at, r.line, r.reason FROM refused r"
                        " JOIN tables t ON t.id = r.table_id ORDER BY r.id DESC LIMIT 50").fetchall()


@bp.get("")
@admin_only
def admin_page():
    return dashboard()


def _acted(action: Callable[[Any], dict[str, Any] | None]):
    """Run an admin action in one transaction; a refusal is shown on the page, nothing changed."""
    try:
        with _db().connection() as conn:
            shown_once = action(conn) or {}
    except (ValueError, LookupError) as err:
        return dashboard(problem=str(err)), 400
    return dashboard(**shown_once)


@bp.post("/tables")
@admin_only
def add_table():
    name = request.form.get("name", "")
    return _acted(lambda conn: {"new_key": (name, tables.add_table(conn, name, _actor())[1])})


@bp.post("/tables/<int:table_id>/key")
@admin_only
def new_key(table_id: int):
    return _acted(lambda conn: {"new_key": (_table_name(conn, table_id), tables.new_key(conn, table_id, _actor()))})


def _table_name(conn: Any, table_id: int) -> str:
    row = conn.execute("SELECT name FROM tables WHERE id = %s", (table_id,)).fetchone()
    if row is None:
        raise tables.UnknownTable(f"there is no table {table_id}")
    return str(row[0])


@bp.post("/tables/<int:table_id>/revoke")
@admin_only
def revoke(table_id: int):
    return _acted(lambda conn: {"message": _("Keys revoked: {n}").format(n=tables.revoke_keys(conn, table_id, _actor()))})


@bp.post("/players")
@admin_only
def add_player():
    name = request.form.get("name", "")
    try:
        with _db().connection() as conn:
            player_id, _code = players.new_player(conn, name, _actor())
    except ValueError as err:
        return dashboard(problem=str(err)), 400
    return redirect(f"/admin/players/{player_id}/card")


@bp.get("/players/<int:player_id>/card")
@admin_only
def card(player_id: int):
    """The card a player keeps: name, code and the code as a QR."""
    with _db().connection() as conn:
        try:
            who = players.player(conn, player_id)
        except players.UnknownPlayer:
            abort(404)
    if who.code is None:
        abort(404)
    qr = segno.make(shown(who.code), error="m").svg_inline(omitsize=True, dark="#000", light="#fff", scale=6)
    return league_page("league/card.html", player=who, code=shown(who.code), qr=qr)


@bp.post("/players/merge")
@admin_only
def merge():
    merged, into = request.form.get("merged", type=int), request.form.get("into", type=int)
    if merged is None or into is None:
        return dashboard(problem=_("Choose both players.")), 400
    return _acted(lambda conn: {"message": _("Merged: {n} game seats moved.").format(
        n=players.merge(conn, merged, into, _actor()))})


@bp.post("/players/<int:player_id>/name")
@admin_only
def rename(player_id: int):
    return _acted(lambda conn: players.rename(conn, player_id, request.form.get("name", ""), _actor()))


@bp.post("/seasons")
@admin_only
def add_season():
    try:
        starts = date.fromisoformat(request.form.get("starts_on", ""))
        ends = date.fromisoformat(request.form["ends_on"]) if request.form.get("ends_on") else None
    except ValueError:
        return dashboard(problem=_("Give the dates as YYYY-MM-DD.")), 400
    def add(conn: Any) -> None:
        standings.add_season(conn, request.form.get("name", ""), starts, ends, _actor())
    return _acted(add)


@bp.post("/tournaments")
@admin_only
def add_tournament():
    chosen = [int(p) for p in request.form.getlist("players") if p.isdigit()]
    rounds = request.form.get("rounds", type=int) or 0
    try:
        with _db().connection() as conn:
            tid = tournaments.create(conn, request.form.get("name", ""), rounds, chosen, _actor())
    except TournamentError as err:
        return dashboard(problem=str(err)), 400
    return redirect(f"/tournaments/{tid}")


@bp.post("/tournaments/<int:tid>/seat")
@admin_only
def seat_round(tid: int):
    try:
        with _db().connection() as conn:
            tournaments.seat_next_round(conn, tid, _actor())
    except TournamentError as err:
        return dashboard(problem=str(err)), 400
    return redirect(f"/tournaments/{tid}")
