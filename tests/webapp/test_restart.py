"""`quacks serve` restarted (a crash, a power cut): the same host PIN and the same seat links, kept in
the data folder where only the service's user can read them; one lost phone's link is re-issued alone."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).parents[2]
CONFIG = '''[table]
database = "data/journal.sqlite3"
[web]
bind = "127.0.0.1"
[[seats]]
player = "Ann"
[[seats]]
player = "Ben"
[[seats]]
player = "Cid"
'''


class Served:
    """One `quacks serve` process and a browser talking to it."""

    def __init__(self, config: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--config", str(config), "--port", "0"],
                                     cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        lines = [self.proc.stdout.readline() for _ in range(4)]
        self.where = lines[0]
        self.port = int(re.search(r"127\.0\.0\.1:(\d+)", lines[0]).group(1))
        self.pin = re.search(r"host PIN: (\d+)", lines[1]).group(1)
        self.recovery = re.search(r"Recovery passphrase: ([A-Z2-7-]{19}) ", lines[3]).group(1)
        self.url = f"http://127.0.0.1:{self.port}"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = re.search(r'data-csrf="([^"]+)"', self.get("/")).group(1)

    def get(self, path: str) -> str:
        with self.opener.open(self.url + path, timeout=10) as response:
            return response.read().decode()

    def status(self, path: str) -> int:
        try:
            with self.opener.open(self.url + path, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as err:
            return err.code

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST", headers={
            "Content-Type": "application/json", "X-CSRF-Token": self.csrf, "Origin": self.url})
        with self.opener.open(request, timeout=10) as response:
            return json.loads(response.read())

    def tokens(self) -> list[str]:
        self.post("/api/host/login", {"pin": self.pin})
        host = json.loads(self.get("/api/view/host"))["view"]["host"]
        return [s["token"] for s in host["seats"]]

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.proc.stdout.close()
        self.proc.stderr.close()


def test_pin_and_seat_links_survive_a_kill_and_one_link_is_reissued_alone(tmp_path):
    config = tmp_path / "table.toml"
    config.write_text(CONFIG)
    first = Served(config)
    try:
        assert "on this computer only" in first.where, "bound to 127.0.0.1: no phone on the Wi-Fi reaches it"
        tokens = first.tokens()
        assert first.post("/api/host/action", {"kind": "fortune", "card": None})["ok"]
    finally:
        first.kill()
    [kept] = (tmp_path / "data" / "transcripts").glob("game-1-*.jsonl")
    saved = kept.read_text().splitlines()
    assert json.loads(saved[0])["setup"]["players"] == ["Ann", "Ben", "Cid"]
    assert json.loads(saved[1]) == {"kind": "fortune", "card": None}, "the input was synced before the kill"
    keys = tmp_path / "data" / "web-keys.json"
    assert stat.S_IMODE(keys.stat().st_mode) == 0o600

    second = Served(config)
    try:
        assert second.pin == first.pin and second.recovery == first.recovery, "printed at each start, kept"
        assert second.tokens() == tokens
        assert all(second.status(f"/api/view/seat/{t}") == 200 for t in tokens)
        fresh = second.post("/api/host/reissue", {"seat": 1})["token"]
        assert fresh not in tokens
        assert second.status(f"/api/view/seat/{tokens[1]}") == 403, "the lost phone's link no longer opens the seat"
        assert second.tokens() == [tokens[0], fresh, tokens[2]]
    finally:
        second.kill()

    third = Served(config)
    try:
        assert third.tokens() == [tokens[0], fresh, tokens[2]]
        assert third.status(f"/s/{fresh}") == 200 and third.status(f"/s/{tokens[1]}") == 403
    finally:
        third.kill()


def test_reissuing_a_link_is_for_the_host_and_names_a_seat(app, phone, host):
    before = [host.token(s) for s in range(2)]
    assert phone.post("/api/host/reissue", {"seat": 0}).status_code == 403
    for bad in ({"seat": 5}, {"seat": "0"}, {"seat": True}, {}):
        r = host.post("/api/host/reissue", bad)
        assert r.status_code == 400 and r.get_json()["error"] == "bad_field"
    assert [host.token(s) for s in range(2)] == before


def children(pid: int) -> set[int]:
    """The processes `pid` started (the advice worker, multiprocessing's resource tracker)."""
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


def test_sigterm_stops_the_server_and_its_advice_worker_and_leaks_nothing(tmp_path):
    """systemd stops the service with SIGTERM: the server closes the table and ends the advice
    worker it started, and nothing is left running or warned about."""
    config = tmp_path / "table.toml"
    config.write_text(CONFIG.replace("[web]", 'assist = "advice"\n[web]'))
    served = Served(config)
    try:
        tokens = served.tokens()
        assert served.post("/api/host/action", {"kind": "fortune", "card": None})["ok"]
        advice = json.loads(served.get(f"/api/view/seat/{tokens[0]}"))["view"]["assist"]["advice"]
        assert advice["searching"], "asked of the worker"
        deadline = time.monotonic() + 30
        while json.loads(served.get(f"/api/view/seat/{tokens[0]}"))["view"]["assist"]["advice"].get("searching"):
            assert time.monotonic() < deadline, "the advice never came"
            time.sleep(0.05)
        started = children(served.proc.pid)
        assert started, "the advice worker runs beside the server"
        served.proc.send_signal(signal.SIGTERM)
        assert served.proc.wait(timeout=20) == 0
        deadline = time.monotonic() + 10
        while any(alive(p) for p in started) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(p) for p in started), "no worker left behind"
        errors = served.proc.stderr.read()
        assert "leaked" not in errors and "Traceback" not in errors, errors
    finally:
        if served.proc.poll() is None:
            served.kill()
        served.proc.stdout.close()
        served.proc.stderr.close()
