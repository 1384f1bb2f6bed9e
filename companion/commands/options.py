"""Options several commands share: which config file and which database, which books and edition."""

from __future__ import annotations

import argparse
from pathlib import Path

from flask import Flask

from companion.books import RANDOM, every_colour, parse_choice
from companion.books import Choice as BookChoice
from companion.config import ConfigError, TableConfig, default_config_path, load_config
from companion.dealing import ALL, parse_expansions
from companion.engine import catalog
from companion.store import Database, default_db_path
from companion.webapp.server import Server

from . import CommandError


def add_db_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, help="journal database (default: from the config, else the per-user data directory)")
    parser.add_argument("--config", type=Path, help=f"table config (default: {default_config_path()})")


def add_book_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--books", choices=("1", "2", "3", "4", "5", "6", RANDOM), default="1", metavar="1-6|random",
                        help="the set of every colour's book (5 and 6, black's too, with The Herb Witches), or a "
                        "random set per colour dealt for each game (default 1)")
    parser.add_argument("--edition", choices=tuple(catalog.EDITIONS), default=catalog.DEFAULT_EDITION,
                        help="whose rulebook's prices (default northstar)")


def _expansions(text: str) -> tuple[str, ...]:
    try:
        return parse_expansions(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def add_expansion_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--expansions", type=_expansions, default=(), metavar="NAMES",
                        help=f"expansions in play, separated by commas: {', '.join(catalog.EXPANSIONS)}, or {ALL}")
    parser.add_argument("--stand", choices=catalog.STAND_SIDES, default=catalog.STAND_SIDES[0],
                        help="with the exchange: the stand's side up (green: buy points; brown: chips' value at the end)")


def book_choice(args: argparse.Namespace) -> dict[str, BookChoice]:
    """--books as a choice per colour."""
    return every_colour(parse_choice(args.books))


def table_config(args: argparse.Namespace) -> TableConfig | None:
    """The config named by --config, or the default file if it exists; raises ConfigError if it is bad."""
    path = args.config or default_config_path()
    if args.config is None and not path.exists():
        return None
    return load_config(path)


def open_db(args: argparse.Namespace, *, create: bool = True) -> Database:
    """--db, else the config's database, else the per-user default; created on first use unless
    ``create`` is False (commands that only read must not leave an empty journal behind a typo)."""
    if args.db is not None:
        path = args.db
    else:
        config = table_config(args)
        path = config.database if config and config.database else default_db_path()
    if not create and not Path(path).exists():
        raise CommandError(f"there is no database at {path}: name it with --db or [table] database in the config")
    return Database(path)


def listen(app: Flask, host: str, port: int, fix: str) -> Server:
    """A server bound to ``host:port``, or a CommandError that says why not and ``fix``."""
    try:
        return Server(app, host, port)
    except (OSError, ValueError) as err:  # ValueError: an address the resolver cannot read
        reason = err.strerror if isinstance(err, OSError) and err.strerror else err
        raise CommandError(f"cannot listen on {host}:{port} ({reason}): {fix}") from None


__all__ = ["ConfigError", "add_book_options", "add_expansion_options", "add_db_options", "book_choice", "listen", "open_db", "table_config"]
