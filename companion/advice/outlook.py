"""The next draw, chip by chip: where each kind left in the bag would land and what it would pay.

Each kind is drawn by the engine on a light copy (`whatif.draw`), so red's and yellow's extra
spaces, a doubled move, a red chip set beside the pot, the look-ahead of blue, a blue chip's
insurance or ruby-space payout, thresholds and every book or card in play come from the rules
themselves.

A live table shows every seat's outlook after every input, though most inputs are another seat's
draw, which leaves it as it was: `Outlooks` keeps each seat's until what it reads changes.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine import catalog
from ..engine.model import EXPLODED, STOPPED, GameConfig, GameState, Seat, chip
from . import whatif


def _space(index: int) -> dict[str, Any]:
    s = catalog.POT_TRACK[index]
    return {"space": s.index, "coins": s.coins, "vp": s.vp, "ruby": s.ruby}


def _now(seat: Seat) -> dict[str, Any]:
    return {**_space(seat.scoring_space), "white_total": seat.white_total, "threshold": seat.threshold}


def outlook(state: GameState, seat_no: int) -> dict[str, Any]:
    """The seat's next draw: every kind in its bag with its probability and result, the spread of
    coins and VP after it, and the scoring space if the seat stops now (JSON-ready)."""
    seat = state.seats[seat_no]
    counts = Counter(chip(c).kind for c in seat.bag)
    total = len(seat.bag)
    out: dict[str, Any] = {"seat": seat_no, "bag": total, "now": _now(seat), "chips": [], "after": []}
    if state.phase != "brewing" or seat.status != "brewing" or not total:
        return out
    pending = state.blocking_decision(seat_no)
    if pending and len(seat.hand) >= pending.data.get("reveal", 0):
        return out  # a decision comes first
    before = {d.id for d in state.decisions}
    spread: Counter[tuple[int, int, bool, bool]] = Counter()
    for kind, cid in sorted(whatif.kinds_in_bag(state, seat_no).items()):
        after, events = whatif.draw(state, seat_no, cid)
        s = after.seats[seat_no]
        placed = next((e for e in events if e["event"] == "placed" and e["chip"] == cid), None)
        c = chip(cid)
        row: dict[str, Any] = {
            "kind": kind, "color": c.color, "value": c.value, "count": counts[kind],
            "probability": counts[kind] / total,
            "space": placed["space"] if placed else None, "extra": placed["extra"] if placed else 0,
            "to_hand": cid in s.hand, "aside": cid in s.aside, "bowl": cid in s.bowl,
            "scoring": _space(s.scoring_space),
            "threshold": s.threshold,
            "exploded": s.status == EXPLODED, "insured": s.insured_explosion,
            "pot_full": s.status == STOPPED and bool(s.bag or s.hand),
            "points": s.score - seat.score, "rubies": s.rubies - seat.rubies,
            "offers": sorted(d.rule for d in after.decisions_for(seat_no) if d.id not in before),
        }
        out["chips"].append(row)
        sc = catalog.POT_TRACK[s.scoring_space]
        spread[(sc.coins, sc.vp, sc.ruby, row["exploded"])] += counts[kind]
    out["after"] = [{"coins": coins, "vp": vp, "ruby": ruby, "exploded": boom, "probability": n / total}
                    for (coins, vp, ruby, boom), n in sorted(spread.items())]
    out["explode"] = sum(r["probability"] for r in out["chips"] if r["exploded"])
    return out


def reads(state: GameState, seat_no: int) -> tuple[Any, ...]:
    """What one draw of the seat reads, as `outlook` plays it, besides the seat itself (`Outlooks`
    compares the whole seat): its questions, the round, phase and card in force, the box, and the
    other seats' statuses. One draw never reads another seat's bag, pot or hand: the books that
    compare pots (black) do so in evaluation step B, which the outlook does not play; a chip another
    seat gives this one (black set 5) changes this seat's own bag."""
    return (state.round, state.phase, state.fortune, repr(state.card_data), state.ended, state.start_player,
            tuple(map(len, state.supply.values())),
            repr(state.decisions_for(seat_no)), tuple(s.status for s in state.seats))


class Outlooks:
    """Each seat's outlook as last worked out, kept while what it reads is unchanged (`reads`, and
    the seat equal to a copy kept of it: every field compared, so one added later counts too): the
    pages are sent every seat's after every input, and one draw changes one seat's."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[GameConfig, tuple[Any, ...], Seat, dict[str, Any]]] = {}

    def __call__(self, state: GameState, seat_no: int) -> dict[str, Any]:
        """The seat's outlook (the same object while it holds: the views share it, never change it)."""
        key, seat = reads(state, seat_no), state.seats[seat_no]
        kept = self._kept.get(seat_no)
        if kept is not None and kept[0] is state.config and kept[1] == key and kept[2] == seat:
            return kept[3]
        found = outlook(state, seat_no)
        self._kept[seat_no] = (state.config, key, seat.clone(), found)  # a copy: the state changes in place
        return found
