"""The league's public pages: standings and ratings, a player's statistics, tournaments, the room screen.

Public pages show names and results only: never a player's code, a table's key or a transcript.
"""

from __future__ import annotations

from datetime import date

from flask import Blueprint, abort, current_app, jsonify, redirect, request
from flask_babel import gettext as _

from companion.webapp import charts, i18n
from companion.words import PHASES

from . import ratings, room, standings, tournaments
from .app import league_page
from .players import UnknownPlayer
from .tournaments import TournamentError

bp = Blueprint("league", __name__)


def _db():
    return current_app.extensions["league.db"]


@bp.get("/")
def standings_page():
    wanted = request.args.get("season", type=int)
    with _db().connection() as conn:
        every = standings.seasons(conn)
        season = standings.season_for(every, wanted, date.today())
        lines = standings.tally_lines(conn, standings.season_games(conn, season))
        rated = ratings.ratings(conn)
        recent = standings.recent_games(conn, 12)
        events = tournaments.tournaments(conn)
    points, average = _("Points"), _("Average score")
    drawn = [(points, charts.bars(points, [(line.name, line.points) for line in lines[:12]])),
             (average, charts.bars(average, [(line.name, line.mean) for line in lines[:12]], decimals=1, alt=True))]
    return league_page("league/standings.html", seasons=every, season=season, lines=lines, ratings=rated,
                       recent=recent, tournaments=events, charts=drawn)


@bp.get("/players/<int:player_id>")
def player_page(player_id: int):
    with _db().connection() as conn:
        try:
            stats = standings.player_stats(conn, player_id)
        except UnknownPlayer:
            abort(404)
        rating = ratings.ratings(conn).get(stats.player.id)
    if stats.player.id != player_id:
        return redirect(f"/players/{stats.player.id}")
    scores, places = _("Score in each game"), _("Places")
    oldest_first = [g.seats[g.seat][1] for g in reversed(stats.games)]
    drawn = [(scores, charts.lines(scores, [(stats.player.name, oldest_first)])),
             (places, charts.bars(places, [(_("Place {n}").format(n=k), stats.places[k]) for k in sorted(stats.places)]))]
    return league_page("league/player.html", stats=stats, rating=rating, charts=drawn)


@bp.get("/tournaments/<int:tid>")
def tournament_page(tid: int):
    with _db().connection() as conn:
        try:
            tournament = tournaments.load(conn, tid)
        except TournamentError:
            abort(404)
        lines = tournaments.standings(conn, tournament)
    return league_page("league/tournament.html", tournament=tournament, lines=lines)


@bp.get("/tournaments/<int:tid>/round/<int:number>/print")
def seating_print(tid: int, number: int):
    """The round's seating on one A4 page: by pod, and every player's pod by name."""
    with _db().connection() as conn:
        try:
            tournament = tournaments.load(conn, tid)
        except TournamentError:
            abort(404)
    pods = tournament.round_pods(number)
    if not pods:
        abort(404)
    by_name = sorted(((name, p.pod, k + 1) for p in pods for k, name in enumerate(p.names)), key=lambda t: t[0].casefold())
    return league_page("league/seating_print.html", tournament=tournament, number=number, pods=pods, by_name=by_name)


@bp.get("/room")
def room_page():
    with _db().connection() as conn:
        content = room.room(conn)
    return league_page("league/room.html", room=content, phases={k: _(v) for k, v in PHASES.items()})


@bp.get("/room.json")
def room_json():
    with _db().connection() as conn:
        return jsonify(room.room(conn))


@bp.get("/lang/<code>")
def set_language(code: str):
    return i18n.switch_language(code)
