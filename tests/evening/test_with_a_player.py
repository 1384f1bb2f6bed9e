"""An evening where one seat is a person at the phone (drawing through the demo's bag, tapping the
rest) and the others are the simulated people: the game goes on to its end even when a missed or
doubled read leaves the people's own game asking another seat than the table."""

from dataclasses import replace

import pytest

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw, IllegalAction, action_to_dict, legal_moves, waiting_for
from companion.evening import DEMO, Agenda, RandomThinker


def _pass_time(demo, seconds: float) -> None:
    passed: list[bool] = []
    demo.evening.agenda.after(seconds, lambda: passed.append(True))
    demo.evening.run(until=lambda: bool(passed))


def play_with_a_person(tmp_path, seed: int, inputs: int = 2000):
    """Seat 0 plays as the random player would, on its phone; the people play seats 1 and 2."""
    demo = build_demo(["Ann", "Ben", "Cleo"], tmp_path / "night.sqlite3", seed=seed, cards=True, people=DEMO,
                      bots={1: RandomThinker(seed + 1), 2: RandomThinker(seed + 2)}, agenda=Agenda())
    table, person = demo.table, RandomPlayer(seed)
    for _ in range(inputs):
        demo.evening.run(until=lambda: 0 in waiting_for(table.state))
        table.wait_for_reads()
        for held in table.held(0):  # "was it drawn?": only the chip Ann took out
            table.answer_read(held.id, held.payload.get("chip") == demo.evening.seats[0].drawn, "web")
        if table.state.phase == "game_over":
            break
        moves = replace(legal_moves(table.state, 0), returns=())  # the people pour the chips back
        if 0 not in waiting_for(table.state) or not moves.actions():
            _pass_time(demo, 1.0)
            continue
        action = person.act(table.state, 0, moves)
        try:
            if isinstance(action, Draw):
                demo.draw(0)
                _pass_time(demo, 1.0)
            else:
                table.submit(action_to_dict(action), "web")
        except IllegalAction:  # a chip just put back, nothing to draw yet: Ann waits a moment
            _pass_time(demo, 4.0)
    return demo


@pytest.mark.parametrize("seed", [4, 11])
def test_a_person_and_the_simulated_people_play_the_game_to_its_end(tmp_path, seed):
    demo = play_with_a_person(tmp_path, seed)
    assert demo.table.state.phase == "game_over", (
        f"stopped in round {demo.table.state.round}, {demo.table.state.phase}, waiting for "
        f"{waiting_for(demo.table.state)}; the people's game: {demo.evening.truth.phase}")
    assert demo.table.state.winners
    demo.evening.stop()
    demo.table.close()


def test_a_tap_on_draw_just_after_the_chips_went_in_says_wait_not_empty(tmp_path):
    """Ann's phone asks for a chip a moment after her chips went into the bag: a chip taken out then
    would pass the reader in the same pass, so the tap is refused with "draw again in a moment"
    (not "the bag is empty"); a few seconds later the same tap draws."""
    demo = build_demo(["Ann", "Ben", "Cleo"], tmp_path / "night.sqlite3", seed=3, cards=True, people=DEMO,
                      bots={1: RandomThinker(4), 2: RandomThinker(5)}, agenda=Agenda())
    table, people = demo.table, demo.evening
    people.run(until=lambda: people.truth.phase == "brewing" and 0 in waiting_for(table.state))
    table.wait_for_reads()
    bag = list(people.truth.seats[0].bag)
    assert len(bag) == 9, "Ann's starting bag"
    for chip in bag:  # poured back in just now
        people.passed_at[(0, chip)] = people.agenda.now()
    with pytest.raises(IllegalAction) as refused:
        demo.draw(0)
    assert refused.value.code == "chips_settling"
    assert len(table.state.seats[0].bag) == 9, "nothing was drawn"
    _pass_time(demo, 4.0)
    demo.draw(0)
    table.wait_for_reads()
    assert len(table.state.seats[0].bag) == 8, "the tap a moment later draws a chip"
