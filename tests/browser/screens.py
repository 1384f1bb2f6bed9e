"""Helpers for the screen tests: a demo table of any size, played forward from Python."""

from __future__ import annotations

import random
import tempfile
from contextlib import contextmanager
from pathlib import Path

from companion.commands.demo import build_demo
from companion.engine import IllegalAction, legal_actions, waiting_for
from companion.webapp import create_app
from companion.webapp.server import Server

from .conftest import PIN

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True, "bypass_csp": True}
TABLETS = {
    "1280x800": {"viewport": {"width": 1280, "height": 800}, "bypass_csp": True},
    "1024x768": {"viewport": {"width": 1024, "height": 768}, "bypass_csp": True},
    "800x1280": {"viewport": {"width": 800, "height": 1280}, "bypass_csp": True},
}


@contextmanager
def serving(players: list[str], seed: int = 5, draw_button: bool = True, tubes: bool = False, **setup):
    """A demo table; without ``draw_button`` the pages are those of a table with real readers.
    ``setup``: more of `build_demo`'s options (expansions, stand)."""
    demo = build_demo(players, Path(tempfile.mkdtemp(prefix="quacks-test-")) / "game.sqlite3", seed, tubes=tubes,
                      **setup)
    table = demo.table
    srv = Server(create_app(table, host_pin=PIN, demo=demo if draw_button else None), "127.0.0.1", 0).start()
    try:
        yield srv
    finally:
        srv.stop()
        table.close()


def table_of(srv):
    return srv.app.extensions["companion.game"].table


def table_url(srv) -> str:
    """The table screen's link (it carries the table's token)."""
    return f"{srv.url}/table/{srv.app.extensions['companion.game'].table_token}"


def submit(table, action: dict) -> None:
    table.submit(action, "test")
    table.wait_for_reads()


def play_until(table, done, seed: int = 3, limit: int = 5000, stop_at: int = 4) -> None:
    """Random legal inputs (the simulated bags read the chips going back) until ``done(state)``; a
    seat stops once ``stop_at`` chips are in its pot."""
    rng = random.Random(seed)
    for _ in range(limit):
        table.wait_for_reads()
        state = table.state
        if done(state):
            return
        assert state.phase != "game_over", "the game ended before it got there"
        seat = rng.choice(waiting_for(state))
        choices = [a for a in legal_actions(state, seat) if type(a).__name__ != "Return"]
        stops = [a for a in choices if type(a).__name__ == "Stop"]
        pick = stops[0] if stops and len(state.seats[seat].pot) >= stop_at else rng.choice(choices) if choices else None
        if pick is None:
            continue
        try:
            table.submit(pick, "test")
        except IllegalAction:
            continue
    raise AssertionError("the game did not get there")


def guide(page) -> str:
    return page.locator("#guide").inner_text()


def wait_guide(page, text: str) -> None:
    try:
        page.wait_for_function("(t) => document.body.dataset.guide === t", arg=text, timeout=10000)
    except Exception as err:
        raise AssertionError(f"the guide says {guide(page)!r}, not {text!r}") from err
