"""A whole game with all three expansions at the demo table: every draw, look and chip a witch or a
patient brings is read from the simulated bags, and the journal replays to the same state."""

import random

from companion.autoplay import RandomPlayer
from companion.commands.demo import build_demo
from companion.engine import Draw, Fortune, Return, action_to_dict, apply, new_game, state_to_dict
from companion.engine.cards import available


def test_a_whole_game_with_every_expansion_from_the_simulated_bags_equals_its_replay(tmp_path):
    demo = build_demo(["Ann", "Ben", "Cleo", "Dan", "Eva"], tmp_path / "demo.sqlite3", seed=7,
                      expansions=("alchemists", "exchange", "witches"), stand="brown")
    table = demo.table
    player, deck = RandomPlayer(7), random.Random(7)
    while table.state.phase != "game_over":
        table.wait_for_reads()
        action = player.choose(table.state)
        if isinstance(action, Fortune):  # the host turns up a card from the deck of the boxes in play
            table.submit({"kind": "fortune", "card": deck.choice(available(table.state))}, "host")
        elif isinstance(action, Draw):  # brewing, a card's or a witch's or a patient's look: the reader sees it
            assert demo.draw(action.seat) is not None
        elif not isinstance(action, Return):  # the simulated players put chips back themselves
            table.submit(action_to_dict(action), "web")
    table.wait_for_reads()
    assert table.anomalies() == []
    state = table.state
    assert state.winners and all(s.patient for s in state.seats)
    assert all({"pennies", "stand"} <= set(s.final_points) for s in state.seats), "pennies and the stand scored"
    assert len(state.cards_used) == 9 and any(c.startswith("A") for c in state.cards_used)
    assert any(len(s.pennies) < 3 for s in state.seats) and any(s.stand for s in state.seats)
    again = new_game(table.config)
    for counted in table.counted():
        apply(again, counted.action)
    assert state_to_dict(again) == state_to_dict(state)
    table.close()
