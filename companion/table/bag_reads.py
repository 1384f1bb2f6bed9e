"""The reads a table holds for their seat's answer, and the answers: "all in the bag", "yes, I drew
it" or "no", "I drew it" after a read taken as a chip going back. What a read means is `returns`;
this is the table's side of it (`Table` takes these methods, so the table stays the one writer).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from companion.engine import Draw, Fortune, GameState, IllegalAction, Return, apply, step
from companion.store import AnomalyRow, Journal

from . import returns
from .outcome import CorrectionRefused, Outcome, accepted

if TYPE_CHECKING:
    from .history import Counted
    from .setup import TableSetup


class BagReads:
    """`Table`'s methods about chips going back into the bags (see `returns`)."""

    _lock: threading.RLock
    _open: dict[int, AnomalyRow]
    _passes: dict[tuple[int, str], returns.Pass]
    _state: GameState
    _counted: list[Counted]
    _seq: int
    setup: TableSetup
    journal: Journal
    game_id: int

    def _offer(self, action: Any, source: str, extra: dict[str, Any], resolves: Any) -> Outcome:
        raise NotImplementedError

    def _notify(self, seq: int, notice: dict[str, Any]) -> None:
        raise NotImplementedError

    def held(self, seat: int) -> list[AnomalyRow]:
        """The seat's reads held for its answer ("was it drawn?"), oldest first."""
        with self._lock:
            return [a for a in self._open.values() if a.code == returns.HELD and self._seat_of(a) == seat]

    def _remember_pass(self, state: GameState, item: Counted) -> None:
        """On resuming a game, the marks `returns.judge` reads, as the inputs that count left them: a
        chip counted in unread is still late going in after a restart. A read's time is not
        journalled, so none is the same pass as a read after the restart."""
        seat, chip, payload = item.action_dict.get("seat"), item.action_dict.get("chip"), item.entry.payload
        if not isinstance(seat, int) or not isinstance(chip, str):
            return
        if payload.get("settled"):
            self._passes[(seat, chip)] = returns.Pass(0.0, item.entry.seq, "settled", state.round)
        elif isinstance(payload.get("read"), dict):
            self._passes[(seat, chip)] = returns.passed(state, seat, item.action, 0.0, item.entry.seq)

    def _seat_of(self, anomaly: AnomalyRow) -> int | None:
        return self.setup.readers.get(anomaly.payload["read"]["reader"])

    def settle(self, seat: int, source: str = "host") -> list[Outcome]:
        """Every chip the seat's bag still expects back is in it (the seat or the host says so, in one tap)."""
        with self._lock:
            if not 0 <= seat < len(self._state.seats):
                raise CorrectionRefused(f"there is no seat {seat} at this table")
            settled = []
            for chip in returns.to_go_back(self._state, seat):
                settled.append(accepted(self._offer(Return(seat, chip), source, {"settled": True}, ())))
                self._passes[(seat, chip)] = returns.Pass(0.0, settled[-1].seq, "settled", self._state.round)
            return settled

    def _late_pass(self, seat: int, chip: str, read: dict[str, Any], source: str, counted_in: returns.Pass,
                   at: float, reason: str) -> Outcome:
        """A chip counted in unread, read going in late (`returns.LATE`): it changes nothing, so it is
        kept only for the timeline, settled by the tap that counted it in, and the bag hears it taken.
        Its next read is judged like one after a return that was read."""
        anomaly = self.journal.record_anomaly(self.game_id, source, {"read": read, "chip": chip},
                                              returns.LATE, reason, resolved_by=counted_in.seq)
        self._passes[(seat, chip)] = returns.Pass(at, counted_in.seq, "return", self._state.round)
        self._notify(self._seq, {"kind": "late_pass", "id": anomaly.id, "source": source, "payload": {"read": read}})
        return Outcome(self._seq, anomaly=anomaly)

    def _drew_since(self, seat: int, seq: int) -> bool:
        """Whether the seat has drawn a chip, in an input that counts, after journal entry #seq."""
        for item in reversed(self._counted):
            if item.entry.seq <= seq:
                return False
            if isinstance(item.action, Draw) and item.action.seat == seat:
                return True
        return False

    def answer_read(self, anomaly_id: int, drawn: bool, source: str = "host") -> Outcome:
        """A held read answered: drawn (the chips still expected back are in the bag, and the
        read is entered as the draw it was), or not (a chip passing the mouth: nothing changes)."""
        with self._lock:
            anomaly = self._open.get(anomaly_id)
            if anomaly is None or anomaly.code != returns.HELD:
                raise CorrectionRefused(f"there is no read {anomaly_id} waiting for an answer")
            seat = self._seat_of(anomaly)
            assert seat is not None
            if not drawn:
                del self._open[anomaly_id]
                self.journal.answer_anomaly(self.game_id, anomaly_id, {"drawn": False, "by": source})
                self._notify(self._seq, {"kind": "answered", "id": anomaly_id})
                return Outcome(self._seq)
            try:
                step(self._state, Draw(seat, anomaly.payload["chip"]))
            except IllegalAction as exc:
                raise CorrectionRefused(f"it cannot be a draw now: {exc.reason}") from None
            self.settle(seat, source)
            del self._open[anomaly_id]
            outcome = accepted(self._offer(Draw(seat, anomaly.payload["chip"]), source,
                                            {"read": anomaly.payload["read"], "answered": True}, [anomaly_id]))
            self._release(seat, source)
            return outcome

    def drawable(self, anomaly: AnomalyRow) -> bool:
        """Whether answering "drawn" to a held read would be taken now (nothing is written)."""
        with self._lock:
            seat = self._seat_of(anomaly)
            if anomaly.id not in self._open or anomaly.code != returns.HELD or seat is None:
                return False
            state = self._state.clone()
            try:
                for chip in returns.to_go_back(state, seat):
                    apply(state, Return(seat, chip))
                apply(state, Draw(seat, anomaly.payload["chip"]))
            except IllegalAction:
                return False
            return True

    def _release(self, seat: int, source: str) -> None:
        """The seat's bag is settled: its other held reads are draws like any read at a settled bag.
        One the rules cannot take as a draw (the drawn chip passed over the reader again) is closed
        as not drawn: it is the same question answered, not a refusal for the host."""
        for anomaly in self.held(seat):
            del self._open[anomaly.id]
            draw = Draw(seat, anomaly.payload["chip"])
            try:
                step(self._state, draw)
            except IllegalAction:
                self.journal.answer_anomaly(self.game_id, anomaly.id, {"drawn": False, "by": source})
                continue
            self._offer(draw, source, {"read": anomaly.payload["read"], "answered": True}, [anomaly.id])

    def read_back(self, seq: int, seat: int, source: str = "host") -> Outcome:
        """The chip whose read at #seq counted as going back into the seat's bag was drawn: it had
        gone in unread before, and the read was it coming out. Only while that is the seat's last input."""
        with self._lock:
            last = self.last_input(seat)
            if last is None or last.entry.seq != seq or not isinstance(last.action, Return) \
                    or "read" not in last.entry.payload:
                raise CorrectionRefused(f"#{seq} is not {self._state.seats[seat].name}'s last input read going back")
            return accepted(self._offer(Draw(seat, last.action.chip), source, {"instead_of": seq}, ()))

    def round_began(self) -> int:
        """The journal's seq when this round's card was turned (0 before the first)."""
        with self._lock:
            return next((c.entry.seq for c in reversed(self._counted) if isinstance(c.action, Fortune)), 0)

    def last_input(self, seat: int) -> Counted | None:
        """The seat's last input that counts."""
        with self._lock:
            return next((c for c in reversed(self._counted) if getattr(c.action, "seat", None) == seat), None)

    def _close_open(self) -> None:
        """After each input: a pot poured back early counts as back once the game expects it; a read
        held in a round that is over can no longer be that round's draw."""
        for anomaly in list(self._open.values()):
            seat, chip = self._seat_of(anomaly), anomaly.payload["chip"]
            if seat is None:
                continue
            if anomaly.code == returns.HELD:
                if anomaly.payload.get("round") != self._state.round or self._state.phase == "game_over":
                    del self._open[anomaly.id]
                    self.journal.answer_anomaly(self.game_id, anomaly.id, {"moot": returns.ROUND_OVER})
            elif chip in self._state.seats[seat].returning:
                del self._open[anomaly.id]
                self._offer(Return(seat, chip), anomaly.source, {"read": anomaly.payload["read"], "early": True},
                            [anomaly.id])
            elif self._state.phase not in returns.POURING:  # it left the pot some other way (back to the box)
                del self._open[anomaly.id]
                self.journal.answer_anomaly(self.game_id, anomaly.id, {"moot": returns.BACK_TO_BOX})

