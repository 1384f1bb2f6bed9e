"""A table's TOML file: seats and players, which reader feeds which seat, books, database, web.

`load_config` reports every problem at once, each with the dotted key and the line it is on
(tomllib gives values, not positions, so `KeyLines` finds them by scanning the text).

    [table]
    name = "Kitchen table"
    database = "quacks.sqlite3"   # relative to this file; default: the per-user data directory
    supply = "A"                  # which printing of the box (chip counts)
    tubes = false                 # true: play the test-tube side of the pots
    registry = true               # reads are sticker UIDs looked up in the tag registry
    assist = "odds"               # phones show: "off", "odds" (the next draw) or "advice" (and DRAW/STOP)
    stir = "round9"               # synchronised drawing ("Stir!") in "round9", "always" or "off"
    edition = "northstar"         # whose rulebook's prices: northstar, schmidt, first-translation, spanish
    draws = "readers"             # or "phones": no readers, each player taps their draws
    expansions = []               # any of "witches", "alchemists", "exchange" (exchange: not with tubes)
    stand = "green"               # the exchange stand's side: "green" (buy points) or "brown" (chips' value)
    witches = []                  # with "witches": the three laid out, one per type (e.g. "H-E2", "H-B3", "H-G1"); none: dealt
    patients = []                 # The Alchemists: the three patients to lay out; none named, three are drawn

    [web]
    bind = "0.0.0.0"
    port = 8080

    [books]                       # set 1-4 or "random" per colour; a colour left out plays set 1
    blue = 1
    red = "random"                # dealt when the game starts; the game records the set dealt

    [league]                      # optional: the club's league server this table pushes its games to
    url = "http://192.168.1.20:8090"
    key = "qlt_…"                 # this table's key, from the league's admin page

    [[seats]]                     # clockwise; the first seat starts
    player = "Ann"
    reader = "bag-1"
    code = "K7Q-4MX"              # optional: the player's league code (one person across tables)

    [readers.bag-1]
    kind = "spi"                  # spi (bus, device, reset_pin, rx_gain) | serial (port or serial_number, baud) | sim
    bus = 0
    device = 0                    # reset_pin: GPIO25 for 0.0, 24 for 0.1, 23 for 1.0, 22 for 1.1, 27 for 1.2
"""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import platformdirs

from companion.books import RANDOM, Choice
from companion.codes import BadCode, normalise
from companion.dealing import deal_setup, deal_witches
from companion.devices.spi_reader import reset_pin_for, wiring_clashes
from companion.engine import ConfigError as SetupError
from companion.engine import GameConfig, catalog, check_config
from companion.engine.phases.stir import DEFAULT as STIR_DEFAULT
from companion.engine.phases.stir import SETTINGS as STIRS
from companion.files import NotText, read_text
from companion.table.setup import DRAWS

CONFIG_FILENAME = "table.toml"
DEFAULT_PORT = 8080
MIN_PASSPHRASE = 12
DEFAULT_BIND = "0.0.0.0"

READER_KINDS: dict[str, dict[str, tuple[type, bool]]] = {  # key -> (type, required)
    "spi": {"bus": (int, False), "device": (int, False), "reset_pin": (int, False), "rx_gain": (int, False)},
    "serial": {"port": (str, False), "serial_number": (str, False), "baud": (int, False)},
    "sim": {},
}
ASSISTS = ("off", "odds", "advice")
"""What a seat's phone may show: nothing, the outlook of the next draw, or that and DRAW/STOP."""
ASSIST_DEFAULT = "odds"

_SECTIONS: dict[str, dict[str, type]] = {
    "table": {"name": str, "database": str, "supply": str, "registry": bool, "tubes": bool, "assist": str,
              "stir": str, "draws": str, "edition": str, "expansions": list, "stand": str, "witches": list, "patients": list},
    "web": {"bind": str, "port": int, "passphrase": str},
    "league": {"url": str, "key": str},
}


def default_config_path() -> Path:
    return Path(platformdirs.user_config_dir("quacks-companion")) / CONFIG_FILENAME


@dataclass(frozen=True, slots=True)
class Problem:
    key: str
    line: int | None
    message: str

    def format(self, path: Path | str) -> str:
        where = f"{path}:{self.line}" if self.line else str(path)
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


class ConfigError(ValueError):
    """A config file that cannot run a table; `problems` lists every bad key with its line."""

    def __init__(self, path: Path | str, problems: list[Problem]) -> None:
        self.path = path
        self.problems = problems
        super().__init__("\n".join(p.format(path) for p in problems))


@dataclass(frozen=True, slots=True)
class ReaderConfig:
    id: str
    kind: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SeatConfig:
    player: str
    reader: str | None
    code: str | None = None
    """The player's league code, in its normal form (`companion.codes`)."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    path: Path | None
    name: str
    database: Path | None
    supply: str
    tubes: bool
    registry: bool
    books: dict[str, Choice]
    """A set number or "random" per book colour."""
    seats: tuple[SeatConfig, ...]
    readers: dict[str, ReaderConfig]
    bind: str = DEFAULT_BIND
    port: int = DEFAULT_PORT
    draws: str = "readers"
    passphrase: str | None = None
    """The host's passphrase instead of a printed 6-digit PIN."""
    assist: str = ASSIST_DEFAULT
    stir: str = STIR_DEFAULT
    """Which rounds the table screen calls "Stir!" for (`engine/phases/stir.py`: SETTINGS)."""
    edition: str = catalog.DEFAULT_EDITION
    expansions: tuple[str, ...] = ()
    stand: str = catalog.STAND_SIDES[0]
    witches: tuple[str, ...] = ()
    """With The Herb Witches: the three chosen; none: dealt at random when a game starts."""
    patients: tuple[str, ...] = ()
    league_url: str | None = None
    """The league server this table pushes its games to (`[league] url`), with `league_key`."""
    league_key: str | None = None

    def game_config(self, rng: random.Random | None = None) -> GameConfig:
        """The engine setup this table starts a game with; a "random" book and the expansions'
        cards are dealt now by `rng` (by default seeded by the system) and the setup records them."""
        return GameConfig(players=tuple(s.player for s in self.seats), supply=self.supply, tubes=self.tubes,
                          edition=self.edition, stand=self.stand,
                          **deal_setup(self.books, self.expansions, rng or random.Random(), self.witches, self.patients))

    def codes(self) -> tuple[str, ...]:
        """Each seat's league code ("" for a seat without one)."""
        return tuple(s.code or "" for s in self.seats)

    def reader_seats(self) -> dict[str, int]:
        """Reader id -> seat number, for the readers that feed a seat."""
        return {s.reader: n for n, s in enumerate(self.seats) if s.reader}


# -- where keys are ---------------------------------------------------------------------------

_BARE_KEY = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_DOTTED = rf"{_BARE_KEY}(?:\s*\.\s*{_BARE_KEY})*"
_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_DOTTED})\s*\]\]?")
_ASSIGN = re.compile(rf"^\s*({_DOTTED})\s*=")
_PART = re.compile(_BARE_KEY)


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(p.strip("\"'") for p in _PART.findall(dotted))


class KeyLines:
    """Line numbers of the keys and tables of a TOML text, by path (array tables by index)."""

    def __init__(self, text: str) -> None:
        self.lines: dict[tuple[Any, ...], int] = {}
        arrays: dict[tuple[str, ...], int] = {}
        table: tuple[Any, ...] = ()
        quote: str | None = None  # the delimiter of an open multi-line string
        depth = 0  # open brackets of a multi-line array
        for number, line in enumerate(text.splitlines(), start=1):
            if quote or depth:
                quote, depth = _scan(line, quote, depth)
                continue
            header = _HEADER.match(line)
            if header:
                parts = _parts(header.group(2))
                if header.group(1) == "[[":
                    arrays[parts] = arrays.get(parts, -1) + 1
                    self.lines.setdefault(parts, number)
                    table = (*parts, arrays[parts])
                else:
                    table = parts
                self.lines.setdefault(table, number)
                continue
            assign = _ASSIGN.match(line)
            if assign:
                self.lines.setdefault((*table, *_parts(assign.group(1))), number)
                quote, depth = _scan(line[assign.end():], None, 0)

    def line(self, path: tuple[Any, ...]) -> int | None:
        """The line of this key, or of its nearest enclosing key or table that is written out."""
        for end in range(len(path), 0, -1):
            if path[:end] in self.lines:
                return self.lines[path[:end]]
        return None


def _scan(text: str, quote: str | None, depth: int) -> tuple[str | None, int]:
    """Follow strings and brackets through a line; returns what is still open at its end."""
    i = 0
    while i < len(text):
        if quote:
            if text.startswith(quote, i):
                i += len(quote)
                quote = None
                continue
            i += 2 if text[i] == "\\" and quote[0] == '"' else 1
            continue
        ch = text[i]
        if ch == "#":
            break
        for delim in ('"""', "'''", '"', "'"):
            if text.startswith(delim, i):
                quote = delim
                i += len(delim)
                break
        else:
            depth += ch == "["
            depth -= ch == "]"
            i += 1
    single = quote in ('"', "'")
    return (None if single else quote), max(depth, 0)


# -- loading and checking -----------------------------------------------------------------------


def load_config(path: str | Path) -> TableConfig:
    path = Path(path)
    try:
        text = read_text(path)
    except OSError as exc:
        raise ConfigError(path, [Problem("", None, f"cannot read the file ({exc.strerror})")]) from None
    except NotText as exc:
        raise ConfigError(path, [Problem("", exc.line, exc.reason)]) from None
    return parse_config(text, path)


def parse_config(text: str, path: Path | None = None) -> TableConfig:
    """Check a config text completely and build the table setup; raises ConfigError listing all problems."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = int(match.group(1)) if match else None
        raise ConfigError(path or "<config>", [Problem("", line, f"not valid TOML: {exc}")]) from None
    except RecursionError:
        raise ConfigError(path or "<config>", [Problem("", None, "not valid TOML: arrays or tables nested too "
                                                                 "deeply; write the value out flat")]) from None
    except ValueError:  # Python reads no integer of more than 4,300 digits
        raise ConfigError(path or "<config>", [Problem("", None, "not valid TOML: a number is thousands of "
                                                                 "digits long")]) from None
    return _Checker(data, KeyLines(text), path).build()


class _Checker:
    def __init__(self, data: dict[str, Any], lines: KeyLines, path: Path | None) -> None:
        self.data, self.lines, self.path = data, lines, path
        self.problems: list[Problem] = []
        self.expansions: tuple[str, ...] = ()  # the expansions in play: a fifth seat needs The Herb Witches
        self.witches: tuple[str, ...] = ()  # dealt for checking the setup only
        self.patients: tuple[str, ...] = ()  # the patients named to lay out (The Alchemists)

    def fail(self, path: tuple[Any, ...], message: str) -> None:
        key = ""
        for part in path:
            key += f"[{part}]" if isinstance(part, int) else (f".{part}" if key else part)
        self.problems.append(Problem(key, self.lines.line(path), message))

    def typed(self, path: tuple[Any, ...], value: Any, typ: type) -> bool:
        ok = isinstance(value, typ) and not (typ is int and isinstance(value, bool))
        if not ok:
            self.fail(path, f"must be {_TYPE_NAMES[typ]}, not {_describe(value)}")
        return ok

    def section(self, name: str) -> dict[str, Any]:
        value = self.data.get(name, {})
        if not isinstance(value, dict):
            self.fail((name,), f"must be a table ([{name}]), not {_describe(value)}")
            return {}
        return value

    def build(self) -> TableConfig:
        known = {*_SECTIONS, "books", "seats", "readers"}
        for key in self.data:
            if key not in known:
                self.fail((key,), f"unknown key (expected one of {', '.join(sorted(known))})")
        values: dict[str, dict[str, Any]] = {}
        for name, keys in _SECTIONS.items():
            values[name] = {}
            for key, value in self.section(name).items():
                if key not in keys:
                    self.fail((name, key), f"unknown key (expected one of {', '.join(keys)})")
                elif self.typed((name, key), value, keys[key]):
                    values[name][key] = value
        table, web, league = values["table"], values["web"], values["league"]
        self.league(league)
        supply = table.get("supply", "A")
        if supply not in catalog.SUPPLIES:
            self.fail(("table", "supply"), f"unknown printing {supply!r} (one of {', '.join(catalog.SUPPLIES)})")
        assist = table.get("assist", ASSIST_DEFAULT)
        if assist not in ASSISTS:
            self.fail(("table", "assist"), f"must be one of {', '.join(ASSISTS)}, not {assist!r}")
        stirs = table.get("stir", STIR_DEFAULT)
        if stirs not in STIRS:
            self.fail(("table", "stir"), f"must be one of {', '.join(STIRS)}, not {stirs!r}")
        edition = table.get("edition", catalog.DEFAULT_EDITION)
        if edition not in catalog.EDITIONS:
            self.fail(("table", "edition"), f"unknown edition {edition!r} (one of {', '.join(catalog.EDITIONS)})")
        expansions = table.get("expansions", [])
        if not all(isinstance(e, str) and e in catalog.EXPANSIONS for e in expansions):
            self.fail(("table", "expansions"), f"must list expansions from {', '.join(catalog.EXPANSIONS)}, "
                                               f"not {expansions!r}")
            expansions = []
        self.expansions = tuple(expansions)
        chosen = table.get("witches", [])
        if not all(isinstance(w, str) for w in chosen):
            self.fail(("table", "witches"), f"must list witches such as \"H-E2\", not {chosen!r}")
            chosen = []
        self.witches = deal_witches(chosen, random.Random(0)) if "witches" in expansions else ()
        if chosen and "witches" not in expansions:
            self.fail(("table", "witches"), "witches are laid out only with \"witches\" in expansions")
        stand = table.get("stand", catalog.STAND_SIDES[0])
        if stand not in catalog.STAND_SIDES:
            self.fail(("table", "stand"), f"must be one of {', '.join(catalog.STAND_SIDES)}, not {stand!r}")
        patients = table.get("patients", [])
        if not all(isinstance(p, str) for p in patients):
            self.fail(("table", "patients"), f"must list patients' names in quotes, not {patients!r}")
            patients = []
        self.patients = tuple(patients)
        error = _setup_error(_dealt(("A", "B"), self.expansions, self.witches, self.patients, stand=stand,
                                     tubes=table.get("tubes", False)))
        if error and not self.problems:
            self.fail(("table", "patients" if "patient" in error else "witches" if "witch" in error else "expansions"),
                      error)
        if error and "patient" in error:  # a patient's name may hold "witch": patients first
            self.patients = ()  # named once, here: the seats' check deals its own
        elif error and "witch" in error:  # named once: the seats are checked with a deal the rules take
            self.witches = deal_witches((), random.Random(0))
        draws = table.get("draws", DRAWS[0])
        if draws not in DRAWS:
            self.fail(("table", "draws"), f"must be \"readers\" (the bags' readers draw) or \"phones\" "
                                          f"(each player taps their draws), not {draws!r}")
        port = web.get("port", DEFAULT_PORT)
        if not 1 <= port <= 65535:
            self.fail(("web", "port"), f"must be a port number from 1 to 65535, not {port}")
        if "bind" in web and not web["bind"].strip():
            self.fail(("web", "bind"), "must be an address such as 0.0.0.0 or 127.0.0.1")
        if "passphrase" in web and len(web["passphrase"].strip()) < MIN_PASSPHRASE:
            self.fail(("web", "passphrase"), f"must be at least {MIN_PASSPHRASE} characters (or leave it out for a PIN)")
        books = self.books()
        readers = self.readers()
        seats = self.seats(readers)
        if self.problems:
            raise ConfigError(self.path or "<config>", self.problems)
        database = None
        if "database" in table:
            database = Path(table["database"]).expanduser()
            if not database.is_absolute() and self.path is not None:
                database = self.path.parent / database
        return TableConfig(
            path=self.path, name=table.get("name", "Quacks table"), database=database, supply=supply,
            tubes=table.get("tubes", False),
            registry=table.get("registry", True), books=books, seats=seats, readers=readers,
            bind=web.get("bind", DEFAULT_BIND), port=port, passphrase=web.get("passphrase", "").strip() or None,
            assist=assist, stir=stirs, draws=draws, edition=edition, expansions=tuple(expansions), stand=stand,
            witches=tuple(chosen), patients=self.patients, league_url=league.get("url"), league_key=league.get("key"),
        )

    def league(self, league: dict[str, Any]) -> None:
        if "url" in league and not league["url"].startswith(("http://", "https://")):
            self.fail(("league", "url"), f"must be the league server's address, such as http://192.168.1.20:8090, "
                                         f"not {league['url']!r}")
        if ("url" in league) != ("key" in league):
            self.fail(("league",), "needs both url (the league server) and key (this table's key, from the "
                                   "league's admin page)")

    def books(self) -> dict[str, Choice]:
        books: dict[str, Choice] = {color: 1 for color in catalog.BOOK_COLORS}
        colors = (*catalog.book_colors(self.expansions), catalog.CHOSEN_BLACK)
        for color, set_no in self.section("books").items():
            path = ("books", color)
            if color not in colors:
                self.fail(path, f"no book to choose for {color!r} (colours: {', '.join(colors)}"
                                + ("; locoweed comes with The Herb Witches or The Alchemists)" if color == "locoweed" else ")"))
            elif set_no == RANDOM:
                books[color] = RANDOM
            elif not isinstance(set_no, int) or isinstance(set_no, bool):
                self.fail(path, f'must be a set number (1-6; black 5 or 6) or "{RANDOM}", not {_describe(set_no)}')
            else:
                error = _setup_error(replace(_dealt(("A", "B"), self.expansions, self.witches, self.patients),
                                             books={**dict.fromkeys(catalog.BOOK_COLORS, 1), color: set_no}))
                if error:
                    self.fail(path, error)
                else:
                    books[color] = set_no
        return books

    def readers(self) -> dict[str, ReaderConfig]:
        readers: dict[str, ReaderConfig] = {}
        for reader_id, spec in self.section("readers").items():
            path = ("readers", reader_id)
            if not isinstance(spec, dict):
                self.fail(path, f"must be a table ([readers.{reader_id}]), not {_describe(spec)}")
                continue
            kind = spec.get("kind")
            if kind not in READER_KINDS:
                self.fail((*path, "kind"), f"must be one of {', '.join(READER_KINDS)}, not {_describe(kind)}")
                readers[reader_id] = ReaderConfig(reader_id, str(kind))  # still a reader the seats may name
                continue
            allowed = READER_KINDS[kind]
            options = {}
            for key, value in spec.items():
                if key == "kind":
                    continue
                if key not in allowed:
                    expected = ", ".join(allowed) or "no other keys"
                    self.fail((*path, key), f"unknown key for a {kind} reader (expected {expected})")
                elif self.typed((*path, key), value, allowed[key][0]):
                    options[key] = value
            for key, (_, required) in allowed.items():
                if required and key not in spec:
                    self.fail(path, f"a {kind} reader needs {key!r}")
            if kind == "serial" and "port" not in spec and "serial_number" not in spec:
                self.fail(path, "a serial reader needs 'port' or 'serial_number' (its USB serial number)")
            readers[reader_id] = ReaderConfig(reader_id, kind, options)
        self.spi_wiring(readers)
        return readers

    def spi_wiring(self, readers: dict[str, ReaderConfig]) -> None:
        """Each SPI reader's reset line (given, or the one hardware/wiring.md wires for its bus
        and chip select); two readers on one chip select or one reset line are refused, naming both."""
        wired = []
        for r in readers.values():
            if r.kind != "spi":
                continue
            bus, device = r.options.get("bus", 0), r.options.get("device", 0)
            try:
                wired.append((r.id, bus, device, reset_pin_for(bus, device, r.options.get("reset_pin"))))
            except ValueError as exc:
                self.fail(("readers", r.id), str(exc))
        for reader_id, problem in wiring_clashes(wired):
            key = "reset_pin" if problem.startswith("reset") and "reset_pin" in readers[reader_id].options else None
            self.fail(("readers", reader_id, key) if key else ("readers", reader_id), problem)

    def seats(self, readers: dict[str, ReaderConfig]) -> tuple[SeatConfig, ...]:
        raw = self.data.get("seats")
        if not isinstance(raw, list) or not all(isinstance(s, dict) for s in raw):
            self.fail(("seats",), "list the players as [[seats]] tables, each with player = \"Name\"")
            return ()
        seats: list[SeatConfig] = []
        named = True  # every seat names its player in text, so the engine can check the names
        fed_by: dict[str, int] = {}
        names: dict[str, int] = {}
        codes: dict[str, int] = {}
        for n, spec in enumerate(raw):
            for key in spec:
                if key not in ("player", "reader", "code"):
                    self.fail(("seats", n, key), "unknown key (expected player, reader, code)")
            player = spec.get("player")
            if player is None:
                self.fail(("seats", n), "a seat needs player = \"Name\"")
                named = False
            elif self.typed(("seats", n, "player"), player, str):
                if player in names:
                    self.fail(("seats", n, "player"), f"{player!r} already sits at seat {names[player]}")
                    named = False  # said here with its line; the engine would say it again
                names[player] = n
            else:
                named = False
            reader = spec.get("reader")
            if reader is not None and self.typed(("seats", n, "reader"), reader, str):
                if reader not in readers:
                    known = ", ".join(readers) or "none defined"
                    self.fail(("seats", n, "reader"), f"unknown reader {reader!r} (readers: {known})")
                elif reader in fed_by:
                    self.fail(("seats", n, "reader"), f"reader {reader!r} already feeds seat {fed_by[reader]}")
                else:
                    fed_by[reader] = n
            seats.append(SeatConfig(player if isinstance(player, str) else "", reader if isinstance(reader, str) else None,
                                    self.code(n, spec.get("code"), codes)))
        if named:
            error = _setup_error(_dealt(tuple(s.player for s in seats), self.expansions, self.witches, self.patients))
            if error:
                self.fail(("seats",), error)
        return tuple(seats)


    def code(self, n: int, typed: Any, codes: dict[str, int]) -> str | None:
        """A seat's league code in its normal form; a mistyped or repeated one is a problem on its line."""
        if typed is None or not self.typed(("seats", n, "code"), typed, str):
            return None
        try:
            code = normalise(typed)
        except BadCode as err:
            self.fail(("seats", n, "code"), str(err))
            return None
        if code in codes:
            self.fail(("seats", n, "code"), f"seat {codes[code]} already has this player code")
            return None
        codes[code] = n
        return code


def _dealt(players: tuple[str, ...], expansions: tuple[str, ...], witches: tuple[str, ...], patients: tuple[str, ...],
           **more: Any) -> GameConfig:
    """A setup as a game from this file would deal it (set 1 books): what the engine is asked to check."""
    return GameConfig(players=players, **more, **deal_setup({}, expansions, random.Random(0), witches, patients))


def _setup_error(config: GameConfig) -> str | None:
    try:
        check_config(config)
    except SetupError as exc:
        return str(exc)
    return None


_TYPE_NAMES = {str: "text in quotes", int: "a whole number", bool: "true or false", list: "a list"}


def _describe(value: Any) -> str:
    if value is None:
        return "missing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (dict, list)):
        return "a table" if isinstance(value, dict) else "a list"
    return f"{type(value).__name__} {value!r}"
