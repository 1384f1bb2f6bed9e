"""A seeded random player: it only ever picks from the engine's legal actions.

Used by `quacks simulate`, the fuzz tests and the benchmarks. Chance (which chip leaves the bag,
the die face) is uniform; choices are random but not absurd: a seat stops drawing with the
probability that its next chip explodes the pot, and shops while it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .engine import (
    Action,
    Buy,
    Choose,
    Done,
    Draw,
    Fortune,
    GameConfig,
    GameState,
    Stop,
    apply,
    explosion_risk,
    legal_actions,
    new_game,
    waiting_for,
)


class RandomPlayer:
    """`cards`: the start player turns up a random unused Fortune Teller card each round."""

    def __init__(self, seed: int, cards: bool = False) -> None:
        self.rng = random.Random(seed)
        self.cards = cards

    def choose(self, state: GameState) -> Action:
        rng = self.rng
        seat = rng.choice(waiting_for(state))
        mine = legal_actions(state, seat)
        if seat is None:
            cards = [a for a in mine if isinstance(a, Fortune) and a.card is not None]
            return rng.choice(cards) if self.cards and cards else mine[0]
        kinds: dict[type, list[Action]] = {}
        for a in mine:
            kinds.setdefault(type(a), []).append(a)
        draws, answers = kinds.get(Draw), kinds.get(Choose)
        if draws and Stop in kinds:  # brewing with nothing blocking: stop, take an offer, or draw on
            exploding, bag = explosion_risk(state.seats[seat])
            if rng.random() < exploding / bag:
                return kinds[Stop][0]
            if answers and rng.random() < 0.5:
                return rng.choice(answers)
            return rng.choice(draws)
        if draws and not answers:  # looking at chips for a crow skull
            return rng.choice(draws)
        if Buy in kinds and rng.random() < 0.9:
            return rng.choice(kinds[Buy])
        others = [a for a in mine if type(a) is not Draw and type(a) is not Done] or mine
        return rng.choice(others)


def play_game(config: GameConfig, seed: int,
              on_step: Callable[[GameState, Action, list[dict]], None] | None = None,
              cards: bool = False) -> tuple[GameState, list[Action]]:
    """Play one complete game; `on_step` sees the state and events after every input."""
    player = RandomPlayer(seed, cards)
    state = new_game(config)
    inputs: list[Action] = []
    while state.phase != "game_over":
        action = player.choose(state)
        events = apply(state, action)
        inputs.append(action)
        if on_step:
            on_step(state, action, events)
    return state, inputs
