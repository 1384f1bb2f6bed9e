"""Whole evenings of simulated people through the table's own reader path: pots poured back in
handfuls over twenty seconds while the card is turned, chips missed or read twice, bags unplugged.
The table never shows a draw the people did not make, never loses one they made, and ends where a
replay of what they did ends."""

import os
import shutil
import tempfile
from collections import Counter
from pathlib import Path

import pytest

from companion.commands.demo import build_demo
from companion.engine import Draw, GameState, Return, apply, new_game, replay
from companion.evening import EVENING, Agenda, RandomThinker

EVENINGS = 20


def play(tmp: Path, seed: int):
    players = ["Ann", "Ben", "Cleo", "Dan"][: 2 + seed % 3]
    demo = build_demo(players, tmp / f"evening-{seed}.sqlite3", seed, cards=True, people=EVENING,
                      bots={n: RandomThinker(100 * seed + n) for n in range(len(players))}, agenda=Agenda())
    assert demo.evening is not None
    demo.evening.run()
    return demo


def draws_by_seat(actions) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for action in actions:
        if isinstance(action, Draw):
            found.setdefault(action.seat, []).append(action.chip)
    return found


def board(state: GameState) -> list[tuple]:
    """What a referee compares at the end: every seat's scores and markers, pot, bag and the cards."""
    return [(s.score, s.rubies, s.droplet, s.flask_full, s.round_scores, dict(s.final_points), sorted(s.bag), s.pot,
             s.status) for s in state.seats] + [state.phase, state.winners, state.cards_used]


@pytest.fixture(scope="module")
def evenings(tmp_path_factory):
    """The evenings' journals in memory when the machine has a tmpfs: some twelve thousand synced
    commits on a disk shared with other work take minutes and say nothing about the reads."""
    shm = Path("/dev/shm")
    tmp = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() and os.access(shm, os.W_OK) \
        else tmp_path_factory.mktemp("evenings")
    played = [play(tmp, seed) for seed in range(1, EVENINGS + 1)]
    yield played
    for demo in played:
        demo.table.close()
    shutil.rmtree(tmp, ignore_errors=True)


def test_twenty_evenings_show_no_draw_nobody_made_and_lose_none(evenings):
    for demo in evenings:
        table, people = demo.table, demo.evening
        assert table.state.phase == "game_over", f"{table.db.path.name}: stalled in round {table.state.round}"
        assert people.tally.slips == []
        made = draws_by_seat(people.people)
        read = draws_by_seat(c.action for c in table.counted())
        phantom = sum((Counter(read[n]) - Counter(made.get(n, []))).total() for n in read)
        lost = sum((Counter(made[n]) - Counter(read.get(n, []))).total() for n in made)
        assert (phantom, lost) == (0, 0)
        assert read == made, "each seat's draws in the order its hands made them"


def test_each_evening_ends_where_a_replay_of_what_the_people_did_ends(evenings):
    for demo in evenings:
        people = demo.evening
        assert board(demo.table.state) == board(replay(demo.table.config, people.people))
        assert board(people.truth) == board(demo.table.state)


def test_the_evenings_had_every_kind_of_slip_a_real_table_has(evenings):
    """Not a test of the table: that the simulator played what the evenings are meant to hold."""
    missed = sum(m.missed for demo in evenings for m in demo.evening.mouths)
    doubled = sum(m.doubled for demo in evenings for m in demo.evening.mouths)
    held = Counter(a.code for demo in evenings for a in demo.table.anomalies())
    late = 0  # pots poured back after the round's card was turned: read while their seat is brewing, pot empty
    for demo in evenings:
        state = new_game(demo.table.config)
        for item in demo.table.counted():
            if isinstance(item.action, Return) and "read" in item.entry.payload and state.phase == "brewing":
                late += not state.seats[item.action.seat].pot
            apply(state, item.action)
    unplugged = sum(m.unplugged for demo in evenings for m in demo.evening.mouths)
    assert unplugged >= 5
    assert missed > 20 and doubled > 20 and late > 100
    assert held["read_twice"] > 20 and held["returns_pending"] > 5
    answered = sum(demo.evening.tally.answered + demo.evening.tally.settled for demo in evenings)
    assert answered > 5
    returns = sum(isinstance(a, Return) for demo in evenings for a in demo.evening.people)
    assert returns > 1000
