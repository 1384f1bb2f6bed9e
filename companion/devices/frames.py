"""Line frames spoken between a bag's Pico and the host (see firmware/PROTOCOL.md).

A frame is one ASCII line ``$BODY*CRC\\n``: BODY is comma-separated fields, CRC is the
CRC-16/CCITT-FALSE of BODY as four upper-case hex digits. Anything that is not a
complete, checksummed frame (REPL prompts, tracebacks, line noise) is rejected, so
it can never turn into a draw.

This module runs unchanged on MicroPython (it is copied onto the Pico) and on CPython.
"""

PROTOCOL_VERSION = 1
MAX_LINE = 120
_FORBIDDEN = "$*,\r\n"
_HEX = "0123456789ABCDEFabcdef"


class FrameError(ValueError):
    """A line that is not a valid frame; the message says why."""


def crc16(data) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as used by Klipper's serial link."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def encode(*fields) -> bytes:
    """Build one frame from its fields (type first)."""
    parts = []
    for field in fields:
        text = str(field)
        for ch in text:
            if ch in _FORBIDDEN or not (" " <= ch <= "~"):
                raise ValueError(f"field {text!r} holds a character frames cannot carry")
        parts.append(text)
    body = ",".join(parts)
    return (f"${body}*{crc16(body.encode()):04X}\n").encode()


def decode(line) -> list:
    """Return the fields of one line (without its newline), or raise FrameError.

    Bytes before the last ``$`` are ignored, so a frame glued to noise still counts.
    """
    start = line.rfind(b"$")
    if start < 0:
        raise FrameError("no frame start")
    star = line.rfind(b"*")
    if star < start:
        raise FrameError("no checksum")
    body = line[start + 1:star]
    tail = line[star + 1:].strip()
    if len(tail) != 4:
        raise FrameError("truncated checksum")
    try:
        digits = tail.decode()
    except UnicodeError:
        raise FrameError("checksum is not hex") from None
    for ch in digits:
        if ch not in _HEX:
            raise FrameError("checksum is not hex")
    expected = int(digits, 16)
    if crc16(body) != expected:
        raise FrameError("checksum mismatch")
    try:
        text = body.decode()
    except UnicodeError:
        raise FrameError("not ASCII") from None
    return text.split(",")


class LineSplitter:
    """Cut a byte stream into lines; a line longer than ``limit`` is dropped whole."""

    def __init__(self, limit: int = MAX_LINE):
        self.limit = limit
        self.buffer = b""
        self.dropped = 0
        self._skipping = False

    def feed(self, data) -> list:
        """Add received bytes; return the complete lines (newline removed)."""
        lines = []
        self.buffer += data
        while True:
            end = self.buffer.find(b"\n")
            if end < 0:
                break
            line = self.buffer[:end]
            self.buffer = self.buffer[end + 1:]
            if self._skipping:
                self._skipping = False
            elif len(line) <= self.limit:
                lines.append(line)
            else:
                self.dropped += 1
        if len(self.buffer) > self.limit:
            self.buffer = b""
            self.dropped += 1
            self._skipping = True
        return lines
