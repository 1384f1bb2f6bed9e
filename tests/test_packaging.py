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
