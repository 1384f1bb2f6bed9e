"""Numbers from the box: the pot track, rat tails, bonus die, prices, supply and the calendar.

Every number the rules use lives here, so a rule module never hard-codes one. The tables are
copied from `shared/game-data/game-data.json` (sources and confidence are in game-data.md);
`tests/engine/test_catalog.py` checks them against that file whenever it is present.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .text import N_

COLORS: tuple[str, ...] = ("white", "orange", "green", "blue", "red", "yellow", "purple", "black", "locoweed")
"""Every chip colour, in the order the screens list them; locoweed comes with The Herb Witches and
The Alchemists."""

BOOK_COLORS: tuple[str, ...] = ("green", "blue", "red", "yellow", "purple")
"""Colours whose book is chosen from sets 1-4 (and 5-6 with The Herb Witches)."""

BASE_SETS: tuple[int, ...] = (1, 2, 3, 4)
"""The base game's sets of the five book colours."""

WITCHES_SETS: tuple[int, ...] = (5, 6)
"""Sets The Herb Witches brings for the five book colours and for black (expansions.md 1.6; which
book of a pair is set 5 is D5's reading: the first one printed)."""

CHOSEN_BLACK = "black"
"""Black's book is chosen only with The Herb Witches (sets 5 and 6); without a choice it is the
base book, whose page the player count picks."""


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the pot (standard side): its index, coins, victory points and ruby."""

    index: int
    coins: int
    vp: int
    ruby: bool


_TRACK_ROWS: tuple[tuple[int, int, bool], ...] = (
    (0, 0, False), (1, 0, False), (2, 0, False), (3, 0, False), (4, 0, False), (5, 0, True),
    (6, 1, False), (7, 1, False), (8, 1, False), (9, 1, True), (10, 2, False), (11, 2, False),
    (12, 2, False), (13, 2, True), (14, 3, False), (15, 3, False), (15, 3, True), (16, 3, False),
    (16, 4, False), (17, 4, False), (17, 4, True), (18, 4, False), (18, 5, False), (19, 5, False),
    (19, 5, True), (20, 5, False), (20, 6, False), (21, 6, False), (21, 6, True), (22, 7, False),
    (22, 7, True), (23, 7, False), (23, 8, False), (24, 8, False), (24, 8, True), (25, 9, False),
    (25, 9, True), (26, 9, False), (26, 10, False), (27, 10, False), (27, 10, True), (28, 11, False),
    (28, 11, True), (29, 11, False), (29, 12, False), (30, 12, False), (30, 12, True), (31, 12, False),
    (31, 13, False), (32, 13, False), (32, 13, True), (33, 14, False), (33, 14, True), (35, 15, False),
)

POT_TRACK: tuple[Space, ...] = tuple(Space(i, c, v, r) for i, (c, v, r) in enumerate(_TRACK_ROWS))
"""Index 0 is the droplet's start; chips lie on 1-52 (both 51 and 52 print 33); 53 is the spoon."""

LAST_CHIP_SPACE = 52
"""A chip that reaches or passes the last 33 space is placed on it and the pot is full."""

SPOON = 53
"""The spoon: only ever a scoring space (35 coins, 15 VP)."""

BOWL_DIVISOR = 2
"""The overflow bowl (The Herb Witches) scores its chips' total value divided by this, rounded down."""


def printed(space: int) -> int:
    """The number printed on a pot space (its coins): what players call it, not its index."""
    return POT_TRACK[space].coins

RAT_TAILS: frozenset[int] = frozenset(
    (1, 4, 7, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48)
)
"""A tail is printed between score t and t + 1 for each t listed (game-data section 2)."""

RAT_TAIL_LAP = 50
"""The scoring track loops every 50 points and the tails repeat on every lap."""


@dataclass(frozen=True, slots=True)
class DieFace:
    """One face of the bonus die."""

    face: int
    kind: str  # "vp" | "ruby" | "droplet" | "chip"
    amount: int
    label: str


BONUS_DIE: tuple[DieFace, ...] = (
    DieFace(1, "vp", 1, N_("1 victory point")),
    DieFace(2, "vp", 1, N_("1 victory point")),
    DieFace(3, "vp", 2, N_("2 victory points")),
    DieFace(4, "ruby", 1, N_("1 ruby")),
    DieFace(5, "droplet", 1, N_("droplet 1 space forward")),
    DieFace(6, "chip", 1, N_("an orange 1-chip into the bag")),
)
"""Six faces; the rulebook lists five results and the 1 VP face is printed twice."""

DIE_CHIP = ("orange", 1)
"""The chip the pumpkin face of the die puts into the bag."""

@dataclass(frozen=True, slots=True)
class Glass:
    """One glass of the test-tube strip (the back side of the pot) and what reaching it pays."""

    kind: str  # "start" | "ruby" | "vp" | "chip"
    amount: int  # rubies, victory points, or the chip's value
    color: str = ""  # the chip's colour
    label: str = ""


TEST_TUBES: tuple[Glass, ...] = (
    Glass("start", 0, label=N_("the start")),
    Glass("ruby", 1, label=N_("1 ruby")),
    Glass("vp", 1, label=N_("1 victory point")),
    Glass("chip", 1, "blue", N_("a blue 1-chip into the bag")),
    Glass("vp", 2, label=N_("2 victory points")),
    Glass("chip", 1, "black", N_("a black 1-chip into the bag")),
    Glass("vp", 2, label=N_("2 victory points")),
    Glass("chip", 2, "red", N_("a red 2-chip into the bag")),
    Glass("vp", 3, label=N_("3 victory points")),
    Glass("chip", 1, "purple", N_("a purple 1-chip into the bag")),
    Glass("vp", 3, label=N_("3 victory points")),
    Glass("chip", 4, "yellow", N_("a yellow 4-chip into the bag")),
    Glass("vp", 4, label=N_("4 victory points")),
)
"""The test-tube strip, glass 0 (the second droplet's start) to 12 (game-data section 5)."""

LAST_GLASS = len(TEST_TUBES) - 1
"""Once the test-tube droplet is here the strip is full and every move goes to the pot droplet."""

SUPPLIES: dict[str, dict[tuple[str, int], int]] = {
    # A: the list printed in the rulebook seeds ("215 ingredient chips"); the default.
    "A": {
        ("white", 1): 20, ("white", 2): 8, ("white", 3): 4,
        ("orange", 1): 22,
        ("green", 1): 15, ("green", 2): 8, ("green", 4): 13,
        ("blue", 1): 12, ("blue", 2): 8, ("blue", 4): 10,
        ("red", 1): 12, ("red", 2): 8, ("red", 4): 10,
        ("yellow", 1): 13, ("yellow", 2): 8, ("yellow", 4): 10,
        ("purple", 1): 17,
        ("black", 1): 17,
    },
    # B: the 2018 English rulebook's contents picture and most fan implementations (216 chips).
    "B": {
        ("white", 1): 20, ("white", 2): 8, ("white", 3): 4,
        ("orange", 1): 20,
        ("green", 1): 15, ("green", 2): 10, ("green", 4): 13,
        ("blue", 1): 14, ("blue", 2): 10, ("blue", 4): 10,
        ("red", 1): 12, ("red", 2): 8, ("red", 4): 10,
        ("yellow", 1): 13, ("yellow", 2): 6, ("yellow", 4): 10,
        ("purple", 1): 15,
        ("black", 1): 18,
    },
}
"""Chip counts per (colour, value) of each known printing; the supply is limited."""

EXPANSION_CHIPS: dict[str, dict[tuple[str, int], int]] = {
    # The Herb Witches: 153 chips (expansions.md 1.6, D6; the three spare whites are not counted).
    "witches": {
        ("white", 1): 5, ("white", 2): 3, ("white", 3): 2,
        ("orange", 1): 12, ("orange", 6): 20,
        ("green", 1): 10, ("green", 2): 5, ("green", 4): 5,
        ("blue", 1): 8, ("blue", 2): 5, ("blue", 4): 5,
        ("red", 1): 6, ("red", 2): 5, ("red", 4): 5,
        ("yellow", 1): 6, ("yellow", 2): 5, ("yellow", 4): 5,
        ("purple", 1): 8,
        ("black", 1): 8,
        ("locoweed", 1): 25,
    },
    # The Alchemists: its own locoweed (2.1); the firecrackers replace worn white chips.
    "alchemists": {("locoweed", 1): 30},
}
"""Chips each expansion's box adds to the supply, per (colour, value)."""


@cache
def box(printing: str, expansions: tuple[str, ...]) -> dict[tuple[str, int], int]:
    """Every chip of a game's supply: the base printing's and those of the expansions in play
    (made once per setup: read it, never change it)."""
    counts = dict(SUPPLIES[printing])
    for expansion in expansions:
        for kind, n in EXPANSION_CHIPS.get(expansion, {}).items():
            counts[kind] = counts.get(kind, 0) + n
    return counts

START_BAG: tuple[tuple[str, int, int], ...] = (
    ("white", 1, 4), ("white", 2, 2), ("white", 3, 1), ("orange", 1, 1), ("green", 1, 1),
)
"""(colour, value, how many) that every player puts into their bag at setup."""

PRICES: dict[tuple[str, int | None], dict[int, int]] = {
    ("orange", None): {1: 3},
    ("black", None): {1: 10},
    ("green", 1): {1: 4, 2: 8, 4: 14},
    ("green", 2): {1: 6, 2: 11, 4: 18},
    ("green", 3): {1: 6, 2: 11, 4: 18},  # the first translation prints 21 (EDITIONS)
    ("green", 4): {1: 4, 2: 8, 4: 14},
    ("blue", 1): {1: 5, 2: 10, 4: 19},
    ("blue", 2): {1: 5, 2: 10, 4: 19},
    ("blue", 3): {1: 4, 2: 8, 4: 14},
    ("blue", 4): {1: 5, 2: 10, 4: 20},  # all three English rulebooks print 20; some fan apps use 19
    ("red", 1): {1: 6, 2: 10, 4: 16},
    ("red", 2): {1: 4, 2: 8, 4: 14},
    ("red", 3): {1: 5, 2: 9, 4: 15},
    ("red", 4): {1: 7, 2: 11, 4: 17},
    ("yellow", 1): {1: 8, 2: 12, 4: 18},
    ("yellow", 2): {1: 9, 2: 13, 4: 19},
    ("yellow", 3): {1: 8, 2: 12, 4: 18},
    ("yellow", 4): {1: 8, 2: 12, 4: 18},
    ("purple", 1): {1: 9},
    ("purple", 2): {1: 12},
    ("purple", 3): {1: 10},
    ("purple", 4): {1: 11},
    # The Herb Witches (expansions.md 1.6): one price list, printed alike in every edition.
    ("green", 5): {1: 5, 2: 9, 4: 16},
    ("green", 6): {1: 4, 2: 8, 4: 14},
    ("blue", 5): {1: 8, 2: 15, 4: 19},
    ("blue", 6): {1: 5, 2: 10, 4: 18},
    ("red", 5): {1: 6, 2: 11, 4: 18},
    ("red", 6): {1: 7, 2: 11, 4: 17},
    ("yellow", 5): {1: 10, 2: 14, 4: 20},
    ("yellow", 6): {1: 8, 2: 12, 4: 18},
    ("purple", 5): {1: 9},
    ("purple", 6): {1: 16},
    ("black", 5): {1: 10},
    ("black", 6): {1: 9},
}
"""Cost of each chip value in each book as North Star prints it, keyed by (colour, set); None = the
colour's only book. The other editions' differences are in `EDITIONS`."""

PUMPKIN_BOOK_WITCHES = 6
"""The Herb Witches' pumpkin book replaces the base one; its prices are keyed ("orange", 6)."""

LOCOWEED_SETS: dict[int, str] = {5: "witches", 6: "witches", 7: "alchemists", 8: "alchemists",
                                 9: "alchemists", 10: "alchemists"}
"""Locoweed's books and the box each comes in: The Herb Witches' sets 5 and 6, and The Alchemists'
four books, which print no set number: 7 essence, 8 colours, 9 return, 10 white sum."""

EXPANSION_PRICES: dict[tuple[str, int | None], dict[int, int]] = {
    ("orange", PUMPKIN_BOOK_WITCHES): {1: 3, 6: 22},
    ("locoweed", 5): {1: 8}, ("locoweed", 6): {1: 10},
    ("locoweed", 7): {1: 11}, ("locoweed", 8): {1: 16}, ("locoweed", 9): {1: 10}, ("locoweed", 10): {1: 12},
}
"""Cost of each chip value in the expansions' books (expansions.md 1.6, 2.8), the same in every
edition; a book of the base game's rulebooks is priced by `EDITION_PRICES`."""

NEVER_UPGRADED: frozenset[str] = frozenset({"orange", "locoweed"})
"""Colours no upgrade (a book, a witch, a card) ever applies to: orange by the publisher's ruling,
locoweed because it comes in one kind."""

ESSENCE_LOCOWEED_BOOK = 7
"""The Alchemists' essence locoweed (A-L1): in the essence phase, 1 space more per locoweed in the pot."""

LOCOWEED_5_MOST = 4
"""Locoweed set 5: it moves the rat stone's steps plus 1, at most this many spaces."""


def book_colors(expansions: tuple[str, ...]) -> tuple[str, ...]:
    """Colours whose book a game chooses: locoweed's too once a box with locoweed is in play."""
    return BOOK_COLORS + (("locoweed",) if set(expansions) & set(LOCOWEED_SETS.values()) else ())


@cache
def locoweed_sets(expansions: tuple[str, ...]) -> tuple[int, ...]:
    """The locoweed books the boxes in play bring (made once per set of boxes: a seat's locoweed
    book is looked up while it brews)."""
    return tuple(n for n, box_ in LOCOWEED_SETS.items() if box_ in expansions)


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition's rulebook: its name and every number it prints otherwise than North Star."""

    name: str
    prices: dict[tuple[str, int | None], dict[int, int]]
    """Book -> {chip value: cost} where this edition's Almanac differs from North Star's."""


EDITIONS: dict[str, Edition] = {
    "northstar": Edition(N_("North Star Games (English)"), {}),
    "schmidt": Edition(N_("Schmidt Spiele (English)"), {}),
    "first-translation": Edition(N_("The first English translation"), {("green", 3): {1: 6, 2: 11, 4: 21}}),
    # The Spanish rulebook prints no Almanac; the costs in its example are set 1's, as North Star's.
    "spanish": Edition(N_("Spanish"), {}),
}
"""The editions the rulebooks represent; setting `edition`, North Star by default."""

DEFAULT_EDITION = "northstar"

EDITION_PRICES: dict[str, dict[tuple[str, int | None], dict[int, int]]] = {
    edition: {**PRICES, **e.prices} for edition, e in EDITIONS.items()
}
"""Edition -> the price table its books print: the one table the shop and the screens read."""

PURPLE_1_TIERS: dict[int, tuple[int, int, int]] = {1: (1, 0, 0), 2: (1, 1, 0), 3: (2, 0, 1)}
"""Purple set 1: purple chips needed -> (victory points, rubies, droplet steps); 3 means 3 or more."""

PURPLE_2_TRADES: dict[int, tuple[tuple[tuple[str, int], ...], int, int, int]] = {
    1: ((("black", 1),), 1, 1, 0),
    2: ((("green", 1), ("blue", 2)), 3, 0, 1),
    3: ((("yellow", 4),), 6, 1, 2),
}
"""Purple set 2: purple chips traded in -> (chips into the bag, victory points, rubies, droplet steps)."""

PURPLE_3_BANDS: tuple[tuple[int, int], ...] = ((30, 3), (20, 2), (10, 1))
"""Purple set 3: (printed space number at least, victory points) per purple chip, the first that applies."""

PURPLE_4_UPGRADES: dict[int, tuple[int, int]] = {1: (1, 2), 2: (2, 4), 3: (1, 4)}
"""Purple set 4: purple chips needed -> (value traded in, value taken); 3 means 3 or more."""

GREEN_2_CHIPS: dict[int, tuple[tuple[str, int], ...]] = {
    1: (("orange", 1),), 2: (("blue", 1), ("red", 1)), 4: (("yellow", 1), ("purple", 1)),
}
"""Green set 2: a green chip's value -> the chips (one of them) it puts into the bag."""

GREEN_3_WHITES = 7
"""Green set 3: the white total at which the last chip moves on by the greens' values."""

GREEN_4_COST = 1
"""Green set 4: rubies per droplet step, one step for each green chip last or next to last."""

BLUE_3_RUBIES = 1
"""Blue set 3: rubies for a blue chip placed on a ruby space, whatever its value."""

BLUE_4_VP: dict[int, int] = {1: 1, 2: 2, 4: 4}
"""Blue set 4: victory points for a blue chip of this value placed on a ruby space."""

RED_1_EXTRA: tuple[tuple[int, int], ...] = ((3, 2), (1, 1))
"""Red set 1: (orange chips in the pot at least, extra spaces), the first that applies."""

RED_4_WHITE_1_MOVE = 2
"""Red set 4: spaces a white 1-chip moves once a red chip is in the pot."""

YELLOW_2_FACTOR = 2
"""Yellow set 2: the chip laid after a yellow chip moves this many times as far."""

YELLOW_3_THRESHOLDS: tuple[tuple[int, int], ...] = ((3, 9), (1, 8))
"""Yellow set 3: (yellow chips drawn this round at least, explosion threshold), the first that applies."""

YELLOW_4_EXTRA: tuple[int, ...] = (1, 2, 3)
"""Yellow set 4: extra spaces of the 1st, 2nd and 3rd yellow chip drawn in a round; later ones none."""

BLACK_STEPS, BLACK_RUBIES = 1, 1
"""Black: droplet steps for matching (2 players) or beating a neighbour (3-4), rubies for beating them all."""

POT_IS_FULL = "B07"
"""The Pot Is Full: whoever rolls the bonus die rolls twice, for green set 6's rolls too."""

YELLOW_6_COST, YELLOW_6_MOVE = 1, 3
"""Yellow set 6: rubies paid for a yellow chip to move this many more spaces (once per chip)."""

BLACK_5_STEPS, BLACK_5_RUBIES = 1, 1
"""Black set 5: droplet steps for a black chip given to the left neighbour; rubies per black chip
in that neighbour's pot and per own black chip last or next to last."""

BLACK_6_STEPS, BLACK_6_RUBIES = 1, 1
"""Black set 6: droplet steps for the furthest black chip at the table, rubies for the second furthest."""

BOOK_FROM_ROUND: dict[str, int] = {"yellow": 2, "purple": 3}
"""Books laid out later than round 1: yellow before round 2, purple before round 3."""


def book_out(color: str, round_no: int) -> bool:
    """Whether a colour's chips may be bought or gained in this round (its book is on the table)."""
    return round_no >= BOOK_FROM_ROUND.get(color, 1)


def books_out_since(round_no: int) -> int:
    """The round from which the books on the table in this round have all been out (1, or the
    round the latest book so far was laid out): rounds with the same books sell the same chips."""
    return max((opens for opens in BOOK_FROM_ROUND.values() if opens <= round_no), default=1)


EXTRA_WHITE_ROUND = 6
"""Before this round every player puts one more white 1-chip into their bag."""

ROUNDS = 9
EXPLOSION_THRESHOLD = 7
"""The pot explodes when the white total exceeds this (cards and later sets may raise it)."""

START_RUBIES = 1
"""Rubies each player starts with (see the README's notes on rulebook readings)."""

DROPLET_COST = 2
FLASK_COST = 2
COINS_PER_VP = 5
RUBIES_PER_VP = 2
MAX_PURCHASES = 2
RATS_FROM_ROUND = 2
"""Rat stones come into play from the second round on."""

# Fortune Teller cards (the texts and effects are in `cards/`, one module per card) --------------

CARD_LOOKS: dict[str, int] = {"P11": 4, "P12": 5, "B09": 5}
"""Chips a card has each player draw only to look at (An Opportunistic Moment, Less Is More,
Strong Ingredient)."""

CARD_BOOK_READINGS = ("play", "redraw")
"""A card whose chip needs a book not yet out (Choose Wisely's purple chip before round 3): "play"
(the rulebooks' reading, the default) plays it without that option; "redraw" refuses the card so
another is drawn."""

EXPANSIONS: tuple[str, ...] = ("witches", "alchemists", "exchange")
"""The boxes a game may add, in any combination the rules allow: The Herb Witches, The Alchemists,
Wolfgang's Exchange Office (only with the front side of the pots)."""
EXPANSION_NAMES: dict[str, str] = {"witches": "The Herb Witches", "alchemists": "The Alchemists",
                                   "exchange": "Wolfgang's Exchange Office"}
STAND_SIDES: tuple[str, ...] = ("green", "brown")
"""Wolfgang's Exchange Office stand: green sells victory points in the shop, brown divides the
chips' total value at the end."""
STAND: dict[str, tuple[int, ...]] = {
    "green": (12, 10, 9, 8, 7, 6, 5, 5, 4, 4, 3, 3, 2),  # coins per victory point in the shop
    "brown": (15, 13, 11, 9, 7, 6, 5, 5, 4, 4, 3, 3, 2),  # chip value per victory point at the end
}
"""The number printed under each of the stand's 13 tubes (0: the start), per side (expansions.md
section 3.2; the ends are sure, the tubes between are read from a picture: correct them here)."""
LAST_STAND_TUBE = 12
"""Once the stand droplet is here it moves no more: every step goes to the pot droplet (Q-E1)."""
MAX_PLAYERS = 4
MAX_PLAYERS_WITH_WITCHES = 5  # The Herb Witches brings a fifth pot, bag and flask

# The Herb Witches (the witches' texts and effects are in `expansions/herb_witches/witches.py`) -------------------------

PENNY_VP = 2
"""Each unspent witch penny is worth this at the end of the game."""
WITCH_DRAW = 6
"""Chips the draw witch (H-E2) has the seat draw to choose from."""
WITCH_WHITES_BACK = 2
"""White chips the whites witch (H-E3) puts back, the last ones placed."""
WITCH_COLOURS_VP: tuple[tuple[int, int], ...] = ((8, 14), (7, 10), (6, 7), (5, 4), (1, 3))
"""(at least this many colours in the pot, victory points) for the colours witch (H-G1); white
does not count; none: nothing."""
WITCH_BAG_VP = 2
"""Victory points per valuable chip in the bag for the bag witch (H-G2)."""
WITCH_COINS_PER_RUBY = 2
"""Coins per ruby owned for the ruby witch of the shop (H-B4); the rubies are kept."""
WITCH_RUBY_COST = 1
"""What a droplet step or a flask refill costs after the cheap-ruby witch (H-G4) is called."""

CARD_ESSENCE = {"AB06": 2}
"""Essence spaces: A blessing in disguise (for an exploded pot)."""

CARD_DROPLET = {"P01": 1, "P09": 2}
"""Droplet steps: The Pot Is Filling Up, Choose Wisely."""

JUST_IN_TIME_VP = 4
CHOOSE_ONE_RUBIES = 3
GOOD_START_MAX_TAILS = 3
WHEEL_AND_DEAL_COST = 1
LUXURY_THRESHOLD = 9
SEASONED_WHITES = 7
LUCKY_DEVIL_VP = 2
SHINING_RUBIES = 1
SECOND_CHANCE_AFTER = 5
"""Chips placed before A Second Chance asks whether to start again."""
PUMPKIN_PARTY_EXTRA = 1

# The Alchemists' plain cards (no symbol): numbers printed on them (expansions.md section 4)
SPOILED_RUBIES, SPOILED_TAILS, SPOILED_CHIP = 1, 3, ("red", 2)
GIVE_AND_TAKE = {1: 1, 2: 2, 4: 4}
"""Give and take: rubies given -> the value of the chip taken (the card's order; low-medium)."""
GIVE_AND_TAKE_RUBIES = 2
RICH_TAILS, RICH_ROLLS, RICH_DROPLET = 8, 4, 3
SMALL_DONATION_TAILS = 2
CHERISH_MOST, CHERISH_TAILS = 3, 3
USEFUL_RODENT = {2: 1, 4: 2, 6: 4}
"""Useful rodent: rat tails given up -> the value of the chip taken (the card's order; low-medium)."""
POWERFUL_TIPPLE = {1: 2, 2: 4}
"""A powerful tipple: droplet spaces back -> the value of the chip taken (the card's order; low-medium)."""
RATS_BLESSING = 2
"""A rat's blessing: coins per rat tail."""
NEIGHBOURHOOD_RUBIES = 2
