"""The demo table plays a complete game through its simulated bags, with nothing refused."""

import pytest

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw, Return, action_to_dict


@pytest.mark.parametrize("tubes", [False, True], ids=["pots", "test tubes"])
def test_a_whole_demo_game_through_the_simulated_bags(tmp_path, tubes):
    demo = build_demo(["Ann", "Ben", "Cleo"], tmp_path / "demo.sqlite3", seed=3, tubes=tubes)
    table = demo.table
    player = RandomPlayer(3)
    draws = 0
    while table.state.phase != "game_over":
        table.wait_for_reads()
        action = player.choose(table.state)
        if isinstance(action, Draw):
            assert demo.draw(action.seat) is not None
            draws += 1
        elif not isinstance(action, Return):  # the simulated players put chips back themselves
            table.submit(action_to_dict(action), "web")
    table.wait_for_reads()
    assert table.anomalies() == []
    assert table.state.winners
    assert (max(seat.tube for seat in table.state.seats) > 0) == tubes
    assert all(not seat.returning for seat in table.state.seats)
    kinds = [c.action_dict["kind"] for c in table.counted()]
    assert kinds.count("draw") == draws and kinds.count("return") > draws / 3
    table.close()
