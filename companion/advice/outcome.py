"""What a way of playing on is worth: the numbers both advice searches pass around."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """Expected result of a way of playing on: its value in VP and what it rests on."""

    value: float
    coins: float
    vp: float
    rubies: float
    explode: float  # probability that the pot explodes

    def to_dict(self) -> dict[str, float]:
        return {"value": round(self.value, 3), "coins": round(self.coins, 2), "vp": round(self.vp, 2),
                "rubies": round(self.rubies, 2), "explode": round(self.explode, 4)}


@dataclass(frozen=True, slots=True)
class Gains:
    """What evaluation step B gave a seat: victory points, rubies, droplet steps."""

    vp: int
    rubies: int
    droplet: int


def mix(weighted: list[tuple[float, Outcome]]) -> Outcome:
    """The expectation of outcomes met with these probabilities."""
    return Outcome(*(sum(p * getattr(o, f) for p, o in weighted) for f in Outcome.__slots__))


def best(outcomes: list[Outcome]) -> Outcome:
    """The outcome worth most (the first of equals)."""
    return max(outcomes, key=lambda o: o.value)


class TooDeep(Exception):
    """The search met more positions than its caller allowed (a live page asks with a limit)."""
