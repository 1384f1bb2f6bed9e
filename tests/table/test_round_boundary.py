"""Chips poured back at a real table, read at every moment of the round: late, in handfuls, twice,
or not at all. A read of a chip expected back is its return; a draw read while a bag still expects
chips back is held for its seat; the same pass read twice is one pass."""

import pytest

from companion.cli import main
from companion.devices import Feedback
from companion.engine import Draw, GameConfig, Return
from companion.table import Table, TableSetup, start_game
from companion.table.bags import Bags
from companion.table.returns import EARLY, HELD, LATE, TWICE
from companion.table.rounds import round_replay
from companion.table.timeline import timeline

from .test_bags import uid

READERS = {"bag-0": 0, "bag-1": 1}
T0 = 1_000_000.0  # a read's time, in seconds


def finish_round(t):
    """Every question answered with its first option, every seat done: on to the next card."""
    while t.state.phase != "fortune":
        seat = next(n for n in (0, 1) if t.actions(n))
        t.submit(next(a for a in t.actions(seat) if a["kind"] in ("done", "choose")), "web")


def round_one(db, stickers=False):
    """Ann and Ben, round 1 played: Ann drew eight chips (the eighth, a white 2, exploded her pot),
    Ben stopped. Round 2 waits for its card; Ann's eight chips are to be poured back. With
    `stickers` every chip carries a made-up UID (`uid`) and reads are UIDs; else reads name the chips."""
    t = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), READERS, registry=stickers))
    for cid in (c for seat in t.state.seats for c in seat.bag) if stickers else ():
        t.registry.assign(uid(cid), cid)
    t.submit({"kind": "fortune", "card": None}, "host")
    t.submit({"kind": "stop", "seat": 1}, "web")
    bag = t.state.seats[0].bag
    order = [c for c in bag if not c.startswith("white")] + sorted(c for c in bag if c.startswith("white-1")) \
        + sorted(c for c in bag if c.startswith("white-2"))
    for k, cid in enumerate(order):
        t.read("bag-0", uid(cid) if stickers else cid, at=T0 + 10 * k)
        if t.state.seats[0].status == "exploded":
            break
    finish_round(t)
    assert len(t.state.seats[0].returning) == 8
    return t


@pytest.fixture
def table(db):
    """`round_one`, reads naming the chips."""
    t = round_one(db)
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
    assert [r.note for r in timeline(table.setup, table.entries(), table.anomalies()) if r.kind == "anomaly"] \
        == ["answered: not drawn"], "the referee sees it answered, not waiting"
    assert [r.note for r in timeline(table.setup, table.entries(), table.anomalies(), "es")
            if r.kind == "anomaly"] == ["respondida: no la sacó"]
    dispute = round_replay(table.setup, table.entries(), table.anomalies(), 2, 0)
    assert [[c["text"] for c in s.corrections] for s in dispute.steps if s.seq is None] == [["answered: not drawn"]]


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


def counted_in_unread(table, source):
    """Ann pours seven of her eight chips back past her reader, taps (or the host taps) "all in the
    bag" while the eighth is still in her hand: it is counted back in unread. The round's card is
    not turned yet. Returns that chip and the seq of the input that counted it in."""
    poured = list(table.state.seats[0].returning)
    for k, cid in enumerate(poured[:-1]):
        table.read("bag-0", cid, at=T0 + 400 + k)
    settled = table.settle(0, source)
    assert [o.entry.payload["action"]["chip"] for o in settled] == [poured[-1]]
    return poured[-1], settled[0].seq


@pytest.mark.parametrize("source", ["web", "host"])
def test_a_chip_counted_in_unread_that_passes_the_reader_before_the_potion_phase_is_it_going_in_late(table, source):
    late, counted_in = counted_in_unread(table, source)
    bag_before, seq_before = sorted(table.state.seats[0].bag), table.seq
    notices = []
    table.subscribe(lambda seq, notice: notices.append(notice))
    passed = table.read("bag-0", late, at=T0 + 430)  # the card is being turned as it goes in
    assert table.state.phase == "fortune"
    assert [n["kind"] for n in notices if n.get("kind") == "anomaly"] == [], "no refusal for the host, no toast"
    assert table.anomalies(unresolved_only=True) == []
    assert table.seq == seq_before and sorted(table.state.seats[0].bag) == bag_before, "it changes nothing"
    assert late in table.state.seats[0].bag and table.state.seats[0].returning == []
    row = next(r for r in timeline(table.setup, table.entries(), table.anomalies()) if r.seq is None)
    assert row.kind == "late", "among the reads, not the refused ones"
    assert row.seat == 0 and row.by == "Ann's bag" and not row.counts
    color, value, _ = late.split("-")
    assert f"{color} {value}" in row.text, "the chip by its name"
    assert f"#{counted_in}" in row.text and "refused" not in row.text
    assert passed.anomaly is not None and passed.anomaly.resolved_by == counted_in
    es = next(r for r in timeline(table.setup, table.entries(), table.anomalies(), "es") if r.seq is None)
    assert f"{ {'white': 'blanca', 'orange': 'naranja', 'green': 'verde'}[color]} {value}" in es.text
    assert "tarde" in es.text and f"#{counted_in}" in es.text
    dispute = round_replay(table.setup, table.entries(), table.anomalies(), 2, 0)
    assert [(s.kind, s.action["chip"]) for s in dispute.steps if s.seq is None] == [("late", late)]
    table.submit({"kind": "fortune", "card": None}, "table")
    drawn = table.read("bag-0", late, at=T0 + 460)  # drawn in the potion phase: a draw like any other
    assert drawn.accepted and table.state.seats[0].pot[0][0] == late and table.held(0) == []


def test_a_chip_counted_in_unread_read_a_second_time_before_the_potion_phase_is_refused(table):
    late, _ = counted_in_unread(table, "web")
    table.read("bag-0", late, at=T0 + 430)  # going in late
    again = table.read("bag-0", late, at=T0 + 440)  # then out again: no draw now, the rule says so
    assert again.anomaly.code == "wrong_phase" and table.held(0) == []


def test_a_chip_never_counted_in_read_before_the_potion_phase_is_still_refused(table):
    poured = list(table.state.seats[0].returning)
    for k, cid in enumerate(poured):
        table.read("bag-0", cid, at=T0 + 400 + k)
    stayed = next(c for c in table.state.seats[0].bag if c not in poured)  # in the bag all along
    refused = table.read("bag-0", stayed, at=T0 + 430)
    assert refused.anomaly.code == "wrong_phase" and "not in fortune" in refused.anomaly.reason
    assert table.anomalies(unresolved_only=True) == [refused.anomaly]


def test_reads_a_bag_hands_over_after_its_reader_was_unplugged_go_in_late_and_the_bag_hears_them_taken(db):
    """Ann's reader is unplugged while she pours; the host says "all in the bag" (her phone says the
    reader is out); plugged back before the card, the bag hands over the reads it kept."""
    table = round_one(db, stickers=True)
    bag = Bags(table, [{"id": reader, "kind": "sim"} for reader in READERS])
    bag.start()
    poured = list(table.state.seats[0].returning)
    bag.readers["bag-0"].stop()
    counted_in = {o.entry.payload["action"]["chip"]: o.seq for o in table.settle(0, "host")}
    assert sorted(counted_in) == sorted(poured) and table.state.seats[0].returning == []
    bag.readers["bag-0"].start()
    for k, cid in enumerate(poured):  # read while unplugged, handed over now
        bag.readers["bag-0"].present(uid(cid), at=T0 + 400 + k)
    table.wait_for_reads()
    assert table.anomalies(unresolved_only=True) == []
    assert {a.payload["chip"]: a.resolved_by for a in table.anomalies()} == counted_in
    assert bag.readers["bag-0"].feedback_given == [Feedback.ACCEPTED] * 8
    table.submit({"kind": "fortune", "card": None}, "table")
    assert table.read("bag-0", uid(poured[0]), at=T0 + 460).accepted and table.state.seats[0].pot[0][0] == poured[0]
    bag.stop()
    table.close()


def test_a_chip_counted_in_unread_read_once_the_potion_phase_has_begun_is_asked_about_as_before(table):
    """Once Ann could draw, only she knows whether the chip came out or went in: her phone asks."""
    late, _ = counted_in_unread(table, "web")
    table.submit({"kind": "fortune", "card": None}, "table")
    held = table.read("bag-0", late, at=T0 + 430)
    assert held.anomaly.code == HELD and "counted back into Ann's bag without being read" in held.anomaly.reason
    table.answer_read(held.anomaly.id, drawn=False, source="web")  # it was going in
    assert table.state.seats[0].pot == [] and late in table.state.seats[0].bag


def test_a_chip_counted_in_unread_is_no_longer_late_once_its_seat_has_drawn(table):
    """The bag was drawn from with the chip counted in it: a read of it after the seat stopped is
    not a chip going in late but a chip out of the bag when no draw is allowed, for the host."""
    late, _ = counted_in_unread(table, "web")
    table.submit({"kind": "fortune", "card": None}, "table")
    drawn = next(c for c in table.state.seats[0].bag if c != late)
    assert table.read("bag-0", drawn, at=T0 + 430).accepted
    table.submit({"kind": "stop", "seat": 0}, "web")
    refused = table.read("bag-0", late, at=T0 + 460)
    assert refused.anomaly.code == "stopped" and refused.anomaly.resolved_by is None


def held_and_read_again(table, seconds_later):
    """Round 2 begins with one of Ann's chips still in her hand (not read going back); she draws a
    chip and it passes her reader again `seconds_later`: the chip and both reads' anomalies."""
    handful = list(table.state.seats[0].returning)
    table.submit({"kind": "fortune", "card": None}, "table")
    for cid in handful[:-1]:
        table.read("bag-0", cid, at=T0 + 400)
    drawn = next(c for c in table.state.seats[0].bag if c != handful[-1])
    first = table.read("bag-0", drawn, at=T0 + 420).anomaly
    return drawn, first, table.read("bag-0", drawn, at=T0 + 420 + seconds_later).anomaly


def test_the_same_chip_held_twice_is_closed_with_the_first_answer_and_no_refusal_for_the_host(table):
    """Ann's draw waits for her answer; seeing nothing on her phone she passes the chip over the reader
    again: held a second time. "I drew it" on the first enters the draw once and closes the second
    question with it, not as a refusal of its own on the host's list."""
    drawn, first, second = held_and_read_again(table, seconds_later=5)
    assert first.code == HELD and second.code == HELD
    before = len(table.anomalies())
    table.answer_read(first.id, drawn=True, source="web")
    assert [c for c, _ in table.state.seats[0].pot] == [drawn]
    assert table.held(0) == [] and len(table.anomalies()) == before, "no new row for the host"
    assert next(a for a in table.anomalies() if a.id == second.id).payload["answer"]["drawn"] is False


def test_quacks_show_names_the_read_still_waiting_and_counts_the_answered_one(table, capsys):
    table.submit({"kind": "fortune", "card": None}, "table")
    poured = list(table.state.seats[0].returning)
    for cid in poured[:-2]:
        table.read("bag-0", cid, at=T0 + 400)
    answered = table.read("bag-0", poured[0], at=T0 + 410)
    table.answer_read(answered.anomaly.id, drawn=False, source="web")
    waiting = table.read("bag-0", poured[1], at=T0 + 420)
    assert main(["show", str(table.game_id), "--db", str(table.db.path)]) == 0
    out = capsys.readouterr().out
    assert "2 refused reads and inputs: 0 settled by an entry, 1 answered without one" in out
    assert f"waiting for an answer (anomaly {waiting.anomaly.id}," in out
    assert f"anomaly {answered.anomaly.id}," not in out


def test_a_read_still_held_when_its_round_ends_is_closed_as_moot(table):
    table.submit({"kind": "fortune", "card": None}, "table")
    poured = list(table.state.seats[0].returning)
    for cid in poured[:-1]:
        table.read("bag-0", cid, at=T0 + 400)
    table.read("bag-0", poured[0], at=T0 + 410)  # nobody answers: Ben's round goes on
    table.settle(0, "host")
    table.submit({"kind": "stop", "seat": 0}, "web")
    table.submit({"kind": "stop", "seat": 1}, "web")
    finish_round(table)
    assert table.held(0) == []
    notes = [r.note for r in timeline(table.setup, table.entries(), table.anomalies()) if r.kind == "anomaly"]
    assert notes == ["closed: the round is over"]
    assert [r.note for r in timeline(table.setup, table.entries(), table.anomalies(), "es")
            if r.kind == "anomaly"] == ["cerrada: la ronda ha terminado"]


def test_a_chip_counted_in_unread_is_still_late_going_in_after_the_server_restarts(db, table):
    late, counted_in = counted_in_unread(table, "web")
    resumed = Table.open(db, table.game_id)
    try:
        passed = resumed.read("bag-0", late, at=T0 + 430)  # the card is being turned as it goes in
        assert passed.anomaly is not None and passed.anomaly.code == LATE
        assert passed.anomaly.resolved_by == counted_in, "settled by the tap that counted it in, as before"
        assert resumed.anomalies(unresolved_only=True) == [] and resumed.held(0) == []
        resumed.submit({"kind": "fortune", "card": None}, "table")
        drawn = resumed.read("bag-0", late, at=T0 + 460)  # drawn in the potion phase: a draw like any other
        assert drawn.accepted and resumed.state.seats[0].pot[0][0] == late
    finally:
        resumed.close()


def test_a_held_chip_passing_the_reader_again_at_once_asks_one_question(table):
    """Ann's draw waits for her answer and the chip hovers back over the antenna a second later: that
    is the same read, not a second question on her phone."""
    drawn, first, again = held_and_read_again(table, seconds_later=1.5)
    assert first.code == HELD and again.code == TWICE
    assert [a.id for a in table.held(0)] == [first.id]
    table.answer_read(first.id, drawn=True, source="web")
    assert [c for c, _ in table.state.seats[0].pot] == [drawn] and table.held(0) == []


def test_a_spanish_referee_reads_why_a_read_was_held_or_read_twice_in_spanish(table):
    table.submit({"kind": "fortune", "card": None}, "table")
    poured = list(table.state.seats[0].returning)
    for cid in poured[:-1]:
        table.read("bag-0", cid, at=T0 + 400)
    held = table.read("bag-0", poured[0], at=T0 + 410)  # Ann's bag still expects one chip back
    again = table.read("bag-0", poured[0], at=T0 + 411)  # and the same chip over the antenna again
    assert (held.anomaly.code, again.anomaly.code) == (HELD, TWICE)
    rows = [r.text for r in timeline(table.setup, table.entries(), table.anomalies(), "es") if r.kind == "anomaly"]
    assert len(rows) == 2
    held_text, twice_text = rows
    assert "bolsa" in held_text and "sacó" in held_text, "why the seat is asked, in Spanish"
    assert "dos veces" in twice_text, "the same chip read twice, in Spanish"
    for text in rows:
        assert "expects" not in text and "read twice" not in text and "_" not in text, f"English in {text!r}"


def test_quacks_show_counts_the_chips_read_twice_as_nothing_to_do(table, capsys):
    table.submit({"kind": "fortune", "card": None}, "table")
    poured = list(table.state.seats[0].returning)
    for cid in poured:
        table.read("bag-0", cid, at=T0 + 400)
    table.read("bag-0", poured[0], at=T0 + 401)  # the same chip over the antenna again
    assert main(["show", str(table.game_id), "--db", str(table.db.path)]) == 0
    out = capsys.readouterr().out
    assert "1 refused reads and inputs: 0 settled by an entry, 0 answered without one, " \
           "1 the same chip read twice (nothing to do)" in out, "every refused read is accounted for"


def test_a_held_chip_read_again_at_once_is_measured_from_its_latest_read(table):
    """Ann's chip was held twice, five seconds apart; a moment after the second it hovers over the
    antenna again: that is the second read again, not a third question."""
    drawn, first, second = held_and_read_again(table, seconds_later=5)
    again = table.read("bag-0", drawn, at=T0 + 426).anomaly
    assert (first.code, second.code, again.code) == (HELD, HELD, TWICE)
    assert [a.id for a in table.held(0)] == [first.id, second.id]
