"""Tournament seating: N players in pods of 3-4 over R rounds, Swiss-style by the standings.

Round 1 is drawn at random (from the tournament's seed). From round 2 the players are put in
order of the standings and fill the pods top down, the pods of 4 first; then swaps between pods
are made while they lower the cost: above all the number of pairs who already met, then how far
players moved from their place in the standings. Within a pod the seats (the first seat starts)
go so that each player's start positions stay as even as can be. No byes: a count that pods of
4 cannot fill takes pods of 3 (5 players: one pod of 3 and one of 2; 1 player: a pod of 1).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence

REPEAT = 1000
"""The cost of one pair meeting again: more than any reordering of the standings."""
MAX_PASSES = 50


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
    pods = _split(standings)
    rank = {player: n for n, player in enumerate(standings)}
    natural = {player: k for k, pod in enumerate(pods) for player in pod}
    pods = _improve(pods, pairs, rank, natural)
    positions = starts(earlier)
    return [_seat_order(pod, positions, rank) for pod in pods]


def _pod_cost(pod: Sequence[int], k: int, pairs: Counter[frozenset[int]], natural: Mapping[int, int]) -> int:
    repeats = sum(pairs[frozenset(p)] for p in itertools.combinations(pod, 2))
    return REPEAT * repeats + sum(abs(natural[p] - k) for p in pod)


def _improve(pods: list[list[int]], pairs: Counter[frozenset[int]], rank: Mapping[int, int],
             natural: Mapping[int, int]) -> list[list[int]]:
    """Swap players between pods while a swap lowers the cost (the best swap of each pass first)."""
    pods = [list(p) for p in pods]
    for _ in range(MAX_PASSES):
        best: tuple[int, int, int, int, int] | None = None
        for a, b in itertools.combinations(range(len(pods)), 2):
            before = _pod_cost(pods[a], a, pairs, natural) + _pod_cost(pods[b], b, pairs, natural)
            for i, j in itertools.product(range(len(pods[a])), range(len(pods[b]))):
                pods[a][i], pods[b][j] = pods[b][j], pods[a][i]
                gain = before - _pod_cost(pods[a], a, pairs, natural) - _pod_cost(pods[b], b, pairs, natural)
                pods[a][i], pods[b][j] = pods[b][j], pods[a][i]
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, a, i, b, j)
        if best is None:
            break
        _, a, i, b, j = best
        pods[a][i], pods[b][j] = pods[b][j], pods[a][i]
    return [sorted(pod, key=lambda p: rank[p]) for pod in pods]


def _seat_order(pod: Sequence[int], positions: Mapping[int, Counter[int]], rank: Mapping[int, int]) -> list[int]:
    """The seat order (first seat starts) that gives each player the position they had least often;
    among equals the lower-ranked player sits earlier."""
    def cost(order: Sequence[int]) -> tuple[int, list[int]]:
        had = sum(positions.get(p, Counter())[k] ** 2 for k, p in enumerate(order))
        return had, [-rank[p] for p in order]
    return list(min(itertools.permutations(pod), key=cost))
