"""Games, journal entries and anomalies as rows on a real file."""

import threading

import pytest

from companion.store import Database, Journal, JournalConflict, StoreError, UnknownGame


@pytest.fixture
def journal(tmp_path):
    db = Database(tmp_path / "j.sqlite3")
    yield Journal(db)
    db.close()


def test_entries_come_back_in_order_with_their_source_and_payload(journal):
    gid = journal.create_game("Friday", {"players": ["Ann", "Ben"]}, "0.1")
    first = journal.append(gid, "reader:bag-1", "action", {"kind": "draw", "chip": "white-1-01"})
    second = journal.append(gid, "phone:Ben", "action", {"kind": "stop", "seat": 1})
    assert (first.seq, second.seq) == (1, 2)
    entries = journal.entries(gid)
    assert [(e.seq, e.source, e.payload) for e in entries] == [
        (1, "reader:bag-1", {"kind": "draw", "chip": "white-1-01"}),
        (2, "phone:Ben", {"kind": "stop", "seat": 1}),
    ]
    assert journal.entries(gid, after=1) == entries[1:]
    assert entries[0].recorded_at <= entries[1].recorded_at


def test_each_game_has_its_own_sequence(journal):
    a = journal.create_game("a", {}, "1")
    b = journal.create_game("b", {}, "1")
    journal.append(a, "host", "action", {})
    journal.append(a, "host", "action", {})
    assert journal.append(b, "host", "action", {}).seq == 1
    assert journal.game(a).last_seq == 2


def test_a_writer_that_has_fallen_behind_is_refused(journal):
    gid = journal.create_game("g", {}, "1")
    journal.append(gid, "host", "action", {}, expected_seq=0)
    with pytest.raises(JournalConflict, match="another process"):
        journal.append(gid, "host", "action", {}, expected_seq=0)
    assert journal.last_seq(gid) == 1


def test_appending_to_an_unknown_game_is_refused(journal):
    with pytest.raises(UnknownGame):
        journal.append(42, "host", "action", {})
    with pytest.raises(UnknownGame):
        journal.game(42)


def test_library_lists_games_by_status(journal):
    a = journal.create_game("a", {"x": 1}, "1")
    b = journal.create_game("b", {}, "1")
    journal.set_status(a, "finished")
    journal.set_status(b, "archived")
    assert [g.id for g in journal.games()] == [b, a]
    assert [g.name for g in journal.games(["active", "finished"])] == ["a"]
    assert journal.game(a).setup == {"x": 1}
    with pytest.raises(StoreError):
        journal.set_status(a, "lost")


def test_anomalies_are_kept_apart_and_resolved_by_a_journal_entry(journal):
    gid = journal.create_game("g", {}, "1")
    journal.append(gid, "host", "action", {})
    anomaly = journal.record_anomaly(gid, "reader:bag-2", {"uid": "04AA"}, "unknown-tag", "tag 04AA is not enrolled")
    assert anomaly.after_seq == 1
    assert journal.last_seq(gid) == 1
    fix = journal.append(gid, "host", "action", {"manual": True}, resolves=[anomaly.id])
    [stored] = journal.anomalies(gid)
    assert stored.resolved_by == fix.seq and stored.reason == "tag 04AA is not enrolled"
    assert journal.anomalies(gid, unresolved_only=True) == []
    with pytest.raises(StoreError, match="already resolved"):
        journal.append(gid, "host", "action", {}, resolves=[anomaly.id])
    assert journal.last_seq(gid) == 2  # the refused append left nothing behind


def test_threads_appending_at_once_get_distinct_consecutive_seqs(journal):
    gid = journal.create_game("g", {}, "1")
    seqs: list[int] = []

    def writer(n: int) -> None:
        for i in range(25):
            seqs.append(journal.append(gid, f"t{n}", "action", {"i": i}).seq)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(seqs) == list(range(1, 101))
    assert [e.seq for e in journal.entries(gid)] == list(range(1, 101))


def test_a_second_connection_sees_committed_entries(tmp_path):
    path = tmp_path / "shared.sqlite3"
    with Database(path) as writer_db, Database(path) as reader_db:
        gid = Journal(writer_db).create_game("g", {}, "1")
        Journal(writer_db).append(gid, "host", "action", {"n": 1})
        assert [e.payload for e in Journal(reader_db).entries(gid)] == [{"n": 1}]
