"""A league's TOML file: its name, its PostgreSQL database and where it listens.

    [league]
    name = "Thursday club"
    database = "postgresql://quacks:secret@localhost:5432/quacks_league"
    bind = "0.0.0.0"
    port = 8090
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.files import read_text

DEFAULT_PORT = 8090
KEYS: dict[str, type] = {"name": str, "database": str, "bind": str, "port": int}


class LeagueConfigError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class LeagueConfig:
    name: str = "Quacks league"
    database: str | None = None
    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT


def load_league_config(path: Path) -> LeagueConfig:
    """The file's [league] table, every problem named at once."""
    try:
        data = tomllib.loads(read_text(path))
    except tomllib.TOMLDecodeError as err:
        raise LeagueConfigError(f"{path}: not valid TOML ({err})") from None
    section = data.get("league")
    problems = [f"unknown key {key!r} (expected league)" for key in data if key != "league"]
    if not isinstance(section, dict):
        raise LeagueConfigError(f"{path}: needs a [league] table with database = \"postgresql://…\"")
    for key, value in section.items():
        if key not in KEYS:
            problems.append(f"league.{key}: unknown key (expected one of {', '.join(KEYS)})")
        elif not isinstance(value, KEYS[key]) or isinstance(value, bool):
            problems.append(f"league.{key}: must be {'a number' if KEYS[key] is int else 'a text in quotes'}")
    database = section.get("database")
    if isinstance(database, str) and not database.startswith(("postgresql://", "postgres://")):
        problems.append("league.database: must be a PostgreSQL URL, such as postgresql://user:password@host:5432/name")
    port = section.get("port", DEFAULT_PORT)
    if isinstance(port, int) and not 1 <= port <= 65535:
        problems.append(f"league.port: must be a port number from 1 to 65535, not {port}")
    if problems:
        raise LeagueConfigError("\n".join(f"{path}: {p}" for p in problems))
    return LeagueConfig(section.get("name", LeagueConfig.name), database, section.get("bind", LeagueConfig.bind), port)
