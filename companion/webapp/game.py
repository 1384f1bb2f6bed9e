"""The one place the web side talks to the table: views per perspective, submissions, seat links.

Pages never call the table directly; they go through ``LiveGame``, so the table's interface is
used in one module only.
"""

from __future__ import annotations

import hmac
import random
import threading
from collections import deque
from collections.abc import Callable
from datetime import datetime
from typing import Any

from companion.engine import GameConfig, GameState, IllegalAction, seat_part, view_for
from companion.engine.model import chip as parse_chip
from companion.engine.phases import stir
from companion.engine.view import setup_parts
from companion.store import BadUid, StorageFault
from companion.table import CorrectionRefused
from companion.table.backup import keep
from companion.table.refusals import bounded
from companion.table.timeline import anomaly_seat
from companion.words import localize

from . import anomalies, enrolment, newgame
from .access import Refusal, seat_for_token, seat_token, table_token
from .assist import Assist
from .feed import entry_lines, journal_lines
from .hub import Hub, language_of, who
from .i18n import LANGUAGES
from .keys import Keys
from .lockout import PinGuard
from .seats import SeatActions, TableSeats

HOST_KINDS = frozenset({"fortune"})
"""Inputs that belong to the host rather than to a seat."""

BAG_KINDS = frozenset({"draw", "return"})
"""Inputs that say a chip passed a bag's mouth: the reader's to report, or the phone's at a table without readers."""

ANOMALIES_SHOWN = 40
"""The host's log shows the newest refusals (older ones a page at a time); the timeline keeps them all."""

REPEAT_REFRESH_SECONDS = 1.0
"""A refusal repeated over and over refreshes the host's count at most this often."""

ENROLMENTS_SHOWN = 20
"""The registry's latest answers to enrolment reads (new chip, or already enrolled)."""

SEAT_LINKS = "table"
"""What a seat's link is signed for: the table's seat, not one game, so a new game at the table keeps
every phone joined (the host can still give one seat a new link)."""

STATUS_FOR_CODE = {code: 409 for code in ("stale", "not_your_turn", "wrong_phase", "decision_pending", "game_over",
                                           "card_read", "no_card_to_draw")}
"""Refusals that mean "the game moved on": 409 Conflict; every other refusal is a 400."""


class LiveGame:
    """The table as the pages see it."""

    def __init__(self, table: Any, keys: Keys, demo: Any = None, assist: str = "odds",
                 stirs: str = stir.DEFAULT) -> None:
        self.table = table
        self.keys = keys
        self.assist = Assist(assist)
        self.stirs = stir.DEFAULT
        self.set_stirs(stirs)
        self.demo = demo
        """The demo's simulated bags (``draw(seat)``, ``repoint(table)``), None on a real table."""
        self.hub: Hub | None = None
        self.pins: PinGuard | None = None
        self.enrolled: deque[str] = deque(maxlen=ENROLMENTS_SHOWN)
        self._dice = random.SystemRandom()
        self._refresh: threading.Timer | None = None
        self._refresh_lock = threading.Lock()
        self._common: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        """Per language: the table's view last made, and what it was made from."""
        self._seats = TableSeats()
        self._actions = SeatActions()
        self._setup: dict[str, tuple[GameConfig, dict[str, Any]]] = {}
        """Per language: the view's parts made of the game's setup alone, and the setup they were made of."""
        self._kept: dict[str, tuple[tuple[Any, ...], Any]] = {}
        """The host panel's parts read from the journal (``_read_once``), and what they were read from."""
        self.switched: list[Callable[[Any], None]] = [demo.repoint] if demo is not None else []
        """Called with the new table after ``switch``: whoever feeds reads to the table (readers, demo bags)."""

    def set_stirs(self, setting: object) -> None:
        """The table's synchronised drawing: the last round only, every round, or never."""
        if setting not in stir.SETTINGS:
            raise ValueError(f"stir must be one of {', '.join(stir.SETTINGS)}, not {setting!r}")
        self.stirs = str(setting)

    def attach(self, hub: Hub) -> None:
        """Publish every journal write of the table to ``hub``, and keep its transcript beside the journal."""
        self.hub = hub
        self.assist.ready = lambda seat: hub.advice_found(f"seat:{seat}")
        self.assist.questions.delivered = hub.delivered
        hub.reset(self.game_id, self.table.seq)
        self._unsubscribe = self.table.subscribe(self._notice)
        self.backup = keep(self.table)

    def switch(self, table: Any) -> None:
        """Play ``table`` from now on (a new game): pages reload, then ``switched`` hooks re-point readers."""
        assert self.hub is not None
        self._unsubscribe()
        self.backup.close()
        self.table.close()
        self.table = table
        self.enrolled.clear()
        self.attach(self.hub)
        for hook in self.switched:
            hook(table)

    def _notice(self, seq: int, notice: dict[str, Any]) -> None:
        """A journal write goes out as an entry; anomalies and enrolments only refresh the views."""
        assert self.hub is not None
        if notice.get("kind") == "enrolment":
            self.enrolled.appendleft(notice["message"])
        if notice.get("seq") == seq and "payload" in notice:
            self.hub.publish(seq, {"kind": notice["kind"], "source": notice["source"],
                                   "action": notice["payload"].get("action"),
                                   "lines": {lang: entry_lines(notice, self.table.config.players, lang)
                                             for lang in LANGUAGES}})
        elif notice.get("repeats"):
            self._refresh_soon()
        else:
            self.hub.touch()

    def _refresh_soon(self) -> None:
        """Refresh the views once, shortly: a flood of repeats costs one render a second, not one each."""
        with self._refresh_lock:
            if self._refresh is None:
                self._refresh = threading.Timer(REPEAT_REFRESH_SECONDS, self._refreshed)
                self._refresh.daemon = True
                self._refresh.start()

    def _refreshed(self) -> None:
        with self._refresh_lock:
            self._refresh = None
        assert self.hub is not None
        self.hub.touch()

    @property
    def game_id(self) -> str:
        return str(self.table.game_id)

    @property
    def seat_count(self) -> int:
        return len(self.table.state.seats)

    def token(self, seat: int) -> str:
        return seat_token(self.keys.secret, SEAT_LINKS, seat, self.keys.issue(SEAT_LINKS, seat))

    def reissue(self, seat: int) -> str:
        """A new link for ``seat`` (a lost phone): its old link stops working, the other seats' stay."""
        if not 0 <= seat < self.seat_count:
            raise Refusal(400, "bad_field", f"There is no seat {seat + 1} at this table.")
        self.keys.reissue(SEAT_LINKS, seat)
        if self.hub is not None:
            self.hub.end(f"seat:{seat}")  # the old link's open pages stop at once
            self.hub.touch()
        return self.token(seat)

    @property
    def table_token(self) -> str:
        """The token in the table screen's link: its stream shows the whole table, so it is not open to all."""
        return table_token(self.keys.secret)

    def check_table_token(self, token: str) -> None:
        if not hmac.compare_digest(self.table_token.encode(), (token or "").encode("utf-8", "replace")):
            raise Refusal(403, "bad_token", "This table link is not valid for the current game: "
                                            "open the table screen from the host page again.")

    def seat_of(self, token: str) -> int:
        seat = seat_for_token(self.keys.secret, SEAT_LINKS, self.seat_count, token, self.keys.issues_of(SEAT_LINKS))
        if seat is None:
            raise Refusal(403, "bad_token", "This seat link is not valid for the current game: "
                                            "scan the seat's QR code on the host screen again.")
        return seat

    def render(self, perspective: str) -> dict[str, Any]:
        """The view for ``"table"``, ``"host"`` or ``"seat:<n>"``, in the language after an ``@`` (English).

        Every perspective's view is the table's view (made once per change and language, shared,
        never changed afterwards) with its own parts added: a seat's odds, inputs and assist, the
        host's panel."""
        lang = language_of(perspective)
        perspective = who(perspective)
        seat = int(perspective[5:]) if perspective.startswith("seat:") else None
        state = self.table.state
        view = dict(self.common(state, lang))
        if seat is not None:
            view.update(seat_part(state, seat, self._actions(state, seat)))
            view["bag_reads"] = self.bag_reads(seat, view["actions"]) if self.table.setup.draws == "readers" else None
            return self.assist.add_to(view, state, seat)
        if perspective == "host":
            view["host"] = self.host_panel(lang, view["seats"])
        return view

    def common(self, state: GameState, lang: str) -> dict[str, Any]:
        """The table's view of ``state`` in ``lang``, as every page shows it: made once per change."""
        made_from = (state, self.table.paused, stir.in_force(self.stirs, state.round))
        kept = self._common.get(lang)
        if kept is not None and kept[0][0] is state and kept[0][1:] == made_from[1:]:
            return kept[1]
        setup = self._setup_parts(state.config, lang)
        view = view_for(state, seats=(), setup=setup)
        localize({k: v for k, v in view.items() if k not in setup}, lang)  # in place; the setup's are already
        view["seats"] = self._seats(state, lang)  # in their place, each kept while the seat is unchanged
        view["paused"] = made_from[1]  # phones say so too: their inputs are refused meanwhile
        view["draws"] = self.table.setup.draws  # "phones": no reader sees a chip go back, none is expected
        if not made_from[2]:
            view["stir"] = None
        if kept is not None:
            _keep_unchanged(view, kept[1])
        self._common[lang] = (made_from, view)
        return view

    def _setup_parts(self, config: GameConfig, lang: str) -> dict[str, Any]:
        """The view's parts made of the game's setup alone (`view.setup_parts`: the books, the
        patients, ...) in ``lang``, made once per game: the same objects in every view of it."""
        kept = self._setup.get(lang)
        if kept is None or kept[0] is not config:
            kept = self._setup[lang] = (config, localize(setup_parts(config), lang))
        return kept[1]

    def bag_reads(self, seat: int, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """What the seat's phone asks about its bag's reads: chips still to go back, reads held for
        its answer (oldest first), its last read taken as a chip going back while it could draw
        (``actions``: the inputs its view offers, as made for it)."""
        table = self.table
        held = [{"id": a.id, "chip": _chip(a.payload.get("chip")), "drawable": table.drawable(a)} for a in table.held(seat)]
        last = table.last_input(seat)
        back = None
        if last is not None and last.action_dict["kind"] == "return" and "read" in last.entry.payload \
                and any(a["kind"] == "draw" for a in actions):
            back = {"seq": last.entry.seq, "chip": _chip(last.action_dict["chip"])}
        reader = next((s.state for r, s in table.links().items() if table.setup.readers.get(r) == seat), None)
        return {"held": held, "read_back": back, "reader": reader}

    def advice(self, perspective: str) -> dict[str, Any]:
        """A seat's advice now, as its view holds it (``Assist.add_to``), for the seat's pages that
        have the rest of the view. Like the view's, it is numbers and keys that the page words, so
        the same in every language."""
        seat = int(who(perspective)[5:])
        if self.assist.level != "advice":  # the host turned it off meanwhile: the page shows none
            return {"seat": seat, "advice": None}
        return self.assist.part(self.table.state, seat)

    def feed(self, lang: str) -> dict[str, Any]:
        """The feed so far, for a page being opened: its lines and the journal seq they reach.

        The page's stream resumes after that seq, so no entry is lost or shown twice."""
        seq = self.table.seq
        inputs = [item for item in self.table.counted() if item.entry.seq <= seq]
        return {"seq": seq, "lines": journal_lines(self.table.config, inputs, lang)}

    def host_panel(self, lang: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """What only the host sees, in `lang`: links, phone and reader connections, host inputs,
        anomalies (``seats``: the seats as the table's view shows them)."""
        live = self.hub.live() if self.hub else {}
        versions = _unless_unreadable(self.table.db.versions, None)
        links = self.table.links()
        readers: dict[int, list[dict[str, str]]] = {}
        for reader, seat in sorted(self.table.setup.readers.items()):
            link = links.get(reader)
            readers.setdefault(seat, []).append({"reader": reader, "state": link.state if link else "unknown",
                                                 "detail": link.detail if link else ""})
        return {
            "seats": [{"seat": s["seat"], "name": s["name"], "token": self.token(s["seat"]),
                       "phones": live.get(f"seat:{s['seat']}", 0), "readers": readers.get(s["seat"], []),
                       "to_go_back": len(s["returning"]) if self.table.setup.draws == "readers" else 0}
                      for s in seats],
            "streams": live,
            **_unless_unreadable(lambda: self._log(lang, versions),
                                 {"anomalies": [], "anomalies_total": 0, "anomaly_groups": None}),
            "storage": self.table.db.fault,
            "new_game": newgame.form(self.table, lang),
            "pins": self.pins.alerts() if self.pins else None,
            "assist": self.assist.level,
            "stir": self.stirs,
            "tags": _unless_unreadable(lambda: self._read_once(
                "tags", versions, lambda: enrolment.panel(self.table.registry, list(self.enrolled))), None)
            if self.table.registry else None,
        }

    def _log(self, lang: str, versions: dict[str, int] | None) -> dict[str, Any]:
        """The host's anomalies: the newest page, and the list by bag and kind (whose fixes follow the game)."""
        grouped = self._read_once("grouped", versions, lambda: self.table.anomaly_page(anomalies.GROUPED))
        return {**self._read_once("anomalies", versions, self.anomalies),
                "anomaly_groups": anomalies.groups(self.table, lang, self._chip_of_row, grouped)}

    def _read_once(self, part: str, versions: dict[str, int] | None, read: Callable[[], Any]) -> Any:
        """``read()``, read again only once the tags or the anomalies have been written (``versions``,
        read first), by this process or another (`quacks tags import`), the game changed or a
        message was added: the host's view is made after every input, and these seldom change."""
        if versions is None:
            return read()
        made_from = (self.table.game_id, versions, tuple(self.enrolled), tuple(sorted(self.table.setup.readers.items())))
        kept = self._kept.get(part)
        if kept is not None and kept[0] == made_from:
            return kept[1]
        found = read()
        self._kept[part] = (made_from, found)
        return found

    def anomalies(self, before: int | None = None) -> dict[str, Any]:
        """A page of the host's log, newest first: only these rows are read and decoded."""
        rows, total = self.table.anomaly_page(ANOMALIES_SHOWN, before)
        return {"anomalies": [self._anomaly(a) for a in rows], "anomalies_total": total}

    def _chip_of_row(self, row: Any) -> str | None:
        """The chip a refused read or input names: the engine's chip a held read stands for, the
        sticker's chip of a read, or an input's chip."""
        read, action = row.payload.get("read"), row.payload.get("action")
        chip = row.payload.get("chip") or (self._read_chip(read) if isinstance(read, dict) else (
            action.get("chip") if isinstance(action, dict) else None))
        return chip if isinstance(chip, str) else None

    def _anomaly(self, row: Any) -> dict[str, Any]:
        """One refused read or input for the host's log, with what a one-click fix needs."""
        read = row.payload.get("read")
        chip = self._chip_of_row(row)
        return {"id": row.id, "at": row.recorded_at, "source": row.source, "code": row.code, "reason": row.reason,
                "seat": anomaly_seat(row, self.table.setup), "chip": chip if isinstance(chip, str) else None,
                "read": isinstance(read, dict), "resolved_by": row.resolved_by, "repeated": repeated(row)}

    def _read_chip(self, read: dict[str, Any]) -> str | None:
        """The chip a refused read's sticker is on (reads refused before the registry lookup lack it)."""
        if read.get("tag_chip") or self.table.registry is None:
            return read.get("tag_chip") or read.get("uid")
        try:
            return self.table.registry.chip_for(read["uid"])
        except BadUid:
            return None

    def submit(self, action: Any, source: str, seat: int | None, address: str | None = None) -> dict[str, Any]:
        """Submit ``action`` for ``seat`` (None: the host) from ``address``; refusals come back as
        ``Refusal``. A seat's refusals spend its link's and its address's budgets of stored refusals."""
        if not isinstance(action, dict):
            raise Refusal(400, "malformed_json", "An action must be a JSON object.")
        kind = action.get("kind")
        if not isinstance(kind, str):
            raise Refusal(400, "malformed", "'kind' must be the name of an input, as text.")
        if seat is None and kind not in HOST_KINDS:
            raise Refusal(403, "not_host_action", f"The host does not send {bounded(kind)!r}; the seat does.")
        if self.table.paused:
            raise Refusal(409, "paused", "The game is paused: wait for the host to resume it.")
        by: tuple[str, ...] = ()
        if seat is not None:
            by = (f"seat {seat + 1}'s link {self.keys.issue(self.game_id, seat) + 1}", f"address {address}")
            if kind in HOST_KINDS:
                raise Refusal(403, "host_only", "Only the host can do this.")
            if action.get("seat") != seat:
                raise Refusal(403, "wrong_seat", f"This phone is seat {seat + 1}; it cannot act for another seat.")
            if kind in BAG_KINDS:
                action = self._phone_draw(action, seat)
        try:
            result = self.table.submit(action, source, by=by)
        except IllegalAction as err:
            raise Refusal(STATUS_FOR_CODE.get(err.code, 400), err.code, err.reason) from None
        return {"ok": True, "seq": result.seq}

    def _phone_draw(self, action: dict[str, Any], seat: int) -> dict[str, Any]:
        """A draw or return tapped on a phone: only at a table whose draws are the phones'.

        The phone names a kind ("white-1"); the table picks that kind's chip from the bag, and the
        engine checks the draw exactly as it checks a reader's.
        """
        if self.table.setup.draws != "phones":
            raise Refusal(403, "draws_from_bags", "At this table chips are drawn from the bag over its reader; "
                                                   "if the reader missed one, ask the host to enter it.")
        chip = action.get("chip")
        if action["kind"] == "draw" and isinstance(chip, str) and chip.count("-") == 1:
            try:
                action = {**action, "chip": self.table.free_chip(seat, chip)}
            except CorrectionRefused as err:
                raise Refusal(400, "not_in_bag", f"{err}.") from None
        return action

    def settle(self, seat: int, source: str) -> dict[str, Any]:
        """"All in the bag": the chips the seat's bag still expects back are in it."""
        outcomes = self._corrected(lambda: self.table.settle(seat, source))
        return {"ok": True, "seq": self.table.seq, "settled": len(outcomes)}

    def answer_read(self, anomaly: int, drawn: bool, source: str, seat: int | None = None) -> dict[str, Any]:
        """A held read answered: drawn, or not (a phone answers only its own seat's)."""
        if seat is not None and anomaly not in {a.id for a in self.table.held(seat)}:
            raise Refusal(409, "stale", "That read no longer waits for this seat's answer.")
        self._corrected(lambda: self.table.answer_read(anomaly, drawn, source))
        return {"ok": True, "seq": self.table.seq}

    def read_back(self, seq: int, seat: int, source: str) -> dict[str, Any]:
        """"I drew it": the seat's last read, taken as a chip going back, was the chip coming out."""
        result = self._corrected(lambda: self.table.read_back(seq, seat, source))
        return {"ok": True, "seq": result.seq}

    def roll(self, seat: int, decision: str) -> dict[str, Any]:
        """"Roll for me": the table rolls the seat's bonus die (the demo's own seeded dice) and answers with the face."""
        asked = next((d for d in self.table.state.decisions_for(seat) if d.id == decision and d.kind == "bonus_die"), None)
        if asked is None:
            raise Refusal(409, "stale", "That die roll has been answered.")
        dice = self.demo.rng if self.demo is not None else self._dice
        face = dice.choice(asked.keys())
        result = self.submit({"kind": "choose", "seat": seat, "decision": decision, "keys": [face]}, "web", seat)
        return {**result, "face": face}

    def _corrected(self, correct: Callable[[], Any]) -> Any:
        if self.table.paused:
            raise Refusal(409, "paused", "The game is paused: wait for the host to resume it.")
        try:
            return correct()
        except CorrectionRefused as err:
            raise Refusal(409, "correction_refused", str(err)) from None
        except IllegalAction as err:
            raise Refusal(STATUS_FOR_CODE.get(err.code, 400), err.code, err.reason) from None

    def draw_card(self, source: str = "host") -> dict[str, Any]:
        """The "draw one for us" button: the table draws an unused card and records it."""
        if self.table.paused:
            raise Refusal(409, "paused", "The game is paused: wait for the host to resume it.")
        try:
            result = self.table.draw_card(source=source)
        except IllegalAction as err:
            raise Refusal(STATUS_FOR_CODE.get(err.code, 400), err.code, err.reason) from None
        return {"ok": True, "seq": result.seq, "card": self.table.state.cards_used[-1]}

    def demo_draw(self, seat: int) -> dict[str, Any]:
        """The demo's draw button: the seat's simulated bag presents a random chip to its reader
        (not while the journal cannot be written: the read would wait for it)."""
        if self.table.db.fault is not None:
            raise StorageFault(self.table.db.fault)
        if self.table.paused:
            raise Refusal(409, "paused", "The game is paused: wait for the host to resume it.")
        try:
            self.demo.draw(seat)
        except IllegalAction as err:
            raise Refusal(STATUS_FOR_CODE.get(err.code, 400), err.code, err.reason) from None
        return {"ok": True, "seq": self.table.seq}


def _keep_unchanged(view: dict[str, Any], before: dict[str, Any]) -> None:
    """Each part of ``view`` equal to the view ``before``'s holds that view's own object: most of
    the table's view stays as it was after an input (the setup, the books, the shop, ...), and the
    patches of every page's view pass over what is the same object at once (`patch.diff`)."""
    for key, value in view.items():
        was = before.get(key, view)
        if was is not value and type(was) is type(value) and was == value:
            view[key] = was


def _unless_unreadable(read: Callable[[], Any], otherwise: Any) -> Any:
    """What ``read`` finds in the journal, or ``otherwise`` while it cannot be read: the host's page
    still shows, with the cause in its banner."""
    try:
        return read()
    except StorageFault:
        return otherwise


def _chip(chip_id: Any) -> dict[str, Any] | None:
    """A chip as the pages show it: colour and value (its id stays on the server); None for a
    payload that names no chip."""
    try:
        found = parse_chip(chip_id)
    except (TypeError, ValueError, AttributeError):
        return None
    return {"color": found.color, "value": found.value}


def repeated(row: Any) -> str | None:
    """"×312 in 10 s" for a refusal that came again and again, None for a single one."""
    times = row.payload.get("repeats")
    if not isinstance(times, int):
        return None
    span = datetime.fromisoformat(row.payload["last_at"]) - datetime.fromisoformat(row.recorded_at)
    return f"×{times} in {round(span.total_seconds())} s"
