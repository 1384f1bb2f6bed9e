"""The message catalogs: one gettext catalog per language, compiled from its .po file when first used
(the web app compiles every one when it is made: `webapp.i18n.init_babel`).

English is the source language (the msgids are the English texts), so it needs no catalog. Any
other language is `locale/<lang>/LC_MESSAGES/messages.po`, compiled in memory with Babel's own
compiler: the .po file is the one thing to ship, whether the package is a wheel, an editable
install or a fresh clone. A message missing from a language's catalog raises `MissingTranslation`
instead of falling back to English, so a test that renders it fails.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

SOURCE = "en"
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"


class MissingTranslation(LookupError):
    """A message that has no translation in a language's catalog."""


class _Refuse(NullTranslations):
    """The end of the fallback chain: a message that got here is missing from the catalog."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        raise MissingTranslation(f"no {self.lang} translation of {message!r}")

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise MissingTranslation(f"no {self.lang} translation of {msgid1!r}")

    ugettext = gettext
    ungettext = ngettext


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> tuple[str, ...]:
    """English, then every language that has a catalog."""
    found = sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())
    return (SOURCE, *found)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (English: the source strings themselves)."""
    if lang == SOURCE:
        return NullTranslations()
    path = po_path(lang)
    if not path.is_file():
        raise MissingTranslation(f"there is no {lang} catalog ({path})")
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    found = Translations(compiled, domain=DOMAIN)
    found.add_fallback(_Refuse(lang))
    return found
