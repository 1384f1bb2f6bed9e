"""Engine speed: inputs per second through `step` and `apply`, and complete games per second.

    python benchmarks/bench_engine.py [--games 200] [--players 4]

Runs on one core (the process is pinned to CPU 0 where the OS allows it). The games are the
seeded random games of `quacks simulate`, so the figures are comparable with that command.
"""

from __future__ import annotations

import argparse
import os
import time

from companion.autoplay import play_game
from companion.engine import GameConfig, apply, new_game, step


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    config = GameConfig(players=tuple(f"P{k}" for k in range(args.players)))

    started = time.perf_counter()
    games = [play_game(config, seed)[1] for seed in range(args.games)]
    simulate = time.perf_counter() - started
    inputs = sum(len(g) for g in games)

    started = time.perf_counter()
    for actions in games:
        state = new_game(config)
        for action in actions:
            state = step(state, action).state
    pure = time.perf_counter() - started

    started = time.perf_counter()
    for actions in games:
        state = new_game(config)
        for action in actions:
            apply(state, action)
    folded = time.perf_counter() - started

    print(f"{args.games} games of {args.players} players, {inputs / args.games:.0f} inputs per game")
    print(f"simulate (random player + engine): {args.games / simulate:8.1f} games/s")
    print(f"replay with step (copy per input):   {inputs / pure:8.0f} inputs/s  {args.games / pure:6.1f} games/s")
    print(f"replay with apply (one working copy): {inputs / folded:8.0f} inputs/s  {args.games / folded:6.1f} games/s")


if __name__ == "__main__":
    main()
