"""The record every Fortune Teller card is written as, and the moves the cards share.

Hooks (each optional): ``read(state, events)`` when the card is turned up (a purple card is
carried out then, before the rats are counted); ``start[phase]`` / ``end[phase]`` as a phase starts
or once it is over (`flow` calls them); ``looked(ctx, decision)`` once a look's last chip is drawn;
``resolve(ctx, decision, keys)`` for the answers to the card's questions; ``placed(ctx, chip)``
after an input placed a chip while brewing; ``bought(ctx, chip_id, cost)`` after a purchase.
Every question a card asks is resolved by the round's card (its `rule` is `RULE`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .. import catalog
from ..context import Ctx
from ..ingredients.labels import kind_label
from ..model import Chip, Decision, GameState, Option, chip
from ..phases import evaluation
from ..text import Text

Events = list[dict[str, Any]]
Hook = Callable[[GameState, Events], None]

RULE = "core/fortune"
"""Every decision a card opens is resolved by `cards.resolve`, which hands it to the round's card."""

LOOK = "fortune.look"
"""A card's decision to draw chips only to look at them; its draws go to the hand."""

NONE = "none"

ESSENCE_EXPLODED, ESSENCE_LAST_MOVED = "exploded", "last_moved"
"""`card_data["essence"]` keys, read by `essence.reach`: spaces more for an exploded pot (A blessing
in disguise), and the last chip's move added to the essence (All's well that ends well)."""
ALCHEMISTS_BOX = "A"
"""The id prefix of the 20 cards The Alchemists brings: they are in the deck only with that box."""


@dataclass(frozen=True)
class Card:
    id: str  # P01-P13 (purple), B01-B11 (blue); The Alchemists' box: AP01-AP10, AB01-AB10
    name: str  # the Schmidt English title (a catalog source string)
    text: str  # a catalog source string
    needs: str | None = None  # an expansion (its symbol on the card) or the book of the card's chip
    read: Hook | None = None  # carried out when the card is turned up
    start: Mapping[str, Hook] = field(default_factory=dict)  # phase -> runs as the phase starts
    end: Mapping[str, Hook] = field(default_factory=dict)  # phase -> runs once the phase is over
    looked: Callable[[Ctx, Decision], None] | None = None  # a look's last chip has been drawn
    resolve: Callable[[Ctx, Decision, tuple[str, ...]], None] | None = None
    placed: Callable[[Ctx, Chip], None] | None = None  # after an input placed a chip while brewing
    bought: Callable[[Ctx, str, int], None] | None = None  # after a chip was bought (its id and cost)
    other_titles: tuple[str, ...] = ()  # other English titles: other translations, a later printing's

    @property
    def kind(self) -> str:
        """Purple cards are carried out at once; blue cards are in force for the round."""
        return "purple" if self.id.removeprefix(ALCHEMISTS_BOX).startswith("P") else "blue"

    @property
    def box(self) -> str | None:
        """The expansion whose box holds the card (None: the base game's)."""
        return "alchemists" if self.id.startswith(ALCHEMISTS_BOX) else None


def seats(state: GameState, events: Events) -> list[Ctx]:
    """Every seat's handle, start player first, clockwise."""
    return [Ctx(state, n, events) for n in state.turn_order()]


def left_of(state: GameState, events: Events, seat_no: int) -> Ctx:
    """The player to the left: clockwise next (with 2 players, the other one)."""
    return Ctx(state, (seat_no + 1) % len(state.seats), events)


def ask(ctx: Ctx, card: Card, kind: str, prompt: Text, options: list[Option], *,
        blocking: bool = True, data: dict[str, Any] | None = None) -> None:
    """Open a card's decision; with a single option there is nothing to choose, so it applies at once."""
    if len(options) == 1 and blocking:
        assert card.resolve
        decision = ctx.ask(kind, RULE, prompt, options, data=data)
        card.resolve(ctx, decision, (options[0].key,))
        return
    ctx.ask(kind, RULE, prompt, options, blocking=blocking, data=data)


def chip_options(state: GameState, value: int | None = None, *, only: tuple[str, ...] = catalog.COLORS,
                 leave_out: tuple[str, ...] = ()) -> list[Option]:
    """'Any one N-chip' (no value: any chip): the colours whose book is on the table this round,
    while the supply has one."""
    found, supply = [], state.supply
    for color, val in evaluation.price_list(state.config, state.round):
        if (value is None or val == value) and color in only and color not in leave_out:
            kind = f"{color}-{val}"
            if supply.get(kind):
                found.append(_kind_option(color, val))
    return found


@cache
def _kind_option(color: str, value: int) -> Option:
    """'A chip of this kind' as an answer: made once per kind, as an `Option` is never changed once made."""
    return Option(f"{color}-{value}", kind_label(color, value))


def take(ctx: Ctx, card: Card, kind: str) -> None:
    color, value = kind.rsplit("-", 1)
    ctx.chip_from_supply(color, int(value), why=card.name)


def chip_for(ctx: Ctx, card: Card, kind: str, pay: Callable[[], None]) -> None:
    """"Pay this for a chip" (rubies, rat tails, droplet steps): the price is paid only while the
    box still has the chip; a chip sold out in the meantime is said so, and nothing is paid."""
    if ctx.state.supply.get(kind):
        pay()
    take(ctx, card, kind)


def resolve_take(ctx: Ctx, card: Card, decision: Decision, keys: tuple[str, ...]) -> None:
    """A chip of the seat's choice from the supply, or nothing."""
    ctx.close(decision)
    if keys[0] != NONE:
        take(ctx, card, keys[0])


def look(ctx: Ctx, count: int, prompt: Text) -> None:
    """Have the seat draw `count` chips (as many as the bag holds) only to look at them."""
    reveal = min(count, len(ctx.seat.bag))
    if reveal:
        ctx.ask(LOOK, RULE, prompt, [], data={"reveal": reveal})
        ctx.emit("card_look", chips=reveal)


def put_back_hand(ctx: Ctx, card: Card, keep: str | None = None) -> None:
    back = [c for c in ctx.seat.hand if c != keep]
    ctx.seat.hand = [c for c in ctx.seat.hand if c == keep]
    if back:
        ctx.put_back(back, card.name)


def white_ones(ctx: Ctx) -> list[str]:
    return sorted(c for c in ctx.seat.bag if chip(c).kind == "white-1")


def take_white_out(ctx: Ctx, prompt: Text) -> None:
    """The seat draws a white 1-chip from its bag, past the reader, to put it in the box for good."""
    ctx.ask(LOOK, RULE, prompt, [], data={"reveal": 1, "only": "white-1"})


def looked_white_out(ctx: Ctx, card: Card, decision: Decision) -> None:
    ctx.close(decision)
    ctx.chip_to_supply(ctx.seat.hand[0], card.name)


def move_rat(ctx: Ctx, card: Card, tails: int) -> None:
    """This round's rat stone moves on by `tails` (back, for tails given up)."""
    if tails:
        ctx.seat.rat += tails
        ctx.emit("rat", tails=ctx.seat.rat, space=ctx.seat.start_space, why=card.name)


def ruby_space(ctx: Ctx) -> bool:
    return catalog.POT_TRACK[ctx.seat.scoring_space].ruby
