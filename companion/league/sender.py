"""A table's side of the league: it pushes, and never waits.

The sender runs on its own thread beside the table. Finished games come from the outbox in the
table's journal (`store.outbox`), oldest first, each retried with exponential back-off while the
league cannot be reached (a table offline for a week sends everything when it is back); the
league keeps each game once, so a push repeated after a lost answer changes nothing. While a
game runs, its live scores (round, scores, who is brewing) go out at most once a second, only
the newest: a live push that fails is simply overtaken by the next. Nothing here is on the path
of an input: the table only sets an event.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import urllib.error
import urllib.request
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.engine import GameState
from companion.store import Database, Journal, Outbox, OutboxRow
from companion.table import TableSetup
from companion.table.library import export_transcript

log = logging.getLogger(__name__)

FIRST_RETRY = 2.0
LAST_RETRY = 300.0
"""Back-off between tries of one game: 2 s, 4 s, 8 s … at most 5 minutes."""
LIVE_GAP = 0.25
"""Live scores go out at most four times a second; the inputs in between go out together."""
IDLE = 1.0
TIMEOUT = 10.0
REFUSED = (400, 413, 422)
"""The league will never keep these pushes as they are: retrying cannot help."""


def game_key(game_id: int, created_at: str) -> str:
    """The table's identity of a game: its number in this journal and when it was created."""
    return f"{game_id}@{created_at}"


class LeagueLink:
    """HTTP to the league with this table's key."""

    def __init__(self, url: str, key: str, timeout: float = TIMEOUT) -> None:
        self.url = url.rstrip("/")
        self.key = key
        self.timeout = timeout

    def post(self, path: str, payload: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """The status and JSON answer; raises OSError when the league cannot be reached."""
        request = urllib.request.Request(self.url + path, data=json.dumps(payload).encode(), method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "Authorization": f"Bearer {self.key}"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return answer.status, _json(answer.read())
        except urllib.error.HTTPError as err:
            return err.code, _json(err.read())


def _json(body: bytes) -> dict[str, Any]:
    try:
        data = json.loads(body)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def live_scores(game_id: int, created_at: str, seq: int, state: GameState) -> dict[str, Any]:
    """What the room screen shows of a running game: round, phase, each seat's name, score and status."""
    return {"game": game_key(game_id, created_at), "started_at": created_at, "seq": seq, "round": state.round,
            "phase": state.phase,
            "seats": [{"name": s.name, "score": s.score, "status": s.status} for s in state.seats]}


def _later(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat(timespec="microseconds")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class Sender:
    """Pushes one table's games and live scores to its league, on a thread of its own."""

    def __init__(self, db: Database, link: LeagueLink, *, first_retry: float = FIRST_RETRY,
                 last_retry: float = LAST_RETRY, live_gap: float = LIVE_GAP) -> None:
        self.db = db
        self.link = link
        self.outbox = Outbox(db)
        self.first_retry, self.last_retry, self.live_gap = first_retry, last_retry, live_gap
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._table: Any = None
        self._live_sent: tuple[int, int] | None = None  # (game, seq) of the last live scores the league took
        self._unsubscribe: Any = None
        self._thread: threading.Thread | None = None
        self.last_error: str | None = None

    def watch(self, table: Any) -> None:
        """Follow this game's live scores (the table after a new game starts, too)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._table = table
        self._unsubscribe = table.subscribe(lambda seq, notice: self._wake.set())
        self._wake.set()

    def start(self) -> Sender:
        self._thread = threading.Thread(target=self._run, name="league-sender", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=TIMEOUT + 5)
        if self._unsubscribe is not None:
            self._unsubscribe()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.clear()
            try:
                self.send_due()
                if self.send_live():
                    self._stop.wait(self.live_gap)  # the changes meanwhile go out together
            except Exception:  # the sender must outlive anything a push meets
                log.exception("the league sender failed; trying again")
            self._wake.wait(self._pause())

    def _pause(self) -> float:
        """Until the next game is due, and at least once a second."""
        due = self.outbox.next_due()
        if due is None:
            return IDLE
        wait = (datetime.fromisoformat(due) - datetime.now(UTC)).total_seconds()
        return min(max(wait, 0.05), IDLE)

    def send_due(self) -> int:
        """Push every game that is due; returns how many the league took."""
        taken = 0
        while not self._stop.is_set():
            rows = self.outbox.due(_now(), limit=20)
            if not rows:
                return taken
            for row in rows:
                if not self._push(row):
                    return taken
                taken += 1
        return taken

    def _push(self, row: OutboxRow) -> bool:
        """One game; False when the league did not answer (the rest then wait their turn too)."""
        try:
            status, answer = self.link.post("/api/v1/games", self.game_payload(row))
        except OSError as err:
            return self._failed(row, f"the league cannot be reached: {getattr(err, 'reason', err)}")
        if status == 200:
            self.outbox.sent(row.id)
            if self.last_error is not None:
                self.outbox.retry_all(_now())  # the league is back: everything waiting goes now
            self.last_error = None
            return True
        reason = str(answer.get("reason") or answer.get("error") or f"HTTP {status}")
        if status in REFUSED:
            log.warning("the league refused game %s: %s", row.game_id, reason)
            self.outbox.sent(row.id, note=f"refused by the league: {reason}")
            return True
        return self._failed(row, f"the league answered {status}: {reason}")

    def _failed(self, row: OutboxRow, error: str) -> bool:
        delay = min(self.last_retry, self.first_retry * 2 ** row.attempts) * random.uniform(0.75, 1.0)
        self.outbox.failed(row.id, error, _later(delay))
        if error != self.last_error:
            log.warning("game %s not pushed: %s", row.game_id, error)
        self.last_error = error
        return False

    def game_payload(self, row: OutboxRow) -> dict[str, Any]:
        game = Journal(self.db).game(row.game_id)
        setup = TableSetup.from_dict(game.setup)
        ended = next(e.recorded_at for e in Journal(self.db).entries(row.game_id, after=row.seq - 1))
        return {"game": game_key(game.id, game.created_at), "seq": row.seq, "started_at": game.created_at,
                "finished_at": ended, "transcript": export_transcript(self.db, row.game_id, upto=row.seq),
                "codes": [c or None for c in setup.codes]}

    def send_live(self) -> bool:
        """The running game's newest scores, if they changed since the league last took them;
        True if a push was made."""
        table = self._table
        if table is None or not table.setup.league or table.state.phase == "game_over":
            return False
        seq = table.seq
        if self._live_sent == (table.game_id, seq):
            return False
        created = Journal(self.db).game(table.game_id).created_at
        try:
            status, _ = self.link.post("/api/v1/live", live_scores(table.game_id, created, seq, table.state))
        except OSError:
            return True  # the next change tries again; live scores are never queued
        if status == 200:
            self._live_sent = (table.game_id, seq)
        return True
