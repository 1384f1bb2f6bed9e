"""The players a simulated person follows: the seeded random player, or the advisor in a worker process.

The advisor's DRAW/STOP search can take a good part of a second. Run in the serving process it
would hold the interpreter while phones wait for their updates, so it runs in a process of its own
(one for the table's bots, `companion.workers`); the person acts on its answer after a person's pause.
"""

from __future__ import annotations

import random
from concurrent.futures import Future

from companion.autoplay import AdvisorPlayer, RandomPlayer
from companion.engine import Action, GameState, Moves
from companion.workers import Worker


class RandomThinker:
    """The random player, at once (the simulator's tests: thousands of inputs an evening)."""

    def __init__(self, seed: int) -> None:
        self.player = RandomPlayer(seed)

    def __call__(self, state: GameState, seat: int, moves: Moves) -> Action:
        return self.player.act(state, seat, moves)


def _advise(state: GameState, seat: int, moves: Moves, seed: int) -> Action:
    return AdvisorPlayer(seed).act(state, seat, moves)


class AdvisorThinker:
    """The advisor (the DRAW/STOP search and its shop policy), searched in a worker process."""

    def __init__(self, seed: int, pool: Worker | None = None) -> None:
        self.rng = random.Random(seed)
        self.pool = pool or Worker()

    def __call__(self, state: GameState, seat: int, moves: Moves) -> Future[Action]:
        return self.pool.submit(_advise, state, seat, moves, self.rng.getrandbits(32))
