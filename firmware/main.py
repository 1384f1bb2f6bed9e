"""Entry point MicroPython runs at boot."""
import sys
import time

import board
import machine

try:
    board.run()
except Exception as exc:  # a crash must not leave the bag silent at the REPL
    sys.print_exception(exc)
    time.sleep(2)
    machine.reset()
