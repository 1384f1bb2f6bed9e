"""Scenario builder: a game at the moment a rule applies, built only from real setups and inputs.

Bags are rearranged by moving chips between the supply and a bag, so every chip stays an
individual in exactly one place; everything after that goes through `step`.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import (
    Buy,
    Choose,
    Decision,
    Done,
    Draw,
    Fortune,
    GameConfig,
    GameState,
    Spend,
    Stop,
    catalog,
    legal_actions,
    new_game,
    step,
    view_for,
    waiting_for,
)
from companion.engine.model import chip
from companion.words import render

QUIET_PATIENTS = ("witchs-hump", "wing-ears", "chicken-eyes")
"""With The Alchemists and no patients named: laid out, and every seat treats Witch's hump, who
brings no start chips and acts only with essence spent on a ruby space."""


def begin(config: GameConfig) -> GameState:
    """A new game; with The Alchemists every seat has chosen its patient (the round's card is next)."""
    if config.has("alchemists") and not config.patients:
        config = replace(config, patients=QUIET_PATIENTS)
    state = new_game(config)
    if config.has("alchemists"):
        for n in range(len(state.seats)):
            if any(d.seat == n and d.kind == "patient" for d in state.decisions):
                state = answer(state, n, "patient", QUIET_PATIENTS[0])
    return state


def game(players: int = 2, names: tuple[str, ...] | None = None, **setup) -> GameState:
    """A new game, Fortune Teller read: the seats are brewing round 1."""
    names = names or ("Ann", "Ben", "Cid", "Dee")[:players]
    return step(begin(GameConfig(players=names, **setup)), Fortune(None)).state


def at_round(round_no: int = 1, players: int = 2, **setup) -> GameState:
    """A new game played on without cards (every seat stops at once) to the start of `round_no`."""
    state = begin(GameConfig(players=("Ann", "Ben", "Cid", "Dee")[:players], **setup))
    while state.round < round_no:
        state = next_step(state)
    return state


def next_step(state: GameState) -> GameState:
    """One plain input: no card, stop, done, or the first option of an open decision."""
    seat = waiting_for(state)[0]
    actions = legal_actions(state, seat)
    plain = [a for a in actions if isinstance(a, (Stop, Done)) or (isinstance(a, Fortune) and a.card is None)]
    return step(state, (plain or [a for a in actions if isinstance(a, Choose)])[0]).state


def card(state: GameState, card_id: str) -> GameState:
    return step(state, Fortune(card_id)).state


def set_bag(state: GameState, seat: int, *kinds: str) -> None:
    """Empty the seat's bag into the supply, then fill it with these kinds, e.g. "white-2"."""
    s = state.seats[seat]
    for cid in s.bag:
        state.supply[chip(cid).kind].append(cid)
        state.supply[chip(cid).kind].sort()
    s.bag = []
    for kind in kinds:
        s.bag.append(state.supply[kind].pop(0))


def in_bag(state: GameState, seat: int, kind: str) -> str:
    for cid in state.seats[seat].bag:
        if chip(cid).kind == kind:
            return cid
    raise AssertionError(f"no {kind} in seat {seat}'s bag: {state.seats[seat].bag}")


def draw(state: GameState, seat: int, kind: str) -> GameState:
    return step(state, Draw(seat, in_bag(state, seat, kind))).state


def draws(state: GameState, seat: int, *kinds: str) -> GameState:
    for kind in kinds:
        state = draw(state, seat, kind)
    return state


def stop(state: GameState, seat: int) -> GameState:
    return step(state, Stop(seat)).state


def decision(state: GameState, seat: int, kind: str) -> Decision:
    found = [d for d in state.decisions if d.seat == seat and d.kind == kind]
    assert found, f"no {kind} decision for seat {seat}; open: {[(d.seat, d.kind) for d in state.decisions]}"
    return found[0]


def answer(state: GameState, seat: int, kind: str, key: str) -> GameState:
    return step(state, Choose(seat, decision(state, seat, kind).id, (key,))).state


def buy(state: GameState, seat: int, color: str, value: int) -> GameState:
    return step(state, Buy(seat, color, value)).state


def done(state: GameState, seat: int) -> GameState:
    return step(state, Done(seat)).state


def spend(state: GameState, seat: int, what: str) -> GameState:
    return step(state, Spend(seat, what)).state


def spaces(state: GameState, seat: int) -> list[tuple[str, int]]:
    """[(kind, space)] of the seat's pot, in placing order."""
    return [(chip(cid).kind, space) for cid, space in state.seats[seat].pot]


def books(**sets: int) -> dict[str, int]:
    """Set 1 of every book but these, e.g. books(blue=2)."""
    return {**{color: 1 for color in catalog.BOOK_COLORS}, **sets}


def in_force(state: GameState, seat: int = 0, lang: str = "en") -> list[str]:
    """What the seat's books will do to its next chips, as its page says it."""
    return [render(e["text"], lang) for e in view_for(state, seat)["seats"][seat]["in_force"]]


def finish_brewing(state: GameState) -> GameState:
    """Every seat still brewing stops; then each bonus die rolled shows 1 VP (face 1)."""
    for n, seat in enumerate(state.seats):
        if seat.status == "brewing" and not state.blocking_decision(n):
            state = stop(state, n)
    while dice := [d for d in state.decisions if d.kind == "bonus_die"]:
        state = step(state, Choose(dice[0].seat, dice[0].id, ("1",))).state
    return state


def herb_witches(**sets: int) -> dict[str, object]:
    """A setup with The Herb Witches, whose sets 5 and 6 these books may be: herb_witches(red=6)."""
    return {"books": books(**sets), "expansions": ("witches",)}
