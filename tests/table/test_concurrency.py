"""Reader threads and web-style submitters at once: the journal replays to the live state."""

import random
import threading

from companion.devices.events import TagSeen
from companion.engine import Draw, IllegalAction, legal_actions, replay, state_to_dict
from companion.table import Table


def test_concurrent_submitters_leave_a_journal_that_replays_to_the_live_state(table, db):
    accepted: list[int] = []
    refused = 0
    lock = threading.Lock()
    stop = threading.Event()
    notices: list[int] = []
    table.subscribe(lambda seq, notice: notices.append(seq) if notice["kind"] == "input" else None)

    def reader(seat: int, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(40):
            bag = table.state.seats[seat].bag
            if stop.is_set() or not bag:
                return
            table.tag_seen(TagSeen(f"bag-{seat}", rng.choice(bag)))

    def phone(seed: int) -> None:
        nonlocal refused
        rng = random.Random(seed)
        for _ in range(60):
            options = [a for a in legal_actions(table.state) if not isinstance(a, Draw)]
            if not options:
                continue
            try:
                outcome = table.submit(rng.choice(options), f"phone:{seed}")
            except IllegalAction:
                with lock:
                    refused += 1
            else:
                with lock:
                    accepted.append(outcome.seq)

    threads = [threading.Thread(target=reader, args=(s, s)) for s in range(3)]
    threads += [threading.Thread(target=phone, args=(10 + n,)) for n in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    table.wait_for_reads()

    entries = table.entries()
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    assert notices == [e.seq for e in entries[1:]]  # after the fortune, in journal order
    assert set(accepted) <= {e.seq for e in entries if e.source.startswith("phone:")}
    assert any(e.source.startswith("reader:") for e in entries)
    assert len(table.anomalies()) >= refused
    live = state_to_dict(table.state)
    assert live == state_to_dict(replay(table.config, [c.action for c in table.counted()]))
    assert live == state_to_dict(Table.open(db, table.game_id).state)
