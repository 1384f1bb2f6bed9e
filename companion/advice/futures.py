"""What a change to a seat's bag, flask or droplet adds over the rounds left, sampled.

A chip bought now is in the bag for every round left; a droplet step moves every later start; a
full flask saves one white chip in the next brew. Each is valued by the difference it makes to the
seat's next brew, sampled through the engine (`brews.Brewer`: the same draw orders with and
without the change), counted once for every round it lasts at that round's prices (`worth.py`):
coins at what they buy then, rubies and droplet steps at what they bring then, points as points.
The bag is taken as it will be (the round's chips back in it), the droplet and the rat stone as
they are: chips bought later and droplet steps still to come are left out, so a chip's share of
the draws is counted a little high in the late rounds. Each value comes with its standard error
over the samples.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from statistics import fmean, stdev
from typing import Any

from ..engine import catalog
from ..engine.model import BREWING, GameState
from .brews import FIELDS, Brewer, Tally, next_brew
from .sampling import seed_of
from .worth import Worth, worth

SAMPLES = 64
"""Brews per value: a chip's value over five rounds then comes within about ±0.6 VP (one
standard error), closer between two chips, which share their draw orders."""


@dataclass(frozen=True, slots=True)
class Valued:
    """What a change adds over the rounds it lasts: the value in VP, its standard error, the
    samples it rests on, and per round what it changes on average (`FIELDS`; `drawn`: how often
    the chips added all came out)."""

    value: float
    error: float
    samples: int
    per_round: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {"value": round(self.value, 2), "error": round(self.error, 2), "samples": self.samples,
                "per_round": {k: round(v, 3) for k, v in self.per_round.items()}}


SPARE = 90
"""Chip numbers from here on are past any box's count: a stand-in for a chip no longer in the supply."""


def rounds_from(round_no: int) -> list[Worth]:
    """The value model of each round from this one to the last."""
    return [worth(r) for r in range(round_no, catalog.ROUNDS + 1)]


def before_brewing(state: GameState, seat_no: int) -> bool:
    """The seat has not drawn yet this round: a chip it gains now is in this round's brew too."""
    seat = state.seats[seat_no]
    return state.phase == "fortune" or (state.phase == "brewing" and not seat.pot and seat.status == BREWING)


class Futures:
    """One seat's sampled next brews, from which any change to its chips, flask or droplet is
    valued over the rounds after this one; the first `samples` draw orders are shared by all."""

    def __init__(self, state: GameState, seat_no: int, *, samples: int = SAMPLES) -> None:
        self.state, self.seat_no = state, seat_no
        self.root = next_brew(state, seat_no)
        self.brewer = Brewer(self.root, seat_no)
        self.rounds = rounds_from(state.round + 1)
        self.now = worth(state.round)
        bag = sorted(self.root.seats[seat_no].bag)
        self.seeds = [seed_of(state.config.to_dict(), state.round, seat_no, bag, i) for i in range(samples)]
        self.base: list[Tally] = []
        self.found: dict[Any, Valued] = {}
        self.coins: dict[int, float] = {}
        """Coins -> the value of the best purchase they make in this round's shop (`choices`)."""

    def _base(self, samples: int) -> list[Tally]:
        while len(self.base) < samples:
            self.base.append(self.brewer.brew(self.seeds[len(self.base)]))
        return self.base[:samples]

    def chip_id(self, kinds: Sequence[str], k: int) -> str:
        """A chip of kind `kinds[k]` that the earlier ones named did not take: from the supply, or
        when it has run short since (a shared `Futures` outlives a shop), one numbered past the box."""
        stock, taken = self.root.supply.get(kinds[k], []), kinds[:k].count(kinds[k])
        return stock[taken] if taken < len(stock) else f"{kinds[k]}-{SPARE + taken}"

    def value(self, extra: Sequence[str] = (), *, removed: Sequence[str] = (), flask: bool | None = None,
              droplet: int = 0, lasts: int | None = None, samples: int | None = None, now: bool = False) -> Valued:
        """The change valued over the rounds it lasts (`lasts`: that many rounds, else all left;
        `now`: this round's brew too, before it starts): chips of the kinds `extra` from the supply
        added to the bag, chips `removed` from it (ids), the flask full or empty, the droplet moved on
        `droplet` spaces."""
        samples = min(samples or len(self.seeds), len(self.seeds))
        key = (tuple(sorted(extra)), tuple(sorted(removed)), flask, droplet, lasts, samples, now)
        found = self.found.get(key)
        if found is None:
            ids = [self.chip_id(sorted(extra), k) for k in range(len(extra))]
            tallies = [self.brewer.brew(seed, ids, removed=removed, flask=flask, droplet=droplet)
                       for seed in self.seeds[:samples]]
            rounds = [self.now, *self.rounds] if now else self.rounds
            found = self.found[key] = self._compare(tallies, self._base(samples), rounds[:lasts])
        return found

    @staticmethod
    def _compare(tallies: list[Tally], base: list[Tally], rounds: list[Worth]) -> Valued:
        gains = [sum(t.worth(w) - b.worth(w) for w in rounds) for t, b in zip(tallies, base, strict=True)]
        error = stdev(gains) / sqrt(len(gains)) if len(gains) > 1 else 0.0
        per_round = {f: fmean(getattr(t, f) for t in tallies) - fmean(getattr(b, f) for b in base)
                     for f in FIELDS if f != "drawn"}
        per_round["drawn"] = fmean(t.drawn for t in tallies)
        return Valued(fmean(gains), error, len(gains), per_round)
