"""`quacks simulate`: play many seeded random games; a speed measure and a fuzz test in one."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from ..autoplay import PLAYERS, play_game
from ..dealing import deal_setup
from ..engine import GameConfig, check_config
from .options import add_book_options, add_expansion_options, book_choice


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play N complete games with a seeded random or advisor player")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5), help="5 needs --expansions witches")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tubes", action="store_true", help="play the test-tube side of the pots")
    p.add_argument("--cards", action="store_true", help="turn up a random Fortune Teller card every round")
    p.add_argument("--player", choices=tuple(PLAYERS), default="random",
                   help="random choices, or the DRAW/STOP advice and a simple shop policy")
    add_book_options(p)
    add_expansion_options(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    players = tuple(f"Player {k + 1}" for k in range(args.players))
    choice = book_choice(args)

    def config_for(game_seed: int) -> GameConfig:
        """Each game deals its own random books and expansion cards from its own seed."""
        return GameConfig(players=players, tubes=args.tubes, edition=args.edition, stand=args.stand,
                          **deal_setup(choice, args.expansions, random.Random(game_seed)))

    check_config(config_for(args.seed))  # a set the engine lacks is refused before the first game
    scores: list[int] = []
    explosions = inputs = rounds = 0
    started = time.perf_counter()
    wins = [0] * args.players

    def count(state, action, events) -> None:
        nonlocal explosions
        for e in events:  # a plain loop: this runs after every input
            if e["event"] == "exploded":
                explosions += 1

    for game in range(args.games):
        game_seed = args.seed * 1_000_003 + game
        state, actions = play_game(config_for(game_seed), game_seed, count, cards=args.cards, player_kind=args.player)
        scores.extend(s.score for s in state.seats)
        for n in state.winners:
            wins[n] += 1
        inputs += len(actions)
        rounds += state.round
    elapsed = time.perf_counter() - started
    summary = {
        "games": args.games, "players": args.players, "seed": args.seed, "tubes": args.tubes, "cards": args.cards,
        "player": args.player, "books": args.books, "edition": args.edition,
        "expansions": list(args.expansions), "stand": args.stand,
        "seconds": round(elapsed, 3), "games_per_second": round(args.games / elapsed, 1),
        "inputs_per_game": round(inputs / max(args.games, 1), 1),
        "rounds_per_game": round(rounds / max(args.games, 1), 2),
        "score_mean": round(statistics.fmean(scores), 1) if scores else 0,
        "score_max": max(scores, default=0), "score_min": min(scores, default=0),
        "explosions_per_game": round(explosions / max(args.games, 1), 2),
        "wins_by_seat": wins,
    }
    if args.json:
        json.dump(summary, sys.stdout, indent=2)
        print()
    else:
        print(f"{args.games} games, {args.players} players ({args.player}), seed {args.seed}"
              f"{', Fortune Teller cards' if args.cards else ''}, books {args.books}, {args.edition}"
              f"{', expansions ' + ','.join(args.expansions) if args.expansions else ''}: "
              f"{summary['games_per_second']} games/s ({summary['seconds']} s)")
        print(f"  inputs per game {summary['inputs_per_game']}, rounds {summary['rounds_per_game']}")
        print(f"  explosions per game {summary['explosions_per_game']}, wins by seat {wins}")
        print(f"  scores: mean {summary['score_mean']}, min {summary['score_min']}, max {summary['score_max']}")
    return 0
