"""Advice speed: one cold DRAW/STOP answer on the four reference positions, and the outlook; the
time to the answer a bound proves (`bounds.certified`) beside the time to the exact values; and
every DRAW/STOP moment of seeded random games: proven by a bound, by the exact search within the
live limit, or not at all.

    python benchmarks/bench_advice.py [--positions 1,2,3,4] [--repeat 5] [--games N [--books 1|random]]
    python benchmarks/bench_advice.py --positions 5 --repeat 1 [--limit 100000000]   # three reds: the grid, or the compact search
    python benchmarks/bench_advice.py --positions 3,4 --warm
    python benchmarks/bench_advice.py --kinds [--repeat 3] [--seed 1] [--books 1|random]

`--kinds`: one cold answer of every other kind of advice (the shop, an exploded pot's points or
coins, the ruby spends, the flask, a crow skull's pick, step B's questions, DRAW/STOP), each on the
first position of that kind in rounds 1, 5 and 9 of seeded 4-player games (greedy players; `--books`).

`--warm`: each position answered going on from the search of the one before it in the list, as a
phone goes on from the seat's earlier search within a brew (position 4 is position 3 after three
draws), instead of the cold answers.

Pinned to one core where the OS allows it. Each answer is cold: a new search, no memo kept from
an earlier answer. The exact values of a bag of 500 sub-bags or more come from the bag's grid
(`advice/grid.py`: positions 3 and 4); `--limit N` leaves every answer to the compact search,
which stops after N positions (`--limit 10000000`: the compact search's figures without the grid). Prints the best, median and worst of the repeats: on a shared machine the best
is the one least disturbed by other work, and the process's CPU time leaves out the time it
waited for the core. Set 1, no rats, flask full, scoring by the value model of docs/advice.md.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

from companion.advice import TooDeep, advise, advise_choice, advise_shop, certified, compact, may_draw, outlook, whatif
from companion.advising import ENGINE_LIVE_LIMIT, LIVE_LIMIT
from companion.autoplay import play_game
from companion.books import every_colour, parse_choice
from companion.dealing import deal_setup
from companion.engine import Action, Fortune, GameConfig, GameState, looking_ahead, new_game, step
from companion.engine.phases.evaluation import REWARD
from companion.engine.phases.placing import FLASK
from companion.webapp.memory import settle

ROUND_9 = {"white-1": 5, "white-2": 2, "white-3": 1, "orange-1": 3, "green-1": 1, "green-4": 3,
           "blue-1": 1, "blue-4": 2, "purple-1": 1, "black-1": 2}
POSITIONS: dict[int, tuple[str, int, dict[str, int], int, tuple[str, ...]]] = {
    1: ("round 1, starting bag", 1, {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 1, "green-1": 1}, 0, ()),
    2: ("round 4, 11 chips", 4, {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 2, "green-1": 1,
                                 "blue-1": 1}, 1, ()),
    3: ("round 9, 23 chips", 9, ROUND_9, 7, ()),
    4: ("round 9 after W2 O1 G4", 9, ROUND_9, 7, ("white-2", "orange-1", "green-4")),
    # not in the default list: red set 1's extra spaces make it ten times position 3's search
    5: ("round 9 with three reds, 23 chips", 9, {**ROUND_9, "white-1": 4, "purple-1": 0, "red-1": 2, "red-2": 1}, 7, ()),
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
    parser.add_argument("--games", type=int, default=0, help="also every DRAW/STOP moment of this many games")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--books", default="1", help="a set for every colour (1-4), or random per game")
    parser.add_argument("--kinds", action="store_true", help="every kind of advice in rounds 1, 5 and 9 instead")
    parser.add_argument("--warm", action="store_true", help="each position after the search of the one before it")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    settle()  # as the server does once it serves: the modules stay out of later full collections
    if args.kinds:
        kinds(args)
        return
    if args.warm:
        warm([int(p) for p in args.positions.split(",") if p])
        return
    for k in (int(p) for p in args.positions.split(",") if p):
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
        proven = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            found = certified(state, 0)
            proven.append(time.perf_counter() - started)
        print(f"   certified: {_said(found)}; best {min(proven) * 1000:.1f} ms, "
              f"median {sorted(proven)[len(proven) // 2] * 1000:.1f} ms, worst {max(proven) * 1000:.1f} ms", flush=True)
    if args.games:
        games(args)


def warm(positions: list[int]) -> None:
    """Each position answered after the one before it, the seat's search kept between them."""
    searches: dict[int, compact.Compact] = {}
    for k in positions:
        name, *spec = POSITIONS[k]
        state = position(*spec)  # type: ignore[arg-type]
        started = time.process_time()
        answer = advise(state, 0, searches=searches)
        print(f"{k}. {name}: {answer['advice'].upper()}, draw {answer['draw']['value']:.3f} VP; "
              f"{answer['positions']} new positions, CPU time {(time.process_time() - started) * 1000:.1f} ms", flush=True)


def _said(found: dict | None) -> str:
    if found is None:
        return "no bound decides"
    draw = found["draw"]
    return (f"{found['advice'].upper()}, drawing is worth {draw['bound'].replace('_', ' ')} {draw['value']:.3f} VP "
            f"(a cut after {draw['draws']} draw{'s' if draw['draws'] > 1 else ''})")


def games(args: argparse.Namespace) -> None:
    """Every DRAW/STOP moment (a seat that may draw, in a situation not met before) of `--games`
    seeded games with the random player: the bounds first, then, if they do not decide, the cold
    exact search within the live limit (`webapp/assist.py`); the time to the answer is both."""
    choice = every_colour(parse_choice(args.books))
    players = tuple(f"P{k + 1}" for k in range(args.players))
    seen: set[tuple[object, ...]] = set()
    times: list[float] = []
    proving: list[float] = []  # the bounds alone, whether they decide or not
    counts = {path: {"bound": 0, "exact": 0, "neither": 0} for path in ("compact", "engine")}
    by_exact: list[int] = []

    def moment(state: GameState, action: Action, events: list[dict]) -> None:
        for n, seat in enumerate(state.seats):
            key = (state.config, n, state.round, tuple(seat.pot), tuple(sorted(seat.bag)), seat.flask_full)
            if not may_draw(state, n) or key in seen:
                continue
            seen.add(key)
            fast = compact.unmodelled(whatif.ignore_offers(state, n), n) is None
            tally = counts["compact" if fast else "engine"]
            started = time.perf_counter()
            proven = certified(state, n)
            proving.append(time.perf_counter() - started)
            if proven is not None:
                times.append(proving[-1])
                tally["bound"] += 1
                continue
            try:
                found = advise(state, n, limit=LIVE_LIMIT if fast else ENGINE_LIVE_LIMIT)
                tally["exact"] += 1
                by_exact.append(found["positions"])
            except TooDeep:
                tally["neither"] += 1
            times.append(time.perf_counter() - started)

    for game in range(args.games):
        seed = args.seed * 1_000_003 + game
        config = GameConfig(players=players, **deal_setup(choice, (), random.Random(seed)))
        play_game(config, seed, moment)
    total = len(times)
    print(f"{args.games} games, {args.players} players, books {args.books}, seed {args.seed}: {total} DRAW/STOP "
          f"moments; proven by a bound {sum(c['bound'] for c in counts.values())}, by the exact search within the "
          f"live limit {sum(c['exact'] for c in counts.values())} (positions: median "
          f"{sorted(by_exact)[len(by_exact) // 2] if by_exact else 0}, most {max(by_exact, default=0)}), "
          f"not at all {sum(c['neither'] for c in counts.values())}")
    for path, c in counts.items():
        print(f"  {path} search: bound {c['bound']}, exact {c['exact']}, not at all {c['neither']}")
    for name, found in (("time to the answer (the bounds, then the exact search if they do not decide)", times),
                        ("time of the bounds alone", proving)):
        found.sort()
        if found:
            print(f"{name}: p50 {found[len(found) // 2] * 1000:.1f} ms, "
                  f"p99 {found[int(len(found) * 0.99)] * 1000:.1f} ms, max {found[-1] * 1000:.1f} ms")

KINDS: dict[str, Callable[[GameState, int], bool]] = {
    "shop": lambda s, n: s.phase == "shop" and s.shopper == n and s.seats[n].coins >= 6,
    "exploded: points or coins": lambda s, n: any(d.rule == REWARD for d in s.decisions_for(n)),
    "ruby spends": lambda s, n: s.phase == "spend" and not s.seats[n].done and s.seats[n].rubies >= 2,
    "flask": lambda s, n: any(d.rule == FLASK for d in s.decisions_for(n)),
    "crow skull's pick": lambda s, n: any(d.rule == "blue/1" for d in s.decisions_for(n)) and not looking_ahead(s, n),
    "step B question": lambda s, n: s.phase == "chip_actions" and bool(s.decisions_for(n)),
    "DRAW/STOP": lambda s, n: may_draw(s, n) and len(s.seats[n].pot) >= 3,
}
"""Each kind of advice, and the moment a seat meets it."""


def kinds(args: argparse.Namespace) -> None:
    """The first position of each kind in rounds 1, 5 and 9 of seeded games; one cold answer each."""
    found: dict[tuple[str, int], tuple[GameState, int]] = {}
    game = 0
    while len(found) < len(KINDS) * 3 - 2 and game < 40:  # no shop and no spends in round 9

        def moment(state: GameState, action: Action, events: list[dict]) -> None:
            for name, meets in KINDS.items():
                for n in range(len(state.seats)):
                    if state.round in (1, 5, 9) and (name, state.round) not in found and meets(state, n):
                        found[(name, state.round)] = (state.clone(), n)

        seed = args.seed * 1_000_003 + game
        config = GameConfig(players=tuple(f"P{k + 1}" for k in range(4)),
                            **deal_setup(every_colour(parse_choice(args.books)), (), random.Random(seed)))
        play_game(config, seed, moment, kinds=["greedy"] * 4)
        game += 1
    for name in KINDS:
        cells = []
        for round_no in (1, 5, 9):
            if (name, round_no) not in found:
                cells.append(f"round {round_no}: none")
                continue
            state, n = found[(name, round_no)]
            cpu = []
            for _ in range(args.repeat):
                started = time.process_time()
                answer(name, state, n)
                cpu.append(time.process_time() - started)
            cells.append(f"round {round_no}: {min(cpu) * 1000:.1f} ms")
        print(f"{name}: " + ", ".join(cells), flush=True)


def answer(name: str, state: GameState, n: int) -> object:
    """A cold answer of this kind, as a phone or `quacks advise` asks it."""
    if name == "shop":
        return advise_shop(state, n)
    if name == "DRAW/STOP":
        return advise(state, n, certify=True)
    return advise_choice(state, n)


if __name__ == "__main__":
    main()
