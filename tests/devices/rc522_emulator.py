"""A register-level MFRC522 with virtual ISO/IEC 14443-3 type A tags.

It answers SPI transfers the way the chip does (address byte, then data bytes) and
models what the reader code relies on: the FIFO, interrupt and error registers, the
timer (TAuto, prescaler, reload) that raises TimerIRq when no tag answers, bit-oriented
frames (TxLastBits/RxAlign), collisions (CollReg, with CollPosNotValid past bit 32), and
tag states per the NTAG21x state diagram over cascade levels 1-3: IDLE/READY/ACTIVE and
HALT/READY*/ACTIVE* (the starred states remember the tag was halted, and "any other
command" sends them back to HALT).

It also models where real builds go wrong, so the driver can be caught out:
- a soft reset that runs on for ``soft_reset_s`` after PowerDown clears (CommandReg
  reads SoftReset, writes are lost), and an oscillator that needs ``startup_s`` after the reset pin rises;
- tags powered by the field: they answer ``settle_s`` after it comes on, only within
  ``range_cm`` of the antenna, and keep their state (HALT too) through a field-off gap
  shorter than ISO/IEC 14443-3's reset time of 5.1 ms; after a longer gap they start IDLE;
- ``parity_on_collision``: a collision raises ParityErr and ErrIRq with CollErr, ErrIRq
  before RxIRq (the frame is still being received);
- ``holds_miso``: a module that pulls these MISO bits low while not selected (the fake
  Pi's bus applies it to every other module's answers);
- a tag's answer garbled in the air (``VirtualTag.garble``: the chip sees a bit collision
  there), a bit flipped on MISO while an answer is read out of the FIFO (``flip_fifo``),
  and a tag whose SAK contradicts its UID (``VirtualTag(sak=...)``).
A chip can be made to stop answering (MISO reads 0x00) until its reset line is pulsed.
``air`` logs what the chip did on the RF side (field on and off, each frame sent, with the
emulator's clock), and ``strays`` every frame that asked for a UID no ready tag has: a
reader that follows ISO/IEC 14443-3 with what it received never sends one.
"""
from __future__ import annotations

import collections
import threading
import time

from companion.devices.rc522 import crc_a

IDLE, READY, ACTIVE, HALT = "idle", "ready", "active", "halt"
T_RESET_S = 0.0051  # ISO/IEC 14443-3: a field-off at least this long resets every tag


class VirtualTag:
    """A tag with a 4-, 7- or 10-byte UID; ``flaky`` answers only every other wake-up;
    ``distance_cm`` above the antenna; ``sak`` replaces the SAK of its last cascade level
    (a badly made clone)."""

    def __init__(self, uid: str, flaky: bool = False, distance_cm: float = 0.5, sak: int | None = None):
        self.uid = bytes.fromhex(uid)
        if len(self.uid) not in (4, 7, 10):
            raise ValueError("UIDs have 4, 7 or 10 bytes")
        self.flaky = flaky
        self.distance_cm = distance_cm
        self.sak = sak
        self._skip = False
        self._garbles: list[list] = []  # [answer kind, bit, times left]
        self.power_off()

    def garble(self, kind: str, bit: int, times: int = 1, every: int = 1) -> None:
        """``times`` of the coming answers of ``kind`` ("anticollision" or "select"), one in
        ``every``, reach the chip with a bit error at ``bit`` (1-based in the cascade level's
        40-bit frame, or in SAK + CRC), which the chip reports as a collision there."""
        self._garbles.append([kind, bit, times, every, 0])

    def _error_at(self, kind: str) -> int | None:
        """The 1-based bit of this answer's error, if it is one of the garbled ones."""
        for entry in self._garbles:
            if entry[0] == kind and entry[2] > 0:
                entry[4] += 1
                if entry[4] % entry[3] == 0:
                    entry[2] -= 1
                    return entry[1]
                return None
        return None

    def power_off(self) -> None:
        self.state = IDLE
        self.level = 0
        self.halted = False

    def fall_back(self) -> None:
        """An unexpected command: back to IDLE, or to HALT from READY*/ACTIVE*."""
        self.state = HALT if self.halted else IDLE
        self.level = 0

    def frames(self) -> list[bytes]:
        """The 5-byte anticollision frame (4 bytes + BCC) for each cascade level."""
        u = self.uid
        parts = {4: [u], 7: [b"\x88" + u[:3], u[3:]], 10: [b"\x88" + u[:3], b"\x88" + u[3:6], u[6:]]}
        out = []
        for part in parts[len(u)]:
            out.append(part + bytes([part[0] ^ part[1] ^ part[2] ^ part[3]]))
        return out

    def bits(self) -> list[int]:
        frame = self.frames()[self.level]
        return [(frame[i // 8] >> (i % 8)) & 1 for i in range(40)]


class Mfrc522Emulator:
    def __init__(self, version: int = 0x92, reset_pin: int | None = None,
                 clock=time.monotonic, *, settle_s: float = 0.005, startup_s: float = 0.02,
                 soft_reset_s: float = 0.002, range_cm: float = 3.0,
                 parity_on_collision: bool = False,
                 holds_miso: int = 0x00):
        self.version = version
        self.reset_pin = reset_pin
        self.clock = clock
        self.settle_s = settle_s
        self.startup_s = startup_s
        self.soft_reset_s = soft_reset_s
        self.range_cm = range_cm
        self.parity_on_collision = parity_on_collision
        self.holds_miso = holds_miso
        self.tags: list[VirtualTag] = []
        self.silent = False
        self.unwired = False
        self.transfers = 0
        self.air: collections.deque = collections.deque(maxlen=20_000)  # (time, "on" | "off" | frame)
        self.strays: list[str] = []
        self._flips: list[list] = []  # [command bytes, byte index, mask, times left]
        self.lock = threading.Lock()
        self._waking_until = 0.0
        self._power_on()

    # -- test controls -------------------------------------------------------------
    def place(self, tag: VirtualTag) -> VirtualTag:
        with self.lock:
            tag.power_off()
            self.tags.append(tag)
        return tag

    def remove(self, tag: VirtualTag) -> None:
        with self.lock:
            self.tags.remove(tag)
            tag.power_off()

    def go_silent(self) -> None:
        """The chip hangs: reads return 0x00 and writes are ignored until a hard reset."""
        self.silent = True

    def unwire(self, unwired: bool = True) -> None:
        """A loose jumper: silent whatever the reset line does, until wired again."""
        self.unwired = unwired

    def flip_fifo(self, command: bytes, byte: int, mask: int, times: int = 1) -> None:
        """Noise on MISO: the next ``times`` answers to a frame starting with ``command`` (e.g.
        b"\x93\x70", SELECT at cascade level 1) are read out of the FIFO with ``byte`` XOR ``mask``."""
        self._flips.append([bytes(command), byte, mask, times])

    def field_off_gaps(self) -> list[float]:
        """Seconds the field stayed off between one switch-off and the next switch-on."""
        gaps, off = [], None
        for at, what in self.air:
            if what == "off":
                off = at
            elif what == "on" and off is not None:
                gaps.append(at - off)
                off = None
        return gaps

    def pulse_reset(self, level: int) -> None:
        """NRSTPD line: low powers the chip down, the rising edge restarts it."""
        if level:
            self.silent = False
            self._waking_until = self.clock() + self.startup_s
            self._power_on()
        else:
            self.regs[0x37] = 0x00

    # -- SPI -----------------------------------------------------------------------
    def transfer(self, data: list[int]) -> list[int]:
        """One chip-select cycle: first byte addresses a register, the rest are data."""
        with self.lock:
            self.transfers += 1
            if self.silent or self.unwired or not data or self.clock() < self._waking_until:
                return [0] * len(data)
            out = [0]
            address = (data[0] >> 1) & 0x3F
            reading = bool(data[0] & 0x80)
            for byte in data[1:]:
                if reading:
                    out.append(self._read(address))
                    address = (byte >> 1) & 0x3F
                else:
                    self._write(address, byte)
                    out.append(0)
            return out

    # -- registers -------------------------------------------------------------------
    def _power_on(self) -> None:
        self.regs = [0] * 64
        self.regs[0x01] = 0x20  # CommandReg: RcvOff clear, Idle
        self.regs[0x14] = 0x80  # TxControlReg: antenna off
        self.regs[0x37] = self.version
        self.fifo: list[int] = []
        self.timer_deadline: float | None = None
        self.resetting_until = 0.0
        self.field_on_at: float | None = None
        self.field_off_at: float | None = None  # None: the tags are unpowered already
        self._late_irq = 0  # RxIRq|IdleIRq still to come after an early ErrIRq
        self._answering = b""  # the frame whose answer is in the FIFO
        self._fifo_read = 0  # bytes of that answer read so far
        for tag in self.tags:
            tag.power_off()

    def _antenna_on(self) -> bool:
        return self.regs[0x14] & 0x03 == 0x03

    def _in_field(self) -> list[VirtualTag]:
        return [tag for tag in self.tags if tag.distance_cm <= self.range_cm]

    def _timer_period(self) -> float:
        prescaler = ((self.regs[0x2A] & 0x0F) << 8) | self.regs[0x2B]
        reload = (self.regs[0x2C] << 8) | self.regs[0x2D]
        return (2 * prescaler + 1) * (reload + 1) / 13.56e6

    def _read(self, reg: int) -> int:
        if self.clock() < self.resetting_until:
            return 0x0F if reg == 0x01 else self.regs[reg]  # PowerDown already clear
        if reg == 0x04:
            value = self.regs[0x04]
            self.regs[0x04] |= self._late_irq  # the frame ends after this read
            self._late_irq = 0
            if self.timer_deadline is not None and self.clock() >= self.timer_deadline:
                self.regs[0x04] |= 0x01
                self.timer_deadline = None
                value = self.regs[0x04]
            return value
        if reg == 0x09:
            return self._fifo_byte()
        if reg == 0x0A:
            return len(self.fifo)
        return self.regs[reg]

    def _fifo_byte(self) -> int:
        if not self.fifo:
            return 0
        value = self.fifo.pop(0)
        for flip in self._flips:
            command, index, mask, times = flip
            if times and self._answering.startswith(command) and self._fifo_read == index:
                flip[3] -= 1
                value ^= mask
                break
        self._fifo_read += 1
        return value

    def _write(self, reg: int, value: int) -> None:
        if self.clock() < self.resetting_until:
            return  # still resetting: the write is lost
        if reg == 0x01:
            command = value & 0x0F
            if command == 0x0F:
                self._power_on()
                self.resetting_until = self.clock() + self.soft_reset_s
                return
            self.regs[0x01] = value & 0x3F
            if command == 0x00:
                self.timer_deadline = None
        elif reg == 0x04:
            mask = value & 0x7F
            if value & 0x80:
                self.regs[0x04] |= mask
            else:
                self.regs[0x04] &= ~mask
        elif reg == 0x09:
            if len(self.fifo) < 64:
                self.fifo.append(value)
        elif reg == 0x0A:
            if value & 0x80:
                self.fifo.clear()
        elif reg == 0x0D:
            self.regs[0x0D] = value & 0x7F
            if value & 0x80 and self.regs[0x01] & 0x0F == 0x0C:
                self._transmit()
        elif reg == 0x14:
            self._switch_field(value)
        elif reg == 0x37:
            pass
        else:
            self.regs[reg] = value

    def _switch_field(self, value: int) -> None:
        """TxControlReg: no field, no power; tags reset only after T_RESET without it."""
        was_on = self._antenna_on()
        self.regs[0x14] = value
        now = self.clock()
        if was_on and not self._antenna_on():
            self.field_on_at, self.field_off_at = None, now
            self.air.append((now, "off"))
        elif self._antenna_on() and not was_on:
            if self.field_off_at is not None and now - self.field_off_at >= T_RESET_S - 1e-9:
                for tag in self.tags:
                    tag.power_off()  # unpowered long enough: every tag forgets HALT
            self.field_on_at = now
            self.air.append((now, "on"))

    # -- RF side ---------------------------------------------------------------------
    def _transmit(self) -> None:
        frame = bytes(self.fifo)
        self.fifo.clear()
        self.air.append((self.clock(), frame))
        self.regs[0x06] = 0
        tx_bits = self.regs[0x0D] & 0x07
        rx_align = (self.regs[0x0D] >> 4) & 0x07
        self.regs[0x04] |= 0x40  # TxIRq: the frame is out
        for tag in self.tags:
            if tag.distance_cm > self.range_cm:
                tag.power_off()
        settled = self.field_on_at is not None and self.clock() - self.field_on_at >= self.settle_s - 1e-9
        answer = self._tags_answer(frame, tx_bits) if settled else None
        if answer is None:
            if self.regs[0x2A] & 0x80:
                self.timer_deadline = self.clock() + self._timer_period()
            return
        bits, collision = answer
        self._answering, self._fifo_read = frame, 0
        self._receive(bits, collision, rx_align)

    def _receive(self, bits: list[int], collision: int | None, rx_align: int) -> None:
        if collision is not None:
            bits = bits[:collision] + [0] * (len(bits) - collision)
        stream = [0] * rx_align + bits
        data = []
        for i in range(0, len(stream), 8):
            chunk = stream[i:i + 8]
            data.append(sum(bit << n for n, bit in enumerate(chunk)))
        self.fifo = data
        self.regs[0x0C] = (self.regs[0x0C] & ~0x07) | (len(stream) % 8)
        if collision is not None:
            self.regs[0x06] |= 0x08
            position = rx_align + collision + 1
            not_valid = 0x20 if position > 32 else 0x00  # CollPosNotValid: CollPos counts to 32
            self.regs[0x0E] = (self.regs[0x0E] & 0x80) | not_valid | (position & 0x1F)
            if self.parity_on_collision:
                self.regs[0x06] |= 0x02  # ParityErr
                self.regs[0x04] |= 0x02  # ErrIRq now, RxIRq|IdleIRq once the frame ends
                self._late_irq = 0x30
                self.regs[0x01] &= 0xF0
                return
        self.regs[0x04] |= 0x30  # RxIRq | IdleIRq
        self.regs[0x01] &= 0xF0

    def _tags_answer(self, frame: bytes, tx_bits: int):
        """Run every tag's state machine; return (answer bits, collision index) or None.

        NTAG21x state diagram: REQA wakes IDLE tags, WUPA also HALT ones (to READY*); in
        READY a tag answers the anticollision frames its UID matches and moves on with its
        own SELECT; anything else (another tag's SELECT included) sends READY and ACTIVE
        tags back to IDLE, or to HALT if they were woken from HALT; HLTA halts ACTIVE.
        """
        answers = []
        tags = self._in_field()
        if len(frame) == 1 and tx_bits == 7 and frame[0] in (0x26, 0x52):
            for tag in tags:
                if tag.state in (READY, ACTIVE):
                    tag.fall_back()
                    continue
                if not (tag.state == IDLE or (tag.state == HALT and frame[0] == 0x52)):
                    continue
                if tag.flaky:
                    tag._skip = not tag._skip
                    if tag._skip:
                        continue
                tag.state, tag.level = READY, 0
                atqa = 0x04 if len(tag.uid) == 4 else 0x44 if len(tag.uid) == 7 else 0x84
                answers.append(_to_bits(bytes([atqa, 0x00])))
            return _superpose(answers)
        if len(frame) >= 2 and frame[0] in (0x93, 0x95, 0x97):
            level = (frame[0] - 0x93) // 2
            for tag in tags:
                if tag.state == ACTIVE or (tag.state == READY and tag.level != level):
                    tag.fall_back()
            nvb = frame[1]
            if nvb == 0x70 and len(frame) == 9 and tx_bits == 0:
                return self._select(tags, frame, level)
            known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
            sent = _to_bits(frame[2:])[:known]
            errors = []
            for tag in tags:
                if tag.state == READY and tag.bits()[:known] == sent:
                    answers.append(tag.bits()[known:])
                    error = tag._error_at("anticollision")
                    if error is not None and error > known:
                        errors.append(error - 1 - known)
            if not answers:
                self.strays.append(f"anticollision CL{level + 1} {frame.hex()}: no ready tag has that UID prefix")
            return _with_errors(_superpose(answers), errors)
        hlta = frame[:2] == b"\x50\x00" and len(frame) == 4 and frame[2:] == crc_a(frame[:2])
        for tag in tags:
            if hlta and tag.state == ACTIVE:
                tag.state, tag.halted = HALT, True
            elif tag.state in (READY, ACTIVE):
                tag.fall_back()
        return None

    def _select(self, tags: list[VirtualTag], frame: bytes, level: int):
        if frame[7:] != crc_a(frame[:7]):
            for tag in tags:
                if tag.state == READY:
                    tag.fall_back()
            return None
        answers, errors = [], []
        for tag in tags:
            if tag.state != READY:
                continue
            if tag.frames()[level] != frame[2:7]:
                tag.fall_back()  # another tag's SELECT
                continue
            last = level == len(tag.frames()) - 1
            sak = (0x00 if len(tag.uid) > 4 else 0x08) if last else 0x04
            if last:
                tag.state = ACTIVE
                sak = sak if tag.sak is None else tag.sak
            else:
                tag.level += 1
            answers.append(_to_bits(bytes([sak]) + crc_a(bytes([sak]))))
            error = tag._error_at("select")
            if error is not None:
                errors.append(error - 1)
        if not answers:
            self.strays.append(f"SELECT CL{level + 1} {frame[2:7].hex()}: no ready tag has that UID")
        return _with_errors(_superpose(answers), errors)


def _to_bits(data: bytes) -> list[int]:
    return [(byte >> n) & 1 for byte in data for n in range(8)]


def _superpose(answers: list[list[int]]):
    """What the reader hears when several tags answer at once (Manchester collisions)."""
    if not answers:
        return None
    first = answers[0]
    for i in range(len(first)):
        if any(len(a) <= i or a[i] != first[i] for a in answers[1:]):
            return first, i
    return first, None


def _with_errors(heard, errors: list[int]):
    """A bit error in the air is a Manchester violation: the chip flags it as a collision."""
    if heard is None or not errors:
        return heard
    bits, collision = heard
    first = min(errors)
    return bits, first if collision is None else min(collision, first)
