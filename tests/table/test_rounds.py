"""The round replay a referee steps through: built from the journal, corrections and refusals included."""

import pytest

from companion.autoplay import RandomPlayer
from companion.engine import format_transcript
from companion.table import export_transcript
from companion.table.rounds import NoSuchRound, round_replay, space_label

from .conftest import STRAY_STICKER


def chip_in(table, seat, kind):
    return next(c for c in sorted(table.state.seats[seat].bag) if c.startswith(kind + "-"))


def replay_of(table, round_no=1, seat=0):
    return round_replay(table.setup, table.entries(), table.anomalies(), round_no, seat)


def test_a_round_steps_draw_by_draw_from_the_empty_pot_to_the_explosion(table):
    # Ann draws orange 1, then white 3, 2, 2 and 1: 8 whites explode her pot (threshold 7).
    drawn = [chip_in(table, 0, "orange-1")]
    table.read("bag-0", drawn[-1])
    for kind in ("white-3", "white-2", "white-2", "white-1"):
        drawn.append(chip_in(table, 0, kind))
        assert table.read("bag-0", drawn[-1]).accepted
    replay = replay_of(table)
    draws = [s for s in replay.steps if s.action.get("kind") == "draw"]
    assert [s.action["chip"] for s in draws] == drawn
    assert replay.start["pot"] == [] and replay.start["white_total"] == 0
    # Each draw: one more chip in the pot, on the space the chip's value reaches.
    assert [s.placed["space"] for s in draws] == [1, 4, 6, 8, 9]
    assert [s.after["white_total"] for s in draws] == [0, 3, 5, 7, 8]
    for s in draws:
        assert len(s.after["pot"]) == len(s.before["pot"]) + 1
        assert s.read == {"reader": "bag-0", "uid": s.action["chip"], "chip": None}
        assert s.source == "reader:bag-0" and s.at
    assert draws[-1].after["status"] == "exploded"
    assert any(line.startswith("EXPLODES: whites 8 > 7") for line in draws[-1].lines)
    assert replay.end["status"] == "exploded" and len(replay.end["pot"]) == 5


def test_the_replay_names_spaces_as_printed_on_the_pot():
    assert space_label(18) == {"space": 18, "printed": 16, "coins": 16, "vp": 4, "ruby": False}
    assert space_label(53)["printed"] == 35  # the spoon, past the last 33


def test_lines_point_into_the_exported_transcript(table):
    for kind in ("white-1", "orange-1"):
        table.read("bag-0", chip_in(table, 0, kind))
    table.read("bag-1", chip_in(table, 1, "green-1"))
    lines = export_transcript(table.db, table.game_id).splitlines()
    for step in replay_of(table).steps:
        assert lines[step.line - 1] == format_transcript(table.config, [step_action(table, step)]).splitlines()[1]


def step_action(table, step):
    return next(c.action for c in table.counted() if c.entry.seq == step.seq)


def test_voids_and_refused_reads_show_who_corrected_what(table):
    white = chip_in(table, 0, "white-1")
    wrong = table.read("bag-0", white)  # the host decides this chip fell out: voided
    table.void(wrong.seq)
    stray = table.read("bag-0", chip_in(table, 2, "orange-1"))  # Cid's chip at Ann's reader: refused
    assert not stray.accepted
    table.read("bag-1", chip_in(table, 1, "white-2"))  # Ben's draw is not in Ann's replay
    table.read("bag-0", chip_in(table, 0, "orange-1"))
    ann = replay_of(table, seat=0)
    assert [s.kind for s in ann.steps if s.action.get("kind") != "fortune"] == ["voided", "refused", "input"]
    voided, refused, counted = ann.steps[-3:]
    assert voided.action["chip"] == white and voided.after is None and voided.line is None
    assert voided.corrections[0]["source"] == "host" and voided.corrections[0]["text"] == f"void #{wrong.seq}"
    assert "Cid's bag" in refused.lines[0] and refused.read["reader"] == "bag-0" and refused.seq is None
    assert [c["chip"] for c in counted.after["pot"]] == [counted.action["chip"]]


def test_a_read_moved_to_another_seat_leaves_one_replay_and_arrives_in_the_other(sticker_table):
    t = sticker_table
    read = t.read("bag-0", STRAY_STICKER)  # but it went past Ann's reader
    t.reassign(read.seq, 1)
    ann, ben = (round_replay(t.setup, t.entries(), t.anomalies(), 1, seat) for seat in (0, 1))
    assert [s.kind for s in ann.steps if s.seq == read.seq] == ["moved"] and ann.end["pot"] == []
    arrived = next(s for s in ben.steps if s.seq == read.seq)
    assert arrived.kind == "input" and arrived.action == {"kind": "draw", "seat": 1, "chip": "green-1-02"}
    assert arrived.corrections[0]["text"] == f"reassign #{read.seq} to Ben"
    assert arrived.read["uid"] == STRAY_STICKER and arrived.placed["space"] == 1
    assert [c["chip"] for c in ben.end["pot"]] == ["green-1-02"]


def test_a_round_not_played_yet_or_a_seat_not_at_the_table_is_refused(table):
    with pytest.raises(NoSuchRound, match="round 2 has not been played"):
        replay_of(table, round_no=2)
    with pytest.raises(NoSuchRound, match="no seat 4"):
        replay_of(table, seat=3)


def test_the_replay_ends_with_the_pot_as_the_round_left_it(table):
    player = RandomPlayer(2)
    while table.state.round == 1:
        pot = [c for c, _ in table.state.seats[0].pot]  # before the input that ends the round
        table.submit(player.choose(table.state), "web")
    replay = replay_of(table)
    assert pot and [c["chip"] for c in replay.end["pot"]] == pot
    ending = [s for s in replay.steps if "End of round 1" in s.lines]
    assert ending and ending[0].after is None, "the next round's empty pot is not shown as this round's"
