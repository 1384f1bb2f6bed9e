"""Chips poured back at a real table, read at every moment of the round: late, in handfuls, twice,
or not at all. A read of a chip expected back is its return; a draw read while a bag still expects
chips back is held for its seat; the same pass read twice is one pass."""

import pytest

from companion.engine import Draw, GameConfig, Return
from companion.table import TableSetup, start_game
from companion.table.returns import EARLY, HELD, TWICE

READERS = {"bag-0": 0, "bag-1": 1}
T0 = 1_000_000.0  # a read's time, in seconds


def finish_round(t):
    """Every question answered with its first option, every seat done: on to the next card."""
    while t.state.phase != "fortune":
        seat = next(n for n in (0, 1) if t.actions(n))
        t.submit(next(a for a in t.actions(seat) if a["kind"] in ("done", "choose")), "web")


@pytest.fixture
def table(db):
    """Ann and Ben (reads name the chips), round 1 played: Ann drew eight chips (the eighth, a
    white 2, exploded her pot), Ben stopped. Round 2 waits for its card; Ann's eight chips are to
    be poured back."""
    t = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), READERS))
    t.submit({"kind": "fortune", "card": None}, "host")
    t.submit({"kind": "stop", "seat": 1}, "web")
    bag = t.state.seats[0].bag
    order = [c for c in bag if not c.startswith("white")] + sorted(c for c in bag if c.startswith("white-1")) \
        + sorted(c for c in bag if c.startswith("white-2"))
    for k, cid in enumerate(order):
        t.read("bag-0", cid, at=T0 + 10 * k)
        if t.state.seats[0].status == "exploded":
            break
    finish_round(t)
    assert len(t.state.seats[0].returning) == 8
    yield t
    t.close()


def kinds(table, kind):
    return [c.action_dict for c in table.counted() if c.action_dict["kind"] == kind]


def test_a_chip_poured_back_after_the_card_is_its_return_not_a_draw(table):
    poured = list(table.state.seats[0].returning)
    table.submit({"kind": "fortune", "card": None}, "table")  # the card is turned while Ann pours
    assert table.state.phase == "brewing"
    draws_before = len(kinds(table, "draw"))
    for k, cid in enumerate(poured):  # the pour trickles in over the next twenty seconds
        table.read("bag-0", cid, at=T0 + 400 + 2.5 * k)
    assert len(kinds(table, "draw")) == draws_before, "no chip poured back became a draw"
    assert table.state.seats[0].returning == [] and table.state.seats[0].pot == []
    drawn = next(c for c in table.state.seats[0].bag if c not in poured)
    assert table.read("bag-0", drawn, at=T0 + 430).accepted  # then Ann draws
    assert table.state.seats[0].pot[0][0] == drawn


def test_a_handful_of_eight_with_one_missed_holds_the_next_draw_until_the_seat_says_so(table):
    handful = list(table.state.seats[0].returning)
    table.submit({"kind": "fortune", "card": None}, "table")
    missed = handful[-1]
    for cid in handful[:-1]:  # one handful of eight; the reader's anticollision lost the last chip
        table.read("bag-0", cid, at=T0 + 400)
    assert table.state.seats[0].returning == [missed], "Ann's bag still expects one chip back"
    drawn = next(c for c in table.state.seats[0].bag if c != missed)
    held = table.read("bag-0", drawn, at=T0 + 420)
    assert held.anomaly is not None and held.anomaly.code == HELD
    assert "still expects 1 chip(s) back" in held.anomaly.reason
    assert [a.id for a in table.held(0)] == [held.anomaly.id]
    assert table.state.seats[0].pot == [], "nothing changed until Ann answers"
    table.answer_read(held.anomaly.id, drawn=True, source="web")  # "I drew it: the rest are in the bag"
    assert table.state.seats[0].returning == [] and table.state.seats[0].pot[-1][0] == drawn
    assert table.held(0) == []
    settled = [c for c in table.counted() if c.entry.payload.get("settled")]
    assert [c.action_dict["chip"] for c in settled] == [missed]
    answered = table.last_input(0)
    assert answered.entry.payload.get("answered") and answered.action == Draw(0, drawn)


def test_a_held_read_answered_not_drawn_changes_nothing(table):
    table.submit({"kind": "fortune", "card": None}, "table")
    poured = list(table.state.seats[0].returning)
    for cid in poured[:-1]:
        table.read("bag-0", cid, at=T0 + 400)
    before = table.state
    held = table.read("bag-0", poured[0], at=T0 + 410)  # back over the antenna later: no draw
    assert held.anomaly.code == HELD
    table.answer_read(held.anomaly.id, drawn=False, source="web")
    assert table.state is before and table.held(0) == []
    assert [a.payload.get("answer") for a in table.anomalies()] == [{"drawn": False, "by": "web"}]


def test_a_chip_read_twice_going_back_is_one_return(table):
    table.submit({"kind": "fortune", "card": None}, "table")
    poured = list(table.state.seats[0].returning)
    for cid in poured:
        table.read("bag-0", cid, at=T0 + 400)
    again = table.read("bag-0", poured[0], at=T0 + 401.5)  # the chip came back over the antenna
    assert again.anomaly is not None and again.anomaly.code == TWICE
    assert table.state.seats[0].pot == [] and len(kinds(table, "return")) == 8
    later = table.read("bag-0", poured[0], at=T0 + 430)  # drawn out of the bag much later: a draw
    assert later.accepted and table.state.seats[0].pot[0][0] == poured[0]


def test_the_last_chip_of_a_round_read_again_after_the_round_ends_is_the_same_pass(db):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), READERS))
    table.submit({"kind": "fortune", "card": None}, "host")
    table.submit({"kind": "stop", "seat": 1}, "web")
    last = sorted(c for c in table.state.seats[0].bag if not c.startswith("white"))[0]
    table.read("bag-0", last, at=T0)
    table.submit({"kind": "stop", "seat": 0}, "web")  # the round ends: the pots are expected back
    finish_round(table)
    assert last in table.state.seats[0].returning
    again = table.read("bag-0", last, at=T0 + 1.5)  # its draw read twice, not the pot poured back
    assert again.anomaly.code == TWICE and last in table.state.seats[0].returning
    assert table.read("bag-0", last, at=T0 + 9).accepted  # the pour
    assert last not in table.state.seats[0].returning
    table.close()


def test_the_flask_white_put_back_at_once_is_its_return_not_a_second_read(db):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), READERS))
    table.submit({"kind": "fortune", "card": None}, "host")
    white = next(c for c in table.state.seats[0].bag if c.startswith("white-1"))
    table.read("bag-0", white, at=T0)
    flask = next(a for a in table.actions(0) if a["kind"] == "choose")
    table.submit(flask, "web")  # the flask: Ann puts the white back at once
    assert table.read("bag-0", white, at=T0 + 1.2).accepted
    assert table.last_input(0).action == Return(0, white)
    assert table.state.seats[0].returning == []
    table.close()


def test_a_draw_the_reader_missed_counts_once_the_chip_passes_again(table):
    table.submit({"kind": "fortune", "card": None}, "table")
    for cid in list(table.state.seats[0].returning):
        table.read("bag-0", cid, at=T0 + 400)
    drawn = table.state.seats[0].bag[0]
    # the first pass was missed: the phone does not show it, so Ann passes the chip over the reader again
    assert table.read("bag-0", drawn, at=T0 + 412).accepted
    assert [d["chip"] for d in kinds(table, "draw")][-1] == drawn and table.state.seats[0].pot[-1][0] == drawn


def test_a_chip_read_as_going_back_that_was_drawn_is_the_seat_s_one_tap(table):
    """A chip put back past the side of the reader is still expected back; drawn again, its read
    is taken as its return, and the phone offers "I drew it"."""
    table.submit({"kind": "fortune", "card": None}, "table")
    poured = list(table.state.seats[0].returning)
    for cid in poured[1:]:
        table.read("bag-0", cid, at=T0 + 400)
    outcome = table.read("bag-0", poured[0], at=T0 + 430)  # it went in unread, and is drawn now
    assert outcome.accepted and table.last_input(0).action == Return(0, poured[0])
    table.read_back(outcome.seq, 0, source="web")
    assert table.state.seats[0].pot[-1][0] == poured[0]
    assert table.last_input(0).entry.payload == {"action": {"kind": "draw", "seat": 0, "chip": poured[0]},
                                                  "instead_of": outcome.seq}


def test_a_pot_poured_back_during_the_shop_counts_once_the_round_ends(db):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), READERS))
    table.submit({"kind": "fortune", "card": None}, "host")
    drawn = sorted(c for c in table.state.seats[0].bag if not c.startswith("white"))[:2]
    for cid in drawn:
        table.read("bag-0", cid, at=T0)
    for seat in (0, 1):
        table.submit({"kind": "stop", "seat": seat}, "web")
    while table.state.phase != "shop":
        seat = next(n for n in (0, 1) if table.actions(n))
        table.submit(next(a for a in table.actions(seat) if a["kind"] == "choose"), "web")
    early = table.read("bag-0", drawn[0], at=T0 + 60)  # Ann pours her pot back while Ben shops
    assert early.anomaly.code == EARLY and table.state.seats[0].pot[0][0] == drawn[0]
    finish_round(table)
    assert drawn[0] not in table.state.seats[0].returning and drawn[1] in table.state.seats[0].returning
    back = next(c for c in table.counted() if c.entry.payload.get("early"))
    assert back.action == Return(0, drawn[0]) and table.anomalies()[0].resolved_by == back.entry.seq


def test_a_read_no_seat_could_draw_now_is_refused_with_the_rule_not_held(table):
    """Before the card nobody draws: a chip read again while the pot is still being poured is not a
    question for its seat, the rule refuses it (and it stays in the bag, its return seen)."""
    poured = list(table.state.seats[0].returning)
    table.read("bag-0", poured[0], at=T0 + 400)
    again = table.read("bag-0", poured[0], at=T0 + 410)  # back over the antenna, ten seconds later
    assert again.anomaly.code == "wrong_phase" and table.held(0) == []


def treating(db, patient):
    """Ann and Ben at a game with The Alchemists, both treating `patient`: round 1 waits for its card."""
    config = GameConfig(players=("Ann", "Ben"), expansions=("alchemists",),
                        patients=("nervousness", "chicken-eyes", "vampirism"))
    table = start_game(db, TableSetup(config, READERS))
    for seat in (0, 1):
        choice = table.state.decisions_for(seat)[0]
        table.submit({"kind": "choose", "seat": seat, "decision": choice.id, "keys": [patient]}, "web")
    return table


def test_a_white_nervousness_puts_back_at_once_is_its_return_not_a_second_read(db):
    """Nervousness (The Alchemists): the chips drawn at the start of the potion phase are laid out,
    the whites put back into the bag at once. No tap comes between the white's draw and its return:
    the rule itself sends it back, and a second later it passes the reader going in."""
    table = treating(db, "nervousness")
    table.submit({"kind": "fortune", "card": None}, "host")
    for k, kind in enumerate(("orange-1", "green-1")):  # two colours: essence space 2, "draw 1 chip"
        table.read("bag-0", next(c for c in table.state.seats[0].bag if c.startswith(kind)), at=T0 + 10 * k)
    table.submit({"kind": "stop", "seat": 0}, "web")
    table.submit({"kind": "stop", "seat": 1}, "web")
    space = next(d for d in table.state.decisions_for(0) if d.kind == "essence.space")
    table.submit({"kind": "choose", "seat": 0, "decision": space.id, "keys": ["2"]}, "web")
    finish_round(table)
    for k, cid in enumerate(list(table.state.seats[0].returning)):  # the pot poured back
        assert table.read("bag-0", cid, at=T0 + 100 + k).accepted
    table.submit({"kind": "fortune", "card": None}, "host")
    assert [d.data["reveal"] for d in table.state.decisions_for(0) if d.kind == "fortune.look"] == [1]
    white = next(c for c in table.state.seats[0].bag if c.startswith("white-1"))
    assert table.read("bag-0", white, at=T0 + 200).accepted  # drawn to lay out: a white, so it goes back
    assert table.state.seats[0].returning == [white]
    back = table.read("bag-0", white, at=T0 + 201.2)
    assert back.accepted and table.last_input(0).action == Return(0, white)
    assert table.state.seats[0].returning == [] and table.anomalies() == []
    table.close()


def test_the_chip_ruby_fever_has_drawn_put_back_at_once_is_its_return_not_a_second_read(db):
    """Ruby fever (The Alchemists' card): each player draws 1 chip, takes rubies for its value and
    puts it straight back; a second later it passes the reader going in."""
    table = treating(db, "chicken-eyes")
    table.submit({"kind": "fortune", "card": "AP02"}, "host")
    orange = next(c for c in table.state.seats[1].bag if c.startswith("orange-1"))
    assert table.read("bag-1", orange, at=T0).accepted
    assert table.state.seats[1].rubies == 2 and table.state.seats[1].returning == [orange]  # 1 + its value
    assert table.read("bag-1", orange, at=T0 + 1.3).accepted
    assert table.last_input(1).action == Return(1, orange) and table.state.seats[1].returning == []
    assert table.anomalies() == []
    table.close()
