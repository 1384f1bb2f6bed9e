"""Every other choice a seat meets, each option valued in victory points or honestly not valued.

Two ways of valuing, by where the choice falls:

- **While the seat brews** (the flask, the mandrake, which chip a crow skull keeps, a book's or a
  card's question while drawing): each option is the value of playing on from the state its
  answer leaves, found by the exact DRAW/STOP searches (`PlayOn`: the compact search where it
  models the books, else the engine-driven one), every other offer still open answered at best.
  Past the search's limit the value is the "at least" bound of drawing at most twice more
  (`bounds.lower`), marked not exact.
- **Otherwise** (step B's questions, an exploded pot's points or coins, a card's or a witch's
  offer, the droplet question): each option is what it changes in the seat's assets (`Assets`):
  points, rubies, droplet steps, the flask, witch pennies at the end, coins at what they buy
  (the shop's best purchase with them; in round 9 what the final scoring makes of them) and the
  chips it gains or loses at what they add to the brews left (`futures.Futures`). An option that
  changes anything else (the threshold, a rat stone, the test-tube droplet, a patient...) is
  not valued, and says which part of the seat it changes. Questions an answer opens are answered
  at best.

The ruby spends of step F are valued as a droplet step over the rounds left and a full flask in
the next brew (both sampled, `futures`), against the point every two rubies make at the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import fields
from typing import Any

from ..engine import catalog
from ..engine.expansions import exchange
from ..engine.expansions.herb_witches import witches
from ..engine.expansions.herb_witches.witches import OFFER
from ..engine.model import BREWING, Decision, GameState, Seat
from ..engine.phases import brewing, evaluation
from . import compact, whatif
from .bounds import lower
from .futures import Futures, Valued, before_brewing
from .outcome import Outcome, TooDeep
from .search import Search, _distinct
from .shop import shop_steps
from .worth import worth

LIMIT = 2000
"""Positions a question while brewing may search before its values are only bounds."""

ENGINE_LIMIT = 200
"""The same where the engine-driven search answers (a book or card the compact search does not
model): each of its positions costs about a hundred times as much."""

LAPSE = "lapse"
"""The option of an offer that is left to lapse (it is not among the decision's own keys)."""

DEPTH = 3
"""Questions answered in a row when an answer opens another (each at its best)."""

ASSETS = ("score", "rubies", "droplet", "flask_full", "coins", "pennies")
CHIPS = ("bag", "pot", "hand", "aside", "first", "bowl", "laid_out")
BOOKKEEPING = ("returning", "reward", "done", "bought", "drawn", "round_scores", "final_points", "called",
               "passed", "vacated", "name", "white_total", "explosions")
"""Parts of a seat the valuing reads (assets, chips) or may ignore (what only records a step, or
follows from the chips: the white total)."""


class PlayOn(Search):
    """The value of playing on from a state of the seat's brew, by the exact searches: each offer
    answered at best (`Search.settle`), the compact search where it models the books."""

    def __init__(self, state: GameState, seat_no: int, limit: int,
                 searches: dict[int, compact.Compact] | None = None) -> None:
        """`limit`: positions the compact search may search (the engine-driven one:
        `ENGINE_LIMIT`, or `limit` if lower); `searches`: the compact searches of earlier answers,
        by seat, to go on from (as `advise(searches=...)` does); this one's is kept there."""
        super().__init__(state, seat_no, limit=min(limit, ENGINE_LIMIT))
        self.fast_limit = limit
        self.searches = {} if searches is None else searches

    def value(self, state: GameState) -> Outcome:
        n = self.seat_no
        if state.seats[n].status != BREWING or state.blocking_decision(n) or compact.unmodelled(state, n):
            return super().value(state)
        stop = self.end(state)
        fast = self.searches.get(n)
        if fast is None or fast.search.rival is not None or not fast.carries(state):
            fast = self.searches[n] = compact.Compact(self, state)
        drawn = fast.draw(state, self.fast_limit)
        return drawn if drawn is not None and drawn.value > stop.value else stop

    def bound(self, state: GameState) -> Outcome:
        """At least this much: stopping, or drawing at most twice more, each offer at best."""
        n = self.seat_no
        now = whatif.ignore_offers(state, n)
        stop = self.end(now)
        if now.seats[n].status != BREWING or now.blocking_decision(n):
            return stop
        drawn = lower(now, n, 2)
        return drawn if drawn is not None and drawn.value > stop.value else stop


def _without(state: GameState, seat_no: int, decision: Decision) -> GameState:
    """The state once this one offer has lapsed."""
    new = whatif.sandbox(state, seat_no)
    new.decisions = [d for d in new.decisions if d.id != decision.id]
    return new


def _while_brewing(state: GameState, seat_no: int, d: Decision, play: PlayOn, assets: Assets) -> dict[str, Any]:
    """Each option: what its answer pays at once, playing on at best from there, and what the
    chips it gains or loses add to the later rounds' brews."""
    afters = [(k, whatif.answer(state, seat_no, d.id, k)) for k in _distinct(d.keys())]
    if not d.blocking:
        afters.append((LAPSE, _without(state, seat_no, d)))
    try:
        outcomes = [(k, s, play.settle(s)) for k, s in afters]
        exact = True
    except TooDeep:
        outcomes, exact = [(k, s, play.bound(s)) for k, s in afters], False
    options = []
    for k, after, o in outcomes:
        now, later = assets.at_once(after), assets.later(after)
        value = o.value + now + (later.value if later else 0.0)
        option = {"key": k, "value": round(value, 3), "exact": exact and later is None, "play_on": o.to_dict()}
        if later is not None:
            option["later"] = later.to_dict()
        options.append(option)
    return _question(d, options, "search")


def _question(d: Decision, options: list[dict[str, Any]], basis: str, reason: str | None = None) -> dict[str, Any]:
    valued = [o for o in options if o.get("value") is not None]
    top = max(valued, key=lambda o: o["value"]) if valued and reason is None else None
    return {"decision": d.id, "rule": d.rule, "kind": d.kind, "basis": basis, "options": options,
            "best": top["key"] if top else None, "valued": top is not None, "reason": reason}


class Assets:
    """What a change to the seat is worth by the value model of the round, or why it is not valued."""

    def __init__(self, state: GameState, seat_no: int, futures: Futures | None = None) -> None:
        self.state, self.n = state, seat_no
        self.worth = worth(state.round)
        self.futures = futures

    def gained(self, after: GameState) -> tuple[float | None, dict[str, Any]]:
        """(value, what changed) from the state now to `after`; value None: not valued."""
        s0, s = self.state.seats[self.n], after.seats[self.n]
        other = [f.name for f in fields(Seat) if f.name not in (*ASSETS, *CHIPS, *BOOKKEEPING)
                 and getattr(s, f.name) != getattr(s0, f.name)]
        if other:
            return None, {"changes": other}
        w = self.worth
        gains: dict[str, Any] = {"vp": s.score - s0.score, "rubies": s.rubies - s0.rubies, "droplet": s.droplet - s0.droplet,
                 "flask": int(s.flask_full) - int(s0.flask_full), "coins": s.coins - s0.coins,
                 "pennies": len(s.pennies) - len(s0.pennies)}
        value = gains["vp"] + gains["rubies"] * w.ruby + gains["droplet"] * w.droplet + gains["flask"] * w.flask \
            + gains["pennies"] * catalog.PENNY_VP
        if s.coins != s0.coins:
            value += self.coins(s.coins) - self.coins(s0.coins)
        changed = self.later(after, now=before_brewing(self.state, self.n))
        if changed is not None:
            value += changed.value
            gains.update(chips_added=sorted(_chips(s0, s).elements()), chips_removed=sorted(_chips(s, s0).elements()),
                         chips_value=round(changed.value, 2), error=round(changed.error, 2))
        return value, gains

    def at_once(self, after: GameState) -> float:
        """Points, rubies and droplet steps an answer paid at once (the search values from a
        position on, so what an answer pays on the way is added to it)."""
        s0, s, w = self.state.seats[self.n], after.seats[self.n], self.worth
        return s.score - s0.score + (s.rubies - s0.rubies) * w.ruby + (s.droplet - s0.droplet) * w.droplet

    def later(self, after: GameState, *, now: bool = False) -> Valued | None:
        """What the chips an answer gains or loses add to the brews after this round (and this
        one's, `now`, before it starts); None: it changes no chip."""
        s0, s = self.state.seats[self.n], after.seats[self.n]
        added, removed = _chips(s0, s), _chips(s, s0)
        if not (added or removed):
            return None
        return self._futures().value(sorted(added.elements()), removed=_ids(s0, removed), now=now)

    def _futures(self) -> Futures:
        if self.futures is None:
            self.futures = Futures(self.state, self.n)
        return self.futures

    def coins(self, amount: int) -> float:
        """Coins at what they buy: the shop's best purchase with them before round 9 (coins not
        spent are lost), what the final scoring makes of them in round 9."""
        if amount <= 0:
            return 0.0
        if self.state.round >= catalog.ROUNDS:
            return float(exchange.coin_points(self.state, _with_coins(self.state.seats[self.n], amount)))
        futures = self._futures()
        if amount not in futures.coins:
            steps = coin_steps(self.state, self.n, amount, futures)
            while next(steps, True) is None:
                pass
        return futures.coins[amount]


def coin_steps(state: GameState, seat_no: int, amount: int, futures: Futures) -> Iterator[None]:
    """What `amount` coins buy at best in this round's shop (`futures.coins`), a purchase at a time."""
    trial = whatif.sandbox(state, seat_no)
    trial.seats[seat_no].coins, trial.seats[seat_no].bought = amount, []
    trial.phase = "shop"
    steps = shop_steps(trial, seat_no, futures=futures)
    while True:
        try:
            yield next(steps)
        except StopIteration as done:
            best = done.value["best"]
            futures.coins[amount] = best[0]["value"] if best else 0.0
            return


def _with_coins(seat: Seat, amount: int) -> Seat:
    found = seat.clone()
    found.coins = amount
    return found


def _chips(seat: Seat, other: Seat) -> Counter[str]:
    """Kinds of chip `other` owns beyond `seat`'s."""
    return _owned(other) - _owned(seat)


def _owned(seat: Seat) -> Counter[str]:
    return Counter(whatif.kind_of(c) for part in CHIPS for c in _part(seat, part))


def _part(seat: Seat, name: str) -> list[str]:
    return [c for c, _ in seat.pot] if name == "pot" else getattr(seat, name)


def _ids(seat: Seat, kinds: Counter[str]) -> list[str]:
    """Chips of the seat, of these kinds, as many as named."""
    left, found = Counter(kinds), []
    for part in CHIPS:
        for c in _part(seat, part):
            if left[whatif.kind_of(c)] > 0:
                left[whatif.kind_of(c)] -= 1
                found.append(c)
    return found


def _elsewhere(state: GameState, seat_no: int, d: Decision, assets: Assets) -> dict[str, Any]:
    options: list[dict[str, Any]] = []
    idle = False  # an option that changes nothing (a witch's "not this time")
    for k in d.keys():
        value, gains = _best_after(whatif.answer(state, seat_no, d.id, k), seat_no, {x.id for x in state.decisions},
                                   assets, DEPTH)
        options.append({"key": k, "value": None if value is None else round(value, 3), "gains": gains})
        idle = idle or (value == 0 and not any(gains.values()))
    if not d.blocking and not idle:
        options.append({"key": LAPSE, "value": 0.0, "gains": {}})  # an offer left standing changes nothing
    missing = [o for o in options if o["value"] is None]
    return _question(d, options, "assets", "not_valued" if missing else None)


def _best_after(after: GameState, seat_no: int, known: set[str], assets: Assets,
                depth: int) -> tuple[float | None, dict[str, Any]]:
    """The value of `after` with the questions the answer opened answered at best."""
    opened = next((d for d in after.decisions if d.seat == seat_no and d.id not in known), None)
    if opened is None:
        return assets.gained(after)
    if depth == 0 or opened.rule == evaluation.DIE or not opened.keys():  # chance, or chips still to draw
        return None, {"opens": opened.rule}
    found = [_best_after(whatif.answer(after, seat_no, opened.id, k), seat_no, known | {opened.id}, assets, depth - 1)
             for k in opened.keys()]
    if any(v is None for v, _ in found):
        return None, {"opens": opened.rule}
    return max(found, key=lambda f: f[0] or 0.0)


def spends(state: GameState, seat_no: int, futures: Futures | None = None) -> dict[str, Any] | None:
    """Step F: a droplet step, a refill of the flask, or keeping the rubies (two make 1 VP at the end)."""
    seat = state.seats[seat_no]
    can = evaluation.spends(state, seat_no)
    if state.phase != "spend" or seat.done or not can:
        return None
    futures = futures or Futures(state, seat_no)
    kept = {what: witches.ruby_cost(seat, catalog.DROPLET_COST if what == "droplet" else catalog.FLASK_COST)
            / catalog.RUBIES_PER_VP for what in can}
    options: list[dict[str, Any]] = [{"key": "done", "value": 0.0}]
    if "droplet" in can:
        step = futures.value(droplet=1)
        options.append({"key": "droplet", "value": round(step.value - kept["droplet"], 3), **_sampled(step)})
    if "flask" in can:
        flask = futures.value(flask=True, lasts=1)
        options.append({"key": "flask", "value": round(flask.value - kept["flask"], 3), **_sampled(flask)})
    top = max(options, key=lambda o: o["value"])
    return {"options": options, "best": top["key"], "rubies": seat.rubies}


def _sampled(valued: Any) -> dict[str, Any]:
    found = valued.to_dict()
    return {"error": found["error"], "samples": found["samples"], "per_round": found["per_round"]}


def advise_choice(state: GameState, seat_no: int, *, limit: int = LIMIT, futures: Futures | None = None,
                  searches: dict[int, compact.Compact] | None = None) -> dict[str, Any]:
    """Each open question of the seat with every option valued (or not, and why), and in step F
    the ruby spends (JSON-ready). The die is chance, not a choice: it is left out. `futures`: the
    seat's sampled brews from an earlier answer of this round, `searches` its compact search, to
    go on from."""
    found: dict[str, Any] = {"seat": seat_no, "round": state.round, "phase": state.phase, "questions": []}
    assets = Assets(state, seat_no, futures)
    play = PlayOn(state, seat_no, limit, searches)
    brewing_now = state.phase == "brewing" and state.seats[seat_no].status == BREWING
    for d in state.decisions_for(seat_no):
        if d.rule == evaluation.DIE or (brewing_now and brewing.looking_ahead(state, seat_no)):
            continue
        if brewing_now and d.kind != OFFER:
            found["questions"].append(_while_brewing(state, seat_no, d, play, assets))
        else:
            found["questions"].append(_elsewhere(state, seat_no, d, assets))
    found["spends"] = spends(state, seat_no, assets.futures)
    return found


def choice_steps(state: GameState, seat_no: int, *, limit: int = LIMIT,
                 futures: Futures | None = None) -> Generator[None, None, dict[str, Any]]:
    """`advise_choice` a piece at a time: the sampled parts (what an exploded pot's coins buy, the
    ruby spends) first, a purchase or a variant at a time, then the rest; its return value is the
    advice."""
    futures = futures or Futures(state, seat_no)
    seat = state.seats[seat_no]
    if any(d.rule == evaluation.REWARD for d in state.decisions_for(seat_no)):
        amount = catalog.POT_TRACK[seat.scoring_space].coins
        if state.round < catalog.ROUNDS and amount > 0 and amount not in futures.coins:
            yield from coin_steps(state, seat_no, amount, futures)
    if state.phase == "spend" and evaluation.spends(state, seat_no):
        futures.value(droplet=1)
        yield
        futures.value(flask=True, lasts=1)
        yield
    return advise_choice(state, seat_no, limit=limit, futures=futures)


def futures_for(state: GameState, seat_no: int) -> Futures:
    """The seat's sampled brews, to share between the answers of one round (`futures=`)."""
    return Futures(state, seat_no)
