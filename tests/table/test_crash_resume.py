"""SIGKILL at random points: every acknowledged input survives and resume is exact."""

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.engine import action_from_dict, replay, state_to_dict
from companion.store import Database, Journal
from companion.table import resume

from .crash_driver import CONFIG

DRIVER = Path(__file__).with_name("crash_driver.py")
ROOT = Path(__file__).parents[2]
KILLS = 60


def test_killed_tables_resume_with_every_acknowledged_input(tmp_path):
    db_path = tmp_path / "crash.sqlite3"
    # The driver imports this checkout's package, not whichever one the environment installed.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, str(DRIVER), str(db_path), "20261122", str(KILLS)],
                          capture_output=True, text=True, timeout=240, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    runs = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(runs) == KILLS
    assert sum(r["killed"] for r in runs) >= 50

    acked: dict[int, dict[int, dict]] = {}  # game -> seq -> action the killed process was told was stored
    with Database(db_path) as db:
        journal = Journal(db)
        for run in runs:
            game, seq = run["resumed"]["game"], run["resumed"]["seq"]
            mine = acked.setdefault(game, {})
            # Resumed after every acknowledged input, and at most the one the process was writing when killed.
            assert max(mine, default=0) <= seq <= max(mine, default=0) + 1
            stored = [e.payload["action"] for e in journal.entries(game)][:seq]
            for ack_seq, action in mine.items():
                assert stored[ack_seq - 1] == action
            expected = replay(CONFIG, [action_from_dict(a) for a in stored])
            assert run["resumed"]["state"] == state_to_dict(expected)
            for ack_seq, action in run["acks"]:
                mine[ack_seq] = action
        # The kills landed mid-game, with decisions pending, not only between rounds.
        assert any(run["resumed"]["state"]["decisions"] for run in runs)
        assert any(run["resumed"]["state"]["phase"] == "brewing" and run["resumed"]["seq"] for run in runs)

        last = resume(db, max(acked))
        assert last.seq >= max(acked[max(acked)])
        assert state_to_dict(last.state) == state_to_dict(
            replay(CONFIG, [action_from_dict(e.payload["action"]) for e in last.entries()]))
