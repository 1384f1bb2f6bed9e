"""The referee's view: every input, correction and refused read with time, source and result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.engine import GameState, apply, catalog, new_game
from companion.engine.phases import stir
from companion.engine.text import N_
from companion.store import AnomalyRow, Entry
from companion.words import action_text, chips_named, translations
from companion.words.catalogs import SOURCE
from companion.words.refusals import REFUSALS

from . import history, returns
from .history import INPUT, REASSIGN, VOID
from .setup import TableSetup


@dataclass(frozen=True, slots=True)
class TimelineRow:
    seq: int | None  # None for an anomaly, which is not a journal entry
    at: str
    source: str
    kind: str  # input | void | reassign | anomaly | late (a chip counted in unread, read going in: not refused)
    round: int
    seat: int | None
    text: str
    space: int | None  # for a counted input: the seat's last space after it
    counts: bool  # False for voided entries and anomalies
    note: str = ""
    what: str = ""  # an input's kind ("draw", "fortune", ...): the card of a round can be corrected
    by: str = ""  # who sent it, in words: "Ann's bag", "phone", "host"
    card: str | None = None  # the card a "fortune" input turned up: where its correction starts

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.__slots__}


def timeline(setup: TableSetup, entries: list[Entry], anomalies: list[AnomalyRow],
             lang: str = "en") -> list[TimelineRow]:
    """Journal entries in order, each anomaly placed after the entry it followed (in words of ``lang``)."""
    words = translations(lang)
    cancelled = history.voided(entries)
    counted = {c.entry.seq: c for c in history.counted(entries)}
    reassigned = {e.payload["target"]: e.seq for e in entries if e.kind == REASSIGN and e.seq not in cancelled}
    names = setup.game.players
    state = new_game(setup.game)
    rows: list[TimelineRow] = []
    pending = sorted(anomalies, key=lambda a: (a.after_seq, a.id))
    noted: set[tuple[int, int]] = set()

    def flush(up_to: int) -> None:
        while pending and pending[0].after_seq <= up_to:
            a = pending.pop(0)
            seat = anomaly_seat(a, setup)
            note = settled_text(a, lang)
            rows.append(TimelineRow(None, a.recorded_at, a.source, "late" if a.code == returns.LATE else "anomaly",
                                    state.round, seat,
                                    _refused(a, lang),
                                    None, False, note))

    flush(0)
    for entry in entries:
        round_no = state.round
        notes = []
        if entry.seq in cancelled:
            notes.append(words.gettext("voided by #{seq}").format(seq=cancelled[entry.seq]))
        if entry.kind == INPUT:
            item = counted.get(entry.seq)
            data = item.action_dict if item else entry.payload["action"]
            seat = data.get("seat")
            space = None
            text = action_text(data, names, lang, state if item else None)
            if item:
                apply(state, item.action)
                space = state.seats[seat].last_space if seat is not None else None
                ahead = drawn_ahead(state, round_no, seat, noted)
                if ahead:
                    notes.append(words.gettext("drawn ahead of \"Stir!\" for chip {n}").format(n=ahead))
            if entry.seq in reassigned:
                notes.append(words.gettext("reassigned by #{seq}").format(seq=reassigned[entry.seq]))
            if entry.payload.get("manual"):
                notes.append(words.gettext("entered by hand"))
            if item and data.get("kind") == "draw" and state.seats[seat].status == "exploded" and \
                    data["chip"] in ([c for c, _ in state.seats[seat].pot[-1:]] + state.seats[seat].bowl[-1:]):
                text += words.gettext(" (pot exploded)")
        else:
            seat = None if entry.kind == VOID else entry.payload.get("seat")
            space, text = None, correction_text(entry.kind, entry.payload, names, lang)
        rows.append(TimelineRow(entry.seq, entry.recorded_at, entry.source, entry.kind, round_no, seat,
                                text, space, entry.seq not in cancelled and entry.kind == INPUT and entry.seq in counted,
                                "; ".join(notes), data.get("kind", "") if entry.kind == INPUT else "",
                                card=data.get("card") if entry.kind == INPUT else None))
        flush(entry.seq)
    flush(float("inf"))  # type: ignore[arg-type]
    return [replace(r, by=sender(r.source, setup, lang)) for r in rows]


SENDERS = {"web": N_("phone"), "host": N_("host"), "table": N_("table screen")}


def sender(source: str, setup: TableSetup, lang: str = "en") -> str:
    """Who sent an input or a refused read, as the host says it: "Ann's bag" for its reader."""
    words = translations(lang)
    if source.startswith("reader:"):
        seat = setup.readers.get(source[len("reader:"):])
        return words.gettext("{name}'s bag").format(name=setup.game.players[seat]) if seat is not None \
            else words.gettext("a reader of no seat")
    return words.gettext(SENDERS[source]) if source in SENDERS else source


def drawn_ahead(state: GameState, round_no: int, seat: int | None, noted: set[tuple[int, int]]) -> int | None:
    """The last round's stirs (rulebook): the stir's chip when `seat`'s input has just taken out a
    chip ahead of it, once per stir and seat (`noted`); a referee's note, the chip is out of the bag."""
    if seat is None or round_no != catalog.ROUNDS or state.round != round_no:
        return None
    now = stir.status(state)
    if now is None or all(a["seat"] != seat for a in now["ahead"]) or (now["chip"], seat) in noted:
        return None
    noted.add((now["chip"], seat))
    return int(now["chip"])


def _refused(anomaly: AnomalyRow, lang: str) -> str:
    """A refused input's line: the rule's own reason in English, the code's text in another language
    (a chip counted in unread and read going in late was not refused: it changed nothing)."""
    words = translations(lang)
    if anomaly.code == returns.LATE:
        return late_pass_text(anomaly, lang)
    if lang != SOURCE and anomaly.code in REFUSALS:
        return words.gettext("refused: {reason}").format(reason=words.gettext(REFUSALS[anomaly.code]))
    return words.gettext("refused ({code}): {reason}").format(code=anomaly.code, reason=chips_named(anomaly.reason, lang))


def settled_text(anomaly: AnomalyRow, lang: str = "en") -> str:
    """What became of a refused read or input: the entry that settled it, the answer that closed it
    without one (a held read not drawn, or one its round left moot), or nothing yet."""
    words = translations(lang)
    if anomaly.code == returns.TWICE:
        return ""  # its line says it was the same pass: there was never anything to settle
    if anomaly.resolved_by is not None:
        return words.gettext("resolved by #{seq}").format(seq=anomaly.resolved_by)
    answer = anomaly.answered
    if answer is None:
        return words.gettext("unresolved")
    if isinstance(answer.get("moot"), str):
        return words.gettext("closed: {why}").format(why=words.gettext(answer["moot"]))
    return words.gettext("answered: not drawn")


def late_pass_text(anomaly: AnomalyRow, lang: str = "en") -> str:
    """A chip counted in unread read going in late (`returns.LATE`), in words of ``lang``."""
    return translations(lang).gettext(
        "{chip} passed the reader late, going into the bag: it was counted in unread by #{seq}, so nothing changes"
    ).format(chip=chips_named(anomaly.payload["chip"], lang), seq=anomaly.resolved_by)


def correction_text(kind: str, payload: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """A void or reassign entry in words, for the timeline and the live feed."""
    words = translations(lang)
    if kind == VOID:
        return words.gettext("void {entries}").format(entries=", ".join(f"#{t}" for t in payload["targets"]))
    if "seat" not in payload:  # the card of a round, corrected
        return words.gettext("#{seq}: {action}").format(seq=payload["target"],
                                                         action=action_text(payload["action"], names, lang))
    return words.gettext("reassign #{seq} to {name}").format(seq=payload["target"], name=names[payload["seat"]])


def anomaly_seat(anomaly: AnomalyRow, setup: TableSetup) -> int | None:
    """The seat a refused input was for, or whose reader read it (None: no seat known)."""
    action = anomaly.payload.get("action")
    if isinstance(action, dict) and isinstance(action.get("seat"), int):
        return action["seat"]
    read = anomaly.payload.get("read")
    return setup.readers.get(read["reader"]) if isinstance(read, dict) else None
