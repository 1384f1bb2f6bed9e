"""The bonus die: asking a seat to roll it and paying the face rolled.

Step A rolls it, and so do a Fortune Teller card and green set 6; all of them ask here, so one
rule pays every face.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import Decision, Option
from ..text import N_, say

if TYPE_CHECKING:
    from ..context import Ctx

DIE = "core/die"
DIE_KIND = "bonus_die"


FACES: tuple[Option, ...] = tuple(Option(str(f.face), say(f.label)) for f in catalog.BONUS_DIE)
"""The die's faces as the answers to a roll: the same six every time, so made once."""
ROLL = say("Roll the bonus die")
"""The question of every roll, made once too (a `Text` is never changed once made)."""


def ask_die(ctx: Ctx) -> None:
    """The seat rolls the bonus die (the face rolled is its answer)."""
    ctx.ask(DIE_KIND, DIE, ROLL, list(FACES))


def resolve_die(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    face = catalog.BONUS_DIE[int(keys[0]) - 1]
    ctx.emit("die", face=face.face, label=face.label)
    if face.kind == "vp":
        ctx.gain_points(face.amount, N_("bonus die"))
    elif face.kind == "ruby":
        ctx.gain_rubies(face.amount, N_("bonus die"))
    elif face.kind == "droplet":
        ctx.move_droplet(face.amount, N_("bonus die"))
    else:
        ctx.chip_from_supply(*catalog.DIE_CHIP, why=N_("bonus die"))
