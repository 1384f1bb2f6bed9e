"""Import rules that keep each room in its place (README, design section)."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1] / "companion"
STDLIB = sys.stdlib_module_names
ENGINE_FORBIDDEN = {
    "random", "time", "datetime", "os", "io", "pathlib", "socket", "threading", "asyncio", "sqlite3",
    "subprocess", "logging", "secrets", "uuid", "shutil", "tempfile", "select", "signal", "urllib",
}


def imports(path: Path) -> list[tuple[str, int]]:
    """(absolute module name, relative level) of every import in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(a.name, 0) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


def resolve(path: Path, module: str, level: int) -> str:
    if level == 0:
        return module
    package = path.relative_to(ROOT.parent).with_suffix("").parts[:-1]
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, module] if module else base)


def modules_of(package: str):
    for path in (ROOT / package).rglob("*.py"):
        for module, level in imports(path):
            yield path, resolve(path, module, level)


def test_the_engine_is_pure():
    for path, name in modules_of("engine"):
        top = name.split(".")[0]
        if top == "companion":
            assert name.startswith("companion.engine"), f"{path}: imports {name}"
        else:
            assert top in STDLIB and top not in ENGINE_FORBIDDEN, f"{path}: imports {name}"


def test_store_and_devices_know_nothing_of_the_game():
    for package in ("store", "devices"):
        if not (ROOT / package).exists():
            continue
        for path, name in modules_of(package):
            assert not name.startswith("companion.") or name.startswith(f"companion.{package}"), f"{path}: imports {name}"
