"""The one exception the engine raises for input it refuses."""

from __future__ import annotations


class IllegalAction(Exception):
    """An input the rules do not allow now; the state it was offered to is unchanged.

    `code` is stable and machine-readable (for the web layer and the anomalies log);
    `reason` is the sentence a referee would say.
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class ConfigError(ValueError):
    """A game setup the rules cannot start (wrong player count, unknown book, ...)."""
