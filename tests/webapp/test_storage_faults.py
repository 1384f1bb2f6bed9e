"""The disk refuses the journal (full, an I/O error, a file made read-only or immutable): every input
gets a 503 the phone shows, the host's page names the cause, nothing acknowledged is lost, and
play resumes once the cause is gone."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.store import Database, Journal

from .conftest import Phone

chattr = pytest.mark.skipif(shutil.which("chattr") is None or subprocess.run(
    ["chattr", "-i", "/"], capture_output=True).returncode != 0, reason="chattr needs root on a filesystem that has it")


def immutable(path: Path, on: bool) -> None:
    subprocess.run(["chattr", "+i" if on else "-i", str(path)], check=True)


def draws(phone: Phone, seat: int, times: int) -> list:
    return [phone.post(f"/api/seat/{phone.token(seat)}/draw", {}) for _ in range(times)]


def journalled(phone: Phone) -> list[int]:
    """The journal's entries as a second reader of the file sees them."""
    table = phone.game.table
    return [e.seq for e in Journal(Database(table.db.path)).entries(table.game_id)]


def saving_again(host: Phone) -> bool:
    """Whether the host's page stops naming a fault within 5 s (the read that waited is retried each second)."""
    deadline = time.monotonic() + 5
    while host.client.get("/api/view/host").get_json()["view"]["host"]["storage"] and time.monotonic() < deadline:
        time.sleep(0.1)
    return host.client.get("/api/view/host").get_json()["view"]["host"]["storage"] is None


def test_a_full_disk_refuses_inputs_with_a_503_the_phone_shows_and_the_host_sees_why(app):
    """On a full disk, inputs got a bare 500 and the host's page said nothing."""
    host = Phone(app)
    host.login()
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    db = host.game.table.db
    db.pragma(f"max_page_count = {db.pragma('page_count')}")  # SQLite's own "database or disk is full"
    answers = [draws(host, n % 2, 1)[0] for n in range(60)]
    statuses = [r.status_code for r in answers]
    assert 503 in statuses, "the file filled up"
    first = statuses.index(503)
    assert set(statuses[first:]) == {503} and 200 in statuses[:first], "every input after it is a 503"
    acknowledged = [r.get_json()["seq"] for r in answers if r.status_code == 200]
    refused = answers[first:]
    body = refused[0].get_json()
    assert body["error"] == "storage_fault" and "full" in body["message"] and refused[0].headers["Retry-After"]
    panel = host.client.get("/api/view/host").get_json()["view"]["host"]
    assert "full" in panel["storage"]
    assert journalled(host)[-len(acknowledged):] == acknowledged, "every acknowledged draw is in the journal"
    assert host.game.table.seq == acknowledged[-1], "a refused draw changed nothing"
    kept = len(host.game.table.anomalies())

    db.pragma("max_page_count = 1000000")  # space freed: the read that waited counts within a second
    assert saving_again(host)
    assert host.game.table.seq + len(host.game.table.anomalies()) == acknowledged[-1] + kept + 1, \
        "the chip that passed the reader during the fault is journalled (or refused and logged) now"
    assert draws(host, 1, 1)[0].status_code < 500, "play goes on"


@chattr
def test_an_io_error_on_the_journal_is_a_503_and_play_resumes_once_it_is_gone(app):
    host = Phone(app)
    host.login()
    table = host.game.table
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    wal = Path(f"{table.db.path}-wal")
    immutable(wal, True)
    try:
        refused = draws(host, 0, 1)[0]
        assert refused.status_code == 503 and refused.get_json()["error"] == "storage_fault"
        assert host.client.get("/api/view/host").get_json()["view"]["host"]["storage"]
    finally:
        immutable(wal, False)
    assert saving_again(host)
    assert table.seq == 2, "the draw the phone was told had failed waited for the journal, and counts now"
    assert draws(host, 0, 1)[0].status_code == 200


class Served:
    """`quacks demo` in its own process (an immutable -shm file killed it with SIGBUS)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-u", "-m", "companion", "demo", "--no-browser", "--port", "0",
                                      "--players", "2", "--no-cards"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        lines = [self.proc.stdout.readline() for _ in range(3)]
        found = re.search(r"http://127\.0\.0\.1:(\d+)/host\?pin=(\d+)", lines[1])
        self.port, pin = int(found.group(1)), found.group(2)
        self.db = Path(re.search(r"Journal: (\S+)", lines[2]).group(1))
        self.cookie = ""
        self.request("GET", f"/host?pin={pin}")
        self.csrf = re.search(r'data-csrf="([^"]+)"', self.request("GET", "/host")[2]).group(1)
        self.tokens = [s["token"] for s in json.loads(self.request("GET", "/api/view/host")[2])["view"]["host"]["seats"]]

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, Any, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Cookie": self.cookie}
        if body is not None:
            headers |= {"Content-Type": "application/json", "X-CSRF-Token": self.csrf,
                        "Origin": f"http://127.0.0.1:{self.port}"}
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = conn.getresponse()
        if response.getheader("Set-Cookie"):  # the session, then with its CSRF token too
            self.cookie = response.getheader("Set-Cookie").split(";")[0]
        return response.status, response.msg, response.read().decode()

    def stop(self) -> str:
        self.proc.terminate()
        _, errors = self.proc.communicate(timeout=10)
        return errors


@chattr
def test_an_immutable_shm_file_is_a_503_not_death_by_sigbus():
    served = Served()
    shm = served.db.with_name(served.db.name + "-shm")
    try:
        assert served.request("POST", "/api/host/action", {"kind": "fortune", "card": None})[0] == 200
        immutable(shm, True)
        try:
            status, _, body = served.request("POST", f"/api/seat/{served.tokens[0]}/draw", {})
            assert status == 503 and json.loads(body)["error"] == "storage_fault"
            status, _, body = served.request("GET", "/api/view/host")
            assert status == 200 and "-shm can no longer be written" in json.loads(body)["view"]["host"]["storage"]
            assert "immutable" in json.loads(body)["view"]["host"]["storage"]
            assert served.proc.poll() is None, "the server is alive"
        finally:
            immutable(shm, False)
        deadline = time.monotonic() + 5
        while json.loads(served.request("GET", "/api/view/host")[2])["view"]["host"]["storage"]:
            assert time.monotonic() < deadline, "the journal takes writes again"
            time.sleep(0.1)
        status, _, body = served.request("POST", f"/api/seat/{served.tokens[1]}/draw", {})
        assert status == 200, body
    finally:
        errors = served.stop()
    assert served.proc.returncode != -7 and "Traceback" not in errors, errors[-2000:]


@chattr
def test_an_immutable_shm_file_of_the_rate_limits_costs_the_limits_not_the_server(tmp_path):
    """In a process of its own: were the guard missing, SIGBUS would end it."""
    script = f"""
import subprocess, sys
from pathlib import Path
from companion.webapp import create_app
from companion.webapp.keys import Keys
from tests.webapp.conftest import PIN, Phone
from tests.webapp.tables import demo_table
table, demo = demo_table(["Ana", "Ben"])
app = create_app(table, host_pin=PIN, keys=Keys.kept_in(Path({str(tmp_path)!r})), demo=demo, test_config={{"TESTING": True}})
phone = Phone(app)
refused = {{"kind": "buy", "seat": 0, "color": "white", "value": 1, "chip": "white-1-01"}}
assert phone.act(0, refused).status_code == 409
shm = Path({str(tmp_path)!r}) / "refusal-limits.sqlite3-shm"
subprocess.run(["chattr", "+i", str(shm)], check=True)
try:
    codes = {{phone.act(0, refused).status_code for _ in range(30)}}
finally:
    subprocess.run(["chattr", "-i", str(shm)], check=True)
assert codes == {{409}}, codes
print("alive")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).parents[2])
    assert done.returncode == 0 and "alive" in done.stdout, (done.returncode, done.stderr[-2000:])
    assert "can no longer be written" in done.stderr


def test_a_full_disk_under_the_rate_limits_leaves_requests_answered(tmp_path, caplog):
    """The limits' own file on a full disk: refusals go uncounted (one warning), nothing raises."""
    from companion.webapp.limit_storage import SQLiteStorage, storage_uri
    storage = SQLiteStorage(storage_uri(tmp_path))
    storage._db.execute(f"PRAGMA max_page_count = {storage._db.execute('PRAGMA page_count').fetchone()[0]}")
    with caplog.at_level("WARNING"):
        answers = [storage.acquire_entry(f"address {n}", 40, 10) for n in range(2000)]
    assert all(answers) and caplog.text.count("cannot be written") == 1
    assert "full" in caplog.text
