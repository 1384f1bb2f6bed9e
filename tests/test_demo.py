"""The demo table plays a complete game through its simulated bags, with nothing refused."""

import pytest

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw, Return, action_to_dict, book_sets, catalog
from companion.evening import CAREFUL, AdvisorThinker, Agenda
from companion.workers import Worker


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


def test_advisor_bots_play_a_whole_demo_game_through_the_simulated_bags(tmp_path):
    """The bots are people at the table whose choices the advisor makes, in a worker process."""
    pool = Worker()
    demo = build_demo(["Ann", "Ben"], tmp_path / "demo.sqlite3", seed=5, cards=True, people=CAREFUL,
                      bots={n: AdvisorThinker(50 + n, pool) for n in (0, 1)}, agenda=Agenda())
    demo.evening.run()
    pool.shutdown()
    assert demo.table.state.phase == "game_over", f"stalled in round {demo.table.state.round}"
    assert demo.table.anomalies() == [] and demo.evening.tally.slips == []
    assert demo.table.state.winners
    demo.table.close()


def test_the_demo_deals_random_books_with_its_seed_and_records_the_sets(tmp_path):
    from companion.cli import build_parser
    from companion.commands.options import book_choice

    args = build_parser().parse_args(["demo", "--books", "random", "--edition", "schmidt"])
    dealt = []
    for n in range(2):
        demo = build_demo(["Ann", "Ben"], tmp_path / f"demo{n}.sqlite3", seed=7, books=book_choice(args),
                          edition=args.edition)
        config = demo.table.config
        assert config.edition == "schmidt"
        assert all(config.books[color] in book_sets(color) for color in catalog.BOOK_COLORS)
        assert demo.table.setup.to_dict()["game"]["books"] == dict(config.books), "the journal keeps the sets"
        dealt.append(dict(config.books))
        demo.table.close()
    assert dealt[0] == dealt[1], "the same seed deals the same books"


def test_the_demo_from_the_command_line_keeps_pythons_objects_in_glibcs_malloc():
    """So the memory a crowd of pages used goes back to the system when they leave (webapp/memory.py)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from companion.webapp.memory import MALLOC_TRIM

    if MALLOC_TRIM is None:
        pytest.skip("not glibc: nothing to give back")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONMALLOC"}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "demo", "--no-browser", "--port", "0"],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=Path(__file__).parents[1])
    try:
        assert "Demo table" in proc.stdout.readline()
        environ = Path(f"/proc/{proc.pid}/environ").read_bytes().split(b"\0")
        assert b"PYTHONMALLOC=malloc" in environ, "the same process, restarted with glibc's malloc"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()


def test_the_demo_on_the_local_network_says_so_and_prints_the_address_phones_use():
    """`quacks demo --lan`: phones on the same Wi-Fi join by the host page's QR codes."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    proc = subprocess.Popen([sys.executable, "-m", "companion", "demo", "--lan", "--no-browser", "--port", "0"],
                            stdout=subprocess.PIPE, text=True, env=dict(os.environ), cwd=Path(__file__).parents[1])
    try:
        said = proc.stdout.readline()
        assert "on the local network" in said and "QR codes" in said
        host = proc.stdout.readline()
        assert "from a phone: http://" in host and "/host" in host
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()
