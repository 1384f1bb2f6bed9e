"""History benchmark: the game-night page's data over many finished games in one journal.

    python benchmarks/bench_history.py [--games 50]

Stores N complete seeded 4-player games (their inputs appended as a transcript import does),
then times ``summarise`` (every game replayed from its journal) and ``records`` as the history
page calls them: the first call after start-up, then a later call. Target: the page's data in
under 1 s for 50 games.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from companion.autoplay import play_game
from companion.engine import GameConfig, format_transcript
from companion.store import Database
from companion.table import import_transcript
from companion.table.nights import records, summarise

CONFIG = GameConfig(players=("Ann", "Ben", "Cid", "Dee"))


def bench(directory: Path, games: int) -> None:
    with Database(directory / "history.sqlite3") as db:
        for seed in range(games):
            _, inputs = play_game(CONFIG, seed)
            import_transcript(db, format_transcript(CONFIG, inputs), f"game {seed}")
        times = []
        for _ in range(5):
            started = time.perf_counter()
            summaries = summarise(db)
            records(summaries)
            times.append((time.perf_counter() - started) * 1000)
    print(f"games: {games} finished 4-player games")
    print(f"first call: {times[0]:.0f} ms; later calls: median {statistics.median(times[1:]):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    with tempfile.TemporaryDirectory() as tmp:
        bench(Path(tmp), parser.parse_args().games)


if __name__ == "__main__":
    main()
