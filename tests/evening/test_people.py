"""The simulated people themselves: a seat whose player fails still plays."""

from concurrent.futures import Future

from companion.commands.demo import build_demo
from companion.evening import CAREFUL, Agenda, RandomThinker


def test_a_seat_whose_player_fails_is_played_at_random_rather_than_stalling_the_table(tmp_path):
    def broken(state, seat, moves):  # a worker process that died
        failed: Future = Future()
        failed.set_exception(RuntimeError("the worker process was killed"))
        return failed

    demo = build_demo(["Ann", "Ben"], tmp_path / "broken.sqlite3", 3, cards=True, people=CAREFUL,
                      bots={0: broken, 1: RandomThinker(1)}, agenda=Agenda())
    demo.evening.run()
    assert demo.table.state.phase == "game_over" and demo.evening.tally.slips == []
    demo.table.close()
