"""A bag's mouth as people use it: each chip passes the reader, and now and then the reader slips.

A chip in a handful of eight may not answer the reader's anticollision at all (missed); a chip
that leaves the antenna's field and comes back after the reader's hold is reported again (read
twice); a bag's cable pulled out loses nothing: like a Pico bag, the reads made meanwhile are
handed over, in order, once it is plugged back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.devices import SimulatedBag

from .agenda import Agenda


@dataclass(frozen=True)
class Habits:
    """How a group and its readers behave; times in seconds, chances per chip or per round."""

    pour: float = 20.0
    """Chips poured back at the end of a round trickle in over this many seconds."""
    card: float = 20.0
    """The next card is turned at a random moment this long after the round ends."""
    handful: int = 8
    """Chips poured back at once, at most."""
    miss: float = 0.03
    """A chip passing the reader is not read."""
    twice: float = 0.03
    """A chip passing the reader is read again once it has left the field for longer than the reader's hold."""
    twice_after: tuple[float, float] = (1.05, 2.5)
    unplug: float = 0.15
    """A round in which one bag's cable is pulled out for a while."""
    unplugged: tuple[float, float] = (3.0, 10.0)
    think: tuple[float, float] = (0.8, 2.5)
    """A person's pause before each draw or tap (a bot waits as long)."""
    put_back: tuple[float, float] = (0.4, 1.5)
    """A chip a rule puts back (the flask's white, a look's chips) reaches the bag's mouth this much later."""
    recheck: float = 3.0
    """A person whose draw does not show on the phone passes the chip over the reader again after this."""


EVENING = Habits()
"""The evening of the issue: returns over 20 s, the card inside that window, handfuls of up to eight."""

CAREFUL = Habits(miss=0.0, twice=0.0, unplug=0.0)
"""Readers that never slip: every chip read once, as a test of whole games wants when nothing may be refused."""

DEMO = Habits(pour=6.0, card=6.0, miss=0.02, twice=0.02, unplug=0.0, think=(1.0, 2.2))
"""The demo's simulated players: the same habits, quicker, and no cable pulled out."""


class Mouth:
    """One bag's reader as hands use it."""

    def __init__(self, bag: SimulatedBag, agenda: Agenda, rng: random.Random, habits: Habits,
                 uids: dict[str, str]) -> None:
        self.bag, self.agenda, self.rng, self.habits, self.uids = bag, agenda, rng, habits, uids
        self.held: list[str] | None = None  # reads made while unplugged, in order
        self.missed = self.doubled = self.unplugged = 0

    @property
    def plugged(self) -> bool:
        return self.held is None

    def pass_chip(self, chip: str, *, perfect: bool = False) -> bool:
        """The chip passes the reader now; False when the reader missed it."""
        if not perfect and self.rng.random() < self.habits.miss:
            self.missed += 1
            return False
        self._read(chip)
        if not perfect and self.rng.random() < self.habits.twice:
            self.doubled += 1
            self.agenda.after(self.rng.uniform(*self.habits.twice_after), lambda: self._read(chip))
        return True

    def _read(self, chip: str) -> None:
        if self.held is not None:
            self.held.append(chip)
        else:
            self.bag.present(self.uids[chip], at=self.agenda.now())

    def unplug(self, seconds: float) -> None:
        """The cable is pulled out; plugged back after `seconds`, handing over what it read meanwhile."""
        if self.held is not None:
            return
        self.held = []
        self.unplugged += 1
        self.bag.stop()
        self.agenda.after(seconds, self._plug)

    def _plug(self) -> None:
        held, self.held = self.held or [], None
        self.bag.start()
        for chip in held:
            self._read(chip)
