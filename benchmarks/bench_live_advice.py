"""The phones' advice over the SSE benchmark's whole game, without the server: how many DRAW/STOP
moments it answers within the live bound, and the CPU time the advice costs per input.

    PYTHONPATH=. python benchmarks/bench_live_advice.py [--limit 600] [--seed 1]

The same seeded 4-player demo game as `bench_sse.py --whole-game` (the random player chooses
every input, draws come out of the simulated bags). After each input every seat's advice is
asked for, as the four seat views ask for it; with no page to tell later it is searched at once,
so the time is what the searches cost, whichever thread runs them. A moment is a seat that may
draw in a situation not seen before.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from benchmarks.bench_sse import next_input
from companion import advising
from companion.advice import may_draw
from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw
from companion.webapp import assist


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=advising.LIVE_LIMIT, help="new compact positions per answer")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    advising.LIVE_LIMIT = args.limit
    demo = build_demo(["Ann", "Ben", "Cleo", "Dan"], Path(tempfile.mkdtemp()) / "bench.sqlite3", seed=args.seed)
    demo.table.submit({"kind": "fortune", "card": None}, "host")
    phones = assist.Assist("advice")
    player = RandomPlayer(1)
    per_input: list[float] = []
    moments: dict[tuple[object, ...], dict[str, object]] = {}
    while demo.table.state.phase != "game_over":
        action = next_input(player, demo.table.state)
        if action is None:
            time.sleep(0.005)  # a chip on its way back into a bag
            continue
        if isinstance(action, Draw):
            demo.draw(action.seat)
        else:
            demo.table.submit(action, "web")
        state = demo.table.state
        started = time.process_time()
        for n, seat in enumerate(state.seats):
            answer = phones.advice(state, n)
            if may_draw(state, n):
                moments[(n, state.round, tuple(seat.pot), tuple(sorted(seat.bag)), seat.flask_full)] = answer
        per_input.append((time.process_time() - started) * 1000)
    per_input.sort()
    answered = sum(1 for a in moments.values() if a.get("advice"))
    print(f"DRAW/STOP moments: {len(moments)}, answered {answered}, too deep {len(moments) - answered}")
    print(f"advice CPU time per input ({len(per_input)} inputs): p50 {per_input[len(per_input) // 2]:.2f} ms, "
          f"p99 {per_input[int(len(per_input) * 0.99)]:.2f} ms, max {per_input[-1]:.2f} ms, "
          f"total {sum(per_input):.0f} ms")


if __name__ == "__main__":
    main()
