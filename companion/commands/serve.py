"""`quacks serve --config table.toml`: run a real table's dashboards on the local network."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

from companion.league.sender import LeagueLink, Sender
from companion.store import Database, UnknownGame
from companion.store.database import why_read_only
from companion.table import TableSetup, resume, start_game
from companion.table.backup import keep_all
from companion.table.bags import Bags, reader_specs
from companion.webapp import create_app
from companion.webapp.access import is_loopback
from companion.webapp.keys import Keys, KeysUnreadable

from . import CommandError
from .options import listen, table_config


def reach(bind: str) -> str:
    """Who can open the pages of a server bound to ``bind``: a name is resolved as the bind resolved it."""
    return "on this computer only" if is_loopback(socket.gethostbyname(bind or "0.0.0.0")) else "on the local network"


def lan_address() -> str:
    """This machine's address on the LAN (the route a phone would use); no packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def run(args: argparse.Namespace) -> int:
    config = table_config(args)
    if config is None:
        raise CommandError("no table config; pass --config table.toml (see quacks config --check)")
    db = Database(args.db or config.database)
    if db.read_only:
        raise CommandError(f"the database {db.path} cannot be written ({why_read_only(db.path)}), and a table "
                           "writes every input")
    keep_all(db)  # games from before the transcripts were kept get theirs now
    try:
        table = resume(db)
    except UnknownGame:
        table = start_game(db, TableSetup(config.game_config(), config.reader_seats(), config.registry, config.draws,
                                          league=config.league_url is not None, codes=config.codes()))
    try:
        bags = Bags(table, reader_specs(config.readers))
    except ValueError as err:
        table.close()
        raise CommandError(f"{config.path}: [readers]: {err}") from None
    try:
        keys = Keys.kept_in(db.path.parent)
    except KeysUnreadable as err:
        table.close()
        raise CommandError(str(err)) from None
    pin = args.pin or config.passphrase or keys.pin
    app = create_app(table, host_pin=pin, keys=keys, assist=config.assist, stir=config.stir)
    app.extensions["companion.game"].switched.append(bags.repoint)
    port = config.port if args.port is None else args.port
    try:
        server = listen(app, config.bind, port, f"set [web] bind to an address of this machine and [web] port "
                                                f"to a free port in {config.path}, or pass --port")
    except CommandError:
        table.close()
        raise
    bags.start()
    sender = None
    if config.league_url and config.league_key:
        sender = Sender(db, LeagueLink(config.league_url, config.league_key)).start()
        sender.watch(table)
        app.extensions["companion.game"].switched.append(sender.watch)
        print(f"Games go to the league at {config.league_url} (kept in the journal until it has them).")
    shown = lan_address() if config.bind in ("0.0.0.0", "") else config.bind
    print(f"Serving {config.name} {reach(config.bind)} (bound to {config.bind}:{server.port}).")
    secret = "the passphrase in the config" if pin == config.passphrase else pin
    print(f"Host page: http://{shown}:{server.port}/host   host PIN: {secret}   (PIN and seat links kept in {keys.path})")
    print(f"Table screen: http://{shown}:{server.port}/table/{app.extensions['companion.game'].table_token}"
          "   Ctrl+C stops.")
    print(f"Recovery passphrase: {keys.recovery}   (opens the host page when wrong PINs from other devices "
          "have locked the PIN out)")
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        if sender is not None:
            sender.stop()
        bags.stop()
        table.close()
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="run a real table's dashboards on the LAN", description=__doc__)
    parser.add_argument("--config", type=Path, help="table config (TOML)")
    parser.add_argument("--db", type=Path, help="journal database (default: from the config)")
    parser.add_argument("--port", type=int, help="port (default: from the config)")
    parser.add_argument("--pin", help="host PIN (default: the one kept in the data folder, made on first run)")
    parser.set_defaults(func=run)
