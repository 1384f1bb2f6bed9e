"""Entry point MicroPython runs at boot."""
import board

board.run()
