"""A plain `pip install .` must carry every module and every page asset."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_the_wheel_carries_every_module_and_the_web_folder(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "-w", str(tmp_path), str(ROOT)], check=True)
    names = set(zipfile.ZipFile(next(tmp_path.glob("*.whl"))).namelist())
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "companion").rglob("*.py")}
    assert modules <= names, sorted(modules - names)
    assets = {"companion/webapp/web/" + p.relative_to(ROOT / "web").as_posix()
              for p in (ROOT / "web").rglob("*") if p.is_file()}
    assert assets and assets <= names, sorted(assets - names)


def test_ci_runs_the_readme_test_command_word_for_word():
    root = Path(__file__).parents[1]
    readme = (root / "README.md").read_text()
    command = next(line for line in (root / ".ci/run").read_text().splitlines() if ".venv/bin/python -m pytest" in line)
    assert f"```sh\n{command}\n```" in readme
    assert "ruff check companion tests benchmarks" in command and "mypy companion/engine" in command
