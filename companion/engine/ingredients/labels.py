"""How a chip is named on screens and in decisions: its colour and value, as catalog text."""

from __future__ import annotations

from functools import cache

from ..model import chip
from ..text import N_, Text, say

CHIP_NAMES = {
    "white": N_("white {value}"), "orange": N_("orange {value}"), "green": N_("green {value}"),
    "blue": N_("blue {value}"), "red": N_("red {value}"), "yellow": N_("yellow {value}"),
    "purple": N_("purple {value}"), "black": N_("black {value}"), "locoweed": N_("locoweed"),
}
"""One source string per colour: languages where the colour's word agrees with "chip" need it;
locoweed prints no value, so its name has none."""


@cache
def kind_label(color: str, value: int) -> Text:
    """'white 1': a kind of chip (a colour and a value), as players name it. Made once per kind
    (a `Text` is never changed once made): the looks, offers and questions name chips after nearly
    every draw."""
    return say(CHIP_NAMES[color], value=value)


def chip_label(chip_id: str) -> Text:
    """One chip by its kind: `white-1-03` is 'white 1'."""
    c = chip(chip_id)
    return kind_label(c.color, c.value)
