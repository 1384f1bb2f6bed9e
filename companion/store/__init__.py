"""Persistence for the live table: the SQLite journal, anomalies and the tag registry.

This package knows rows, not rules: it imports nothing from the rest of `companion`, and
payloads are JSON it stores and returns unread.
"""

from .database import Database, default_db_path, now
from .errors import BadUid, DatabaseUnusable, JournalConflict, StorageFault, StoreError, TagConflict, UnknownGame
from .journal import STATUSES, AnomalyRow, Entry, GameRow, Journal
from .outbox import Outbox, OutboxRow
from .schema import SCHEMA_VERSION, SchemaTooNew
from .tags import Enrolment, TagRow, TagStore, normalize_uid

__all__ = [
    "SCHEMA_VERSION", "STATUSES", "AnomalyRow", "BadUid", "Database", "DatabaseUnusable", "Enrolment", "Entry",
    "GameRow", "Journal", "JournalConflict", "Outbox", "OutboxRow", "SchemaTooNew", "StorageFault", "StoreError",
    "TagConflict",
    "TagRow", "TagStore", "UnknownGame", "default_db_path", "normalize_uid", "now",
]
