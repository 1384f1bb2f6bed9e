"""The tag registry: enrolment, counts against the box, CSV round trip, clear refusals."""

import io

import pytest

from companion.engine import GameConfig
from companion.store import Database, StoreError, TagConflict
from companion.table import TableSetup, TagRegistry, start_game


@pytest.fixture
def registry(db):
    return TagRegistry(db, "A")


def test_enrolment_numbers_new_tags_and_reports_a_second_read(registry):
    registry.start_enrolment("green", 2)
    first = registry.enrol("04:11:22:33:44:55:66")
    second = registry.enrol("04112233445577")
    again = registry.enrol("04112233445566")
    assert (first.new, first.row.chip_id) == (True, "green-2-01")
    assert (second.new, second.row.chip_id) == (True, "green-2-02")
    assert not again.new and "already chip green-2-01" in again.message
    counts = {(k.color, k.value): (k.tagged, k.box) for k in registry.counts()}
    assert counts[("green", 2)] == (2, 8) and counts[("white", 1)] == (0, 20)


def test_enrolment_stops_at_the_box_count(registry):
    registry.start_enrolment("white", 3)  # printing A has four white 3-chips
    for n in range(4):
        registry.enrol(f"0000000{n}")
    with pytest.raises(TagConflict, match="has 4 white 3-chips"):
        registry.enrol("00000009")
    with pytest.raises(StoreError, match="no purple 2-chips"):
        registry.start_enrolment("purple", 2)


def test_csv_round_trips_into_another_table(registry, tmp_path):
    registry.assign("04A1A2A3A4A5A6", "red-4-03")
    registry.assign("AABBCCDD", "white-1-17")
    out = io.StringIO()
    assert registry.export_csv(out) == 2
    text = out.getvalue()
    assert text.splitlines()[0] == "uid,chip,color,value,number"
    with Database(tmp_path / "other.sqlite3") as other_db:
        other = TagRegistry(other_db)
        assert other.import_csv(io.StringIO(text)) == 2
        assert other.import_csv(io.StringIO(text)) == 2  # importing the same file again is harmless
        assert [(r.uid, r.chip_id) for r in other.rows()] == [(r.uid, r.chip_id) for r in registry.rows()]


def test_conflicting_csv_lines_are_refused_with_their_line_and_nothing_is_imported(registry):
    registry.assign("04A1A2A3A4A5A6", "red-4-03")
    text = "uid,chip\nAABBCCDD,white-1-01\n04A1A2A3A4A5A6,red-4-04\n"
    with pytest.raises(TagConflict, match="line 3: tag 04A1A2A3A4A5A6 is already on chip red-4-03"):
        registry.import_csv(io.StringIO(text))
    assert registry.chip_for("AABBCCDD") is None
    with pytest.raises(TagConflict, match="line 3: chip white-1-01 already has tag 11111111"):
        registry.import_csv(io.StringIO("uid,chip\n11111111,white-1-01\n22222222,white-1-01\n"))
    with pytest.raises(StoreError, match="line 2: .*has 20 white 1-chips, not a number 21"):
        registry.import_csv(io.StringIO("uid,chip\n33333333,white-1-21\n"))
    with pytest.raises(StoreError, match="columns uid and chip"):
        registry.import_csv(io.StringIO("tag;chip\n"))


def test_reads_in_enrolment_mode_enrol_and_leave_the_game_alone(db, registry):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), {"bag-0": 0}, registry=True))
    table.submit({"kind": "fortune"}, "host")
    registry.start_enrolment("orange", 1)
    assert table.read("bag-0", "0A0B0C0D").seq == 1
    assert table.seq == 1 and registry.chip_for("0A0B0C0D") == "orange-1-01"
    registry.stop_enrolment()
    unknown = table.read("bag-0", "99999999")
    assert unknown.anomaly.code == "unknown_tag"
    assert table.read("bag-0", "0A0B0C0D").accepted  # Ann's orange, whichever physical one it is
    assert table.state.seats[0].pot[0][0].startswith("orange-1-")


def test_a_card_look_binds_a_physical_chip_to_one_in_the_seat_bag(db, registry):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), {"bag-0": 0, "bag-1": 1}, registry=True))
    registry.assign("0000AB06", "white-1-06")  # this sticker's chip was dealt into Ann's bag, not Ben's
    table.submit({"kind": "fortune", "card": "P05"}, "host")
    decision = next(d for d in table.state.decisions if d.seat == 0)
    table.submit({"kind": "choose", "seat": 0, "decision": decision.id, "keys": ["white"]}, "web")
    assert table.read("bag-0", "0000AB06").accepted  # Just in Time: Ann takes a white 1-chip out
    ann = table.state.seats[0]
    assert sum(1 for c in ann.bag if c.startswith("white-1-")) == 3
    assert "white-1-06" in table.state.seats[1].bag


def test_a_table_with_the_herb_witches_enrols_their_chips(db):
    """The box's counts grow by the expansion's chips; locoweed and the orange 6-chip are kinds to enrol."""
    witches = TagRegistry(db, "A", ("witches",))
    counts = {(k.color, k.value): k.box for k in witches.counts()}
    assert (counts[("locoweed", 1)], counts[("orange", 6)], counts[("orange", 1)]) == (25, 20, 22 + 12)
    witches.start_enrolment("locoweed", 1)
    assert witches.enrol("04AA").row.chip_id == "locoweed-1-01"
    witches.stop_enrolment()
    with pytest.raises(StoreError, match="no locoweed 1-chips"):
        TagRegistry(db, "A").start_enrolment("locoweed", 1)


def test_the_demo_stickers_every_chip_of_every_box_and_keeps_the_base_boxs_uids(tmp_path):
    from companion.commands.demo import _stickers
    from companion.engine import catalog

    uids = _stickers()
    assert len(uids) == len(set(uids.values())) == sum(catalog.box("A", catalog.EXPANSIONS).values())
    base = [cid for cid, uid in uids.items() if int(uid, 16) <= sum(catalog.SUPPLIES["A"].values())]
    assert "white-1-01" in base and uids["white-1-01"] == "00000001" and not any(c.startswith("locoweed") for c in base)


def test_tags_on_an_expansions_chips_do_not_count_against_a_base_box(db):
    """A table that played The Herb Witches stickered 25 purple chips; a base game's box has 17."""
    TagRegistry(db, "A", ("witches",)).assign("04EE", "purple-1-25")
    for n in range(1, 18):
        TagRegistry(db, "A").assign(f"05{n:02d}", f"purple-1-{n:02d}")
    counts = {(k.color, k.value): (k.tagged, k.box) for k in TagRegistry(db, "A").counts()}
    assert counts[("purple", 1)] == (17, 17)
