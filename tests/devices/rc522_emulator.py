"""A register-level MFRC522 with virtual ISO/IEC 14443-3 type A tags.

It answers SPI transfers the way the chip does (address byte, then data bytes) and
models what the reader code relies on: the FIFO, interrupt and error registers, the
timer (TAuto, prescaler, reload) that raises TimerIRq when no tag answers, bit-oriented
frames (TxLastBits/RxAlign), collisions (CollReg), and tag states per the NTAG21x state
diagram over cascade levels 1-3: IDLE/READY/ACTIVE and HALT/READY*/ACTIVE* (the starred
states remember the tag was halted, and "any other command" sends them back to HALT).

It also models where real builds go wrong, so the driver can be caught out:
- a soft reset that runs on for ``soft_reset_s`` after PowerDown clears (CommandReg
  reads SoftReset, writes are lost), and an oscillator that needs ``startup_s`` after the reset pin rises;
- tags powered only while the antenna is on, answering ``settle_s`` after it comes on,
  and only within ``range_cm`` of the antenna;
- ``parity_on_collision``: a collision raises ParityErr and ErrIRq with CollErr, ErrIRq
  before RxIRq (the frame is still being received);
- ``holds_miso``: a module that pulls these MISO bits low while not selected (the fake
  Pi's bus applies it to every other module's answers).
A chip can be made to stop answering (MISO reads 0x00) until its reset line is pulsed.
"""
from __future__ import annotations

import threading
import time

from companion.devices.rc522 import crc_a

IDLE, READY, ACTIVE, HALT = "idle", "ready", "active", "halt"
_TIMER_REGS = (0x2A, 0x2B, 0x2C, 0x2D)


class VirtualTag:
    """A tag with a 4-, 7- or 10-byte UID; ``flaky`` answers only every other wake-up;
    ``distance_cm`` above the antenna."""

    def __init__(self, uid: str, flaky: bool = False, distance_cm: float = 0.5):
        self.uid = bytes.fromhex(uid)
        if len(self.uid) not in (4, 7, 10):
            raise ValueError("UIDs have 4, 7 or 10 bytes")
        self.flaky = flaky
        self.distance_cm = distance_cm
        self._skip = False
        self.power_off()

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
        self._late_irq = 0  # RxIRq|IdleIRq still to come after an early ErrIRq
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
            return self.fifo.pop(0) if self.fifo else 0
        if reg == 0x0A:
            return len(self.fifo)
        return self.regs[reg]

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
            was_on = self._antenna_on()
            self.regs[0x14] = value
            if not self._antenna_on():
                self.field_on_at = None
                for tag in self.tags:
                    tag.power_off()  # no field, no power: every tag forgets HALT
            elif not was_on:
                self.field_on_at = self.clock()
        elif reg == 0x37:
            pass
        else:
            self.regs[reg] = value

    # -- RF side ---------------------------------------------------------------------
    def _transmit(self) -> None:
        frame = bytes(self.fifo)
        self.fifo.clear()
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
            self.regs[0x0E] = (self.regs[0x0E] & 0x80) | ((rx_align + collision + 1) & 0x1F)
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
            for tag in tags:
                if tag.state == READY and tag.bits()[:known] == sent:
                    answers.append(tag.bits()[known:])
            return _superpose(answers)
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
        answers = []
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
            else:
                tag.level += 1
            answers.append(_to_bits(bytes([sak]) + crc_a(bytes([sak]))))
        return _superpose(answers)


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
