"""The documented JSON state (docs/state.md): the full state, the table's view and a seat's view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from . import cards, catalog
from .actions import Action, action_to_dict
from .expansions import exchange
from .expansions.alchemists import essence
from .expansions.alchemists.patients import PATIENTS
from .expansions.herb_witches import bowl, witches
from .ingredients import active_rules
from .legal import legal_actions, waiting_for
from .model import Decision, GameConfig, GameState, Seat, chip
from .phases import brewing, evaluation, stir
from .text import say

STATE_VERSION = 1


def _chip(cid: str) -> dict[str, Any]:
    c = chip(cid)
    return {"chip": cid, "color": c.color, "value": c.value}


def _space(index: int) -> dict[str, Any]:
    s = catalog.POT_TRACK[index]
    return {"space": s.index, "coins": s.coins, "vp": s.vp, "ruby": s.ruby}


def _risk(seat: Seat) -> dict[str, Any]:
    exploding, total = brewing.risk(seat)
    return {"exploding": exploding, "bag": total,
            "probability": exploding / total if total else 0.0,
            "margin": seat.threshold - seat.white_total}


def _decision(d: Decision) -> dict[str, Any]:
    return {"id": d.id, "seat": d.seat, "kind": d.kind, "rule": d.rule, "prompt": d.prompt.to_dict(),
            "options": [{"key": o.key, "label": o.label.to_dict()} for o in d.options],
            "pick": list(d.pick), "blocking": d.blocking,
            **({"reveal": d.data["reveal"]} if "reveal" in d.data else {}),
            **({"chip": _chip(d.data["chip"])} if "chip" in d.data else {}),
            **({"witch": d.data["witch"]} if "witch" in d.data else {})}


def _seat(state: GameState, n: int, with_risk: bool) -> dict[str, Any]:
    s = state.seats[n]
    out: dict[str, Any] = {
        "seat": n, "name": s.name, "score": s.score, "lap": s.score // catalog.RAT_TAIL_LAP,
        "rubies": s.rubies, "droplet": s.droplet, "tube": s.tube, "stand": s.stand, "rat": s.rat, "start_space": s.start_space,
        "flask": s.flask_full, "white_total": s.white_total, "threshold": s.threshold,
        "status": s.status, "exploded": s.status == "exploded", "stopped": s.status != "brewing",
        "insured": s.insured, "insured_explosion": s.insured_explosion,
        "pot": [{**_chip(cid), "space": space} for cid, space in s.pot],
        "hand": [_chip(c) for c in s.hand],
        "aside": [_chip(c) for c in s.aside],
        "first": [_chip(c) for c in s.first],
        "bowl": {"chips": [_chip(c) for c in s.bowl], "total": bowl.total(s), "points": bowl.points(s)},
        "in_force": [{"rule": r.id, "text": text.to_dict()} for r in active_rules(state.config).values()
                     if r.in_force and (text := r.in_force(s))],
        "returning": [_chip(c) for c in s.returning],
        "scoring_space": _space(s.scoring_space),
        "bag": {"count": len(s.bag), "chips": dict(sorted(Counter(chip(c).kind for c in s.bag).items()))},
        "coins": s.coins, "reward": s.reward, "bought": list(s.bought), "done": s.done,
        "round_scores": list(s.round_scores), "final_points": dict(s.final_points),
        "pennies": list(s.pennies), "witches_called": list(s.called),
        "patient": s.patient, "essence": s.essence, "essence_rat": s.essence_rat,
        "laid_out": [_chip(c) for c in s.laid_out], "ear_worm": s.ear_worm,
    }
    if with_risk:
        out["risk"] = _risk(s)
    return out


def table_seat(state: GameState, n: int) -> dict[str, Any]:
    """Seat ``n`` as the table's view shows it (no odds): made of the seat's fields and the game's
    setup alone, so a view made again after another seat's input may keep it."""
    return _seat(state, n, with_risk=False)


def _card(card_id: str | None) -> dict[str, Any] | None:
    card = cards.CARDS.get(card_id or "")
    return ({"id": card.id, "kind": card.kind, "name": say(card.name).to_dict(), "text": say(card.text).to_dict()}
            if card else None)


def _witches(state: GameState) -> list[dict[str, Any]]:
    """The witches in play (the three laid out, and a visitor): who has spent the penny that pays each."""
    visiting = state.card_data.get("visitor", ())
    return [{"id": w.id, "type": w.type, "metal": say(witches.METALS[w.type]).to_dict(), "name": say(w.name).to_dict(),
             "text": say(w.text).to_dict(), "visiting": w.id in visiting,
             "spent": [n for n, s in enumerate(state.seats) if w.type not in s.pennies] if w.id not in visiting
             else list(state.card_data.get("visited", ()))}
            for w in witches.in_play(state)]
def _patients(config: GameConfig) -> list[dict[str, Any]]:
    """The patients laid out, each with its chart and what each space of its essence card gives."""
    return [{"id": p.id, "name": say(p.name).to_dict(), "text": say(p.text).to_dict(), "when": p.when,
             "glasses": [{"space": k, "vp": p.glass(k).vp, "rat": p.glass(k).rat, "oval": p.glass(k).oval,
                          "label": essence.glass_label(p, k).to_dict()} for k in range(1, len(p.glasses) + 1)]}
            for p in (PATIENTS[pid] for pid in config.patients)]


def _shop(state: GameState) -> dict[str, Any]:
    prices = {f"{color}-{value}": {"cost": cost, "left": len(state.supply.get(f"{color}-{value}", []))}
              for (color, value), cost in evaluation.price_list(state.config, state.round).items()}
    return {"shopper": state.shopper, "prices": prices}


def _exchange(config: GameConfig) -> dict[str, Any] | None:
    """Wolfgang's Exchange Office's stand: its side and the number under each tube (None without it)."""
    side = exchange.side(config)
    return {"side": side, "numbers": list(catalog.STAND[side])} if side else None


def setup_parts(config: GameConfig) -> dict[str, Any]:
    """The parts of a view made of the game's setup alone (the box, the books and their prices, the
    Exchange Office's stand, the patients): the same for every state of one game."""
    return {
        "setup": config.to_dict(),
        "books": {color: {"rule": r.id, "set": r.set_no, "text": say(r.text).to_dict(),
                          "prices": {str(v): c for v, c in evaluation.book_prices(config, color).items()}}
                  for color, r in active_rules(config).items()},
        "exchange": _exchange(config),
        "patients": _patients(config),
    }


def state_to_dict(state: GameState, with_risk: bool = True, seats: Sequence[dict[str, Any]] | None = None,
                  setup: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything: what the host and `quacks replay --json` see, with every seat's odds (unless
    `with_risk` is False: the table's view). ``seats``: the seats as already made, in their place;
    ``setup``: the game's `setup_parts`, as already made."""
    fixed = setup_parts(state.config) if setup is None else setup
    return {
        "version": STATE_VERSION,
        "setup": fixed["setup"],
        "round": state.round, "rounds": catalog.ROUNDS, "phase": state.phase,
        "start_player": state.start_player, "fortune": state.fortune, "inputs": state.seq,
        "card": _card(state.fortune), "cards_used": list(state.cards_used),
        "cards_available": cards.available(state) if state.phase == "fortune" and state.fortune is None else [],
        "books": fixed["books"],
        "seats": list(seats) if seats is not None else [_seat(state, n, with_risk) for n in range(len(state.seats))],
        "decisions": [_decision(d) for d in state.decisions],
        "waiting": waiting_for(state),
        "stir": stir.status(state),
        "shop": _shop(state),
        "exchange": fixed["exchange"],
        "patients": fixed["patients"],
        "supply": {kind: len(ids) for kind, ids in state.supply.items()},
        "witches": _witches(state),
        "winners": list(state.winners),
    }


def view_for(state: GameState, seat: int | None = None, seats: Sequence[dict[str, Any]] | None = None,
             setup: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The table's view (seat None): what everyone at a real table can see or count.

    A seat's view adds `seat_part`. ``seats``: the seats as already made (`table_seat`), in their
    place; ``setup``: the game's `setup_parts`, as already made.
    """
    view = state_to_dict(state, with_risk=False, seats=seats, setup=setup)
    if seat is not None:
        view.update(seat_part(state, seat))
    return view


def seat_part(state: GameState, seat: int, actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """What a seat's view adds to the table's: the seat, its odds for the next draw and the inputs
    it may send now (``actions``: as already made by `actions_part`, else made here)."""
    return {"you": seat, "risk": _risk(state.seats[seat]),
            "actions": actions_part(legal_actions(state, seat)) if actions is None else actions}


def actions_part(actions: Sequence[Action]) -> list[dict[str, Any]]:
    """The inputs a seat may send, as its view lists them: made of the inputs alone."""
    return [action_to_dict(a) for a in actions]
