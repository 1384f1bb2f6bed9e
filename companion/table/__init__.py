"""The live table: one writer over the engine, an SQLite journal, corrections and resume."""

from .library import archive, export_transcript, import_transcript, resume, start_game
from .registry import EnrolResult, KindCount, TagRegistry
from .setup import TableSetup
from .table import CorrectionRefused, Outcome, Table, describe

__all__ = [
    "CorrectionRefused", "EnrolResult", "KindCount", "Outcome", "Table", "TableSetup", "TagRegistry",
    "archive", "describe", "export_transcript", "import_transcript", "resume", "start_game",
]
