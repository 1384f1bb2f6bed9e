"""The shop: what each chip for sale adds over the rounds left, and the best purchases.

A chip is valued by what it adds to the seat's brews in every round left (`futures.Futures`,
the value model in docs/advice.md). The supply and the books' rounds (yellow from round 2, purple
from round 3) limit what is offered (`evaluation.offers`). Every chip the seat may buy is first
sampled on `FIRST` draw orders; the `CLOSE` best of them go on to all of `futures.SAMPLES`, so the
chips that decide the purchase are valued most closely and every value says its own error. A
pair is valued together when the sum of its two chips' values puts it among the best (`PAIRS`),
since two chips in one bag share its draws: one of the close chips with any other.
"""

from __future__ import annotations

from collections.abc import Generator
from itertools import combinations
from typing import Any

from ..engine import catalog
from ..engine.model import GameState
from ..engine.phases import evaluation
from .futures import Futures, Valued

FIRST = 16
"""Draw orders every chip for sale is valued on."""

CLOSE = 5
"""Chips valued on every draw order: the best after the first ones."""

PAIRS = 3
"""Pairs valued together: the best by the sum of their chips' values."""

SHOWN = 3
"""Purchases in the advice's ranking."""

Offer = tuple[str, int]  # (colour, value)


def _kind(offer: Offer) -> str:
    return f"{offer[0]}-{offer[1]}"


def _entry(offers: tuple[Offer, ...], cost: int, valued: Valued) -> dict[str, Any]:
    return {"chips": [list(o) for o in offers], "cost": cost, **valued.to_dict()}


def advise_shop(state: GameState, seat_no: int, *, futures: Futures | None = None) -> dict[str, Any]:
    """The seat's shop advice (JSON-ready): every chip it may buy now with its value (`chips`,
    best first), and the best purchases (`best`: one chip, or two of different colours within its
    coins) ranked; a purchase worth nothing is not advised."""
    return finish(shop_steps(state, seat_no, futures=futures))


def finish(steps: Generator[None, None, dict[str, Any]]) -> dict[str, Any]:
    """Work a piece-at-a-time answer (`shop_steps`, `choice_steps`) out to its end, at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            found: dict[str, Any] = done.value
            return found


def shop_steps(state: GameState, seat_no: int, *,
               futures: Futures | None = None) -> Generator[None, None, dict[str, Any]]:
    """`advise_shop` a piece at a time: it yields after each purchase valued (a few tens of
    milliseconds), so a server can answer between the pieces; its return value is the advice."""
    offers = [o for o in evaluation.offers(state, seat_no) if o[0] in catalog.COLORS]
    seat = state.seats[seat_no]
    found: dict[str, Any] = {"seat": seat_no, "round": state.round, "coins": seat.coins,
                             "rounds": catalog.ROUNDS - state.round, "chips": [], "best": []}
    if not offers or state.round >= catalog.ROUNDS:
        return found
    futures = futures or Futures(state, seat_no)
    yield
    cost = {o: evaluation.price(state, *o) or 0 for o in offers}
    quick: dict[Offer, Valued] = {}
    for o in offers:
        quick[o] = futures.value([_kind(o)], samples=FIRST)
        yield
    close = sorted(offers, key=lambda o: -quick[o].value)[:CLOSE]
    single = dict(quick)
    for o in close:
        single[o] = futures.value([_kind(o)])
        yield
    ranked = sorted(offers, key=lambda o: -single[o].value)
    found["chips"] = [_entry((o,), cost[o], single[o]) for o in ranked]
    options: list[tuple[tuple[Offer, ...], int, Valued]] = [((o,), cost[o], single[o]) for o in ranked]
    if len(seat.bought) + 2 <= catalog.MAX_PURCHASES:
        pairs = [(a, b) for a, b in combinations(ranked, 2)
                 if a in close and a[0] != b[0] and cost[a] + cost[b] <= seat.coins]
        pairs.sort(key=lambda p: -(single[p[0]].value + single[p[1]].value))
        for a, b in pairs[:PAIRS]:
            options.append(((a, b), cost[a] + cost[b], futures.value([_kind(a), _kind(b)])))
            yield
    options.sort(key=lambda o: -o[2].value)
    found["best"] = [_entry(*o) for o in options[:SHOWN] if o[2].value > 0]
    return found
