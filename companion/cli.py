"""The `quacks` command: one subcommand per module in `companion.commands`."""

from __future__ import annotations

import argparse
import importlib
import sqlite3
import sys
from collections.abc import Sequence

from .commands import CommandError
from .config import ConfigError
from .engine import ConfigError as SetupError
from .engine import TranscriptError
from .files import NotText
from .store import SchemaTooNew, StoreError

COMMANDS = ("demo", "serve", "doctor", "replay", "advise", "simulate", "games", "tags", "config_cmd", "league")
"""The modules of `companion.commands`, in the order `quacks --help` lists them."""

ALONE = frozenset({"demo", "serve"})
"""Commands whose module registers them alone: `quacks serve` imports no other command (a Pi's start-up)."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone when its module has no other."""
    parser = argparse.ArgumentParser(prog="quacks", description="The Quacks of Quedlinburg table companion.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in (command,) if command in ALONE else COMMANDS:
        importlib.import_module(f".commands.{name}", __package__).register(sub)
    return parser


FIXABLE = (CommandError, StoreError, SchemaTooNew, ConfigError, SetupError, TranscriptError, NotText, OSError,
           sqlite3.Error)
"""Failures a person can fix: each is shown as its message, never as a traceback."""


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(words[0] if words else None).parse_args(words)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # `quacks replay game.jsonl | head` is fine
        sys.stdout = None  # type: ignore[assignment]
        return 0
    except FIXABLE as exc:
        name = " ".join(filter(None, (args.command, getattr(args, "tags_command", None),
                                      getattr(args, "league_command", None))))
        print(f"quacks {name}: {message(exc)}", file=sys.stderr)
        return 1


def message(exc: BaseException) -> str:
    """The sentence for a fixable failure; a file error names the file."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    if isinstance(exc, sqlite3.Error):
        return f"the database refused ({exc}): check that this user may write the journal file and its folder"
    return str(exc)


if __name__ == "__main__":
    sys.exit(main())
