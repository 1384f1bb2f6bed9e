"""`quacks demo`: a whole game in the browser on localhost, with simulated bags instead of readers.

Each seat's bag is a `SimulatedBag`; every chip of the box carries a made-up sticker UID in the
tag registry, so a click on "draw" travels the same road as a real read: reader, registry, table.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
import webbrowser
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.books import Choice
from companion.codes import BadCode, normalise
from companion.config import ASSIST_DEFAULT, ASSISTS, STIR_DEFAULT, STIRS
from companion.dealing import deal_setup
from companion.devices import LinkStatus, SimulatedBag, TagSeen
from companion.engine import GameConfig, IllegalAction, catalog, legal_moves
from companion.engine.model import chip, chip_id
from companion.evening import DEMO, AdvisorThinker, Agenda, Evening, Habits
from companion.evening.people import Think
from companion.league.sender import LeagueLink, Sender
from companion.store import Database, StorageFault
from companion.table import Table, TableSetup, TagRegistry, start_game
from companion.table.returns import HELD, SAME_PASS_SECONDS, TWICE
from companion.webapp import create_app
from companion.webapp.access import new_pin
from companion.workers import Worker

from .options import add_book_options, add_expansion_options, book_choice, listen
from .serve import lan_address

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eva")

HELD_FOR_SEAT = frozenset({HELD, TWICE})
"""Reads the table keeps for the seat's answer or knows for a chip read twice: not refusals of a draw."""


@dataclass
class Demo:
    """A demo table and its simulated bags, and the people around it.

    With `evening` (`quacks demo`, the simulator's tests) the simulated players are
    `companion.evening`'s people: they pour their chips back in handfuls while one of them turns
    up the next Fortune Teller card, play the bots' seats, and sometimes a reader slips. Without it
    (scripted tests and benchmarks), hands put every chip the table expects back past its bag's
    reader at once, and the script turns the cards. ``draw(seat)`` is a seat's draw button: the
    person takes a chip out of the bag and it passes the reader.
    """

    table: Table
    bags: list[SimulatedBag]
    uids: dict[str, str]
    rng: random.Random
    evening: Evening | None = None
    presented: set[str] = field(default_factory=set)
    """Chips on their way back that the prompt hands have put past their reader."""
    passed: dict[str, float] = field(default_factory=dict)
    """When each chip last passed its reader (the same pass is not read as a draw)."""
    refused: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Each reader's last refused read (code, reason), so the draw button can say why."""

    def __post_init__(self) -> None:
        self._unsubscribe = self.table.subscribe(self._notice)

    def emit(self, event: TagSeen | LinkStatus) -> None:
        """The simulated readers' output: into whichever table is being played now."""
        if isinstance(event, TagSeen):
            self.table.tag_seen(event)
        else:
            self.table.reader_status(event)

    def repoint(self, table: Table) -> None:
        """A new game was started: the bags feed ``table`` from now on, and the people play it."""
        self._unsubscribe()
        self.table = table
        self.presented.clear()
        self.passed.clear()
        self._unsubscribe = table.subscribe(self._notice)
        if self.evening is not None:
            self.evening = self.evening.moved_to(table)

    def _notice(self, seq: int, notice: Any) -> None:
        if notice.get("kind") == "anomaly":
            read = notice.get("payload", {}).get("read") or {}
            if "reader" in read and notice.get("code") not in HELD_FOR_SEAT:
                self.refused[read["reader"]] = (notice["code"], notice["reason"])
        if self.evening is None:
            self.put_back()

    def put_back(self) -> None:
        """The prompt hands: present each chip that is on its way back into a bag, once."""
        seats = self.table.state.seats
        self.presented &= {cid for seat in seats for cid in seat.returning}
        for bag, seat in zip(self.bags, seats, strict=False):
            for cid in seat.returning:
                if cid not in self.presented:
                    self.presented.add(cid)
                    bag.present(self.uids[cid], at=self._pass(cid))

    def draw(self, seat: int) -> TagSeen | None:
        """Present a chip the player could take out now (a card may ask for a white 1-chip), else any;
        raises IllegalAction if the table refused the read (a read held for the seat's answer is not
        refused: the phone asks), StorageFault while the journal cannot take it (the read waits for it)."""
        reader = self.bags[seat].reader_id
        self.refused.pop(reader, None)
        if self.evening is not None:
            chip = self.evening.draw(seat, perfect=True)
            if chip is None:
                name = self.table.state.seats[seat].name
                if self.evening.settling(seat):  # the chips were poured back a moment ago
                    raise IllegalAction("chips_settling", f"the chips have only just gone into {name}'s bag: "
                                        "draw again in a moment")
                raise IllegalAction("empty_bag", f"{name} has no chip to draw now")
            self.table.wait_for_reads()
            event = None
        else:
            event = self._prompt_draw(seat)
        if self.table.db.fault is not None:
            raise StorageFault(self.table.db.fault)
        if reader in self.refused:
            raise IllegalAction(*self.refused.pop(reader))
        return event

    def _prompt_draw(self, seat: int) -> TagSeen:
        """The prompt hands draw: a chip they have just put back is read as taken out only once the
        reader could not take it for that same pass (`returns.SAME_PASS_SECONDS`)."""
        state = self.table.state
        moves = legal_moves(state, seat)
        bag = [*moves.looks, *moves.draws] or state.seats[seat].bag
        if not bag:
            raise IllegalAction("empty_bag", f"{self.table.state.seats[seat].name}'s bag is empty")
        now = time.time()
        fresh = [c for c in bag if now - self.passed.get(c, -SAME_PASS_SECONDS) >= SAME_PASS_SECONDS]
        event = self.bags[seat].present(self.uids[(chip := self.rng.choice(fresh or bag))], at=self._pass(chip))
        self.table.wait_for_reads()
        return event

    def _pass(self, chip: str) -> float:
        """When the prompt hands' chip passes its reader: now, but never within one pass of its last
        (hands this quick are a script's, not a person's)."""
        self.passed[chip] = max(time.time(), self.passed.get(chip, -SAME_PASS_SECONDS) + SAME_PASS_SECONDS)
        return self.passed[chip]


def _stickers() -> dict[str, str]:
    """Chip id -> the UID of its simulated sticker: the base box's chips numbered first, then the
    expansions' chips, so a demo database stickered before keeps its UIDs."""
    base = catalog.SUPPLIES["A"]
    every = catalog.box("A", catalog.EXPANSIONS)
    ids = [chip_id(color, value, n) for (color, value), count in base.items() for n in range(1, count + 1)]
    ids += [chip_id(color, value, n) for (color, value), count in every.items()
            for n in range(base.get((color, value), 0) + 1, count + 1)]
    return {cid: f"{k:08X}" for k, cid in enumerate(ids, start=1)}


def build_demo(players: list[str], db_path: Path, seed: int | None = None, tubes: bool = False,
               cards: bool = False, books: dict[str, Choice] | None = None,
               edition: str = catalog.DEFAULT_EDITION, expansions: tuple[str, ...] = (),
               stand: str = catalog.STAND_SIDES[0], league: bool = False, codes: tuple[str, ...] = (), *,
               people: Habits | None = None, bots: Mapping[int, Think] | None = None,
               agenda: Agenda | None = None) -> Demo:
    """A new game on ``db_path`` with one simulated bag per seat and every chip stickered.

    `books`: a set or "random" per colour, dealt here with `seed` (set 1 for a colour left out);
    `expansions` in play, their cards dealt with the same seed. `league`: the table's games go to its
    league's outbox, with each seat's player code in `codes`. With `people` (their habits) the
    simulated people sit at the table (`Demo.evening`): `bots` are the seats they play, `cards`
    has them turn up each round's card; on `agenda`'s clock (a virtual one unless it is started)."""
    db = Database(db_path)
    registry = TagRegistry(db, "A", tuple(expansions))
    uids = _stickers()
    known = {row.chip_id for row in registry.rows()}
    box = catalog.box("A", tuple(sorted(expansions)))
    for cid, uid in uids.items():  # the game's chips; a later game with more boxes adds theirs
        c = chip(cid)
        if cid not in known and int(cid.rsplit("-", 1)[1]) <= box.get((c.color, c.value), 0):
            registry.assign(uid, cid)
    readers = {f"sim-{n + 1}": n for n in range(len(players))}
    config = GameConfig(players=tuple(players), tubes=tubes, edition=edition, stand=stand,
                        **deal_setup(books or {}, expansions, random.Random(seed)))
    table = start_game(db, TableSetup(config, readers, registry=True, league=league, codes=codes))
    demo = Demo(table, [], uids, random.Random(seed))
    demo.bags = [SimulatedBag(reader, demo.emit) for reader in readers]
    for bag in demo.bags:
        bag.start()
    if people is not None:
        demo.evening = Evening(table, demo.bags, uids, seed=seed or 0, habits=people, players=bots, cards=cards,
                               agenda=agenda)
    return demo


def run(args: argparse.Namespace) -> int:
    names = args.names or list(NAMES[: args.players])
    most = catalog.MAX_PLAYERS_WITH_WITCHES if "witches" in args.expansions else catalog.MAX_PLAYERS
    if not 2 <= len(names) <= most:
        print(f"quacks demo: the game is for 2 to {most} players")
        return 2
    if not 0 <= args.bots <= len(names):
        print(f"quacks demo: --bots must be 0 to {len(names)}")
        return 2
    try:
        codes = tuple(normalise(c) for c in args.codes)
    except BadCode as err:
        print(f"quacks demo: --codes: {err}")
        return 2
    if len(codes) > len(names) or (codes and not args.league) or bool(args.league) != bool(args.league_key):
        print("quacks demo: --league needs --league-key (the table's key); --codes gives at most one code per "
              "player, with --league")
        return 2
    folder = Path(tempfile.mkdtemp(prefix="quacks-demo-"))
    seed = random.randrange(2**32) if args.seed is None else args.seed
    pool = Worker() if args.bots else None
    bots: dict[int, Think] = {n: AdvisorThinker(seed + n, pool) for n in range(len(names) - args.bots, len(names))}
    demo = build_demo(names, folder / "demo.sqlite3", seed, args.tubes, cards=not args.no_cards,
                      books=book_choice(args), edition=args.edition, expansions=args.expansions, stand=args.stand,
                      league=bool(args.league), codes=codes, people=DEMO, bots=bots, agenda=Agenda())
    pin = new_pin()
    app = create_app(demo.table, host_pin=pin, demo=demo, assist=args.assist, stir=args.stir)
    bind = "0.0.0.0" if args.lan else "127.0.0.1"
    server = listen(app, bind, args.port, "pass --port with a free port (0 picks one)")
    if args.league:
        sender = Sender(demo.table.db, LeagueLink(args.league, args.league_key)).start()
        sender.watch(demo.table)
        app.extensions["companion.game"].switched.append(sender.watch)
        print(f"Games go to the league at {args.league}.")
    assert demo.evening is not None
    demo.evening.start()
    shown = lan_address() if args.lan else "127.0.0.1"
    base = f"http://{shown}:{server.port}"
    where = "on the local network: phones on this Wi-Fi join by the QR codes on the host page" if args.lan \
        else "on this computer only (127.0.0.1; --lan lets phones on the Wi-Fi join)"
    print(f"Demo table with {', '.join(names)} {where}.")
    print(f"Host page (host PIN {pin}): {server.url}/host?pin={pin}" + (f"   from a phone: {base}/host" if args.lan else ""))
    print(f"Table screen: {base}/table/{app.extensions['companion.game'].table_token}   Journal: {folder / 'demo.sqlite3'}")
    print(f"Recovery passphrase: {app.extensions['companion.game'].keys.recovery}   "
          "(opens the host page when wrong PINs from other devices have locked the PIN out)")
    print("Open each seat's link from the host page; press Ctrl+C to stop.")
    if not args.no_browser:
        webbrowser.open(f"{server.url}/host?pin={pin}")
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        demo.evening.stop()
        if pool is not None:
            pool.shutdown()
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("demo", help="play a whole game in the browser, no hardware needed",
                                   description=__doc__)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 5),
                        help="number of seats (default 3; 5 needs --expansions witches)")
    parser.add_argument("--names", nargs="+", metavar="NAME", help="player names, clockwise (overrides --players)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument("--lan", action="store_true",
                        help="listen on the local network, so phones on the same Wi-Fi join by the QR codes")
    parser.add_argument("--seed", type=int, help="seed the simulated bags' draws")
    parser.add_argument("--tubes", action="store_true", help="play the test-tube side of the pots")
    add_book_options(parser)
    add_expansion_options(parser)
    parser.add_argument("--no-cards", action="store_true",
                        help="the simulated players do not turn up the Fortune Teller card: the table screen or the host does")
    parser.add_argument("--no-browser", action="store_true", help="print the host link instead of opening it")
    parser.add_argument("--bots", type=int, default=0, metavar="N",
                        help="the last N seats are played by the advisor (DRAW/STOP advice, simple shop policy), "
                             "at a person's pace")
    parser.add_argument("--assist", choices=ASSISTS, default=ASSIST_DEFAULT,
                        help="what the phones show: off, odds (default) or advice")
    parser.add_argument("--stir", choices=STIRS, default=STIR_DEFAULT,
                        help="synchronised drawing (\"Stir!\"): round9 (default, the rulebook), always or off")
    parser.add_argument("--league", metavar="URL", help="push the games to this league server (with --league-key)")
    parser.add_argument("--league-key", metavar="KEY", help="this table's key, from the league's admin page")
    parser.add_argument("--codes", nargs="+", default=(), metavar="CODE", help="the players' league codes, clockwise")
    parser.set_defaults(func=run)
