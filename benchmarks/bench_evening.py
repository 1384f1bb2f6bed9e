"""Refused reads over seeded evenings: what the host's anomaly list holds after whole games.

    python benchmarks/bench_evening.py [--games 5] [--habits demo|evening]

Plays N seeded 3-player games with the Fortune Teller's cards on the virtual clock: the simulated
people pour their pots back while one of them turns the card, miss and double-read chips with the
habits named (`demo`: those of `quacks demo`; `evening`: a clumsier table), and answer their
phones' questions; random players choose. Prints each game's refused reads by kind and the mean
per game, after round 4 and at the end. A read twice needs nothing; a held read is one tap on
the seat's phone; only the others ask the host.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from pathlib import Path

from companion.commands.demo import build_demo
from companion.evening import DEMO, EVENING, Agenda, RandomThinker

HABITS = {"demo": DEMO, "evening": EVENING}


def evening(folder: Path, seed: int, habits: str) -> tuple[int, Counter[str]]:
    """One game to its end: the refused reads by the start of round 5's brewing, and all by kind."""
    demo = build_demo(["Ann", "Ben", "Cleo"], folder / f"evening-{seed}.sqlite3", seed, cards=True,
                      people=HABITS[habits], bots={n: RandomThinker(7 * seed + n) for n in range(3)}, agenda=Agenda())
    state = lambda: demo.table.state  # noqa: E731
    demo.evening.run(until=lambda: state().round >= 5 and state().phase == "brewing")
    early = len(demo.table.anomalies())
    demo.evening.run(until=lambda: state().phase == "game_over")
    kinds = Counter(a.code for a in demo.table.anomalies())
    demo.evening.stop()
    demo.table.close()
    return early, kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--habits", choices=tuple(HABITS), default="demo")
    args = parser.parse_args()
    started, total, by_round_5 = time.process_time(), Counter[str](), 0
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(args.games):
            early, kinds = evening(Path(folder), seed, args.habits)
            by_round_5 += early
            total += kinds
            print(f"game {seed}: {sum(kinds.values())} refused reads {dict(kinds)}", flush=True)
    print(f"{args.games} games, habits {args.habits}: {sum(total.values()) / args.games:.1f} refused reads a game, "
          f"{by_round_5 / args.games:.1f} by round 5; by kind {dict(total)}; CPU {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
