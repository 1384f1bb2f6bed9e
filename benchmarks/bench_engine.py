"""Engine speed: complete games per second, inputs per second through `step` and `apply`, and
what listing a seat's inputs costs.

    python benchmarks/bench_engine.py [--games 200] [--players 4] [--seed 1] [--books 1|2|3|4|random] [--repeat 3]

Runs on one core (the process is pinned to CPU 0 where the OS allows it). The games are the
seeded random games of `quacks simulate --seed S --books B` (each game's books dealt from its own
seed, as that command deals them), so the figures compare with that command.
Each measure is the best of `--repeat` runs, as wall time and as the process's CPU time (on a
shared machine the CPU time is the steadier of the two).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

from companion.autoplay import play_game
from companion.books import RANDOM, every_colour, parse_choice
from companion.dealing import deal_setup
from companion.engine import GameConfig, apply, legal_actions, legal_moves, new_game, step, waiting_for


def best(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, CPU seconds), each the least of `repeat` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--books", choices=("1", "2", "3", "4", RANDOM), default="1")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    players, choice = tuple(f"Player {k + 1}" for k in range(args.players)), every_colour(parse_choice(args.books))
    seeds = [args.seed * 1_000_003 + game for game in range(args.games)]  # as `quacks simulate` seeds them
    configs = [GameConfig(players=players, **deal_setup(choice, (), random.Random(seed))) for seed in seeds]
    games = [play_game(config, seed)[1] for config, seed in zip(configs, seeds, strict=True)]
    inputs = sum(len(g) for g in games)

    def simulate() -> None:
        for config, seed in zip(configs, seeds, strict=True):
            play_game(config, seed)

    def replay_step() -> None:
        for config, actions in zip(configs, games, strict=True):
            state = new_game(config)
            for action in actions:
                state = step(state, action).state

    def replay_apply() -> None:
        for config, actions in zip(configs, games, strict=True):
            state = new_game(config)
            for action in actions:
                apply(state, action)

    def listing(lister: Callable[..., object]) -> Callable[[], None]:
        """Replay every game; at each position list the inputs of the first seat waited for."""
        def run() -> None:
            for config, actions in zip(configs, games, strict=True):
                state = new_game(config)
                for action in actions:
                    lister(state, waiting_for(state)[0])
                    apply(state, action)
        return run

    print(f"{args.games} games of {args.players} players (seed {args.seed}, books {args.books}), {inputs / args.games:.1f} inputs "
          f"per game; best of {args.repeat}, wall / CPU")
    wall, cpu = best(args.repeat, simulate)
    print(f"simulate (random player + engine):  {args.games / wall:8.1f} / {args.games / cpu:8.1f} games/s")
    for name, run in (("replay with step (copy per input):", replay_step),
                      ("replay with apply (one working copy):", replay_apply)):
        wall, cpu = best(args.repeat, run)
        print(f"{name:38s}{inputs / wall:8.0f} / {inputs / cpu:8.0f} inputs/s  "
              f"{args.games / wall:6.1f} / {args.games / cpu:6.1f} games/s")
    _, folded = best(args.repeat, replay_apply)
    for name, lister in (("legal_moves (grouped)", legal_moves), ("legal_actions (every input)", legal_actions)):
        _, cpu = best(args.repeat, listing(lister))
        print(f"waiting_for + {name:28s} {(cpu - folded) / inputs * 1e6:5.2f} us CPU per position")


if __name__ == "__main__":
    main()
