"""`quacks config --check [FILE]`: validate a table's TOML file before game night."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.config import ConfigError, default_config_path, load_config
from companion.devices.spi_reader import reset_pin_for
from companion.engine import catalog

WHO_DRAWS = {"readers": "read by the bags' readers", "phones": "tapped on the phones"}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("config", help="check a table config file")
    parser.add_argument("file", nargs="?", type=Path, help=f"the TOML file (default: {default_config_path()})")
    parser.add_argument("--check", action="store_true", help="validate the file and name every bad key and line")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    path = args.file or default_config_path()
    try:
        config = load_config(path)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 1
    fed = config.reader_seats()
    seats = ", ".join(f"{s.player} ({s.reader or 'no reader'})" for s in config.seats)
    print(f"{path}: OK: {len(config.seats)} seats: {seats}")
    print(f"  readers: {len(config.readers)} ({len(fed)} feeding a seat); web on {config.bind}:{config.port}")
    for reader in config.readers.values():
        if reader.kind == "spi":
            bus, device = reader.options.get("bus", 0), reader.options.get("device", 0)
            reset = reset_pin_for(bus, device, reader.options.get("reset_pin"))
            print(f"    {reader.id}: RC522 on /dev/spidev{bus}.{device}, reset line GPIO{reset}")
    books = ", ".join(f"{color} {choice}" for color, choice in config.books.items())
    print(f"  books: {books}; edition: {catalog.EDITIONS[config.edition].name}")
    print(f"  database: {config.database or 'per-user default'}; tag registry: {'on' if config.registry else 'off'}; "
          f"draws: {WHO_DRAWS[config.draws]}")
    if config.draws == "readers" and not fed:
        print('  note: no seat has a reader, so only the host can enter draws; draws = "phones" in [table] '
              "lets each player tap theirs")
    return 0
