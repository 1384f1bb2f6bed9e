"""The tag registry as rows: which sticker UID sits on which physical chip, and enrolment mode.

The store does not know what a valid chip is; the table layer names chips and checks them
against the box. What the store guarantees is that one UID names one chip and one chip has
one UID, whatever order assignments arrive in.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from .database import Database, now
from .errors import BadUid, TagConflict

MAX_UID_BYTES = 10
_SEPARATORS = re.compile(r"[\s:\-]")
_HEX = re.compile(r"[0-9A-F]+")


def normalize_uid(text: str) -> str:
    """Canonical UID text: upper-case hex without separators ("04:a2:..." -> "04A2...")."""
    uid = _SEPARATORS.sub("", str(text)).upper()
    if uid.startswith("0X"):
        uid = uid[2:]
    if not uid or not _HEX.fullmatch(uid) or len(uid) % 2:
        raise BadUid(f"{text!r} is not a tag UID (expected hex bytes, e.g. 04A2243B5C6E80)")
    if len(uid) // 2 > MAX_UID_BYTES:
        raise BadUid(f"{text!r} is {len(uid) // 2} bytes long; a tag UID has at most {MAX_UID_BYTES}")
    return uid


@dataclass(frozen=True, slots=True)
class TagRow:
    uid: str
    chip_id: str
    color: str
    value: int
    number: int
    enrolled_at: str


@dataclass(frozen=True, slots=True)
class Enrolment:
    color: str
    value: int
    started_at: str


_TAG_COLUMNS = "uid, chip_id, color, value, number, enrolled_at"


class TagStore:
    """Row operations on the `tags` and `enrolment` tables."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def lookup(self, uid: str) -> TagRow | None:
        with self.db.reading() as conn:
            row = conn.execute(f"SELECT {_TAG_COLUMNS} FROM tags WHERE uid = ?", (normalize_uid(uid),)).fetchone()
        return TagRow(*row) if row else None

    def rows(self) -> list[TagRow]:
        with self.db.reading() as conn:
            rows = conn.execute(f"SELECT {_TAG_COLUMNS} FROM tags ORDER BY color, value, number").fetchall()
        return [TagRow(*r) for r in rows]

    def add(self, uid: str, chip_id: str, color: str, value: int, number: int) -> TagRow:
        """Assign a UID to a chip, refusing if either already has another partner."""
        return self.add_many([(uid, chip_id, color, value, number)])[0]

    def add_many(self, rows: Iterable[tuple[str, str, str, int, int]]) -> list[TagRow]:
        """Assign several tags in one transaction: all of them, or none and a TagConflict.

        A row identical to one already stored is accepted as it is (re-importing a file is safe).
        """
        added: list[TagRow] = []
        with self.db.transaction() as conn:
            for uid, chip_id, color, value, number in rows:
                row = TagRow(normalize_uid(uid), chip_id, color, int(value), int(number), now())
                self._check_free(conn, row)
                conn.execute(
                    "INSERT OR IGNORE INTO tags (uid, chip_id, color, value, number, enrolled_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (row.uid, row.chip_id, row.color, row.value, row.number, row.enrolled_at),
                )
                added.append(row)
        return added

    @staticmethod
    def _check_free(conn: sqlite3.Connection, row: TagRow) -> None:
        by_uid = conn.execute("SELECT chip_id FROM tags WHERE uid = ?", (row.uid,)).fetchone()
        if by_uid and by_uid[0] != row.chip_id:
            raise TagConflict(f"tag {row.uid} is already on chip {by_uid[0]}; it cannot also be {row.chip_id}")
        by_chip = conn.execute(
            "SELECT uid FROM tags WHERE chip_id = ? OR (color = ? AND value = ? AND number = ?)",
            (row.chip_id, row.color, row.value, row.number),
        ).fetchone()
        if by_chip and by_chip[0] != row.uid:
            raise TagConflict(f"chip {row.chip_id} already has tag {by_chip[0]}; it cannot also have {row.uid}")

    def remove(self, uid: str) -> bool:
        with self.db.transaction() as conn:
            return conn.execute("DELETE FROM tags WHERE uid = ?", (normalize_uid(uid),)).rowcount > 0

    def next_number(self, color: str, value: int) -> int:
        """The lowest chip number of this kind that has no tag yet (numbers start at 1)."""
        with self.db.reading() as conn:
            taken = {
                n for (n,) in conn.execute(
                    "SELECT number FROM tags WHERE color = ? AND value = ?", (color, value)
                )
            }
        number = 1
        while number in taken:
            number += 1
        return number

    def counts(self) -> dict[tuple[str, int], int]:
        """How many chips of each (colour, value) carry a tag."""
        with self.db.reading() as conn:
            rows = conn.execute("SELECT color, value, COUNT(*) FROM tags GROUP BY color, value").fetchall()
        return {(c, v): n for c, v, n in rows}

    # enrolment -------------------------------------------------------------------------------

    def enrolment(self) -> Enrolment | None:
        """The kind being enrolled, kept on disk so a restart stays in enrolment mode."""
        with self.db.reading() as conn:
            row = conn.execute("SELECT color, value, started_at FROM enrolment").fetchone()
        return Enrolment(*row) if row else None

    def start_enrolment(self, color: str, value: int) -> Enrolment:
        enrolment = Enrolment(color, int(value), now())
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO enrolment (only_row, color, value, started_at) VALUES (1, ?, ?, ?)",
                (enrolment.color, enrolment.value, enrolment.started_at),
            )
        return enrolment

    def stop_enrolment(self) -> None:
        with self.db.transaction() as conn:
            conn.execute("DELETE FROM enrolment")
