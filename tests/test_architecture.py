"""Import rules that keep each room in its place (README, design section)."""

import ast
import re
import sys
from pathlib import Path

import pytest

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


def assert_pure(package: str, allowed: tuple[str, ...], libraries: tuple[str, ...] = ()) -> None:
    """`package` imports only `allowed` of the project, the standard library but its I/O, clock
    and randomness, and `libraries` (computation only)."""
    for path, name in modules_of(package):
        top = name.split(".")[0]
        if top == "companion":
            assert name.startswith(allowed), f"{path}: imports {name}"
        else:
            assert top in libraries or top in STDLIB and top not in ENGINE_FORBIDDEN, f"{path}: imports {name}"


def test_the_engine_is_pure():
    assert_pure("engine", ("companion.engine",))


def test_the_advice_is_pure_and_above_the_rules():
    """The advice searches the engine; the engine never knows it (its purity test says so). numpy
    works out the exact values of large bags (`advice/grid.py`): arrays, no I/O."""
    assert_pure("advice", ("companion.engine", "companion.advice"), libraries=("numpy",))


def test_only_the_advice_package_imports_the_search_code():
    """Outside `companion/advice`, the advice is asked through the package's own names."""
    for path in ROOT.rglob("*.py"):
        if (ROOT / "advice") in path.parents:
            continue
        for module, level in imports(path):
            name = resolve(path, module, level)
            assert not name.startswith("companion.advice."), f"{path}: imports {name}"


def test_store_and_devices_know_nothing_of_the_game():
    for package in ("store", "devices"):
        if not (ROOT / package).exists():
            continue
        for path, name in modules_of(package):
            assert not name.startswith("companion.") or name.startswith(f"companion.{package}"), f"{path}: imports {name}"


def runtime_imports(path: Path, package: str) -> set[str]:
    """Modules of `package` a file imports when it runs (imports only for type checking do not count).

    Importing a submodule runs its packages first, unless the file is inside them (then they are
    already running)."""
    own = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
    tree = ast.parse(path.read_text())
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and ast.unparse(node.test) == "TYPE_CHECKING" for n in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            base = resolve(path, node.module or "", node.level)
            names = [f"{base}.{a.name}" if module_path(f"{base}.{a.name}") else base for a in node.names]
        for name in names:
            while name.startswith(package) and not own.startswith(name + "."):
                if module_path(name):
                    found.add(name)
                name = name.rpartition(".")[0]
    return found


def module_path(name: str) -> Path | None:
    base = ROOT.parent.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


@pytest.mark.parametrize("package", ["engine", "advice"])
def test_no_import_circle(package):
    graph = {}
    for path in (ROOT / package).rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        graph[name] = runtime_imports(path, f"companion.{package}") - {name}

    def visit(name, trail):
        assert name not in trail, "import circle: " + " -> ".join([*trail, name])
        for following in sorted(graph.get(name, ())):
            visit(following, [*trail, name])

    for name in sorted(graph):
        visit(name, [])


def test_the_league_depends_on_the_table_never_the_reverse():
    """Only the league itself and the commands that start it (serve, demo, league) may import it, and
    a table's side of it (the sender) must import without the league's own packages (PostgreSQL,
    ratings), which a table does not install."""
    for path in ROOT.rglob("*.py"):
        inside = path.relative_to(ROOT).parts[0] in ("league", "commands")
        for module, level in imports(path):
            name = resolve(path, module, level)
            assert inside or not name.startswith("companion.league"), f"{path}: imports {name}"
    for module, level in imports(ROOT / "league" / "sender.py"):
        name = resolve(ROOT / "league" / "sender.py", module, level)
        assert name.split(".")[0] not in ("psycopg", "psycopg_pool", "openskill"), name
        assert not name.startswith("companion.league.") or name == "companion.league.sender", name


def test_no_function_is_over_60_lines():
    """A function a person can read at once (the developers' guide)."""
    long = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= 60:
                long.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} {node.name}, {node.end_lineno - node.lineno + 1} lines")
    assert not long, "over 60 lines: " + "; ".join(long)


def test_every_fact_sheet_id_a_comment_cites_is_said_in_words_in_the_readme():
    """The fact sheet is beside the repository, not in it: the README's readings explain its ids."""
    readme = (ROOT.parent / "README.md").read_text()
    readings = readme[readme.index("## Rulebook readings"):]
    cited = {m for path in ROOT.rglob("*.py") for m in re.findall(r"\b(?:Q-[HAE]\d|D\d)\b", path.read_text())}
    assert cited and all(f"| {i} |" in readings or f"| {i}," in readings or f", {i} |" in readings for i in cited), \
        sorted(i for i in cited if i not in readings)
