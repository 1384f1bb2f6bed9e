"""A new game from the host page once the last one is over; a running game is never replaced."""

from __future__ import annotations

import pytest

from companion.autoplay import RandomPlayer
from companion.engine import GameConfig, book_sets, catalog
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app

from .conftest import PIN, Phone

NEXT = {"players": ["Cleo", "Dan", "Eve"], "start_player": 2,
        "books": {"green": 1, "blue": 1, "red": 1, "yellow": 1, "purple": 1},
        "readers": {"bag-1": 0, "bag-2": 1, "bag-3": 2}}


@pytest.fixture
def over(tmp_path) -> Phone:
    """The host of a table whose game has been played to the end."""
    return played_out(tmp_path, TableSetup(GameConfig(players=("Ana", "Ben")), {"bag-1": 0, "bag-2": 1}))


def played_out(folder, setup: TableSetup) -> Phone:
    """The host of a table with this setup, its game played to the end."""
    table = start_game(Database(folder / "table.sqlite3"), setup)
    player = RandomPlayer(5)
    while table.state.phase != "game_over":
        table.submit(player.choose(table.state), "web")
    phone = Phone(create_app(table, host_pin=PIN, secret_key="s", test_config={"TESTING": True}))
    phone.login()
    return phone


def form(phone: Phone) -> dict:
    return phone.client.get("/api/view/host").get_json()["view"]["host"]["new_game"]


def test_a_new_game_replaces_a_finished_one(over):
    old = over.game.table
    colors = ["green", "blue", "red", "yellow", "purple"]
    shown = form(over)
    assert [len(k["witches"]) for k in shown.pop("witch_types")] == [4, 4, 4]
    assert shown == {"allowed": True, "colors": [*colors, "locoweed", "black"],
                     "sets": {**{c: book_sets(c) for c in [*colors, "locoweed"]}, "black": [0, 5, 6]},
                     "locoweed_boxes": ["alchemists", "witches"],
                     "random": "random", "base": 0, "books": dict.fromkeys(colors, 1),
                          "editions": [{"id": key, "name": e.name} for key, e in catalog.EDITIONS.items()],
                          "edition": "northstar",
                          "readers": ["bag-1", "bag-2"], "players": ["Ana", "Ben"], "tubes": False,
                          "expansions": [], "all_expansions": ["witches", "alchemists", "exchange"],
                          "stand": "green", "stands": ["green", "brown"], "witches": [], "league": False}
    switched = []
    over.game.switched.append(switched.append)
    r = over.post("/api/host/game", NEXT)
    assert r.status_code == 200
    table = over.game.table
    assert table is not old and switched == [table] and r.get_json()["game"] == table.game_id
    view = over.view()
    assert [s["name"] for s in view["seats"]] == ["Cleo", "Dan", "Eve"]
    assert view["phase"] == "fortune" and view["start_player"] == 2 and view["round"] == 1
    assert table.setup.readers == {"bag-1": 0, "bag-2": 1, "bag-3": 2}
    assert over.client.get(f"/s/{over.token(2)}").status_code == 200, "the new game's seat links work"
    assert form(over)["allowed"] is False


def test_a_set_the_engine_lacks_is_refused_with_the_engines_reason(over):
    before = over.view()
    missing = next(n for n in range(2, 10) if n not in book_sets("blue"))
    r = over.post("/api/host/game", {**NEXT, "books": {**NEXT["books"], "blue": missing}})
    assert r.status_code == 400 and r.get_json()["error"] == "bad_setup"
    assert r.get_json()["message"] == f"blue set {missing} is not available; available: {book_sets('blue')}"
    assert over.view() == before


def test_random_books_are_dealt_at_creation_and_the_edition_is_the_one_chosen(over):
    r = over.post("/api/host/game", {**NEXT, "books": {**NEXT["books"], "red": "random", "purple": "random"},
                                     "edition": "first-translation"})
    assert r.status_code == 200
    table = over.game.table
    assert table.config.edition == "first-translation"
    assert table.config.books["red"] in book_sets("red") and table.config.books["purple"] in book_sets("purple")
    assert table.setup.to_dict()["game"]["books"] == dict(table.config.books), "the sets dealt are recorded"
    view = over.view()
    assert view["setup"]["edition"] == "first-translation"
    assert view["books"]["green"]["prices"] == {"1": 4, "2": 8, "4": 14}


@pytest.mark.parametrize("change, reason", [
    ({"players": ["Solo"]}, "the game is for 2 to 4 players, not 1"),
    ({"players": "Ana"}, "players must be a list of names"),
    ({"players": ["Ana", " "]}, "player names must be 1 to 40 characters"),
    ({"start_player": 5}, "start_player must be a seat number from 0 to 2"),
    ({"tubes": "yes"}, "tubes must be true"),
    ({"edition": "german"}, "edition must be one of northstar, schmidt, first-translation, spanish, not 'german'"),
    ({"edition": ["schmidt"]}, "edition must be a name in quotes, not ['schmidt']"),
    ({"books": {"blue": "two"}}, "blue: choose a set number or \"random\", not 'two'"),
    ({"books": {"orange": 1}}, "no books to choose for orange"),
    ({"books": ["random"]}, "books must map a colour to a set number or \"random\""),
    ({"readers": {"bag-1": 7}}, "readers must map a reader's name to a seat number"),
    ({"readers": {"bag-1": 0, "bag-2": 0}}, "two readers feed the same seat"),
    ({"expansions": ["witches", "dragons"]}, "unknown expansion(s): dragons"),
    ({"expansions": "witches"}, "expansions must be a list of names"),
    ({"expansions": ["exchange"], "tubes": True}, "Wolfgang's Exchange Office is played only with the front side"),
    ({"players": ["A", "B", "C", "D", "E"]}, "the game is for 2 to 4 players, not 5 (a fifth player needs The Herb"),
    ({"books": {**NEXT["books"], "red": 6}}, "red set 6: sets 5 and 6 come with The Herb Witches"),
    ({"books": {**NEXT["books"], "black": 5}}, "black set 5: sets 5 and 6 come with The Herb Witches"),
    ({"books": {**NEXT["books"], "black": 3}, "expansions": ["witches"]}, "black set 3 is not available"),
])
def test_a_bad_setup_is_refused_and_nothing_changes(over, change, reason):
    before = over.view()
    r = over.post("/api/host/game", {**NEXT, **change})
    assert r.status_code == 400 and r.get_json()["error"] == "bad_setup"
    assert r.get_json()["message"].startswith(reason)
    assert over.view() == before


def test_a_running_game_is_not_replaced_and_guests_cannot_start_one(app, host):
    before = host.view()
    assert form(host)["allowed"] is False
    r = host.post("/api/host/game", NEXT)
    assert r.status_code == 409 and r.get_json()["error"] == "game_running"
    r = Phone(app).post("/api/host/game", NEXT)
    assert r.status_code == 403 and r.get_json()["error"] == "not_host"
    r = host.post("/api/host/game", data="[]", content_type="application/json")
    assert r.status_code == 400 and r.get_json()["error"] == "malformed_json"
    assert host.view() == before


def test_the_new_game_can_be_played_on_the_test_tube_side(over):
    assert form(over)["tubes"] is False
    assert over.post("/api/host/game", {**NEXT, "tubes": True}).status_code == 200
    assert over.view()["setup"]["tubes"] is True and [s["tube"] for s in over.view()["seats"]] == [0, 0, 0]


def test_the_form_names_the_editions_in_the_page_language(over):
    assert [e["name"] for e in form(over)["editions"]][-2:] == ["The first English translation", "Spanish"]
    over.client.get("/lang/es?next=/host")
    assert [e["name"] for e in form(over)["editions"]][-2:] == ["La primera traducción inglesa", "Español"]


def test_the_herb_witches_seat_a_fifth_player_and_the_setup_records_the_expansions(over):
    five = {**NEXT, "players": ["Ana", "Ben", "Cy", "Di", "Ed"], "readers": {},
            "expansions": ["witches", "exchange"], "stand": "brown"}
    assert over.post("/api/host/game", five).status_code == 200
    setup = over.view()["setup"]
    assert len(over.view()["seats"]) == 5
    assert (setup["expansions"], setup["stand"]) == (["exchange", "witches"], "brown")
    assert form(over)["expansions"] == ["exchange", "witches"]
    assert [w.split("-")[1][0] for w in setup["witches"]] == ["E", "B", "G"], "one of each type, dealt"


def test_with_the_herb_witches_sets_5_and_6_and_a_black_book_are_played(over):
    r = over.post("/api/host/game", {**NEXT, "books": {**NEXT["books"], "red": 6, "black": 5}, "expansions": ["witches"]})
    assert r.status_code == 200
    books = over.game.table.config.books
    assert (books["red"], books["black"]) == (6, 5)
    assert over.view()["books"]["black"]["prices"] == {"1": 10}
    r = over.post("/api/host/game", {**NEXT, "books": {**NEXT["books"], "black": 0}})
    assert r.status_code == 409, "the game just created is running"


def test_the_locoweed_book_is_chosen_with_a_box_that_brings_it(over):
    before = over.view()
    r = over.post("/api/host/game", {**NEXT, "expansions": ["witches"], "books": {**NEXT["books"], "locoweed": 8}})
    assert r.status_code == 400 and r.get_json()["message"] == \
        "locoweed book 8 is not in the boxes in play; available: 5, 6"
    assert over.view() == before
    assert over.post("/api/host/game", {**NEXT, "expansions": ["witches"],
                                        "books": {**NEXT["books"], "locoweed": 6}}).status_code == 200
    view = over.view()
    assert view["setup"]["books"]["locoweed"] == 6 and view["books"]["locoweed"]["rule"] == "locoweed/6"
    assert view["books"]["orange"]["prices"] == {"1": 3, "6": 22}


def test_the_host_chooses_witches_and_the_rest_are_dealt(over):
    chosen = {**NEXT, "readers": {}, "expansions": ["witches"], "witches": ["H-B3"]}
    assert over.post("/api/host/game", chosen).status_code == 200
    setup = over.view()["setup"]
    assert setup["witches"][1] == "H-B3" and len(setup["witches"]) == 3
    assert [k["type"] for k in form(over)["witch_types"]] == ["explosion", "buying", "points"]
    assert form(over)["witches"] == setup["witches"]


@pytest.mark.parametrize(("witches", "reason"), [
    (["H-E1", "H-E2"], "one of each type"), (["H-Z1"], "unknown witch"), ("H-E1", "witches must be a list"),
])
def test_a_witch_choice_the_rules_refuse_is_a_400(over, witches, reason):
    body = {**NEXT, "readers": {}, "expansions": ["witches"], "witches": witches}
    reply = over.post("/api/host/game", body)
    assert reply.status_code == 400 and reply.get_json()["error"] == "bad_setup" and reason in reply.get_json()["message"]


@pytest.fixture
def league_table(tmp_path) -> Phone:
    """The host of a table in a league whose game (Ana with her code, Ben a guest) has ended."""
    return played_out(tmp_path, TableSetup(GameConfig(players=("Ana", "Ben")), league=True, codes=(ANA, "")))


ANA = "FDG9W3"


def test_a_table_in_a_league_asks_each_seats_player_code(league_table):
    shown = form(league_table)
    assert shown["league"] is True and shown["codes"] == ["FDG-9W3", ""]
    fresh = shown["fresh_codes"]
    assert len(set(fresh)) == len(fresh) == 5
    r = league_table.post("/api/host/game", {**NEXT, "codes": ["", "fdg 9w3", fresh[2]]})
    assert r.status_code == 200
    setup = league_table.game.table.setup
    assert setup.league and setup.codes == ("", ANA, fresh[2].replace("-", ""))


@pytest.mark.parametrize("codes, reason", [(["FDG-9W4"], "mistyped"), (["FDG9W3", "FDG-9W3"], "same player code"),
                                           (["FDG9W"], "6 characters")])
def test_a_mistyped_or_repeated_code_is_refused_at_the_table(league_table, codes, reason):
    old = league_table.game.table
    r = league_table.post("/api/host/game", {**NEXT, "codes": codes})
    assert r.status_code == 400 and reason in r.get_json()["message"]
    assert league_table.game.table is old
