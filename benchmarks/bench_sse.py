"""Latency from an input submitted to the table until each of 12 live pages receives it over SSE.

12 clients: 4 seats x 2 phones, the table screen, the host and 2 spare table screens, on a real
server on 127.0.0.1 (uvicorn). Inputs are draws through the simulated bags (reader, registry,
table, journal on disk), one at a time, each once every page has received the one before. The
latency is from the input submitted to each page receiving the message that carries it (the view
updated by it), until the message's last byte is read: the page then applies it to the view it
holds, and the benchmark stops if it does not apply. A seat's advice found later (its own small
``advice`` event) is not an input's message and is counted apart, as are views re-sent without
an entry. Prints p50/p99, what the pages received (bytes per page per input: the message that
carries the input to each page), the server's CPU time per input by phase (`server_cpu.py`: the
engine's step, the journal, the views, their JSON, the loop's writes to the pages; the simulated
players apart, and the advice worker's process apart), and the process's RSS with the clients
connected.

The clients read their streams and apply their patches in a process of their own
(`sse_pages.py`), as phones do: in the server's process they competed with it for the interpreter
lock and counted in its RSS. They still share the machine's cores with the server, which a
table's phones do not, so that process costs as little as it can: one interpreter for the twelve
(twelve of their own took about four times the server's CPU per input, and the tail of the
latency with it), each page timed as its bytes are read, before any page's parsing.

    PYTHONPATH=. python benchmarks/bench_sse.py [--inputs 150] [--assist advice --whole-game]

Draws continue while some seat can draw in round 1 (each bag holds 9 chips at the start).
`--whole-game` plays on to the end: the random player of `quacks simulate` chooses every input,
draws still come out of the simulated bags. `--assist` is the table's setting for the phones.
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
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from http.cookiejar import CookieJar
from pathlib import Path
from types import SimpleNamespace

from server_cpu import ServerCPU, process_cpu

import companion.table.table as table_module
import companion.webapp.game as game_module
from companion.autoplay import RandomPlayer
from companion.commands.demo import Demo, build_demo
from companion.engine import Action, Draw, GameState, legal_moves, waiting_for
from companion.store import Database, Journal
from companion.table.backup import TranscriptBackup
from companion.webapp import create_app
from companion.webapp import hub as hub_module
from companion.webapp import patch as patch_module
from companion.webapp.game import LiveGame
from companion.webapp.server import Server

PIN = "000000"


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def next_input(player: RandomPlayer, state: GameState) -> Action | None:
    """The random player's next input, leaving the chips going back into bags to the bags."""
    waiting = waiting_for(state)
    if any(s.returning for s in state.seats) or not waiting:
        return None
    seat = player.rng.choice(waiting)
    moves = replace(legal_moves(state, seat), returns=())
    mine = moves.actions()
    if seat is None or not mine:
        return mine[0] if mine else None
    return player.act(state, seat, moves)


def measure_phases(cpu: ServerCPU) -> None:
    """What the server does per input, phase by phase (see `server_cpu.py`)."""
    cpu.wrap(table_module, "step", "engine step")
    cpu.wrap(Journal, "append", "journal write")
    cpu.wrap_context(Database, "transaction", "journal write")
    cpu.wrap(TranscriptBackup, "_append", "journal write")
    cpu.wrap(game_module, "entry_lines", "feed lines")
    cpu.wrap(LiveGame, "render", "views")
    cpu.wrap(LiveGame, "advice", "views")
    cpu.wrap(hub_module, "diff_json", "patches")
    for module in (hub_module, patch_module):
        module.json = SimpleNamespace(dumps=json.dumps)  # type: ignore[assignment]
        cpu.wrap(module.json, "dumps", "JSON")
    cpu.wrap(Demo, "draw", "simulated players")
    cpu.wrap(Demo, "_notice", "simulated players")
    cpu.wrap(sys.modules[__name__], "next_input", "benchmark's player")


class Pages:
    """The 12 clients, in one process of their own (`sse_pages.py`), as lean as it can be made so
    that it takes as little of the server's machine as it can (on a table the pages run on the
    phones): when each input reached each page, and the bytes each page received per input. The
    pages write their reports to a pipe, read here by one thread, and end when the pipe to their
    input closes."""

    OPEN_SECONDS = 120.0
    """How long the pages may take to open (on a loaded machine, seconds)."""

    def __init__(self, server: Server, game: LiveGame, cookie: str) -> None:
        paths = [f"/api/stream/seat/{game.token(k)}" for k in range(4) for _ in range(2)]
        table = f"/api/stream/table/{game.table_token}"
        paths += [table, "/api/stream/host", table, table]
        self.clients = paths
        reports, report = os.pipe()
        told, self.tell = os.pipe()
        script = str(Path(__file__).with_name("sse_pages.py"))
        self.processes = [subprocess.Popen([sys.executable, script, str(server.port), cookie, *paths],
                                           stdin=told, stdout=report)]
        os.close(report)
        os.close(told)
        self.reports = os.fdopen(reports, encoding="ascii")
        self.ready = 0
        self.received: dict[int, list[float]] = {}
        self.sizes: list[int] = []  # bytes of each message that carried an input, per page
        self.other: Counter[str] = Counter()  # events that carry no input: "advice", "view", and their bytes
        self.arrived = threading.Condition()
        self.threads = [threading.Thread(target=self._listen, daemon=True)]
        for thread in self.threads:
            thread.start()
        self._wait_ready()

    def _wait_ready(self) -> None:
        """Until every page has its first view; a page that stopped, or ``OPEN_SECONDS`` passed,
        ends the benchmark (the pages stopped first, so that the cause is the last thing printed)."""
        deadline = time.monotonic() + self.OPEN_SECONDS
        with self.arrived:
            while self.ready < len(self.clients):
                stopped = [n for n, p in enumerate(self.processes) if p.poll() is not None]
                if stopped or time.monotonic() > deadline:
                    for process in self.processes:
                        process.kill()
                    why = "the pages stopped: see above" if stopped else f"not in {self.OPEN_SECONDS:g} s"
                    raise SystemExit(f"the pages could not be opened ({self.ready} of {len(self.clients)}): {why}")
                self.arrived.wait(0.1)

    def _listen(self) -> None:
        for line in self.reports:
            if line.startswith("ready"):
                with self.arrived:
                    self.ready += 1
                    self.arrived.notify_all()
                continue
            _, at, seq, name, size = line.split()
            with self.arrived:
                if seq != "-":
                    self.received.setdefault(int(seq), []).append(float(at))
                    self.sizes.append(int(size))
                    if len(self.received[int(seq)]) == len(self.clients):
                        self.arrived.notify_all()
                else:
                    kind = "advice" if name == "advice" else "view"
                    self.other[kind] += 1
                    self.other[f"{kind} bytes"] += int(size)
        with self.arrived:
            self.arrived.notify_all()

    def wait_for(self, seq: int, seconds: float = 2) -> None:
        """Until every page has received input ``seq`` (at most ``seconds``)."""
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.received.get(seq, [])) >= len(self.clients), seconds)
        stopped = [p.returncode for p in self.processes if p.poll() is not None]
        if stopped:
            raise SystemExit(f"the pages stopped (exit {stopped[0]}): see above")

    def close(self) -> None:
        os.close(self.tell)
        for process in self.processes:
            process.wait(10)


def play(demo: Demo, pages: Pages, inputs: int, whole_game: bool) -> dict[int, float]:
    """Submit the inputs one at a time, each once every page has the one before; returns when each
    was sent. A draw is a chip presented to the seat's simulated bag (the table's worker reads it);
    any other input is submitted in a thread of the server's, as a phone's request would be."""
    sent: dict[int, float] = {}
    requests = ThreadPoolExecutor(1, thread_name_prefix="requests")
    player = RandomPlayer(1)
    for i in range(inputs):
        state = demo.table.state
        if whole_game:
            if state.phase == "game_over":
                break
            action = next_input(player, state)
            if action is None:
                time.sleep(0.005)  # a chip on its way back into a bag
                continue
        else:
            brewing = [n for n, s in enumerate(state.seats) if s.status == "brewing" and s.bag
                       and not state.blocking_decision(n)]
            if state.phase != "brewing" or not brewing:
                break
            action = Draw(brewing[i % len(brewing)], "")
        t0 = time.perf_counter()
        if isinstance(action, Draw):
            demo.draw(action.seat)
        else:
            requests.submit(demo.table.submit, action, "web").result()
        seq = demo.table.seq
        sent[seq] = t0
        pages.wait_for(seq)
    return sent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=int, default=150)
    parser.add_argument("--assist", choices=("off", "odds", "advice"), default="odds")
    parser.add_argument("--whole-game", action="store_true")
    args = parser.parse_args()
    own = [threading.current_thread()]  # the benchmark's: its players, and what reads the clients' reports
    cpu = ServerCPU(lambda: (t.ident for t in own if t.ident is not None))
    measure_phases(cpu)
    demo = build_demo(["Ann", "Ben", "Cleo", "Dan"], Path(tempfile.mkdtemp()) / "bench.sqlite3", seed=1)
    app = create_app(demo.table, host_pin=PIN, demo=demo, assist=args.assist)
    server = Server(app, "127.0.0.1", 0).start()
    game = app.extensions["companion.game"]
    jar = CookieJar()
    urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)).open(f"{server.url}/host?pin={PIN}")
    pages = Pages(server, game, "; ".join(f"{c.name}={c.value}" for c in jar))
    own += pages.threads
    demo.table.submit({"kind": "fortune", "card": None}, "host")
    time.sleep(0.2)
    first = demo.table.seq
    cpu.start()
    paged = process_cpu(pages.processes[0].pid)
    sent = play(demo, pages, args.inputs, args.whole_game)
    demo.table.wait_for_reads()
    time.sleep(0.2)  # the last advice searched and sent
    cpu.stop()
    paged = process_cpu(pages.processes[0].pid) - paged
    journalled = demo.table.seq - first
    memory = rss_mb()
    with pages.arrived:
        latencies = sorted((t - t0) * 1000 for seq, t0 in sent.items() for t in pages.received.get(seq, []))
        sizes, other = sorted(pages.sizes), pages.other
    pages.close()
    server.stop()

    def p(q: float, values: list[float] | list[int]) -> float:
        return values[min(len(values) - 1, int(q * len(values)))]

    print(f"inputs: {len(sent)} sent, {journalled} journalled (with the chips going back)  clients: "
          f"{len(pages.clients)}  messages: {len(latencies)}")
    print(f"latency ms: p50 {statistics.median(latencies):.2f}  p99 {p(0.99, latencies):.2f}  max {latencies[-1]:.2f}")
    print(f"bytes per page per input: median {statistics.median(sizes):.0f}  p90 {p(0.9, sizes):.0f}  "
          f"max {sizes[-1]}  mean {statistics.fmean(sizes):.0f}")
    print(f"received: {sum(sizes) / 1e6:.2f} MB in the inputs' messages; {other['view']} views without an input"
          f" ({other['view bytes'] / 1e6:.2f} MB); {other['advice']} advice events ({other['advice bytes'] / 1e6:.2f} MB)")
    print("\n".join(cpu.report(journalled)))
    print(f"the pages' process (on a table, the phones'): {paged / journalled / 1e6:.3f} ms of CPU per input")
    print(f"RSS with {len(pages.clients)} clients connected: {memory:.1f} MB (the server, and the benchmark's players)")


if __name__ == "__main__":
    main()
