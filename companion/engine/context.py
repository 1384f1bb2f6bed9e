"""The narrow view of the game that rule code works through: one seat, and verbs that report."""

from __future__ import annotations

from typing import Any

from .ingredients import active_rules
from .model import BREWING, EXPLODED, STOPPED, Decision, GameState, Option, Seat, chip
from .phases import droplets, placing
from .text import Text


class Ctx:
    """One seat's handle on a working copy of the state; every change it makes becomes an event."""

    __slots__ = ("state", "seat_no", "events", "seat")

    def __init__(self, state: GameState, seat_no: int, events: list[dict[str, Any]]) -> None:
        self.state = state
        self.seat_no = seat_no
        self.events = events
        self.seat: Seat = state.seats[seat_no]  # a seat is never replaced: looked up once, read by nearly every verb

    @property
    def drawing(self) -> bool:
        """The seat still takes chips out of its bag: while brewing, or placing Ear worm's chips
        after the essence phase (a crow skull placed then looks at chips too)."""
        return self.seat.status == BREWING or self.state.phase == placing.EAR_WORM

    def emit(self, event: str, **data: Any) -> None:
        """Report a change. The verbs below that nearly every round asks for write their event out
        instead: on Python 3.11 keywords gathered into a dict and spread into another cost twice
        the dict written at once."""
        self.events.append({"event": event, "seat": self.seat_no, **data})

    def gain_points(self, n: int, why: str) -> None:
        if n:
            self.seat.score += n
            self.events.append({"event": "points", "seat": self.seat_no, "amount": n, "why": why})

    def gain_rubies(self, n: int, why: str) -> None:
        if n:
            self.seat.rubies += n
            self.events.append({"event": "rubies", "seat": self.seat_no, "amount": n, "why": why})

    def pay_rubies(self, n: int, why: str) -> None:
        """Rubies paid for a book's, a card's or a witch's action (the seat has them)."""
        self.seat.rubies -= n
        self.emit("rubies_paid", amount=n, why=why)

    def move_droplet(self, n: int, why: str) -> None:
        """Move "your droplet" n steps; on the test-tube side or with the exchange stand the seat
        chooses which droplet, step by step."""
        droplets.move(self, n, why)

    def chip_from_supply(self, color: str, value: int, why: str) -> str | None:
        """A chip of that kind given to this seat (by a card, a book, the die, a glass, a witch, a
        patient): the next one from the box (None if sold out), gained as `gain` says."""
        stock = self.state.supply.get(f"{color}-{value}")
        if not stock:
            self.emit("sold_out", kind=f"{color}-{value}", why=why)
            return None
        cid = stock[0]
        self.events.append({"event": "chip_gained", "seat": self.seat_no, "chip": cid, "why": why})
        self.gain(cid)
        return cid

    def gain(self, chip_id: str, *, seen: bool = False) -> None:
        """A chip of the box comes to this seat, bought or given: out of the box and into its bag,
        unless its book sends it elsewhere (black set 5). `seen`: read at this seat's reader on the
        way in (a purchase)."""
        self.state.supply[chip_id.rpartition("-")[0]].remove(chip_id)  # its kind: colour and value
        rule = active_rules(self.state.config).get(chip(chip_id).color)
        if not (rule and rule.gained and rule.gained(self, chip_id)):
            self.seat.put_in_bag([chip_id], seen=seen)

    def trade_up(self, chip_id: str, value: int, why: str) -> bool:
        """An upgrade (a card, a book, a witch, a patient): a chip of the same colour worth `value`
        comes from the box into the bag and this chip goes back into the box for good. With none of
        that kind left in the box the chip stays where it is (False)."""
        if self.chip_from_supply(chip(chip_id).color, value, why) is None:
            return False
        self.chip_to_supply(chip_id, why)
        return True

    def move_on(self, chip_id: str, by: int, why: str) -> None:
        """A chip already laid moves `by` spaces further (yellow sets 5 and 6); a chip that
        reaches the last space fills the pot."""
        seat = self.seat
        at = next(i for i, (cid, _) in enumerate(seat.pot) if cid == chip_id)
        space = placing.landing(seat.pot[at][1], by, 0)
        seat.put_at(at, chip_id, space)
        self.emit("moved", chip=chip_id, space=space, by=by, why=why)
        if placing.fills_pot(space):
            self.stop_brewing(STOPPED, "pot_full", space=space)

    def chip_to_supply(self, chip_id: str, why: str) -> None:
        """A chip leaves this seat's bag, hand or pot for good, back into the box; a chip taken
        out of the pot leaves its space behind (`Seat.vacated`)."""
        seat = self.seat
        for place in (seat.bag, seat.hand, seat.returning):
            if chip_id in place:
                place.remove(chip_id)
        for placed, space in seat.pot:
            if placed == chip_id:
                seat.take_out((chip_id,))
                seat.vacated = max(seat.vacated, space)
                break
        stock = self.state.supply[chip(chip_id).kind]
        stock.append(chip_id)
        stock.sort()
        self.emit("chip_removed", chip=chip_id, why=why)

    def ask(self, kind: str, rule: str, prompt: Text, options: list[Option], *,
            blocking: bool = True, data: dict[str, Any] | None = None) -> Decision:
        """Open a decision for this seat; its id comes from a counter so replays give the same ids."""
        state = self.state
        state.asked.append((rule, prompt))
        decision = Decision(f"d{len(state.asked)}", self.seat_no, kind, rule, prompt, options,
                            blocking=blocking, data=data or {})
        state.decisions.append(decision)
        return decision

    def put_back(self, chips: list[str], why: str) -> None:
        """Chips not laid (drawn to look at, or beside the pot) go back into the bag."""
        self.seat.put_in_bag(chips)
        self.events.append({"event": "returned", "seat": self.seat_no, "chips": chips, "why": why})

    def pot_to_bag(self, chips: list[str], why: str | None) -> None:
        """Chips laid this round go from the pot (or the overflow bowl) back into the bag: the
        flask, the mandrake, a card, a witch, a patient, a locoweed book. Their spaces stay empty
        (the next chip counts from the newest chip left), and the seat's offers about them go with
        them: there is nothing left to act on. `why` None: the caller's own event says it (the flask)."""
        seat, state, n = self.seat, self.state, self.seat_no
        seat.take_out(chips)
        kept = []
        for d in state.decisions:  # a plain loop: on Python 3.11 a comprehension is a call of its own
            if d.seat != n or d.blocking or not any(v in chips for v in d.data.values() if type(v) is str):
                kept.append(d)
        state.decisions = kept
        if why is None:
            seat.put_in_bag(chips)
        else:
            self.put_back(chips, why)

    def withdraw_offers(self, *, stopping: bool = True) -> None:
        """The seat draws or lays its next chip (`stopping` False), or stops: its offers that lapse
        go; a droplet move not chosen by then goes to the pot droplet."""
        state, n = self.state, self.seat_no
        for d in state.decisions:  # a plain loop, the lists built only if one lapses: asked before most draws
            if d.seat == n and d.lapses(stopping=stopping):
                break
        else:
            return
        offers, kept = [], []
        for d in state.decisions:
            if d.seat == n and d.lapses(stopping=stopping):
                offers.append(d)
            else:
                kept.append(d)
        state.decisions = kept
        for d in offers:
            if d.rule == droplets.DROPLET:
                droplets.lapse(self, d)

    def close(self, decision: Decision) -> None:
        self.state.decisions.remove(decision)

    def stop_brewing(self, status: str, event: str, **data: Any) -> None:
        """The seat draws no more this round: it stopped, exploded, filled its pot or emptied its
        bag. A book that acts once a seat has stopped (red set 2) acts now, once per round. A
        chip laid after stopping (red sets 2 and 6, a card) may still fill the pot, which changes
        nothing, or explode it (a white chip set aside by red set 6 still counts)."""
        seat = self.seat
        brewing = seat.status == BREWING
        if brewing or status == EXPLODED:
            self.state.set_status(self.seat_no, status)
        self.emit(event, **data)
        if brewing:
            for rule in active_rules(self.state.config).values():
                if rule.on_stop:
                    rule.on_stop(self)

    def place(self, chip_id: str, *, safe: bool = False) -> None:
        """Place a chip from the hand or bag as this seat's next chip (used by look-ahead rules).

        `safe`: a chip placed for a card, which cannot explode the pot and has no action (Ear
        worm's chips cannot explode it either, but act: `placing.EAR_WORM`)."""
        placing.place(self, chip_id, safe=safe)
