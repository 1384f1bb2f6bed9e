"""Back-off and lockout for wrong host PINs: on whoever sent them, and for strangers at the table.

Six digits fall to a script in minutes without a limit. Here each address, and each browser (a
client id in its session cookie), has a few free tries, then waits twice as long after each
further wrong PIN, and is locked out after ``lock_after`` wrong PINs within ``window`` seconds:
the lock falls on the one who guessed. Every address together may make at most ``global_limit``
wrong tries per window, so many addresses gain nothing (the whole 6-digit space would take
years); that lock holds only strangers, so it cannot be used to keep the host out: the table's
own computer (loopback), a browser that has been the host's under this PIN, and the recovery
passphrase (80 bits, printed at start; ``access.log_in_as_host``) are not held by it. While an
address waits, even the right PIN is refused, otherwise the wait would tell nothing. Each lockout
is logged as a warning and shown on the host page.

``serve`` keeps the wrong tries in the data folder (``PIN_TRIES_FILENAME``), written with each one,
so a restart forgives nothing: a server restarted over and over cannot be guessed faster.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .keys import write_private

log = logging.getLogger(__name__)

PIN_TRIES_FILENAME = "host-pin-tries.json"

CLIENT = "client "
"""The wrong tries of one browser are kept under its client id after this prefix (addresses have none)."""


def _keys(address: str, client: str) -> list[str]:
    """Where a try from ``address`` and browser ``client`` counts: the address first."""
    return [address, CLIENT + client] if client else [address]


@dataclass
class PinGuard:
    """Counts wrong PINs; ``wait(address)`` says how long ``address`` must wait before its next try."""

    free_tries: int = 3
    lock_after: int = 8
    global_limit: int = 30
    window: float = 900.0
    clock: Callable[[], float] = time.time
    """Wall-clock seconds, which mean the same after a restart (a monotonic clock starts again at boot)."""
    on_alert: Callable[[], None] = lambda: None
    """Called when an address or the whole table is locked out (the host page re-renders)."""
    path: Path | None = None
    """Where the wrong tries are kept across restarts; None keeps them in memory (the demo, tests)."""
    _failures: dict[str, deque[float]] = field(default_factory=dict)
    _all: deque[float] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def kept_in(cls, path: Path, **settings: Any) -> PinGuard:
        """A guard that starts from the wrong tries kept at ``path`` and keeps each new one there."""
        guard = cls(path=path, **settings)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            now = guard.clock()  # a try "in the future" (the clock was set back) counts from now
            guard._all = deque(sorted(min(float(t), now) for t in data["all"]))
            guard._failures = {str(address): deque(sorted(min(float(t), now) for t in times))
                               for address, times in data["failures"].items()}
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            log.warning("host PIN: cannot read the wrong tries kept in %s (%s); counting from zero", path, exc)
        return guard

    def wait(self, address: str, client: str = "", stranger: bool = True) -> float:
        """Seconds before ``address`` (and the browser ``client``) may try a PIN again (0: now);
        the table-wide lock counts only for a ``stranger``."""
        now = self.clock()
        with self._lock:
            self._forget(now)
            waits = [0.0, *(self._own_wait(key, now) for key in _keys(address, client))]
            if stranger and len(self._all) >= self.global_limit:
                waits.append(self._all[0] + self.window - now)
            return max(waits)

    def table_locked(self) -> bool:
        """Whether strangers are refused every PIN for now (too many wrong ones from everywhere)."""
        with self._lock:
            self._forget(self.clock())
            return len(self._all) >= self.global_limit

    def _own_wait(self, key: str, now: float) -> float:
        mine = self._failures.get(key)
        if mine and len(mine) >= self.lock_after:
            return mine[0] + self.window - now
        if mine and len(mine) >= self.free_tries:
            return mine[-1] + 2.0 ** (len(mine) - self.free_tries) - now
        return 0.0

    def failed(self, address: str, client: str = "") -> None:
        """Record a wrong PIN from ``address`` (and ``client``), and warn when it (or the table) is now locked."""
        now = self.clock()
        with self._lock:
            self._forget(now)
            counts = []
            for key in _keys(address, client):
                mine = self._failures.setdefault(key, deque())
                mine.append(now)
                counts.append(len(mine))
            self._all.append(now)
            locked = counts[0] == self.lock_after
            if locked:
                log.warning("host PIN: %d wrong tries from %s; it is locked out for %d minutes",
                            counts[0], address, self.window // 60)
            all_locked = len(self._all) == self.global_limit
            if all_locked:
                log.warning("host PIN: %d wrong tries in %d minutes from %d addresses; every PIN is refused "
                            "to new devices for a while (the host: this computer, or the recovery passphrase)",
                            len(self._all), self.window // 60, len(self._addresses()))
            self._save()
        if locked or all_locked:
            self.on_alert()

    def succeeded(self, address: str, client: str = "") -> None:
        with self._lock:
            found = [self._failures.pop(key, None) for key in _keys(address, client)]
            if any(f is not None for f in found):
                self._save()

    def alerts(self) -> dict[str, object]:
        """For the host page: addresses locked out, wrong tries lately, and the table-wide lock."""
        now = self.clock()
        with self._lock:
            self._forget(now)
            return {"wrong_tries": len(self._all),
                    "locked": sorted(a for a in self._addresses() if len(self._failures[a]) >= self.lock_after),
                    "all_locked": len(self._all) >= self.global_limit}

    def _addresses(self) -> list[str]:
        return [key for key in self._failures if not key.startswith(CLIENT)]

    def _save(self) -> None:
        """Keep the tries (under the lock): every address's and the table's, for the window they count."""
        if self.path is not None:
            write_private(self.path, {"all": list(self._all),
                                      "failures": {a: list(f) for a, f in self._failures.items()}})

    def _forget(self, now: float) -> None:
        """Drop failures older than the window."""
        while self._all and self._all[0] <= now - self.window:
            self._all.popleft()
        for address in list(self._failures):
            failures = self._failures[address]
            while failures and failures[0] <= now - self.window:
                failures.popleft()
            if not failures:
                del self._failures[address]
