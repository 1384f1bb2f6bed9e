"""History across game nights: past games by date, each player's record, charts and CSV files."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from itertools import count

from flask import Blueprint, Response, current_app
from flask_babel import gettext as _

from companion.table.nights import GameSummary, PlayerRecord, records, same_player, summarise

from . import charts
from .access import table_or_host
from .pages import page, table_or_host_page

bp = Blueprint("nights", __name__)

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting with one of these is a formula to a spreadsheet: names are quoted instead."""


def _games() -> list[GameSummary]:
    return summarise(current_app.extensions["companion.game"].table.db)


def local_time(iso: str, form: str = "%Y-%m-%d %H:%M") -> str:
    """A stored UTC time on the table's own clock (to the minute unless ``form`` says otherwise)."""
    return datetime.fromisoformat(iso).astimezone().strftime(form)


@bp.get("/history")
@table_or_host_page
def history_page():
    games = _games()
    players = records(games)
    wins, average, scores = _("Wins"), _("Average score"), _("Score in each game")
    drawn = [(wins, charts.bars(wins, [(p.name, p.wins) for p in players])),
             (average, charts.bars(average, [(p.name, p.average) for p in players], decimals=1, alt=True)),
             (scores, charts.lines(scores, [(p.name, p.scores) for p in players],
                                   marks_of(games, [p.name for p in players])))]
    return page("history.html", games=games, players=players, charts=drawn, when=local_time)


def last_seat(games: list[GameSummary], name: str) -> tuple[str, int, int]:
    """When a player last played (time and game) and at which seat: their colour and symbol on
    tonight's screens."""
    played = [(g.created_at, g.id, seat) for g in games for seat, other in enumerate(g.players)
              if same_player(other) == same_player(name)]
    return max(played) if played else ("", 0, 0)


def marks_of(games: list[GameSummary], names: list[str]) -> list[int]:
    """The seat whose colour and symbol each player's line takes: their last seat, the latest
    players first, so tonight's players keep their table's marks; a player whose seat was taken
    since takes the first marks nobody has."""
    latest = sorted(range(len(names)), key=lambda k: last_seat(games, names[k]), reverse=True)
    chosen: dict[int, int] = {}
    for k in latest:
        seat = last_seat(games, names[k])[2]
        chosen[k] = seat if seat not in chosen.values() else next(s for s in count() if s not in chosen.values())
    return [chosen[k] for k in range(len(names))]


def _cell(value: object) -> str:
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _csv(rows: list[list[object]], filename: str) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"})


@bp.get("/history/games.csv")
@table_or_host
def games_csv():
    """One line per player per game: the game, its date and status, the player, score and result."""
    rows: list[list[object]] = [["game", "name", "started", "status", "round", "seat", "player", "score",
                                 "winner", "explosions", "bought"]]
    for g in _games():
        for seat, name in enumerate(g.players):
            rows.append([g.id, g.name, local_time(g.created_at), g.status, g.round, seat + 1, name, g.scores[seat],
                         "yes" if seat in g.winners else "no", g.explosions[seat],
                         " ".join(f"{kind}x{n}" for kind, n in sorted(g.bought[seat].items()))])
    return _csv(rows, "quacks-games.csv")


@bp.get("/history/players.csv")
@table_or_host
def players_csv():
    """Each player's record over the finished games."""
    rows: list[list[object]] = [["player", "games", "wins", "average", "best", "explosions", "most_bought"]]
    for p in records(_games()):
        rows.append([p.name, p.games, p.wins, f"{p.average:.1f}", p.best, p.explosions, _most_bought(p)])
    return _csv(rows, "quacks-players.csv")


def _most_bought(record: PlayerRecord) -> str:
    return " ".join(f"{kind}x{n}" for kind, n in record.most_bought())
