"""Simulated people at a real table, and what they really did.

Each person pours chips back in handfuls while somebody turns up the next card, draws a chip
from the bag they hold (the chip passes its reader, which may slip: `mouths.Mouth`), looks at the
phone before going on and answers what it asks, and taps every other choice on it. `truth` is the
game as the people played it: their draws and returns where their hands made them, every tap in
the order the table took it. A table read right leaves its state equal to `truth`.
"""

from __future__ import annotations

import logging
import random
import threading
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field, replace
from typing import Any

from companion.autoplay import RandomPlayer
from companion.engine import (
    Action,
    Choose,
    Draw,
    Fortune,
    GameState,
    IllegalAction,
    Return,
    action_from_dict,
    apply,
    available_cards,
    legal_moves,
    waiting_for,
)
from companion.table.returns import SAME_PASS_SECONDS

from .agenda import Agenda
from .mouths import EVENING, Habits, Mouth

Think = Callable[[GameState, int, Any], "Action | Future[Action]"]
"""A seat's player: the input it makes now (or a future of it, searched elsewhere)."""

log = logging.getLogger(__name__)

SIM = "web"
"""The source of the people's taps: their phones."""


def asked_by_seat(state: GameState) -> dict[int, list[str]]:
    """Each seat's open questions' ids, in the order they were asked."""
    found: dict[int, list[str]] = {}
    for d in state.decisions:
        found.setdefault(d.seat, []).append(d.id)
    return found


@dataclass
class Seat:
    """One person's hands: chips still to pour back, the chip just drawn and not yet on the phone."""

    coming: set[str] = field(default_factory=set)
    drawn: str | None = None
    drawn_at: float = 0.0
    drawn_after: int = 0  # the table's journal when the chip was drawn
    glance: bool = False  # a look at the phone is due (the chip just drawn is not on it yet)
    busy: bool = False
    thinking: tuple[Future[Action], float] | None = None


@dataclass
class Tally:
    """What went wrong between the people and the table, counted."""

    slips: list[str] = field(default_factory=list)  # a tap the table refused, a mirror that would not apply
    settled: int = 0  # bags whose owner said "all in the bag"
    answered: int = 0  # held reads and reads taken as returns, answered on the phone
    followed: int = 0  # times the people, stuck, took the table's game as theirs


class Evening:
    """People around `table`, one per seat; `players` are the seats they also play (the rest
    are people at the phones, whose taps `truth` follows), `cards`: they turn up each card."""

    def __init__(self, table: Any, bags: list[Any], uids: Mapping[str, str], *, seed: int,
                 habits: Habits = EVENING, players: Mapping[int, Think] | None = None, cards: bool = True,
                 agenda: Agenda | None = None) -> None:
        self.table = table
        self.agenda = agenda or Agenda()
        self.rng = random.Random(seed)
        self.habits = habits
        self.mouths = [Mouth(bag, self.agenda, self.rng, habits, dict(uids)) for bag in bags]
        self.players = dict(players or {})
        self.cards = cards
        self.truth = table.state.clone()
        self.people: list[Action] = []
        self.seats = [Seat() for _ in table.state.seats]
        self.tally = Tally()
        self.passed_at: dict[tuple[int, str], float] = {}
        self._lock = threading.RLock()
        self._taps: deque[dict[str, Any]] = deque()
        self._card_due = False
        self._stuck_at: int | None = None  # the table's seq when the people were last seen stuck
        self._unplug_round = 0
        self._asked = asked_by_seat(table.state)
        self._stand_in = RandomPlayer(seed)
        self._unsubscribe = table.subscribe(self._notice)

    # the table's notices: taps from any phone, in the table's order -----------------------------

    def _notice(self, seq: int, notice: Mapping[str, Any]) -> None:
        """Queue every tap the table took (not a chip at a reader: the hands made those); the people
        look at them in order. Runs in the table's writer: it only queues.

        A question's id counts the questions asked at the whole table, so it depends on the order
        the seats' inputs came in, which differs between the hands and the readers; a seat's own
        questions come in the same order in both. So an answer is kept as the place of its question
        among its seat's open questions (`_asked`: the table's, before this input)."""
        if notice.get("kind") == "input":
            action = dict((notice.get("payload") or {}).get("action") or {})
            if action.get("kind") == "choose":
                asked = self._asked.get(action["seat"], [])
                action["place"] = asked.index(action["decision"]) if action["decision"] in asked else -1
            if action.get("kind") not in ("draw", "return"):
                self._taps.append(action)
        elif notice.get("kind") in ("void", "reassign"):
            self._taps.append({"kind": "resync"})
        self._asked = asked_by_seat(self.table.state)
        self.agenda.wake()

    def _follow(self) -> None:
        """Bring `truth` up to the taps the table has taken."""
        while self._taps:
            data = self._taps.popleft()
            if data["kind"] == "resync":  # the host corrected the journal: the table is the truth now
                self.truth = self.table.state.clone()
                continue
            place = data.pop("place", None)
            if place is not None:  # the same question among the seat's own in the people's game
                mine = self.truth.decisions_for(data["seat"])
                data["decision"] = mine[place].id if 0 <= place < len(mine) else data["decision"]
            action = action_from_dict(data)
            try:
                apply(self.truth, action)
                self.people.append(action)
            except IllegalAction as exc:
                self.tally.slips.append(f"{data}: {exc.reason}")

    # looking at the table, after each doing ------------------------------------------------------

    def look(self) -> None:
        """What each person does next, now that the table is as it is."""
        with self._lock:
            self._follow()
            self._pour()
            self._turn_card()
            self._pull_cable()
            self._unstick()
            for n in self.players:
                if not self.seats[n].busy:
                    self._next(n)

    def _unstick(self) -> None:
        """A missed or doubled read can leave the people's game asking another seat than the table
        (other rubies, another die winner), and then nobody acts. When nothing is under way and the
        two still wait for different seats a recheck later, with the table unchanged, the people
        follow what their phones show: the table's game becomes theirs."""
        idle = not any(s.coming or (n in self.players and (s.busy or s.thinking is not None or s.drawn is not None))
                       for n, s in enumerate(self.seats))
        if not idle or waiting_for(self.truth) == waiting_for(self.table.state):
            self._stuck_at = None
        elif self._stuck_at == self.table.seq:
            self.truth = self.table.state.clone()
            self._stuck_at = None
            self.tally.followed += 1
        else:  # first seen stuck, or the table moved since: look again in a moment
            self._stuck_at = self.table.seq
            self.agenda.after(self.habits.recheck, self.look)

    def _pour(self) -> None:
        """Chips the game put into a bag that have not passed its mouth yet: a pot poured back in
        handfuls over the pour time, a chip a rule puts back a moment later."""
        for n, seat in enumerate(self.truth.seats):
            new = [c for c in seat.returning if c not in self.seats[n].coming]
            if not new:
                continue
            self.seats[n].coming.update(new)
            if len(new) > 2 or self.truth.phase == "fortune":
                self.rng.shuffle(new)
                while new:
                    size = self.rng.randint(1, self.habits.handful)
                    handful, new = new[:size], new[size:]
                    self.agenda.after(self.rng.uniform(0, self.habits.pour), self._handful(n, handful))
            else:
                for chip in new:
                    self.agenda.after(self.rng.uniform(*self.habits.put_back), self._handful(n, [chip]))

    def _handful(self, n: int, chips: list[str]) -> Callable[[], None]:
        return lambda: self.pour_in(n, chips)

    def pour_in(self, n: int, chips: list[str]) -> None:
        """Chips go into the bag past its reader (one not still on its way is skipped)."""
        with self._lock:
            for chip in chips:
                if chip in self.seats[n].coming:
                    self.seats[n].coming.discard(chip)
                    self.mouths[n].pass_chip(chip)
                    apply(self.truth, Return(n, chip))
                    self.people.append(Return(n, chip))
                    self.passed_at[(n, chip)] = self.agenda.now()

    def _turn_card(self) -> None:
        if not self.cards or self._card_due or waiting_for(self.table.state) != [None]:
            return
        self._card_due = True
        self.agenda.after(self.rng.uniform(0, self.habits.card), self._card)

    def _card(self) -> None:
        self._card_due = False
        state = self.table.state
        cards = available_cards(state) if waiting_for(state) == [None] else []
        if cards:
            self._tap(Fortune(self.rng.choice(cards)), "table")

    def _pull_cable(self) -> None:
        """Now and then, once a round, somebody pulls a bag's cable out and plugs it back."""
        if self.truth.round == self._unplug_round or not self.habits.unplug:
            return
        self._unplug_round = self.truth.round
        if self.rng.random() < self.habits.unplug:
            mouth = self.rng.choice(self.mouths)
            seconds = self.rng.uniform(*self.habits.unplugged)
            self.agenda.after(self.rng.uniform(0, 2 * self.habits.pour), lambda: mouth.unplug(seconds))

    # one person ----------------------------------------------------------------------------

    def _next(self, n: int) -> None:
        """A person: first what the phone asks about their last chip, then the pour, then the game."""
        seat = self.seats[n]
        if seat.drawn is not None:
            self._watch_draw(n)
        elif self.table.held(n):
            self._later(n, lambda: self._answer_held(n))
        elif seat.coming:
            return  # pours back first
        elif self.table.state.seats[n].returning and not self.truth.seats[n].returning \
                and self.mouths[n].plugged and self.rng.random() < 0.5:  # not while the phone says the reader is out
            self._later(n, lambda: self._settle(n))
        elif n in waiting_for(self.truth) and n in waiting_for(self.table.state):  # the phone asks too
            self._decide(n)

    def _later(self, n: int, doing: Callable[[], None]) -> None:
        """The person does it after a moment's thought."""
        self.seats[n].busy = True

        def done() -> None:
            with self._lock:
                self.seats[n].busy = False
                self._follow()
                doing()
        self.agenda.after(self.rng.uniform(*self.habits.think), done)

    def _watch_draw(self, n: int) -> None:
        """The chip just drawn: on the phone (done), asked about (answer), or not shown (pass it again)."""
        seat = self.seats[n]
        chip = seat.drawn
        assert chip is not None
        last = self.table.last_input(n)
        mine = last is not None and last.entry.seq > seat.drawn_after and last.action == Draw(n, chip)
        if mine:
            seat.drawn = None
            self._next(n)
        elif self.table.held(n):
            self._later(n, lambda: self._answer_held(n))
        elif self._read_back(n) is not None:
            self._later(n, lambda: self._answer_back(n))
        else:
            if self.agenda.now() - seat.drawn_at >= self.habits.recheck and self.mouths[n].plugged:
                seat.drawn_at = self.agenda.now()
                self.mouths[n].pass_chip(chip)
            if not seat.glance:  # look at the phone again in a moment
                seat.glance = True
                self.agenda.after(self.habits.recheck / 3, lambda: setattr(seat, "glance", False))

    def _read_back(self, n: int) -> int | None:
        """The seq of the seat's last input, if it is the chip just drawn read as going back in."""
        last, seat = self.table.last_input(n), self.seats[n]
        if last is not None and last.entry.seq > seat.drawn_after and last.action == Return(n, seat.drawn or "") \
                and "read" in last.entry.payload:
            return int(last.entry.seq)
        return None

    def _answer_held(self, n: int) -> None:
        """Was it drawn? Only the chip the person just took out was (the chips still expected back
        are in the bag by then: people pour back before they draw)."""
        held = self.table.held(n)
        if not held:
            return
        drawn = held[0].payload.get("chip") == self.seats[n].drawn
        self.tally.answered += 1
        self._correct(lambda: self.table.answer_read(held[0].id, drawn, SIM))

    def _answer_back(self, n: int) -> None:
        seq = self._read_back(n)
        if seq is not None:
            self.tally.answered += 1
            self._correct(lambda: self.table.read_back(seq, n, SIM))

    def _settle(self, n: int) -> None:
        if not self.truth.seats[n].returning and not self.seats[n].coming and self.table.state.seats[n].returning:
            self.tally.settled += 1
            self._correct(lambda: self.table.settle(n, SIM))

    def _correct(self, doing: Callable[[], Any]) -> None:
        try:
            doing()
        except (IllegalAction, ValueError) as exc:  # CorrectionRefused is a ValueError
            self.tally.slips.append(str(exc))

    def _decide(self, n: int) -> None:
        """The seat's player chooses (maybe elsewhere, in a worker); it acts after a person's pause."""
        seat = self.seats[n]
        if seat.thinking is None:
            moves = replace(legal_moves(self.truth, n), returns=())
            if not moves.actions():
                return
            found = self.players[n](self.truth.clone(), n, moves)
            if not isinstance(found, Future):
                done: Future[Action] = Future()
                done.set_result(found)
                found = done
            seat.thinking = (found, self.agenda.now())
            found.add_done_callback(lambda _: self.agenda.wake())
        future, since = seat.thinking
        if not future.done():
            return
        seat.thinking = None
        try:
            action = future.result()
        except Exception:  # the worker died: this once the seat plays as the random player does
            log.exception("seat %d's player failed; a random legal move instead", n)
            action = self._stand_in.act(self.truth, n, replace(legal_moves(self.truth, n), returns=()))
        seat.busy = True
        wait = max(0.0, since + self.rng.uniform(*self.habits.think) - self.agenda.now())
        self.agenda.after(wait, lambda: self._act(n, action))

    def _act(self, n: int, action: Action) -> None:
        with self._lock:
            self.seats[n].busy = False
            self._follow()
            if isinstance(action, Draw):
                self.draw(n, action.chip)
            else:
                self._tap(action, SIM)

    def _tap(self, action: Action, source: str) -> None:
        """A tap on a phone (or the table screen); the table's notice brings it into `truth`. An
        answer names the question as the phone shows it (the same place among the seat's own)."""
        if isinstance(action, Choose):
            mine = [d.id for d in self.truth.decisions_for(action.seat)]
            theirs = asked_by_seat(self.table.state).get(action.seat, [])
            if action.decision not in mine or mine.index(action.decision) >= len(theirs):
                return  # the phone does not ask it (yet): the person looks again
            action = Choose(action.seat, theirs[mine.index(action.decision)], action.keys)
        try:
            self.table.submit(action, source)
        except IllegalAction as exc:
            if exc.code not in ("stale", "decision_pending", "wrong_phase", "card_read", "no_card_to_draw"):
                self.tally.slips.append(f"{action}: {exc.reason}")

    def draw(self, n: int, wanted: str | None = None, *, perfect: bool = False) -> str | None:
        """The person takes a chip out of the bag (the one wanted, if it is there) and it passes the
        reader. A chip dropped in a moment ago is not the one taken out."""
        with self._lock:
            self._follow()
            self.pour_in(n, sorted(self.seats[n].coming))
            now = self.agenda.now()
            fresh = self._drawable(n)[1]
            if not fresh:
                self._unstick()  # a tap the people's game has no chip for: are they out of step?
                return None
            chip = wanted if wanted in fresh else fresh[self.rng.randrange(len(fresh))]
            apply(self.truth, Draw(n, chip))
            self.people.append(Draw(n, chip))
            seat = self.seats[n]
            seat.drawn, seat.drawn_at, seat.drawn_after = chip, now, self.table.seq
            self.mouths[n].pass_chip(chip, perfect=perfect)
            return chip

    def settling(self, n: int) -> bool:
        """The seat's bag has chips to take out, but every one went in a moment ago: one taken out
        now would pass the reader as the same pass, so the person waits a moment."""
        with self._lock:
            drawable, fresh = self._drawable(n)
            return bool(drawable) and not fresh

    def _drawable(self, n: int) -> tuple[list[str] | tuple[str, ...], list[str]]:
        """The chips the seat may take out now (those a look wants, else its bag), and those of
        them that did not go in within the last `SAME_PASS_SECONDS`."""
        moves = legal_moves(self.truth, n)
        drawable, now = moves.looks or moves.draws, self.agenda.now()
        return drawable, [c for c in drawable if now - self.passed_at.get((n, c), -SAME_PASS_SECONDS) >= SAME_PASS_SECONDS]

    def run(self, until: Callable[[], bool] = lambda: False, limit: int = 2_000_000) -> int:
        """On the virtual clock (tests): the people play until `until()`, or until nobody has
        anything left to do (the game is over); each doing waits for the reads it made, and a
        person whose player thinks elsewhere (the advisor's worker) is waited for."""
        def after() -> None:
            self.table.wait_for_reads()
            self.look()
        done = 0
        while True:
            done += self.agenda.run(until, after, limit - done)
            thinking = [s.thinking[0] for s in self.seats if s.thinking is not None]
            if until() or not thinking or done >= limit:
                return done
            wait(thinking, return_when=FIRST_COMPLETED)
            after()

    def start(self) -> None:
        """On the wall clock (the demo): the people act in a thread of their own."""
        self.agenda.start(self.look)

    def moved_to(self, table: Any) -> Evening:
        """The same people (habits, players, whether they turn the cards) at a new game on the same bags."""
        running = self.agenda.running
        self.stop()
        moved = Evening(table, [m.bag for m in self.mouths], self.mouths[0].uids, seed=self.rng.getrandbits(32),
                        habits=self.habits, players=self.players, cards=self.cards)
        if running:
            moved.start()
        return moved

    def stop(self) -> None:
        self._unsubscribe()
        self.agenda.stop()
