"""The record every ingredient book is written as, and the four hooks the flow calls.

Hooks (each optional):
- ``extra_move(seat) -> int``: spaces added to a chip of this colour when it is placed.
- ``on_place(ctx, chip)``: runs right after a chip of this colour is placed while brewing.
- ``on_evaluate(ctx)``: runs in evaluation step B (chip actions), start player first.
- ``resolve(ctx, decision, keys)``: applies the answer to a decision this rule opened.
A hook is added here only when a second rule needs it; anything one rule needs stays inside it.

``reads`` says what of the pot the hooks read; the advice's compact search keys its positions on it
and leaves a book without it to the slower search that plays every draw through the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..context import Ctx
    from ..model import Chip, Decision, Seat


@dataclass(frozen=True)
class Reads:
    """What of a seat's pot a book's hooks read: how many chips of `counts` colours lie in it, and
    whether each of the last `tail` chips is one of the `tail_colors` (and, for white, which one)."""

    counts: tuple[str, ...] = ()
    tail: int = 0
    tail_colors: tuple[str, ...] = ()


@dataclass(frozen=True)
class IngredientRule:
    id: str  # "blue/1", "black/2p", "orange/-"
    color: str
    set_no: int | None
    text: str  # the book's wording (a catalog source string: N_("...")), shown on the screens too
    extra_move: Callable[[Seat], int] | None = None
    on_place: Callable[[Ctx, Chip], None] | None = None
    on_evaluate: Callable[[Ctx], None] | None = None
    resolve: Callable[[Ctx, Decision, tuple[str, ...]], None] | None = None
    reads: Reads | None = None
