"""Every word the screens and the CLI show, in the page's language, from gettext message catalogs.

The engine emits data: events (a key and parameters) and `Text`s (a catalog source string and
parameters) for prompts, labels, book and card texts. This package turns them into sentences:
`render` a `Text`, `describe` an event, `localize` a view. The catalogs are `locale/`; see
docs/translations.md for adding a text or a language.
"""

from .actions import action_text
from .catalogs import MissingTranslation, languages, translations
from .events import PHASES, describe
from .render import chips_named, localize, render

__all__ = ["MissingTranslation", "action_text", "chips_named", "PHASES", "describe", "languages", "localize", "render", "translations"]
