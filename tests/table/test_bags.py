"""Readers hooked to a table: a read is applied once, link states are kept, the bag hears back."""

import hashlib

import pytest

from companion.devices import Feedback
from companion.engine import GameConfig
from companion.table import TableSetup, start_game
from companion.table.bags import Bags

READERS = {"bag-0": 0, "bag-1": 1, "bag-2": 2}


@pytest.fixture
def table(db):
    """Three players, every chip in a bag stickered with a made-up UID: uid(chip) names it."""
    t = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben", "Cid")), READERS, registry=True))
    for seat in t.state.seats:
        for cid in seat.bag:
            t.registry.assign(uid(cid), cid)
    t.submit({"kind": "fortune", "card": None}, "host")
    yield t
    t.close()


def uid(chip_id: str) -> str:
    return hashlib.sha1(chip_id.encode()).hexdigest()[:14].upper()  # 7 bytes, like an NTAG


def bags_for(table):
    bags = Bags(table, [{"id": reader, "kind": "sim"} for reader in READERS])
    bags.start()
    return bags


def test_reads_become_draws_and_each_bag_hears_whether_its_read_counted(table):
    bags = bags_for(table)
    ann_chip = table.state.seats[0].bag[0]
    ben_chip = table.state.seats[1].bag[0]
    bags.readers["bag-0"].present(uid(ann_chip))
    bags.readers["bag-1"].present(uid(ben_chip))
    bags.readers["bag-0"].present(uid(ben_chip))  # the same chip again, now at Ann's reader
    table.wait_for_reads()
    assert table.state.seats[0].pot[0][0] == ann_chip
    assert table.state.seats[1].pot[0][0] == ben_chip and len(table.state.seats[0].pot) == 1
    assert bags.readers["bag-0"].feedback_given == [Feedback.ACCEPTED, Feedback.REFUSED]
    assert bags.readers["bag-1"].feedback_given == [Feedback.ACCEPTED]
    assert [a.code for a in table.anomalies()] == ["not_in_bag"]
    assert {s.reader: s.state for s in bags.status.values()} == {
        "bag-0": "online", "bag-1": "online", "bag-2": "online"}
    bags.stop()
    assert bags.status["bag-0"].state == "offline"


def test_the_exploding_chip_makes_its_bag_say_so(table):
    bags = bags_for(table)
    seat = table.state.seats[2]
    whites = sorted((c for c in seat.bag if c.startswith("white")), key=lambda c: -int(c.split("-")[1]))
    for cid in whites:
        bags.readers["bag-2"].present(uid(cid))
        table.wait_for_reads()
        if table.state.seats[2].status == "exploded":
            break
    assert table.state.seats[2].status == "exploded"  # 3 + 2 + 2 + 1 > 7
    assert bags.readers["bag-2"].feedback_given[-1] == Feedback.EXPLODED
    assert set(bags.readers["bag-2"].feedback_given[:-1]) == {Feedback.ACCEPTED}
    bags.stop()


def test_a_read_is_settled_only_after_the_journal_has_it_or_has_refused_it(table):
    from companion.devices import TagSeen

    chip = table.state.seats[0].bag[0]
    settled: list[tuple[int, int]] = []  # (journal entries, anomalies) when each read settled

    def settle() -> None:
        settled.append((len(table.entries()), len(table.anomalies())))

    before = len(table.entries())
    table.tag_seen(TagSeen("bag-0", uid(chip), settled=settle))
    table.tag_seen(TagSeen("bag-1", uid(chip), settled=settle))  # that chip is in Ann's pot now
    table.wait_for_reads()
    assert settled == [(before + 1, 0), (before + 1, 1)]
