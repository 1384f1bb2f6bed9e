"""Journal benchmark: resume a complete 4-player game at start-up, and appends per second.

    python benchmarks/bench_journal.py [--games 5] [--dir DIR]

Runs against real files with synchronous=FULL (in --dir, default a temporary directory: put it
on the Pi's SD card to measure the card). Target: resume under 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from companion.autoplay import play_game
from companion.engine import GameConfig
from companion.store import Database, Journal
from companion.table import Table, TableSetup, start_game
from companion.table.backup import TranscriptBackup

CONFIG = GameConfig(players=("Ann", "Ben", "Cid", "Dee"))


def bench(directory: Path, games: int) -> None:
    resumes, rates, backed, sizes = [], [], [], []
    for seed in range(games):
        _, inputs = play_game(CONFIG, seed)
        path = directory / f"bench-{seed}.sqlite3"
        with Database(path) as db:
            table = start_game(db, TableSetup(CONFIG))
            started = time.perf_counter()
            for action in inputs:
                table.submit(action, "host")
            rates.append(len(inputs) / (time.perf_counter() - started))
            sizes.append(len(inputs))
            game_id = table.game_id
            copy = start_game(db, TableSetup(CONFIG))  # the same game again, with its transcript kept beside
            backup = TranscriptBackup(copy)
            started = time.perf_counter()
            for action in inputs:
                copy.submit(action, "host")
            backed.append(len(inputs) / (time.perf_counter() - started))
            backup.close()
        started = time.perf_counter()  # a fresh process's view: open the file, read, replay
        with Database(path) as db:
            Table.open(db, game_id)
            resumes.append((time.perf_counter() - started) * 1000)
        with Database(path) as db:  # raw appends, the store alone
            journal = Journal(db)
            gid = journal.create_game("raw", {}, "bench")
            started = time.perf_counter()
            for n in range(300):
                journal.append(gid, "host", "input", {"action": {"kind": "draw", "seat": 0, "chip": "white-1-01"}, "n": n})
            raw = 300 / (time.perf_counter() - started)
    print(f"games: {games}, inputs per game: {min(sizes)}-{max(sizes)} (median {statistics.median(sizes):.0f})")
    print(f"resume (open + read journal + replay): median {statistics.median(resumes):.1f} ms, "
          f"max {max(resumes):.1f} ms (target < 100 ms)")
    print(f"table submits with synchronous=FULL (engine step + append + fsync): median {statistics.median(rates):.0f}/s")
    print(f"table submits with the transcript backup too (+ line append + fsync): median {statistics.median(backed):.0f}/s")
    print(f"raw journal appends with synchronous=FULL (last game): {raw:.0f}/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--dir", type=Path, help="where to create the database files")
    args = parser.parse_args()
    if args.dir:
        args.dir.mkdir(parents=True, exist_ok=True)
        bench(args.dir, args.games)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            bench(Path(tmp), args.games)


if __name__ == "__main__":
    main()
