"""`quacks serve --config table.toml`: run a real table's dashboards on the local network."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

from companion.config import ConfigError
from companion.store import Database, UnknownGame
from companion.table import TableSetup, resume, start_game
from companion.table.bags import Bags, reader_specs
from companion.webapp import create_app
from companion.webapp.access import new_pin
from companion.webapp.server import Server

from .options import table_config


def lan_address() -> str:
    """This machine's address on the LAN (the route a phone would use); no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def run(args: argparse.Namespace) -> int:
    try:
        config = table_config(args)
    except ConfigError as err:
        print(err)
        return 2
    if config is None:
        print("quacks serve: no table config; pass --config table.toml (see quacks config --check)")
        return 2
    db = Database(args.db or config.database)
    try:
        table = resume(db)
    except UnknownGame:
        table = start_game(db, TableSetup(config.game_config(), config.reader_seats(), config.registry))
    try:
        bags = Bags(table, reader_specs(config.readers))
    except ValueError as err:
        print(f"quacks serve: {err}")
        return 2
    bags.start()
    pin = args.pin or config.passphrase or new_pin()
    app = create_app(table, host_pin=pin)
    server = Server(app, config.bind, args.port or config.port)
    shown = lan_address() if config.bind in ("0.0.0.0", "") else config.bind
    print(f"Serving {config.name} on the local network (bound to {config.bind}:{server.port}).")
    secret = "the passphrase in the config" if pin == config.passphrase else pin
    print(f"Host page: http://{shown}:{server.port}/host   host PIN: {secret}")
    print(f"Table screen: http://{shown}:{server.port}/table/{app.extensions['companion.game'].table_token}"
          "   Ctrl+C stops.")
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        bags.stop()
        table.close()
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="run a real table's dashboards on the LAN", description=__doc__)
    parser.add_argument("--config", type=Path, help="table config (TOML)")
    parser.add_argument("--db", type=Path, help="journal database (default: from the config)")
    parser.add_argument("--port", type=int, help="port (default: from the config)")
    parser.add_argument("--pin", help="host PIN (default: a new one, printed)")
    parser.set_defaults(func=run)
