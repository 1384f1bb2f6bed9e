"""The game's state: chips as individuals, seats, decisions, and the setup that starts a game.

State objects are plain mutable dataclasses so that rule code reads naturally; `step` works on a
`clone()` and never touches the caller's state.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from . import catalog
from .errors import ConfigError
from .memo import Memo
from .text import Text

BREWING, STOPPED, EXPLODED = "brewing", "stopped", "exploded"
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Chip:
    """One physical chip. Its id, e.g. ``green-2-03``, is colour, value and which one of that kind."""

    id: str
    color: str
    value: int

    @property
    def kind(self) -> str:
        return f"{self.color}-{self.value}"


def chip_id(color: str, value: int, number: int) -> str:
    return f"{color}-{value}-{number:02d}"


def _parse(chip_id_: str) -> Chip:
    parts = chip_id_.split("-")
    if len(parts) != 3 or parts[0] not in catalog.COLORS or not parts[1].isdigit() or not parts[2].isdigit():
        raise ValueError(f"{chip_id_!r} is not a chip id (expected colour-value-number, e.g. white-1-03)")
    return Chip(chip_id_, parts[0], int(parts[1]))


chip: Callable[[str], Chip] = Memo(_parse).__getitem__
"""Parse a chip id, once per id; raises ValueError for anything that is not ``colour-value-number``."""


class _PerChip(Generic[_T]):
    """Chip id -> one fact about the chip (`of`), worked out the first time the id is met. The bag's
    explosion count and the pot's colour counts are asked around nearly every draw, so their loops
    index `table` directly (an exact dict is the interpreter's quickest lookup) and ask `of` only for
    an id not met before. A chip id always names the same chip, so an entry never goes stale. A
    method rather than `__call__`: calling an instance costs the interpreter twice a method's call,
    and a chip laid asks for its white value."""

    __slots__ = ("table", "fact")

    def __init__(self, fact: Callable[[Chip], _T]) -> None:
        self.table: dict[str, _T] = {}
        self.fact = fact

    def of(self, chip_id_: str) -> _T:
        found = self.table.get(chip_id_)
        if found is None:
            found = self.table[chip_id_] = self.fact(chip(chip_id_))
        return found


white_value: _PerChip[int] = _PerChip(lambda c: c.value if c.color == "white" else 0)
"""Chip id -> what the chip adds to the white total: its value if it is white, else 0."""
WHITE_VALUES = white_value.table
_color: _PerChip[str] = _PerChip(lambda c: c.color)


def _whites(pot: list[tuple[str, int]], bowl: list[str]) -> int:
    """The whites in a pot and a bowl counted afresh (`Seat.white_total` keeps them as chips come and go)."""
    found = 0
    for cid, _ in pot:  # loops, not generators (resumed for every chip)
        found += white_value.of(cid)
    for cid in bowl:
        found += white_value.of(cid)
    return found


@dataclass(frozen=True)
class GameConfig:
    """Everything fixed before the first draw: players in clockwise order, books, printing, rules."""

    players: tuple[str, ...]
    start_player: int = 0
    books: Mapping[str, int] = field(default_factory=lambda: {c: 1 for c in catalog.BOOK_COLORS})
    supply: str = "A"
    threshold: int = catalog.EXPLOSION_THRESHOLD
    start_rubies: int = catalog.START_RUBIES
    tubes: bool = False  # the back side of the pots: a second droplet on the test-tube strip
    card_books: str = catalog.CARD_BOOK_READINGS[0]  # a card whose chip's book is not out: see catalog
    edition: str = catalog.DEFAULT_EDITION  # whose rulebook's numbers (prices) the game uses
    expansions: tuple[str, ...] = ()  # catalog.EXPANSIONS in play, sorted
    witches: tuple[str, ...] = ()  # The Herb Witches: the three witches laid out (dealt at setup)
    patients: tuple[str, ...] = ()  # The Alchemists: the three patients laid out (dealt at setup)
    stand: str = catalog.STAND_SIDES[0]  # Wolfgang's Exchange Office: the stand's side up
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "books", dict(sorted(dict(self.books).items())))
        for key in ("expansions", "witches", "patients"):
            value = getattr(self, key)
            if isinstance(value, (list, tuple)):
                object.__setattr__(self, key, tuple(sorted(value)) if key == "expansions" else tuple(value))
        # Rule and price tables are cached per config: hash it once.
        object.__setattr__(self, "_hash", hash((self.players, self.start_player, tuple(self.books.items()),
                                                self.supply, self.threshold, self.start_rubies, self.tubes,
                                                self.card_books, self.edition, self.expansions, self.witches,
                                                self.patients, self.stand)))

    def __hash__(self) -> int:
        return self._hash

    def to_dict(self) -> dict[str, Any]:
        """The setup as a transcript header records it; the expansions' keys only when one is in play."""
        data: dict[str, Any] = {
            "players": list(self.players), "start_player": self.start_player,
            "books": dict(self.books), "supply": self.supply,
            "threshold": self.threshold, "start_rubies": self.start_rubies, "tubes": self.tubes,
            "card_books": self.card_books, "edition": self.edition,
        }
        if self.expansions:
            data.update(expansions=list(self.expansions), witches=list(self.witches), patients=list(self.patients),
                        stand=self.stand)
        return data

    @classmethod
    def from_dict(cls, data: object) -> GameConfig:
        if not isinstance(data, Mapping):
            raise ConfigError("the setup must be a JSON object")
        unknown = set(data) - {"players", "start_player", "books", "supply", "threshold", "start_rubies", "tubes",
                               "card_books", "edition", "expansions", "witches", "patients", "stand"}
        if unknown:
            raise ConfigError(f"unknown setup key(s): {', '.join(sorted(unknown))}")
        if "players" not in data:
            raise ConfigError("the setup must name the players")
        kwargs = {k: data[k] for k in data}
        if isinstance(kwargs["players"], (str, bytes)) or not isinstance(kwargs["players"], (list, tuple)):
            raise ConfigError("players must be a list of names")
        if "books" in kwargs and not isinstance(kwargs["books"], Mapping):
            raise ConfigError("books must map a colour to a set number")
        for key in ("supply", "card_books", "edition", "stand"):
            if not isinstance(kwargs.get(key, ""), str):
                raise ConfigError(f"{key} must be a name in quotes, not {kwargs[key]!r}")
        for key in ("expansions", "witches", "patients"):
            if not isinstance(kwargs.get(key, []), (list, tuple)) or not all(isinstance(v, str) for v in kwargs.get(key, [])):
                raise ConfigError(f"{key} must be a list of names in quotes, not {kwargs[key]!r}")
        return cls(**kwargs)

    def next_value(self, color: str, value: int) -> int | None:
        """The next higher value chips of this colour come in, in this game's box (1 -> 2 -> 4;
        white 1 -> 2 -> 3), or None: what "one level up" means to every upgrade."""
        return min((v for c, v in catalog.box(self.supply, self.expansions) if c == color and v > value), default=None)

    def has(self, expansion: str) -> bool:
        """Whether this expansion (one of catalog.EXPANSIONS) is in play."""
        return expansion in self.expansions

    def book(self, color: str) -> int | None:
        """The set number of this colour's book (None for a colour with one book, or none in play;
        black: None for its base book, with The Herb Witches set 5 or 6 may be chosen). Orange with
        The Herb Witches: its pumpkin book, which replaces the base one. Locoweed, with a box that
        brings it: the book chosen, by default the first of those boxes' books."""
        if color == "orange" and self.has("witches"):
            return catalog.PUMPKIN_BOOK_WITCHES
        if color == "locoweed":
            sets = catalog.locoweed_sets(self.expansions)
            return self.books.get(color, sets[0]) if sets else None
        return self.books.get(color)


class LastSetup(Generic[_T]):
    """A table worked out from a game's setup alone and asked for again and again while the game
    is played (for every chip laid): the answer for the setup asked about last is kept beside it
    and found by identity, which costs less than hashing the config for a cache each time; any
    other setup (the next game, another table) is worked out by `work`, cached or not."""

    __slots__ = ("work", "last")

    def __init__(self, work: Callable[[GameConfig], _T]) -> None:
        self.work = work
        self.last: tuple[GameConfig, _T] | None = None  # one tuple, replaced whole: no thread sees half of it

    def of(self, config: GameConfig) -> _T:
        last = self.last
        if last is None or last[0] is not config:
            last = self.last = (config, self.work(config))
        return last[1]


@dataclass(slots=True)
class Option:
    key: str
    label: Text


@dataclass(slots=True)
class Decision:
    """A question the engine waits for one seat to answer; stored in the state so it survives replay.

    `rule` names who resolves the answer ("blue/1", "core/flask", ...); `data` is that rule's own
    bookkeeping. A non-blocking decision is an offer the seat may ignore: its next draw or stop
    withdraws it.
    """

    id: str
    seat: int
    kind: str
    rule: str
    prompt: Text
    options: list[Option]
    pick: tuple[int, int] = (1, 1)
    blocking: bool = True
    data: dict[str, Any] = field(default_factory=dict)

    def keys(self) -> list[str]:
        found = []
        for o in self.options:  # a plain loop: on Python 3.11 a comprehension is a call of its own
            found.append(o.key)
        return found

    def lapses(self, *, stopping: bool) -> bool:
        """An offer (flask, mandrake, which droplet) stands only until the seat draws again or
        stops; one marked `stands` (red set 6: place the chip beside the pot) until it stops."""
        return not self.blocking and (stopping or not self.data.get("stands"))


@dataclass(slots=True)
class Seat:
    """One player: their pot, bag, markers and what they are doing in the current phase."""

    name: str
    rubies: int
    threshold: int
    score: int = 0
    droplet: int = 0
    tube: int = 0  # the test-tube droplet's glass (the back side of the pot)
    stand: int = 0  # the stand droplet's tube (Wolfgang's Exchange Office), 0-12
    rat: int = 0
    flask_full: bool = True
    bag: list[str] = field(default_factory=list)
    pot: list[tuple[str, int]] = field(default_factory=list)  # (chip id, space) in placing order: see `lay`
    hand: list[str] = field(default_factory=list)  # drawn to look at (blue), not placed yet
    aside: list[str] = field(default_factory=list)  # beside the pot, out of the bag (red set 2), kept over rounds
    pending: list[str] = field(default_factory=list)  # rules whose action waits for the next chip laid (yellow/2)
    status: str = BREWING
    reward: str | None = None  # "both", "points" or "coins" once decided this round
    coins: int = 0
    bought: list[str] = field(default_factory=list)  # colours bought this shop
    done: bool = False  # finished the current everyone-at-once phase
    returning: list[str] = field(default_factory=list)  # in the bag, not yet seen going in
    round_scores: list[int] = field(default_factory=list)  # score at the end of each round played
    final_points: dict[str, int] = field(default_factory=dict)  # points from coins and rubies at the end
    insured: int = 0  # draws the blue chips' window (blue set 2) still covers; kept at an explosion it covered
    vacated: int = 0  # the furthest space a chip left in evaluation step B (purple sets 2, 4)
    first: list[str] = field(default_factory=list)  # kept out of the bag over the round end, laid first next round (green set 5)
    bowl: list[str] = field(default_factory=list)  # the overflow bowl (The Herb Witches): chips past a full pot
    pennies: list[str] = field(default_factory=list)  # The Herb Witches: witch types whose penny is unspent
    called: list[str] = field(default_factory=list)  # witches called this round whose effect is still in force
    passed: list[str] = field(default_factory=list)  # witches whose offer the seat declined this round
    patient: str | None = None  # The Alchemists: the patient this seat treats (patients.PATIENTS)
    essence: int = 0  # The Alchemists: the flask marker's space, kept until the next essence phase
    essence_rat: int = 0  # The Alchemists: extra rat tails an essence glass gives the next round
    laid_out: list[str] = field(default_factory=list)  # Nervousness: drawn chips laid out, placed instead of a draw
    ear_worm: int = 0  # The Alchemists, Ear worm: chips still to draw and place after the essence phase
    drawn: int = 0  # chips taken out of the bag this potion phase, one per "take out a chip" (stir.py)
    white_total: int = 0  # the whites in the pot and in the bowl, which explode it: kept by `lay` and the rest
    explosions: int = 0  # the seat's pots exploded this game (the game's record): counted by `GameState.set_status`

    def __post_init__(self) -> None:
        """A seat made with chips already in its pot or bowl (a test's, the advice's stand-in pots)
        and no white total works it out; a clone is given its own."""
        if not self.white_total and (self.pot or self.bowl):
            self.white_total = _whites(self.pot, self.bowl)

    @property
    def start_space(self) -> int:
        """Where counting starts this round: the droplet, or the rat stone past it."""
        space = self.droplet + self.rat
        return space if space < catalog.LAST_CHIP_SPACE else catalog.LAST_CHIP_SPACE  # not min(): see placing.landing

    @property
    def last_space(self) -> int:
        """The space of the last chip; a chip traded out of the pot in step B leaves its space
        behind it, so the scoring space stays where brewing left it."""
        last = self.pot[-1][1] if self.pot else self.start_space
        return last if last >= self.vacated else self.vacated

    @property
    def insured_explosion(self) -> bool:
        """The pot exploded within a blue chip's window (blue set 2): points and coins both, no die."""
        return self.status == EXPLODED and self.insured > 0

    @property
    def scoring_space(self) -> int:
        space = self.last_space + 1
        return space if space < catalog.SPOON else catalog.SPOON  # not min(): see placing.landing

    def in_pot(self, color: str) -> int:
        """How many chips of a colour lie in the pot: what the red, yellow, purple and black books count."""
        found, colors = 0, _color.table
        try:
            for cid, _ in self.pot:
                if colors[cid] == color:
                    found += 1
        except KeyError:  # a chip id met for the first time
            return sum(1 for cid, _ in self.pot if _color.of(cid) == color)
        return found

    def clone(self) -> Seat:
        return Seat(
            self.name, self.rubies, self.threshold, self.score, self.droplet, self.tube, self.stand, self.rat,
            self.flask_full, self.bag.copy(), self.pot.copy(), self.hand.copy(), self.aside.copy(),
            self.pending.copy(), self.status, self.reward, self.coins, self.bought.copy(), self.done, self.returning.copy(),
            self.round_scores.copy(), dict(self.final_points), self.insured, self.vacated,
            self.first.copy(), self.bowl.copy(), self.pennies.copy(), self.called.copy(), self.passed.copy(),
            self.patient, self.essence, self.essence_rat, self.laid_out.copy(), self.ear_worm, self.drawn,
            self.white_total, self.explosions,
        )

    # The pot and the bowl change only here, so that the white total, asked before and after
    # nearly every draw, is kept rather than counted again each time.

    def lay(self, chip_id: str, space: int) -> None:
        """A chip is laid on `space`, after the last chip in the pot."""
        self.pot.append((chip_id, space))
        self.white_total += white_value.of(chip_id)

    def lay_in_bowl(self, chip_id: str) -> None:
        """A chip goes into the overflow bowl (The Herb Witches): the pot is full."""
        self.bowl.append(chip_id)
        self.white_total += white_value.of(chip_id)

    def put_at(self, at: int, chip_id: str, space: int) -> None:
        """The chip laid `at`-th (0: the first) is now this one on `space`: moved on, or swapped for
        another chip."""
        self.white_total += white_value.of(chip_id) - white_value.of(self.pot[at][0])
        self.pot[at] = (chip_id, space)

    def take_out(self, chips: Collection[str]) -> None:
        """These chips leave the pot and the bowl (into the bag, or back into the box)."""
        pot = []
        for p in self.pot:  # plain loops: on Python 3.11 a comprehension is a call of its own
            if p[0] not in chips:
                pot.append(p)
        self.pot = pot
        if self.bowl:
            bowl = []
            for c in self.bowl:
                if c not in chips:
                    bowl.append(c)
            self.bowl = bowl
        self.white_total = _whites(self.pot, self.bowl)

    def set_pot(self, pot: list[tuple[str, int]], bowl: list[str] | None = None) -> None:
        """The pot (and the bowl, when given) replaced whole: emptied at a round's end, or a
        stand-in pot the advice values."""
        self.pot = pot
        if bowl is not None:
            self.bowl = bowl
        self.white_total = _whites(self.pot, self.bowl)

    def put_in_bag(self, chips: list[str], *, seen: bool = False) -> None:
        """Chips go into the bag. They pass the bag's reader on the way in: until a read shows
        that (a `return` input), a read of one of them is its return, not a draw. `seen`: the
        read that brought the chip in is the input itself (a purchase read at the reader)."""
        self.bag.extend(chips)
        if not seen:
            self.returning.extend(chips)


@dataclass(slots=True)
class GameState:
    """The whole game at one moment. Equal inputs from `new_game` always give equal states."""

    config: GameConfig
    round: int
    phase: str
    start_player: int
    seats: list[Seat]
    supply: dict[str, list[str]]  # chip kind -> ids still in the box, lowest first
    decisions: list[Decision] = field(default_factory=list)
    asked: list[tuple[str, Text]] = field(default_factory=list)  # (rule, prompt) of d1, d2, ... so far
    shopper: int | None = None
    fortune: str | None = None
    winners: list[int] = field(default_factory=list)
    seq: int = 0  # inputs accepted so far
    cards_used: list[str] = field(default_factory=list)  # Fortune Teller cards turned up, in order
    card_data: dict[str, Any] = field(default_factory=dict)  # the round's card bookkeeping, per key
    ended: bool = False  # the current phase's on-end steps have run (a card may hold it open)
    drawing: tuple[int, ...] = ()  # the seats whose status is BREWING: kept by `set_status`

    def __post_init__(self) -> None:
        """A state made with its seats (a new game, a test's position) works out who is brewing;
        a clone is given its own."""
        if not self.drawing:
            self.drawing = _brewing(self.seats)

    def set_status(self, n: int, status: str) -> None:
        """Seat `n` brews on, stops or explodes. A seat's status changes only here, so that whom the
        potion phase waits for, asked after every input, is kept rather than looked up seat by seat,
        and every pot that explodes is counted once, on its seat (the game's record reads the count
        rather than the events of every input)."""
        seat = self.seats[n]
        seat.status = status
        self.drawing = _brewing(self.seats)
        if status == EXPLODED:
            seat.explosions += 1

    def clone(self) -> GameState:
        return GameState(
            self.config, self.round, self.phase, self.start_player,
            [s.clone() for s in self.seats],
            {k: v.copy() for k, v in self.supply.items()},
            [_clone_decision(d) for d in self.decisions],
            self.asked.copy(), self.shopper, self.fortune, self.winners.copy(), self.seq,
            self.cards_used.copy(), {k: v.copy() for k, v in self.card_data.items()}, self.ended, self.drawing,
        )

    def turn_order(self) -> list[int]:
        """Seat numbers clockwise from the start player: from its seat to the last, then from the first."""
        return [*range(self.start_player, len(self.seats)), *range(self.start_player)]

    def decisions_for(self, seat: int) -> list[Decision]:
        found = []
        for d in self.decisions:  # a plain loop: on Python 3.11 a comprehension is a call of its own
            if d.seat == seat:
                found.append(d)
        return found

    def blocking_decision(self, seat: int) -> Decision | None:
        for d in self.decisions:
            if d.seat == seat and d.blocking:
                return d
        return None


def _brewing(seats: list[Seat]) -> tuple[int, ...]:
    found = []
    for n, s in enumerate(seats):  # a loop, not a generator (resumed for every seat)
        if s.status == BREWING:
            found.append(n)
    return tuple(found)


def _clone_decision(d: Decision) -> Decision:
    return Decision(d.id, d.seat, d.kind, d.rule, d.prompt, d.options.copy(), d.pick, d.blocking, dict(d.data))
