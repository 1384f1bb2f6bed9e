"""Per-bag settings. Edit before copying to the Pico; pin numbers are GPIO numbers."""

BAG_NAME = ""  # empty: the board's unique id is used

SPI_ID = 0
PIN_SCK = 18
PIN_MOSI = 19
PIN_MISO = 16
PIN_CS = 17
PIN_RST = 20
PIN_LED = "LED"  # the on-board LED of a Pico and a Pico W
PIN_BUZZER = 15
SPI_BAUD = 4_000_000

POLL_MS = 6  # from one poll's end to the next; the RC522 driver keeps the field off >= 5.1 ms itself
HEARTBEAT_MS = 1000
RESEND_MS = 500
MISS_LIMIT = 3
HOLD_MS = 1000
TIMEOUT_MS = 3
RX_GAIN = 4  # receiver gain step 0-7: 18, 23, 18, 23, 33 (the default), 38, 43, 48 dB
RETRY_MS = 1000  # re-initialise a silent RC522 this often
# Hardware watchdog: resets the Pico if the main loop hangs this long (ms). 0 = off. Once
# on it cannot be stopped, so set it only on finished bags: an mpremote update halts the
# loop and the watchdog would reset the board mid-copy (hold BOOTSEL to recover).
WATCHDOG_MS = 0
