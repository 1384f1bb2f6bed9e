"""What keeps the join links and the host PIN the same across restarts: one small file in the data folder.

The app's secret signs the session cookies and every seat token (an HMAC of game, seat and the
link's issue number), so with the secret kept, a phone's link still opens its seat after a crash
or a reboot. Re-issuing one seat's link (a lost phone) bumps that seat's issue number, which
changes its token and no other. The recovery passphrase lets the host in when wrong PINs from
other devices have locked the PIN out for the whole table. The host's sessions are kept here too,
so a log-out ends one for good and a new PIN or passphrase ends them all. The file is written
atomically and readable only by its owner.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import stat
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .access import new_pin

KEYS_FILENAME = "web-keys.json"

HOST_SESSIONS = 64
"""Host sessions kept at once (browsers that entered the PIN); the oldest ends past it."""


def new_recovery() -> str:
    """A recovery passphrase: 80 random bits as four groups of base32 (no 0/O or 1/I to confuse)."""
    text = base64.b32encode(secrets.token_bytes(10)).decode()
    return "-".join(text[i:i + 4] for i in range(0, 16, 4))


def _plain(text: str) -> bytes:
    return "".join(c for c in text.upper() if c.isalnum()).encode()


class KeysUnreadable(ValueError):
    """The keys file exists but is not ours to read or not what we wrote; says what to do."""


@dataclass
class Keys:
    """The secret, the host PIN and each seat link's issue number; ``path`` None keeps them in memory."""

    secret: str
    pin: str
    issues: dict[str, dict[str, int]] = field(default_factory=dict)
    path: Path | None = None
    recovery: str = field(default_factory=new_recovery)
    sessions: list[str] = field(default_factory=list)
    """The host sessions open (random ids carried in the signed session cookie), oldest first."""
    sessions_under: str = ""
    """A digest of the PIN (or passphrase) and recovery passphrase the sessions were opened under."""
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    @classmethod
    def in_memory(cls, secret: str | None = None, pin: str | None = None) -> Keys:
        return cls(secret or secrets.token_hex(32), pin or new_pin())

    @classmethod
    def kept_in(cls, folder: Path) -> Keys:
        """The keys of ``folder`` (the database's folder), made and saved on first use."""
        path = folder / KEYS_FILENAME
        if not path.exists():
            keys = cls(secrets.token_hex(32), new_pin(), {}, path)
            keys.save()
            return keys
        try:
            if path.stat().st_mode & 0o077:
                path.chmod(stat.S_IRUSR | stat.S_IWUSR)  # someone loosened it: only the service's user reads it
            data = json.loads(path.read_text(encoding="utf-8"))
            keys = cls(data["secret"], data["pin"], data.get("issues", {}), path,
                       data.get("recovery") or new_recovery(), data.get("sessions", []), data.get("sessions_under", ""))
            if not (isinstance(keys.secret, str) and len(keys.secret) >= 32 and isinstance(keys.pin, str)
                    and keys.pin and _issues_ok(keys.issues) and isinstance(keys.recovery, str)
                    and isinstance(keys.sessions, list) and all(isinstance(s, str) for s in keys.sessions)
                    and isinstance(keys.sessions_under, str)):
                raise ValueError("unexpected values")
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
            raise KeysUnreadable(f"{path}: cannot read the kept links and PIN ({exc}); move the file aside "
                                 "to make new ones (every phone then rescans its seat's code)") from None
        if "recovery" not in data:
            keys.save()  # a file from before recovery passphrases: the new one is kept from now on
        return keys

    def issue(self, game_id: str, seat: int) -> int:
        """How many times seat ``seat``'s link of this game was re-issued (0: the first link)."""
        return self.issues.get(game_id, {}).get(str(seat), 0)

    def issues_of(self, game_id: str) -> dict[int, int]:
        return {int(seat): n for seat, n in self.issues.get(game_id, {}).items()}

    def reissue(self, game_id: str, seat: int) -> int:
        """A new link for one seat: its old link stops working, the others stay as they were."""
        seats = self.issues.setdefault(game_id, {})
        seats[str(seat)] = seats.get(str(seat), 0) + 1
        self.save()
        return seats[str(seat)]

    def recovers(self, text: Any) -> bool:
        """Whether ``text`` is the recovery passphrase (case, spaces and dashes aside)."""
        return isinstance(text, str) and hmac.compare_digest(_plain(text), _plain(self.recovery))

    def host_secret(self, pin: str) -> str:
        """What the host's sessions and known devices are bound to: ``pin`` and the recovery passphrase."""
        return hmac.new(self.secret.encode(), f"{pin}\0{self.recovery}".encode(), hashlib.sha256).hexdigest()[:32]

    def keep_sessions_for(self, pin: str) -> None:
        """End every host session opened under another PIN (or passphrase) than ``pin``."""
        under = self.host_secret(pin)
        with self._lock:
            if self.sessions_under != under:
                self.sessions, self.sessions_under = [], under
                self.save()

    def open_session(self) -> str:
        """A new host session (the PIN was right); the oldest ends past ``HOST_SESSIONS``."""
        session_id = secrets.token_urlsafe(16)
        with self._lock:
            self.sessions = [*self.sessions[-(HOST_SESSIONS - 1):], session_id]
            self.save()
        return session_id

    def has_session(self, session_id: Any) -> bool:
        return isinstance(session_id, str) and session_id in self.sessions

    def end_session(self, session_id: Any) -> None:
        with self._lock:
            if self.has_session(session_id):
                self.sessions = [s for s in self.sessions if s != session_id]
                self.save()

    def save(self) -> None:
        if self.path is not None:
            write_private(self.path, {"secret": self.secret, "pin": self.pin, "issues": self.issues,
                                      "recovery": self.recovery, "sessions": self.sessions,
                                      "sessions_under": self.sessions_under})


def write_private(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically (a power cut leaves the old file or the new one), mode 0600."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)  # also when a temp file from a crash had another mode
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temp, path)


def _issues_ok(issues: Any) -> bool:
    return isinstance(issues, dict) and all(
        isinstance(seats, dict) and all(isinstance(n, int) and n >= 0 for n in seats.values())
        for seats in issues.values())
