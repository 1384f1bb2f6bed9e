"""Helpers that wait for a condition with a generous deadline instead of sleeping."""
from __future__ import annotations

import queue
import time


def until(condition, timeout: float = 5.0, step: float = 0.002):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("condition not reached in time")


def drain(events: queue.Queue, kind=None) -> list:
    """Everything queued so far (optionally only one event class)."""
    out = []
    while True:
        try:
            event = events.get_nowait()
        except queue.Empty:
            return [e for e in out if kind is None or isinstance(e, kind)]
        out.append(event)


def next_event(events: queue.Queue, kind, timeout: float = 5.0):
    deadline = time.monotonic() + timeout
    while True:
        event = events.get(timeout=max(0.0, deadline - time.monotonic()))
        if isinstance(event, kind):
            return event
