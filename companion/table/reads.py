"""What a chip seen at a bag's reader means now: a chip going back in, a draw, a purchase.

A chip the engine expects back in the bag (flask, mandrake, crow skull, the end of the round, a
chip from the supply) passes the reader on its way in: that read confirms its return. A chip
beside the pot (red set 2) can only be going into the bag: it is put back, which the book allows
at any time (a chip from beside the pot into the pot is an answer on the phone, never a read).
Otherwise a read is a draw while brewing or while a Fortune Teller card (or a patient of The
Alchemists: Nervousness, Ear worm) has the seat draw chips, or a chip has it look at chips (a crow
skull, red set 6, yellow set 5: Ear worm's chips act after brewing), or a purchase in the shop; a chip
that cannot have come from there (one beside another seat's pot, one in a pot) is refused with
where it is.

With a tag registry the sticker names a physical chip, and physical chips of one kind are
interchangeable in the rules: whichever white 1-chips went into Ann's bag at setup are Ann's.
So the first time a physical chip is read it is bound to one of the engine's chips of that kind
where it was read (itself if it is there), and it stays bound for the rest of the game. The
binding is written with the input, so a replay never needs the registry.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from companion.engine import (
    CARD_LOOK,
    Action,
    Buy,
    Draw,
    GameState,
    IllegalAction,
    Return,
    chip,
    describe_location,
    locate,
    looking_ahead,
)


def action_for_read(state: GameState, seat: int, tag_chip: str, bound: Mapping[str, str] | None) -> Action:
    """The input a read of `tag_chip` at `seat`'s reader stands for.

    `bound` is None when reads name the engine's chips directly (simulated bags, no registry).
    Raises IllegalAction when the chip cannot be anywhere it could be read from.
    """
    try:
        c = chip(tag_chip)
    except ValueError as exc:
        raise IllegalAction("unknown_chip", str(exc)) from None
    shopping = state.phase == "shop" and state.shopper == seat
    returning = state.seats[seat].returning + state.seats[seat].aside
    if bound is None:
        engine_chip = tag_chip
    elif tag_chip in bound:
        engine_chip = bound[tag_chip]
    elif (back := _free_chip(tag_chip, c.kind, returning, set(bound.values()))) is not None:
        engine_chip = back
    elif shopping or state.phase == "brewing" or any(d.kind == CARD_LOOK for d in state.decisions_for(seat)) \
            or looking_ahead(state, seat):  # a chip's look after brewing (Ear worm's crow skull)
        place = state.supply.get(c.kind, []) if shopping else state.seats[seat].bag
        free = _free_chip(tag_chip, c.kind, place, set(bound.values()))
        if free is None:
            where = "the supply" if shopping else f"{state.seats[seat].name}'s bag"
            raise IllegalAction(
                "not_in_supply" if shopping else "not_in_bag",
                f"{where} holds no {c.color} {c.value}-chip that has not been read already, "
                f"so {tag_chip} cannot have come from it",
            )
        engine_chip = free
    else:
        engine_chip = tag_chip  # out of phase: the engine gives the reason
    if engine_chip in returning:
        return Return(seat, engine_chip)
    if locate(state, engine_chip)["place"] == "aside":
        raise IllegalAction("not_in_bag", f"{describe_location(state, engine_chip)}: it can only go back into "
                            "that player's bag")
    return Buy(seat, c.color, c.value, engine_chip) if shopping else Draw(seat, engine_chip)


def _free_chip(tag_chip: str, kind: str, place: list[str], taken: Collection[str]) -> str | None:
    """The chip itself if it is there, else the first chip of its kind there not yet bound to a tag."""
    free = [cid for cid in place if cid not in taken and chip(cid).kind == kind]
    if tag_chip in free:
        return tag_chip
    return min(free) if free else None
