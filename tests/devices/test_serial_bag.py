"""Emulated tags -> real firmware (under CPython) -> pty -> pyserial -> SerialBag -> events."""
import time

import pytest
from rc522_emulator import VirtualTag
from waiting import drain, next_event, until

from companion.devices.events import Feedback, LinkStatus, TagSeen
from companion.devices.frames import decode, encode
from companion.devices.serial_link import SerialBag

UIDS = ["04A3C6CAE26180", "04112233445566", "DEADBEEF", "04998877665544", "04000000000001"]


@pytest.fixture
def host(events, tmp_path):
    links = []

    def journal(event):  # a table that journals every read at once
        events.put(event)
        if isinstance(event, TagSeen):
            event.settled()

    def make(pico, settle=True, **kwargs):
        options = dict(silence=0.3, hello_every=0.05, backoff=(0.01, 0.05), read_timeout=0.005,
                       by_id_dir=str(tmp_path / "by-id"))
        options.update(kwargs)
        link = SerialBag(f"seat{len(links) + 1}", journal if settle else events.put,
                         serial_number=pico.serial, **options)
        links.append(link)
        link.start()
        return link

    yield make
    for link in links:
        link.stop()


def draw(pico, uid):
    """A chip passes the antenna: in the field for a few polls, then gone."""
    tag = pico.emulator.place(VirtualTag(uid))
    polls = pico.bag.polls
    until(lambda: pico.bag.polls >= polls + 4)
    pico.emulator.remove(tag)
    until(lambda: pico.bag.polls >= polls + 8)


def uids_seen(events, count):
    return [next_event(events, TagSeen).uid for _ in range(count)]


def online(link):
    until(lambda: link.status.state == "online")


def test_each_chip_pass_arrives_once_in_order(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    assert link.hello["firmware"] == "1.2.0" and link.hello["bag"] == pico.serial
    for uid in UIDS:
        draw(pico, uid)
    assert uids_seen(events, len(UIDS)) == UIDS
    until(lambda: not pico.bag.unacked)  # the host acknowledged every event
    assert drain(events, TagSeen) == []
    assert {e.reader for e in [link.status]} == {"seat1"}


def test_noise_truncated_and_corrupted_frames_are_dropped(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    draw(pico, UIDS[0])
    next_event(events, TagSeen)
    boot = pico.bag.boot_id
    pico.inject(b"\x00\xff\x03garbage>>> \r\n")  # REPL noise and binary junk
    pico.inject(encode("TAG", boot, 99, "04010203040506", 1)[:-8] + b"\n")  # truncated
    good = encode("TAG", boot, 98, "04010203040507", 1)
    pico.inject(good.replace(b"040507,", b"040508,"))  # one character flipped in transit
    pico.inject(b"$" + b"A" * 500 + b"\n")  # runaway line
    pico.inject(encode("TAG", boot, 1, UIDS[0], 1) * 3)  # repeats of a delivered event
    draw(pico, UIDS[1])
    assert next_event(events, TagSeen).uid == UIDS[1]
    until(lambda: link.duplicates >= 3)
    assert link.bad_frames >= 4
    assert drain(events, TagSeen) == []
    assert link.status.state == "online"


def test_events_drawn_while_the_port_is_gone_are_resent_once(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    draw(pico, UIDS[0])
    assert uids_seen(events, 1) == UIDS[:1]
    pico.unplug(power_off=False)
    until(lambda: link.status.state == "offline")
    draw(pico, UIDS[1])
    draw(pico, UIDS[2])
    assert pico.bag.unacked  # kept until acknowledged
    drawn_at = time.time()
    time.sleep(0.6)
    pico.plug(boot=False)
    online(link)
    late = [next_event(events, TagSeen) for _ in range(2)]
    assert [e.uid for e in late] == UIDS[1:3]
    assert all(e.at < drawn_at + 0.3 for e in late)  # stamped with the draw, not the resend
    until(lambda: not pico.bag.unacked)
    draw(pico, UIDS[3])
    assert uids_seen(events, 1) == UIDS[3:4]
    assert drain(events, TagSeen) == []


def test_lost_acks_mean_resends_which_are_not_delivered_twice(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    pico.io.lose = b"$ACK"  # every ACK lost on the wire
    draw(pico, UIDS[0])
    assert uids_seen(events, 1) == UIDS[:1]
    until(lambda: link.duplicates >= 2)  # resent every RESEND_MS
    assert drain(events, TagSeen) == []
    assert pico.bag.unacked


def test_bag_reboot_mid_round_starts_a_new_sequence(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    draw(pico, UIDS[0])
    draw(pico, UIDS[1])
    assert uids_seen(events, 2) == UIDS[:2]
    until(lambda: not pico.bag.unacked)
    first_boot = pico.bag.boot_id
    pico.reboot()
    assert pico.bag.boot_id != first_boot and pico.bag.seq == 0
    until(lambda: link.hello.get("boot") == pico.bag.boot_id)
    draw(pico, UIDS[2])  # sequence number 1 again, but a new boot id
    assert uids_seen(events, 1) == UIDS[2:3]
    assert f"boot {pico.bag.boot_id}" in link.status.detail


def test_unplug_and_replug_reconnects_with_backoff(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    pico.unplug()
    lost = until(lambda: link.status if link.status.state == "offline" else None)
    assert "lost" in lost.detail or "not found" in lost.detail
    until(lambda: "plugged in" in link.status.detail)
    pico.plug()
    online(link)
    draw(pico, UIDS[4])
    assert uids_seen(events, 1) == UIDS[4:5]


def test_a_silent_bag_is_marked_offline_then_back_online(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    drain(events)
    pico.paused.set()  # firmware hangs: no heartbeats
    assert next_event(events, LinkStatus).detail.startswith("no heartbeat")
    pico.paused.clear()
    assert next_event(events, LinkStatus).state == "online"


def test_feedback_reaches_the_bag_buzzer(firmware, host):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    link.feedback(Feedback.EXPLODED)
    until(lambda: 150 in pico.tones)
    link.feedback(Feedback.ACCEPTED)
    until(lambda: 2000 in pico.tones)


def test_dead_reader_inside_the_bag_is_reported_and_recovered(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    pico.emulator.unwire()
    until(lambda: "RC522 is not answering" in link.status.detail)
    pico.emulator.unwire(False)
    until(lambda: "RC522" not in link.status.detail)  # the firmware re-initialised it
    draw(pico, UIDS[0])
    assert uids_seen(events, 1) == UIDS[:1]


def test_a_hung_reader_is_reset_by_the_firmware(firmware, host, events):
    pico = firmware()
    pico.plug()
    online(host(pico))
    pico.emulator.go_silent()  # only a pulse on the reset line revives it
    until(lambda: pico.emulator.regs[0x14] & 0x03 == 0x03 and not pico.emulator.silent)
    draw(pico, UIDS[0])
    assert uids_seen(events, 1) == UIDS[:1]


def test_fixed_port_path_works_too(firmware, events):
    pico = firmware()
    pico.plug()
    link = SerialBag("seat9", events.put, port=str(pico.link), silence=0.3, hello_every=0.05,
                     read_timeout=0.005)
    link.start()
    try:
        online(link)
        draw(pico, UIDS[0])
        assert next_event(events, TagSeen) .reader == "seat9"
    finally:
        link.stop()


def test_firmware_ignores_bad_host_frames_and_keeps_the_event(firmware):
    pico = firmware()
    pico.plug()
    draw(pico, UIDS[0])
    sent = [decode(line) for line in pico.sent().splitlines()]
    tag = next(fields for fields in sent if fields[0] == "TAG")
    assert sent[0][0] == "HELLO" and tag[3] == UIDS[0]
    boot, seq = tag[1], tag[2]
    pico.hear(b"\x00\xffnoise\n" + encode("ACK", boot, seq).replace(b"*", b"x*"))  # corrupted
    pico.hear(encode("ACK", "0badb007", seq))  # an ACK meant for an earlier boot
    pico.hear(encode("ACK", boot, "one"))
    steps = pico.steps
    until(lambda: pico.steps > steps + 20)
    assert [s for s, _ in pico.bag.unacked] == [int(seq)]
    pico.hear(encode("ACK", boot, seq))
    until(lambda: not pico.bag.unacked)


def test_a_tag_is_acknowledged_only_once_the_table_has_settled_it(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico, settle=False)
    online(link)
    draw(pico, UIDS[0])
    seen = next_event(events, TagSeen)
    resent = link.duplicates
    until(lambda: link.duplicates >= resent + 3)  # resent every 60 ms, not acknowledged
    assert [s for s, _ in pico.bag.unacked] == [1] and drain(events, TagSeen) == []
    seen.settled()
    until(lambda: not pico.bag.unacked)


def test_a_host_stopping_before_the_journal_has_the_read_loses_no_draw(firmware, host, events):
    pico = firmware()
    pico.plug()
    first = host(pico, settle=False)
    online(first)
    draw(pico, UIDS[0])
    assert next_event(events, TagSeen).uid == UIDS[0]
    first.stop()  # the host process ends before the table journalled the read
    second = host(pico)
    assert next_event(events, TagSeen).uid == UIDS[0]  # delivered again by the restarted host
    until(lambda: not pico.bag.unacked)
    assert drain(events, TagSeen) == [] and second.status.state == "online"


def pico_table(db_path, registry_uid=None):
    """A two-seat table whose first seat's bag is a Pico (`bag`), with one chip's sticker enrolled."""
    from companion.engine import GameConfig
    from companion.store import Database, UnknownGame
    from companion.table import TableSetup, resume, start_game

    db = Database(db_path)
    try:
        return db, resume(db)
    except UnknownGame:
        table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben")), {"bag": 0, "other": 1}, registry=True))
    table.registry.assign(registry_uid, table.state.seats[0].bag[0])
    table.submit({"kind": "fortune", "card": None}, "host")
    return db, table


def bags_for(table, pico, tmp_path):
    from companion.table.bags import Bags

    return Bags(table, [{"id": "bag", "kind": "serial", "serial_number": pico.serial, "by_id_dir": str(tmp_path / "by-id"),
                         "silence": 0.3, "read_timeout": 0.005, "hello_every": 0.05},
                        {"id": "other", "kind": "sim"}])


def test_a_pico_draw_is_journalled_before_the_bag_hears_its_ack(firmware, tmp_path):
    db, table = pico_table(tmp_path / "table.sqlite3", UIDS[0])
    chip = table.state.seats[0].bag[0]
    pico = firmware()
    pico.plug()
    waiting_at_journal = []

    def slow_screen(seq, notice) -> None:  # runs after the journal write, before the read settles
        time.sleep(0.2)  # long enough for an early ACK to reach the bag
        waiting_at_journal.append([s for s, _ in pico.bag.unacked])

    table.subscribe(slow_screen)
    bags = bags_for(table, pico, tmp_path)
    bags.start()
    try:
        draw(pico, UIDS[0])
        until(lambda: table.state.seats[0].pot)
        until(lambda: not pico.bag.unacked)
        assert table.state.seats[0].pot[0][0] == chip
        assert waiting_at_journal[-1] == [1]  # the journal had it while the bag still held it
    finally:
        bags.stop()
        table.close()
        db.close()


def test_a_link_whose_loop_raises_is_reported_failed_and_restarted(firmware, host, events, monkeypatch):
    monkeypatch.setattr(SerialBag, "restart_backoff", (0.05, 0.2))
    pico = firmware()
    pico.plug()
    lines = {"left": 5}

    def logger(line):  # a diagnostics hook that fails on the fifth line
        lines["left"] -= 1
        if lines["left"] == 0:
            raise UnicodeDecodeError("ascii", line, 0, 1, "not text")

    link = host(pico, on_line=logger)
    failed = until(lambda: link.status if link.status.state == "failed" else None)
    assert failed.detail.startswith("UnicodeDecodeError: 'ascii' codec can't decode") and "restarting in 0.05 s" in failed.detail
    online(link)  # the port reopened, HELLO again
    draw(pico, UIDS[0])
    assert uids_seen(events, 1) == UIDS[:1]


def test_a_tag_resent_after_a_pi_restart_is_acknowledged_without_an_anomaly(firmware, tmp_path):
    pico = firmware()
    pico.plug()
    pico.io.lose = b"$ACK"  # the Pi goes down after journalling the read, before its ACK leaves
    db, table = pico_table(tmp_path / "table.sqlite3", UIDS[0])
    bags = bags_for(table, pico, tmp_path)
    bags.start()
    draw(pico, UIDS[0])
    until(lambda: table.state.seats[0].pot)
    bags.stop()
    table.close()
    db.close()
    boot = pico.bag.boot_id
    assert [s for s, _ in pico.bag.unacked] == [1]  # the bag still holds it

    pico.io.lose = None
    db, table = pico_table(tmp_path / "table.sqlite3")  # the restarted Pi resumes the game
    bags = bags_for(table, pico, tmp_path)
    bags.start()
    try:
        until(lambda: not pico.bag.unacked)  # resent, known from the journal, acknowledged
        table.wait_for_reads()
        assert len(table.state.seats[0].pot) == 1 and table.anomalies() == []
        assert [e.payload["read"]["sent"] for e in table.entries() if "read" in e.payload] == [[boot, 1]]
    finally:
        bags.stop()
        table.close()
        db.close()


def test_a_read_whose_handling_raised_is_refused_with_the_reason_and_acknowledged(firmware, tmp_path):
    from companion.table import Table

    pico = firmware()
    pico.plug()
    db, table = pico_table(tmp_path / "table.sqlite3", UIDS[0])
    other = Table.open(db, table.game_id)  # a second process writing the same game (quacks serve twice)
    other.manual_draw(1, other.free_chip(1, "white-1"))  # its journal moves on under the first
    bags = bags_for(table, pico, tmp_path)
    bags.start()
    try:
        draw(pico, UIDS[0])
        until(lambda: table.anomalies())
        [anomaly] = table.anomalies()
        assert anomaly.code == "read_failed" and anomaly.payload["read"]["uid"] == UIDS[0]
        assert anomaly.reason.startswith("the read could not be applied (JournalConflict: game 1's journal is at #")
        assert "another process is writing this game" in anomaly.reason
        until(lambda: not pico.bag.unacked)  # settled: the bag forgets it
        until(lambda: 400 in pico.tones)  # and plays "refused"
    finally:
        bags.stop()
        other.close()
        table.close()
        db.close()


def test_a_host_that_connects_gets_the_unacknowledged_draws_at_once_not_at_the_next_resend(firmware, host, events,
                                                                                          monkeypatch):
    import config

    monkeypatch.setattr(config, "RESEND_MS", 60_000)  # the periodic resend is a minute away
    pico = firmware()
    pico.plug()
    draw(pico, UIDS[0])  # drawn while no host has the port open
    draw(pico, UIDS[1])
    assert [s for s, _ in pico.bag.unacked] == [1, 2]
    started = time.monotonic()
    host(pico)  # opens the port, drops what was buffered, asks HELLO?
    assert uids_seen(events, 2) == UIDS[:2]
    assert time.monotonic() - started < 5  # sent in answer to HELLO?, not 60 s later
    until(lambda: not pico.bag.unacked)


def test_a_tag_whose_ack_was_lost_is_acknowledged_when_the_bag_sends_it_again(firmware, host, events):
    pico = firmware()
    pico.plug()
    link = host(pico)
    online(link)
    pico.io.lose = b"$ACK"  # a burst of noise on the wire eats the ACK
    draw(pico, UIDS[0])
    assert uids_seen(events, 1) == UIDS[:1]
    until(lambda: link.duplicates >= 1)  # the bag sent it again
    pico.io.lose = None
    until(lambda: not pico.bag.unacked)  # the repeat of a settled TAG is acknowledged at once
    assert drain(events, TagSeen) == []
