"""The audit trail: every admin action that changes the league, with who, when and the rows it touched."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb


@dataclass(frozen=True, slots=True)
class AuditRow:
    id: int
    at: datetime
    actor: str
    action: str
    detail: dict[str, Any]


def record(conn: psycopg.Connection, actor: str, action: str, **detail: Any) -> None:
    """Inside the action's own transaction, so the trail and the change commit together."""
    conn.execute("INSERT INTO audit (actor, action, detail) VALUES (%s, %s, %s)", (actor, action, Jsonb(detail)))


def trail(conn: psycopg.Connection, limit: int = 200) -> list[AuditRow]:
    """The newest actions first."""
    rows = conn.execute("SELECT id, at, actor, action, detail FROM audit ORDER BY id DESC LIMIT %s", (limit,))
    return [AuditRow(*row) for row in rows]
