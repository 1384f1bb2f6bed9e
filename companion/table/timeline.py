"""The referee's view: every input, correction and refused read with time, source and result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine import apply, new_game
from companion.store import AnomalyRow, Entry

from . import history
from .history import INPUT, REASSIGN, VOID
from .setup import TableSetup
from .table import describe


@dataclass(frozen=True, slots=True)
class TimelineRow:
    seq: int | None  # None for an anomaly, which is not a journal entry
    at: str
    source: str
    kind: str  # input | void | reassign | anomaly
    round: int
    seat: int | None
    text: str
    space: int | None  # for a counted input: the seat's last space after it
    counts: bool  # False for voided entries and anomalies
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.__slots__}


def timeline(setup: TableSetup, entries: list[Entry], anomalies: list[AnomalyRow]) -> list[TimelineRow]:
    """Journal entries in order, each anomaly placed after the entry it followed."""
    cancelled = history.voided(entries)
    counted = {c.entry.seq: c for c in history.counted(entries)}
    reassigned = {e.payload["target"]: e.seq for e in entries if e.kind == REASSIGN and e.seq not in cancelled}
    names = setup.game.players
    state = new_game(setup.game)
    rows: list[TimelineRow] = []
    pending = sorted(anomalies, key=lambda a: (a.after_seq, a.id))

    def flush(up_to: int) -> None:
        while pending and pending[0].after_seq <= up_to:
            a = pending.pop(0)
            seat = anomaly_seat(a, setup)
            note = f"resolved by #{a.resolved_by}" if a.resolved_by else "unresolved"
            rows.append(TimelineRow(None, a.recorded_at, a.source, "anomaly", state.round, seat,
                                    f"refused ({a.code}): {a.reason}", None, False, note))

    flush(0)
    for entry in entries:
        round_no = state.round
        notes = []
        if entry.seq in cancelled:
            notes.append(f"voided by #{cancelled[entry.seq]}")
        if entry.kind == INPUT:
            item = counted.get(entry.seq)
            data = item.action_dict if item else entry.payload["action"]
            seat = data.get("seat")
            space = None
            if item:
                apply(state, item.action)
                space = state.seats[seat].last_space if seat is not None else None
            if entry.seq in reassigned:
                notes.append(f"reassigned by #{reassigned[entry.seq]}")
            if entry.payload.get("manual"):
                notes.append("entered by hand")
            who = names[seat] if seat is not None else "table"
            text = f"{who}: {describe({k: v for k, v in data.items() if k != 'seat'})}"
            if item and data.get("kind") == "draw" and state.seats[seat].status == "exploded" and \
                    state.seats[seat].pot and state.seats[seat].pot[-1][0] == data["chip"]:
                text += " (pot exploded)"
        else:
            seat = None if entry.kind == VOID else entry.payload["seat"]
            space, text = None, correction_text(entry.kind, entry.payload, names)
        rows.append(TimelineRow(entry.seq, entry.recorded_at, entry.source, entry.kind, round_no, seat,
                                text, space, entry.seq not in cancelled and entry.kind == INPUT and entry.seq in counted,
                                "; ".join(notes)))
        flush(entry.seq)
    flush(float("inf"))  # type: ignore[arg-type]
    return rows


def correction_text(kind: str, payload: dict[str, Any], names: Sequence[str]) -> str:
    """A void or reassign entry in words, for the timeline and the live feed."""
    if kind == VOID:
        return "void " + ", ".join(f"#{t}" for t in payload["targets"])
    return f"reassign #{payload['target']} to {names[payload['seat']]}"


def anomaly_seat(anomaly: AnomalyRow, setup: TableSetup) -> int | None:
    """The seat a refused input was for, or whose reader read it (None: no seat known)."""
    action = anomaly.payload.get("action")
    if isinstance(action, dict) and isinstance(action.get("seat"), int):
        return action["seat"]
    read = anomaly.payload.get("read")
    return setup.readers.get(read["reader"]) if isinstance(read, dict) else None
