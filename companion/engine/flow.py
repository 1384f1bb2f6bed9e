"""The order of a round, in one table: each phase says how it starts, when it is over and how it ends.

A phase an expansion brings (The Alchemists' essence) is played only with that expansion.
The Fortune Teller card of the round hooks into the start and the end of any phase (`fortune`),
and so do the herb witches into the end of some (`witches`); a card's or a witch's end step may
open decisions, which keeps its phase open until they are answered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import cards
from .expansions.alchemists import essence
from .expansions.herb_witches import witches
from .model import GameConfig, GameState
from .phases import brewing, evaluation

Events = list[dict[str, Any]]


def _start_brewing(state: GameState, events: Events) -> None:
    brewing.start(state, events)
    essence.start_brewing(state, events)


def _with_alchemists(config: GameConfig) -> bool:
    return config.has("alchemists")


def _card_read(state: GameState) -> bool:
    return state.fortune is not None


@dataclass(frozen=True)
class Phase:
    """A step of the round. No phase is over while a question is open; `done` says what else it
    waits for (None: nothing). A hook a phase does not have is None rather than a function doing
    nothing, as `advance` passes some ninety phases a game and each call costs more than the test."""

    name: str
    enter: Callable[[GameState, Events], None] | None
    done: Callable[[GameState], bool] | None = None
    end: Callable[[GameState, Events], None] | None = None
    played: Callable[[GameConfig], bool] | None = None  # an expansion's phase: only with it in play
    after_card: Callable[[GameState, Events], None] | None = None  # once the card's start step has acted


ROUND_STEPS: tuple[Phase, ...] = (
    Phase("fortune", evaluation.start_round, _card_read),                  # the card is read (purple: carried out)
    Phase("brewing", _start_brewing, brewing.done, after_card=brewing.lay_first),  # rats, then everyone draws
    Phase("essence", essence.enter, played=_with_alchemists),              # The Alchemists' flask
    Phase("bonus_die", evaluation.enter_bonus_die),                        # A
    Phase("chip_actions", evaluation.enter_chip_actions),                  # B
    Phase("rubies", evaluation.pay_rubies),                                # C
    Phase("rewards", evaluation.enter_rewards),                            # D, and E's coins
    Phase("shop", evaluation.enter_shop, evaluation.shop_done),            # E
    Phase("spend", evaluation.enter_spend, evaluation.spend_done),         # F
    Phase("round_end", None, end=evaluation.close_round),                  # chips back; or the final scoring
)
GAME_OVER = evaluation.GAME_OVER
_STEP = {p.name: p for p in ROUND_STEPS}
_FOLLOWING = {p.name: ROUND_STEPS[(i + 1) % len(ROUND_STEPS)] for i, p in enumerate(ROUND_STEPS)}


def advance(state: GameState, events: Events) -> None:
    """Move on through every phase that is already over; stop where the table must act."""
    while not state.decisions and state.phase != GAME_OVER:
        phase = _STEP[state.phase]
        if phase.done is not None and not phase.done(state):
            return
        if not state.ended:
            state.ended = True
            if state.fortune in cards.ACTS_AT_END.get(phase.name, ()):
                cards.at_end(state, phase.name, events)
            witches.at_end(state, phase.name, events)
            if state.decisions or phase.done is not None and not phase.done(state):
                return  # the card or a witch asks something before the phase can end
        if phase.end is not None:
            phase.end(state, events)
            if state.phase == GAME_OVER:
                return
        following = _FOLLOWING[phase.name]
        while following.played is not None and not following.played(state.config):
            following = _FOLLOWING[following.name]  # an expansion's phase this game does not play
        state.phase, state.ended = following.name, False
        events.append({"event": "phase", "seat": None, "phase": state.phase})
        if following.enter is not None:
            following.enter(state, events)
        if state.fortune in cards.ACTS_AT_START.get(following.name, ()):
            cards.at_start(state, following.name, events)
        if following.after_card is not None:
            following.after_card(state, events)
