"""Tournament seating: N players in pods of 3-4 over R rounds, Swiss-style by the standings.

Round 1 is drawn at random (from the tournament's seed). From round 2 the players are put in
order of the standings and fill the pods top down, the pods of 4 first; then swaps between pods
are made while they lower the cost: above all the number of pairs who already met, then pods whose
players have all started before, then how far players moved from their pod by the standings, then
the better placed in the lower pods. Within a pod the seats (the first seat starts)
go so that each player's start positions stay as even as can be. No byes: a count that pods of
4 cannot fill takes pods of 3 (5 players: one pod of 3 and one of 2; 1 player: a pod of 1).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence

MAX_PASSES = 50
RESTARTS = 30
RESTARTS_UP_TO = 64
"""Players up to which the search starts again from other orders while pairs meet again (beyond,
one search takes seconds already)."""


def pod_sizes(players: int) -> list[int]:
    """Pods of 4 as far as pods of 3 fill the rest, the 4s first: 7 → [4, 3], 6 → [3, 3], 9 → [3, 3, 3]."""
    if players <= 2:
        return [players] if players else []
    if players == 5:
        return [3, 2]
    threes = (4 - players % 4) % 4
    return [4] * ((players - 3 * threes) // 4) + [3] * threes


def first_round(players: Sequence[int], seed: int) -> list[list[int]]:
    """Round 1: a random draw, the same for the same seed."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return _split(order)


def _split(order: Sequence[int]) -> list[list[int]]:
    pods, at = [], 0
    for size in pod_sizes(len(order)):
        pods.append(list(order[at:at + size]))
        at += size
    return pods


def met(rounds: Sequence[Sequence[Sequence[int]]]) -> Counter[frozenset[int]]:
    """How often each pair of players sat in one pod."""
    pairs: Counter[frozenset[int]] = Counter()
    for pods in rounds:
        for pod in pods:
            pairs.update(frozenset(p) for p in itertools.combinations(pod, 2))
    return pairs


def starts(rounds: Sequence[Sequence[Sequence[int]]]) -> dict[int, Counter[int]]:
    """Each player's seat positions so far (0: started)."""
    seen: dict[int, Counter[int]] = {}
    for pods in rounds:
        for pod in pods:
            for position, player in enumerate(pod):
                seen.setdefault(player, Counter())[position] += 1
    return seen


def next_round(standings: Sequence[int], earlier: Sequence[Sequence[Sequence[int]]]) -> list[list[int]]:
    """The pods of the next round for players in standings order (best first), given earlier rounds' pods."""
    pairs = met(earlier)
    rank = {player: n for n, player in enumerate(standings)}
    natural = {player: k for k, pod in enumerate(_split(standings)) for player in pod}
    positions = starts(earlier)
    started = {p: positions.get(p, Counter())[0] for p in standings}
    pods = _search(list(standings), (pairs, started, natural, rank))
    return [_seat_order(pod, positions, rank) for pod in pods]


Cost = tuple[int, int, int, int]
Context = tuple[Counter[frozenset[int]], Mapping[int, int], Mapping[int, int], Mapping[int, int]]
"""Pairs met so far, each player's starts so far, each player's pod by the standings, their rank."""


def _pod_cost(pod: Sequence[int], k: int, context: Context) -> Cost:
    """Compared in order: pairs meeting again; starts the pod forces (its starter has already started
    that often); pods moved from the standings' place; the better placed at lower pods."""
    pairs, started, natural, rank = context
    return (sum(pairs[frozenset(p)] for p in itertools.combinations(pod, 2)), min(started[p] for p in pod),
            sum(abs(natural[p] - k) for p in pod), sum(k * (len(rank) - rank[p]) for p in pod))


def _add(*costs: Cost) -> Cost:
    return tuple(sum(parts) for parts in zip(*costs, strict=True))  # type: ignore[return-value]


def _search(standings: list[int], context: Context) -> list[list[int]]:
    """The swaps from the standings' own order, then, while pairs still meet again, from other
    orders drawn at random (the same standings draw the same orders): swaps alone can get stuck."""
    best = _improve(_split(standings), context)
    cost = _total(best, context)
    rng = random.Random(hash(tuple(standings)))
    for _ in range(RESTARTS if len(standings) <= RESTARTS_UP_TO else 0):
        if cost[:2] == (0, 0):
            break
        order = standings[:]
        rng.shuffle(order)
        found = _improve(_split(order), context)
        if _total(found, context) < cost:
            best, cost = found, _total(found, context)
    return best


def _total(pods: list[list[int]], context: Context) -> Cost:
    return _add(*(_pod_cost(pod, k, context) for k, pod in enumerate(pods)))


def _improve(pods: list[list[int]], context: Context) -> list[list[int]]:
    """Swap players between pods while a swap lowers the cost (the best swap of each pass first)."""
    pods = [list(p) for p in pods]
    zero = (0, 0, 0, 0)
    for _ in range(MAX_PASSES):
        best: tuple[Cost, int, int, int, int] | None = None
        for a, b in itertools.combinations(range(len(pods)), 2):
            before = _add(_pod_cost(pods[a], a, context), _pod_cost(pods[b], b, context))
            for i, j in itertools.product(range(len(pods[a])), range(len(pods[b]))):
                pods[a][i], pods[b][j] = pods[b][j], pods[a][i]
                after = _add(_pod_cost(pods[a], a, context), _pod_cost(pods[b], b, context))
                pods[a][i], pods[b][j] = pods[b][j], pods[a][i]
                gain = tuple(x - y for x, y in zip(before, after, strict=True))
                if gain > zero and (best is None or gain > best[0]):
                    best = (gain, a, i, b, j)  # type: ignore[assignment]
        if best is None:
            break
        _, a, i, b, j = best
        pods[a][i], pods[b][j] = pods[b][j], pods[a][i]
    rank = context[3]
    return [sorted(pod, key=lambda p: rank[p]) for pod in pods]


def _seat_order(pod: Sequence[int], positions: Mapping[int, Counter[int]], rank: Mapping[int, int]) -> list[int]:
    """The seat order (first seat starts) that gives each player the position they had least often;
    among equals the lower-ranked player sits earlier."""
    def cost(order: Sequence[int]) -> tuple[int, list[int]]:
        had = sum(positions.get(p, Counter())[k] ** 2 for k, p in enumerate(order))
        return had, [-rank[p] for p in order]
    return list(min(itertools.permutations(pod), key=cost))
