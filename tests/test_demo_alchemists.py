"""The demo table plays whole games with The Alchemists through its simulated bags, random players
and the advisor bots, with nothing refused."""

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw, Return, action_to_dict
from companion.evening import CAREFUL, AdvisorThinker, Agenda
from companion.workers import Worker


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
    pool = Worker()
    demo = build_demo(["Ann", "Ben"], tmp_path / "demo.sqlite3", seed=6, expansions=("alchemists",), cards=True,
                      people=CAREFUL, bots={n: AdvisorThinker(60 + n, pool) for n in (0, 1)}, agenda=Agenda())
    demo.evening.run()
    pool.shutdown()
    assert demo.table.state.phase == "game_over", f"stalled in {demo.table.state.phase}"
    assert demo.table.anomalies() == [] and demo.evening.tally.slips == []
    demo.table.close()
