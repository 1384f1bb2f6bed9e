"""`quacks replay FILE`: play a transcript back as a timeline, or print its final state."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..engine import IllegalAction, TranscriptError, apply, new_game, parse_transcript, state_to_dict
from ..engine.errors import ConfigError
from ..files import decode, read_text
from ..words import describe, localize


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="replay a transcript (JSON Lines) and print the timeline")
    p.add_argument("file", help="transcript file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print the final state as JSON instead")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    text = decode(sys.stdin.buffer.read(), Path("<stdin>")) if args.file == "-" else read_text(path)
    try:
        config, actions = parse_transcript(text)
        state = new_game(config)
    except TranscriptError as exc:
        print(f"quacks replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    except ConfigError as exc:
        print(f"quacks replay: {args.file}: line 1: bad setup: {exc}", file=sys.stderr)
        return 2
    names = state.config.players
    lines = [describe({"event": "round_start", "seat": None, "round": 1}, names)]
    for number, action in actions:
        try:
            events = apply(state, action)
        except IllegalAction as exc:
            print(f"quacks replay: {args.file}: line {number}: refused: {exc.reason}", file=sys.stderr)
            return 2
        lines.extend(describe(e, names) for e in events if e["event"] != "phase")
    if args.json:
        json.dump(localize(state_to_dict(state), "en"), sys.stdout, indent=2)
        print()
    else:
        print("\n".join(lines))
        _print_standing(state)
    return 0


def _print_standing(state) -> None:
    status = "final" if state.phase == "game_over" else f"round {state.round}, {state.phase.replace('_', ' ')}"
    print(f"\nStanding ({status}):")
    for n, seat in enumerate(state.seats):
        crown = "  winner" if n in state.winners else ""
        print(f"  {seat.name:<12} {seat.score:>3} VP  {seat.rubies} rubies  droplet {seat.droplet}{crown}")
