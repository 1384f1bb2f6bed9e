"""Plays games through the table in forked children and SIGKILLs each one at a seeded point.

Run as a script: ``crash_driver.py DB SEED KILLS``. Each child resumes the unfinished game (or
starts one), reports the state it resumed to, then plays and acknowledges every input the table
accepted. The driver kills it after a random number of acknowledgements, while it is already
working on the next input, collects every acknowledgement written before it died, and prints one JSON line per run. Forking keeps 50+ real kills fast.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys

from companion.autoplay import RandomPlayer
from companion.engine import GameConfig, action_to_dict, state_to_dict
from companion.store import Database, UnknownGame
from companion.table import TableSetup, resume, start_game

CONFIG = GameConfig(players=("Ann", "Ben", "Cid", "Dee"))


def child(db_path: str, seed: int, fd: int) -> None:
    out = os.fdopen(fd, "w", buffering=1)
    db = Database(db_path)
    try:
        table = resume(db)
    except UnknownGame:
        table = start_game(db, TableSetup(CONFIG))
    out.write(json.dumps({"resumed": {"game": table.game_id, "seq": table.seq,
                                      "state": state_to_dict(table.state)}}) + "\n")
    player = RandomPlayer(seed)
    while table.state.phase != "game_over":
        action = player.choose(table.state)
        outcome = table.submit(action, "host")
        out.write(json.dumps({"ack": outcome.seq, "action": action_to_dict(action)}) + "\n")
    out.write(json.dumps({"finished": table.game_id}) + "\n")


def main(db_path: str, seed: int, kills: int) -> None:
    rng = random.Random(seed)
    for run in range(kills):
        target = rng.randint(1, 12)
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            try:
                child(db_path, seed * 1000 + run, w)
            finally:
                os._exit(0)
        os.close(w)
        resumed, acks, killed = None, [], False
        with os.fdopen(r) as lines:
            for line in lines:
                message = json.loads(line)
                if "resumed" in message:
                    resumed = message["resumed"]
                elif "ack" in message:
                    # Acks the child wrote before the signal landed count too: read to EOF.
                    acks.append([message["ack"], message["action"]])
                    if len(acks) >= target and not killed:
                        os.kill(pid, signal.SIGKILL)
                        killed = True
        if not killed:
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        print(json.dumps({"run": run, "resumed": resumed, "acks": acks, "killed": killed}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
