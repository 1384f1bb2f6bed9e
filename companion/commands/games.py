"""The game library on the command line: games, show, export, import, state, timeline, archive."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.engine import TranscriptError, state_to_dict
from companion.files import read_text
from companion.store import Journal
from companion.table import Table, archive, export_transcript, import_transcript, returns
from companion.table.timeline import timeline
from companion.words import localize

from . import CommandError
from .options import add_db_options, open_db


def register(subparsers: argparse._SubParsersAction) -> None:
    def command(name: str, func, help: str, game: bool = True) -> argparse.ArgumentParser:
        parser = subparsers.add_parser(name, help=help)
        if game:
            parser.add_argument("game", type=int, help="game id (see `quacks games`)")
        add_db_options(parser)
        parser.set_defaults(func=func)
        return parser

    games = command("games", list_games, "list the games in the journal", game=False)
    games.add_argument("--all", action="store_true", help="include archived games")
    command("show", show, "summarise one game: players, round, scores, anomalies")
    command("export", export, "print a game's transcript (JSON Lines)")
    imp = command("import", import_, "store a transcript as a new game", game=False)
    imp.add_argument("file", type=Path)
    imp.add_argument("--name", help="name of the new game (default: the file name)")
    state = command("state", show_state, "print a game's current state")
    state.add_argument("--json", action="store_true", help="the documented JSON state (the default)")
    tl = command("timeline", show_timeline, "every read, decision, correction and refusal of a game")
    tl.add_argument("--round", type=int, help="only this round")
    tl.add_argument("--seat", help="only this seat (number or player name)")
    tl.add_argument("--json", action="store_true", help="one JSON object per line")
    command("archive", archive_game, "archive a finished game")


def list_games(args: argparse.Namespace) -> int:
    with open_db(args, create=False) as db:
        statuses = ("active", "finished", "archived") if args.all else ("active", "finished")
        rows = Journal(db).games(statuses)
    if not rows:
        print("no games yet")
    for g in rows:
        players = ", ".join(g.setup["game"]["players"])
        print(f"{g.id:>4}  {g.status:<8}  {g.created_at[:16].replace('T', ' ')}  {g.last_seq:>4} entries  {g.name} ({players})")
    return 0


def show(args: argparse.Namespace) -> int:
    with open_db(args, create=False) as db:
        row = Journal(db).game(args.game)
        table = Table.open(db, args.game)
        state = table.state
        anomalies = table.anomalies()
        held = [a for seat in range(len(state.seats)) for a in table.held(seat)]
    print(f"game {row.id}: {row.name} [{row.status}], started {row.created_at[:19].replace('T', ' ')} UTC")
    print(f"round {state.round}, {state.phase}; {table.seq} journal entries, {len(table.counted())} inputs count")
    for n, seat in enumerate(state.seats):
        print(f"  {n}  {seat.name:<12} {seat.score:>3} VP  {seat.rubies} rubies  droplet {seat.droplet:>2}  {seat.status}")
    for d in state.decisions:
        print(f"  waiting for {state.seats[d.seat].name}: {d.prompt}")
    if anomalies:
        twice = sum(a.code == returns.TWICE for a in anomalies)  # one pass read twice: nothing was ever to do
        print(f"{len(anomalies)} refused reads and inputs: {sum(a.resolved_by is not None for a in anomalies)} settled"
              f" by an entry, {sum(a.answered is not None for a in anomalies)} answered without one"
              + (f", {twice} the same chip read twice (nothing to do)" if twice else ""))
    for a in held:
        print(f"  waiting for an answer (anomaly {a.id}, {a.source}): {a.reason}")
    return 0


def export(args: argparse.Namespace) -> int:
    with open_db(args, create=False) as db:
        sys.stdout.write(export_transcript(db, args.game))
    return 0


def import_(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    with open_db(args) as db:
        try:
            game_id = import_transcript(db, text, args.name or args.file.stem, source=f"import:{args.file.name}")
        except TranscriptError as exc:
            raise CommandError(f"{args.file}:{exc.line}: {exc.reason}; nothing was imported") from None
        row = Journal(db).game(game_id)
    print(f"imported {args.file} as game {game_id} ({row.last_seq} inputs, {row.status})")
    return 0


def show_state(args: argparse.Namespace) -> int:
    with open_db(args, create=False) as db:
        state = Table.open(db, args.game).state
    print(json.dumps(localize(state_to_dict(state), "en"), indent=2, ensure_ascii=False))
    return 0


def show_timeline(args: argparse.Namespace) -> int:
    with open_db(args, create=False) as db:
        table = Table.open(db, args.game)
        rows = timeline(table.setup, table.entries(), table.anomalies())
    names = list(table.config.players)
    seat = None
    if args.seat is not None:
        seat = int(args.seat) if args.seat.isdigit() else (names.index(args.seat) if args.seat in names else -1)
        if not 0 <= seat < len(names):
            print(f"quacks timeline: no seat {args.seat!r} (seats: {', '.join(names)})", file=sys.stderr)
            return 1
    for r in rows:
        if (args.round is not None and r.round != args.round) or (seat is not None and r.seat != seat):
            continue
        if args.json:
            print(json.dumps(r.to_dict(), ensure_ascii=False))
            continue
        ref = f"#{r.seq}" if r.seq else "  !"
        space = f" -> space {r.space}" if r.space is not None else ""
        note = f"  [{r.note}]" if r.note else ""
        print(f"{ref:>5} {r.at[11:23]} R{r.round} {r.source:<14} {r.text}{space}{note}")
    return 0


def archive_game(args: argparse.Namespace) -> int:
    with open_db(args) as db:
        archive(db, args.game)
    print(f"game {args.game} archived")
    return 0
