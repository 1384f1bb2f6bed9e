"""The record every ingredient book is written as, and the hooks the flow calls.

Hooks (each optional):
- ``extra_move(seat) -> int``: spaces added to a chip of this colour when it is placed.
- ``moves(seat, chip, spaces) -> int``: how far any chip placed moves, given the spaces it would
  move; a book in force on the pot changes other chips' moves (red set 4, yellow set 2).
- ``acts_as(seat, chip) -> Chip``: the chip a chip of this colour is laid as, with that chip's
  value and its colour's book (locoweed set 6 copies the last coloured chip); itself for no action.
- ``on_draw(ctx, chip) -> bool``: a chip of this colour comes out of the bag; True when the book
  put it somewhere other than the pot (red set 2: beside it).
- ``gained(ctx, chip_id) -> bool``: a chip of this colour comes from the box to the seat (bought,
  or from a card, a book, the die); True when the book put it somewhere other than the seat's bag
  (black set 5: the left neighbour's bag).
- ``on_place(ctx, chip)``: runs right after a chip of this colour is placed while brewing; for the
  chip that fills the pot only when ``acts_on_last_space`` (an action on the space itself, not
  on a following chip: "an action that would affect a following chip is lost").
- ``on_stop(ctx)``: the seat draws no more this round (it stopped, exploded, filled its pot or
  emptied its bag).
- ``on_evaluate(ctx)``: runs in evaluation step B (chip actions), start player first.
- ``resolve(ctx, decision, keys)``: applies the answer to a decision this rule opened. A decision
  with ``data["take"]`` waits for `reveal` chips drawn and is answered by the chip drawn itself
  (red set 6 sets it aside, yellow set 5 reads its value).
- ``in_force(seat) -> Text | None``: what the book will do to the seat's next chips now, in words,
  for the screens (yellow set 2: the next chip moves twice as far).
A hook is added here only when a rule cannot be written without one; anything else a rule needs
stays inside it.

``reads`` says what of the pot the hooks read, and ``brews`` what the book's action while the seat
brews does (one of `BREWS`): the advice searches read both from here and play the hooks themselves,
so no book is described a second time outside its record. A book without `reads` is left to the
slower search that plays every draw through the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..context import Ctx
    from ..model import Chip, Decision, Seat
    from ..text import Text


@dataclass(frozen=True)
class Reads:
    """What of a seat's pot a book's hooks read: how many chips of `counts` colours lie in it, and
    whether each of the last `tail` chips is one of the `tail_colors` (and, for white, which one);
    `spaces`: where the chips of these colours lie; `rubies`: the seat's rubies too (a ruby paid
    while brewing changes what the hook does)."""

    counts: tuple[str, ...] = ()
    tail: int = 0
    tail_colors: tuple[str, ...] = ()
    spaces: tuple[str, ...] = ()
    rubies: bool = False


TAKES_BACK = "takes back"
"""The chip may put the chip laid before it back into the bag, when that one is of its `reads`'
`tail_colors` (the mandrake: a white)."""
LOOKS_AHEAD = "looks ahead"
"""The chip draws chips to look at and may place one of them (the crow skull)."""
PAYS = "pays"
"""The chip pays points or rubies by its kind and its space alone (blue sets 3 and 4)."""
RAISES_LIMIT = "raises the limit"
"""The chip raises the explosion threshold by the chips its `reads` counts (yellow set 3)."""
INSURES = "insures"
"""The chip keeps both rewards of an explosion within the next draws (blue set 2)."""
SETS_ASIDE = "sets aside"
"""The chip drawn goes beside the pot, to be placed, kept or put back later (red set 2)."""
BREWS: tuple[str, ...] = (TAKES_BACK, LOOKS_AHEAD, PAYS, RAISES_LIMIT, INSURES, SETS_ASIDE)


@dataclass(frozen=True)
class IngredientRule:
    id: str  # "blue/1", "black/2p", "orange/-"
    color: str
    set_no: int | None
    text: str  # the book's wording (a catalog source string: N_("...")), shown on the screens too
    extra_move: Callable[[Seat], int] | None = None
    moves: Callable[[Seat, Chip, int], int] | None = None
    acts_as: Callable[[Seat, Chip], Chip] | None = None
    on_draw: Callable[[Ctx, Chip], bool] | None = None
    on_place: Callable[[Ctx, Chip], None] | None = None
    on_stop: Callable[[Ctx], None] | None = None
    on_evaluate: Callable[[Ctx], None] | None = None
    resolve: Callable[[Ctx, Decision, tuple[str, ...]], None] | None = None
    gained: Callable[[Ctx, str], bool] | None = None
    in_force: Callable[[Seat], Text | None] | None = None
    reads: Reads | None = None
    brews: str | None = None  # what `on_place` (or `on_draw` and `on_stop`) does, one of BREWS
    acts_on_last_space: bool = False
