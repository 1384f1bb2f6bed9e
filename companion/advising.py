"""The phones' advice, as the advice worker works it out (`companion.workers`; asked by `webapp.assist`).

Each question is a state and a seat, and one kind of answer: what a bound proves (`prove`, quick,
sent first), the DRAW/STOP search (`search`), the shop's advice (`shop`) and the other questions'
(`choices`). The worker keeps each seat's DRAW/STOP search between its answers (`advise(searches=...)`),
so after a draw only the positions not searched yet are new, and a bag too deep for one answer
becomes searchable a few draws later. The live advice leaves the bonus die out: who reaches
furthest is still being drawn at the other seats.
"""

from __future__ import annotations

from typing import Any

from companion.advice import (
    Compact,
    TooDeep,
    advise,
    advise_choice,
    advise_shop,
    certified,
    choice_steps,
    finish,
    ignore_offers,
    unmodelled,
)
from companion.engine import GameState

KINDS = ("prove", "search", "choices", "shop")
"""The kinds of question, the most urgent first: a phone about to draw waits for the first two."""

LIVE_LIMIT = 600
"""Positions a live answer may search on compact positions (the starting bag needs 355): over
three seeded 4-player games it answers 467 of 1,061 DRAW/STOP moments, 99 % of them within 8 ms
on a busy machine (benchmarks/README.md)."""

ENGINE_LIVE_LIMIT = 100
"""Positions a live answer may search when a book in play is one the compact search does not model
and every draw is played through the engine (about 5 ms)."""

KEPT_POSITIONS = 20_000
"""A seat's search is kept between its answers up to this many positions (a few megabytes); a
larger one is dropped and the next answer starts afresh."""

_kept: dict[int, Compact] = {}
"""The worker's searches by seat, gone on from (`Compact.carries` says whether one holds here)."""


def answer(kind: str, state: GameState, seat_no: int, searches: dict[int, Compact] | None = None) -> dict[str, Any]:
    """The answer to one question (see `KINDS`); `searches`: the searches to go on from (the
    worker's own when None). `prove` answers `{}` when no bound proves DRAW or STOP."""
    if kind == "prove":
        return certified(state, seat_no) or {}
    if kind == "search":
        return _search(state, seat_no, _kept if searches is None else searches)
    if kind == "shop":
        return advise_shop(state, seat_no)
    return slim(finish(choice_steps(state, seat_no, limit=LIVE_LIMIT)))


def _search(state: GameState, seat_no: int, searches: dict[int, Compact]) -> dict[str, Any]:
    """DRAW/STOP within the live bound; past it, the answer a bound proves, if any. A seat with an
    offer open (the flask's, the mandrake's) gets the offer's advice with it."""
    compact = unmodelled(ignore_offers(state, seat_no), seat_no) is None
    try:
        found = advise(state, seat_no, limit=LIVE_LIMIT if compact else ENGINE_LIVE_LIMIT, searches=searches)
    except TooDeep:
        found = certified(state, seat_no) or {"seat": seat_no, "advice": None, "too_deep": True}
    if found.get("advice") and state.decisions_for(seat_no):
        offers = advise_choice(state, seat_no, limit=LIVE_LIMIT, searches=searches)
        found = {**found, "choices": slim(offers)}
    kept = searches.get(seat_no)
    if kept is not None and kept.positions() > KEPT_POSITIONS:
        del searches[seat_no]
    return found


def slim(choices: dict[str, Any]) -> dict[str, Any]:
    """The choices' advice as a page shows it: each option's key and value, the best, whether valued."""
    questions = [{"decision": q["decision"], "rule": q["rule"], "best": q["best"], "valued": q["valued"],
                  "options": [{"key": o["key"], "value": o["value"]} for o in q["options"]]}
                 for q in choices["questions"]]
    spends = choices.get("spends")
    return {"seat": choices["seat"], "questions": questions,
            "spends": spends and {"best": spends["best"], "rubies": spends["rubies"],
                                  "options": [{"key": o["key"], "value": o["value"]} for o in spends["options"]]}}
