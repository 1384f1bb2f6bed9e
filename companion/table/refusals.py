"""Refused inputs as the anomalies log keeps them: a bounded summary, repeats collapsed, and a
budget per sender.

A refused request is kept for the host, but a phone (or a script) can send thousands, each
different: each is stored as a summary of at most ``SUMMARY_BYTES`` (the fields a host needs,
cut short, and the size of the original) with its reason cut to ``REASON_CHARS`` (a reason may
quote what was sent); the same refusal coming again within ``REPEAT_SECONDS`` of the last one
only counts up its row ("refused ×312 in 10 s") instead of adding another; and each seat link and
each address has ``BUDGET`` rows per game, after which its refusals are only counted, on one row
per sender. Reads from a bag are never collapsed: each one is a chip that passed a reader, which
the host may assign.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

SUMMARY_BYTES = 512
FIELD_CHARS = 32
FIELDS = 8
REASON_CHARS = 200
BUDGET = 100
"""Refusals stored one by one per seat link and per address in a game; past it they are counted."""
REPEAT_SECONDS = 10.0
REMEMBERED = 64
"""How many different refusals are watched for repeats at once."""


def _size(payload: Any) -> int:
    return len(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode())


def _short(value: Any) -> Any:
    if value is None or isinstance(value, bool | float):
        return value
    if isinstance(value, int):
        return value if abs(value) < 10**15 else f"{str(value)[:FIELD_CHARS]}…"
    if isinstance(value, str):
        return value if len(value) <= FIELD_CHARS else value[:FIELD_CHARS] + "…"
    return f"<{type(value).__name__}>"


def bounded(text: str) -> str:
    """A refusal's reason as stored and sent back: cut to ``REASON_CHARS``."""
    return text if len(text) <= REASON_CHARS else text[:REASON_CHARS] + "…"


def summary(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` itself when it is small; else its action's first fields, each cut short."""
    size = _size(payload)
    if size <= SUMMARY_BYTES:
        return payload
    action = payload.get("action")
    kept: Any = ({_short(str(k)): _short(v) for k, v in list(action.items())[:FIELDS]}
                 if isinstance(action, dict) else _short(action))
    return {"action": kept, "bytes": size}


@dataclass
class Seen:
    anomaly_id: int
    count: int
    last: float
    recorded_at: str


class Repeats:
    """Remembers the last few refusals, so that the same one again only counts up its row."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self._clock = clock
        self._seen: dict[str, Seen] = {}

    @staticmethod
    def _key(source: str, payload: dict[str, Any], code: str, reason: str) -> str | None:
        if "read" in payload:
            return None
        return json.dumps([source, code, reason, payload], sort_keys=True, default=str)

    def repeat_of(self, source: str, payload: dict[str, Any], code: str,
                  reason: str) -> tuple[int, int, str] | None:
        """(anomaly id, times refused, when it was first recorded) if this refusal repeats one."""
        key = self._key(source, payload, code, reason)
        now = self._clock()
        self._seen = {k: s for k, s in self._seen.items() if now - s.last <= REPEAT_SECONDS}
        seen = self._seen.get(key) if key is not None else None
        if seen is None:
            return None
        seen.count += 1
        seen.last = now
        return seen.anomaly_id, seen.count, seen.recorded_at

    def recorded(self, source: str, payload: dict[str, Any], code: str, reason: str,
                 anomaly_id: int, recorded_at: str) -> None:
        """Watch a newly recorded refusal for repeats."""
        key = self._key(source, payload, code, reason)
        if key is None:
            return
        if len(self._seen) >= REMEMBERED:
            del self._seen[min(self._seen, key=lambda k: self._seen[k].last)]
        self._seen[key] = Seen(anomaly_id, 1, self._clock(), recorded_at)


class Budget:
    """The refusals each sender (a seat link, an address) has had stored one by one in this game,
    and the row that counts the rest once it has had ``allowed``."""

    def __init__(self, allowed: int = BUDGET) -> None:
        self.allowed = allowed
        self._spent: Counter[str] = Counter()
        self.overflow: dict[str, Seen] = {}

    def spent(self, by: Iterable[str]) -> str | None:
        """The first of ``by`` whose budget is used up, or None."""
        return next((key for key in by if self._spent[key] >= self.allowed), None)

    def spend(self, by: Iterable[str]) -> None:
        for key in by:
            self._spent[key] += 1
