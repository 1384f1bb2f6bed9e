"""`quacks league …`: run a club's league server beside its tables, and manage it from the shell.

    quacks league serve --database postgresql://…   (or --config league.toml)
    quacks league password --database …               a new admin password
    quacks league table add "Table 1" --database …    a table and its key (for its [league] key)
    quacks league table revoke "Table 1" --database …
    quacks league player add "Ann" --database …       a player and the code they keep

The league's PostgreSQL driver and rating library are an extra (`pip install
'quacks-companion[league]'`); a table needs neither, so they are imported only here.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import CommandError
from .serve import lan_address

ACTOR = "shell"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("league", help="a league server for a club's tables (PostgreSQL)", description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="league_command", required=True, metavar="ACTION")
    serve = _with_database(sub.add_parser("serve", help="serve the league: the tables' pushes, standings, room screen"))
    serve.add_argument("--bind", help="address to listen on (default: from the config, else 0.0.0.0)")
    serve.add_argument("--port", type=int, help="port (default: from the config, else 8090)")
    serve.set_defaults(func=run_serve)
    _with_database(sub.add_parser("password", help="set a new admin password and print it")).set_defaults(func=run_password)
    table = sub.add_parser("table", help="add a table (prints its key) or revoke its keys")
    table.add_argument("action", choices=("add", "revoke"))
    table.add_argument("name")
    _with_database(table).set_defaults(func=run_table)
    player = sub.add_parser("player", help="add a player (prints the code they keep)")
    player.add_argument("action", choices=("add",))
    player.add_argument("name")
    _with_database(player).set_defaults(func=run_player)


def _with_database(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument("--database", help="the league's PostgreSQL URL: postgresql://user:password@host:5432/name")
    parser.add_argument("--config", type=Path, help="the league's TOML file ([league] database, name, bind, port)")
    return parser


def _config(args: argparse.Namespace) -> Any:
    from companion.league.config import LeagueConfig, LeagueConfigError, load_league_config
    try:
        config = load_league_config(args.config) if args.config else LeagueConfig()
    except LeagueConfigError as err:
        raise CommandError(str(err)) from None
    database = args.database or config.database
    if not database:
        raise CommandError("name the league's database: --database postgresql://user:password@host:5432/name "
                           "or [league] database in --config")
    return config, database


@contextmanager
def _league(args: argparse.Namespace) -> Iterator[tuple[Any, Any]]:
    """The league's config and its database, opened (migrated); a clear error when it cannot be."""
    try:
        from companion.league.database import LeagueDatabase, LeagueUnreachable
        from companion.league.schema import SchemaTooNew
    except ImportError as err:
        raise CommandError(f"the league needs its own packages ({err.name} is missing): "
                           "pip install 'quacks-companion[league]'") from None
    config, url = _config(args)
    db = LeagueDatabase(url)
    try:
        db.open()
    except (LeagueUnreachable, SchemaTooNew) as err:
        raise CommandError(str(err)) from None
    try:
        yield config, db
    finally:
        db.close()


def _in_league(args: argparse.Namespace, action: Callable[[Any], str]) -> int:
    with _league(args) as (_, db), db.connection() as conn:
        try:
            print(action(conn))
        except (ValueError, LookupError) as err:
            raise CommandError(str(err)) from None
    return 0


def run_password(args: argparse.Namespace) -> int:
    from companion.league import settings
    return _in_league(args, lambda conn: f"Admin password: {settings.set_password(conn)}")


def run_table(args: argparse.Namespace) -> int:
    from companion.league import tables

    def act(conn: Any) -> str:
        if args.action == "add":
            _, key = tables.add_table(conn, args.name, ACTOR)
            return f"{args.name}: key {key}\n(put it in the table's TOML: [league] key = \"{key}\"; it is not shown again)"
        row = next((t for t in tables.tables(conn) if t.name == args.name), None)
        if row is None:
            raise LookupError(f"there is no table called {args.name!r}")
        return f"{args.name}: {tables.revoke_keys(conn, row.id, ACTOR)} key(s) revoked"
    return _in_league(args, act)


def run_player(args: argparse.Namespace) -> int:
    from companion.codes import shown
    from companion.league import players

    def act(conn: Any) -> str:
        _, code = players.new_player(conn, args.name, ACTOR)
        return f"{args.name}: code {shown(code)}"
    return _in_league(args, act)


def run_serve(args: argparse.Namespace) -> int:
    from companion.league import settings
    from companion.league.app import create_league_app
    from companion.league.server import LeagueServer
    with _league(args) as (config, db):
        with db.connection() as conn:
            password = None if settings.has_password(conn) else settings.set_password(conn)
        app = create_league_app(db, name=config.name)
        bind = args.bind or config.bind
        try:
            server = LeagueServer(app, bind, args.port or config.port)
        except OSError as err:
            raise CommandError(f"cannot listen on {bind}:{args.port or config.port} ({err.strerror}): "
                               "choose another --port") from None
        shown = lan_address() if bind in ("0.0.0.0", "") else bind
        print(f"League {config.name!r} on http://{shown}:{server.port}/   room screen: /room   admin: /admin")
        if password:
            print(f"Admin password (shown once; `quacks league password` makes a new one): {password}")
        try:
            server.run()
        except KeyboardInterrupt:
            pass
    return 0
