"""Fortune Teller cards at a demo table: drawn by the table, read from the simulated bags, replayed."""

import random
import time

import pytest

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw, Fortune, IllegalAction, Return, action_to_dict, apply, new_game, state_to_dict
from companion.evening import DEMO, Agenda


def test_a_scripted_game_with_cards_through_the_table_equals_its_replay(tmp_path):
    demo = build_demo(["Ann", "Ben", "Cleo"], tmp_path / "demo.sqlite3", seed=5)
    table = demo.table
    player = RandomPlayer(5)
    deck = iter(["P11", "P12", "B09", "B08", "P05", "B06", "P08", "P07", "B05"])  # looks, restarts, choices
    while table.state.phase != "game_over":
        table.wait_for_reads()
        action = player.choose(table.state)
        if isinstance(action, Fortune):
            table.submit({"kind": "fortune", "card": next(deck)}, "host")
        elif isinstance(action, Draw):  # a card's look, or brewing: the bag's reader sees the chip
            assert demo.draw(action.seat) is not None
        elif not isinstance(action, Return):
            table.submit(action_to_dict(action), "web")
    table.wait_for_reads()
    assert table.anomalies() == []
    assert table.state.cards_used == ["P11", "P12", "B09", "B08", "P05", "B06", "P08", "P07", "B05"]
    again, events = new_game(table.config), []
    for counted in table.counted():
        events += [e["event"] for e in apply(again, counted.action)]
    assert state_to_dict(again) == state_to_dict(table.state)
    assert events.count("card_total") == 3  # Less Is More: everyone looked
    assert events.count("revealed") >= 3 * 4 + 3 * 5  # the looks were reads from the bags
    table.close()


def test_draw_one_for_us_only_while_the_round_waits_for_its_card(tmp_path):
    demo = build_demo(["Ann", "Ben"], tmp_path / "demo.sqlite3", seed=1)
    table = demo.table
    outcome = table.draw_card(random.Random(2))
    assert table.state.fortune in table.state.cards_used and outcome.seq == table.seq
    with pytest.raises(IllegalAction) as err:
        table.draw_card(random.Random(2))
    assert err.value.code == "no_card_to_draw"
    assert table.anomalies() == []
    table.close()


def test_the_demo_s_people_turn_up_a_card_by_themselves_each_round(tmp_path):
    demo = build_demo(["Ann", "Ben"], tmp_path / "demo.sqlite3", seed=4, cards=True, people=DEMO, agenda=Agenda())
    table = demo.table
    demo.evening.start()
    deadline = time.monotonic() + DEMO.card + 10
    while table.state.fortune is None and time.monotonic() < deadline:
        time.sleep(0.02)
    demo.evening.stop()
    assert table.state.cards_used and table.state.fortune == table.state.cards_used[0]
    assert table.counted()[0].entry.source == "table", "turned up at the table screen"
    table.close()
