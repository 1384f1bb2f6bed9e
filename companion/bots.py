"""Seats played by the advisor at the demo table, through the same simulated bags as people.

After every change of the table, each bot seat the game waits for makes one move: a draw comes
out of its simulated bag (chance), every other input is the advisor's choice (`AdvisorPlayer`:
the DRAW/STOP search and its shop policy). A pause between moves lets people follow.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import Any

from .autoplay import AdvisorPlayer
from .engine import Draw, legal_moves, waiting_for


class Bots:
    def __init__(self, demo: Any, seats: set[int], *, host: bool = False, pause: float = 0.6,
                 seed: int = 0) -> None:
        self.demo = demo
        self.seats = seats
        self.host = host  # also read "no Fortune Teller card" for the host
        self.pause = pause
        self.player = AdvisorPlayer(seed)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bots", daemon=True)

    def start(self) -> Bots:
        self.demo.table.subscribe(lambda seq, notice: self._wake.set())
        self._thread.start()
        self._wake.set()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait()
            self._wake.clear()
            while not self._stop.is_set() and self.move():
                time.sleep(self.pause)

    def move(self) -> bool:
        """Make one bot move if the game waits for a bot; False when it waits for people only."""
        table = self.demo.table
        table.wait_for_reads()
        state = table.state
        if any(s.returning for s in state.seats):
            return False  # the simulated bags are still taking chips back
        for seat in waiting_for(state):
            if seat is None and self.host:
                table.submit({"kind": "fortune", "card": None}, "bot")
                return True
            if seat not in self.seats:
                continue
            moves = replace(legal_moves(state, seat), returns=())
            if not moves.actions():
                continue
            action = self.player.act(state, seat, moves)
            if isinstance(action, Draw):
                self.demo.draw(seat)
            else:
                table.submit(action, "bot")
            return True
        return False
