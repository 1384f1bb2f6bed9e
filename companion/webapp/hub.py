"""Fan-out of journal writes to every open Server-Sent Events stream.

The table calls ``publish`` from whatever thread wrote the journal; the hub only records the
entry and tells its subscribers (the server's fan-out) whose pages it concerns, so a write never
waits for a slow page. Streams hold no queue of their own: each keeps a cursor into the hub's last
few hundred entries and is sent what lies beyond it. A page that reconnects with
``Last-Event-ID`` gets each entry it missed, in order and under its own id, then the current view;
one too far behind gets a fresh view. A view is rendered once per change and
perspective (a seat, the table, the host, each in a page's language: ``"seat:1@es"``), however
many pages share it. An entry's feed lines are written in every language; each stream gets its own.

A page is sent its whole view when it opens; after that, what changed since the view it holds
(``patch.diff``), tagged with the versions it goes from and to, so the page can tell that it
applies to its view. A page whose view is no longer kept here gets the whole view again.
A seat's advice found after its view went out goes to that seat's pages alone, as a small
``advice`` event that sets the view's ``assist.advice``, not as its whole view again; a page opened
later gets the view with the advice in it.
"""

from __future__ import annotations

import json
import threading
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from functools import lru_cache
from itertools import takewhile
from typing import Any

from .patch import Memo, diff_json

KEEPALIVE_SECONDS = 15.0
RETRY_MS = 1500

KEPT_VERSIONS = 8
"""Views are kept this many changes back: a page whose view is older is sent the whole view."""

CACHED = 64
"""The rendered parts the hub holds before it drops those older than ``KEPT_VERSIONS``."""

ADVICE_AT = ["assist", "advice"]
"""Where a seat's view holds its advice (``Assist.add_to``): what an ``advice`` event sets."""

Entry = tuple[int, dict[str, Any] | None]
Key = tuple[str, int, int, str]
"""What is rendered, once for every page that needs it: perspective, the versions (the game's and
the perspective's own) and the part ("view", or "advice" alone)."""


@dataclass
class Rendered:
    """A part as rendered: its data (what patches are worked out from), and its JSON, made the first
    time a page needs it whole."""

    data: Any
    text: str | None = None

    def json(self) -> str:
        if self.text is None:
            self.text = json.dumps(self.data, separators=(",", ":"))
        return self.text


@lru_cache(maxsize=256)  # asked for every page at every change: a few perspectives, asked thousands of times
def who(perspective: str) -> str:
    """The seat, table or host a perspective shows, without its language."""
    return perspective.partition("@")[0]


@lru_cache(maxsize=256)
def language_of(perspective: str) -> str:
    return perspective.partition("@")[2] or "en"


@dataclass(frozen=True)
class Cursor:
    """How far one stream has got: the last entry sent and the versions of the view it sent (the
    game's, and its perspective's own: the host's pages connected, a seat's advice)."""

    seq: int
    version: int
    own_version: int


class Hub:
    """One per app; ``render(perspective)`` returns the current view for that perspective and
    ``advice(perspective)`` a seat's advice as that view holds it."""

    def __init__(self, render: Callable[[str], dict[str, Any]], advice: Callable[[str], dict[str, Any]],
                 history: int = 512) -> None:
        self._parts = {"view": render, "advice": advice}
        self._lock = threading.Lock()
        self._entries: deque[Entry] = deque(maxlen=history)
        self._seq = 0
        self._game: str | None = None
        self._version = 0  # bumped on every change of the game, journal or not
        self._seq_at: dict[int, int] = {}  # the journal's last entry at each recent version
        self._live: Counter[str] = Counter()
        self._live_version = 0  # bumped when a page connects or leaves (the host's panel)
        self._own_versions: Counter[str] = Counter()  # bumped by `advice_found`
        self._advised: dict[str, int] = {}  # a seat: the game's version when its advice was last found
        self._cache: dict[Key, Future[Rendered]] = {}
        self._ready: dict[Key, Rendered] = {}
        """The parts of ``_cache`` rendered: read without the lock or a future's own (a change's
        render, patches and messages look a part up a dozen times); written under the lock."""
        self._prune_at = CACHED
        self._said: dict[tuple[str, int, int, int, int, int], tuple[Cursor, bytes]] = {}
        """The news last sent per perspective, seq, versions and the versions of the view it goes
        from: pages of one seat at the same point share one copy."""
        self._memo: Memo = {}  # the patches of the values the perspectives' views share
        self._heads: dict[tuple[str | None, int, bool, str, bool], str] = {}  # ``_message``'s, per entry and language
        self._held: dict[str, tuple[int, int]] = {}  # the versions of the view last sent per perspective
        self._changes: dict[tuple[str, int, int, int, int], str] = {}  # ``_change``'s, by perspective and versions
        self._subscribers: list[Callable[[str | None], None]] = []
        self._ends = 0  # bumped each time a perspective's open streams are ended
        self._ended: dict[str, int] = {}  # perspective: the value of _ends when it was last ended
        self.closed = False
        self.keepalive = KEEPALIVE_SECONDS
        self.delivered = threading.Event()
        """Set while the live streams' fan-out has no change left to render or write (``stream.Fanout``
        clears and sets it): the advice's questions and answers wait for it (``asking.Questions``),
        so that neither takes the interpreter from a change on its way to the pages."""
        self.delivered.set()

    # the table's side -----------------------------------------------------------------------

    def reset(self, game: str | None, seq: int) -> None:
        """Start over for a new (or resumed) game whose journal is at ``seq``."""
        with self._lock:
            self._entries.clear()
            self._heads = {}
            self._game, self._seq = game, seq
            self._bump()
        self._wake()

    def publish(self, seq: int, entry: dict[str, Any] | None = None) -> None:
        """Record journal entry ``seq`` and wake every stream."""
        with self._lock:
            self._entries.append((seq, entry))
            self._seq = max(self._seq, seq)
            self._bump()
        self._wake()

    def advice_found(self, perspective: str) -> None:
        """A seat's advice was found after its view went out: wake its streams (any language) to
        send the advice alone; a view rendered from now on has it in it."""
        with self._lock:
            self._own_versions[who(perspective)] += 1
            self._advised[who(perspective)] = self._version
        self._wake(who(perspective))

    def touch(self) -> None:
        """Wake every stream to re-send its view after a change outside the journal."""
        with self._lock:
            self._bump()
        self._wake()

    def end(self, perspective: str) -> None:
        """End every open stream of ``perspective`` in any language (a seat whose link was re-issued:
        the old phone is told so)."""
        with self._lock:
            self._ends += 1
            self._ended[who(perspective)] = self._ends
        self._wake(who(perspective))

    def close(self) -> None:
        """End every stream (server shutdown)."""
        with self._lock:
            self.closed = True
        self._wake()

    @property
    def seq(self) -> int:
        return self._seq

    @property
    def game(self) -> str | None:
        return self._game

    # the streams' side ----------------------------------------------------------------------

    @property
    def ends(self) -> int:
        """Taken by a stream before its link is checked, so an ``end`` that comes in between still ends it."""
        return self._ends

    def ended(self, perspective: str, since: int) -> bool:
        """True when the streams of ``perspective`` were ended after ``since`` (a value of ``ends``)."""
        return self._ended.get(who(perspective), 0) > since

    def subscribe(self, wake: Callable[[str | None], None]) -> Callable[[], None]:
        """Call ``wake(only)`` on news, from the thread that made it: ``only`` is the seat, table or
        host whose pages alone it concerns (``who``), None for every page. Returns the unsubscribe."""
        with self._lock:
            self._subscribers.append(wake)
        return lambda: self._subscribers.remove(wake)

    def join(self, perspective: str) -> Callable[[], None]:
        """Count a page watching ``perspective`` (the host's panel shows them); returns its leave."""
        with self._lock:
            self._live[who(perspective)] += 1
            self._live_version += 1
        self._wake("host")

        def leave() -> None:
            with self._lock:
                self._live[who(perspective)] -= 1
                if not self._live[who(perspective)]:
                    del self._live[who(perspective)]
                self._live_version += 1
            self._wake("host")

        return leave

    def live(self) -> dict[str, int]:
        """Open streams per perspective, for the host's connection panel."""
        with self._lock:
            return dict(self._live)

    def opening(self, perspective: str, last_id: str | None) -> tuple[Cursor, bytes]:
        """A new stream's first text: the entries missed since ``last_id`` (if the hub still has
        them all), else the current view as a reset."""
        cursor = _parse(last_id)
        with self._lock:
            oldest = self._entries[0][0] if self._entries else self._seq + 1
            if cursor is not None and (cursor > self._seq or cursor < oldest - 1):
                cursor = None
            if cursor is None:
                start = Cursor(self._seq, self._version, self._own(perspective))
                pending: list[Entry] | None = None
            else:
                start = Cursor(cursor, self._version, self._own(perspective))
                pending = self._after(cursor)
        head = f"retry: {RETRY_MS}\n: connected\n\n"
        if pending is None:  # a fresh page: the same first message for every page of this perspective now
            return self._shared((perspective, -1, start.version, start.own_version, -1, -1),
                                lambda: (start, (head + self._message(perspective, start.seq, None,
                                                                      self._change(perspective, None, start),
                                                                      reset=True)).encode()))
        cursor, text = self._catch_up(perspective, start, pending, head, None)
        return cursor, text.encode()

    def news(self, perspective: str, cursor: Cursor, at: Key | None = None) -> tuple[Cursor, bytes]:
        """What a stream at ``cursor`` has not been sent yet (b"" when its view is current).

        ``at``: what was rendered for it (``unrendered``), sent as it is even if the game has moved
        on meanwhile, with the entries up to it; the stream is woken again for the rest. So a burst
        of reads (every chip going back into the bags at the end of a round) is sent as it comes,
        not once it is over, each page chasing the newest view.
        Every page of a perspective at the same point gets the same bytes: two hundred open pages
        of four seats cost four messages per change, not two hundred."""
        with self._lock:
            if at is not None and at[1] in self._seq_at:
                _, version, own, part = at
                last = self._seq_at[version]
            else:
                _, version, own, part = self._due(perspective, cursor)
                last = self._seq
            pending = [entry for entry in self._after(cursor.seq) if entry[0] <= last]
            now = Cursor(cursor.seq, version, own)
            behind = own != self._own(perspective) or version != self._version
        if not pending and not self._changed(perspective, cursor, now):
            return cursor, b""
        if behind:  # its advice, or the game's later changes, follow
            self._wake(who(perspective))
        if part == "advice" and self._kept((perspective, cursor.version, cursor.own_version, "view")):
            # the same bytes for every page of the seat that has the rest
            return self._shared((perspective, -2, now.version, now.own_version, cursor.version, cursor.own_version),
                                lambda: (now, self._advice_event(perspective, cursor, now)))

        def make() -> tuple[Cursor, bytes]:
            later, text = self._catch_up(perspective, now, pending, "", cursor)
            return later, text.encode()

        return self._shared((perspective, cursor.seq, now.version, now.own_version, cursor.version, cursor.own_version),
                            make)

    @property
    def version(self) -> int:
        """Bumped on every change of the game: a view rendered at an older one is stale."""
        return self._version

    def unrendered(self, perspective: str, cursor: Cursor | None = None) -> Key | None:
        """What ``news`` would render for a stream at ``cursor`` (without one: for most pages of
        ``perspective``), to be rendered first by ``render_now``; None when it costs no rendering."""
        with self._lock:
            if cursor is not None and cursor.seq == self._seq and not self._changed(
                    perspective, cursor, Cursor(cursor.seq, self._version, self._own(perspective))):
                return None
            key = self._due(perspective, cursor)
            return None if self._done(key) else key

    def render_now(self, key: Key) -> None:
        """Render ``key`` (from ``unrendered``), and what changed since the view its perspective's
        pages were last sent, so ``news`` (on the event loop) costs no rendering and no patch."""
        self._rendered(key)
        perspective, version, own, part = key
        held = self._held.get(perspective)
        old = self._kept((perspective, *held, "view")) if held is not None and held != (version, own) else None
        if part == "view" and held is not None and old is not None:
            self._patch(perspective, Cursor(0, *held), old, Cursor(0, version, own))

    def only_phones_changed(self, perspective: str, cursor: Cursor) -> bool:
        """True when the host's view is behind only by a page connecting or leaving."""
        if who(perspective) != "host":
            return False
        with self._lock:
            return (cursor.version == self._version
                    and cursor.own_version != self._live_version)

    # internals ------------------------------------------------------------------------------

    def _bump(self) -> None:
        """The game changed (under the lock)."""
        self._version += 1
        self._seq_at[self._version] = self._seq
        if len(self._seq_at) > 256:
            self._seq_at = {v: q for v, q in self._seq_at.items() if v > self._version - 128}

    def _due(self, perspective: str, cursor: Cursor | None) -> Key:
        """What a stream at ``cursor`` is sent next (under the lock). A view rendered for the game's
        change just before the seat's advice was found goes as it is (not rendered again, on the
        loop, for the advice): the advice follows alone."""
        part = self._part(perspective, cursor)
        own = self._own(perspective)
        if (part == "view" and (cursor is None or cursor.version != self._version)
                and self._advised.get(who(perspective)) == self._version
                and not self._done((perspective, self._version, own, part))
                and self._done((perspective, self._version, own - 1, part))):
            own -= 1
        return perspective, self._version, own, part

    def _done(self, key: Key) -> bool:
        return key in self._ready

    def _part(self, perspective: str, cursor: Cursor | None) -> str:
        """What a stream at ``cursor`` is sent (under the lock): its seat's advice alone when that is
        all it lacks, else the whole view. Without a cursor: the advice when it was found since the
        game last changed (the seat's pages have the rest, unless one is behind)."""
        if cursor is None:
            advice = self._advised.get(who(perspective)) == self._version
        else:
            advice = (who(perspective) in self._advised and cursor.version == self._version
                      and cursor.seq == self._seq and cursor.own_version != self._own(perspective))
        return "advice" if advice else "view"

    def _own(self, perspective: str) -> int:
        """The perspective's own version (under the lock): what changes its view and no other."""
        return self._live_version if who(perspective) == "host" else self._own_versions[who(perspective)]

    def _after(self, seq: int) -> list[Entry]:
        """The entries after ``seq``, oldest first, read from the newest end (under the lock): two
        hundred pages one entry behind cost two hundred looks, not two hundred scans of the history."""
        return list(takewhile(lambda entry: entry[0] > seq, reversed(self._entries)))[::-1]

    def _shared(self, key: tuple[str, int, int, int, int, int],
                make: Callable[[], tuple[Cursor, bytes]]) -> tuple[Cursor, bytes]:
        """``make()``'s message, made once for every page that asks with the same ``key``
        (perspective, the seq it is at, -1 for a fresh page or -2 for a page that lacks only its
        seat's advice, the versions now, and those of the view it holds)."""
        with self._lock:
            said = self._said.get(key)
        if said is None:
            said = make()
            with self._lock:
                if len(self._said) >= 64:  # forget the messages of older versions
                    self._said = {k: v for k, v in self._said.items() if k[2] == self._version}
                said = self._said.setdefault(key, said)
        return said

    def _wake(self, only: str | None = None) -> None:
        """Tell the subscribers (``only``: the pages of one seat, the table or the host concern it)."""
        for wake in list(self._subscribers):
            wake(only)

    @staticmethod
    def _changed(perspective: str, old: Cursor, new: Cursor) -> bool:
        """The game changed, or what only this perspective shows (see `Cursor`)."""
        return old.version != new.version or old.own_version != new.own_version

    def _catch_up(self, perspective: str, cursor: Cursor, pending: list[Entry], head: str,
                  held: Cursor | None) -> tuple[Cursor, str]:
        """Each missed entry under its own id; the last one carries the view at ``cursor``'s
        versions: what changed since the view at ``held``'s, or the whole view."""
        parts = [head] + [self._message(perspective, seq, entry, None) for seq, entry in pending[:-1]]
        seq, entry = pending[-1] if pending else (cursor.seq, None)
        parts.append(self._message(perspective, seq, entry, self._change(perspective, held, cursor)))
        return Cursor(seq, cursor.version, cursor.own_version), "".join(parts)

    def _change(self, perspective: str, held: Cursor | None, now: Cursor) -> str:
        """The message's part that brings a page from its view at ``held``'s versions to the view at
        ``now``'s: a patch, or the whole view when the page has none or its view is no longer kept."""
        self._held[perspective] = (now.version, now.own_version)
        old = self._kept((perspective, held.version, held.own_version, "view")) if held is not None else None
        if old is None or held is None:
            view = self._rendered((perspective, now.version, now.own_version, "view"))
            return f'"view":{view.json()},"at":"{now.version}.{now.own_version}"'
        return self._patch(perspective, held, old, now)

    def _patch(self, perspective: str, held: Cursor, old: Rendered, now: Cursor) -> str:
        """What changed from ``old`` (the view at ``held``'s versions) to the view at ``now``'s:
        worked out once per perspective and versions (for most pages in the views thread, by
        ``render_now``), with what the perspectives' views share worked out once for all."""
        key = (perspective, held.version, held.own_version, now.version, now.own_version)
        change = self._changes.get(key)
        if change is None:
            view = self._rendered((perspective, now.version, now.own_version, "view"))
            ops = diff_json(old.data, view.data, self._memo)
            change = (f'"patch":{ops},"base":"{held.version}.{held.own_version}",'
                      f'"at":"{now.version}.{now.own_version}"')
            with self._lock:
                if len(self._changes) > 64:
                    self._changes, self._memo = {}, {}
                self._changes[key] = change
        return change

    def _advice_event(self, perspective: str, held: Cursor, now: Cursor) -> bytes:
        """The seat's advice alone, set at ``ADVICE_AT`` in the view its pages hold; the view with it
        is kept, so the next change is a patch from it."""
        advice = self._rendered((perspective, now.version, now.own_version, "advice"))
        old = self._kept((perspective, held.version, held.own_version, "view"))
        assert old is not None
        self._derive((perspective, now.version, now.own_version, "view"), old.data, advice.data)
        self._held[perspective] = (now.version, now.own_version)
        return (f'event: advice\ndata: {{"base":"{held.version}.{held.own_version}",'
                f'"at":"{now.version}.{now.own_version}","path":{json.dumps(ADVICE_AT)},'
                f'"value":{advice.json()}}}\n\n').encode()

    def _derive(self, key: Key, view: dict[str, Any], advice: Any) -> None:
        """Keep ``view`` with ``advice`` at ``ADVICE_AT`` as the view of ``key``, unless one is kept already."""
        derived = dict(view)
        derived[ADVICE_AT[0]] = {**view[ADVICE_AT[0]], ADVICE_AT[1]: advice}
        future: Future[Rendered] = Future()
        future.set_result(Rendered(derived))
        with self._lock:
            if key not in self._cache:
                self._cache[key], self._ready[key] = future, future.result()

    def _kept(self, key: Key) -> Rendered | None:
        """The part of ``key`` if it is rendered and kept, without rendering it."""
        return self._ready.get(key)

    def _rendered(self, key: Key) -> Rendered:
        """``key``'s part (the view, or the advice), rendered by the first stream that asks."""
        ready = self._ready.get(key)
        if ready is not None:
            return ready
        perspective = key[0]
        with self._lock:
            future = self._cache.get(key)
            mine = future is None
            if future is None:
                future = self._cache[key] = Future()
                if len(self._cache) > self._prune_at:  # drop the views of older versions
                    self._cache = {k: f for k, f in self._cache.items() if k == key or (
                        k[1] > self._version - KEPT_VERSIONS)}
                    self._ready = {k: r for k, r in self._ready.items() if k in self._cache}
                    # the versions kept may hold more than 64 parts (six perspectives, the seats'
                    # advice): looked over again only once as many more are added, not at every one
                    self._prune_at = max(CACHED, 2 * len(self._cache))
        if mine:
            try:
                rendered = Rendered(self._parts[key[3]](perspective))
                with self._lock:
                    if self._cache.get(key) is future:
                        self._ready[key] = rendered
                future.set_result(rendered)
            except BaseException as err:
                future.set_exception(err)
                with self._lock:
                    self._cache.pop(key, None)
        return future.result()

    def _message(self, perspective: str, seq: int, entry: dict[str, Any] | None, change: str | None,
                 reset: bool = False) -> str:
        """One entry's event; ``change`` (from ``_change``) brings the page's view up to date. The
        entry's part is the same for every perspective in a language: written once."""
        lang = language_of(perspective)
        key = (self._game, seq, reset, lang, entry is None)
        head = self._heads.get(key)
        if head is None:
            if entry is not None and isinstance(entry.get("lines"), dict):  # the feed in the page's language
                entry = {**entry, "lines": entry["lines"][lang]}
            head = json.dumps({"seq": seq, "game": self._game, "reset": reset, "entry": entry},
                              separators=(",", ":"))
            if len(self._heads) >= 256:  # the entries of a few hundred inputs back are seldom asked again
                self._heads = {}
            self._heads[key] = head
        body = head[:-1] + (f",{change}}}" if change is not None else "}")
        return f"id: {seq}\ndata: {body}\n\n"


def _parse(last_id: str | None) -> int | None:
    try:
        return int(last_id) if last_id else None
    except ValueError:
        return None
