"""The people's clock: doings in time order, virtual in tests, the wall's at the demo table."""

import threading
import time

from companion.evening import Agenda


def test_the_virtual_clock_takes_the_doings_in_time_order_without_waiting():
    agenda, done = Agenda(), []
    for when in (5.0, 1.0, 3.0):
        agenda.at(when, lambda when=when: done.append((when, agenda.now())))
    started = time.monotonic()
    assert agenda.run(lambda: False, lambda: None) == 3
    assert done == [(1.0, 1.0), (3.0, 3.0), (5.0, 5.0)] and time.monotonic() - started < 1


def test_a_change_at_the_table_while_the_people_are_busy_is_looked_at_all_the_same():
    """A wake that comes while the loop is looking (a bot's search done, a tap) is not lost."""
    agenda, looks, busy = Agenda(), [], threading.Event()

    def look() -> None:
        looks.append(time.monotonic())
        if len(looks) == 1:
            busy.set()
            time.sleep(0.3)  # looking; meanwhile the table changes

    agenda.start(look)
    busy.wait(2)
    agenda.wake()
    deadline = time.monotonic() + 3
    while len(looks) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    agenda.stop()
    assert len(looks) >= 2, "the change was looked at"
