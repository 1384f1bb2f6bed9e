"""`quacks simulate`: play many seeded games; a speed measure, a fuzz test and a tournament in one.

With `--against KIND` one seat plays `--player` and the others `--against`; the seat moves on by
one each game (game g: seat g mod P), so no seat's place at the table favours it. The summary
then gives that player's win rate (a shared win counts as a share) and mean score with 95 %
confidence intervals, beside the others'.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..autoplay import PLAYERS, play_game
from ..dealing import deal_setup
from ..engine import GameConfig, check_config
from .options import add_book_options, add_expansion_options, book_choice

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play N complete games with seeded players of a kind, or one kind against another")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5), help="5 needs --expansions witches")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tubes", action="store_true", help="play the test-tube side of the pots")
    p.add_argument("--cards", action="store_true", help="turn up a random Fortune Teller card every round")
    p.add_argument("--player", choices=tuple(PLAYERS), default="random",
                   help="random choices; greedy (dearest chips, stop at 50 %% risk); drawstop (DRAW/STOP "
                   "advice, the rest greedy); advisor (the advice everywhere)")
    p.add_argument("--against", choices=tuple(PLAYERS),
                   help="a tournament: one seat plays --player (a different seat each game), the others this")
    p.add_argument("--jobs", type=int, default=1, help="games played at once in separate processes")
    p.add_argument("--first", type=int, default=0,
                   help="the first game's number: --first 500 --games 500 plays the second half of --games 1000")
    add_book_options(p)
    add_expansion_options(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run)


@dataclass(frozen=True)
class Played:
    """What one game left: the scores, the winners, the seat tested, inputs, rounds, explosions."""

    scores: list[int]
    winners: list[int]
    tested: int | None
    inputs: int
    rounds: int
    explosions: int


def _config(args: argparse.Namespace, game_seed: int) -> GameConfig:
    """Each game deals its own random books and expansion cards from its own seed."""
    players = tuple(f"Player {k + 1}" for k in range(args.players))
    return GameConfig(players=players, tubes=args.tubes, edition=args.edition, stand=args.stand,
                      **deal_setup(book_choice(args), args.expansions, random.Random(game_seed)))


def _play(args: argparse.Namespace, game: int) -> Played:
    game_seed = args.seed * 1_000_003 + game
    tested = game % args.players if args.against else None
    kinds = [args.against] * args.players if args.against else None
    if kinds is not None and tested is not None:
        kinds[tested] = args.player
    state, actions = play_game(_config(args, game_seed), game_seed, cards=args.cards,
                               player_kind=args.player, kinds=kinds)
    return Played([s.score for s in state.seats], list(state.winners), tested, len(actions), state.round,
                  sum(s.explosions for s in state.seats))


def _play_all(args: argparse.Namespace) -> list[Played]:
    numbers = range(args.first, args.first + args.games)
    if args.jobs <= 1:
        return [_play(args, game) for game in numbers]
    with ProcessPoolExecutor(args.jobs) as pool:
        return list(pool.map(_play, [args] * args.games, numbers, chunksize=4))


def run(args: argparse.Namespace) -> int:
    check_config(_config(args, args.seed))  # a set the engine lacks is refused before the first game
    if args.first < 0:
        return _refuse("--first must be 0 or more")
    if args.games < 0:
        return _refuse("--games must be 0 or more")
    if args.against and args.games < 1:
        return _refuse("a tournament needs --games 1 or more")
    gc.freeze()  # the modules loaded so far live to the end: the collector need not walk them again each game
    started = time.perf_counter()
    games = _play_all(args)
    elapsed = time.perf_counter() - started
    n = max(args.games, 1)
    scores = [s for g in games for s in g.scores]
    wins = [0] * args.players
    for g in games:
        for w in g.winners:
            wins[w] += 1
    summary: dict[str, Any] = {
        "games": args.games, "first": args.first, "players": args.players, "seed": args.seed, "tubes": args.tubes,
        "cards": args.cards,
        "player": args.player, "against": args.against, "books": args.books, "edition": args.edition,
        "expansions": list(args.expansions), "stand": args.stand,
        "seconds": round(elapsed, 3), "games_per_second": round(args.games / elapsed, 2),
        "inputs_per_game": round(sum(g.inputs for g in games) / n, 1),
        "rounds_per_game": round(sum(g.rounds for g in games) / n, 2),
        "score_mean": round(statistics.fmean(scores), 1) if scores else 0,
        "score_max": max(scores, default=0), "score_min": min(scores, default=0),
        "explosions_per_game": round(sum(g.explosions for g in games) / n, 2),
        "wins_by_seat": wins,
    }
    if args.against:
        summary["tournament"] = tournament(games)
        summary["per_game"] = [[g.tested, g.scores, g.winners] for g in games]
    if args.json:
        json.dump(summary, sys.stdout, indent=2)
        print()
    else:
        print("\n".join(describe(args, summary)))
    return 0


def _refuse(message: str) -> int:
    print(f"quacks simulate: {message}", file=sys.stderr)
    return 2


def tournament(games: list[Played]) -> dict[str, Any]:
    """The tested seat's share of the wins and its scores against the others', with 95 % intervals."""
    shares = [(g.tested in g.winners) / len(g.winners) for g in games]
    mine = [g.scores[g.tested] for g in games if g.tested is not None]
    others = [statistics.fmean(s for k, s in enumerate(g.scores) if k != g.tested) for g in games]
    margins = [m - o for m, o in zip(mine, others, strict=True)]
    return {"win_rate": round(statistics.fmean(shares), 4), "win_rate_ci": [round(x, 4) for x in wilson(shares)],
            "score_mean": round(statistics.fmean(mine), 2), "score_ci": _mean_ci(mine),
            "others_mean": round(statistics.fmean(others), 2), "others_ci": _mean_ci(others),
            "margin_mean": round(statistics.fmean(margins), 2), "margin_ci": _mean_ci(margins)}


def wilson(shares: list[float]) -> tuple[float, float]:
    """The Wilson score interval of a win rate (a shared win counted as its share)."""
    n = len(shares)
    if not n:
        return 0.0, 1.0
    p = sum(shares) / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _mean_ci(values: list[float]) -> list[float]:
    if len(values) < 2:
        return [values[0], values[0]] if values else [0.0, 0.0]
    mean, half = statistics.fmean(values), Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return [round(mean - half, 2), round(mean + half, 2)]


def describe(args: argparse.Namespace, summary: dict[str, Any]) -> list[str]:
    against = f" against {args.against}" if args.against else ""
    lines = [f"{args.games} games, {args.players} players ({args.player}{against}), seed {args.seed}"
             f"{', Fortune Teller cards' if args.cards else ''}, books {args.books}, {args.edition}"
             f"{', expansions ' + ','.join(args.expansions) if args.expansions else ''}: "
             f"{summary['games_per_second']} games/s ({summary['seconds']} s)",
             f"  inputs per game {summary['inputs_per_game']}, rounds {summary['rounds_per_game']}",
             f"  explosions per game {summary['explosions_per_game']}, wins by seat {summary['wins_by_seat']}",
             f"  scores: mean {summary['score_mean']}, min {summary['score_min']}, max {summary['score_max']}"]
    t = summary.get("tournament")
    if t:
        lines += [f"  {args.player}: wins {t['win_rate']:.1%} (95 % CI {t['win_rate_ci'][0]:.1%}-{t['win_rate_ci'][1]:.1%}),"
                  f" score {t['score_mean']} ({t['score_ci'][0]}-{t['score_ci'][1]}); {args.against}: score "
                  f"{t['others_mean']} ({t['others_ci'][0]}-{t['others_ci'][1]}); margin {t['margin_mean']} "
                  f"({t['margin_ci'][0]}-{t['margin_ci'][1]})"]
    return lines
