"""Seeded random JSON to every endpoint that takes JSON, as the host and as a seat: never a 500."""

from __future__ import annotations

import random

from .conftest import Phone

FIELDS = ("kind", "seat", "seq", "anomaly", "chip", "card", "color", "value", "what", "decision", "keys",
          "players", "books", "readers", "start_player", "paused", "cascade", "pin", "csv", "target")
KINDS = ("draw", "return", "stop", "choose", "buy", "spend", "done", "fortune", "teleport", "")
PATHS = ("/api/host/action", "/api/host/void", "/api/host/void-last", "/api/host/reassign", "/api/host/assign",
         "/api/host/manual-draw", "/api/host/pause", "/api/host/game", "/api/host/reissue",
         "/api/host/tags/enrol", "/api/host/tags/import", "/api/seat/{token}/action", "/api/seat/{token}/draw")


def value(rng: random.Random, depth: int = 0):
    pick = rng.randrange(12 if depth < 3 else 8)
    return [None, True, -1, 0, 1, 10**30, -(10**30), 2.5, "white-1", "white-1-01", "é\u2603\x00", "x" * 300,
            ][pick] if pick < 8 else (
        [value(rng, depth + 1) for _ in range(rng.randrange(4))] if pick < 10 else
        {rng.choice(FIELDS): value(rng, depth + 1) for _ in range(rng.randrange(4))})


def body(rng: random.Random):
    if rng.random() < 0.1:
        return value(rng)
    out = {field: value(rng) for field in rng.sample(FIELDS, rng.randrange(1, 6))}
    if rng.random() < 0.7:
        out["kind"] = rng.choice(KINDS)
    if rng.random() < 0.5:
        out["seat"] = rng.choice((0, 1, 2, -1))
    return out


def test_random_json_on_every_endpoint_is_answered_never_a_500(host: Phone):
    rng = random.Random(9)
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    token = host.token(0)
    seen: dict[int, int] = {}
    for _ in range(900):
        path = rng.choice(PATHS).format(token=token)
        response = host.post(path, body(rng))
        seen[response.status_code] = seen.get(response.status_code, 0) + 1
        assert response.status_code < 500, (path, response.get_data(as_text=True))
        reply = response.get_json()
        assert isinstance(reply, dict) and (reply["ok"] is True or reply["message"]), reply
        host.post("/api/host/pause", {"paused": False})
    assert host.game.table.seq > 1, "the timeline below has rows to filter"
    for query in ("round=1e999", "seat=-1", "round=99999999999999999999999", "seat=%FF", "round=%C2%B2", "seat=%D9%A3"):
        assert host.client.get(f"/api/host/timeline?{query}").status_code < 500, query
    assert seen.get(400, 0) > 100 and seen.get(200, 0) > 5, seen
