"""The order of a round, in one table: each phase says how it starts and when it is over."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import brewing, catalog, evaluation
from .model import GameState

Events = list[dict[str, Any]]


@dataclass(frozen=True)
class Phase:
    name: str
    enter: Callable[[GameState, Events], None]
    done: Callable[[GameState], bool]


def _nothing(state: GameState, events: Events) -> None:
    return None


def _no_decisions(state: GameState) -> bool:
    return not state.decisions


ROUND_STEPS: tuple[Phase, ...] = (
    Phase("fortune", _nothing, lambda s: s.fortune is not None),           # the card is read
    Phase("brewing", brewing.start, brewing.done),                         # rats, then everyone draws
    Phase("bonus_die", evaluation.enter_bonus_die, _no_decisions),         # A
    Phase("chip_actions", evaluation.enter_chip_actions, _no_decisions),   # B
    Phase("rubies", evaluation.pay_rubies, lambda s: True),                # C
    Phase("rewards", evaluation.enter_rewards, _no_decisions),             # D, and E's coins
    Phase("shop", evaluation.enter_shop, evaluation.shop_done),            # E
    Phase("spend", evaluation.enter_spend, evaluation.spend_done),         # F
)
GAME_OVER = "game_over"
_INDEX = {p.name: i for i, p in enumerate(ROUND_STEPS)}


def advance(state: GameState, events: Events) -> None:
    """Move on through every phase that is already over; stop where the table must act."""
    while state.phase != GAME_OVER and ROUND_STEPS[_INDEX[state.phase]].done(state):
        following = _INDEX[state.phase] + 1
        if following < len(ROUND_STEPS):
            state.phase = ROUND_STEPS[following].name
            events.append({"event": "phase", "seat": None, "phase": state.phase})
            ROUND_STEPS[following].enter(state, events)
        elif state.round >= catalog.ROUNDS:
            evaluation.final_scoring(state, events)
            state.phase = GAME_OVER
        else:
            evaluation.end_round(state, events)
            state.round += 1
            state.phase = ROUND_STEPS[0].name
            evaluation.start_round(state, events)
