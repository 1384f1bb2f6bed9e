"""MFRC522 command layer: init with a bus check, a transceive that sleeps on the chip's
timer, and ISO/IEC 14443-3 type A card selection (REQA, bit-wise anticollision over cascade
levels 1-3, SELECT, HLTA) with the field switched on for each scan and off after it.

Register access is injected (``read(reg) -> int``, ``write(reg, value)``), so the same
code drives an RC522 through the Pi's spidev (via the ``mfrc522`` package) and through a
Pico's ``machine.SPI``; this module runs on MicroPython and CPython alike.
``pause()`` must sleep a fraction of a millisecond: the wait for an answer checks the
interrupt register between sleeps instead of spinning; ``sleep_us(n)`` sleeps n µs and
``clock_us()`` is a non-wrapping microsecond count whose step is ``clock_step_us``.
"""

# Registers (MFRC522 data sheet, section 9).
COMMAND = 0x01
COM_IRQ = 0x04
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_MODE = 0x12
RX_MODE = 0x13
TX_CONTROL = 0x14
TX_ASK = 0x15
RF_CFG = 0x26
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

CMD_IDLE = 0x00
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F

IRQ_TIMER = 0x01
IRQ_TX = 0x40
IRQ_RX_IDLE = 0x30
ERR_FATAL = 0x13  # BufferOvfl | ParityErr | ProtocolErr
ERR_COLL = 0x08

PICC_REQA = 0x26
PICC_HLTA = 0x50
SEL_CODES = (0x93, 0x95, 0x97)
CASCADE_TAG = 0x88

# Transceive outcomes.
OK = 0
NO_TAG = 1
COLLISION = 2
FAILED = 3

TIMER_TICKS_PER_MS = 40  # TPrescaler 169: 13.56 MHz / (2 * 169 + 1) = 40 kHz
T_MODE_AUTO = 0x80  # TAuto: the timer starts when transmission ends
TX_CONTROL_OFF = 0x80  # reset value: both antenna drivers off
ANTENNA_ON = 0x03  # Tx1RFEn | Tx2RFEn

#: Time a tag needs after the field comes on before it can answer a REQA (ISO/IEC 14443-3
#: gives 5 ms; NXP's reader library waits 5 ms of field recovery).
FIELD_SETTLE_MS = 5
#: Field-off time that resets every tag (ISO/IEC 14443-3 t_RESET, 5.1 ms). The driver keeps
#: the field off at least this long, measured on its clock plus one step of that clock, so a
#: halted tag always forgets HALT before the next scan.
FIELD_OFF_US = 5100
#: Wait after the reset pin's rising edge before talking to the chip (oscillator start-up;
#: the Arduino MFRC522 library and ESPHome wait 50 ms).
HARD_RESET_MS = 50
#: Failed selections a scan retries with a fresh REQA before it gives up on the field.
SELECT_RETRIES = 2

#: VersionReg values of real modules: NXP MFRC522 1.0 and 2.0, the FM17522 clones (0x88,
#: 0xB2) and the common counterfeit (0x12). Anything else, 0x00/0xFF aside, is most often
#: two modules driving MISO at once (a module that does not release it when not selected).
KNOWN_VERSIONS = (0x91, 0x92, 0x88, 0x12, 0xB2)
#: Written to TReloadReg and read back: between them every MISO bit is seen high and low, so
#: a bit a neighbour holds shows even when the version byte happens to look right.
READ_BACK_PATTERNS = (0x55, 0xAA)

BUS_ADVICE = ("bus contention or a faulty module: a module on this SPI bus does not release "
              "MISO when not selected; give each module a diode (anode at the module, cathode "
              "at the Pi's MISO) with one pull-down per bus, a 74HC125 buffer, or its own bus "
              "(hardware/wiring.md)")


class ChipNotAnswering(Exception):
    """The RC522 itself is silent (no interrupt, version register 0x00/0xFF)."""


class BusFault(ChipNotAnswering):
    """The chip answers, but not as an RC522 would: usually MISO contention, which no reset cures."""


class WrongVersion(BusFault):
    """The version register answers with a value no RC522 has."""

    def __init__(self, version: int):
        super().__init__(f"version register reads 0x{version:02X}: {BUS_ADVICE}")
        self.version = version


class ReadBackFailed(BusFault):
    """A register reads back other than written: a bit of MISO is held, usually by a neighbour."""

    def __init__(self, wrote: int, read: int):
        held = wrote ^ read
        bits = ", ".join(str(bit) for bit in range(7, -1, -1) if held >> bit & 1)
        way = "low" if (read & held) == 0 else "high" if (read & held) == held else "low and high"
        super().__init__(f"wrote 0x{wrote:02X} to a register and read back 0x{read:02X} (MISO bit "
                         f"{bits} held {way}): {BUS_ADVICE}")
        self.wrote, self.read = wrote, read


def check_version(version: int) -> None:
    """Raise unless ``version`` is one a real RC522 reports."""
    if version in (0x00, 0xFF):
        raise ChipNotAnswering(f"version register reads 0x{version:02X}")
    if version not in KNOWN_VERSIONS:
        raise WrongVersion(version)


def crc_a(data) -> bytes:
    """ISO/IEC 14443-3 CRC_A (init 0x6363, reflected 0x8408), low byte first."""
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes((crc & 0xFF, crc >> 8))


def uid_hex(uid) -> str:
    return "".join(f"{b:02X}" for b in uid)


def check_rx_gain(step) -> None:
    """The receiver gain is RFCfgReg's RxGain step: 0-7, 4 (33 dB) the chip's default; the
    steps are 18, 23, 18, 23, 33, 38, 43, 48 dB (hardware/antenna.md)."""
    if not isinstance(step, int) or not 0 <= step <= 7:
        raise ValueError(f"rx_gain must be 0-7 (4 = 33 dB, 7 = 48 dB), not {step!r}")


class Rc522:
    def __init__(self, read, write, pause, sleep_us, clock_us, timeout_ms: int = 3,
                 max_waits: int = 0, rx_gain: int = 4, settle_ms: int = FIELD_SETTLE_MS,
                 clock_step_us: int = 1):
        check_rx_gain(rx_gain)
        self.read = read
        self.write = write
        self.pause = pause
        self.sleep_us = sleep_us
        self.clock_us = clock_us
        self.clock_step_us = clock_step_us
        self.timeout_ms = timeout_ms
        # Pauses without any interrupt before the chip is declared silent.
        self.max_waits = max_waits or 8 * timeout_ms + 40
        self.rx_gain = rx_gain
        self.settle_ms = settle_ms
        self._off_at = None  # clock_us() when the field last went off

    @property
    def _reload(self) -> int:
        """TReloadReg's value: timeout_ms in ticks of the 40 kHz timer."""
        return self.timeout_ms * TIMER_TICKS_PER_MS

    def version(self) -> int:
        return self.read(VERSION)

    def check(self) -> None:
        """Raise ChipNotAnswering (silent) or a BusFault (WrongVersion, ReadBackFailed) unless the
        version register is an RC522's and a scratch register reads back 0x55 and 0xAA as written."""
        check_version(self.version())
        for pattern in READ_BACK_PATTERNS:
            self.write(T_RELOAD_L, pattern)
            got = self.read(T_RELOAD_L)
            if got != pattern:
                raise ReadBackFailed(pattern, got)
        self.write(T_RELOAD_L, self._reload & 0xFF)  # as init set it

    def init(self) -> None:
        """Soft reset, the bus check, then configure the timer (auto-start, timeout_ms), 100%
        ASK, CRC preset 0x6363 and the receiver gain, leaving the antenna off until a scan.

        Raises ChipNotAnswering if the reset never ends, a BusFault if the bus check fails, or
        ChipNotAnswering if the settings do not read back (the chip was still resetting).
        """
        self.write(COMMAND, CMD_SOFT_RESET)
        for _ in range(200):  # PowerDown clears early; the command reads Idle once reset ends
            self.pause()
            if self.read(COMMAND) & 0x1F == CMD_IDLE:
                break
        else:
            raise ChipNotAnswering("soft reset did not end")
        self.check()
        reload = self._reload
        self.write(TX_MODE, 0x00)
        self.write(RX_MODE, 0x00)
        self.write(T_MODE, T_MODE_AUTO)
        self.write(T_PRESCALER, 0xA9)
        self.write(T_RELOAD_H, reload >> 8)
        self.write(T_RELOAD_L, reload & 0xFF)
        self.write(TX_ASK, 0x40)
        self.write(MODE, 0x3D)
        self.write(COLL, 0x00)  # bits after a collision read as 0
        self.write(RF_CFG, (self.read(RF_CFG) & 0x8F) | (self.rx_gain << 4))
        self.antenna(False)  # the reset switched it off; tags may have been powered until now
        t_mode, tx_control = self.read(T_MODE), self.read(TX_CONTROL)
        if (t_mode, tx_control) != (T_MODE_AUTO, TX_CONTROL_OFF):
            raise ChipNotAnswering(f"settings did not stick (TMode 0x{t_mode:02X}, "
                                   f"TxControl 0x{tx_control:02X})")

    def antenna(self, on: bool) -> None:
        """Switch the field. It comes on only once it has been off for FIELD_OFF_US, so
        every tag has lost power and forgotten HALT; this waits for the rest of that time."""
        if not on:
            self.write(TX_CONTROL, TX_CONTROL_OFF)
            self._off_at = self.clock_us()
            return
        if self._off_at is not None:
            ready = self._off_at + FIELD_OFF_US + self.clock_step_us
            left = ready - self.clock_us()
            while left > 0:
                self.sleep_us(left)
                left = ready - self.clock_us()
        self.write(TX_CONTROL, TX_CONTROL_OFF | ANTENNA_ON)

    def transceive(self, data, tx_last_bits: int = 0, rx_align: int = 0, answer: bool = True):
        """Send ``data`` and wait for the answer, sleeping between checks.

        Returns ``(status, answer_bytes, collision_position)``; the position counts from
        bit 1 of the first answer byte (including the ``rx_align`` offset). With
        ``answer=False`` it returns once the frame is sent (for commands tags never answer).
        The wait ends on RxIRq/IdleIRq or the timer, never on ErrIRq alone: on a collision
        the chip may flag an error before the frame has ended (as NXP's RC523 HAL reads it).
        """
        write = self.write
        write(COMMAND, CMD_IDLE)
        write(COM_IRQ, 0x7F)
        write(FIFO_LEVEL, 0x80)
        for byte in data:
            write(FIFO_DATA, byte)
        framing = (rx_align << 4) | tx_last_bits
        write(BIT_FRAMING, framing)
        write(COMMAND, CMD_TRANSCEIVE)
        write(BIT_FRAMING, framing | 0x80)
        waits = 0
        done = IRQ_RX_IDLE | IRQ_TIMER if answer else IRQ_TX
        while True:
            irq = self.read(COM_IRQ)
            if irq & done:
                break
            waits += 1
            if waits > self.max_waits:
                raise ChipNotAnswering(f"no interrupt after {waits} checks")
            self.pause()
        if irq == 0xFF:
            raise ChipNotAnswering("interrupt register reads 0xFF")
        if not answer:
            write(COMMAND, CMD_IDLE)
            return OK, b"", 0
        if not irq & IRQ_RX_IDLE:
            return NO_TAG, b"", 0
        error = self.read(ERROR)
        count = self.read(FIFO_LEVEL) & 0x7F
        answer = bytes([self.read(FIFO_DATA) for _ in range(count)])
        if error & ERR_COLL:  # first: a collision brings a parity error with it
            coll = self.read(COLL)
            if coll & 0x20:  # CollPosNotValid
                return FAILED, answer, 0
            return COLLISION, answer, (coll & 0x1F) or 32
        if error & ERR_FATAL:
            return FAILED, b"", 0
        return OK, answer, 0

    def request(self) -> bool:
        """REQA; True if any tag answered."""
        status, answer, _ = self.transceive((PICC_REQA,), 7)
        return status == COLLISION or (status == OK and len(answer) == 2)

    def halt(self) -> None:
        """HLTA: the selected tag stays silent to REQA until the field goes off."""
        frame = bytes((PICC_HLTA, 0))
        self.transceive(frame + crc_a(frame), answer=False)

    def _anticollision(self, sel: int):
        """Resolve one tag's 4 bytes at cascade level ``sel``; picks the '1' branch
        on each collision. Returns the 5 bytes (4 + BCC) or None."""
        known = 0
        frame = bytearray(5)
        while known < 40:
            whole, bits = known // 8, known % 8
            sent = bytes((sel, ((2 + whole) << 4) | bits)) + frame[:whole + (1 if bits else 0)]
            status, answer, coll = self.transceive(sent, bits, bits)
            if status == NO_TAG or status == FAILED or not answer:
                return None
            for i, byte in enumerate(answer):
                if whole + i >= 5:
                    break
                if i == 0 and bits:
                    keep = (1 << bits) - 1
                    frame[whole] = (frame[whole] & keep) | (byte & ~keep & 0xFF)
                else:
                    frame[whole + i] = byte
            if status == OK:
                known = 40
                break
            position = whole * 8 + coll  # 1-based bit in the 40-bit frame
            if position <= known or position > 32:
                return None
            index = position - 1
            frame[index // 8] |= 1 << (index % 8)
            frame[index // 8] &= (2 << (index % 8)) - 1  # drop bits after the choice
            known = position
        if frame[0] ^ frame[1] ^ frame[2] ^ frame[3] != frame[4]:
            return None
        return bytes(frame)

    def select(self):
        """Anticollision + SELECT through all cascade levels of one READY tag.
        Returns the complete UID (4, 7 or 10 bytes) or None."""
        uid = b""
        for sel in SEL_CODES:
            frame = self._anticollision(sel)
            if frame is None:
                return None
            command = bytes((sel, 0x70)) + frame
            status, answer, _ = self.transceive(command + crc_a(command))
            if status != OK or len(answer) != 3 or crc_a(answer[:1]) != answer[1:]:
                return None
            if answer[0] & 0x04:  # cascade bit: the UID continues at the next level
                if frame[0] != CASCADE_TAG:
                    return None
                uid += frame[1:4]
            else:
                return uid + frame[:4]
        return None

    def scan(self, max_tags: int = 8) -> list:
        """UIDs of all tags in the field. The field comes on (and settles) for the scan and
        goes off after it, as ESPHome's rc522 does, so every tag starts IDLE: REQA, select
        and halt one tag after another until no tag answers. Without the power cycle a
        halted tag that lost an anticollision could be missed, then read again as new.

        A selection that fails (a garbled answer, a lost SAK) is retried from REQA up to
        SELECT_RETRIES times, so one bad answer does not hide the other tags: the first REQA
        sends the tag that failed back to IDLE without an answer, the second wakes it again.
        """
        uids = []
        failures = 0
        self.antenna(True)
        try:
            self.sleep_us(self.settle_ms * 1000)
            found = self.request()
            while found and len(uids) < max_tags:
                uid = self.select()
                if uid is None:
                    failures += 1
                    found = failures <= SELECT_RETRIES and (self.request() or self.request())
                    continue
                uids.append(uid_hex(uid))
                self.halt()
                found = self.request()
        finally:
            self.antenna(False)
        return uids
