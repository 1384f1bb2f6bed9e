"""A tap's request through the Flask app, alone: its CPU per input, and where it goes.

`bench_pi.py` plays each input as a page's request, so at a Pi's speed the server's CPU per input
is the request's besides the update's that `bench_sse.py` counts. This benchmark makes the same
requests as `bench_pi.py`'s pages (a seat's action chosen at random among those its view offers,
seeded; the host's fortune when the table waits for it) on the table `quacks serve` makes from
`bench_pi.py`'s config (advice on, rate limits and PIN tries kept in the data folder), through
Flask's test client, and reports the CPU time of the requesting thread per input: the session,
the origin and CSRF checks, the rate limits and their storage, the route, the table's input (the
engine step, the journal's transaction, the transcript's line) and the answer's JSON. Not counted:
the HTTP parsing and the hand-off to a worker thread (uvicorn, a2wsgi), the views' renders and the
writes to pages (`bench_sse.py`), and the test client's own work, which is done in the same thread
(about a fifth of the figure; the same in any two versions compared).

    python benchmarks/bench_request.py [--inputs 400] [--seed 1] [--profile 40]

``--profile N``: the N functions with the most CPU time under the requests (cProfile on the
thread's CPU clock; its overhead makes the times about four times larger).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_pi import PIN, TABLE
from flask.testing import FlaskClient

from companion.config import load_config
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.keys import Keys


def client() -> tuple[FlaskClient, dict[str, str], list[str]]:
    """The app `quacks serve` makes for `bench_pi.py`'s table, the host's client, its headers and the seat links."""
    folder = Path(tempfile.mkdtemp(prefix="quacks-request-"))
    (folder / "table.toml").write_text(TABLE.format(port=1))
    config = load_config(folder / "table.toml")
    table = start_game(Database(folder / "quacks.sqlite3"), TableSetup(
        config.game_config(), config.reader_seats(), config.registry, config.draws, codes=config.codes()))
    app = create_app(table, host_pin=PIN, keys=Keys.kept_in(folder), assist=config.assist, stir=config.stir)
    host = app.test_client()
    html = host.get(f"/host?pin={PIN}", follow_redirects=True).get_data(as_text=True)
    headers = {"X-CSRF-Token": re.search(r'data-csrf="([^"]+)"', html).group(1), "Origin": "http://localhost"}
    tokens = [s["token"] for s in host.get("/api/view/host").get_json()["view"]["host"]["seats"]]
    return host, headers, tokens


def next_request(host: FlaskClient, tokens: list[str], rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """What `bench_pi.py`'s pages would send now (None at the game's end)."""
    shown = host.get("/api/view/host").get_json()["view"]
    if shown["phase"] == "game_over":
        return None
    waiting = shown["waiting"]
    if None in waiting or not waiting:
        return "/api/host/action", {"kind": "fortune", "card": None}
    seat = rng.choice(waiting)
    actions = host.get(f"/api/view/seat/{tokens[seat]}").get_json()["view"]["actions"]
    draws = [a for a in actions if a["kind"] == "draw"]
    return f"/api/seat/{tokens[seat]}/action", rng.choice(draws if draws and rng.random() < 0.8 else actions)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0)
    args = parser.parse_args()
    host, headers, tokens = client()
    rng = random.Random(args.seed)
    profile = cProfile.Profile(time.thread_time) if args.profile else None
    inputs, cpu = 0, 0.0
    while inputs < args.inputs and (wanted := next_request(host, tokens, rng)) is not None:
        began = time.thread_time()
        if profile:
            profile.enable()
        answer = host.post(wanted[0], json=wanted[1], headers=headers).get_json()
        if profile:
            profile.disable()
        cpu += time.thread_time() - began
        if answer.get("ok"):
            inputs += 1
        time.sleep(0.01)  # the views thread renders the update, as it would between two taps
    print(f"inputs: {inputs}; the request's CPU per input: {cpu / max(inputs, 1) * 1000:.3f} ms")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)


if __name__ == "__main__":
    main()
