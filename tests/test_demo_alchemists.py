"""The demo table plays whole games with The Alchemists through its simulated bags, random players
and the advisor bots, with nothing refused."""

from companion.autoplay import RandomPlayer
from companion.bots import Bots
from companion.commands.demo import build_demo
from companion.engine import Draw, Return, action_to_dict


def test_a_whole_demo_game_with_the_alchemists_through_the_simulated_bags(tmp_path):
    demo = build_demo(["Ann", "Ben", "Cleo"], tmp_path / "demo.sqlite3", seed=4, expansions=("alchemists",))
    table = demo.table
    player = RandomPlayer(4)
    while table.state.phase != "game_over":
        table.wait_for_reads()
        action = player.choose(table.state)
        if isinstance(action, Draw):
            assert demo.draw(action.seat) is not None
        elif not isinstance(action, Return):  # the simulated players put chips back themselves
            table.submit(action_to_dict(action), "web")
    table.wait_for_reads()
    assert table.anomalies() == []
    assert table.state.winners and all(seat.patient for seat in table.state.seats)
    table.close()


def test_advisor_bots_play_a_whole_demo_game_with_the_alchemists(tmp_path):
    demo = build_demo(["Ann", "Ben"], tmp_path / "demo.sqlite3", seed=6, expansions=("alchemists",))
    bots = Bots(demo, {0, 1}, host=True, pause=0)
    moves = 0
    while bots.move():
        moves += 1
    demo.table.wait_for_reads()
    assert demo.table.state.phase == "game_over", f"stalled after {moves} moves in {demo.table.state.phase}"
    assert demo.table.anomalies() == []
    demo.table.close()
