"""Extract every message from the code and templates into messages.pot, and update each catalog.

Run from the repository's root after adding or changing a text:
``python -m companion.words.extract``. New messages appear in each language's .po with an
empty translation (the catalog test then names them); changed ones are marked fuzzy.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from .catalogs import DOMAIN, LOCALE_DIR, languages, po_path

ROOT = Path(__file__).resolve().parents[2]
STAMP = datetime(2026, 11, 23, tzinfo=UTC)
"""A fixed creation date, and locations without line numbers: several people may extract at once,
and their catalogs then merge without conflicts in lines nobody translated."""
KEYWORDS = {
    "_": None, "gettext": None, "ngettext": (1, 2), "N_": None,
    "say": None, "say_n": (1, 2),  # companion.engine.text
    "N_n": (1, 2),  # companion.webapp.i18n: a script's singular and plural
}
POT = LOCALE_DIR / f"{DOMAIN}.pot"


def extract(root: Path = ROOT) -> Catalog:
    """Every message the code and the templates mark, as a template catalog (no translations)."""
    with (root / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    template = Catalog(project="quacks-companion", domain=DOMAIN, fuzzy=False, creation_date=STAMP)
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def main() -> None:
    template = extract()
    with POT.open("wb") as out:
        write_po(out, template, width=100, sort_output=True, include_lineno=False)
    for lang in languages()[1:]:
        path = po_path(lang)
        with path.open("rb") as po:
            catalog = read_po(po, locale=lang)
        catalog.update(template, no_fuzzy_matching=True)  # a guessed translation would hide a missing one
        catalog.revision_date = STAMP
        with path.open("wb") as out:
            write_po(out, catalog, width=100, sort_output=True, ignore_obsolete=True, include_lineno=False)
    print(f"{len(template)} messages in {POT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
