"""Latency from an input submitted to the table until each of 12 live pages receives it over SSE.

12 clients: 4 seats x 2 phones, the table screen, the host and 2 spare table screens, on a real
server on 127.0.0.1 (uvicorn). Inputs are draws through the simulated bags (reader, registry,
table, journal on disk), one at a time, each once every page has received the one before. The
latency is from the input submitted to each page receiving the message that carries it (the view
updated by it): a seat's advice found later (its own small ``advice`` event) is not an input's
message and is counted apart, as are views re-sent without an entry. Prints p50/p99, what the
pages received, and the process's RSS with the clients connected (the clients run in the same
process, so the figure includes them, and their reading competes with the server for the CPU).

    PYTHONPATH=. python benchmarks/bench_sse.py [--inputs 150] [--assist advice --whole-game]

Draws continue while some seat can draw in round 1 (each bag holds 9 chips at the start).
`--whole-game` plays on to the end: the random player of `quacks simulate` chooses every input,
draws still come out of the simulated bags. `--assist` is the table's setting for the phones.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from dataclasses import replace
from http.cookiejar import CookieJar
from pathlib import Path

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Action, Draw, GameState, legal_moves, waiting_for
from companion.webapp import create_app
from companion.webapp.server import Server
from tests.webapp.sse import SSEClient

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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=int, default=150)
    parser.add_argument("--assist", choices=("off", "odds", "advice"), default="odds")
    parser.add_argument("--whole-game", action="store_true")
    args = parser.parse_args()
    demo = build_demo(["Ann", "Ben", "Cleo", "Dan"], Path(tempfile.mkdtemp()) / "bench.sqlite3", seed=1)
    app = create_app(demo.table, host_pin=PIN, demo=demo, assist=args.assist)
    server = Server(app, "127.0.0.1", 0).start()
    game = app.extensions["companion.game"]
    jar = CookieJar()
    urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)).open(f"{server.url}/host?pin={PIN}")
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    paths = [f"/api/stream/seat/{game.token(k)}" for k in range(4) for _ in range(2)]
    table = f"/api/stream/table/{game.table_token}"
    paths += [table, "/api/stream/host", table, table]
    clients = [SSEClient("127.0.0.1", server.port, p, cookie=cookie if p.endswith("host") else None) for p in paths]
    for c in clients:
        c.next()
    received: dict[int, list[float]] = {}
    other: Counter[str] = Counter()  # events that carry no input: "advice", "view", and their bytes
    lock = threading.Lock()

    def listen(client: SSEClient) -> None:
        try:
            while True:
                event = client.next()
                now = time.perf_counter()
                with lock:
                    if event.name == "message" and event.data.get("entry") is not None:
                        received.setdefault(event.data["seq"], []).append(now)
                        other["bytes"] += event.size
                    else:
                        kind = "advice" if event.name == "advice" else "view"
                        other[kind] += 1
                        other[f"{kind} bytes"] += event.size
        except (ConnectionError, OSError, ValueError):
            return

    threads = [threading.Thread(target=listen, args=(c,), daemon=True) for c in clients]
    for t in threads:
        t.start()
    sent: dict[int, float] = {}
    demo.table.submit({"kind": "fortune", "card": None}, "host")
    time.sleep(0.2)
    latencies: list[float] = []
    player = RandomPlayer(1)
    for i in range(args.inputs):
        state = demo.table.state
        if args.whole_game:
            if state.phase == "game_over":
                break
            action = next_input(player, state)
            if action is None:
                time.sleep(0.005)  # a chip on its way back into a bag
                continue
            t0 = time.perf_counter()
            if isinstance(action, Draw):
                demo.draw(action.seat)
            else:
                demo.table.submit(action, "web")
            seq = demo.table.seq
        else:
            if state.phase != "brewing":
                break
            brewing = [n for n, s in enumerate(state.seats) if s.status == "brewing" and s.bag
                       and not state.blocking_decision(n)]
            if not brewing:
                break
            seat = brewing[i % len(brewing)]
            t0 = time.perf_counter()
            demo.draw(seat)
            seq = demo.table.seq
        sent[seq] = t0
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            with lock:
                if len(received.get(seq, [])) >= len(clients):
                    break
            time.sleep(0.0005)
    memory = rss_mb()
    with lock:
        for seq, t0 in sent.items():
            latencies.extend((t - t0) * 1000 for t in received.get(seq, []))
    server.stop()
    latencies.sort()
    def p(q):
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    print(f"inputs: {len(sent)}  clients: {len(clients)}  messages: {len(latencies)}")
    print(f"latency ms: p50 {statistics.median(latencies):.2f}  p99 {p(0.99):.2f}  max {latencies[-1]:.2f}")
    print(f"received: {other['bytes'] / 1e6:.1f} MB in the inputs' messages; {other['view']} views without an input"
          f" ({other['view bytes'] / 1e6:.2f} MB); {other['advice']} advice events ({other['advice bytes'] / 1e6:.2f} MB)")
    print(f"RSS with {len(clients)} clients connected: {memory:.1f} MB (server and clients in one process)")


if __name__ == "__main__":
    main()
