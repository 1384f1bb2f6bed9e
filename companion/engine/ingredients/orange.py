"""Pumpkin (orange): no action; it only fills the pot. The Herb Witches replace the book with one
that also sells an orange 6-chip; no upgrade ever applies to orange (`catalog.NEVER_UPGRADED`)."""

from __future__ import annotations

from ..text import N_
from ._rule import IngredientRule, Reads

RULE = IngredientRule("orange/-", "orange", None, N_("No bonus: an orange chip only fills the pot."),
                      reads=Reads())
WITCHES = IngredientRule("orange/6", "orange", None,
                         N_("No bonus: an orange chip only fills the pot. An orange chip is never upgraded: an "
                            "orange 1-chip never becomes an orange 6-chip."),
                         reads=Reads())
