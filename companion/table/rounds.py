"""One seat's round, input by input, for a dispute: the pot before and after each input and why.

Built from the journal and the engine alone: the counted inputs are applied one by one, as the
table does, and each step keeps the seat as the engine shows it (``state_to_dict``) before and
after, the engine's own events in its own words, the read that caused it (time, reader, tag)
and every correction that touched it. Voided inputs, reads moved to another seat and refused
reads are listed where they happened but change nothing, exactly as in the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine import apply, catalog, new_game, state_to_dict
from companion.engine.catalog import printed
from companion.store import AnomalyRow, Entry
from companion.words import describe

from . import history, returns
from .history import INPUT, REASSIGN, VOID
from .setup import TableSetup
from .timeline import anomaly_seat, correction_text, late_pass_text, settled_text

TRANSCRIPT_FIRST_INPUT = 2
"""A transcript's line 1 is the setup; counted input k (from 0) is on line k + 2."""


class NoSuchRound(LookupError):
    """A round the game has not reached, or a seat that is not at this table."""


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the replay; ``after`` is None when the line changed nothing in this round's pot
    (a voided or refused read, or the input that ended the round)."""

    seq: int | None  # None for a refused read (an anomaly, not a journal entry)
    at: str
    source: str
    kind: str  # input | voided | moved | refused | late (a chip counted in unread, read going in)
    action: dict[str, Any]
    lines: list[str]
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    placed: dict[str, Any] | None = None
    read: dict[str, Any] | None = None
    manual: bool = False
    line: int | None = None  # the input's line in the exported transcript
    corrections: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.__slots__}


@dataclass(frozen=True, slots=True)
class RoundReplay:
    round: int
    seat: int
    players: tuple[str, ...]
    rounds: int  # rounds reached so far: the ones that can be replayed
    start: dict[str, Any]  # the seat when the round began
    end: dict[str, Any]  # the seat after the round's last input (now, for the running round)
    steps: list[Step]

    def to_dict(self) -> dict[str, Any]:
        out = {f: getattr(self, f) for f in self.__slots__}
        out["steps"] = [s.to_dict() for s in self.steps]
        return out


def space_label(index: int) -> dict[str, Any]:
    """A pot space as printed: its coins are the number on it (index 53 is the spoon, 35)."""
    space = catalog.POT_TRACK[index]
    return {"space": index, "printed": printed(index), "coins": space.coins, "vp": space.vp, "ruby": space.ruby}


def round_replay(setup: TableSetup, entries: Sequence[Entry], anomalies: Sequence[AnomalyRow],
                 round_no: int, seat: int, lang: str = "en") -> RoundReplay:
    """Seat ``seat``'s round ``round_no``: every input that moved its pot, and what did not count
    (the engine's events in words of ``lang``)."""
    names = setup.game.players
    if not 0 <= seat < len(names):
        raise NoSuchRound(f"there is no seat {seat + 1} at this table")
    inputs = history.counted(entries)
    line_of = {c.entry.seq: k + TRANSCRIPT_FIRST_INPUT for k, c in enumerate(inputs)}
    counted = {c.entry.seq: c for c in inputs}
    corrections = _corrections(entries, names, lang)
    state = new_game(setup.game)
    start: dict[str, Any] | None = None
    end: dict[str, Any] | None = None
    steps: list[Step] = []
    round_after: dict[int, int] = {0: state.round}
    for entry in entries:
        if entry.kind != INPUT:
            round_after[entry.seq] = state.round
            continue
        current = state.round
        original = entry.payload["action"]
        item = counted.get(entry.seq)
        if item is None:  # voided: listed in its round, changes nothing
            if current == round_no and original.get("seat") in (seat, None):
                steps.append(_quiet(entry, "voided", original, corrections(entry.seq)))
            round_after[entry.seq] = state.round
            continue
        before = state_to_dict(state)["seats"][seat] if current == round_no else None
        events = apply(state, item.action)
        round_after[entry.seq] = state.round
        if current != round_no:
            continue
        if start is None:
            start = before
        mine = [e for e in events if e.get("seat") == seat]
        acting = item.action_dict.get("seat")
        if original.get("seat") == seat and acting != seat:
            steps.append(_quiet(entry, "moved", original, corrections(entry.seq)))
        if acting != seat and not mine and acting is not None:
            continue
        # The input that ends the round empties the pots for the next one: the pot stays as it was.
        after = state_to_dict(state)["seats"][seat] if state.round == round_no else None
        end = after or end
        steps.append(_input_step(entry, item.action_dict, [e for e in events if e.get("seat") in (seat, None)],
                                 (before, after), names, lang, line_of[entry.seq], corrections(entry.seq)))
    if round_no < 1 or round_no > state.round:
        raise NoSuchRound(f"round {round_no} has not been played (this game is in round {state.round})")
    now = state_to_dict(state)["seats"][seat]
    for anomaly in anomalies:
        if round_after.get(anomaly.after_seq) == round_no and anomaly_seat(anomaly, setup) == seat:
            _insert(steps, _refused(anomaly, seat, lang), anomaly.after_seq)
    return RoundReplay(round_no, seat, names, state.round, start or now, end or start or now, steps)


def _corrections(entries: Sequence[Entry], names: tuple[str, ...], lang: str) -> Callable[[int], list[dict[str, Any]]]:
    """The voids and reassignments of each input, by its journal number, in words of `lang`."""
    cancelled = history.voided(entries)
    fixes: dict[int, list[Entry]] = {}
    for entry in entries:
        if entry.kind == VOID:
            for target in entry.payload["targets"]:
                fixes.setdefault(target, []).append(entry)
        elif entry.kind == REASSIGN:
            fixes.setdefault(entry.payload["target"], []).append(entry)

    def corrections(seq: int) -> list[dict[str, Any]]:
        return [{"seq": e.seq, "at": e.recorded_at, "source": e.source, "kind": e.kind,
                 "text": correction_text(e.kind, e.payload, names, lang), "counts": e.seq not in cancelled}
                for e in fixes.get(seq, [])]
    return corrections


def _input_step(entry: Entry, action: dict[str, Any], events: list[dict[str, Any]],
                pots: tuple[dict[str, Any] | None, dict[str, Any] | None], names: tuple[str, ...], lang: str,
                line: int, fixes: list[dict[str, Any]]) -> Step:
    """An input that counted, with the seat's (and the table's) events but the chip placed, which
    the step shows with its space."""
    placed = next((e for e in events if e["event"] == "placed"), None)
    return Step(
        entry.seq, entry.recorded_at, entry.source, "input", action,
        [describe({**e, "seat": None}, names, lang) for e in events if e["event"] != "placed"],
        *pots,
        {"chip": placed["chip"], "extra": placed.get("extra", 0), **space_label(placed["space"])} if placed else None,
        _read(entry.payload), bool(entry.payload.get("manual")), line, fixes)


def _quiet(entry: Entry, kind: str, action: dict[str, Any], fixes: list[dict[str, Any]]) -> Step:
    return Step(entry.seq, entry.recorded_at, entry.source, kind, action, [], read=_read(entry.payload),
                manual=bool(entry.payload.get("manual")), corrections=fixes)


def _refused(anomaly: AnomalyRow, seat: int, lang: str) -> Step:
    """A refused read or input: it changed nothing; the host may have settled it with an entry. A
    chip counted in unread and read going in late is shown as that chip going back ("late")."""
    settled = [{"seq": anomaly.resolved_by, "kind": "resolved" if anomaly.resolved_by else "answered", "source": "",
                "at": "", "text": settled_text(anomaly, lang), "counts": anomaly.resolved_by is not None}] \
        if anomaly.settled else []
    if anomaly.code == returns.LATE:
        return Step(None, anomaly.recorded_at, anomaly.source, "late",
                    {"kind": "return", "seat": seat, "chip": anomaly.payload["chip"]},
                    [late_pass_text(anomaly, lang)], read=_read(anomaly.payload), corrections=settled)
    return Step(None, anomaly.recorded_at, anomaly.source, "refused", anomaly.payload.get("action") or {},
                [f"refused ({anomaly.code}): {anomaly.reason}"], read=_read(anomaly.payload), corrections=settled)


def _read(payload: dict[str, Any]) -> dict[str, Any] | None:
    """The read behind an input: which reader saw which tag (and the chip the registry named)."""
    read = payload.get("read")
    return {"reader": read.get("reader"), "uid": read.get("uid"), "chip": read.get("tag_chip")} \
        if isinstance(read, dict) else None


def _insert(steps: list[Step], step: Step, after_seq: int) -> None:
    """Put a refused read right after the journal entry it followed."""
    at = next((k for k, s in enumerate(steps) if s.seq is not None and s.seq > after_seq), len(steps))
    steps.insert(at, step)
