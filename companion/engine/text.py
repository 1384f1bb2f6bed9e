"""Words as data: what a screen says, as a catalog's source string and its parameters.

The engine never writes a sentence in a language. A prompt, an option's label, a book's or a
card's text is a `Text`: the English source string (the message catalog's msgid, with `{name}`
placeholders) and the values to put in, some of them `Text`s themselves (a chip's name). The
screens render it in the page's language from the catalogs (`companion.words`); `str()` gives
the English source filled in, for refusal messages and logs. `say`, `say_n` and `N_` are the
markers the catalog extraction looks for (babel.cfg), so every string written with them is
translated or a test fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Text:
    """A value, never changed once made (labels are shared: `kind_label`), but not a frozen record:
    one is made for nearly every question a game asks, and a frozen record costs the interpreter
    twice as much to build. Its `params` are a dict, so it was never hashable either."""

    msgid: str
    params: dict[str, Any] = field(default_factory=dict)
    plural: str = ""  # the plural source string; `params["n"]` chooses the form

    def __str__(self) -> str:
        source = self.plural if self.plural and self.params.get("n") != 1 else self.msgid
        return source.format(**{k: str(v) for k, v in self.params.items()})

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: nested `Text`s become dicts too, so a page or a file can carry it."""
        out: dict[str, Any] = {"msgid": self.msgid,
                               "params": {k: v.to_dict() if isinstance(v, Text) else v for k, v in self.params.items()}}
        if self.plural:
            out["plural"] = self.plural
        return out


def say(msgid: str, **params: Any) -> Text:
    """A sentence or label: `say("Crow skull {value}: ...", value=2)`."""
    return Text(msgid, params)


def say_n(singular: str, plural: str, n: int, **params: Any) -> Text:
    """A count with its words in the right number: `say_n("{n} ruby", "{n} rubies", k)`."""
    return Text(singular, {"n": n, **params}, plural)


def N_(msgid: str) -> str:  # noqa: N802 (the gettext convention's name)
    """Marks a fixed string (a book's text, a reason) for the catalogs; it stays the string itself."""
    return msgid
