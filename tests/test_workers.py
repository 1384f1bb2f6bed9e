"""What goes to a worker process arrives as it was sent, and the workers give way to the server."""

from __future__ import annotations

import os
import pickle
import random
import signal
from multiprocessing.reduction import ForkingPickler

from companion import workers
from companion.autoplay import play_game
from companion.dealing import deal_setup
from companion.engine import GameConfig, catalog


def test_a_state_sent_to_a_worker_arrives_equal_after_every_input_of_a_whole_game_with_every_expansion():
    """The advice's questions carry the state as it stands (its questions and their words, the
    seats, the box): each arrives equal to the one sent, over a whole seeded game with the cards,
    random books and every expansion."""
    setup = deal_setup({color: "random" for color in catalog.BOOK_COLORS}, catalog.EXPANSIONS, random.Random(3))
    sent = 0

    def check(state, action, events):
        nonlocal sent
        arrived = pickle.loads(ForkingPickler.dumps(state))
        assert arrived == state, f"after {action}"
        assert arrived.decisions == state.decisions and arrived.asked == state.asked
        sent += 1

    play_game(GameConfig(players=("Ann", "Ben", "Cleo", "Dan", "Eve"), **setup), 3, on_step=check, cards=True)
    assert sent > 500


def test_the_bots_and_the_advice_run_below_the_serving_process():
    """A Pi whose cores are all busy (bots searching, the phones' advice) serves the pages first:
    both kinds of worker process run at a lower priority (a higher niceness) than the server."""
    serving = os.nice(0)
    pool, asked = workers.Worker(), workers.Asked()
    try:
        assert pool.submit(os.nice, 0).result(timeout=60) > serving
        assert asked.call(os.nice, 0) > serving
    finally:
        pool.shutdown()
        asked.shutdown()


def test_ctrl_c_at_the_terminal_leaves_the_workers_to_the_server():
    """Ctrl+C reaches every process of the terminal's group: the workers go on (the server ends
    them itself as it stops), rather than each dying mid-wait with a traceback on the screen."""
    pool, asked = workers.Worker(), workers.Asked()
    try:
        for pid in (pool.submit(os.getpid).result(timeout=60), asked.call(os.getpid)):
            os.kill(pid, signal.SIGINT)
        assert pool.submit(sum, [1, 2]).result(timeout=60) == 3
        assert asked.call(sum, [3, 4]) == 7
    finally:
        pool.shutdown()
        asked.shutdown()
