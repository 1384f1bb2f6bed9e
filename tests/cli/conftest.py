"""Running `quacks` in-process: the exit code and what it printed, as a person at a terminal sees it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.cli import main


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def quacks(capsys):
    """``quacks("import", "x.jsonl", "--db", db)``: any traceback fails the test by itself."""
    def run(*argv: object) -> Run:
        code = main([str(a) for a in argv])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)
    return run


def one_line_failure(run: Run, *words: str) -> str:
    """A failure: non-zero exit and one line on stderr naming what is wrong."""
    assert run.code != 0, run
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.err, run.err
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]
