"""The table's assist setting: what a seat's phone shows of its next draw, and never the table."""

from __future__ import annotations

import time

import pytest

from companion.advice import TooDeep, advise, certified, may_draw
from companion.autoplay import RandomPlayer
from companion.engine import Draw, Fortune, GameConfig, new_game, step
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.assist import LIVE_LIMIT, Assist
from tests.engine.scenario import draws, game, set_bag

from .conftest import PIN, Phone


def brewing(host: Phone) -> None:
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    host.post(f"/api/seat/{host.token(0)}/draw", {})


def searched(host: Phone, seat: int) -> dict:
    """The seat's advice once its search (in a thread of its own) is done."""
    deadline = time.monotonic() + 10
    while (advice := host.view(seat)["assist"]["advice"]).get("searching") and time.monotonic() < deadline:
        time.sleep(0.01)
    return advice


def test_odds_by_default_the_outlook_of_every_kind_left_in_the_bag(host):
    brewing(host)
    view = host.view(0)
    assert view["assist"]["level"] == "odds" and "advice" not in view["assist"]
    look = view["assist"]["outlook"]
    bag = view["seats"][0]["bag"]["chips"]
    assert {r["kind"]: r["count"] for r in look["chips"]} == bag
    assert abs(sum(r["probability"] for r in look["chips"]) - 1) < 1e-9
    assert "risk" in view


def test_advice_when_the_host_allows_it_and_the_table_never_shows_it(host):
    brewing(host)
    response = host.post("/api/host/assist", {"level": "advice"})
    assert response.status_code == 200 and response.get_json()["assist"] == "advice"
    assert host.view(1)["assist"]["advice"] == {"seat": 1, "advice": None, "searching": True}, "no waiting"
    deadline = time.monotonic() + 10
    while (proven := host.view(1)["assist"]["advice"])["advice"] is None and time.monotonic() < deadline:
        time.sleep(0.005)
    if "searching" in proven:  # drawing once more and stopping beats stopping now, proven before the search ends
        assert proven["advice"] == "draw" and proven["draw"]["bound"] == "at_least"
    advice = searched(host, 1)
    assert advice["advice"] == "draw" and advice["draw"]["value"] == 13.554  # the starting bag (docs/advice.md)
    assert "bound" not in advice["draw"]
    table = host.view()
    assert "assist" not in table and "risk" not in table
    assert all("risk" not in s for s in table["seats"])
    assert host.client.get("/api/view/host").get_json()["view"]["host"]["assist"] == "advice"


def test_off_shows_no_odds_and_a_bad_level_changes_nothing(host, phone):
    brewing(host)
    assert host.post("/api/host/assist", {"level": "off"}).status_code == 200
    view = host.view(0)
    assert view["assist"] == {"level": "off"} and "risk" not in view
    refused = host.post("/api/host/assist", {"level": "cheat"})
    assert refused.status_code == 400 and "off, odds, advice" in refused.get_json()["message"]
    assert phone.post("/api/host/assist", {"level": "advice"}).status_code in (401, 403)
    assert host.view(0)["assist"] == {"level": "off"}


def test_a_bag_too_big_to_search_live_keeps_the_answer_a_bound_proves():
    """Round 9 with 23 chips left needs far more than LIVE_LIMIT positions: the answer stays the
    one drawing once more and stopping proves, with its bound."""
    state = step(new_game(GameConfig(players=("Ann", "Ben"))), Fortune(None)).state
    state.round = 9
    seat = state.seats[0]
    for kind, n in {"white-1": 1, "orange-1": 3, "green-4": 3, "blue-4": 2, "blue-1": 1, "purple-1": 1,
                    "black-1": 2, "red-2": 2}.items():
        seat.bag += [state.supply[kind].pop() for _ in range(n)]
    assert len(seat.bag) > 20
    with pytest.raises(TooDeep):
        advise(state, 0, limit=LIVE_LIMIT)
    advice = Assist("advice").advice(state, 0)
    assert advice == certified(state, 0) and advice["advice"] == "draw" and advice["draw"]["bound"] == "at_least"


def test_a_bag_too_big_to_search_live_and_no_bound_says_so_instead_of_guessing(monkeypatch):
    state = step(new_game(GameConfig(players=("Ann", "Ben"))), Fortune(None)).state
    state.round = 9
    state.seats[0].bag += [state.supply[k].pop() for k in ("orange-1", "green-4", "blue-4", "black-1") for _ in range(2)]
    monkeypatch.setattr("companion.webapp.assist.certified", lambda state, seat_no: None)
    assert Assist("advice").advice(state, 0) == {"seat": 0, "advice": None, "too_deep": True}


@pytest.fixture
def late(tmp_path):
    """A two-player table played at random to round 7, seat 0 about to draw from a bag of 15 or more
    chips, the phones set to advice."""
    table = start_game(Database(tmp_path / "night.sqlite3"), TableSetup(GameConfig(players=("Ann", "Ben"))))
    player = RandomPlayer(3)
    state = table.state
    while not (state.round >= 7 and may_draw(state, 0) and not state.seats[0].pot and len(state.seats[0].bag) >= 15):
        table.submit(player.choose(state), "web")
        state = table.state
    host = Phone(create_app(table, host_pin=PIN, test_config={"TESTING": True}))
    host.login()
    assert host.post("/api/host/assist", {"level": "advice"}).status_code == 200
    yield host, table
    table.close()


def test_after_a_draw_in_a_deep_bag_the_seat_sees_the_proven_answer_first(late):
    """The update says the advice is being searched (it never waits for a bound or a search); the
    answer a bound proves follows first, then stays when the exact search gives up."""
    host, table = late
    chip = sorted(c for c in table.state.seats[0].bag if not c.startswith("white"))[0]
    table.submit(Draw(0, chip), "web")
    state = table.state
    with pytest.raises(TooDeep):
        advise(state, 0, limit=LIVE_LIMIT)  # too deep for the exact search within the live limit
    assert host.view(0)["assist"]["advice"]["searching"] is True
    deadline = time.monotonic() + 10
    while (advice := host.view(0)["assist"]["advice"])["advice"] is None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert advice in ({**certified(state, 0), "searching": True}, certified(state, 0))
    assert advice["draw"]["bound"] in ("at_least", "at_most")
    later = searched(host, 0)
    assert later["advice"] == advice["advice"] and "searching" not in later


def test_a_neighbours_black_chip_changes_the_advice_it_was_cached_with():
    """Black compares the seat's blacks with its neighbours': their draw is a new situation."""
    state = game()
    state.round = 9
    set_bag(state, 0, "white-1", "white-2", "black-1", "orange-1", "white-3", "black-1")
    set_bag(state, 1, "black-1", "white-1")
    state = draws(state, 0, "black-1")
    phones = Assist("advice")
    before = phones.advice(state, 0)
    later = draws(state, 1, "black-1")
    assert phones.advice(later, 0) == advise(later, 0) != before
