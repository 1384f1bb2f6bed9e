"""A seat's next brews, sampled through the engine: what a chip, the flask or a droplet step adds.

A purchase pays in every round left, and how much depends on everything the exact DRAW/STOP
search cannot reach that far: the draw orders of a bag of twenty chips, the books in play, the
rounds left. So the shop's values (`shop.py`) and the flask's are sampled: the seat's next brew
is played through the engine (`brewing.draw` on a copy, as `whatif` does) in many draw orders,
with and without the chip, on the same orders (common random numbers, so the difference is
measured far more closely than either brew). Each brew is played by `Policy`, a stand-in for the
seat's own play that costs microseconds: draw on while one more draw, valued by the chips'
printed values on the pot track, is worth more than stopping; take an offer that only helps;
answer a question (a crow skull's look) by the same one-draw estimate. The end of the brew is
valued exactly as the DRAW/STOP search values it (`Search.end_after`: step B by the books' own
hooks, each question at its best).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..engine import catalog
from ..engine.model import BREWING, EXPLODED, STOPPED, GameState, Seat, chip
from ..engine.phases import brewing, evaluation, placing
from . import whatif
from .sampling import Draws
from .search import Search, _distinct
from .worth import Worth, worth

FIELDS = ("coins", "vp", "rubies", "droplet", "exploded", "spaces", "drawn")


@dataclass(frozen=True, slots=True)
class Tally:
    """What one brew gave the seat: coins, points, rubies and droplet steps as the value model
    takes them (an exploded pot keeps the coins or the points), whether it exploded, its scoring
    space, and whether the chips being valued came out of the bag."""

    coins: float
    vp: float
    rubies: float
    droplet: float
    exploded: float
    spaces: float
    drawn: float

    def worth(self, w: Worth) -> float:
        """In victory points by one round's value model."""
        return self.coins * w.coin + self.vp + self.rubies * w.ruby + self.droplet * w.droplet


SAFE = 1e-9
"""What drawing is worth over stopping, at least, while no chip in the bag can explode the pot:
one draw ahead may leave a ruby space, but the draws after it cannot cost the pot."""


class Policy:
    """How a sampled seat plays: never stop while no chip left can explode the pot; then one draw
    ahead, on the chips' printed values (no book's extra spaces), each scoring space worth its
    coins, points and ruby by the round's value model (an exploded pot keeps the better of its
    coins and its points)."""

    def __init__(self, w: Worth) -> None:
        self.kept = [max(s.coins * w.coin, s.vp) + s.ruby * w.ruby for s in catalog.POT_TRACK]
        self.track = [s.coins * w.coin + s.vp + s.ruby * w.ruby for s in catalog.POT_TRACK]
        self.kinds: dict[str, tuple[bool, int]] = {}  # chip id -> (white, value), met so far

    def values(self, seat: Seat, extra: Sequence[str] = (), whites: int | None = None) -> tuple[float, float]:
        """(stopping now, drawing one more chip and stopping), by that estimate; an exploded pot
        keeps the better of its coins and its points, and a pot that is done draws no more.
        `whites`: the seat's white total, when the caller has it."""
        if seat.status == EXPLODED:
            return self.kept[seat.scoring_space], self.kept[seat.scoring_space]
        stop = self.track[seat.scoring_space]
        bag = [*seat.bag, *extra] if extra else seat.bag
        if not bag or seat.status != BREWING:
            return stop, stop
        try:
            counts = Counter(map(self.kinds.__getitem__, bag))  # the loop in C: this runs at every step
        except KeyError:  # a chip met for the first time
            counts = Counter(map(self.kind, bag))
        last, total, safe = seat.last_space, 0.0, True
        if whites is None:
            whites = seat.white_total
        for (white, value), count in counts.items():
            space = min(placing.landing(last, value, 0) + 1, catalog.SPOON)
            burst = white and placing.explodes(whites + value, seat.threshold)
            total += count * (self.kept[space] if burst else self.track[space])
            safe = safe and not burst
        return stop, max(total / len(bag), stop + SAFE) if safe else total / len(bag)

    def kind(self, cid: str) -> tuple[bool, int]:
        """All the estimate reads of a chip: white or not, and its value."""
        found = self.kinds.get(cid)
        if found is None:
            c = chip(cid)
            found = self.kinds[cid] = (c.color == "white", c.value)
        return found

    def draws_on(self, seat: Seat, extra: Sequence[str] = ()) -> bool:
        """Draw while no chip in the bag (and `extra`, counted in it) can explode the pot, then
        while the estimate says so."""
        whites = seat.white_total
        if seat.threshold - whites >= brewing.HIGHEST_WHITE:
            return bool(seat.bag or extra)  # no white chip of the box can explode it: no need to look
        stop, draw = self.values(seat, extra, whites)
        return draw > stop

    def best_of(self, seat: Seat) -> float:
        return max(self.values(seat))


@cache
def policy(round_no: int) -> Policy:
    return Policy(worth(round_no))


def draws_on(state: GameState, seat_no: int) -> bool:
    """The sampled seat's rule of thumb for a seat now: a stand-in where no search answers."""
    return policy(state.round).draws_on(state.seats[seat_no])


def next_brew(state: GameState, seat_no: int) -> GameState:
    """The game at the start of the seat's next potion phase as far as its own brew goes: the
    round's chips back in its bag by the engine's end of round, the rat stones as the scores
    stand now, no Fortune Teller card (the next one is not known), and the other pots as they
    are now, the best guess at what step B will compare with (black's neighbours)."""
    found = state.clone()
    found.decisions = []
    evaluation.end_round(found, [])
    found.round += 1
    found.phase = "brewing"
    brewing.start(found, [])
    brewing.lay_first(found, [])
    for n, seat in enumerate(state.seats):
        if n != seat_no:
            found.seats[n] = seat.clone()
    return found


INSERT = 0x1D5E7
"""Where the chips added go comes from a stream of its own, so a brew draws and puts back chips as
it does without them until one of them comes out."""


@dataclass(frozen=True, slots=True)
class Step:
    """A brew just before the seat drew a chip from the order, or stopped (`draws` False)."""

    state: GameState  # a copy
    pops: int  # chips drawn from the order so far
    plain: bool  # nothing but draws since the step before (no offer taken, no question, no chip put back),
    # and no offer open where the seat stops (an offer is weighed by the policy's draw or stop there)
    draws: bool
    would: dict[tuple[tuple[bool, int], ...], bool]  # the policy's draw or stop here with chips of these
    # kinds more in the bag (it reads only a chip's colour white or not and its value): found once per kind


@dataclass(frozen=True, slots=True)
class Record:
    """A brew without changes, step by step, for the brews with one chip more to go on from."""

    order: list[str]
    shuffled: Draws  # the stream once the order was shuffled: the steps put nothing back
    steps: list[Step]
    pops: int  # chips drawn from the order in all (a look draws some)
    plain: bool  # nothing but draws after the last step
    emptied: bool  # the brew ended as the bag ran out
    tally: Tally


class Brewer:
    """Samples one seat's next brew from `root` (a state at the start of a potion phase).

    A brew with one chip more shares the draws of the brew without it (`Record`) up to the step
    where they may part: the chip comes out, the policy would decide otherwise with the chip in
    the bag, or an offer, a question or a chip put back makes the two brews' draws differ. It goes
    on from there; a brew where the chip never comes out and the policy never decides otherwise
    costs only the checks and its end. The result is the brew the draw order gives either way."""

    def __init__(self, root: GameState, seat_no: int) -> None:
        self.root, self.n = root, seat_no
        self.search = Search(root, seat_no)
        self.policy = Policy(self.search.worth)
        self.records: dict[int, Record] = {}
        self.ends: dict[tuple[object, ...], Tally] = {}
        self.brews: dict[tuple[object, ...], Tally] = {}  # each brew played, by its seed and its changes

    def brew(self, seed: int, extra: Sequence[str] = (), *, removed: Sequence[str] = (), flask: bool | None = None,
             droplet: int = 0, shared: bool = True) -> Tally:
        """One brew in the draw order `seed` gives, with the chips `extra` (ids from the supply)
        added to the bag at places the same seed gives and the chips `removed` taken out of it, the
        flask full or not, the droplet moved on `droplet` spaces. The same seed gives the same
        order to every variant. `shared`: a brew with chips more goes on from the brew without
        them (`_with_chips`), and a brew asked for again is not played again; else it is played
        from the start."""
        key = (seed, tuple(extra), tuple(removed), flask, droplet)
        found = self.brews.get(key) if shared else None
        if found is None:
            found = self._brew(seed, extra, removed, flask, droplet, shared)
            if shared:
                self.brews[key] = found
        return found

    def _brew(self, seed: int, extra: Sequence[str], removed: Sequence[str], flask: bool | None, droplet: int,
              shared: bool) -> Tally:
        if shared and not (removed or droplet) and flask is None:
            return self._with_chips(seed, extra) if extra else self._record(seed).tally
        n, draws = self.n, Draws(seed)
        state = whatif.sandbox(self.root, n)
        seat = state.seats[n]
        order, places = draws.shuffled(seat.bag), Draws(seed ^ INSERT)
        for cid in extra:
            order.insert(places.below(len(order) + 1), cid)
        if removed:
            order = [cid for cid in order if cid not in removed]
        seat.bag = [cid for cid in seat.bag if cid not in removed]
        seat.droplet += droplet
        if flask is not None:
            seat.flask_full = flask
        return self._end(self._play(self._adding(state, extra), order, draws)[0], extra)

    def _adding(self, state: GameState, extra: Sequence[str]) -> GameState:
        """The chips `extra` into the seat's bag, out of the supply of this copy."""
        for cid in extra:
            stock = state.supply.get(chip(cid).kind, [])
            if cid in stock:
                stock.remove(cid)
            state.seats[self.n].bag.append(cid)
        return state

    def _end(self, state: GameState, extra: Sequence[str]) -> Tally:
        placed = {cid for cid, _ in state.seats[self.n].pot}  # as the brew left it, before the stop
        drawn = float(bool(extra) and all(cid in placed for cid in extra))
        tally = self._tally(state)
        return Tally(tally.coins, tally.vp, tally.rubies, tally.droplet, tally.exploded, tally.spaces, drawn)

    def _record(self, seed: int) -> Record:
        found = self.records.get(seed)
        if found is None:
            draws = Draws(seed)
            state = whatif.sandbox(self.root, self.n)
            order = draws.shuffled(state.seats[self.n].bag)
            shuffled, steps = draws.copy(), list[Step]()
            end, pops, plain = self._play(state, list(order), draws, steps)
            seat = end.seats[self.n]
            emptied = not seat.bag and seat.status == STOPPED
            found = self.records[seed] = Record(order, shuffled, steps, pops, plain, emptied, self._end(end, ()))
        return found

    def _with_chips(self, seed: int, cids: Sequence[str]) -> Tally:
        """The brew with chips more, going on from the brew without them where they part: the
        same brew as played from the start (`tests/advice/test_futures.py` checks it). They part
        at the last step before one of the chips comes out, before the policy would decide
        otherwise with the chips in the bag, or before a choice the bag may change (an offer, a
        question, a chip put back) or the bag running out."""
        record = self._record(seed)
        order, places = list(record.order), Draws(seed ^ INSERT)
        for cid in cids:  # where `brew` puts them, one after another
            order.insert(places.below(len(order) + 1), cid)
        out = min(len(order) - 1 - order.index(cid) for cid in cids)  # chips drawn before the first of them
        kinds = tuple(self.policy.kind(cid) for cid in cids)
        steps = record.steps
        for k, step in enumerate(steps):
            last = k == len(steps) - 1
            nxt, plain = (steps[k + 1].pops, steps[k + 1].plain) if not last else (record.pops, record.plain)
            if nxt > out or not plain or (last and record.emptied) or step.draws != self._would(step, kinds, cids):
                state = self._adding(whatif.sandbox(step.state, self.n), cids)
                return self._end(self._play(state, order[:len(order) - step.pops], record.shuffled.copy())[0], cids)
        # the chips never came out and every choice on the way was the same: the brew ended as without them
        # (its end does not read the bag)
        return record.tally

    def _would(self, step: Step, kinds: tuple[tuple[bool, int], ...], cids: Sequence[str]) -> bool:
        """The policy's draw or stop at this step with the chips `cids` (of these kinds) more in the bag."""
        found = step.would.get(kinds)
        if found is None:
            found = step.would[kinds] = self.policy.draws_on(step.state.seats[self.n], cids)
        return found

    def _play(self, state: GameState, order: list[str], draws: Draws,
              trace: list[Step] | None = None) -> tuple[GameState, int, bool]:
        """Draw through the engine in `order` until the policy stops or the pot is done; chips put
        back into the bag go back into the order at random places. `trace`: each step before a
        draw from the order or the stop, for the brews with a chip more to go on from. Returns the
        end, the chips drawn from the order and whether it was nothing but draws since the last step."""
        n, seat, plain, pops = self.n, state.seats[self.n], True, 0
        while True:
            pending = state.blocking_decision(n) if state.decisions else None  # most steps have no question
            if pending is not None and brewing.looking_ahead(state, n):
                brewing.draw(state, n, self._next(seat, order), [])
                pops += 1
            elif pending is not None:  # a question while brewing, or one its end asks (Toadstool's chips placed)
                state, plain = self._answer(state, pending.id, _distinct(pending.keys())), False
            elif seat.status != BREWING:
                break
            else:
                offered = bool(state.decisions) and any(d.seat == n for d in state.decisions)
                if offered:
                    taken, go = self._offers(state)
                    state, plain = taken, plain and taken is state
                    seat = state.seats[n]
                    if seat.status != BREWING or state.blocking_decision(n) is not None:
                        continue  # the pot is done, or a chip an offer laid asks first (a red chip of Toadstool's)
                else:
                    go = self.policy.draws_on(seat)
                if trace is not None:
                    trace.append(Step(whatif.sandbox(state, n), pops, plain and not (offered and not go), go, {}))
                    plain = True  # each step says what happened since the one before
                if not go:
                    brewing.stop(state, n, [])
                    continue
                brewing.draw(state, n, self._next(seat, order), [])
                pops += 1
            seat = state.seats[n]
            plain = self._reorder(seat, order, draws) and plain
        return state, pops, plain

    def _next(self, seat: Seat, order: list[str]) -> str:
        while order[-1] not in seat.bag:  # taken out of the bag some other way
            order.pop()
        return order.pop()

    @staticmethod
    def _reorder(seat: Seat, order: list[str], draws: Draws) -> bool:
        """Chips that went back into the bag join the draw order at random places (False: some did)."""
        if len(order) == len(seat.bag):
            return True
        known = set(order)
        for cid in seat.bag:
            if cid not in known:
                order.insert(draws.below(len(order) + 1), cid)
        return False

    def _answer(self, state: GameState, decision: str, keys: list[str]) -> GameState:
        """A question while brewing (a crow skull's look, ...): the answer the policy values most."""
        options = [whatif.answer(state, self.n, decision, k) for k in keys]
        return max(options, key=lambda s: self.policy.best_of(s.seats[self.n]))

    def _offers(self, state: GameState) -> tuple[GameState, bool]:
        """Take each open offer that only helps (the white total no higher, the scoring space no
        lower: the mandrake), or that lets the seat draw on where it would stop (the flask). An
        offer to take back the chip just placed is only weighed where the seat would stop.
        Returns the state and whether the policy draws on there."""
        n, draws_on = self.n, self.policy.draws_on
        go = draws_on(state.seats[n])  # the policy's draw or stop in the state as it stands
        for d in [d for d in state.decisions if d.seat == n and not d.blocking]:
            seat = state.seats[n]
            if go and seat.pot and d.data.get("chip") == seat.pot[-1][0]:
                continue
            if not any(x.id == d.id for x in state.decisions):
                continue  # an offer taken before it laid a chip, which withdrew this one (Toadstool's, the flask's)
            after = whatif.answer(state, n, d.id, d.keys()[0])
            s = after.seats[n]
            helps = s.white_total <= seat.white_total and s.scoring_space >= seat.scoring_space \
                and (s.white_total, s.scoring_space) != (seat.white_total, seat.scoring_space)
            if helps:
                state, go = after, draws_on(s)
            elif not go and draws_on(s):
                state, go = after, True
        return state, go

    def _tally(self, state: GameState) -> Tally:
        """The brew's end by the value model, each question of step B at its best; worked out once
        per pot as step B and the end read it (`_pot_key`). `state` is the brew's own copy: a
        brew still going is stopped in it."""
        n = self.n
        if state.seats[n].status == BREWING:
            brewing.stop(state, n, [])  # the brew's own copy, played to its end
        key = _pot_key(state, n)
        found = self.ends.get(key)
        if found is None:
            state.decisions = [d for d in state.decisions if d.seat != n]
            search = self.search
            o, after = max(((search.end_after(a, state), a) for a in search.evaluated(state)), key=lambda e: e[0].value)
            s, s0 = after.seats[n], state.seats[n]
            found = self.ends[key] = Tally(o.coins, o.vp, o.rubies, s.droplet - s0.droplet,
                                           float(s.status == EXPLODED), float(s.scoring_space), 0.0)
        return found


def _pot_key(state: GameState, n: int) -> tuple[object, ...]:
    """All that the end of a brew reads of it: how it ended, where, the pot's chips (and where each
    lies: purple set 3 pays by it), the chips beside it, the flask, the rubies, the open questions."""
    s = state.seats[n]
    return (s.status, s.insured, s.flask_full, s.rubies, s.score, s.droplet, s.threshold,
            tuple((whatif.kind_of(c), space) for c, space in s.pot),
            tuple(s.aside), tuple(s.bowl), tuple((d.rule, tuple(d.keys())) for d in state.decisions if d.seat == n))
