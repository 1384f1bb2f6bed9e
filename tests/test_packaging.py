"""A plain `pip install .` must carry every module, every page asset and the message catalogs."""

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
    catalogs = {p.relative_to(ROOT).as_posix() for p in (ROOT / "companion/words/locale").rglob("*.po*")}
    assert catalogs and catalogs <= names, sorted(catalogs - names)
    migrations = {p.relative_to(ROOT).as_posix() for p in (ROOT / "companion/league/migrations").glob("*.sql")}
    assert migrations and migrations <= names, sorted(migrations - names)


def test_the_installed_wheel_speaks_spanish_from_its_own_catalog(tmp_path):
    """Installed from the wheel (not this checkout), the catalogs compile when first used."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
                   check=True)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
                    str(next(tmp_path.glob("*.whl")))], check=True)
    probe = ("import companion.words as w; print(w.__file__); "
             "print(w.render({'msgid': 'Place none, all go back', 'params': {}}, 'es'))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env={"PYTHONPATH": str(target)},
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0].startswith(str(target))
    assert out[1] == "No colocar ninguna, todas vuelven a la bolsa"


def test_the_catalogs_are_in_the_repository_so_a_fresh_clone_has_them():
    """An editable install and CI's fresh clone read the .po files from the checkout itself."""
    tracked = subprocess.run(["git", "ls-files", "companion/words/locale"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    assert "companion/words/locale/messages.pot" in tracked
    assert "companion/words/locale/es/LC_MESSAGES/messages.po" in tracked


def test_ci_runs_the_readme_test_command_word_for_word():
    root = Path(__file__).parents[1]
    readme = (root / "README.md").read_text()
    command = next(line for line in (root / ".ci/run").read_text().splitlines() if ".venv/bin/python -m pytest" in line)
    assert f"```sh\n{command}\n```" in readme
    assert "ruff check companion tests benchmarks" in command and "mypy companion/engine" in command
