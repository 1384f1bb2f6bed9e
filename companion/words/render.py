"""Texts in a language: the engine's `Text`s (or their JSON form) and the views that carry them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.engine.ingredients.labels import kind_label
from companion.engine.text import Text

from .catalogs import translations


def render(text: Text | Mapping[str, Any], lang: str) -> str:
    """A prompt, a label, a book's or a card's text, in `lang`, its parameters rendered too."""
    data = text.to_dict() if isinstance(text, Text) else text
    params = {k: render(v, lang) if isinstance(v, Mapping) else v for k, v in data["params"].items()}
    words = translations(lang)
    msgid, plural = data["msgid"], data.get("plural")
    found = words.ngettext(msgid, plural, params["n"]) if plural else words.gettext(msgid)
    return found.format(**params)


CHIP_ID = re.compile(r"\b([a-z]+)-(\d)-\d\d\b")


def chips_named(text: str, lang: str) -> str:
    """A rule's reason with each chip id ("white-1-03") as the chip's name, as players say it."""
    def name(match: re.Match[str]) -> str:
        try:
            return render(kind_label(match.group(1), int(match.group(2))), lang)
        except (KeyError, ValueError):
            return match.group(0)
    return CHIP_ID.sub(name, text)


def localize(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """A view (`state_to_dict`, `view_for`) with every text in `lang`: decisions, books, the card,
    what each seat's books hold for its next chips, the witches in play, the patients laid out (The Alchemists).

    Changes `view` in place and returns it: screens and `--json` show words, not catalog keys."""
    for decision in view.get("decisions", ()):
        decision["prompt"] = render(decision["prompt"], lang)
        for option in decision["options"]:
            option["label"] = render(option["label"], lang)
    for seat in view.get("seats", ()):
        for effect in seat.get("in_force", ()):
            effect["text"] = render(effect["text"], lang)
    for book in view.get("books", {}).values():
        book["text"] = render(book["text"], lang)
    for patient in view.get("patients", ()):
        patient["name"], patient["text"] = render(patient["name"], lang), render(patient["text"], lang)
        for glass in patient["glasses"]:
            glass["label"] = render(glass["label"], lang)
    card = view.get("card")
    if card:
        card["name"] = render(card["name"], lang)
        card["text"] = render(card["text"], lang)
    for witch in view.get("witches", ()):
        for key in ("name", "text", "metal"):
            witch[key] = render(witch[key], lang)
    return view
