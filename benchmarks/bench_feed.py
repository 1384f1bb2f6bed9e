"""Opening a page mid-game: the feed rebuilt from the journal's inputs (``webapp.feed.journal_lines``).

    python benchmarks/bench_feed.py [--games 20] [--players 4] [--lang en|es]

Each page load (phone or table screen) replays the game's inputs once to word its last lines,
so the cost grows with the game: measured on finished games, the worst case.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from companion.autoplay import play_game
from companion.engine import GameConfig, action_to_dict
from companion.table.history import Counted
from companion.webapp.feed import journal_lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--lang", default="en", help="the language the lines are worded in")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    config = GameConfig(players=tuple(f"P{k}" for k in range(args.players)))
    times, sizes = [], []
    for seed in range(args.games):
        _, actions = play_game(config, seed)
        inputs = [Counted(None, a, action_to_dict(a)) for a in actions]  # type: ignore[arg-type]
        started = time.perf_counter()
        journal_lines(config, inputs, args.lang)
        times.append((time.perf_counter() - started) * 1000)
        sizes.append(len(inputs))
    print(f"feed of a finished {args.players}-player game ({min(sizes)}-{max(sizes)} inputs, {args.lang}): "
          f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms")


if __name__ == "__main__":
    main()
