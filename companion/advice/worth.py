"""What an outcome of a round is worth, in victory points: the value model of the advice.

Every number of the model is here; `docs/advice.md` gives the reasoning. A coin is worth what it
buys for the rounds left, a ruby what two of them buy (a droplet step), a droplet step what one
more space is worth in every later round; in round 9 each is worth exactly what the final
scoring converts it to.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import catalog

COIN_FIRST, COIN_LAST_SHOP = 0.6, 0.25
"""VP per coin in round 1 and in round 8 (the last shop), straight in between; round 9: 1/5."""

SPACE_VP = 0.25
"""VP a space further along the track adds on average in a later round, beside its coin."""

ORANGE_COINS = 3
"""What the die's orange chip would cost in the shop."""


@dataclass(frozen=True, slots=True)
class Worth:
    """VP per coin, ruby, droplet step, full flask and bonus die in one round."""

    round: int
    coin: float
    ruby: float
    droplet: float
    flask: float
    die: float


def coin_worth(round_no: int) -> float:
    if round_no >= catalog.ROUNDS:
        return 1 / catalog.COINS_PER_VP
    step = (COIN_FIRST - COIN_LAST_SHOP) / (catalog.ROUNDS - 2)
    return COIN_FIRST - step * (min(round_no, catalog.ROUNDS - 1) - 1)


def worth(round_no: int) -> Worth:
    """The model for one round."""
    coin = coin_worth(round_no)
    droplet = sum(coin_worth(r) + SPACE_VP for r in range(round_no + 1, catalog.ROUNDS + 1))
    ruby = max(1 / catalog.RUBIES_PER_VP, droplet / catalog.DROPLET_COST)
    flask = catalog.FLASK_COST * ruby if round_no < catalog.ROUNDS else 0.0
    faces = {"vp": 1.0, "ruby": ruby, "droplet": droplet, "chip": ORANGE_COINS * coin}
    die = sum(f.amount * faces[f.kind] for f in catalog.BONUS_DIE) / len(catalog.BONUS_DIE)
    return Worth(round_no, coin, ruby, droplet, flask, die)
