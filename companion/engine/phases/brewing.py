"""The potion phase: rats, drawing, placing, the white total, explosions, the flask, stopping."""

from __future__ import annotations

from typing import Any

from .. import catalog
from ..context import Ctx
from ..errors import IllegalAction
from ..expansions.herb_witches import bowl
from ..ingredients import RULES
from ..ingredients.labels import chip_label
from ..ingredients.red import SET_6
from ..locate import describe_location
from ..model import BREWING, EXPLODED, STOPPED, WHITE_VALUES, Decision, GameState, Option, Seat, white_value
from ..text import N_, say
from . import placing


def rat_tails_between(low: int, high: int) -> int:
    """Tails printed between scores `low` and `high` (low <= high), repeating every lap of 50."""
    found = 0
    for k in range(low, high):  # a loop, not a generator (resumed for every score)
        if k % catalog.RAT_TAIL_LAP in catalog.RAT_TAILS:
            found += 1
    return found


def rats(state: GameState) -> list[int]:
    """How far each seat's rat stone goes past its droplet; everyone tied for the lead gets none."""
    if state.round < catalog.RATS_FROM_ROUND:
        return [0] * len(state.seats)
    leader = max(s.score for s in state.seats)
    return [rat_tails_between(s.score, leader) for s in state.seats]


def start(state: GameState, events: list[dict[str, Any]]) -> None:
    """Put the rat stones in the pots and let everyone draw."""
    for n, tails in enumerate(rats(state)):
        seat = state.seats[n]
        seat.rat = tails
        state.set_status(n, BREWING)
        seat.drawn = 0
        if tails:
            events.append({"event": "rat", "seat": n, "tails": tails, "space": seat.start_space})
        if seat.essence_rat:  # The Alchemists: a rat glass of last round's essence
            seat.rat += seat.essence_rat
            events.append({"event": "rat", "seat": n, "tails": seat.rat, "space": seat.start_space,
                           "why": N_("essence")})


def lay_first(state: GameState, events: list[dict[str, Any]]) -> None:
    """Chips kept out of the bag to be laid first (green set 5) are laid in the order chosen, each
    with its action, once the round's card has moved the rat stones (Rat Infestation)."""
    for n in state.turn_order():
        lay_first_of(state, n, events)


def lay_first_of(state: GameState, n: int, events: list[dict[str, Any]]) -> None:
    """One seat's chips to lay first; a seat still answering the card (a die roll that may move its
    droplet) lays them once it has answered, or at its first draw (which lets its offers lapse)."""
    seat = state.seats[n]
    if not seat.first or state.decisions_for(n):
        return
    first, seat.first = seat.first, []
    for cid in first:
        if seat.status == BREWING:
            Ctx(state, n, events).place(cid)
        else:  # the pot exploded or filled with an earlier one: the rest go back into the bag
            seat.put_in_bag([cid])


RED_SET_ASIDE = SET_6.set_no


def aside_returns(state: GameState) -> bool:
    """A chip beside the pot may go back into the bag at any time under red set 2; one set aside
    by red set 6 must be laid this round."""
    return state.config.book("red") != RED_SET_ASIDE


def done(state: GameState) -> bool:
    return not state.drawing and not state.decisions


def check_can_act(state: GameState, seat_no: int) -> Seat:
    if state.phase != "brewing":
        raise IllegalAction("wrong_phase", f"chips are drawn in the potion phase, not in {state.phase}")
    seat = state.seats[seat_no]
    if seat.status == EXPLODED:
        raise IllegalAction("exploded", f"{seat.name}'s pot has exploded: no more chips this round")
    if seat.status == STOPPED:
        if seat.pot and placing.fills_pot(seat.pot[-1][1]) and not bowl.in_play(state.config):
            raise IllegalAction("stopped", f"{seat.name}'s pot is full: a chip reached the last space")
        if not seat.bag:
            raise IllegalAction("stopped", f"{seat.name}'s bag is empty: a player with no chips in the bag must stop")
        raise IllegalAction("stopped", f"{seat.name} has stopped drawing this round")
    return seat


def looking_ahead(state: GameState, seat_no: int) -> Decision | None:
    """The seat's question that still waits for chips drawn from its bag (a crow skull's look, red
    set 6's chip, yellow set 5's), if any."""
    pending = state.blocking_decision(seat_no) if state.decisions else None
    return pending if pending and len(state.seats[seat_no].hand) < pending.data.get("reveal", 0) else None


def draw(state: GameState, seat_no: int, chip_id: str, events: list[dict[str, Any]]) -> None:
    """A chip has come out of a seat's bag: look at it (blue) or place it. After the essence phase
    a chip of Ear worm's may have the seat draw too (a crow skull's look)."""
    if state.phase == placing.EAR_WORM and looking_ahead(state, seat_no):
        seat = state.seats[seat_no]
    else:
        seat = check_can_act(state, seat_no)
    pending = state.blocking_decision(seat_no) if state.decisions else None
    reveal = pending.data.get("reveal", 0) if pending else 0
    if pending and len(seat.hand) >= reveal:
        raise IllegalAction("decision_pending", f"{seat.name} must first answer: {pending.prompt}")
    bag = seat.bag
    try:
        at = bag.index(chip_id)  # found once: the bag is looked through for the check and the removal alike
    except ValueError:
        raise IllegalAction("not_in_bag", f"{describe_location(state, chip_id)}, not in {seat.name}'s bag") from None
    ctx = Ctx(state, seat_no, events)
    if state.decisions:
        ctx.withdraw_offers(stopping=False)
    if seat.first:
        lay_first_of(state, seat_no, events)
        if seat.status != BREWING:  # a white laid first exploded the pot: the chip drawn stays in the bag
            return
        at = bag.index(chip_id)  # chips laid first may have gone back into the bag
    del bag[at]
    if chip_id in seat.returning:  # its way back in was not read
        seat.returning.remove(chip_id)
    if not pending or pending.data.get("take"):  # a look's chips are part of the draw that opened it
        seat.drawn += 1
    if pending:
        seat.hand.append(chip_id)
        if pending.data.get("take"):  # the chip drawn is the answer (red set 6, yellow set 5)
            ctx.emit("revealed", chip=chip_id)
            resolve = RULES[pending.rule].resolve
            assert resolve is not None
            resolve(ctx, pending, (chip_id,))
            settle(ctx)
            return
        pending.options.insert(len(pending.options) - 1, Option(chip_id, say("Place {chip}", chip=chip_label(chip_id))))
        ctx.emit("revealed", chip=chip_id)
        return
    placing.place(ctx, chip_id)
    if not seat.bag:  # else the seat draws on: most draws leave chips in the bag
        settle(ctx)


def settle(ctx: Ctx) -> None:
    """A seat whose bag is empty must stop at once (rulebook), once no question holds its draws;
    an offer (flask, mandrake) lapses with that stop as with any other."""
    seat = ctx.state.seats[ctx.seat_no]
    if seat.status == BREWING and not seat.bag and not seat.hand and not seat.laid_out \
            and not ctx.state.blocking_decision(ctx.seat_no):
        ctx.withdraw_offers()
        ctx.stop_brewing(STOPPED, "stopped", why=N_("bag empty"))


def returned(state: GameState, seat_no: int, chip_id: str, events: list[dict[str, Any]]) -> None:
    """The reader saw a chip go into the bag: a chip put back, confirmed; or a chip from beside the
    pot, which may go back into the bag at any time (red set 2), and so does now."""
    seat = state.seats[seat_no]
    if chip_id in seat.aside and aside_returns(state):
        seat.aside.remove(chip_id)
        seat.put_in_bag([chip_id], seen=True)
        state.decisions = [d for d in state.decisions if d.seat != seat_no or d.data.get("chip") != chip_id]
        events.append({"event": "returned", "seat": seat_no, "chips": [chip_id], "why": N_("from beside the pot")})
        return
    if chip_id not in seat.returning:
        raise IllegalAction("not_returning", f"{describe_location(state, chip_id)}; {seat.name} was not "
                            "putting it back into the bag")
    seat.returning.remove(chip_id)
    events.append({"event": "return_seen", "seat": seat_no, "chip": chip_id})


def stop(state: GameState, seat_no: int, events: list[dict[str, Any]]) -> None:
    seat = check_can_act(state, seat_no)
    pending = state.blocking_decision(seat_no)
    if pending:
        raise IllegalAction("decision_pending", f"{seat.name} must first answer: {pending.prompt}")
    ctx = Ctx(state, seat_no, events)
    ctx.withdraw_offers()
    ctx.stop_brewing(STOPPED, "stopped", why=N_("chose to stop"))


HIGHEST_WHITE = max(value for box in catalog.SUPPLIES.values() for color, value in box if color == "white")


def risk(seat: Seat) -> tuple[int, int]:
    """(chips in the bag that would explode the pot if drawn next, chips in the bag)."""
    margin = seat.threshold - seat.white_total
    if margin >= HIGHEST_WHITE:  # no white chip is that big: the common case needs no count
        return 0, len(seat.bag)
    exploding, values = 0, WHITE_VALUES
    try:
        for cid in seat.bag:
            if values[cid] > margin:
                exploding += 1
    except KeyError:  # a chip id met for the first time
        exploding = sum(1 for cid in seat.bag if white_value.of(cid) > margin)
    return exploding, len(seat.bag)
