"""Arrival-edge detection: one chip pass is one read.

Each poll reports the UIDs in the antenna field. A UID is reported once when it
arrives; it stays "present" while polls keep seeing it and counts as gone only after
``miss_limit`` consecutive polls without it (a tag at the edge of the field answers
only every other poll). A UID that comes back within ``hold_ms`` of its last sighting
is not reported again (a chip bouncing back over the antenna).

Runs on MicroPython (copied onto the Pico) and on CPython (the Pi's SPI readers).
``now_ms`` must be a non-wrapping millisecond counter.
"""


class EdgeDetector:
    def __init__(self, miss_limit: int = 3, hold_ms: int = 1000):
        if miss_limit < 1:
            raise ValueError("miss_limit must be at least 1")
        self.miss_limit = miss_limit
        self.hold_ms = hold_ms
        self.present = {}  # uid -> consecutive misses
        self.last_seen = {}  # uid -> ms of last sighting

    def update(self, uids, now_ms) -> list:
        """Feed one poll's UIDs; return those that just arrived, in poll order."""
        arrived = []
        for uid in uids:
            if uid not in self.present:
                last = self.last_seen.get(uid)
                if last is None or now_ms - last >= self.hold_ms:
                    arrived.append(uid)
            self.present[uid] = 0
            self.last_seen[uid] = now_ms
        for uid in list(self.present):
            if uid not in uids:
                misses = self.present[uid] + 1
                if misses >= self.miss_limit:
                    del self.present[uid]
                else:
                    self.present[uid] = misses
        for uid in list(self.last_seen):
            if uid not in self.present and now_ms - self.last_seen[uid] >= self.hold_ms:
                del self.last_seen[uid]
        return arrived
