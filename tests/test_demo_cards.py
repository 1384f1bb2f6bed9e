"""Fortune Teller cards at a demo table: drawn by the table, read from the simulated bags, replayed."""

import random
import time

import pytest

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw, Fortune, IllegalAction, Return, action_to_dict, replay, state_to_dict


def test_a_scripted_game_with_cards_through_the_table_equals_its_replay(tmp_path):
    demo = build_demo(["Ann", "Ben", "Cleo"], tmp_path / "demo.sqlite3", seed=5)
    table = demo.table
    player, rng = RandomPlayer(5, cards=True), random.Random(5)
    while table.state.phase != "game_over":
        table.wait_for_reads()
        action = player.choose(table.state)
        if isinstance(action, Fortune):
            table.draw_card(rng)  # the "draw one for us" button
        elif isinstance(action, Draw):  # a card's look, or brewing: the bag's reader sees the chip
            assert demo.draw(action.seat) is not None
        elif not isinstance(action, Return):
            table.submit(action_to_dict(action), "web")
    table.wait_for_reads()
    assert table.anomalies() == []
    used = table.state.cards_used
    assert len(used) == 9 == len(set(used))
    again = replay(table.config, [c.action for c in table.counted()])
    assert state_to_dict(again) == state_to_dict(table.state)
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


def test_the_demo_turns_up_a_card_by_itself_each_round(tmp_path):
    demo = build_demo(["Ann", "Ben"], tmp_path / "demo.sqlite3", seed=4, cards=True)
    table = demo.table
    deadline = time.monotonic() + 10
    while table.state.fortune is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert table.state.cards_used and table.state.fortune == table.state.cards_used[0]
    assert table.counted()[0].entry.source == "demo"
    table.close()
