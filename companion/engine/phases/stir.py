"""Synchronised drawing: the "Stir!" of the last round (and of any round a table chooses).

The rulebook: in the last potion phase the start player says "Stir!" and every active player
takes out a chip at once, or pulls out an empty hand to stop; this goes on until everyone has
stopped or exploded; groups may draw this way in rounds 1-8 too. The engine does not enforce
it (a chip read at a reader is already out of the bag); it says where the table stands, so the
table screen can call the next "Stir!" and the referee can note a chip drawn ahead.

One "take out a chip" is `Seat.drawn`, counted by the rules that take chips out:
- a chip drawn and placed (or set beside the pot, or drawn for yellow set 5's move) is one;
- the chips a crow skull looks at are part of the draw that placed the blue chip;
- calling the witch "Draw six" (H-E2) is one: her six chips are that stir's chip;
- placing a chip laid out by Nervousness is one (it is placed instead of a draw);
- stopping is the empty hand: the seat leaves the stirs, as an exploded pot does.
Chips laid first at the start of a round (green set 5) and a card's or a patient's looks are no draw.
"""

from __future__ import annotations

from typing import Any

from .. import catalog
from ..expansions.herb_witches import witches
from ..model import BREWING, GameState

SETTINGS: tuple[str, ...] = ("round9", "always", "off")
"""A table's choice: the last round only (the rulebook's rule), every round, or never."""
DEFAULT = SETTINGS[0]

DRAW, DRAW_SIX, LOOK, QUESTION = "draw", "draw_six", "look", "question"
"""Why the next "Stir!" waits for a seat: its chip of this stir, a witch's six being drawn or
placed, chips being drawn to look at (a crow skull), or another question it must answer first."""


def in_force(setting: str, round_no: int) -> bool:
    """Whether this round is drawn synchronously at a table with this setting."""
    return setting == "always" or (setting == "round9" and round_no >= catalog.ROUNDS)


def _busy(state: GameState, n: int) -> str | None:
    """What holds the seat's next chip: its open question (an offer holds nobody), if any. A
    question answered by the next chip drawn (yellow set 5, red set 6) holds nothing: that chip
    is the seat's chip of a stir like any other."""
    d = state.blocking_decision(n)
    if d is None or d.data.get("take"):
        return None
    if d.rule == witches.RULE and d.kind == witches.LOOK:
        return DRAW_SIX
    return LOOK if "reveal" in d.data else QUESTION


def status(state: GameState) -> dict[str, Any] | None:
    """The stirs of this potion phase (None outside it, or once no seat is brewing).

    `chip`: the stir under way or about to be called, counting from 1; `ready`: every active seat
    may take out that chip now ("Stir!"); `waiting`: the active seats the stir waits for, each
    with why; `ahead`: the seats that took out more chips than the stir, and how many more;
    `drawn`: each seat's chips taken out this round.
    A stir is under way once one active seat has taken out its chip; until then it is called.
    """
    if state.phase != "brewing":
        return None
    active = [n for n, s in enumerate(state.seats) if s.status == BREWING]
    if not active:
        return None
    drawn = {n: state.seats[n].drawn for n in active}
    done = min(drawn.values())
    called = any(k > done for k in drawn.values())
    waiting = []
    for n in active:
        why = _busy(state, n)
        if why is None and called and drawn[n] == done:
            why = DRAW
        if why is not None:
            waiting.append({"seat": n, "why": why})
    return {
        "chip": done + 1,
        "ready": not waiting,
        "waiting": waiting,
        "ahead": [{"seat": n, "by": drawn[n] - done - 1} for n in active if drawn[n] > done + 1],
        "drawn": [s.drawn for s in state.seats],
    }
