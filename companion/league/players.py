"""Players as one identity across tables and evenings, and merging two identities.

A seat names its player by name and, if the player has one, the code the player keeps
(`companion.codes`): the code is the identity, the name only how it is shown. A seat without a
code is a guest known by name alone (the same name, ignoring case, is the same guest). Merging
two identities (a guest who later took a code, a player who lost a card and took a new one) is an
admin's action: the games, tournaments and later pushes of the one merged go to the other, and
the audit trail keeps what was moved.
"""

from __future__ import annotations

from dataclasses import dataclass

import psycopg

from companion.codes import new_code

from . import audit


class UnknownPlayer(LookupError):
    pass


@dataclass(frozen=True, slots=True)
class PlayerRow:
    id: int
    name: str
    code: str | None  # only for the admin's pages and the player's card; never on a public page
    games: int


def guest_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _current(conn: psycopg.Connection, player_id: int) -> int:
    """The identity a (possibly merged) player now is: merges keep no chains (see `merge`)."""
    row = conn.execute("SELECT merged_into FROM players WHERE id = %s", (player_id,)).fetchone()
    if row is None:
        raise UnknownPlayer(f"there is no player {player_id}")
    return row[0] or player_id


def resolve(conn: psycopg.Connection, name: str, code: str | None) -> int:
    """The player a seat names, made on first sight (safe when many tables push at once)."""
    name = " ".join(name.split())
    if code:
        conn.execute("INSERT INTO players (name, code) VALUES (%s, %s) ON CONFLICT (code) DO NOTHING", (name, code))
        found = conn.execute("SELECT id FROM players WHERE code = %s", (code,)).fetchone()
    else:
        key = guest_key(name)
        conn.execute("INSERT INTO players (name, guest_key) VALUES (%s, %s) ON CONFLICT (guest_key) DO NOTHING",
                     (name, key))
        found = conn.execute("SELECT id FROM players WHERE guest_key = %s", (key,)).fetchone()
    return _current(conn, found[0])


def new_player(conn: psycopg.Connection, name: str, actor: str) -> tuple[int, str]:
    """Register a player before their first game: (id, the code to print on their card)."""
    name = " ".join(name.split())
    if not name:
        raise ValueError("a player needs a name")
    while True:
        code = new_code()
        row = conn.execute("INSERT INTO players (name, code) VALUES (%s, %s) ON CONFLICT (code) DO NOTHING RETURNING id",
                           (name, code)).fetchone()
        if row is not None:
            audit.record(conn, actor, "new_player", player=row[0], name=name)
            return row[0], code


def merge(conn: psycopg.Connection, merged: int, into: int, actor: str) -> int:
    """Make `merged` the same player as `into`; returns how many game seats moved."""
    if merged == into:
        raise ValueError("a player cannot be merged into themselves")
    names = {}
    for player_id in (merged, into):
        row = conn.execute("SELECT name, merged_into FROM players WHERE id = %s FOR UPDATE", (player_id,)).fetchone()
        if row is None:
            raise UnknownPlayer(f"there is no player {player_id}")
        if row[1] is not None:
            raise ValueError(f"{row[0]} was already merged into another player")
        names[player_id] = row[0]
    conn.execute("UPDATE players SET merged_into = %s WHERE id = %s OR merged_into = %s", (into, merged, merged))
    seats = conn.execute("UPDATE game_seats SET player_id = %s WHERE player_id = %s RETURNING game_id, seat",
                         (into, merged)).fetchall()
    conn.execute("INSERT INTO tournament_players (tournament_id, player_id) SELECT tournament_id, %s"
                 " FROM tournament_players WHERE player_id = %s ON CONFLICT DO NOTHING", (into, merged))
    conn.execute("DELETE FROM tournament_players WHERE player_id = %s", (merged,))
    conn.execute("UPDATE pods SET players = array_replace(players, %s, %s) WHERE %s = ANY(players)",
                 (merged, into, merged))
    audit.record(conn, actor, "merge_players", merged=merged, merged_name=names[merged], into=into,
                 into_name=names[into], seats=[list(s) for s in seats])
    return len(seats)


def rename(conn: psycopg.Connection, player_id: int, name: str, actor: str) -> None:
    name = " ".join(name.split())
    if not name:
        raise ValueError("a player needs a name")
    old = conn.execute("SELECT name FROM players WHERE id = %s", (player_id,)).fetchone()
    if old is None:
        raise UnknownPlayer(f"there is no player {player_id}")
    conn.execute("UPDATE players SET name = %s WHERE id = %s", (name, player_id))
    audit.record(conn, actor, "rename_player", player=player_id, old=old[0], new=name)


def players(conn: psycopg.Connection) -> list[PlayerRow]:
    """Every identity not merged into another, by name."""
    rows = conn.execute(
        "SELECT p.id, p.name, p.code, (SELECT count(*) FROM game_seats s WHERE s.player_id = p.id)"
        " FROM players p WHERE p.merged_into IS NULL ORDER BY lower(p.name), p.id")
    return [PlayerRow(*row) for row in rows]


def player(conn: psycopg.Connection, player_id: int) -> PlayerRow:
    """A player by id; a merged id gives the player it was merged into."""
    current = _current(conn, player_id)
    row = conn.execute("SELECT p.id, p.name, p.code, (SELECT count(*) FROM game_seats s WHERE s.player_id = p.id)"
                       " FROM players p WHERE p.id = %s", (current,)).fetchone()
    return PlayerRow(*row)
