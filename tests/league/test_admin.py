"""The league's admin pages behind their own password, and public pages that show names and scores only."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from companion.codes import shown
from companion.league import settings, tables
from companion.league.app import create_league_app
from companion.league.ingest import ingest_game, ingest_live, pushed_game

from .games import push

PASSWORD = "correct horse battery"


@pytest.fixture
def app(league):
    with league.connection() as conn:
        settings.set_password(conn, PASSWORD)
    return create_league_app(league, name="Thursday club")


def signed_in(app):
    client = app.test_client()
    assert client.post("/admin/login", data={"password": PASSWORD}).status_code == 302
    return client


def token(client) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', client.get("/admin").get_data(as_text=True)).group(1)


def test_admin_pages_need_the_password(app):
    client = app.test_client()
    assert client.get("/admin").headers["Location"].endswith("/admin/login")
    assert client.post("/admin/tables", data={"name": "Sneaky"}).status_code == 302
    wrong = client.post("/admin/login", data={"password": "guess"})
    assert wrong.status_code == 401 and "Wrong password." in wrong.get_data(as_text=True)
    assert signed_in(app).get("/admin").status_code == 200


def test_a_form_without_the_sessions_token_is_refused(app):
    client = signed_in(app)
    assert client.post("/admin/tables", data={"name": "Table 9"}).status_code == 403
    assert client.post("/admin/tables", data={"name": "Table 9", "csrf": token(client)}).status_code == 200


def test_a_new_tables_key_is_shown_once_opens_the_api_and_stops_when_revoked(app, league):
    client = signed_in(app)
    page = client.post("/admin/tables", data={"name": "Window table", "csrf": token(client)}).get_data(as_text=True)
    key = re.search(r"<code>(qlt_[^<]+)</code>", page).group(1)
    assert key not in client.get("/admin").get_data(as_text=True)  # shown only once
    auth = {"Authorization": f"Bearer {key}"}
    assert client.post("/api/v1/games", json=push(("Ann", "Ben"), 4), headers=auth).status_code == 200
    with league.connection() as conn:
        table_id = tables.authenticate(conn, key)
    client.post(f"/admin/tables/{table_id}/revoke", data={"csrf": token(client)})
    assert client.post("/api/v1/games", json=push(("Ann", "Ben"), 5), headers=auth).status_code == 401
    assert app.test_client().post("/api/v1/live", json={}, headers={"Authorization": "Bearer nonsense"}).status_code == 401


def test_a_new_player_gets_a_card_with_the_code_that_public_pages_never_show(app, league):
    client = signed_in(app)
    card = client.post("/admin/players", data={"name": "Ann", "csrf": token(client)})
    page = client.get(card.headers["Location"]).get_data(as_text=True)
    code = re.search(r'<p class="code">([A-Z0-9-]+)</p>', page).group(1)
    assert "<svg" in page
    with league.connection() as conn:
        table_id, _ = tables.add_table(conn, "Table 1", "test")
        ingest_game(conn, table_id, pushed_game(push(("Ann", "Ben", "Cat"), 1, codes=[code, None, None])))
        ingest_live(conn, table_id, {"game": "g2", "started_at": datetime.now(UTC).isoformat(), "seq": 3, "round": 1,
                                     "phase": "brewing", "seats": [{"name": "Ann", "score": 0, "status": "brewing"}]})
    public = app.test_client()
    for path in ("/", "/players/1", "/room", "/room.json"):
        text = public.get(path).get_data(as_text=True)
        assert "Ann" in text
        assert code not in text and code.replace("-", "") not in text
        assert "qlt_" not in text and "quacks-transcript" not in text


def test_merging_two_players_moves_their_games_and_is_in_the_audit_trail(app, league):
    with league.connection() as conn:
        table_id, _ = tables.add_table(conn, "Table 1", "test")
        ingest_game(conn, table_id, pushed_game(push(("Annie", "Ben", "Cat"), 1)))
        ingest_game(conn, table_id, pushed_game(push(("Ann", "Ben", "Cat"), 2, hour=1)))
        ids = dict(conn.execute("SELECT name, id FROM players").fetchall())
    client = signed_in(app)
    page = client.post("/admin/players/merge", data={"merged": ids["Annie"], "into": ids["Ann"], "csrf": token(client)})
    assert "Merged: 1 game seats moved." in page.get_data(as_text=True)
    with league.connection() as conn:
        games = conn.execute("SELECT count(*) FROM game_seats WHERE player_id = %s", (ids["Ann"],)).fetchone()[0]
        actor, action, detail = conn.execute("SELECT actor, action, detail FROM audit WHERE action = 'merge_players'").fetchone()
    assert games == 2
    assert actor.startswith("admin@") and detail["merged_name"] == "Annie" and detail["into_name"] == "Ann"
    assert client.get(f"/players/{ids['Annie']}").headers["Location"].endswith(f"/players/{ids['Ann']}")
    # a later push naming Annie (a guest by name) is Ann's now
    with league.connection() as conn:
        ingest_game(conn, table_id, pushed_game(push(("Annie", "Ben", "Dan"), 3, hour=2)))
        assert conn.execute("SELECT count(*) FROM game_seats WHERE player_id = %s", (ids["Ann"],)).fetchone()[0] == 3
    refused = client.post("/admin/players/merge", data={"merged": ids["Annie"], "into": ids["Ben"], "csrf": token(client)})
    assert refused.status_code == 400 and "already merged" in refused.get_data(as_text=True)


def test_the_pages_speak_spanish(app, league):
    with league.connection() as conn:
        table_id, _ = tables.add_table(conn, "Mesa 1", "test")
        ingest_game(conn, table_id, pushed_game(push(("Ana", "Bea"), 1)))
    client = app.test_client()
    client.set_cookie("lang", "es")
    page = client.get("/").get_data(as_text=True)
    assert "Clasificación" in page and "Standings" not in page
    assert "Pantalla de la sala" in client.get("/room").get_data(as_text=True)


def test_card_shows_the_code_as_printed(league):
    from companion.codes import new_code
    code = new_code()
    assert shown(code) == f"{code[:3]}-{code[3:]}"
