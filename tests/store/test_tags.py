"""Tag rows: UID normalisation, one-to-one assignments, numbering and enrolment mode."""

import pytest

from companion.store import BadUid, Database, TagConflict, TagStore, normalize_uid


@pytest.fixture
def tags(tmp_path):
    db = Database(tmp_path / "tags.sqlite3")
    yield TagStore(db)
    db.close()


@pytest.mark.parametrize(
    "text, uid",
    [("04:a2:24:3b:5c:6e:80", "04A2243B5C6E80"), ("0x1a2b3c4d", "1A2B3C4D"), ("de ad be ef", "DEADBEEF"),
     ("00112233445566778899", "00112233445566778899")],
)
def test_uids_are_normalised(text, uid):
    assert normalize_uid(text) == uid


@pytest.mark.parametrize("text", ["", "xyz", "ABC", "0011223344556677889900"])
def test_bad_uids_are_refused_with_the_text(text):
    with pytest.raises(BadUid, match="UID|bytes"):
        normalize_uid(text)


def test_a_uid_cannot_name_two_chips_nor_a_chip_carry_two_uids(tags):
    tags.add("04aa", "white-1-01", "white", 1, 1)
    with pytest.raises(TagConflict, match="tag 04AA is already on chip white-1-01"):
        tags.add("04AA", "white-1-02", "white", 1, 2)
    with pytest.raises(TagConflict, match="chip white-1-01 already has tag 04AA"):
        tags.add("04BB", "white-1-01", "white", 1, 1)
    tags.add("04:aa", "white-1-01", "white", 1, 1)  # the same assignment again is harmless
    assert [(r.uid, r.chip_id) for r in tags.rows()] == [("04AA", "white-1-01")]


def test_add_many_is_all_or_nothing(tags):
    tags.add("01", "red-1-01", "red", 1, 1)
    with pytest.raises(TagConflict):
        tags.add_many([("02", "red-1-02", "red", 1, 2), ("01", "red-1-03", "red", 1, 3)])
    assert tags.lookup("02") is None


def test_next_number_fills_gaps_and_counts_are_per_kind(tags):
    assert tags.next_number("green", 2) == 1
    tags.add("01", "green-2-01", "green", 2, 1)
    tags.add("03", "green-2-03", "green", 2, 3)
    tags.add("04", "blue-1-01", "blue", 1, 1)
    assert tags.next_number("green", 2) == 2
    assert tags.counts() == {("green", 2): 2, ("blue", 1): 1}
    assert tags.remove("01") and not tags.remove("01")
    assert tags.next_number("green", 2) == 1


def test_enrolment_mode_survives_reopening(tmp_path):
    path = tmp_path / "tags.sqlite3"
    with Database(path) as db:
        assert TagStore(db).enrolment() is None
        TagStore(db).start_enrolment("yellow", 4)
    with Database(path) as db:
        enrolment = TagStore(db).enrolment()
        assert (enrolment.color, enrolment.value) == ("yellow", 4)
        TagStore(db).stop_enrolment()
        assert TagStore(db).enrolment() is None
