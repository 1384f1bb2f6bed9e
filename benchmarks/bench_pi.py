"""The table's server at a Raspberry Pi's speed: `quacks serve` held to a fraction of one core.

The server runs in its own process in a CPU cgroup whose quota lets it run ``--speed`` of one core
(cgroup v2 ``cpu.max``, or v1 ``cpu.cfs_quota_us`` where the cpu controller is on the v1
hierarchy, as on this machine), over a period of 10 ms, so it never runs faster than that for
longer than a slice of 10 ms; it is pinned to CPU 0. The benchmark (its pages and its players)
runs outside at full speed. The fractions for each Pi come from published figures of the same
Python benchmark (benchmarks/README.md, "At a Raspberry Pi's speed").

It reports:
- the start-up of ``quacks serve --config table.toml`` (a table without readers, ``draws =
  "phones"``, the assist set to advice) until it first answers a request, for a new data folder
  and again after a whole game;
- a whole 4-player game played from the pages (each input a phone's or the host's request, chosen
  at random among the actions the seat's view offers, seeded), with 12 pages open as in
  `bench_sse.py`: the latency from the request to each page's message, p50/p99/max; the bytes per
  page per input; the server's CPU time per input (its advice included);
- the server's RSS at the end of the game, and the most it held.

The server's worker processes (the phones' advice) are moved, as the benchmark sees them start
(it looks every 20 ms), into a second cgroup with the same quota, on CPU 1: a Pi has four cores of
that speed. Their CPU time and RSS are reported apart from the server's.

    python benchmarks/bench_pi.py [--speed pi3|pi4|zero2w|FRACTION] [--seed 1] [--check] [--calibrate]
                                  [--code DIR] [--pace none|table]

``--pace table`` plays at a table's pace: the next input a person's pause after the last reached
every page (the simulated evening's pause before a tap, shared by the seats that play at once),
so that what the server does after an input (the host's panel, the advice sent on) is done before
the next one, as at a table. Without it, each input follows the last at once: a stress test, in
which each input waits for the work the one before left.

The served code's bytecode is compiled first (``compileall``, outside the cgroup), as a Pi has it
(``hardware/install.sh`` installs the package with pip, which compiles it; a checkout run in place
writes ``__pycache__`` at its first start). On a machine that sets ``PYTHONDONTWRITEBYTECODE``, as
the one this was written on, every start would otherwise compile some 190 modules (about 0.6 s of
that machine's core, seconds at a Pi 3's speed).

Needs root (to make the cgroup). ``--check`` runs a fixed pure-Python loop inside and outside the
cgroup first, to show the quota slows it by the expected factor on this machine now. A quota costs
more than its share: the loop runs some 10-30 % slower than the Pi's speed asks (most likely
because a process held to a tenth of a core waits nine tenths of every period, and its caches are
cold when it runs again). ``--calibrate`` checks, sets both cgroups' quota higher by that much,
and checks again (up to ``CALIBRATIONS`` times, until the loop runs within 3 % of the Pi's own time
for it, ``LOOP_MS`` scaled by the published figures, on whatever machine it runs).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

from companion.evening.mouths import EVENING
from tests.webapp.sse import SSEClient

PIN = "246810"
PERIOD_US = 10_000
CALIBRATIONS = 3
"""``--calibrate`` sets the quota again at most this often, until the check is within 3 % of the Pi's speed."""
CHECKS = 3
"""Runs of the check's loop in the cgroup per check, of which the median counts."""

SLOWEST = 6
"""The inputs printed whose last page had them latest: an input's 12 pages are 12 of a game's some
5,700 latencies, so a handful of slow inputs (a round's start) can make the p99."""

SPEEDS = {"pi3": 0.105, "pi4": 0.326, "zero2w": 0.075}
"""The share of one core of the machine the benchmark was written on that runs Python as fast as
each Pi (benchmarks/README.md): a Pi 3 B+ 245 s, a Pi 4 79.2 s for the published CPU benchmark that
took 25.8 s of CPU there; the Zero 2 W has the Pi 3's cores at 1.0 GHz instead of 1.4."""

LOOP_MS = 215.0
"""What the check's loop took of that machine's core (2026-11-27): on a Pi it takes this divided by
the Pi's share. The quota starts at the share of this core, at its speed now, that runs the loop
that fast, and ``--calibrate`` holds the loop to that time: a slower or faster machine, or this one
at another moment, still measures the Pi."""

TABLE = """[table]
name = "Pi bench"
database = "quacks.sqlite3"
assist = "advice"
draws = "phones"

[web]
bind = "127.0.0.1"
port = {port}

[[seats]]
player = "Ann"
[[seats]]
player = "Ben"
[[seats]]
player = "Cleo"
[[seats]]
player = "Dan"
"""


class CpuLimit:
    """A CPU cgroup held to ``fraction`` of one core; ``add(pid)`` puts a process in it."""

    def __init__(self, fraction: float, name: str = "") -> None:
        unified = Path("/sys/fs/cgroup")
        controllers = unified / "cgroup.controllers"
        self.v2 = controllers.exists() and "cpu" in controllers.read_text().split()
        self.path = (unified if self.v2 else unified / "cpu") / f"quacks-bench-{os.getpid()}{name}"
        self.path.mkdir()
        if not self.v2:
            (self.path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        self.set(fraction)

    def set(self, fraction: float) -> None:
        """Hold the cgroup to ``fraction`` of one core from now on."""
        quota = max(1000, round(fraction * PERIOD_US))
        if self.v2:
            (self.path / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        else:
            (self.path / "cpu.cfs_quota_us").write_text(str(quota))
        self.fraction = quota / PERIOD_US

    def add(self) -> None:
        """In a child before it execs: this process (and what it starts) into the cgroup, on CPU 0."""
        self.move(os.getpid(), 0)

    def move(self, pid: int, cpu: int) -> None:
        """Process ``pid`` into the cgroup, on CPU ``cpu``."""
        (self.path / "cgroup.procs").write_text(str(pid))
        os.sched_setaffinity(pid, {cpu})

    def remove(self) -> None:
        parent = self.path.parent / "cgroup.procs"
        for pid in (self.path / "cgroup.procs").read_text().split():
            try:
                parent.write_text(pid)
            except OSError:
                pass
        self.path.rmdir()


@contextmanager
def limited(fraction: float, name: str = "") -> Iterator[CpuLimit]:
    limit = CpuLimit(fraction, name)
    try:
        yield limit
    finally:
        limit.remove()


def children(pid: int) -> set[int]:
    """The processes ``pid`` started (its advice worker, multiprocessing's resource tracker)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with suppress(OSError):
            found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def usage(pid: int) -> tuple[float, float]:
    """A process's CPU seconds so far (user and system, every thread) and its RSS in MB."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), int(fields[21]) * os.sysconf("SC_PAGE_SIZE") / 2**20


class Workers(threading.Thread):
    """Moves the server's worker processes, as they start, into a cgroup of their own with the same
    quota, on another CPU: a Pi has four cores of that speed, and the advice worker has one."""

    def __init__(self, server: int, limit: CpuLimit) -> None:
        super().__init__(name="workers", daemon=True)
        self.server, self.limit = server, limit
        self.cpu = min(1, os.cpu_count() or 1)
        self.seen: dict[int, tuple[float, float]] = {}  # each worker's CPU seconds and RSS, last read
        self.peak = 0.0  # the most RSS the workers held at once
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(0.02):
            self.look()

    def look(self) -> None:
        for pid in children(self.server):
            try:
                if pid not in self.seen:
                    self.limit.move(pid, self.cpu)
                self.seen[pid] = usage(pid)
            except OSError:  # ended meanwhile
                continue
        self.peak = max(self.peak, self.rss())

    def cpu_seconds(self) -> float:
        return sum(cpu for cpu, _ in self.seen.values())

    def rss(self) -> float:
        return sum(rss for _, rss in self.seen.values())


def loop(limit: CpuLimit | None = None) -> tuple[float, float]:
    """A fixed pure-Python loop in a process of its own (in ``limit``'s cgroup if given): its wall
    and CPU seconds."""
    code = ("import time; t, c = time.perf_counter(), time.process_time(); sum(i * i % 7 for i in range(3_000_000)); "
            "print(time.perf_counter() - t, time.process_time() - c)")
    wall, cpu = subprocess.check_output([sys.executable, "-c", code],
                                        preexec_fn=limit.add if limit is not None else None).split()
    return float(wall), float(cpu)


def pi_loop_ms(speed: str) -> tuple[float, float]:
    """How long the check's loop takes on the Pi named by ``speed`` (or at that fraction of this
    core), and the share of this core, at its speed now, that runs it as fast."""
    here = loop()[1] * 1000
    target = LOOP_MS / SPEEDS[speed] if speed in SPEEDS else here / float(speed)
    print(f"the check's loop: {here:.0f} ms of CPU here, {target:.0f} ms at the Pi's speed "
          f"({LOOP_MS:.0f} ms where the Pis' speeds were measured)")
    return target, min(1.0, here / target)


def check(limit: CpuLimit, target: float) -> float:
    """The check's loop on CPU 0, outside and inside the cgroup: how long it took inside, in ms
    (``target``: how long it takes on the Pi). Inside, the median of ``CHECKS`` runs: one run in a
    throttled cgroup has been seen to take twice as long as the next at the same quota."""
    cpu = loop()[1] * 1000
    inside = statistics.median(loop(limit)[0] * 1000 for _ in range(CHECKS))
    print(f"check: a fixed loop takes {cpu:.0f} ms of CPU here; in the cgroup it took {inside:.0f} ms (median of {CHECKS}): "
          f"{inside / cpu:.1f}x as long (the Pi takes {target:.0f} ms)")
    return inside


def calibrate(limit: CpuLimit, apart: CpuLimit, target: float, times: int) -> None:
    """Check the loop in ``limit``; then, at most ``times`` times, until it runs within 3 % of the
    Pi's ``target`` ms, set both cgroups' quota higher or lower by what it missed (the quota's own
    cost taken off) and check again."""
    inside = check(limit, target)
    for _ in range(times):
        if abs(inside / target - 1) < 0.03:
            return
        calibrated = limit.fraction * inside / target
        for cgroup in (limit, apart):
            cgroup.set(calibrated)
        print(f"calibrated: {limit.fraction:.3f} of one core (quota {limit.fraction * PERIOD_US:.0f} µs) for both cgroups")
        inside = check(limit, target)


def compiled(code: Path) -> None:
    """The bytecode of ``code``'s package written, as a Pi has it."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(code / "companion")], check=True)


class Serving:
    """`quacks serve` in the cgroup, with its start-up time to the first answered request."""

    def __init__(self, limit: CpuLimit, folder: Path, port: int, code: Path) -> None:
        self.url = f"http://127.0.0.1:{port}"
        begun = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--config", str(folder / "table.toml"), "--pin", PIN],
            preexec_fn=limit.add, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(code)})
        while True:
            try:
                urllib.request.urlopen(self.url + "/", timeout=1).read()
                break
            except OSError:
                if self.process.poll() is not None:
                    raise SystemExit(f"quacks serve ended: {self.process.stderr.read().decode()}") from None
                time.sleep(0.02)
        self.started = time.perf_counter() - begun

    def memory(self) -> tuple[float, float]:
        """The server's RSS now and the most it has held, in MB."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        found = {k: int(v.split()[0]) / 1024 for k, v in re.findall(r"^(VmRSS|VmHWM):\s+(.*)$", status, re.M)}
        return found["VmRSS"], found["VmHWM"]

    def cpu(self) -> float:
        """The server's CPU seconds so far (user and system, every thread)."""
        return usage(self.process.pid)[0]

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Table:
    """The benchmark's side: the host's session, 12 pages (as `bench_sse.py`), and the inputs."""

    def __init__(self, url: str, port: int) -> None:
        self.url = url
        jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        html = self.opener.open(f"{url}/host?pin={PIN}").read().decode()
        self.csrf = re.search(r'data-csrf="([^"]+)"', html).group(1)
        cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
        host = json.loads(self.opener.open(f"{url}/api/view/host").read())["view"]
        self.tokens = [s["token"] for s in host["host"]["seats"]]
        table = self.opener.open(f"{url}/table").geturl().rsplit("/", 1)[1]
        paths = [f"/api/stream/seat/{t}" for t in self.tokens for _ in range(2)]
        paths += [f"/api/stream/table/{table}", "/api/stream/host", f"/api/stream/table/{table}",
                  f"/api/stream/table/{table}"]
        self.pages = [SSEClient("127.0.0.1", port, p, cookie=cookie if p.endswith("host") else None, timeout=60)
                      for p in paths]
        for page in self.pages:
            page.next()
        self.received: dict[int, list[float]] = {}
        self.sizes: list[int] = []
        self.views = [page.view for page in self.pages]  # each page's view, as its renderer got it last
        self.arrived = threading.Condition()
        for n, page in enumerate(self.pages):
            threading.Thread(target=self._listen, args=(n, page), daemon=True).start()

    def _listen(self, n: int, page: SSEClient) -> None:
        try:
            while True:
                event = page.next()
                with self.arrived:
                    if "view" in event.data:
                        self.views[n] = event.data["view"]
                    if event.name == "message" and event.data.get("entry") is not None:
                        self.received.setdefault(event.data["seq"], []).append(time.perf_counter())
                        self.sizes.append(event.size)
                        self.arrived.notify_all()
        except (ConnectionError, OSError, ValueError):
            return

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST", headers={
            "Content-Type": "application/json", "X-CSRF-Token": self.csrf, "Origin": self.url})
        try:
            return json.loads(self.opener.open(request, timeout=60).read())
        except urllib.error.HTTPError as err:
            return json.loads(err.read())

    def view(self, page: int) -> dict[str, Any]:
        with self.arrived:
            return self.views[page]

    def wait_for(self, seq: int, seconds: float = 30) -> None:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.received.get(seq, [])) >= len(self.pages), seconds)


def play(table: Table, rng: random.Random, pace: random.Random | None) -> tuple[dict[int, float], dict[int, str]]:
    """A whole game from the pages: whoever the table waits for sends one of the actions its view
    offers (the host turns up the round's card: none); returns when each input was sent, and what
    it was (its round and kind).

    ``pace``: None sends each input as soon as every page has the one before; else the next input
    comes a person's pause later (`EVENING.think`, as the simulated evening's people take), shared
    by the seats the table waits for, who play at once."""
    sent: dict[int, float] = {}
    what: dict[int, str] = {}
    while (shown := table.view(8))["phase"] != "game_over":
        waiting = shown["waiting"]
        t0 = time.perf_counter()
        if None in waiting or not waiting:
            action = {"kind": "fortune", "card": None}
            answer = table.post("/api/host/action", action)
        else:
            seat = rng.choice(waiting)
            actions = table.view(2 * seat)["actions"]
            draws = [a for a in actions if a["kind"] == "draw"]
            action = rng.choice(draws if draws and rng.random() < 0.8 else actions)
            answer = table.post(f"/api/seat/{table.tokens[seat]}/action", action)
        if not answer.get("ok"):
            time.sleep(0.05)  # the views are behind the game: look again
            continue
        sent[answer["seq"]] = t0
        what[answer["seq"]] = f"round {shown['round']} {action['kind']}"
        table.wait_for(answer["seq"])
        if pace is not None:
            time.sleep(pace.uniform(*EVENING.think) / max(1, len(waiting)))
    return sent, what


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--speed", default="pi3", help="pi3, pi4, zero2w, or a fraction of one core")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--calibrate", action="store_true",
                        help="check, then set the quota so that the check's loop takes the Pi's own time")
    parser.add_argument("--pace", choices=("none", "table"), default="none",
                        help="none: each input once every page has the one before; table: after a person's pause")
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout whose `companion` is served (default: this one), to compare versions")
    return parser.parse_args()


def main() -> None:
    args = arguments()
    target, fraction = pi_loop_ms(args.speed)
    folder = Path(tempfile.mkdtemp(prefix="quacks-pi-"))
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    (folder / "table.toml").write_text(TABLE.format(port=port))
    with limited(fraction) as limit, limited(fraction, "-workers") as apart:
        print(f"speed: {args.speed}, {limit.fraction:.3f} of one core (quota {limit.fraction * PERIOD_US:.0f} µs "
              f"every {PERIOD_US} µs), CPU 0; the worker processes the same in a cgroup of their own, CPU "
              f"{min(1, (os.cpu_count() or 1) - 1)}; load average {os.getloadavg()[0]:.1f}")
        if args.check or args.calibrate:
            calibrate(limit, apart, target, CALIBRATIONS if args.calibrate else 0)
        compiled(args.code)
        server = Serving(limit, folder, port, args.code)
        print(f"start-up, new data folder: {server.started:.2f} s to the first answered request")
        workers = Workers(server.process.pid, apart)
        workers.start()
        try:
            table = Table(server.url, port)
            before, first = server.cpu(), max(table.received, default=0)
            workers.look()
            worked = workers.cpu_seconds()
            rss_start = server.memory()[0]
            sent, what = play(table, random.Random(args.seed), random.Random(args.seed) if args.pace == "table" else None)
            time.sleep(1)  # the last advice
            workers.look()
            cpu, worked = server.cpu() - before, workers.cpu_seconds() - worked
            rss, peak = server.memory()
            journalled = max(table.received) - first
        finally:
            workers.stopped.set()
            server.stop()
        again = Serving(limit, folder, port, args.code)
        again.stop()
        if args.check or args.calibrate:
            print("after the game, the same quota:", end=" ")
            check(limit, target)
    with table.arrived:
        latencies = sorted((t - t0) * 1000 for seq, t0 in sent.items() for t in table.received.get(seq, []))
        sizes = sorted(table.sizes)
        last = {seq: (max(table.received[seq]) - t0) * 1000 for seq, t0 in sent.items() if seq in table.received}

    def p(q: float, values: list[float] | list[int]) -> float:
        return values[min(len(values) - 1, int(q * len(values)))]

    print(f"start-up after a whole game: {again.started:.2f} s")
    print(f"game: {len(sent)} inputs sent, {journalled} journalled, {len(table.pages)} pages, pace {args.pace}; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"latency ms: p50 {statistics.median(latencies):.1f}  p99 {p(0.99, latencies):.1f}  max {latencies[-1]:.1f}")
    slowest = sorted(last, key=last.__getitem__, reverse=True)[:SLOWEST]
    print("slowest inputs, to their last page: " + ", ".join(f"{what[seq]} {last[seq]:.0f} ms" for seq in slowest))
    print(f"bytes per page per input: median {statistics.median(sizes):.0f}  mean {statistics.fmean(sizes):.0f}")
    print(f"server CPU per input (the request, the update, asking for the advice): {cpu / journalled * 1000:.1f} ms "
          f"of this machine's core, {cpu / journalled * 1000 / fraction:.0f} ms at the Pi's speed")
    print(f"worker processes' CPU per input (the advice): {worked / journalled * 1000:.1f} ms of this machine's core, "
          f"{worked / journalled * 1000 / fraction:.0f} ms at the Pi's speed")
    print(f"server RSS: {rss_start:.1f} MB with the pages open, {rss:.1f} MB after the game, {peak:.1f} MB at most")
    print(f"worker processes' RSS: {workers.rss():.1f} MB after the game, {workers.peak:.1f} MB at most "
          f"({len(workers.seen)} processes)")


if __name__ == "__main__":
    main()
