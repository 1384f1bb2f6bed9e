"""`quacks advise FILE --seat N`: the advice for every choice open to a seat at a transcript's end.

What each chip left in the bag would do and DRAW or STOP while the seat brews; the best purchases
in its turn to shop; each open question with every option valued (or not, and why); the ruby
spends in step F."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..advice import LAPSE, advise, advise_choice, advise_shop, outlook
from ..engine import GameState, IllegalAction, TranscriptError, apply, new_game, parse_transcript
from ..engine.errors import ConfigError
from ..files import decode, read_text
from ..words import render


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("advise", help="the advice for every choice open to a seat at a transcript's end")
    p.add_argument("file", help="transcript file, or - for standard input")
    p.add_argument("--seat", type=int, required=True, help="seat number, 0 for the first player")
    p.add_argument("--json", action="store_true", help="print the outlook and every advice as JSON")
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
    if state.phase == "shop" and state.shopper == args.seat:
        report["shop"] = advise_shop(state, args.seat)
    choices = advise_choice(state, args.seat)
    if choices["questions"] or choices["spends"]:
        report["choices"] = choices
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print("\n".join(describe(state.seats[args.seat].name, report) + shop_lines(report.get("shop"))
                        + choice_lines(state, args.seat, report.get("choices"))))
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


def _chips(chips: list[list[Any]]) -> str:
    return " + ".join(f"{color} {value}" for color, value in chips)


def shop_lines(shop: dict[str, Any] | None) -> list[str]:
    """The best purchases, then every chip for sale with its value and what it changes a round."""
    if not shop or not shop["chips"]:
        return []
    lines = [f"Shop ({shop['coins']} coins, {shop['rounds']} rounds left):"]
    lines += [f"  best: {_chips(b['chips'])} ({b['cost']} coins): +{b['value']:.2f} VP ± {b['error']:.2f}"
              for b in shop["best"]] or ["  best: buy nothing"]
    for c in shop["chips"]:
        r = c["per_round"]
        lines.append(f"  {_chips(c['chips']):<10} {c['cost']:>3} coins  {c['value']:+6.2f} VP ± {c['error']:.2f}"
                     f"  drawn {r['drawn']:.0%}; a round {r['spaces']:+.1f} spaces, {r['coins']:+.1f} coins, "
                     f"{r['vp']:+.1f} VP, {r['rubies']:+.2f} rubies, {r['droplet']:+.2f} droplet steps")
    return lines


def choice_lines(state: GameState, seat: int, choices: dict[str, Any] | None) -> list[str]:
    """Each open question with its options' values (best marked), and the ruby spends."""
    if not choices:
        return []
    lines = []
    for q in choices["questions"]:
        decision = next(d for d in state.decisions if d.id == q["decision"])
        labels = {o.key: render(o.label, "en") for o in decision.options} | {LAPSE: "let it lapse"}
        lines.append(f"Question: {render(decision.prompt, 'en')}"
                     + ("" if q["valued"] else " (not valued: an option changes what the value model leaves out)"))
        for o in q["options"]:
            value = "not valued" if o["value"] is None else f"{o['value']:.2f} VP"
            mark = "  <- best" if o["key"] == q["best"] else ""
            lines.append(f"  {labels.get(o['key'], o['key'])}: {value}{mark}")
    if choices["spends"]:
        spends = choices["spends"]
        lines.append(f"Rubies ({spends['rubies']}): " + "; ".join(
            f"{o['key']} {o['value']:+.2f} VP" for o in spends["options"]) + f" -> {spends['best']}")
    return lines
