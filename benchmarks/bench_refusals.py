"""Refused seat requests counted by the rate limits: in memory (the demo) or kept in the data folder (`quacks serve`).

Sends ``--requests`` seat actions with made-up links through the Flask app (its test client, no
network), thirty from each address so that every one is refused and counted (two limits: the link
and the address) without reaching either limit, and prints the time per request.

    PYTHONPATH=. python benchmarks/bench_refusals.py [--requests 2000] [--rounds 2]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from companion.webapp import create_app
from companion.webapp.keys import Keys
from tests.webapp.conftest import PIN, Phone
from tests.webapp.tables import demo_table


def per_request_ms(kept: bool, requests: int) -> float:
    table, demo = demo_table(["Ana", "Ben"])
    keys = Keys.kept_in(Path(tempfile.mkdtemp(prefix="quacks-bench-"))) if kept else Keys.in_memory()
    phone = Phone(create_app(table, host_pin=PIN, keys=keys, demo=demo, test_config={"TESTING": True}))
    assert phone.csrf
    started = time.perf_counter()
    for n in range(requests):
        phone.client.environ_base["REMOTE_ADDR"] = f"10.{n // 30 // 250}.{n // 30 % 250}.1"
        assert phone.post(f"/api/seat/{n:020d}/action", {}).status_code == 403
    return (time.perf_counter() - started) * 1000 / requests


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    for _ in range(args.rounds):
        for kept in (False, True):
            where = "kept in the data folder (SQLite)" if kept else "in memory"
            print(f"{where:34} {per_request_ms(kept, args.requests):.2f} ms per refused request")


if __name__ == "__main__":
    main()
