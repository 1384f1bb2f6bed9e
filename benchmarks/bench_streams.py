"""Live streams against `quacks demo` in its own process: held, churning and stalled clients.

Starts `python -m companion demo` on 127.0.0.1 (port chosen by the system) and measures, from
this process, in phases:

1. ``--held`` streams held open (spread over 127.0.0.x source addresses, as phones would be),
   while the seats draw, every client reading every event;
2. ``--churners`` clients opening a stream, reading its first event and closing it, again and
   again for ``--seconds`` seconds;
3. ``--stalled`` clients that open a stream and never read, while the seats draw;
4. ``--held`` streams held again while a hostile guest attacks for ``--attack-seconds``:
   ``--slow-bodies`` connections each sending ``POST /api/host/login`` (with a guest's session
   and CSRF token) with ``Content-Length: 100`` and 6 bytes, then nothing, and ``--idle``
   connections that send nothing (ten per source address), each opened again as soon as the
   server closes it. The server may open ``--nofile`` files (1,024: a Pi's default).

During each phase a prober times GET /api/view/table (a new connection each time, as a page
would) and reports p50/p99/max. The server's RSS is read from /proc before any client
connects, and again once every client is gone, along with how long the host's panel took to
count the phones gone. Loopback only; nothing else on the network.

    PYTHONPATH=. python benchmarks/bench_streams.py [--held 200] [--churners 100] [--seconds 60] [--stalled 10]
        [--slow-bodies 8] [--idle 1100] [--attack-seconds 20] [--nofile 1024]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tests.webapp.sse import SSEClient


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """CPU time (user + system) the server's process, or one of its threads, has used so far."""
    stat = Path(f"/proc/{pid}" + (f"/task/{thread}" if thread else "") + "/stat").read_text()
    fields = stat.rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def source(n: int) -> str:
    """The n-th client's loopback address: ten clients per address."""
    return f"127.0.{1 + n // 2500}.{2 + n // 10 % 250}"


class Demo:
    """`quacks demo` in a child process, and what a browser needs to talk to it."""

    def __init__(self, nofile: int) -> None:
        def limit() -> None:  # the server's descriptors, as a Pi's default or its service's
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.proc = subprocess.Popen([sys.executable, "-u", "-m", "companion", "demo", "--no-browser", "--port", "0",
                                      "--players", "4", "--seed", "1", "--no-cards"], stdout=subprocess.PIPE, text=True,
                                     preexec_fn=limit)
        assert self.proc.stdout is not None
        lines = [self.proc.stdout.readline() for _ in range(3)]
        host = re.search(r"(http://127\.0\.0\.1:(\d+))/host\?pin=(\d+)", lines[1])
        table = re.search(r"(/table/\w+)", lines[2])
        assert host and table, lines
        self.url, self.port, self.pin = host.group(1), int(host.group(2)), host.group(3)
        self.table_stream = "/api/stream" + table.group(1)
        self.cookie = self._login()
        self.csrf = re.search(r'data-csrf="([^"]+)"', self.get("/host").decode()).group(1)  # type: ignore[union-attr]
        view = json.loads(self.get("/api/view/host"))["view"]
        self.tokens = [s["token"] for s in view["host"]["seats"]]

    def _login(self) -> str:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("GET", f"/host?pin={self.pin}")
        response = conn.getresponse()
        response.read()
        return response.getheader("Set-Cookie", "").split(";")[0]

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Cookie": self.cookie}
        if body is not None:
            headers.update({"Content-Type": "application/json", "X-CSRF-Token": self.csrf, "Origin": self.url})
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        data = response.read()
        conn.close()
        if response.getheader("Set-Cookie"):  # the session now holds the CSRF token too
            self.cookie = response.getheader("Set-Cookie", "").split(";")[0]
        return response.status, data

    def get(self, path: str) -> bytes:
        return self.request("GET", path)[1]

    def streams(self) -> dict[str, int]:
        """Open streams per perspective, as the host's panel counts them."""
        return json.loads(self.get("/api/view/host"))["view"]["host"]["streams"]

    def phones(self) -> int:
        return sum(n for seen_as, n in self.streams().items() if seen_as.startswith("seat:"))

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class Prober(threading.Thread):
    """Times GET /api/view/table, one new connection at a time, until stopped."""

    def __init__(self, demo: Demo, pause: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.demo, self.pause = demo, pause
        self.times: list[float] = []
        self.failures = 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            t0 = time.perf_counter()
            try:
                status, _ = self.demo.request("GET", "/api/view/table")
                if status != 200:
                    self.failures += 1
            except OSError:
                self.failures += 1
            self.times.append((time.perf_counter() - t0) * 1000)
            time.sleep(self.pause)

    def report(self) -> str:
        self.done.set()
        self.join()
        ordered = sorted(self.times)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        return (f"API p50 {statistics.median(ordered):.1f} ms  p99 {p99:.1f} ms  max {ordered[-1]:.1f} ms"
                f"  ({len(ordered)} requests, {self.failures} failed)")


class Drawer(threading.Thread):
    """The seats draw through the demo's bags until stopped; between draws the game is moved on
    (the host starts each round without a card, a seat that cannot draw answers its first choice)."""

    def __init__(self, demo: Demo, pause: float = 0.3) -> None:
        super().__init__(daemon=True)
        self.demo, self.pause = demo, pause
        self.done = threading.Event()
        self.inputs = 0

    def run(self) -> None:
        seat = 0
        while not self.done.is_set():
            token = self.demo.tokens[seat]
            status, _ = self.demo.request("POST", f"/api/seat/{token}/draw", {})
            if status != 200:
                for action in json.loads(self.demo.get("/api/view/host"))["view"]["host"]["actions"]:
                    self.demo.request("POST", "/api/host/action", action)
                choices = [a for a in json.loads(self.demo.get(f"/api/view/seat/{token}"))["view"]["actions"]
                           if a["kind"] not in ("draw", "return", "stop")]
                if choices:
                    self.demo.request("POST", f"/api/seat/{token}/action", choices[0])
            else:
                self.inputs += 1
            seat = (seat + 1) % len(self.demo.tokens)
            time.sleep(self.pause)

    def stop(self) -> int:
        self.done.set()
        self.join()
        return self.inputs


def in_threads(count: int, work: Callable[[int], None]) -> list[threading.Thread]:
    threads = [threading.Thread(target=work, args=(n,), daemon=True) for n in range(count)]
    for thread in threads:
        thread.start()
    return threads


class Attackers(threading.Thread):
    """A hostile guest's connections: slow request bodies and idle connections, each opened again
    as soon as the server closes it, until stopped; counts what the server did with them."""

    def __init__(self, demo: Demo, slow: int, idle: int) -> None:
        super().__init__(daemon=True)
        self.demo = demo
        conn = http.client.HTTPConnection("127.0.0.1", demo.port, timeout=10)
        conn.request("GET", "/")  # a guest's own session and CSRF token, so the body is read
        response = conn.getresponse()
        csrf = re.search(r'data-csrf="([^"]+)"', response.read().decode()).group(1)  # type: ignore[union-attr]
        cookie = response.getheader("Set-Cookie", "").split(";")[0]
        self.slow_head = (f"POST /api/host/login HTTP/1.1\r\nHost: 127.0.0.1:{demo.port}\r\nCookie: {cookie}\r\n"
                          f"X-CSRF-Token: {csrf}\r\nOrigin: {demo.url}\r\nContent-Type: application/json\r\n"
                          "Content-Length: 100\r\n\r\n{\"pin\"").encode()
        self.wanted = [("slow", n) for n in range(slow)] + [("idle", n) for n in range(idle)]
        self.done = threading.Event()
        self.answers: dict[str, dict[str, int]] = {"slow": {}, "idle": {}}
        self.failed = 0

    def _open(self, selector: selectors.BaseSelector, kind: str, n: int) -> None:
        address = f"127.0.{100 + n // 2500}.{2 + n // 10 % 250}" if kind == "idle" else f"127.0.99.{2 + n}"
        try:
            sock = socket.create_connection(("127.0.0.1", self.demo.port), timeout=5, source_address=(address, 0))
            if kind == "slow":
                sock.sendall(self.slow_head)
            sock.setblocking(False)
            selector.register(sock, selectors.EVENT_READ, (kind, n, bytearray()))
        except OSError:
            self.failed += 1

    def run(self) -> None:
        selector = selectors.DefaultSelector()
        for kind, n in self.wanted:
            self._open(selector, kind, n)
        while not self.done.is_set():
            for key, _ in selector.select(timeout=0.2):
                kind, n, got = key.data
                try:
                    chunk = key.fileobj.recv(4096)  # type: ignore[union-attr]
                except OSError:
                    chunk = b""
                if chunk:
                    got.extend(chunk)
                    continue
                selector.unregister(key.fileobj)
                key.fileobj.close()  # type: ignore[union-attr]
                status = got[9:12].decode() if got.startswith(b"HTTP/1.1 ") else "closed"
                self.answers[kind][status] = self.answers[kind].get(status, 0) + 1
                self._open(selector, kind, n)
        for key in list(selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]

    def stop(self) -> str:
        self.done.set()
        self.join()
        return (f"slow bodies answered {self.answers['slow']}, idle connections ended {self.answers['idle']}"
                f" (status, or closed without one), {self.failed} could not connect")


def attacked(demo: Demo, count: int, slow: int, idle: int, seconds: float) -> None:
    """``count`` streams held and read while ``slow`` slow bodies and ``idle`` idle connections attack."""
    attackers = Attackers(demo, slow, idle)
    attackers.start()
    time.sleep(1)
    print(f"under attack: {slow} slow request bodies and {idle} idle connections, reopened when closed")
    held(demo, count, seconds)
    print("  " + attackers.stop())


def held(demo: Demo, count: int, seconds: float) -> None:
    paths = [demo.table_stream] + [f"/api/stream/seat/{demo.tokens[n % 4]}" for n in range(count - 1)]
    clients = [SSEClient("127.0.0.1", demo.port, p, source=source(n), timeout=30) for n, p in enumerate(paths)]
    received = [0] * count

    def read(n: int) -> None:
        try:
            while True:
                clients[n].next()
                received[n] += 1
        except Exception:  # noqa: BLE001 - closed from another thread at the end of the phase
            return

    readers = in_threads(count, read)
    print(f"{count} streams open; the host's panel counts {sum(demo.streams().values())}")
    prober, drawer = Prober(demo), Drawer(demo)
    pid = demo.proc.pid
    cpu, loop_cpu = cpu_seconds(pid), cpu_seconds(pid, pid)  # the event loop runs in the main thread
    prober.start()
    drawer.start()
    time.sleep(seconds)
    inputs = drawer.stop()
    cpu, loop_cpu = cpu_seconds(pid) - cpu, cpu_seconds(pid, pid) - loop_cpu
    print(f"  held {seconds:g} s, {inputs} draws, events received per client: min {min(received)}, max {max(received)}")
    print(f"  server CPU {cpu:.2f} s, its event loop's thread {loop_cpu:.2f} s"
          f" ({1000 * loop_cpu / max(1, max(received)):.1f} ms per event sent to every page)")
    print("  " + prober.report())
    for client in clients:
        client.close()
    for thread in readers:
        thread.join(timeout=5)


def churn(demo: Demo, count: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    opened = [0] * count
    refused = [0] * count

    def loop(n: int) -> None:
        path = demo.table_stream if n % 5 == 0 else f"/api/stream/seat/{demo.tokens[n % 4]}"
        while time.monotonic() < deadline:
            try:
                client = SSEClient("127.0.0.1", demo.port, path, source=source(n), timeout=10)
                client.next()
                client.close()
                opened[n] += 1
            except (AssertionError, OSError):
                refused[n] += 1
                time.sleep(0.5)

    prober = Prober(demo)
    prober.start()
    threads = in_threads(count, loop)
    for thread in threads:
        thread.join()
    print(f"{count} clients churned for {seconds:g} s: {sum(opened)} streams opened and closed,"
          f" {sum(refused)} refused or failed")
    print("  " + prober.report())


def stalled(demo: Demo, count: int, seconds: float) -> None:
    socks = []
    for n in range(count):
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.bind((f"127.0.200.{2 + n}", 0))  # devices of their own
        sock.connect(("127.0.0.1", demo.port))
        sock.sendall(f"GET {demo.table_stream} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        socks.append(sock)
    time.sleep(0.5)
    print(f"{count} clients that never read; table streams open: {demo.streams().get('table', 0)}")
    prober, drawer = Prober(demo), Drawer(demo, pause=0.1)
    prober.start()
    drawer.start()
    deadline, peak = time.monotonic() + seconds, 0.0
    while time.monotonic() < deadline:
        peak = max(peak, rss_mb(demo.proc.pid))
        time.sleep(0.5)
    inputs = drawer.stop()
    print(f"  {seconds:g} s, {inputs} draws; server RSS peak {peak:.1f} MB;"
          f" table streams still open: {demo.streams().get('table', 0)}")
    print("  " + prober.report())
    for sock in socks:
        sock.close()


def warm_up(demo: Demo) -> None:
    """A game night's start: a few pages open and draws made, so the server's threads exist."""
    clients = [SSEClient("127.0.0.1", demo.port, demo.table_stream, source=f"127.0.201.{n + 2}") for n in range(10)]
    drawer = Drawer(demo, pause=0.05)
    drawer.start()
    while drawer.inputs < 20:
        time.sleep(0.05)
    drawer.stop()
    for client in clients:
        client.close()
    time.sleep(1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--held", type=int, default=200)
    parser.add_argument("--hold-seconds", type=float, default=20)
    parser.add_argument("--churners", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--stalled", type=int, default=10)
    parser.add_argument("--stall-seconds", type=float, default=20)
    parser.add_argument("--slow-bodies", type=int, default=8)
    parser.add_argument("--idle", type=int, default=1100)
    parser.add_argument("--attack-seconds", type=float, default=20)
    parser.add_argument("--nofile", type=int, default=1024, help="the server's limit on open files")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    demo = Demo(args.nofile)
    try:
        print(f"server RSS at start: {rss_mb(demo.proc.pid):.1f} MB")
        warm_up(demo)
        before = rss_mb(demo.proc.pid)
        print(f"server RSS before (warmed up: 10 pages streaming, 20 draws, closed): {before:.1f} MB")
        held(demo, args.held, args.hold_seconds)
        print(f"  server RSS after the phase: {rss_mb(demo.proc.pid):.1f} MB")
        churn(demo, args.churners, args.seconds)
        print(f"  server RSS after the phase: {rss_mb(demo.proc.pid):.1f} MB")
        stalled(demo, args.stalled, args.stall_seconds)
        print(f"  server RSS after the phase: {rss_mb(demo.proc.pid):.1f} MB")
        attacked(demo, args.held, args.slow_bodies, args.idle, args.attack_seconds)
        print(f"  server RSS after the phase: {rss_mb(demo.proc.pid):.1f} MB;"
              f" its open descriptors: {len(os.listdir(f'/proc/{demo.proc.pid}/fd'))}")
        left = time.monotonic()
        while set(demo.streams()) - {"host"} and time.monotonic() - left < 30:
            time.sleep(0.1)
        print(f"host panel counted every page gone {time.monotonic() - left:.1f} s after the last left")
        time.sleep(5)
        after = rss_mb(demo.proc.pid)
        print(f"server RSS after: {after:.1f} MB ({after - before:+.1f} MB)")
    finally:
        demo.stop()


if __name__ == "__main__":
    main()
