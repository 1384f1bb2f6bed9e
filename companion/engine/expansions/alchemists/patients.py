"""The Alchemists' eight patients, as one data table: what each chart says and each essence card's glasses.

The glass values were read from small pictures of the cards (fact sheet §2.5, confidence
low-medium, Q-A5): a group that finds different values on its own cards corrects them here, in
`PATIENTS`, and nowhere else. Each patient's rule (when its own bonus comes and what it does) is
in `essence.py`; this module only holds the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...text import N_

ESSENCE_SPACES = 10
"""The flask's track runs from 0 to 10; the essence phase never goes past 10 (Q-A1)."""
EXACT_WHITES = 7
"""Whites in the pot totalling exactly this give one more essence space."""
ACTION_COST = {"carrot-nose": 2, "witchs-hump": 2, "double": 2, "back": 3}
"""Essence an action costs: Carrot nose's pumpkin, Witch's hump's bonus, Wing ears' two choices."""
PATIENTS_LAID_OUT = 3
"""Patients drawn at setup; each player treats one of them (several may treat the same)."""

# When a patient's own bonus (an oval glass, or the essence spent as a budget) comes:
AFTER_ESSENCE = "essence"  # at once, at the end of the essence phase
NEXT_BREWING = "brewing"  # during the next potion phase


@dataclass(frozen=True, slots=True)
class Glass:
    """One glass under the flask's tube: victory points at once, extra rat tails next round, and
    `oval`, the patient's own bonus (how many chips, how many coins, or which reward: see the patient)."""

    vp: int = 0
    rat: int = 0
    oval: int = 0

    @property
    def empty(self) -> bool:
        return not (self.vp or self.rat or self.oval)


@dataclass(frozen=True, slots=True)
class Patient:
    id: str
    name: str  # the English name, a catalog source string
    text: str  # what the chart says, a catalog source string
    when: str  # AFTER_ESSENCE or NEXT_BREWING
    start: tuple[tuple[str, int], ...]  # chips added to the starting bag: (colour, value)
    glasses: tuple[Glass, ...]  # spaces 1 to 10 of the flask
    spends: bool = False  # the marker's space is essence the next potion phase spends on the patient's action

    def glass(self, space: int) -> Glass:
        """The glass a marker on `space` leads to (space 0 leads to none)."""
        return self.glasses[space - 1] if 1 <= space <= ESSENCE_SPACES else NO_GLASS


NO_GLASS = Glass()
"""An empty glass, where a marker on space 0 leads: one for all (a glass is never changed), not a
new frozen dataclass each time a patient's glass is asked."""


_ = NO_GLASS
R = Glass(rat=1)


def _vp(n: int) -> Glass:
    return Glass(vp=n)


def _oval(n: int, rat: int = 0) -> Glass:
    return Glass(rat=rat, oval=n)


_ACTION_GLASSES = (R, _, R, _, R, _, _vp(1), _vp(1), _vp(2), _vp(2))
"""Carrot nose and Witch's hump: their own bonus is the essence itself, spent in the next potion phase."""

CHICKEN_REWARDS: tuple[str, ...] = (
    "ruby", "orange", "swap2", "flask", "red", "rubies3", "die2", "droplet2", "swap4", "die4",
)
"""Chicken eyes: the reward of each oval, spaces 1 to 10 (the oval's number is its index + 1)."""

PATIENTS: dict[str, Patient] = {p.id: p for p in (
    Patient("nervousness", N_("Nervousness"),
            N_("Next potion phase: draw as many chips as the oval shows, put the white ones back and lay "
               "the rest out; before each draw you may place one of them instead."),
            NEXT_BREWING, (), (R, *(_oval(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 10)))),
    Patient("ear-worm", N_("Ear worm"),
            N_("Right after the essence phase: draw as many chips as the oval shows and place them; white "
               "chips cannot make the pot explode."),
            AFTER_ESSENCE, (), (_oval(1), _oval(1, 1), _oval(2), _oval(2, 1), _oval(3), _oval(3, 1),
                                _oval(4), _oval(4, 1), _oval(5), _oval(6))),
    Patient("carrot-nose", N_("Carrot nose"),
            N_("Start with one more pumpkin. Next potion phase: pay 2 essence to put a drawn pumpkin on the "
               "next free ruby space instead."),
            NEXT_BREWING, (("orange", 1),), _ACTION_GLASSES, spends=True),
    Patient("wing-ears", N_("Wing ears"),
            N_("Next potion phase: for a drawn white chip pay 2 essence to move it twice its value, or 3 "
               "essence to put it back into the bag (not the chip that exploded the pot)."),
            NEXT_BREWING, (), (R, _, _, _, _, _, _vp(1), _vp(1), _vp(2), _vp(2)), spends=True),
    Patient("chicken-eyes", N_("Chicken eyes"),
            N_("Right after the essence phase: take the reward of your oval."),
            AFTER_ESSENCE, (), tuple(_oval(n) for n in range(1, ESSENCE_SPACES + 1))),
    Patient("witchs-hump", N_("Witch's hump"),
            N_("Next potion phase: when you place a chip on a ruby space, pay 2 essence for a bonus by its "
               "value: 1 ruby, a die roll, a yellow 1-chip or 3 victory points."),
            NEXT_BREWING, (), _ACTION_GLASSES, spends=True),
    Patient("forgetfulness", N_("Forgetfulness"),
            N_("Start with two more chips. Next potion phase: return a coloured chip (not locoweed) from "
               "your pot to the bag, paying essence equal to its value."),
            NEXT_BREWING, (("blue", 1), ("red", 1)), (_, _, _, _, _, _, _vp(1), _vp(1), _vp(2), _vp(2)),
            spends=True),
    Patient("vampirism", N_("Vampirism"),
            N_("Right after the essence phase: buy one extra chip with as many coins as your space."),
            AFTER_ESSENCE, (), (R, *(_oval(n) for n in range(2, ESSENCE_SPACES + 1)))),
)}
"""The eight patients by id. Forgetfulness' start chips are the rulebook's blue 1 and red 1 (D3)."""
