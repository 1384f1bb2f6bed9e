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

    @property
    def accepted(self) -> bool:
        return self.entry is not None


def accepted(outcome: Outcome) -> Outcome:
    """The outcome of an input that was taken; an anomaly is raised as the refusal it records."""
    if outcome.anomaly is not None:
        raise IllegalAction(outcome.anomaly.code, outcome.anomaly.reason)
    return outcome
