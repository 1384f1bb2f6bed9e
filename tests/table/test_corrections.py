"""Refused inputs become anomalies; corrections are journal entries that change exactly their target."""

import pytest

from companion.engine import Draw, GameConfig, IllegalAction, replay, state_to_dict
from companion.table import CorrectionRefused, Table, TableSetup, start_game
from companion.table.timeline import timeline

from .conftest import READERS, STRAY_STICKER


def bag_chip(table, seat, color="white"):
    return next(c for c in table.state.seats[seat].bag if c.startswith(color))


def snapshot(table):
    return state_to_dict(table.state)


def test_refused_reads_are_logged_with_reasons_and_change_nothing(table):
    chip = bag_chip(table, 0, "orange")
    assert table.read("bag-0", chip, at=1000.0).accepted
    before, seq = snapshot(table), table.seq
    twice = table.read("bag-0", chip, at=1010.0)  # not the same pass: ten seconds later
    wrong_bag = table.read("bag-0", bag_chip(table, 1))
    stranger = table.read("bag-7", bag_chip(table, 2))
    not_a_chip = table.read("bag-1", "sock-1-01")
    assert not any(o.accepted for o in (twice, wrong_bag, stranger, not_a_chip))
    assert snapshot(table) == before and table.seq == seq
    reasons = [(a.code, a.reason) for a in table.anomalies()]
    assert reasons[0][0] == "not_in_bag" and f"{chip} is in Ann's pot on space" in reasons[0][1]
    assert reasons[1] == ("not_in_bag", f"{bag_chip(table, 1)} is in Ben's bag, not in Ann's bag")
    assert reasons[2] == ("unknown_reader", "reader 'bag-7' feeds no seat at this table")
    assert reasons[3][0] == "unknown_chip" and "not a chip id" in reasons[3][1]
    rows = timeline(table.setup, table.entries(), table.anomalies())
    assert [r.kind for r in rows] == ["input", "input", "anomaly", "anomaly", "anomaly", "anomaly"]
    assert rows[2].seat == 0 and "pot" in rows[2].text and rows[4].seat is None


def test_a_refused_submission_raises_and_is_still_kept(table):
    with pytest.raises(IllegalAction) as info:
        table.submit({"kind": "stop", "seat": 9}, "phone:Ann")
    assert info.value.code == "no_such_seat"
    [anomaly] = table.anomalies()
    assert anomaly.source == "phone:Ann" and anomaly.payload["action"] == {"kind": "stop", "seat": 9}


def test_voiding_the_last_input_of_a_seat_replays_without_it(table, db):
    table.read("bag-0", bag_chip(table, 0, "green"))
    table.read("bag-1", bag_chip(table, 1, "green"))
    ben_before = snapshot(table)["seats"][1]
    table.read("bag-0", bag_chip(table, 0, "orange"))
    voided_seq = table.seq
    table.read("bag-1", bag_chip(table, 1, "orange"))
    outcome = table.void_last(0)
    assert outcome.entry.kind == "void" and outcome.entry.payload == {"targets": [voided_seq]}
    state = snapshot(table)
    assert len(state["seats"][0]["pot"]) == 1 and state["seats"][0]["bag"]["count"] == 8
    assert len(state["seats"][1]["pot"]) == 2 and ben_before["pot"][0] == state["seats"][1]["pot"][0]
    counted = [c.action for c in table.counted()]
    assert state == state_to_dict(replay(table.config, counted))
    assert state == snapshot(Table.open(db, table.game_id))  # the correction survives a restart
    rows = timeline(table.setup, table.entries(), table.anomalies())
    voided = next(r for r in rows if r.seq == voided_seq)
    assert not voided.counts and voided.note == f"voided by #{outcome.seq}"
    assert rows[-1].kind == "void" and rows[-1].text == f"void #{voided_seq}"


def test_a_void_that_breaks_later_inputs_is_refused_unless_cascaded(table):
    flask_chip = None
    for _ in range(8):  # draw Ann's whites until the flask offer appears
        chip = bag_chip(table, 0)
        table.read("bag-0", chip)
        offer = next((d for d in table.state.decisions if d.rule == "core/flask"), None)
        if offer:
            flask_chip = chip
            break
        if table.state.seats[0].status != "brewing":
            pytest.skip("the pot ended before a flask offer")
    draw_seq = table.seq
    table.submit({"kind": "choose", "seat": 0, "decision": offer.id, "keys": ["use"]}, "phone:Ann")
    choose_seq, seq = table.seq, table.seq
    with pytest.raises(CorrectionRefused, match=f"#{choose_seq} .* would no longer fit"):
        table.void(draw_seq)
    assert table.seq == seq
    table.void(draw_seq, cascade=True)
    assert table.entries()[-1].payload == {"targets": [draw_seq, choose_seq]}
    assert flask_chip in table.state.seats[0].bag and table.state.seats[0].flask_full


def test_voiding_a_void_restores_the_input(table):
    table.read("bag-2", bag_chip(table, 2, "green"))
    before = snapshot(table)
    first = table.void(table.seq)
    assert snapshot(table) != before
    table.void(first.seq)
    assert snapshot(table)["seats"] == before["seats"]
    with pytest.raises(CorrectionRefused, match="already voided"):
        table.void(first.seq)
    with pytest.raises(CorrectionRefused, match="no entry #99"):
        table.void(99)


def test_a_read_is_reassigned_to_the_seat_whose_bag_it_came_from(table):
    ben_chip = bag_chip(table, 1, "green")
    wrong = table.read("bag-0", ben_chip)
    assert not wrong.accepted  # Ben's chip passed Ann's reader: refused, kept
    table.manual_draw(1, ben_chip, resolves=[wrong.anomaly.id])
    manual_seq = table.seq
    assert table.state.seats[1].pot[0][0] == ben_chip
    assert table.anomalies(unresolved_only=True) == []
    with pytest.raises(CorrectionRefused, match="cannot be Ann's draw"):
        table.reassign(manual_seq, 0)  # Ann's bag never held that chip
    rows = timeline(table.setup, table.entries(), table.anomalies())
    assert rows[1].kind == "anomaly" and rows[1].note == f"resolved by #{manual_seq}"
    assert rows[2].note == "entered by hand" and rows[2].space == table.state.seats[1].last_space


def test_reassigned_registry_read_becomes_the_other_seats_chip(sticker_table):
    t = sticker_table
    read = t.read("bag-0", STRAY_STICKER)  # but it went past Ann's reader
    assert read.accepted and t.state.seats[0].pot[0][0] == "green-1-01"  # bound to Ann's green 1
    t.reassign(read.seq, 1)
    assert [c for c, _ in t.state.seats[1].pot] == ["green-1-02"] and t.state.seats[0].pot == []
    t.read("bag-0", STRAY_STICKER)  # the same sticker again is Ben's chip now, already in his pot
    assert "green-1-02 is in Ben's pot" in t.anomalies()[-1].reason
    assert Draw(1, "green-1-02") in [c.action for c in t.counted()]


def test_the_timeline_row_of_the_round_s_card_names_the_card_its_correction_starts_from(db):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), READERS))
    table.submit({"kind": "fortune", "card": "B10"}, "table")
    [row] = timeline(table.setup, table.entries(), table.anomalies())
    assert (row.what, row.card, row.by) == ("fortune", "B10", "table screen")
    table.close()
