"""Errors the store raises; each message is meant to be shown to the host as it is."""

from __future__ import annotations


class StoreError(Exception):
    """Base of everything the store refuses."""


class UnknownGame(StoreError, LookupError):
    """No game with that id in this database."""


class JournalConflict(StoreError):
    """The journal moved under a writer that expected it not to: a second writer on one game."""


class TagConflict(StoreError):
    """A tag assignment that would give one UID two chips or one chip two UIDs."""


class BadUid(StoreError, ValueError):
    """Text that is not a tag UID (hex, 1 to 10 bytes)."""


class DatabaseUnusable(StoreError):
    """A journal file SQLite cannot open or read: a folder, damaged, or not ours to write; says how to recover."""


class StorageFault(StoreError):
    """The journal cannot be written (or read) now: a full disk, an I/O error, a file made read-only.
    Nothing was written; the same input may be sent again once the cause is fixed."""
