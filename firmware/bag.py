"""The bag's main logic: poll the RC522, report each chip arrival once, keep events
until the host acknowledges them, answer host commands, send heartbeats.

Hardware comes in through arguments (``board.py`` builds them), so this file runs
unchanged under CPython in the host tests.
"""

from edges import EdgeDetector
from frames import PROTOCOL_VERSION, FrameError, LineSplitter, decode, encode
from rc522 import ChipNotAnswering

FIRMWARE_VERSION = "1.2.0"
MAX_UNACKED = 64


class Bag:
    def __init__(self, reader, io, signals, clock, bag_id, boot_id, poll_ms=6,
                 heartbeat_ms=1000, resend_ms=500, miss_limit=3, hold_ms=1000,
                 reset_line=None, retry_ms=1000):
        self.reader = reader  # rc522.Rc522
        self.io = io  # .read() -> bytes (non-blocking), .write(bytes)
        self.signals = signals
        self.clock = clock  # non-wrapping milliseconds
        self.bag_id = bag_id
        self.boot_id = boot_id
        self.poll_ms = poll_ms
        self.heartbeat_ms = heartbeat_ms
        self.resend_ms = resend_ms
        self.reset_line = reset_line  # reset_line(0 | 1) drives the RC522 NRSTPD pin
        self.retry_ms = retry_ms
        self.edges = EdgeDetector(miss_limit, hold_ms)
        self.splitter = LineSplitter()
        self.seq = 0
        self.unacked = []  # [(seq, frame)], oldest first
        self.lost = 0
        self.polls = 0
        self.reader_ok = False
        self.next_poll = self.next_beat = self.next_resend = self.next_retry = 0

    def start(self):
        self.reader_ok = self._init_reader(True)  # a reset pulse also waits for the oscillator
        self.hello()

    def hello(self):
        version = "%02X" % self.reader.version()  # a silent chip reads 00
        self.io.write(encode("HELLO", PROTOCOL_VERSION, FIRMWARE_VERSION, self.bag_id,
                             self.boot_id, version, self.clock()))

    def _init_reader(self, hard):
        if hard and self.reset_line is not None:
            self.reset_line(0)
            self.reset_line(1)
        try:
            self.reader.init()
            return True
        except ChipNotAnswering:
            return False

    def step(self):
        """One turn of the main loop; call it every few milliseconds."""
        now = self.clock()
        data = self.io.read()
        if data:
            for line in self.splitter.feed(data):
                self.command(line, now)
        if now >= self.next_poll:
            self.poll(now)
            self.next_poll = self.clock() + self.poll_ms  # the driver keeps the field off >= 5.1 ms
        if now >= self.next_resend:
            self.next_resend = now + self.resend_ms
            for _, frame in self.unacked:
                self.io.write(frame)
        if now >= self.next_beat:
            self.next_beat = now + self.heartbeat_ms
            self.io.write(encode("HB", self.boot_id, now, "ok" if self.reader_ok else "fail",
                                 self.polls, len(self.unacked), self.lost))
        self.signals.update(now)

    def poll(self, now):
        if not self.reader_ok:
            if now >= self.next_retry:
                self.next_retry = now + self.retry_ms
                self.reader_ok = self._init_reader(True)
            return
        try:
            uids = self.reader.scan()
        except ChipNotAnswering:
            self.reader_ok = self._init_reader(False)
            return
        self.polls += 1
        for uid in self.edges.update(uids, now):
            self.report(uid, now)

    def report(self, uid, now):
        self.seq += 1
        frame = encode("TAG", self.boot_id, self.seq, uid, now)
        if len(self.unacked) >= MAX_UNACKED:
            self.unacked.pop(0)
            self.lost += 1
        self.unacked.append((self.seq, frame))
        self.io.write(frame)
        self.signals.play("read", now)

    def command(self, line, now):
        try:
            fields = decode(line)
        except FrameError:
            return
        kind = fields[0]
        if kind == "HELLO?":
            self.hello()
            for _, frame in self.unacked:
                self.io.write(frame)
        elif kind == "ACK" and len(fields) == 3 and fields[1] == self.boot_id:
            try:
                seq = int(fields[2])
            except ValueError:
                return
            self.unacked = [item for item in self.unacked if item[0] != seq]
        elif kind == "FB" and len(fields) == 2:
            self.signals.play(fields[1], now)
