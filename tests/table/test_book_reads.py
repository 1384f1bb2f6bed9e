"""Chips a book puts into a bag in evaluation pass the bag's reader on the way in: their read is a return;
a chip read while a patient draws (Ear worm) is a draw."""

from companion.engine import GameConfig, catalog
from companion.engine.model import chip
from companion.table import TableSetup, TagRegistry, start_game

NEW_STICKER = "04B0B0B0B0B0B0"


def test_the_orange_chip_green_set_2_puts_into_the_bag_is_read_going_in_not_drawn(db):
    # A sticker on an orange chip of the box, never read in this game.
    TagRegistry(db).assign(NEW_STICKER, "orange-1-20")
    books = {**{c: 1 for c in catalog.BOOK_COLORS}, "green": 2}
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben"), books=books), {"bag-0": 0, "bag-1": 1},
                                      registry=True))
    try:
        table.submit({"kind": "fortune"}, "host")
        ann = table.state.seats[0]
        for kind in ("orange-1", "green-1"):  # the green 1 is Ann's last chip
            cid = next(c for c in ann.bag if chip(c).kind == kind)
            table.submit({"kind": "draw", "seat": 0, "chip": cid}, "host")
        table.submit({"kind": "stop", "seat": 0}, "host")
        table.submit({"kind": "stop", "seat": 1}, "host")
        die = next(d for d in table.state.decisions if d.kind == "bonus_die")
        table.submit({"kind": "choose", "seat": die.seat, "decision": die.id, "keys": ["1"]}, "host")
        gained = [c for c in table.state.seats[0].returning if chip(c).kind == "orange-1"]
        assert len(gained) == 1 and gained[0] in table.state.seats[0].bag
        outcome = table.read("bag-0", NEW_STICKER)
        assert outcome.events == [{"event": "return_seen", "seat": 0, "chip": gained[0]}]
        assert gained[0] not in table.state.seats[0].returning and gained[0] in table.state.seats[0].bag
    finally:
        table.close()


def ear_worm_table(db):
    """Ann and Ben, both with Ear worm (The Alchemists), reading from bags 0 and 1."""
    config = GameConfig(players=("Ann", "Ben"), expansions=("alchemists",),
                        patients=("ear-worm", "vampirism", "nervousness"))
    table = start_game(db, TableSetup(config, {"bag-0": 0, "bag-1": 1}, registry=True))
    for seat in (0, 1):
        choice = table.state.decisions_for(seat)[0]
        table.submit({"kind": "choose", "seat": seat, "decision": choice.id, "keys": ["ear-worm"]}, "host")
    return table


def test_a_chip_read_while_ear_worm_draws_after_the_essence_phase_is_drawn_and_placed(db):
    TagRegistry(db).assign(NEW_STICKER, "green-1-15")
    table = ear_worm_table(db)
    try:
        table.submit({"kind": "fortune"}, "host")
        ann = table.state.seats[0]
        cid = next(c for c in ann.bag if chip(c).kind == "orange-1")
        table.submit({"kind": "draw", "seat": 0, "chip": cid}, "host")
        table.submit({"kind": "stop", "seat": 0}, "host")
        table.submit({"kind": "stop", "seat": 1}, "host")
        assert table.state.phase == "essence"
        space = next(d for d in table.state.decisions if d.kind == "essence.space" and d.seat == 0)
        table.submit({"kind": "choose", "seat": 0, "decision": space.id, "keys": ["1"]}, "host")  # draw 1
        assert [d.kind for d in table.state.decisions_for(0)] == ["fortune.look"]
        outcome = table.read("bag-0", NEW_STICKER)  # Ann's own green 1-chip: the sticker binds to it
        placed = [e for e in outcome.events if e["event"] == "placed"]
        assert len(placed) == 1 and chip(placed[0]["chip"]).kind == "green-1"
        assert [chip(c).kind for c, _ in table.state.seats[0].pot] == ["orange-1", "green-1"]
    finally:
        table.close()


def test_a_chip_read_while_an_ear_worm_crow_skull_looks_after_the_essence_phase_is_drawn_to_look_at(db):
    TagRegistry(db).assign(NEW_STICKER, "white-1-20")  # a white 1-chip of the box, never read in this game
    table = ear_worm_table(db)
    try:
        table.submit({"kind": "fortune", "card": "P07"}, "host")  # Rats Are Your Friends: any one 4-chip
        for seat in (0, 1):
            card = table.state.decisions_for(seat)[0]
            table.submit({"kind": "choose", "seat": seat, "decision": card.id, "keys": ["blue-4" if seat == 0 else "points"]},
                         "host")
        ann = table.state.seats[0]
        blue = next(c for c in ann.bag if chip(c).kind == "blue-4")
        orange = next(c for c in ann.bag if chip(c).kind == "orange-1")
        table.submit({"kind": "draw", "seat": 0, "chip": orange}, "host")
        table.submit({"kind": "stop", "seat": 0}, "host")
        table.submit({"kind": "stop", "seat": 1}, "host")
        space = next(d for d in table.state.decisions if d.kind == "essence.space" and d.seat == 0)
        table.submit({"kind": "choose", "seat": 0, "decision": space.id, "keys": ["1"]}, "host")  # draw 1
        assert [d.kind for d in table.state.decisions_for(0)] == ["fortune.look"]
        table.submit({"kind": "draw", "seat": 0, "chip": blue}, "host")  # Ear worm draws the crow skull
        assert [d.kind for d in table.state.decisions_for(0)] == ["blue.preview"]
        outcome = table.read("bag-0", NEW_STICKER)  # Ann's own white 1-chip: looked at, not refused
        revealed = [e for e in outcome.events if e["event"] == "revealed"]
        assert len(revealed) == 1 and chip(revealed[0]["chip"]).kind == "white-1"
        assert table.state.seats[0].hand == [revealed[0]["chip"]]
    finally:
        table.close()
