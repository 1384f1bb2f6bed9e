"""The Fortune Teller cards: the deck a game turns up, and when the round's card acts.

The start player turns up a card at the start of every round (a `Fortune` input). Each card is
a module of its own, its text beside its code: the base game's 24 in `base/`, The Alchemists' 20
in `alchemists/`; `_card.py` is the record they are written as and the moves they share. `flow`
runs a card's `start`/`end` hooks as a phase starts or ends, and `game` hands every input's
placed and bought chips to `chips_placed`. Numbers come from the catalog.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import filterfalse

from .. import catalog
from ..context import Ctx
from ..errors import IllegalAction
from ..ingredients.labels import chip_label
from ..locate import describe_location
from ..model import Decision, GameState, chip
from . import alchemists, base
from ._card import ESSENCE_EXPLODED, ESSENCE_LAST_MOVED, LOOK, NONE, RULE, Card, Events

CARDS: dict[str, Card] = {c.id: c for c in (*base.DECK, *alchemists.DECK)}
REACTS_TO_PLACING = frozenset(c.id for c in CARDS.values() if c.placed or c.bought)
"""Cards that react to chips placed or bought: only while one of them is in force does an input
need `chips_placed`."""

ACTS_AT_START: dict[str, frozenset[str]] = {
    phase: frozenset(c.id for c in CARDS.values() if phase in c.start) for c in CARDS.values() for phase in c.start}
ACTS_AT_END: dict[str, frozenset[str]] = {
    phase: frozenset(c.id for c in CARDS.values() if phase in c.end) for c in CARDS.values() for phase in c.end}
"""Phase -> the cards with a step as it starts (ends): only while one of them is in force need
`at_start` (`at_end`) be called, and most phases have none."""

OTHER_TITLES: dict[str, tuple[str, ...]] = {c.id: c.other_titles for c in CARDS.values() if c.other_titles}
"""Other English titles of a card: other translations, and a later printing's (game-data section 4)."""

__all__ = [
    "ACTS_AT_END", "ACTS_AT_START", "CARDS", "ESSENCE_EXPLODED", "ESSENCE_LAST_MOVED", "LOOK", "NONE", "OTHER_TITLES",
    "REACTS_TO_PLACING", "RULE",
    "Card", "at_end", "at_start", "available", "check", "chips_placed", "look_chips", "look_draw", "looking", "read",
    "resolve",
]


def _card(state: GameState) -> Card | None:
    return CARDS.get(state.fortune or "")


def available(state: GameState) -> list[str]:
    """Cards that may be turned up this round: in this game's deck, not used yet, their chip's book out."""
    config = state.config
    return list(filterfalse(set(state.cards_used).__contains__,  # no Python step for each of some 40 cards
                            _unused_available(state.round, config.card_books, config.expansions)))


@lru_cache(maxsize=1024)
def _unused_available(round_no: int, card_books: str, expansions: tuple[str, ...]) -> tuple[str, ...]:
    """The cards `available` offers while none is used yet, by what decides it: every round of a
    simulated game asks, each game with other cards used."""
    return tuple(c for c in CARDS if _refusal(c, (), round_no, card_books, expansions) is None)


def _refusal(card_id: str, used: Sequence[str], round_no: int, card_books: str,
             expansions: tuple[str, ...]) -> IllegalAction | None:
    card = CARDS.get(card_id)
    if card is None:
        return IllegalAction("no_such_card", f"there is no Fortune Teller card {card_id!r}: the cards are P01 to "
                             "P13 and B01 to B11, and with The Alchemists AP01 to AP10 and AB01 to AB10")
    for box in (card.box, card.needs):
        if box in catalog.EXPANSIONS and box not in expansions:
            return IllegalAction("not_in_deck", f"{card.name} is played only with {catalog.EXPANSION_NAMES[box]}, "
                                 "which is not in this game")
    if card_id in used:
        return IllegalAction("card_used", f"{card.name} has already been turned up this game: "
                             "each card is used once")
    opens = catalog.BOOK_FROM_ROUND.get(card.needs or "", 1)  # 1 for an expansion
    if round_no < opens and card_books == "redraw":
        return IllegalAction("book_not_out", f"{card.name} offers a {card.needs} chip and the {card.needs} "
                             f"book is laid out before round {opens}: draw another card")
    return None


def check(state: GameState, card_id: str | None) -> None:
    """Refuse a card the round cannot turn up now, naming the rule."""
    if state.fortune is not None:
        shown = _card(state)
        raise IllegalAction("card_read", f"this round's card is already turned up: "
                            f"{shown.name if shown else 'no card'}")
    config = state.config
    refusal = (_refusal(card_id, state.cards_used, state.round, config.card_books, config.expansions)
               if card_id is not None else None)
    if refusal:
        raise refusal


def read(state: GameState, card_id: str | None, events: Events) -> None:
    """The start player turns up `card_id` (None: the round is played without a card); `check` first."""
    if card_id is None:
        state.fortune = NONE
        events.append({"event": "fortune", "seat": None, "card": None})
        return
    card = CARDS[card_id]
    state.fortune = card_id
    state.cards_used.append(card_id)
    events.append({"event": "fortune", "seat": None, "card": card_id, "name": card.name})
    if card.read:
        card.read(state, events)


def at_start(state: GameState, phase: str, events: Events) -> None:
    card = _card(state)
    if card and phase in card.start:
        card.start[phase](state, events)


def at_end(state: GameState, phase: str, events: Events) -> None:
    card = _card(state)
    if card and phase in card.end:
        card.end[phase](state, events)


def chips_placed(state: GameState, events: Events) -> None:
    """An input has been applied: the round's card reacts to each chip it placed in a pot or bought."""
    card = CARDS.get(state.fortune or "")  # not `_card`: one call fewer, after every input
    if card is None:
        return
    if card.placed and state.phase == "brewing":  # not Ear worm's chips after the essence phase
        for event in events.copy():  # the input's events only, not those the card adds
            if event["event"] == "placed":
                card.placed(Ctx(state, event["seat"], events), chip(event["chip"]))
    if card.bought:
        for event in events.copy():
            if event["event"] == "bought":
                card.bought(Ctx(state, event["seat"], events), event["chip"], event["cost"])


def resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    card = _card(ctx.state)
    assert card and card.resolve, "a card's decision is open only while its card is in force"
    card.resolve(ctx, decision, keys)


def looking(state: GameState, seat_no: int) -> Decision | None:
    """The seat's open look (a card's draw to look at chips) that still wants chips, if any."""
    for d in state.decisions:
        if d.kind == LOOK and d.seat == seat_no and len(state.seats[seat_no].hand) < d.data["reveal"]:
            return d
    return None


def look_chips(state: GameState, seat_no: int) -> list[str]:
    """The chips the seat may draw now for a card's look (none when it is not looking)."""
    decision = looking(state, seat_no)
    if decision is None:
        return []
    only, bag = decision.data.get("only"), state.seats[seat_no].bag
    return bag.copy() if only is None else [c for c in bag if chip(c).kind == only]


def look_draw(state: GameState, seat_no: int, chip_id: str, events: Events) -> None:
    """A chip drawn for a card only to look at (or to take out): it goes to the hand, not into the pot."""
    decision = looking(state, seat_no)
    assert decision is not None
    seat = state.seats[seat_no]
    if chip_id not in seat.bag:
        raise IllegalAction("not_in_bag", f"{describe_location(state, chip_id)}, not in {seat.name}'s bag")
    only = decision.data.get("only")
    if only is not None and chip(chip_id).kind != only:
        raise IllegalAction("wrong_chip", f"{decision.prompt}: {chip_label(chip_id)} is not a "
                            f"{only.replace('-', ' ')}-chip; put it back")
    seat.bag.remove(chip_id)
    if chip_id in seat.returning:
        seat.returning.remove(chip_id)
    seat.hand.append(chip_id)
    ctx = Ctx(state, seat_no, events)
    ctx.emit("revealed", chip=chip_id)
    card = _card(state)
    if len(seat.hand) == decision.data["reveal"] and decision.rule == RULE and card and card.looked:
        card.looked(ctx, decision)
