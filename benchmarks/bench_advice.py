"""Advice speed: one cold DRAW/STOP answer on the four reference positions, and the outlook.

    python benchmarks/bench_advice.py [--positions 1,2,3,4] [--repeat 5]

Pinned to one core where the OS allows it. Each answer is cold: a new search, no memo kept from
an earlier answer. Prints the best, median and worst of the repeats: on a shared machine the best
is the one least disturbed by other work, and the process's CPU time leaves out the time it
waited for the core. Set 1, no rats, flask full, scoring by the value model of docs/advice.md.
"""

from __future__ import annotations

import argparse
import os
import time

from companion.engine import Fortune, GameConfig, GameState, new_game, step, whatif
from companion.engine.advice import TooDeep, advise
from companion.engine.outlook import outlook

ROUND_9 = {"white-1": 5, "white-2": 2, "white-3": 1, "orange-1": 3, "green-1": 1, "green-4": 3,
           "blue-1": 1, "blue-4": 2, "purple-1": 1, "black-1": 2}
POSITIONS: dict[int, tuple[str, int, dict[str, int], int, tuple[str, ...]]] = {
    1: ("round 1, starting bag", 1, {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 1, "green-1": 1}, 0, ()),
    2: ("round 4, 11 chips", 4, {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 2, "green-1": 1,
                                 "blue-1": 1}, 1, ()),
    3: ("round 9, 23 chips", 9, ROUND_9, 7, ()),
    4: ("round 9 after W2 O1 G4", 9, ROUND_9, 7, ("white-2", "orange-1", "green-4")),
}


def position(round_no: int, bag: dict[str, int], droplet: int, drawn: tuple[str, ...]) -> GameState:
    """Seat 0 of a 2-player game with exactly this bag, its chips taken from the supply."""
    state = step(new_game(GameConfig(players=("A", "B"))), Fortune(None)).state
    state.round = round_no
    seat = state.seats[0]
    for cid in seat.bag:
        state.supply[cid.rsplit("-", 1)[0]].append(cid)
    seat.bag = [state.supply[kind].pop() for kind, n in bag.items() for _ in range(n)]
    seat.droplet = droplet
    for kind in drawn:
        state, _ = whatif.draw(state, 0, whatif.kinds_in_bag(state, 0)[kind])
        state = whatif.ignore_offers(state, 0)
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", default="1,2,3,4")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, help="give up after this many positions and say how long it took")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    for k in (int(p) for p in args.positions.split(",")):
        name, *spec = POSITIONS[k]
        state = position(*spec)  # type: ignore[arg-type]
        times, cpu, look = [], [], []
        for _ in range(args.repeat):
            started, cpu_started = time.perf_counter(), time.process_time()
            try:
                answer = advise(state, 0, limit=args.limit)
            except TooDeep:
                print(f"{k}. {name}: gave up after {args.limit} positions, "
                      f"{time.perf_counter() - started:.1f} s", flush=True)
                break
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - cpu_started)
            started = time.perf_counter()
            outlook(state, 0)
            look.append(time.perf_counter() - started)
        if not times:
            continue
        stop, draw = answer["stop"], answer["draw"]
        print(f"{k}. {name}: {answer['advice'].upper()}  stop {stop['value']:.3f} VP "
              f"({stop['coins']:g} coins + {stop['vp']:g} VP), draw {draw['value']:.3f} VP "
              f"({draw['explode']:.1%} explode, {draw['coins']:.1f} coins + {draw['vp']:.2f} VP); "
              f"{answer['positions']} positions; advice best {min(times) * 1000:.1f} ms, "
              f"median {sorted(times)[len(times) // 2] * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms "
              f"(CPU time: best {min(cpu) * 1000:.1f} ms, worst {max(cpu) * 1000:.1f} ms); "
              f"outlook best {min(look) * 1000:.2f} ms, worst {max(look) * 1000:.2f} ms",
              flush=True)


if __name__ == "__main__":
    main()
