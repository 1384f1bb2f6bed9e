"""The Herb Witches at the bags' readers: the draw witch's six chips are looked at, not placed, and
chips a witch puts into a bag are read going in."""

from companion.engine import GameConfig, Stop
from companion.engine.model import chip
from companion.table import TableSetup, start_game

WITCHES = ("H-E2", "H-B1", "H-G1")


def test_the_draw_witchs_chips_read_at_the_reader_go_to_the_hand_and_back(db):
    config = GameConfig(players=("Ann", "Ben"), expansions=("witches",), witches=WITCHES)
    table = start_game(db, TableSetup(config, {"bag-0": 0, "bag-1": 1}, registry=False))
    try:
        table.submit({"kind": "fortune"}, "host")
        offer = next(d for d in table.state.decisions if d.seat == 0 and d.kind == "witch")
        table.submit({"kind": "choose", "seat": 0, "decision": offer.id, "keys": ["call"]}, "host")
        drawn = sorted(table.state.seats[0].bag)[:6]
        for cid in drawn:
            table.read("bag-0", cid)
        ann = table.state.seats[0]
        assert sorted(ann.hand) == drawn and not ann.pot, "a look, not draws into the pot"
        look = next(d for d in table.state.decisions if d.kind == "witch.look")
        table.submit({"kind": "choose", "seat": 0, "decision": look.id, "keys": ["none"]}, "host")
        assert sorted(table.state.seats[0].returning) == drawn
        outcome = table.read("bag-0", drawn[0])
        assert outcome.events == [{"event": "return_seen", "seat": 0, "chip": drawn[0]}]
        table.submit(Stop(0), "host")
    finally:
        table.close()


def test_the_upgrade_witchs_bigger_chip_is_read_going_into_the_bag(db):
    config = GameConfig(players=("Ann", "Ben"), expansions=("witches",), witches=WITCHES)
    table = start_game(db, TableSetup(config, {"bag-0": 0, "bag-1": 1}, registry=False))
    try:
        table.submit({"kind": "fortune"}, "host")
        green = next(c for c in table.state.seats[0].bag if chip(c).kind == "green-1")
        table.read("bag-0", green)
        for seat in (0, 1):
            table.submit({"kind": "stop", "seat": seat}, "host")
        while table.state.phase != "shop" or table.state.shopper != 0:
            d = table.state.decisions[0]
            key = {"bonus_die": "1", "witch": "pass"}.get(d.kind, d.options[0].key)
            table.submit({"kind": "choose", "seat": d.seat, "decision": d.id, "keys": [key]}, "host")
        offer = next(d for d in table.state.decisions if d.seat == 0 and d.kind == "witch")
        table.submit({"kind": "choose", "seat": 0, "decision": offer.id, "keys": [green]}, "host")
        bigger = next(c for c in table.state.seats[0].returning if chip(c).kind == "green-2")
        outcome = table.read("bag-0", bigger)
        assert outcome.events == [{"event": "return_seen", "seat": 0, "chip": bigger}]
    finally:
        table.close()
