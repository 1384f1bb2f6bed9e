"""What the game accepts now: whom it waits for, and every input each of them may send.

`legal_moves` is the one place that says what a seat may do. It keeps the inputs grouped by
kind, so a player that sends one of them (the random player, the simulated bags) need not build
a `Draw` for every chip in the bag; `legal_actions` spells the same moves out, as the pages list
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from . import cards, catalog, flow
from .actions import Action, Buy, Choose, Done, Draw, Fortune, Return, Spend, Stop
from .expansions import exchange
from .expansions.alchemists import essence
from .memo import Memo
from .model import BREWING, GameState
from .phases import brewing, evaluation, placing

_RETURNS = tuple(Memo(partial(Return, n)) for n in range(catalog.MAX_PLAYERS_WITH_WITCHES))
"""By seat, chip id -> that chip seen going back into the seat's bag, as an input: a frozen value,
dear to build, picked for every chip poured back, and the same in every game."""


@dataclass(slots=True)
class Moves:
    """One seat's inputs now (seat None: the host's), grouped by kind.

    Chips are listed as ids: `looks` may be drawn for a Fortune Teller card's look, `draws` in
    the potion phase (also while a crow skull looks ahead); `choices` are (question id, option
    key) pairs, each answered alone. Plain values rather than inputs, and not frozen: one of
    these is built for every input a simulation plays, and a frozen record costs more to build.
    """

    seat: int | None
    cards: tuple[str | None, ...] = ()  # the host reads one of these (None: no card)
    returns: tuple[str, ...] = ()
    looks: tuple[str, ...] = ()
    choices: tuple[tuple[str, str], ...] = ()
    draws: tuple[str, ...] = ()
    stop: bool = False
    buys: tuple[tuple[str, int], ...] = ()
    spends: tuple[str, ...] = ()
    done: bool = False

    def actions(self) -> list[Action]:
        """Every input, one by one, in the order the pages list them."""
        n = self.seat
        found: list[Action] = [Fortune(c) for c in self.cards] if self.cards else []
        if n is None:
            return found
        if self.returns:  # each group only when it has inputs: most are empty
            found += [Return(n, c) for c in self.returns]
        if self.looks:
            found += [Draw(n, c) for c in self.looks]
        if self.choices:
            found += [Choose(n, d, (k,)) for d, k in self.choices]
        if self.draws:
            found += [Draw(n, c) for c in self.draws]
        if self.stop:
            found.append(Stop(n))
        if self.buys:
            found += [Buy(n, c, v) for c, v in self.buys]
        if self.spends:
            found += [Spend(n, w) for w in self.spends]
        if self.done:
            found.append(Done(n))
        return found

    def size(self, *, draws: bool = True) -> int:
        """How many inputs `actions()` lists; `draws` False: leaving out the chips to draw (or look
        at) and "done", as `pick` then does."""
        found = len(self.cards) + len(self.returns) + len(self.choices) + self.stop + len(self.buys) + len(self.spends)
        return found + len(self.looks) + len(self.draws) + self.done if draws else found

    def pick(self, k: int, *, draws: bool = True) -> Action:
        """`actions()[k]`, built alone: a player that sends one input picked at random (the random
        player off the draw path) need not build every one. `draws` False: `k` counts the inputs
        but the chips to draw (or look at) and "done", as `size(draws=False)` does."""
        n = self.seat
        if n is None:
            return Fortune(self.cards[k])
        if k < len(self.returns):
            return _RETURNS[n][self.returns[k]]
        k -= len(self.returns)
        if draws and k < len(self.looks):
            return Draw(n, self.looks[k])
        k -= len(self.looks) if draws else 0
        if k < len(self.choices):
            decision, key = self.choices[k]
            return Choose(n, decision, (key,))
        k -= len(self.choices)
        if draws and k < len(self.draws):
            return Draw(n, self.draws[k])
        k -= len(self.draws) if draws else 0
        if self.stop:
            if k == 0:
                return Stop(n)
            k -= 1
        if k < len(self.buys):
            return Buy(n, *self.buys[k])
        k -= len(self.buys)
        if k < len(self.spends):
            return Spend(n, self.spends[k])
        if draws and self.done and k == len(self.spends):
            return Done(n)
        raise IndexError(f"no input {k} among {self.size(draws=draws)}")


def legal_moves(state: GameState, seat: int | None) -> Moves:
    """What `seat` may send now; seat None: what the host may (the round's Fortune Teller card)."""
    phase = state.phase  # read once: this runs for every input a simulation plays
    if phase == flow.GAME_OVER:  # a chip put into a bag at the very end may still pass the reader
        return Moves(seat, returns=tuple(state.seats[seat].returning) if seat is not None else ())
    if seat is None:
        if phase == "fortune" and state.fortune is None and not essence.choosing(state):
            return Moves(None, cards=(None, *cards.available(state)))
        return Moves(None)
    s = state.seats[seat]
    moves = Moves(seat, (), tuple(s.returning + s.aside) if s.aside and brewing.aside_returns(state)
                  else tuple(s.returning))  # aside (red set 2): back into the bag
    pending = None
    if state.decisions:  # plain loops, not comprehensions (each a call of its own)
        asked, looking = [], False
        for d in state.decisions:
            if d.seat == seat:
                asked.append(d)
                if pending is None and d.blocking:
                    pending = d
                if d.kind == cards.LOOK:  # a card's look: the chips it may draw are listed below
                    looking = True
        if asked:
            waits = pending is not None and len(s.hand) < pending.data.get("reveal", 0)
            choices = []
            for d in asked:
                if not (waits and d.data.get("stands")):  # a standing offer waits for the draw
                    for o in d.options:
                        choices.append((d.id, o.key))
            if looking:
                moves.looks = tuple(cards.look_chips(state, seat))
            moves.choices = tuple(choices)
    if phase == "brewing":
        if s.status == BREWING and pending is None:
            moves.draws, moves.stop = tuple(s.bag), True
        elif s.status == BREWING and pending is not None and len(s.hand) < pending.data.get("reveal", 0):  # looking ahead
            moves.draws = tuple(s.bag)
    elif phase == placing.EAR_WORM and pending and pending.kind != cards.LOOK \
            and len(s.hand) < pending.data.get("reveal", 0):  # an Ear worm chip's look (a crow skull)
        moves.draws = tuple(s.bag)
    elif phase == "shop" and state.shopper == seat:
        moves.buys = tuple(evaluation.offers(state, seat))
        if exchange.can_buy_points(state, seat):
            moves.buys += ((exchange.POINTS, 1),)
        moves.done = True
    elif phase == "spend" and not s.done:
        moves.spends = tuple(evaluation.spends(state, seat))
        moves.done = True
    return moves


def free_draws(state: GameState, seat: int) -> list[str] | None:
    """The chips `seat` may draw when drawing one of them or stopping is all that is open to it:
    brewing, with chips in its bag and no question open to it (chips seen going back into the bag
    may be sent at any time besides). These are `legal_moves`' draws then, beside its stop; found
    without building them, as a player picking one chip of a bag needs no list of them (most inputs
    of a game are such draws). The seat's bag itself, not a copy; None when anything else (or
    nothing but stopping) is open to the seat."""
    s = state.seats[seat]
    if state.phase != "brewing" or s.status != BREWING or not s.bag:
        return None
    for d in state.decisions:  # a plain loop, not a comprehension (a call of its own)
        if d.seat == seat:
            return None
    return s.bag


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """Every input the engine accepts now (for one seat, or for the host and every seat)."""
    if seat is not None:
        return legal_moves(state, seat).actions()
    found = legal_moves(state, None).actions()
    for n in range(len(state.seats)):
        found.extend(legal_moves(state, n).actions())
    return found


def waiting_for(state: GameState) -> Sequence[int | None]:
    """Who the game waits for now: seat numbers, or None for the host (the Fortune Teller card)."""
    phase = state.phase  # read once: this runs for every input a simulation plays
    if phase == "brewing":  # who is still drawing (kept by the state) or asked: most inputs
        drawing = state.drawing
        for d in state.decisions:  # most questions open are offers to seats still drawing (the flask)
            if d.seat not in drawing:
                brewers = set(drawing)
                for q in state.decisions:  # a loop, not a comprehension (a call of its own)
                    brewers.add(q.seat)
                return sorted(brewers)
        return list(drawing)
    if phase == flow.GAME_OVER:
        return []
    if phase == "fortune" and state.fortune is None and not essence.choosing(state):
        return [None]
    waiting = set()  # who is asked, the shopper, who is still spending rubies
    for d in state.decisions:  # a loop, not a comprehension (a call of its own)
        waiting.add(d.seat)
    if phase == "shop" and state.shopper is not None:
        waiting.add(state.shopper)
    elif phase == "spend":
        for n, s in enumerate(state.seats):
            if not s.done:
                waiting.add(n)
    return sorted(waiting)
