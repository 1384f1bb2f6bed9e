"""The Fortune Teller card picker's words: every card's name and text in the page's language.

The English names and texts are the engine's (`companion.engine.cards`), translated in the
catalogs. The Spanish rulebook names no card, so the Spanish catalog translates the card texts in
the rulebook's own words (caldero, gota, ficha, rubí, cola de rata, frasco).
"""

from __future__ import annotations

from typing import Any

from companion.engine import CARDS, OTHER_TITLES
from companion.engine.text import N_, say
from companion.words import render, translations

WORDS: dict[str, str] = {
    "search": N_("Which card was turned up? Type its name"), "confirm": N_("This is the card"),
    "draw": N_("Draw one for us"), "none": N_("No card"), "purple": N_("purple: now"),
    "blue": N_("blue: this round"), "no_match": N_("No unused card has that name"),
}


def catalog(lang: str) -> dict[str, Any]:
    """The picker's data for a page: its words, and every card with its name and text in `lang`
    (searchable by its English titles too, whatever the printing)."""
    cards = []
    for card in CARDS.values():
        name, text = render(say(card.name), lang), render(say(card.text), lang)
        cards.append({"id": card.id, "kind": card.kind, "name": name, "text": text,
                      "search": [card.name, *OTHER_TITLES.get(card.id, ())]})
    words = translations(lang)
    return {"words": {key: words.gettext(msgid) for key, msgid in WORDS.items()}, "cards": cards}
