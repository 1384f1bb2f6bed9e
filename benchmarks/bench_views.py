"""The views thread's CPU per input, without the server, its pages or the machine's moment.

`bench_sse.py` measures the serving process whole, on a real server with twelve pages: its figures
move with the load of the machine by more than a cut of a tenth of a millisecond. This plays the
same seeded whole game on the demo table (the simulated bags, the journal on disk) and, after each
input, does in this thread what the views thread and the loop do for the six perspectives of that
benchmark's pages (four seats, the table, the host): each view rendered (`Hub.render_now`) and
each page's message made from the view it holds (`Hub.news`: the patch and its JSON). Only that
is timed (this thread's CPU clock), so the figure is the views' and messages' own, without the
twelve pages' processes, the table's thread or the advice worker competing for the cores; the
best of ``--repeat`` games is the figure to compare on a quiet machine (on a shared one, with
others' tests running, the same code's medians still spread by 0.2-0.3 ms). The games differ a little
(the chips going back into the bags come in their own time: 420-480 inputs); the advice is left
out (``--assist odds``), as its worker answers at moments of its own.

    PYTHONPATH=. python benchmarks/bench_views.py [--repeat 5] [--assist odds]

The CPU clock still follows the machine's moment; the instructions do not. With ``--instructions``
one game is played and the views' work runs inside ``functools.reduce``, which nothing else of the
server calls, so callgrind counts that work alone:

    PYTHONPATH=. valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
        --toggle-collect=functools_reduce python benchmarks/bench_views.py --instructions

(the instructions it reports ("Collected"), divided by the inputs this prints).
"""

from __future__ import annotations

import argparse
import functools
import statistics
import tempfile
import time
from pathlib import Path

from bench_sse import next_input

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw
from companion.webapp import create_app
from companion.webapp.hub import Cursor, Hub

PERSPECTIVES = ("seat:0@en", "seat:1@en", "seat:2@en", "seat:3@en", "table@en", "host@en")


def render_and_say(hub: Hub, held: dict[str, Cursor]) -> None:
    """What the views thread and the loop do after an input: every view, every page's message."""
    for perspective in PERSPECTIVES:
        key = hub.unrendered(perspective)
        if key is not None:
            hub.render_now(key)
    for perspective in PERSPECTIVES:
        held[perspective], _ = hub.news(perspective, held[perspective])


def game(assist: str, counted: bool = False) -> tuple[int, float]:
    """One whole seeded game: the inputs played, and the CPU (ms) spent on the views per input
    (``counted``: the views' work inside ``functools.reduce``, for callgrind to count alone)."""
    demo = build_demo(["Ann", "Ben", "Cleo", "Dan"], Path(tempfile.mkdtemp()) / "bench.sqlite3", seed=1)
    app = create_app(demo.table, host_pin="000000", demo=demo, assist=assist)
    hub: Hub = app.extensions["companion.hub"]
    held = {p: hub.opening(p, None)[0] for p in PERSPECTIVES}
    player, spent, inputs = RandomPlayer(1), 0, 0
    while demo.table.state.phase != "game_over":
        action = next_input(player, demo.table.state)
        seq = demo.table.seq
        if action is None:
            time.sleep(0.002)  # a chip on its way back into a bag
        elif isinstance(action, Draw):
            demo.draw(action.seat)
        else:
            demo.table.submit(action, "web")
        demo.table.wait_for_reads()
        if demo.table.seq == seq:
            continue
        begun = time.thread_time_ns()
        if counted:
            functools.reduce(lambda _, __: render_and_say(hub, held), [0, 1], None)
        else:
            render_and_say(hub, held)
        spent += time.thread_time_ns() - begun
        inputs += 1
    demo.table.close()
    app.extensions["companion.game"].assist.close()
    return inputs, spent / inputs / 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--assist", choices=("off", "odds"), default="odds")
    parser.add_argument("--instructions", action="store_true",
                        help="one game, the views' work inside functools.reduce: for callgrind to count")
    args = parser.parse_args()
    if args.instructions:
        print(f"inputs: {game(args.assist, counted=True)[0]}")
        return
    runs = [game(args.assist) for _ in range(args.repeat)]
    per_input = sorted(ms for _, ms in runs)
    print(f"inputs per game: {runs[0][0]}  views and messages, CPU per input: best {per_input[0]:.3f} ms  "
          f"median {statistics.median(per_input):.3f} ms  worst {per_input[-1]:.3f} ms  ({args.repeat} games)")


if __name__ == "__main__":
    main()
