"""The room screen's content: every table's live scores and the tournament round being played.

Public: names, scores, rounds and who is brewing, nothing else. The same JSON goes to the page
when it opens and down its stream at every change (`stream.py`).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import psycopg

from . import tournaments

SHOWN_FOR = timedelta(hours=6)
"""A table that pushed nothing for this long has left the room screen."""
SEATING_FOR = timedelta(hours=12)
"""A tournament round seated longer ago than this is no longer this evening's."""


def room(conn: psycopg.Connection) -> dict[str, Any]:
    """Every table heard from lately, by name, and this evening's tournament round, if any."""
    rows = conn.execute(
        "SELECT t.name, l.snapshot, l.updated_at FROM live l JOIN tables t ON t.id = l.table_id"
        " WHERE l.updated_at > now() - %s ORDER BY t.name", (SHOWN_FOR,))
    tables = [{"table": name, "round": snap.get("round"), "phase": snap.get("phase"),
               "finished": bool(snap.get("finished")), "seats": snap.get("seats", []), "at": at.isoformat()}
              for name, snap, at in rows]
    return {"tables": tables, "seating": seating(conn)}


def seating(conn: psycopg.Connection) -> dict[str, Any] | None:
    """The round of a tournament seated in the last hours: its pods in seat order with any results."""
    row = conn.execute("SELECT tournament_id FROM pods WHERE seated_at > now() - %s"
                       " ORDER BY seated_at DESC LIMIT 1", (SEATING_FOR,)).fetchone()
    if row is None:
        return None
    tournament = tournaments.load(conn, row[0])
    number = tournament.seated
    return {"tournament": tournament.name, "id": tournament.id, "round": number, "rounds": tournament.rounds,
            "pods": [{"pod": p.pod, "players": list(p.names), "scores": list(p.scores) if p.scores else None}
                     for p in tournament.round_pods(number)]}
