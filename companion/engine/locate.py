"""Where a chip is now: the answer a referee gives when a chip turns up somewhere odd."""

from __future__ import annotations

from typing import TypedDict

from .model import GameState, chip


class Where(TypedDict, total=False):
    place: str
    seat: int
    space: int


def locate(state: GameState, chip_id: str) -> Where:
    """{"place": "bag"|"pot"|"hand"|"aside"|"bowl"|"laid_out"|"supply"|"unknown", "seat": n, "space": n}."""
    for n, seat in enumerate(state.seats):
        if chip_id in seat.bag:
            return {"place": "bag", "seat": n}
        for cid, space in seat.pot:
            if cid == chip_id:
                return {"place": "pot", "seat": n, "space": space}
        if chip_id in seat.hand:
            return {"place": "hand", "seat": n}
        if chip_id in seat.aside:
            return {"place": "aside", "seat": n}
        if chip_id in seat.bowl:
            return {"place": "bowl", "seat": n}
        if chip_id in seat.laid_out:
            return {"place": "laid_out", "seat": n}
    try:
        kind = chip(chip_id).kind
    except ValueError:
        return {"place": "unknown"}
    if chip_id in state.supply.get(kind, ()):
        return {"place": "supply"}
    return {"place": "unknown"}


def describe_location(state: GameState, chip_id: str) -> str:
    where = locate(state, chip_id)
    place = where["place"]
    if place == "unknown":
        return f"{chip_id} is not a chip of this game"
    if place == "supply":
        return f"{chip_id} is still in the supply"
    name = state.seats[where["seat"]].name
    if place == "pot":
        return f"{chip_id} is in {name}'s pot on space {where['space']}"
    if place == "hand":
        return f"{chip_id} is in {name}'s hand (drawn to look at)"
    if place == "aside":
        return f"{chip_id} is beside {name}'s pot (kept out of the bag)"
    if place == "bowl":
        return f"{chip_id} is in {name}'s overflow bowl"
    if place == "laid_out":
        return f"{chip_id} is laid out by {name}'s pot (Nervousness)"
    return f"{chip_id} is in {name}'s {place}"
