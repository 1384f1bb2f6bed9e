"""Red set 2 at a table with simulated bags: red chips drawn through the readers go beside the
pot, into it by the phone's answer, back into the bag past the reader; the journal replays."""

from companion.commands.demo import build_demo
from companion.engine import Choose, GameConfig, apply, new_game, state_to_dict, waiting_for
from companion.table import TableSetup, start_game

BOOKS = {"green": 1, "blue": 1, "red": 2, "yellow": 1, "purple": 1}


def red_set_2_demo(tmp_path):
    """The demo's stickered chips and simulated bags, on a game with red set 2."""
    demo = build_demo(["Ann", "Ben"], tmp_path / "demo.sqlite3", seed=7)
    demo.table.close()
    table = start_game(demo.table.db, TableSetup(GameConfig(players=("Ann", "Ben"), books=BOOKS),
                                                 {"sim-1": 0, "sim-2": 1}, registry=True))
    demo.repoint(table)
    return demo


def play(demo, until_round, answer):
    """Draw 6 chips a round through the bags, buy a red chip whenever possible, answer each
    red chip beside the pot with `answer(count)` and every other question with its first option."""
    table, asked = demo.table, 0
    while table.state.round <= until_round and table.state.phase != "game_over":
        table.wait_for_reads()
        state = table.state
        seat = waiting_for(state)[0]
        if seat is None:
            table.submit({"kind": "fortune", "card": None}, "host")
            continue
        mine = state.decisions_for(seat)
        if mine:
            key = answer(asked) if mine[0].kind == "red.aside" else mine[0].keys()[0]
            asked += mine[0].kind == "red.aside"
            if key not in mine[0].keys():
                key = "keep"
            table.submit(Choose(seat, mine[0].id, (key,)), "web")
        elif state.phase == "brewing":
            s = state.seats[seat]
            if len(s.pot) + len(s.aside) < 6 and s.bag:
                demo.draw(seat)
            else:
                table.submit({"kind": "stop", "seat": seat}, "web")
        elif state.phase == "shop":
            reds = [a for a in table.actions(seat) if a.get("color") == "red"]
            table.submit(reds[0] if reds else {"kind": "done", "seat": seat}, "web")
        else:
            table.submit({"kind": "done", "seat": seat}, "web")
    table.wait_for_reads()


def replayed(table):
    again = new_game(table.config)
    for counted in table.counted():
        apply(again, counted.action)
    return again


def test_red_chips_go_from_beside_the_pot_into_the_pot_and_the_journal_replays(tmp_path):
    demo = red_set_2_demo(tmp_path)
    table = demo.table
    play(demo, 5, lambda n: "place")
    assert table.anomalies() == []
    again, read, set_aside, placed_by_answer = new_game(table.config), set(), set(), set()
    for counted in table.counted():
        events = apply(again, counted.action)
        if counted.entry.payload.get("read"):
            read.add(counted.action_dict["chip"])
        set_aside |= {e["chip"] for e in events if e["event"] == "set_aside"}
        if isinstance(counted.action, Choose):
            placed_by_answer |= {e["chip"] for e in events if e["event"] == "placed"}
    assert placed_by_answer & set_aside & read, "red chips read at a bag went beside the pot, then into it"
    assert state_to_dict(again) == state_to_dict(table.state)
    table.close()


def test_a_chip_kept_beside_the_pot_is_put_back_by_a_read_and_refused_at_another_bag(tmp_path):
    demo = red_set_2_demo(tmp_path)
    table = demo.table
    play(demo, 3, lambda n: "keep")
    kept = next((s, c) for s, seat in enumerate(table.state.seats) for c in seat.aside)
    seat, red = kept
    other = demo.bags[1 - seat]
    other.present(demo.uids[red])
    table.wait_for_reads()
    refused = table.anomalies()
    assert len(refused) == 1 and "beside" in refused[0].reason and red in table.state.seats[seat].aside
    demo.bags[seat].present(demo.uids[red])
    table.wait_for_reads()
    assert red in table.state.seats[seat].bag and red not in table.state.seats[seat].aside
    assert state_to_dict(replayed(table)) == state_to_dict(table.state)
    table.close()
