"""`quacks advise FILE --seat N`: what each chip left in a seat's bag would do, and DRAW or STOP."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..advice import advise, outlook
from ..engine import IllegalAction, TranscriptError, apply, new_game, parse_transcript
from ..engine.errors import ConfigError
from ..files import decode, read_text


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("advise", help="the next-draw outlook and DRAW/STOP advice at a transcript's end")
    p.add_argument("file", help="transcript file, or - for standard input")
    p.add_argument("--seat", type=int, required=True, help="seat number, 0 for the first player")
    p.add_argument("--json", action="store_true", help="print the outlook and the advice as JSON")
    p.add_argument("--exact", action="store_true",
                   help="always the exact value of drawing, even when a bound already proves the answer")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = decode(sys.stdin.buffer.read(), Path("<stdin>")) if args.file == "-" else read_text(Path(args.file))
        config, actions = parse_transcript(text)
        state = new_game(config)
        for _, action in actions:
            apply(state, action)
    except OSError as exc:
        return _fail(f"cannot read {args.file}: {exc.strerror}")
    except (TranscriptError, ConfigError, IllegalAction) as exc:
        return _fail(f"{args.file}: {getattr(exc, 'reason', exc)}")
    if not 0 <= args.seat < len(state.seats):
        return _fail(f"there is no seat {args.seat}; seats are 0 to {len(state.seats) - 1}")
    report = {"outlook": outlook(state, args.seat), "advice": advise(state, args.seat, certify=not args.exact)}
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print("\n".join(describe(state.seats[args.seat].name, report)))
    return 0


def _fail(message: str) -> int:
    print(f"quacks advise: {message}", file=sys.stderr)
    return 2


def describe(name: str, report: dict) -> list[str]:
    """The report in words, one line per chip kind."""
    view, advice = report["outlook"], report["advice"]
    now = view["now"]
    lines = [f"{name}: on space {now['space']} now ({now['coins']} coins, {now['vp']} VP"
             f"{', ruby' if now['ruby'] else ''}); whites {now['white_total']} of {now['threshold']}"]
    if not view["chips"]:
        return [*lines, "Nothing to draw now."]
    for row in view["chips"]:
        where = "to the hand" if row["to_hand"] else f"space {row['space']}"
        sc = row["scoring"]
        what = "EXPLODES" if row["exploded"] else f"{sc['coins']} coins, {sc['vp']} VP{', ruby' if sc['ruby'] else ''}"
        lines.append(f"  {row['kind']:<9} {row['count']:>2}  {row['probability']:6.1%}  {where:<13} {what}")
    lines.append(f"Next draw explodes the pot: {view['explode']:.1%}")
    if advice.get("advice"):
        stop, draw = advice["stop"], advice["draw"]
        now = f"Advice: {advice['advice'].upper()} (stop: {stop['coins']:g} coins + {stop['vp']:g} VP now"
        if draw.get("bound") == "at_least":
            more = "once more and stopping" if draw["draws"] == 1 else "at most twice more"
            return [*lines, f"{now}; drawing {more} is already worth at least {draw['coins']:.1f} coins + "
                            f"{draw['vp']:.1f} VP; value {stop['value']:.2f} against at least {draw['value']:.2f} VP)"]
        if draw.get("bound") == "at_most":
            return [*lines, f"{now}; whatever the bag gives, drawing on is worth at most {draw['value']:.2f} VP; "
                            f"value {stop['value']:.2f} against at most {draw['value']:.2f} VP)"]
        lines.append(f"{now}; draw: {draw['explode']:.0%} explode, expected {draw['coins']:.1f} coins + {draw['vp']:.1f} VP; "
                     f"value {stop['value']:.2f} against {draw['value']:.2f} VP)")
    return lines
