"""How a chip is named on screens and in decisions."""

from __future__ import annotations

from ..model import chip


def chip_label(chip_id: str) -> str:
    c = chip(chip_id)
    return f"{c.color} {c.value}"
