"""The table's tag registry: stickers to physical chips, checked against the box.

Enrolment: choose a kind ("enrol green 2") and pass that kind's chips over any reader; each new
UID becomes the next chip of that kind. The mode is kept in the database, so a restart does
not silently switch it off.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from typing import IO

from companion.engine import catalog, chip
from companion.engine.model import chip_id
from companion.store import BadUid, Database, Enrolment, StoreError, TagConflict, TagRow, TagStore, normalize_uid

CSV_FIELDS = ("uid", "chip", "color", "value", "number")


@dataclass(frozen=True, slots=True)
class EnrolResult:
    row: TagRow
    new: bool  # False: this UID was already enrolled and nothing changed
    message: str


@dataclass(frozen=True, slots=True)
class KindCount:
    color: str
    value: int
    tagged: int
    box: int


class TagRegistry:
    """Tag assignments of one database, for a box of one printing (supply "A" or "B") and the
    chips of the expansions' boxes the table plays with."""

    def __init__(self, db: Database, supply: str = "A", expansions: tuple[str, ...] = ()) -> None:
        self.db = db
        self.tags = TagStore(db)
        self.supply = supply
        self.box = catalog.box(supply, tuple(sorted(expansions)))

    def chip_for(self, uid: str) -> str | None:
        row = self.tags.lookup(uid)
        return row.chip_id if row else None

    def rows(self) -> list[TagRow]:
        return self.tags.rows()

    def assign(self, uid: str, chip: str) -> TagRow:
        """Put one sticker on one named chip (by hand, or from a CSV line)."""
        color, value, number = self._parse(chip)
        return self.tags.add(uid, chip, color, value, number)

    def remove(self, uid: str) -> bool:
        return self.tags.remove(uid)

    def _parse(self, text: str) -> tuple[str, int, int]:
        try:
            c = chip(text)
        except ValueError as exc:
            raise StoreError(str(exc)) from None
        number = int(text.rsplit("-", 1)[1])
        self._check_kind(c.color, c.value, number)
        if text != chip_id(c.color, c.value, number):
            raise StoreError(f"write the chip as {chip_id(c.color, c.value, number)}, not {text}")
        return c.color, c.value, number

    def _check_kind(self, color: str, value: int, number: int = 1) -> None:
        count = self.box.get((color, value), 0)
        if not count:
            raise StoreError(f"the box (printing {self.supply}) has no {color} {value}-chips")
        if not 1 <= number <= count:
            raise TagConflict(f"the box (printing {self.supply}) has {count} {color} {value}-chips, not a number {number}")

    # enrolment -------------------------------------------------------------------------------

    def enrolment(self) -> Enrolment | None:
        return self.tags.enrolment()

    def start_enrolment(self, color: str, value: int) -> Enrolment:
        self._check_kind(color, value)
        return self.tags.start_enrolment(color, value)

    def stop_enrolment(self) -> None:
        self.tags.stop_enrolment()

    def enrol(self, uid: str) -> EnrolResult:
        """Give a UID read in enrolment mode the next chip of the kind being enrolled."""
        enrolment = self.tags.enrolment()
        if enrolment is None:
            raise StoreError("the registry is not enrolling: choose a colour and value first")
        with self.db.transaction():
            known = self.tags.lookup(uid)
            if known:
                return EnrolResult(known, False, f"tag {known.uid} is already chip {known.chip_id}; nothing changed")
            color, value = enrolment.color, enrolment.value
            number = self.tags.next_number(color, value)
            self._check_kind(color, value, number)
            row = self.tags.add(uid, chip_id(color, value, number), color, value, number)
        count = self.tags.counts().get((color, value), 0)
        return EnrolResult(row, True, f"tag {row.uid} is now {row.chip_id} ({count} of {self.box[(color, value)]})")

    def counts(self) -> list[KindCount]:
        """Tagged chips per kind against the box's counts, in the box's order (tags on chips of an
        expansion's box not in play are not counted: a kind's chips are numbered base box first)."""
        tagged = self.tags.counts()
        return [KindCount(c, v, min(tagged.get((c, v), 0), n), n) for (c, v), n in self.box.items()]

    # CSV -------------------------------------------------------------------------------------

    def export_csv(self, out: IO[str]) -> int:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_FIELDS)
        rows = self.tags.rows()
        for r in rows:
            writer.writerow((r.uid, r.chip_id, r.color, r.value, r.number))
        return len(rows)

    def import_csv(self, src: IO[str]) -> int:
        """Add every assignment of a CSV (columns uid and chip; others are for people); all or none.

        Rows the registry already holds are accepted; any conflict names its line.
        """
        reader = csv.DictReader(src)
        try:
            fields = reader.fieldnames
        except csv.Error as exc:
            raise StoreError(f"line 1: not CSV ({exc})") from None
        if not fields or not {"uid", "chip"} <= {f.strip() for f in fields if f}:
            raise StoreError("the CSV needs a header line with the columns uid and chip")
        count = 0
        with self.db.transaction():
            while True:
                try:
                    row = next(reader)
                except StopIteration:
                    return count
                except csv.Error as exc:
                    raise StoreError(f"line {reader.line_num + 1}: not CSV ({exc})") from None
                line = reader.line_num
                row = {k.strip(): (v or "").strip() if isinstance(v, str) else "" for k, v in row.items() if k}
                try:
                    normalize_uid(row["uid"])
                    self.assign(row["uid"], row["chip"])
                except (StoreError, BadUid) as exc:
                    raise type(exc)(f"line {line}: {exc}") from None
                count += 1
