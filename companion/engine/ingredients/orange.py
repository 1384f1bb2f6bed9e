"""Pumpkin (orange): no action; it only fills the pot."""

from __future__ import annotations

from ..text import N_
from ._rule import IngredientRule, Reads

RULE = IngredientRule("orange/-", "orange", None, N_("No bonus: an orange chip only fills the pot."),
                      reads=Reads())
