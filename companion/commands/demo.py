"""`quacks demo`: a whole game in the browser on localhost, with simulated bags instead of readers.

Each seat's bag is a `SimulatedBag`; every chip of the box carries a made-up sticker UID in the
tag registry, so a click on "draw" travels the same road as a real read: reader, registry, table.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import threading
import webbrowser
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.books import Choice
from companion.bots import Bots
from companion.codes import BadCode, normalise
from companion.config import ASSIST_DEFAULT, ASSISTS, STIR_DEFAULT, STIRS
from companion.dealing import deal_setup
from companion.devices import LinkStatus, SimulatedBag, TagSeen
from companion.engine import GameConfig, IllegalAction, catalog, legal_moves
from companion.engine.model import chip, chip_id
from companion.league.sender import LeagueLink, Sender
from companion.store import Database, StorageFault
from companion.table import Table, TableSetup, TagRegistry, start_game
from companion.webapp import create_app
from companion.webapp.access import new_pin

from .options import add_book_options, add_expansion_options, book_choice, listen

NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eva")


@dataclass
class Demo:
    """A demo table and its simulated bags; ``draw(seat)`` draws a random chip from that bag.

    The simulated players also put chips back the way people do (after the flask, at the end of
    the round, ...): every chip the engine expects back passes its bag's reader at once. With
    `cards`, the start player turns up a Fortune Teller card each round, as "draw one for us" does.
    """

    table: Table
    bags: list[SimulatedBag]
    uids: dict[str, str]
    rng: random.Random
    presented: set[str] = field(default_factory=set)
    refused: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Each reader's last refused read (code, reason), so the draw button can say why."""
    cards: bool = False

    def turn_up_card(self) -> None:
        """A round waits for its card: turn one up once the notice that opened it is through."""
        state = self.table.state
        if self.cards and state.phase == "fortune" and state.fortune is None:
            threading.Thread(target=self._turn_up, daemon=True).start()

    def _turn_up(self) -> None:
        try:
            self.table.draw_card(self.rng, source="demo")
        except IllegalAction:
            pass  # the card was turned up meanwhile (by the host, or an earlier notice)

    def __post_init__(self) -> None:
        self._unsubscribe = self.table.subscribe(self._notice)

    def emit(self, event: TagSeen | LinkStatus) -> None:
        """The simulated readers' output: into whichever table is being played now."""
        if isinstance(event, TagSeen):
            self.table.tag_seen(event)
        else:
            self.table.reader_status(event)

    def repoint(self, table: Table) -> None:
        """A new game was started: the bags feed ``table`` from now on."""
        self._unsubscribe()
        self.table = table
        self.presented.clear()
        self._unsubscribe = table.subscribe(self._notice)

    def _notice(self, seq: int, notice: Any) -> None:
        if notice.get("kind") == "anomaly":
            read = notice.get("payload", {}).get("read") or {}
            if "reader" in read:
                self.refused[read["reader"]] = (notice["code"], notice["reason"])
        self.put_back()
        self.turn_up_card()

    def put_back(self) -> None:
        """Present each chip that is on its way back into a bag, once."""
        seats = self.table.state.seats
        expected = {cid for seat in seats for cid in seat.returning}
        self.presented &= expected
        for bag, seat in zip(self.bags, seats, strict=False):
            for cid in seat.returning:
                if cid not in self.presented:
                    self.presented.add(cid)
                    bag.present(self.uids[cid])

    def draw(self, seat: int) -> TagSeen:
        """Present a chip the player could take out now (a card may ask for a white 1-chip), else any;
        raises IllegalAction if the table refused the read, StorageFault while the journal cannot take it."""
        state = self.table.state
        moves = legal_moves(state, seat)
        wanted = [*moves.looks, *moves.draws]
        bag = wanted or state.seats[seat].bag
        if not bag:
            raise IllegalAction("empty_bag", f"{self.table.state.seats[seat].name}'s bag is empty")
        reader = self.bags[seat].reader_id
        self.refused.pop(reader, None)
        event = self.bags[seat].present(self.uids[self.rng.choice(bag)])
        self.table.wait_for_reads()
        if self.table.db.fault is not None:  # the read waits for the journal, and counts once it can
            raise StorageFault(self.table.db.fault)
        if reader in self.refused:
            raise IllegalAction(*self.refused.pop(reader))
        return event


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
               stand: str = catalog.STAND_SIDES[0], league: bool = False, codes: tuple[str, ...] = ()) -> Demo:
    """A new game on ``db_path`` with one simulated bag per seat and every chip stickered.

    `cards`: the demo turns up each round's Fortune Teller card by itself. `books`: a set or
    "random" per colour, dealt here with `seed` (set 1 for a colour left out); `expansions` in play,
    their cards dealt with the same seed. `league`: the table's games go to its league's outbox,
    with each seat's player code in `codes`."""
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
    demo = Demo(table, [], uids, random.Random(seed), cards=cards)
    demo.bags = [SimulatedBag(reader, demo.emit) for reader in readers]
    for bag in demo.bags:
        bag.start()
    demo.turn_up_card()
    return demo


def run(args: argparse.Namespace) -> int:
    names = args.names or list(NAMES[: args.players])
    most = catalog.MAX_PLAYERS_WITH_WITCHES if "witches" in args.expansions else catalog.MAX_PLAYERS
    if not 2 <= len(names) <= most:
        print(f"quacks demo: the game is for 2 to {most} players")
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
    demo = build_demo(names, folder / "demo.sqlite3", args.seed, args.tubes, cards=not args.no_cards,
                      books=book_choice(args), edition=args.edition, expansions=args.expansions, stand=args.stand,
                      league=bool(args.league), codes=codes)
    if not 0 <= args.bots <= len(names):
        print(f"quacks demo: --bots must be 0 to {len(names)}")
        return 2
    if args.bots:
        Bots(demo, set(range(len(names) - args.bots, len(names))), seed=args.seed or 0).start()
    pin = new_pin()
    app = create_app(demo.table, host_pin=pin, demo=demo, assist=args.assist, stir=args.stir)
    server = listen(app, "127.0.0.1", args.port, "pass --port with a free port (0 picks one)")
    link = f"{server.url}/host?pin={pin}"
    if args.league:
        sender = Sender(demo.table.db, LeagueLink(args.league, args.league_key)).start()
        sender.watch(demo.table)
        app.extensions["companion.game"].switched.append(sender.watch)
        print(f"Games go to the league at {args.league}.")
    print(f"Demo table with {', '.join(names)} on this computer only (127.0.0.1).")
    print(f"Host page (host PIN {pin}): {link}")
    print(f"Table screen: {server.url}/table/{app.extensions['companion.game'].table_token}   Journal: {folder / 'demo.sqlite3'}")
    print(f"Recovery passphrase: {app.extensions['companion.game'].keys.recovery}   "
          "(opens the host page when wrong PINs from other devices have locked the PIN out)")
    print("Open each seat's link from the host page; press Ctrl+C to stop.")
    if not args.no_browser:
        webbrowser.open(link)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("demo", help="play a whole game in the browser, no hardware needed",
                                   description=__doc__)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 5),
                        help="number of seats (default 3; 5 needs --expansions witches)")
    parser.add_argument("--names", nargs="+", metavar="NAME", help="player names, clockwise (overrides --players)")
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000; 0 picks a free one)")
    parser.add_argument("--seed", type=int, help="seed the simulated bags' draws")
    parser.add_argument("--tubes", action="store_true", help="play the test-tube side of the pots")
    add_book_options(parser)
    add_expansion_options(parser)
    parser.add_argument("--no-cards", action="store_true", help="leave the Fortune Teller card to the host page")
    parser.add_argument("--no-browser", action="store_true", help="print the host link instead of opening it")
    parser.add_argument("--bots", type=int, default=0, metavar="N",
                        help="the last N seats are played by the advisor (DRAW/STOP advice, simple shop policy)")
    parser.add_argument("--assist", choices=ASSISTS, default=ASSIST_DEFAULT,
                        help="what the phones show: off, odds (default) or advice")
    parser.add_argument("--league", metavar="URL", help="push the games to this league server (with --league-key)")
    parser.add_argument("--league-key", metavar="KEY", help="this table's key, from the league's admin page")
    parser.add_argument("--codes", nargs="+", default=(), metavar="CODE", help="the players' league codes, clockwise")
    parser.add_argument("--stir", choices=STIRS, default=STIR_DEFAULT,
                        help="synchronised drawing (\"Stir!\"): round9 (default, the rulebook), always or off")
    parser.set_defaults(func=run)
