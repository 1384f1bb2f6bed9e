"""What became of an input the table was given, and the refusal of a correction."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine import IllegalAction
from companion.store import AnomalyRow, Entry


class CorrectionRefused(ValueError):
    """A correction the host asked for that would leave an impossible game; nothing was written."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one input: a journal entry, or an anomaly with the reason."""

    seq: int
    entry: Entry | None = None
    anomaly: AnomalyRow | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    refused: tuple[str, str] | None = None
    """A refusal's code and reason (its anomaly may be a sender's row that only counts it)."""

    @property
    def accepted(self) -> bool:
        return self.entry is not None


def accepted(outcome: Outcome) -> Outcome:
    """The outcome of an input that was taken; a refusal is raised as the IllegalAction it records."""
    if outcome.refused is not None:
        raise IllegalAction(*outcome.refused)
    return outcome
