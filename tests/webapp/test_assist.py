"""The table's assist setting: what a seat's phone shows of its next draw, and never the table."""

from __future__ import annotations

import multiprocessing
import os
import queue
import random
import signal
import threading
import time

import pytest

from companion.advice import TooDeep, advise, certified, may_draw
from companion.advising import LIVE_LIMIT, answer
from companion.autoplay import RandomPlayer
from companion.engine import (
    Draw,
    Fortune,
    GameConfig,
    IllegalAction,
    Return,
    Stop,
    legal_actions,
    new_game,
    step,
    waiting_for,
)
from companion.store import Database
from companion.table import TableSetup, start_game
from companion.webapp import create_app
from companion.webapp.asking import HOLD_SECONDS, Questions
from companion.webapp.assist import Assist
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
    monkeypatch.setattr("companion.advising.certified", lambda state, seat_no: None)
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


def random_inputs(table, seed: int, stop_at: int = 4):
    """Random legal inputs, each state before the next; a seat stops once `stop_at` chips are in its pot."""
    rng = random.Random(seed)
    while True:
        table.wait_for_reads()
        state = table.state
        yield state
        seat = rng.choice(waiting_for(state))
        choices = [a for a in legal_actions(state, seat) if not isinstance(a, Return)]
        stops = [a for a in choices if isinstance(a, Stop)]
        pick = stops[0] if stops and len(state.seats[seat].pot) >= stop_at else rng.choice(choices) if choices else None
        if pick is not None:
            try:
                table.submit(pick, "test")
            except IllegalAction:
                continue


def shop_turn(table) -> int:
    """Random legal inputs until a seat with 8 coins or more shops in round 2; that seat (the seats
    stop at 6 chips in the pot, so they have coins to spend)."""
    for state in random_inputs(table, 3, stop_at=6):
        if state.phase == "shop" and state.round == 2 and state.shopper is not None \
                and state.seats[state.shopper].coins >= 8:
            return state.shopper
        assert state.round <= 2, "no seat had 8 coins in round 2's shop"
    raise AssertionError("unreachable")


def worked_out(host: Phone, seat: int, part: str) -> dict:
    """The seat's shop advice or its questions' (`part`), once worked out between the renders."""
    deadline = time.monotonic() + 30
    while (found := host.view(seat)["assist"]["advice"][part]).get("searching") and time.monotonic() < deadline:
        time.sleep(0.05)
    return found


def test_the_seat_in_the_shop_is_told_what_each_chip_adds_and_what_to_buy(host, table_and_demo):
    table, _ = table_and_demo
    assert host.post("/api/host/assist", {"level": "advice"}).status_code == 200
    seat = shop_turn(table)
    first = host.view(seat)["assist"]["advice"]["shop"]
    assert first.get("searching") or first["chips"]  # worked out between the pages' renders
    shop = worked_out(host, seat, "shop")
    coins = table.state.seats[seat].coins
    assert shop["coins"] == coins and shop["rounds"] == 7 and shop["chips"]
    assert all(c["cost"] <= coins for c in shop["chips"]) and all(b["cost"] <= coins for b in shop["best"])
    # the same advice comes alone in the seat's advice event
    assert host.game.advice(f"seat:{seat}")["shop"] == shop
    # the advice event sets what the view holds, at the same place: a page fed the event and then
    # patches holds the view the server renders (else a patch meets a part the page does not have)
    assert host.game.advice(f"seat:{seat}") == host.view(seat)["assist"]["advice"]
    later = [n for n in table.state.turn_order() if n != seat and table.state.seats[n].coins > 0]
    for other in range(len(table.state.seats)):
        if other != seat and other not in later:
            assert "shop" not in host.view(other)["assist"]["advice"]  # done shopping, or no coins
    host.post("/api/host/assist", {"level": "odds"})
    assert "advice" not in host.view(seat)["assist"]


def test_an_exploded_pot_and_the_ruby_spends_are_advised_on_the_phone(host, table_and_demo):
    table, _ = table_and_demo
    assert host.post("/api/host/assist", {"level": "advice"}).status_code == 200
    seen = set()
    for state in random_inputs(table, 5, stop_at=6):
        if state.round >= 4:
            break
        for n in range(len(state.seats)):
            reward = any(d.rule == "core/reward" for d in state.decisions_for(n))
            spending = state.phase == "spend" and not state.seats[n].done and state.seats[n].rubies >= 2
            if (reward or spending) and ("reward" if reward else "spend") not in seen:
                found = worked_out(host, n, "choices")
                if reward:
                    q = found["questions"][0]
                    assert q["rule"] == "core/reward" and q["best"] in ("points", "coins") and q["valued"]
                else:
                    assert found["spends"]["best"] in ("droplet", "flask", "done")
                assert host.game.advice(f"seat:{n}")["choices"] == found  # and in the seat's advice event
                seen.add("reward" if reward else "spend")
    assert seen == {"reward", "spend"}


def test_the_advice_worker_killed_mid_question_is_started_again_and_the_advice_comes_back(host, table_and_demo):
    """The worker dies (out of memory, killed) while it values the shop: the pages go on meanwhile,
    a new worker is asked again, and the seat is told what to buy."""
    table, _ = table_and_demo
    assert host.post("/api/host/assist", {"level": "advice"}).status_code == 200
    seat = shop_turn(table)
    assert host.view(seat)["assist"]["advice"]["shop"] == {"seat": seat, "searching": True}
    deadline = time.monotonic() + 10
    while not (workers := multiprocessing.active_children()):
        assert time.monotonic() < deadline, "no worker was started"
        time.sleep(0.005)
    for worker in workers:
        os.kill(worker.pid, signal.SIGKILL)
    assert host.view(seat)["assist"]["advice"]["shop"] == {"seat": seat, "searching": True}, "the page goes on"
    shop = worked_out(host, seat, "shop")
    assert shop["coins"] == table.state.seats[seat].coins and shop["chips"], shop
    assert any(w.pid not in {k.pid for k in workers} for w in multiprocessing.active_children()), "a new worker"


def test_the_advice_is_asked_of_the_worker_only_once_the_pages_have_their_update():
    """While a change is on its way to the pages (the hub's ``delivered`` clear) a seat's question
    waits, so pickling it takes nothing from the update; once the pages have it the question goes
    and its answer is the one a search here finds. Pages that never settle still get their advice,
    after ``HOLD_SECONDS``."""
    state = step(new_game(GameConfig(players=("Ann", "Ben"))), Fortune(None)).state
    answers: queue.Queue[tuple[int, dict | None]] = queue.Queue()
    questions = Questions(lambda kind, seat, key, found: answers.put((seat, found)))
    questions.delivered = delivered = threading.Event()
    delivered.set()
    try:
        questions.ask("search", 0, ("seat 0",), state)
        assert answers.get(timeout=60)[0] == 0, "the worker is up"
        delivered.clear()
        questions.ask("search", 1, ("seat 1",), state)
        with pytest.raises(queue.Empty):
            answers.get(timeout=0.5 * HOLD_SECONDS)
        delivered.set()
        assert answers.get(timeout=10) == (1, answer("search", state, 1, {}))
        delivered.clear()
        asked = time.monotonic()
        questions.ask("search", 0, ("seat 0 again",), state)
        assert answers.get(timeout=10)[0] == 0
        assert time.monotonic() - asked >= 0.9 * HOLD_SECONDS
    finally:
        questions.close()
