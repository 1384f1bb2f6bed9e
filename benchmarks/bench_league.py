"""The league under an evening's burst: 20 tables pushing their seeded games at once, and the room
screen's update latency meanwhile and afterwards.

A throw-away PostgreSQL cluster (Debian's server, as the tests start it) holds the league, served
by `quacks league serve` in its own process, as a club runs it. Each table is a journal of its own
(SQLite, in a temporary folder) holding `--games` finished games of `quacks simulate --players 4`
(the same seeds), each in the league outbox; then all tables' senders push at once, one thread
per table, as 20 Pis would. Reported: games ingested per second (wall), the league process's CPU
seconds per game (load-independent: each game is replayed by the engine before it is kept), and
the latency from a live push (a table's scores) to a room screen's stream carrying it, while the
burst runs and on a quiet league.

    PYTHONPATH=. python benchmarks/bench_league.py [--tables 20] [--games 5] [--samples 40]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import psycopg

from companion.autoplay import play_game
from companion.engine import GameConfig, format_transcript
from companion.league.sender import LeagueLink, Sender
from companion.store import Database, Outbox
from companion.table.library import import_transcript
from tests.league.postgres import Cluster, free_port, server_bin
from tests.webapp.sse import SSEClient

PLAYERS = ("Player 1", "Player 2", "Player 3", "Player 4")


def games(count: int, seed: int) -> list[str]:
    """`quacks simulate --games N --players 4 --seed S`'s games, as transcripts."""
    config = GameConfig(players=PLAYERS)
    return [format_transcript(config, play_game(config, seed * 1_000_003 + k)[1]) for k in range(count)]


def table_journal(folder: Path, transcripts: list[str]) -> Database:
    """A table's journal with these games finished and waiting in its league outbox."""
    db = Database(folder / "journal.sqlite3")
    for k, text in enumerate(transcripts):
        game_id = import_transcript(db, text, f"game {k + 1}")
        Outbox(db).add(game_id, len(text.splitlines()) - 1)
    return db


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cluster_cpu(cluster: Cluster) -> float:
    """CPU seconds of the cluster's processes (the server and its backends) so far."""
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    found = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == postmaster or int(stat.parent.name) == postmaster:
            found += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


class RoomWatch:
    """A room screen's stream in a thread: when each marker score first appears, by table."""

    def __init__(self, port: int) -> None:
        self.seen: dict[int, float] = {}
        self.client = SSEClient("127.0.0.1", port, "/room/stream", timeout=60)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                event = self.client.next()
            except OSError:
                return
            now = time.perf_counter()
            for table in event.data.get("tables", []):
                if table["table"] == "Room probe":
                    self.seen.setdefault(table["seats"][0]["score"], now)


def latencies(link: LeagueLink, watch: RoomWatch, first: int, samples: int, gap: float) -> list[float]:
    """Live pushes with the scores first, first + 1, …; each one's time until the room screen shows it."""
    found = []
    started = datetime.now(UTC).isoformat()
    for k in range(first, first + samples):
        sent = time.perf_counter()
        link.post("/api/v1/live", {"game": "probe", "started_at": started, "seq": k, "round": 1, "phase": "brewing",
                                   "seats": [{"name": "Probe", "score": k, "status": "brewing"}]})
        deadline = sent + 10
        while k not in watch.seen and time.perf_counter() < deadline:
            time.sleep(0.0005)
        if k in watch.seen:
            found.append((watch.seen[k] - sent) * 1000)
        time.sleep(gap)
    return found


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no samples"
    q = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
    return f"{name}: n={len(values)} p50 {q[49]:.1f} ms, p90 {q[89]:.1f} ms, max {max(values):.1f} ms"


def league_process(url: str, port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen([sys.executable, "-m", "companion", "league", "serve", "--database", url,
                               "--bind", "127.0.0.1", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert server.stdout is not None
    line = server.stdout.readline().decode()
    if "League" not in line:
        raise SystemExit(f"the league did not start: {line}{server.stdout.read().decode()}")
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--games", type=int, default=5, help="finished games per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=40, help="room screen latency samples, quiet and in the burst")
    args = parser.parse_args()
    bindir = server_bin()
    if bindir is None:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load average {open('/proc/loadavg').read().split()[:3]}")
    cluster = Cluster(bindir).start()
    folder = Path(tempfile.mkdtemp(prefix="quacks-bench-league-"))
    server = None
    try:
        url, port = cluster.database(), free_port()
        print(f"playing {args.tables} x {args.games} games of 4 players (seeds {args.seed}…)")
        tables = [table_journal(folder / f"t{n}", games(args.games, args.seed + n)) for n in range(args.tables)]
        server = league_process(url, port)
        keys = []
        with psycopg.connect(url) as conn:
            from companion.league.tables import add_table
            keys = [add_table(conn, f"Table {n + 1}", "bench")[1] for n in range(args.tables)]
            probe_key = add_table(conn, "Room probe", "bench")[1]
            conn.commit()
        base = f"http://127.0.0.1:{port}"
        watch = RoomWatch(port)
        probe = LeagueLink(base, probe_key)
        quiet = latencies(probe, watch, 1, args.samples, 0.05)
        senders = [Sender(db, LeagueLink(base, key)) for db, key in zip(tables, keys, strict=True)]
        threads = [threading.Thread(target=s.send_due) for s in senders]
        cpu0, wall0, own0, pg0 = cpu_seconds(server.pid), time.perf_counter(), time.process_time(), cluster_cpu(cluster)
        for t in threads:
            t.start()
        busy = latencies(probe, watch, 10_000, args.samples, 0.05)
        for t in threads:
            t.join()
        wall, cpu = time.perf_counter() - wall0, cpu_seconds(server.pid) - cpu0
        own, pg = time.process_time() - own0, cluster_cpu(cluster) - pg0
        total = args.tables * args.games
        left = sum(len(Outbox(db).pending()) for db in tables)
        with psycopg.connect(url) as conn:
            kept = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        print(f"{total} games pushed by {args.tables} tables at once: {kept} kept, {left} left in outboxes")
        print(f"  ingested {total / wall:.1f} games/s (wall {wall:.2f} s); league process CPU {cpu:.2f} s, "
              f"{1000 * cpu / total:.1f} ms per game; the tables' senders (this process) {own:.2f} s; "
              f"PostgreSQL {pg:.2f} s")
        print("  room screen, push to stream: " + summary("quiet", quiet))
        print("  room screen, push to stream: " + summary("during the burst", busy))
        print(json.dumps({"games": total, "kept": kept, "games_per_second": round(total / wall, 1),
                          "cpu_ms_per_game": round(1000 * cpu / total, 1)}))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        cluster.stop()


if __name__ == "__main__":
    main()
