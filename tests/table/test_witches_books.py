"""Red set 6 and black set 5 at a table with simulated bags: the chip drawn to set aside is read at
the drawer's bag, a black chip bought goes past the left neighbour's reader into that bag, and the
journal replays to the same state."""

from companion.commands.demo import build_demo
from companion.engine import Choose, GameConfig, apply, new_game, state_to_dict, waiting_for
from companion.table import TableSetup, start_game

BOOKS = {"green": 1, "blue": 1, "red": 6, "yellow": 1, "purple": 1, "black": 5}


def witches_demo(tmp_path):
    demo = build_demo(["Ann", "Ben", "Cid"], tmp_path / "demo.sqlite3", seed=11)
    demo.table.close()
    config = GameConfig(players=("Ann", "Ben", "Cid"), books=BOOKS, expansions=("witches",))
    table = start_game(demo.table.db, TableSetup(config, {"sim-1": 0, "sim-2": 1, "sim-3": 2}, registry=True))
    demo.repoint(table)
    return demo


def play(demo, until_round):
    """Draw up to 5 chips a round through the bags (and the chip a red chip sets aside), buy a black
    chip, else a red one, whenever possible, answer every other question with its first option."""
    table = demo.table
    while table.state.round <= until_round and table.state.phase != "game_over":
        table.wait_for_reads()
        state = table.state
        seat = waiting_for(state)[0]
        if seat is None:
            table.submit({"kind": "fortune", "card": None}, "host")
            continue
        mine = state.decisions_for(seat)
        if mine and mine[0].keys():
            table.submit(Choose(seat, mine[0].id, (mine[0].keys()[0],)), "web")
        elif state.phase == "brewing" and (mine or (len(state.seats[seat].pot) < 5 and state.seats[seat].bag)):
            demo.draw(seat)  # a red chip's chip to set aside, or the next chip
        elif state.phase == "brewing":
            table.submit({"kind": "stop", "seat": seat}, "web")
        elif state.phase == "shop":
            wanted = [a for color in ("black", "red") for a in table.actions(seat) if a.get("color") == color]
            table.submit(wanted[0] if wanted else {"kind": "done", "seat": seat}, "web")
        else:
            table.submit({"kind": "done", "seat": seat}, "web")
    table.wait_for_reads()


def test_set_aside_and_given_chips_pass_the_right_readers_and_the_journal_replays(tmp_path):
    demo = witches_demo(tmp_path)
    table = demo.table
    play(demo, 5)
    assert table.anomalies() == []
    again, read_at, set_aside, given, seen_back = new_game(table.config), {}, set(), {}, {}
    for counted in table.counted():
        events = apply(again, counted.action)
        if counted.entry.payload.get("read"):
            read_at[counted.action_dict["chip"]] = counted.action_dict["seat"]
        set_aside |= {e["chip"] for e in events if e["event"] == "set_aside"}
        given |= {e["chip"]: e["to"] for e in events if e["event"] == "chip_given"}
        seen_back |= {e["chip"]: e["seat"] for e in events if e["event"] == "return_seen"}
    assert set_aside and set_aside <= set(read_at), "a chip set aside was drawn through a reader"
    assert given, "black chips were bought"
    assert all(seen_back.get(c) == to for c, to in given.items() if c in seen_back)
    assert any(seen_back.get(c) == to for c, to in given.items()), "read going into the left neighbour's bag"
    assert state_to_dict(again) == state_to_dict(table.state)
    table.close()
