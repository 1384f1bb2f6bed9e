"""A real table (engine, journal, simulated bags) behind the Flask app, and a phone helper."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from companion.webapp import create_app
from tests.webapp.tables import demo_table

PIN = "424242"
SECRET = "test-secret"


class Phone:
    """One browser: keeps its cookies, reads its CSRF token from a page and sends JSON like the page does."""

    def __init__(self, app, origin: str = "http://localhost") -> None:
        self.app = app
        self.client = app.test_client()
        self.origin = origin
        self._csrf: str | None = None

    @property
    def game(self):
        return self.app.extensions["companion.game"]

    def token(self, seat: int) -> str:
        return self.game.token(seat)

    @property
    def csrf(self) -> str:
        if self._csrf is None:
            html = self.client.get("/").get_data(as_text=True)
            self._csrf = re.search(r'data-csrf="([^"]+)"', html).group(1)
        return self._csrf

    def post(self, url: str, body: Any = None, *, headers: dict[str, str] | None = None, **kw):
        sent = {"X-CSRF-Token": self.csrf, "Origin": self.origin, **(headers or {})}
        if body is not None and "data" not in kw:
            kw["json"] = body
        return self.client.post(url, headers=sent, **kw)

    def login(self) -> None:
        assert self.post("/api/host/login", {"pin": PIN}).status_code == 200

    def act(self, seat: int, action: dict[str, Any]):
        return self.post(f"/api/seat/{self.token(seat)}/action", action)

    def read(self, seat: int, chip: str) -> None:
        """The chip passes the seat's bag reader (the demo's simulated bag ``sim-<seat + 1>``) and counts."""
        table = self.game.table
        uid = next(r.uid for r in table.registry.rows() if r.chip_id == chip)
        outcome = table.read(f"sim-{seat + 1}", uid)
        assert outcome.accepted, outcome.anomaly

    def host(self, action: dict[str, Any]):
        return self.post("/api/host/action", action)

    def open_table(self) -> None:
        """Open the table screen's link, as the tablet at the table does: its browser may now see the whole table."""
        assert self.client.get(f"/table/{self.game.table_token}").status_code == 200

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if seat is None:
            self.open_table()
        url = "/api/view/table" if seat is None else f"/api/view/seat/{self.token(seat)}"
        return self.client.get(url).get_json()["view"]


@pytest.fixture
def table_and_demo():
    return demo_table(["Ana", "Ben"], seed=7)


@pytest.fixture
def app(table_and_demo):
    table, demo = table_and_demo
    return create_app(table, host_pin=PIN, secret_key=SECRET, demo=demo, test_config={"TESTING": True})


@pytest.fixture
def phone(app) -> Phone:
    return Phone(app)


@pytest.fixture
def host(app) -> Phone:
    p = Phone(app)
    p.login()
    return p


def feed_after(phone: Phone, perspective: str, after: int) -> list[dict[str, Any]]:
    """The entries a page of ``perspective`` reconnecting with ``Last-Event-ID: after`` receives."""
    _, text = phone.app.extensions["companion.hub"].opening(perspective, str(after))
    entries = [json.loads(line[5:]) for line in text.decode().splitlines() if line.startswith("data:")]
    return [e["entry"] for e in entries if e.get("entry")]
