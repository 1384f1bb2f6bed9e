"""The host's anomalies, grouped per bag (or phone) and per kind, in words, each with only the fixes
that are legal for it now.

A refused read is a chip that passed a reader and was not taken: read twice, held for its seat's
answer, poured back early, going in late after it was counted in, read while paused, at a reader
that feeds no seat. Most need nothing;
the few that do offer what the table would take (each checked by the engine before it is offered),
so no fix on the list can leave the game in a state the rules do not allow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.text import N_
from companion.store import AnomalyRow
from companion.table import returns
from companion.table.timeline import anomaly_seat
from companion.words import translations
from companion.words.events import Words
from companion.words.refusals import REFUSALS
from companion.words.render import CHIP_ID

GROUPED = 300
"""The newest anomalies grouped on the host page; older ones are in the referee timeline."""

KINDS: dict[str, str] = {
    returns.HELD: N_("read while chips were still to go back: was it drawn?"),
    returns.TWICE: N_("read twice (one pass): nothing to do"),
    returns.EARLY: N_("poured back before the round ended: counted once it ended"),
    returns.LATE: N_("went into the bag late, after it was counted in: nothing to do"),
    "not_in_bag": N_("read, but not in this bag (read again after it was drawn, or the wrong bag)"),
    "paused": N_("read while the game was paused"),
    "unknown_reader": N_("read at a reader that feeds no seat"),
    "unknown_tag": N_("a sticker that is not enrolled"),
    "wrong_phase": N_("read when no chip could be drawn"),
    "stopped": N_("read after the seat had stopped"),
    "exploded": N_("read after the pot had exploded"),
}
"""What a kind of refused read means, as the host reads it; other codes use the refusal's own words."""

WHO = {"bag": N_("{name}'s bag"), "phone": N_("{name}'s phone"), "reader": N_("a reader of no seat"),
       "host": N_("the host"), "table": N_("the table screen")}

FIXES = {"drawn": N_("{name} drew it"), "not_drawn": N_("Not a draw"), "assign": N_("Count it at {name}'s bag")}

def groups(table: Any, lang: str, chip_of: Callable[[AnomalyRow], str | None],
           page: tuple[list[AnomalyRow], int]) -> dict[str, Any]:
    """The host's list of `page` (the newest `GROUPED` anomalies, and how many there are): groups
    (who, kind, count, chips), newest first, with the rows that still need an answer and their
    legal fixes; `open` counts those rows."""
    words, gettext = Words(lang), translations(lang).gettext
    rows, total = page
    names = table.config.players
    since = table.round_began() if rows else 0  # a scan of the game's inputs: most pages have no rows
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        who, seat = _who(row, table)
        key = (f"{who}:{seat}", row.code)
        group = found.get(key)
        if group is None:
            what = KINDS.get(row.code) or REFUSALS.get(row.code) or row.code
            group = found[key] = {"who": gettext(WHO[who]).format(name=names[seat] if seat is not None else ""),
                                  "seat": seat, "code": row.code, "what": gettext(what), "count": 0, "chips": [],
                                  "open": [], "latest": row.recorded_at}
        group["count"] += 1
        chip = chip_of(row)
        label = words.kind(chip.rsplit("-", 1)[0]) if chip and CHIP_ID.fullmatch(chip) else None
        if label and label not in group["chips"]:
            group["chips"].append(label)
        fixes = _fixes(table, row, seat, gettext) if row.after_seq >= since else []
        if fixes:
            group["open"].append({"id": row.id, "chip": label, "at": row.recorded_at, "fixes": fixes})
    listed = sorted(found.values(), key=lambda g: g["latest"], reverse=True)
    listed.sort(key=lambda g: not g["open"])  # the ones waiting for an answer first
    return {"groups": listed, "open": sum(len(g["open"]) for g in listed), "total": total}


def _who(row: AnomalyRow, table: Any) -> tuple[str, int | None]:
    seat = anomaly_seat(row, table.setup)
    if isinstance(row.payload.get("read"), dict):
        return ("bag", seat) if seat is not None else ("reader", None)
    if row.source == "host":
        return "host", None
    if row.source == "table":
        return "table", None
    return ("phone", seat) if seat is not None else ("host", None)


def _fixes(table: Any, row: AnomalyRow, seat: int | None, gettext: Callable[[str], str]) -> list[dict[str, Any]]:
    """The answers the table would take for this row now, each checked before it is offered (a
    read from an earlier round is never a draw now: only this round's rows are checked)."""
    if row.settled or not isinstance(row.payload.get("read"), dict):
        return []
    names = table.config.players
    if row.code == returns.HELD:
        if not any(a.id == row.id for a in table.held(seat)):
            return []
        fixes = [{"fix": "drawn", "label": gettext(FIXES["drawn"]).format(name=names[seat])}] \
            if table.drawable(row) else []
        return [*fixes, {"fix": "not_drawn", "label": gettext(FIXES["not_drawn"])}]
    if row.code not in ("paused", "unknown_reader", "not_in_bag"):
        return []
    seats = range(len(names)) if row.code == "unknown_reader" else [seat] if row.code == "paused" else \
        [n for n in range(len(names)) if n != seat]
    return [{"fix": "assign", "seat": n, "label": gettext(FIXES["assign"]).format(name=names[n])}
            for n in seats if n is not None and table.assignable(row, n)]
