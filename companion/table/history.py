"""From journal rows to the game: which inputs count after the host's corrections.

Kinds of journal entry (payloads are JSON):
  input     {"action": {...}, "read": {"reader", "uid", "tag_chip"?, "sent"?}?, "manual": true?}
  void      {"targets": [seq, ...]}            -- those entries no longer count
  reassign  {"target": seq, "action": {...}}   -- that input counts as this action instead

Corrections only ever point backwards, so walking the journal from its end decides what a
void voids even when a later void undoes an earlier one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine import Action, GameConfig, GameState, action_from_dict, apply, new_game
from companion.store import Entry

INPUT, VOID, REASSIGN = "input", "void", "reassign"


@dataclass(frozen=True, slots=True)
class Counted:
    """One input that counts: its journal entry and the action it stands for now."""

    entry: Entry
    action: Action
    action_dict: dict[str, Any]


def voided(entries: Sequence[Entry]) -> dict[int, int]:
    """seq -> seq of the void entry that cancels it (voids that were themselves voided do nothing)."""
    cancelled: dict[int, int] = {}
    for entry in reversed(entries):
        if entry.kind == VOID and entry.seq not in cancelled:
            for target in entry.payload["targets"]:
                cancelled.setdefault(target, entry.seq)
    return cancelled


def counted(entries: Sequence[Entry]) -> list[Counted]:
    """The inputs that count, in order, with reassignments applied."""
    cancelled = voided(entries)
    actions: dict[int, dict[str, Any]] = {}
    for entry in entries:
        if entry.seq in cancelled:
            continue
        if entry.kind == INPUT:
            actions[entry.seq] = entry.payload["action"]
        elif entry.kind == REASSIGN and entry.payload["target"] in actions:
            actions[entry.payload["target"]] = entry.payload["action"]
    by_seq = {e.seq: e for e in entries}
    return [Counted(by_seq[seq], action_from_dict(data), data) for seq, data in sorted(actions.items())]


def fold(config: GameConfig, inputs: Iterable[Counted],
         each: Callable[[GameState, Counted], None] | None = None) -> GameState:
    """The state after these inputs (the engine refuses with IllegalAction if one does not fit);
    `each` sees the state as every input leaves it."""
    state = new_game(config)
    for item in inputs:
        apply(state, item.action)
        if each is not None:
            each(state, item)
    return state


def bindings(inputs: Iterable[Counted]) -> dict[str, str]:
    """Physical chip (from the tag registry) -> the engine's chip it was read as."""
    bound: dict[str, str] = {}
    for item in inputs:
        read = item.entry.payload.get("read")
        chip = item.action_dict.get("chip")
        if read and read.get("tag_chip") and chip:
            bound[read["tag_chip"]] = chip
    return bound
