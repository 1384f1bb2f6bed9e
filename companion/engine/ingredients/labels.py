"""How a chip, and a count of things, is named on screens and in decisions."""

from __future__ import annotations

from ..model import chip


def chip_label(chip_id: str) -> str:
    c = chip(chip_id)
    return f"{c.color} {c.value}"


def plural(count: int, one: str, many: str | None = None) -> str:
    """'1 coin', '2 coins': a count with its noun in the right number ('1 ruby', '2 rubies')."""
    return f"{count} {one if count == 1 else (many or one + 's')}"
