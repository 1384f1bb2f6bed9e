"""The live table: the one object that changes a game, one input at a time.

Readers (via `tag_seen`, which only enqueues), phones and the host all go through here. Each
accepted input is stepped by the engine, appended to the journal in its own synced transaction,
and only then becomes the visible state; subscribers hear of it after that, in journal order.
A refused input goes to the anomalies log with the engine's reason and changes nothing.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from companion.devices.events import LinkStatus, TagSeen
from companion.engine import (
    Action,
    Draw,
    Fortune,
    GameConfig,
    GameState,
    IllegalAction,
    action_from_dict,
    action_to_dict,
    available_cards,
    legal_actions,
    step,
    view_for,
)
from companion.store import AnomalyRow, BadUid, Database, Entry, Journal, Outbox, StorageFault, UnknownGame, now

from . import history, refusals, returns
from .bag_reads import BagReads
from .history import INPUT, REASSIGN, VOID, Counted
from .outcome import CorrectionRefused, Outcome, accepted
from .reads import action_for_read
from .refusals import Budget, Repeats, Seen
from .registry import TagRegistry
from .setup import TableSetup

log = logging.getLogger(__name__)

STORAGE_RETRY_SECONDS = 1.0
"""A read the journal could not take (a full disk, ...) is tried again this often until it can."""

Subscriber = Callable[[int, dict[str, Any]], None]


class Table(BagReads):
    """One game being played. Build it with `Table.open` (resume) or `library.start_game`."""

    def __init__(self, db: Database, game_id: int, setup: TableSetup, entries: list[Entry],
                 registry: TagRegistry | None = None) -> None:
        self.db = db
        self.journal = Journal(db)
        self.game_id = game_id
        self.setup = setup
        self.registry = registry if registry is not None else (TagRegistry(db, setup.game.supply, setup.game.expansions)
                                                         if setup.registry else None)
        self._lock = threading.RLock()
        self._subscribers: list[Subscriber] = []
        self._queue: queue.Queue[TagSeen | None] = queue.Queue()
        self._worker: threading.Thread | None = None
        self._paused = False
        self._repeats = Repeats()
        self._budget = Budget()
        self._links: dict[str, LinkStatus] = {}
        self._closing = threading.Event()
        self._progress = threading.Condition()
        db.on_fault = self._storage
        self._passes: dict[tuple[int, str], returns.Pass] = {}  # (seat, chip) -> its last read taken
        self._load(entries)
        self._open = {a.id: a for a in self.journal.anomalies(game_id, unresolved_only=True)
                      if a.code in (returns.HELD, returns.EARLY) and a.answered is None}
        """Reads held for their seat's answer and pots poured back early, by anomaly id (`returns`)."""

    @classmethod
    def open(cls, db: Database, game_id: int) -> Table:
        """Resume a game exactly where its journal ends (pending decisions included)."""
        row = Journal(db).game(game_id)
        return cls(db, game_id, TableSetup.from_dict(row.setup), Journal(db).entries(game_id))

    def _load(self, entries: list[Entry]) -> None:
        self._entries = entries
        self._counted = history.counted(entries)
        self._state = history.fold(self.setup.game, self._counted, self._remember_pass)
        self._bound = history.bindings(self._counted) if self.setup.registry else None
        self._seq = entries[-1].seq if entries else 0
        self._status = self.journal.game(self.game_id).status

    # what everyone may read ------------------------------------------------------------------

    @property
    def seq(self) -> int:
        return self._seq

    @property
    def state(self) -> GameState:
        """The current state; never mutated once published, so readers need no lock."""
        return self._state

    @property
    def config(self) -> GameConfig:
        return self.setup.game

    def entries(self) -> list[Entry]:
        with self._lock:
            return list(self._entries)

    def counted(self) -> list[Counted]:
        with self._lock:
            return list(self._counted)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view_for(self._state, seat)

    def actions(self, seat: int | None = None) -> list[dict[str, Any]]:
        return [action_to_dict(a) for a in legal_actions(self._state, seat)]

    def anomalies(self, unresolved_only: bool = False) -> list[AnomalyRow]:
        return self.journal.anomalies(self.game_id, unresolved_only=unresolved_only)

    def anomaly_page(self, limit: int, before: int | None = None) -> tuple[list[AnomalyRow], int]:
        """The newest ``limit`` anomalies (older than id ``before``), newest first, and how many there are."""
        return self.journal.anomaly_page(self.game_id, limit, before)

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call `callback(seq, notice)` after every journal write and every anomaly; returns an unsubscribe."""
        with self._lock:
            self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    @property
    def paused(self) -> bool:
        return self._paused

    def set_paused(self, paused: bool) -> None:
        """Hold the game: while paused, reads are kept as anomalies (code "paused") for the host to settle."""
        with self._lock:
            self._paused = paused
            self._notify(self._seq, {"kind": "paused", "paused": paused})

    def reader_status(self, status: LinkStatus) -> None:
        """Keep a reader's last link state (called from the readers' emit) and tell the screens."""
        with self._lock:
            self._links[status.reader] = status
        self._notify(self._seq, {"kind": "link", "reader": status.reader, "state": status.state})

    def links(self) -> dict[str, LinkStatus]:
        """Each reader's last reported link state; readers that never reported are absent."""
        with self._lock:
            return dict(self._links)

    # inputs ----------------------------------------------------------------------------------

    def submit(self, action: Action | dict[str, Any], source: str, *, resolves: Iterable[int] = (),
               by: tuple[str, ...] = ()) -> Outcome:
        """Apply one input; raises IllegalAction (after logging the anomaly) if the engine refuses it.
        ``by`` names who sent it (a seat link, an address), whose budget of stored refusals it spends."""
        return accepted(self._offer(action, source, {}, resolves, by))

    def draw_card(self, rng: random.Random | None = None, source: str = "host") -> Outcome:
        """'Draw one for us': a random card among those the round may turn up, recorded as the input."""
        with self._lock:
            cards = available_cards(self._state) if self._state.phase == "fortune" and self._state.fortune is None else []
            if not cards:
                raise IllegalAction("no_card_to_draw", "no Fortune Teller card is to be turned up now")
            return self.submit(Fortune((rng or random.SystemRandom()).choice(cards)), source)

    def manual_draw(self, seat: int, chip: str, *, resolves: Iterable[int] = (), source: str = "host") -> Outcome:
        """The host enters a draw a reader missed (optionally settling the anomaly it left)."""
        with self._lock:
            settles = [self._open_anomaly(a).id for a in resolves]
            return accepted(self._offer(Draw(seat, chip), source, {"manual": True}, settles))

    def _open_anomaly(self, anomaly_id: int) -> AnomalyRow:
        """An unsettled anomaly of this game, or CorrectionRefused naming why it cannot be settled."""
        anomaly = next((a for a in self.anomalies() if a.id == anomaly_id), None)
        if anomaly is None:
            raise CorrectionRefused(f"there is no anomaly {anomaly_id} in this game")
        if anomaly.resolved_by is not None:
            raise CorrectionRefused(f"anomaly {anomaly_id} was already settled by #{anomaly.resolved_by}")
        return anomaly

    def free_chip(self, seat: int, kind: str) -> str:
        """A chip of `kind` ("white-1") in the seat's bag for a draw entered by hand; unbound chips first."""
        bound = set((self._bound or {}).values())
        chips = sorted(c for c in self._state.seats[seat].bag if c.rsplit("-", 1)[0] == kind)
        if not chips:
            raise CorrectionRefused(f"{self._state.seats[seat].name}'s bag holds no {kind.replace('-', ' ')}-chip")
        return next((c for c in chips if c not in bound), chips[0])

    def assign_read(self, anomaly_id: int, seat: int, source: str = "host") -> Outcome:
        """Count a refused read as read at `seat`'s bag (a chip passed the wrong reader), settling its anomaly."""
        with self._lock:
            action, moved = self._assigned(self._open_anomaly(anomaly_id), seat)
            return accepted(self._offer(action, source, {"read": moved, "assigned": seat}, [anomaly_id]))

    def assignable(self, anomaly: AnomalyRow, seat: int) -> bool:
        """Whether `assign_read` would take this read at that seat now (nothing is written)."""
        with self._lock:
            try:
                self._assigned(anomaly, seat)
            except CorrectionRefused:
                return False
            return not anomaly.settled

    def _assigned(self, anomaly: AnomalyRow, seat: int) -> tuple[Action, dict[str, Any]]:
        """The input a refused read stands for at `seat`'s bag, checked by the engine, and the read as journalled."""
        read = anomaly.payload.get("read")
        if not isinstance(read, dict):
            raise CorrectionRefused(f"anomaly {anomaly.id} is not a read: enter the draw by hand instead")
        if not 0 <= seat < len(self._state.seats):
            raise CorrectionRefused(f"there is no seat {seat} at this table")
        moved = {"reader": read["reader"], "uid": read["uid"]}
        try:
            tag_chip = self._chip_of(read["uid"])
            if self._bound is not None:
                moved["tag_chip"] = tag_chip
            action = action_for_read(self._state, seat, tag_chip, self._bound)
            step(self._state, action)
        except IllegalAction as exc:
            raise CorrectionRefused(f"the read cannot be {self._state.seats[seat].name}'s: {exc.reason}") from None
        return action, moved

    def tag_seen(self, event: TagSeen) -> None:
        """For reader threads: queue the read and return at once; the table's worker applies it."""
        with self._lock:
            if self._worker is None:
                self._worker = threading.Thread(target=self._drain_reads, name=f"table-{self.game_id}", daemon=True)
                self._worker.start()
        self._queue.put(event)

    def wait_for_reads(self) -> None:
        """Block until every queued read has been applied or logged, or the journal cannot take
        them now (they wait in order for it; ``db.fault`` says why)."""
        with self._progress:
            self._progress.wait_for(lambda: not self._queue.unfinished_tasks or self.db.fault is not None)

    def close(self) -> None:
        """Finish the queued reads and stop the worker (a read the journal cannot take is left unsettled)."""
        self._closing.set()
        if self._worker is not None:
            self._queue.put(None)
            self._worker.join()
            self._worker = None

    def _drain_reads(self) -> None:
        while True:
            event = self._queue.get()
            try:
                if event is None:
                    return
                self._apply_read(event)
            finally:
                self._queue.task_done()
                with self._progress:
                    self._progress.notify_all()

    def _storage(self, fault: str | None) -> None:
        """The journal stopped (or started again) taking writes: the screens say so."""
        if fault is None:
            log.warning("the journal takes writes again")
        else:
            log.warning("the journal cannot be written: %s", fault)
        self._notify(self._seq, {"kind": "storage", "fault": fault})

    def _apply_read(self, event: TagSeen) -> None:
        """Apply one queued read; a read whose handling raised is refused with the error as its
        reason. Either way the bag is told it is settled, so it is neither resent forever nor lost.
        While the journal cannot be written the read is tried again each second (in order: the
        reads behind it wait) until it can, so a chip that passed a reader during a full disk counts."""
        try:
            while not self._journalled(event):
                if self._closing.wait(STORAGE_RETRY_SECONDS):
                    return  # stopping: the read stays unsettled, the bag keeps it
        except Exception as exc:  # a failing read must not stop the reads behind it
            log.exception("read %r could not be applied", event)
            try:
                with self._lock:
                    self._refuse(f"reader:{event.reader}", {"read": _read_record(event.reader, event.uid, event.sent)},
                                 "read_failed",
                                 f"the read could not be applied ({type(exc).__name__}: {exc}): "
                                 "assign it to its seat or enter the draw by hand")
            except Exception:
                log.exception("the failed read %r could not be kept as an anomaly either", event)
        if event.settled is not None:
            event.settled()  # journalled or refused: the bag may forget it

    def _journalled(self, event: TagSeen) -> bool:
        """Apply ``event``; False when the journal cannot take it now (``db.fault`` says why)."""
        try:
            self.read(event.reader, event.uid, sent=event.sent, at=event.at)
        except StorageFault:
            with self._progress:
                self._progress.notify_all()
            return False
        return True

    def sent_reads(self, reader: str) -> list[tuple[str, int]]:
        """The (boot id, sequence number) of each Pico bag read from ``reader`` this game has
        journalled or refused, oldest first: the TAGs the bag may send again after a restart."""
        kept = [(row.recorded_at, row.payload.get("read")) for row in [*self.entries(), *self.anomalies()]]
        return [(read["sent"][0], read["sent"][1]) for _, read in sorted(kept, key=lambda k: k[0])
                if isinstance(read, dict) and read.get("reader") == reader and read.get("sent")]

    def read(self, reader: str, uid: str, *, source: str | None = None,
             sent: tuple[str, int] | None = None, at: float | None = None) -> Outcome:
        """A chip seen at a reader (at `at`, seconds since the epoch): becomes a draw, return or
        purchase, an enrolment, a read held for its seat or a chip going in late (`returns`), or an
        anomaly. ``sent`` (a Pico bag's boot id and TAG number) is journalled with the read."""
        source = source or f"reader:{reader}"
        at = time.time() if at is None else at
        read = _read_record(reader, uid, sent)
        with self._lock:
            if self.registry is not None and self.registry.enrolment() is not None:
                result = self.registry.enrol(uid)
                self._notify(self._seq, {"kind": "enrolment", "new": result.new, "message": result.message})
                return Outcome(self._seq)
            if self._paused:
                return self._refuse(source, {"read": read}, "paused",
                                    "the game is paused: once it resumes, assign this read to its seat or enter it by hand")
            seat = self.setup.readers.get(reader)
            if seat is None:
                return self._refuse(source, {"read": read}, "unknown_reader",
                                    f"reader {reader!r} feeds no seat at this table")
            try:
                tag_chip = self._chip_of(uid)
            except IllegalAction as exc:
                return self._refuse(source, {"read": read}, exc.code, exc.reason)
            if self._bound is not None:
                read["tag_chip"] = tag_chip
            try:
                action = action_for_read(self._state, seat, tag_chip, self._bound)
            except IllegalAction as exc:
                return self._refuse(source, {"read": read}, exc.code, exc.reason)
            chip = getattr(action, "chip", None)
            last = self._passes.get((seat, chip or ""))
            moved = last is not None and (mine := self.last_input(seat)) is not None and mine.entry.seq != last.seq
            drew = last is not None and last.kind == "settled" and self._drew_since(seat, last.seq)
            asked = next((a.payload.get("at") for a in reversed(self.held(seat)) if a.payload["chip"] == chip), None)
            held = returns.judge(self._state, seat, action, last, moved, at, drew_since=drew, held_at=asked)
            if held is not None and held[0] == returns.LATE and last is not None and chip is not None:
                return self._late_pass(seat, chip, read, source, last, at, held[1])
            if held is not None:
                outcome = self._refuse(source, {"read": read, "chip": chip, "round": self._state.round, "at": at}, *held)
                if held[0] != returns.TWICE and outcome.anomaly is not None:
                    self._open[outcome.anomaly.id] = outcome.anomaly
                return outcome
            outcome = self._offer(action, source, {"read": read}, ())
            if outcome.accepted and chip is not None:
                self._passes[(seat, chip)] = returns.passed(self._state, seat, action, at, outcome.seq)
            return outcome

    def _chip_of(self, uid: str) -> str:
        if self.registry is None:
            return uid  # simulated bags and tables without stickers name the chip itself
        try:
            chip = self.registry.chip_for(uid)
        except BadUid as exc:
            raise IllegalAction("bad_uid", str(exc)) from None
        if chip is None:
            raise IllegalAction("unknown_tag", f"tag {uid} is not in the registry: enrol it or enter the draw by hand")
        return chip

    def _offer(self, action: Action | dict[str, Any], source: str, extra: dict[str, Any],
               resolves: Iterable[int], by: tuple[str, ...] = ()) -> Outcome:
        with self._lock:
            try:
                parsed = action_from_dict(action) if isinstance(action, dict) else action
                result = step(self._state, parsed)
            except IllegalAction as exc:
                raw = action if isinstance(action, dict) else action_to_dict(action)
                return self._refuse(source, {"action": raw, **extra}, exc.code, exc.reason, by)
            data = action_to_dict(parsed)
            payload = {"action": data, **extra}
            with self.db.transaction():
                entry = self.journal.append(self.game_id, source, INPUT, payload,
                                            expected_seq=self._seq, resolves=resolves)
                self._sync_status(result.state, entry.seq)
            item = Counted(entry, parsed, data)
            self._entries.append(entry)
            self._counted.append(item)
            if self._bound is not None and "read" in extra:
                self._bound[extra["read"]["tag_chip"]] = data["chip"]
            self._publish(entry, result.state, result.events)
            if self._open:
                self._close_open()
            return Outcome(entry.seq, entry=entry, events=result.events)

    def _refuse(self, source: str, payload: dict[str, Any], code: str, reason: str,
                by: tuple[str, ...] = ()) -> Outcome:
        """Log a refusal for the host: a bounded summary, a repeat only counts up its row, and a
        sender past its budget only counts up its own row."""
        payload, reason = refusals.summary(payload), refusals.bounded(reason)
        sender = self._budget.spent(by)
        if sender is not None:
            anomaly, repeated = self._count_over_budget(source, sender)
        else:
            repeat = self._repeats.repeat_of(source, payload, code, reason)
            repeated = repeat is not None
            if repeat is None:
                anomaly = self.journal.record_anomaly(self.game_id, source, payload, code, reason)
                self._repeats.recorded(source, payload, code, reason, anomaly.id, anomaly.recorded_at)
                self._budget.spend(by)
            else:
                anomaly_id, times, first_at = repeat
                anomaly = self.journal.repeat_anomaly(self.game_id, anomaly_id, times, first_at, source,
                                                      payload, code, reason)
        self._notify(self._seq, {"kind": "anomaly", "id": anomaly.id, "source": source, "code": anomaly.code,
                                 "reason": anomaly.reason, "payload": payload, "repeats": repeated})
        return Outcome(self._seq, anomaly=anomaly, refused=(code, reason))

    def _count_over_budget(self, source: str, sender: str) -> tuple[AnomalyRow, bool]:
        """A refusal from a sender whose budget is used up: counted on that sender's one row."""
        code, payload = "too_many_refusals", {"from": sender}
        reason = (f"{sender} had more than {self._budget.allowed} inputs refused in this game: "
                  "the rest are only counted")
        seen = self._budget.overflow.get(sender)
        if seen is None:
            anomaly = self.journal.record_anomaly(self.game_id, source, payload, code, reason)
            self._budget.overflow[sender] = Seen(anomaly.id, 1, 0.0, anomaly.recorded_at)
            return anomaly, False
        seen.count += 1
        return self.journal.repeat_anomaly(self.game_id, seen.anomaly_id, seen.count, seen.recorded_at,
                                           source, payload, code, reason), True

    # corrections -----------------------------------------------------------------------------

    def void(self, *seqs: int, cascade: bool = False, source: str = "host") -> Outcome:
        """Void earlier journal entries; the game is replayed without them.

        If a later input no longer fits, the void is refused naming it, unless `cascade`, which
        voids every input that no longer fits as well (all in the one void entry).
        """
        with self._lock:
            targets = sorted(set(seqs))
            already = history.voided(self._entries)
            known = {e.seq for e in self._entries}
            for t in targets:
                if t not in known:
                    raise CorrectionRefused(f"there is no entry #{t} in this game's journal (last: #{self._seq})")
                if t in already:
                    raise CorrectionRefused(f"#{t} is already voided by #{already[t]}")
            state, payload = self._replay_with(VOID, {"targets": targets}, source, cascade)
            return self._correct(VOID, payload, source, state)

    def void_last(self, seat: int, source: str = "host") -> Outcome:
        """Void the last input of one seat that still counts."""
        with self._lock:
            for item in reversed(self._counted):
                if getattr(item.action, "seat", None) == seat:
                    return self.void(item.entry.seq, source=source)
            raise CorrectionRefused(f"seat {seat} has no input to void")

    def reassign(self, seq: int, seat: int, source: str = "host") -> Outcome:
        """Count a draw as read from another seat's bag (a chip passed the wrong reader)."""
        with self._lock:
            item = next((c for c in self._counted if c.entry.seq == seq), None)
            if item is None or not isinstance(item.action, Draw):
                raise CorrectionRefused(f"#{seq} is not a draw that counts, so it cannot be reassigned")
            if not 0 <= seat < len(self._state.seats):
                raise CorrectionRefused(f"there is no seat {seat} at this table")
            before = history.fold(self.config, [c for c in self._counted if c.entry.seq < seq])
            read = item.entry.payload.get("read") or {}
            bound = None
            if self._bound is not None and read.get("tag_chip"):
                bound = history.bindings(c for c in self._counted if c.entry.seq < seq)
            try:
                action = action_for_read(before, seat, read.get("tag_chip") or item.action.chip, bound)
                step(before, action)
            except IllegalAction as exc:
                raise CorrectionRefused(f"#{seq} cannot be {before.seats[seat].name}'s draw: {exc.reason}") from None
            state, payload = self._replay_with(
                REASSIGN, {"target": seq, "seat": seat, "action": action_to_dict(action)}, source, False)
            return self._correct(REASSIGN, payload, source, state)

    def change_card(self, seq: int, card: str | None, source: str = "host") -> Outcome:
        """The Fortune Teller card entered at #seq was another one: the game is replayed with it
        (refused, naming the input, when a later input no longer fits)."""
        with self._lock:
            item = next((c for c in self._counted if c.entry.seq == seq), None)
            if item is None or not isinstance(item.action, Fortune):
                raise CorrectionRefused(f"#{seq} is not a Fortune Teller card that counts")
            action = action_to_dict(Fortune(card))
            try:
                before = history.fold(self.config, [c for c in self._counted if c.entry.seq < seq])
                step(before, Fortune(card))
            except IllegalAction as exc:
                raise CorrectionRefused(f"that card cannot be round {before.round}'s: {exc.reason}") from None
            state, payload = self._replay_with(REASSIGN, {"target": seq, "action": action}, source, False)
            return self._correct(REASSIGN, payload, source, state)

    def _replay_with(self, kind: str, payload: dict[str, Any], source: str,
                     cascade: bool) -> tuple[GameState, dict[str, Any]]:
        """The state if this correction were written; with `cascade`, a void also takes what no longer fits."""
        trial = Entry(self.game_id, self._seq + 1, now(), source, kind, payload)
        state = history.fold(self.config, [])
        for item in history.counted([*self._entries, trial]):
            try:
                state = step(state, item.action).state
            except IllegalAction as exc:
                if not cascade:
                    raise CorrectionRefused(
                        f"then #{item.entry.seq} ({describe(item.action_dict)}) would no longer fit: {exc.reason}; "
                        "void it too"
                    ) from None
                payload["targets"].append(item.entry.seq)
        return state, payload

    def _correct(self, kind: str, payload: dict[str, Any], source: str, state: GameState) -> Outcome:
        with self.db.transaction():
            entry = self.journal.append(self.game_id, source, kind, payload, expected_seq=self._seq)
            self._sync_status(state, entry.seq)
        entries = [*self._entries, entry]
        self._entries = entries
        self._counted = history.counted(entries)
        self._bound = history.bindings(self._counted) if self.setup.registry else None
        self._publish(entry, state)
        return Outcome(entry.seq, entry=entry)

    # after a write -----------------------------------------------------------------------------

    def _sync_status(self, state: GameState, seq: int) -> None:
        """Inside the write's transaction: a game is finished exactly when its replay is over, and a
        game of a league goes into the outbox with the entry that ended it (or corrected it since)."""
        wanted = "finished" if state.phase == "game_over" else "active"
        if self._status not in ("archived", wanted):
            self.journal.set_status(self.game_id, wanted)
            self._status = wanted
        if wanted == "finished" and self.setup.league:
            Outbox(self.db).add(self.game_id, seq)

    def _publish(self, entry: Entry, state: GameState, events: list[dict[str, Any]] | None = None) -> None:
        """Make the write visible; the notice carries the engine's events so screens can narrate the step."""
        self._state = state
        self._seq = entry.seq
        self._notify(entry.seq, {"kind": entry.kind, "seq": entry.seq, "source": entry.source,
                                 "at": entry.recorded_at, "payload": entry.payload, "events": events or []})

    def _notify(self, seq: int, notice: dict[str, Any]) -> None:
        for callback in list(self._subscribers):
            try:
                callback(seq, notice)
            except Exception:  # one broken dashboard must not stop the game
                log.exception("subscriber %r failed", callback)


def _read_record(reader: str, uid: str, sent: tuple[str, int] | None) -> dict[str, Any]:
    """A read as the journal and the anomalies keep it."""
    read: dict[str, Any] = {"reader": reader, "uid": uid}
    if sent is not None:
        read["sent"] = list(sent)
    return read


def describe(action: dict[str, Any]) -> str:
    """A short label of an input for messages: 'draw seat 1 white-1-03'."""
    parts = [action.get("kind", "?")]
    if action.get("seat") is not None:
        parts.append(f"seat {action['seat']}")
    parts.extend(str(action[k]) for k in ("chip", "color", "value", "what", "decision") if action.get(k) is not None)
    if action.get("keys"):
        parts.append("/".join(action["keys"]))
    return " ".join(parts)


__all__ = ["CorrectionRefused", "Outcome", "Table", "UnknownGame", "describe"]
