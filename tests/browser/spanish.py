"""Is a page Spanish? No English text from the catalog, no raw key, no unfilled placeholder."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from companion.webapp.i18n import SCRIPT
from companion.words.catalogs import po_path

PLACEHOLDER = re.compile(r"\{\w*\}")


def _english_fragments() -> set[str]:
    """The English catalog's words a Spanish page must not show: each text's pieces between its
    placeholders, when the Spanish translation differs and no Spanish text uses the same piece."""
    with po_path("es").open("rb") as po:
        catalog = [m for m in read_po(po, locale="es") if m.id]
    spanish = " ".join(s for m in catalog for s in (m.string if isinstance(m.string, tuple) else (m.string,)))
    found = set()
    for m in catalog:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if set(ids) == set(strings):
            continue
        for text in ids:
            for piece in PLACEHOLDER.split(text):
                piece = piece.strip(" .,:;()·→—-+#?!")
                if len(piece) > 3 and re.search(r"[a-z]{3}", piece) and piece not in spanish:
                    found.add(piece)
    return found


ENGLISH = _english_fragments()
RAW_KEY = re.compile(r"\b(?:" + "|".join(sorted((re.escape(k) for k in SCRIPT if "_" in k), key=len, reverse=True))
                     + r")\b|\{\w*\}|\bmsgid\b")


def english_in(text: str) -> list[str]:
    """English pieces in ``text``; a word inside a hyphenated name (a file, a reader) is no sentence."""
    return sorted(e for e in ENGLISH if re.search(r"(?<![\w-])" + re.escape(e) + r"(?![\w-])", text))


def assert_spanish(page, where: str) -> None:
    """The whole visible page, the feed of the engine's events included (links are addresses, not words)."""
    text = re.sub(r"https?://\S+", "", page.evaluate("() => document.body.innerText"))
    raw = RAW_KEY.search(text)
    assert not raw, f"{where}: raw key {raw.group(0)!r}"
    found = english_in(text)
    assert not found, f"{where}: English on a Spanish page: {found}"
