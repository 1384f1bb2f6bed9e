"""Seeded mutations of a good transcript, config and tag CSV: a clear error or a clean import, never a
traceback, never a partial game."""

from __future__ import annotations

import random
from pathlib import Path

from companion.engine import parse_transcript
from companion.store import Database, Journal
from tests.test_config import GOOD

from .conftest import one_line_failure

EXAMPLE = Path(__file__).parents[2] / "docs" / "example.jsonl"
CONFIG = GOOD.encode()
CSV = b"uid,chip,color\n04A1B2C3,white-1-01,white\n04A1B2C4,white-1-02,white\n04A1B2C5,orange-1-01,orange\n"
NOISE = (b"\xff", b"\xc3", b"[" * 3000, b"{" * 3000, b'"', b"\n", b"\x00", b"99999999999999999999999",
         b"-1", b"\\", b",", b"=", b"'''", b"\xe2\x98\x83", b"x" * 140_000, b"null", b"[[seats]]\n")


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three edits a damaged file or a clumsy hand might make."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data) + 1)
        edit = rng.randrange(6)
        if edit == 0:
            data = data[:at] + rng.choice(NOISE) + data[at:]
        elif edit == 1:
            data = data[:at] + data[at + rng.randint(1, 40):]
        elif edit == 2 and at < len(data):
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
        elif edit == 3:
            data = data[:at]
        elif edit == 4:
            lines = data.splitlines(keepends=True)
            if len(lines) > 1:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            data = b"".join(lines)
        else:
            data = data[:at] + data[max(0, at - 60):at] + data[at:]
    return data


def test_import_of_mutated_transcripts(quacks, tmp_path):
    rng = random.Random(20261123)
    good = b"".join(EXAMPLE.read_bytes().splitlines(keepends=True)[:80])
    db = tmp_path / "j.sqlite3"
    source = tmp_path / "game.jsonl"
    outcomes = {"imported": 0, "refused": 0}
    for _ in range(300):
        source.write_bytes(mutate(good, rng))
        with Database(db) as opened:
            before = len(Journal(opened).games())
        run = quacks("import", source, "--db", db)
        with Database(db) as opened:
            games = Journal(opened).games()
            if run.code == 0:
                assert len(games) == before + 1
                _, inputs = parse_transcript(source.read_text(encoding="utf-8"))
                assert games[0].last_seq == len(inputs), "every input of the file, no fewer"
                outcomes["imported"] += 1
            else:
                one_line_failure(run, "game.jsonl")
                assert len(games) == before, "a refused import leaves no partial game"
                outcomes["refused"] += 1
    assert outcomes["imported"] and outcomes["refused"] > 100, outcomes


def test_config_check_of_mutated_configs(quacks, tmp_path):
    rng = random.Random(7)
    path = tmp_path / "table.toml"
    outcomes = {"ok": 0, "refused": 0}
    for _ in range(300):
        path.write_bytes(mutate(CONFIG, rng))
        run = quacks("config", "--check", path)
        if run.code == 0:
            assert "OK" in run.out
            outcomes["ok"] += 1
        else:
            lines = run.err.strip().splitlines()
            assert lines and all(line.startswith(str(path)) for line in lines), run.err
            outcomes["refused"] += 1
    assert outcomes["ok"] and outcomes["refused"] > 100, outcomes


def test_tags_import_of_mutated_csvs(quacks, tmp_path):
    rng = random.Random(11)
    path = tmp_path / "tags.csv"
    db = tmp_path / "j.sqlite3"
    outcomes = {"imported": 0, "refused": 0}
    for _ in range(300):
        before = quacks("tags", "list", "--uids", "--db", db).out
        path.write_bytes(mutate(CSV, rng))
        run = quacks("tags", "import", path, "--db", db)
        after = quacks("tags", "list", "--uids", "--db", db).out
        if run.code == 0:
            assert set(before.splitlines()) <= set(after.splitlines()), "an import only adds"
            outcomes["imported"] += 1
        else:
            one_line_failure(run, "tags.csv")
            assert after == before, "a refused CSV adds no tag"
            outcomes["refused"] += 1
    assert outcomes["imported"] and outcomes["refused"] > 100, outcomes
