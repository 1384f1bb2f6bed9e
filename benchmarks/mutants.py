"""A mutation pass: one-line changes a careless edit could make to the rules, and whether a test fails.

Each mutant below changes one line of `companion/` (a comparison turned, a number off by one, a
colour left out) in a throw-away copy of the repository, then runs the tests there: first those
nearest the rule, then the rest of `tests/engine`, `tests/advice`, `tests/words` and the
top-level tests, then the table, command-line and store tests. A mutant is caught when any of
them fails (a hang past the time limit counts as caught, and says so); a test that fails without
the mutant too is reported as unsure and the mutant is not counted. The browser, device and web
server tests are left out: they check pages, readers and streams (some by their timing, which a
busy machine upsets), and a rule they alone would catch is a rule the engine's tests miss.

Run from the repository's root. It takes long: every survivor runs the whole selection (about
seven minutes on a two-core machine under other work), a caught mutant usually stops within
seconds, and the tests run once without any mutant first:

    .venv/bin/python benchmarks/mutants.py                      # every mutant
    .venv/bin/python benchmarks/mutants.py --only witches,cards  # some areas
    .venv/bin/python benchmarks/mutants.py --at COMMIT           # another commit's code and tests
    .venv/bin/python benchmarks/mutants.py --list                # the mutants, nothing run

It prints one line per mutant (CAUGHT and the first failing test, SURVIVED, or DOES NOT FIT when
the line it changes is not in the code, e.g. at an older commit) and caught/tried at the end. Not part of the test suite (pytest collects only `tests/`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
BASELINE_LIMIT = 3600
"""Seconds a stage may run without any mutant (a busy shared machine is slow)."""
HANG_FACTOR = 4
"""A mutant's stage that runs this many times longer than it did without a mutant counts as a hang."""


@dataclass(frozen=True)
class Mutant:
    area: str
    path: str  # under companion/
    old: str  # the text replaced: found exactly once in the file
    new: str
    what: str  # the careless edit, in words
    was: tuple[str, str] | None = None  # (old, new) as the same line read before it was rewritten

    def edit(self, text: str) -> tuple[str, str] | None:
        """The (old, new) that fits this file's text, if one does."""
        for old, new in ((self.old, self.new), self.was or ("", "")):
            if old and text.count(old) == 1:
                return old, new
        return None


E = "engine/"
ING = E + "ingredients/"
CAT = E + "catalog.py"
CARDS = E + "cards/"
WITCH = E + "expansions/herb_witches/witches.py"
ESS = E + "expansions/alchemists/essence.py"
PAT = E + "expansions/alchemists/patients.py"
EXC = E + "expansions/exchange.py"
EVAL = E + "phases/evaluation.py"

MUTANTS: tuple[Mutant, ...] = (
    # books ------------------------------------------------------------------------------------
    Mutant("books", ING + "red.py", "oranges >= least", "oranges > least", "red set 1: a threshold of oranges missed"),
    Mutant("books", ING + "red.py", 'return last.value if last and last.color == "white" else 0',
           'return last.value + 1 if last and last.color == "white" else 0', "red set 3: one space too many"),
    Mutant("books", ING + "red.py", 'if placed.kind == "white-1" and seat.in_pot("red"):',
           'if placed.color == "white" and seat.in_pot("red"):', "red set 4: every white, not white 1-chips"),
    Mutant("books", ING + "red.py", "return spaces - placed.value + higher if higher > placed.value else spaces",
           "return spaces - placed.value + higher + 1 if higher > placed.value else spaces", "red set 5: one too far"),
    Mutant("books", ING + "yellow.py", 'TAKEN_BACK = Reads(tail=2, tail_colors=("white",))',
           'TAKEN_BACK = Reads(tail=2, tail_colors=("white", "orange"))', "yellow set 1: an orange taken back too",
           ('return before == "white"', 'return before in ("white", "orange")')),
    Mutant("books", ING + "yellow.py", "return spaces * catalog.YELLOW_2_FACTOR if DOUBLE",
           "return spaces + catalog.YELLOW_2_FACTOR if DOUBLE", "yellow set 2: adds 2 instead of doubling"),
    Mutant("books", CAT, "YELLOW_3_THRESHOLDS: tuple[tuple[int, int], ...] = ((3, 9), (1, 8))",
           "YELLOW_3_THRESHOLDS: tuple[tuple[int, int], ...] = ((2, 9), (1, 8))", "yellow set 3: 9 from 2 yellows"),
    Mutant("books", CAT, "YELLOW_4_EXTRA: tuple[int, ...] = (1, 2, 3)", "YELLOW_4_EXTRA: tuple[int, ...] = (1, 2, 2)",
           "yellow set 4: the third yellow's extra"),
    Mutant("books", ING + "yellow.py", "if ctx.drawing and seat.rubies >= catalog.YELLOW_6_COST:",
           "if ctx.drawing and seat.rubies > catalog.YELLOW_6_COST:", "yellow set 6: a seat with one ruby not asked"),
    Mutant("books", ING + "green.py", 'for cid, _ in ctx.seat.pot[-2:]) if c.color == "green"]',
           'for cid, _ in ctx.seat.pot[-3:]) if c.color == "green"]', "green: the last three chips, not two"),
    Mutant("books", ING + "green.py", "to = min(space + greens, catalog.LAST_CHIP_SPACE)",
           "to = min(space + greens + 1, catalog.LAST_CHIP_SPACE)", "green set 3: one space too far"),
    Mutant("books", ING + "green.py", "if seat.white_total != catalog.GREEN_3_WHITES or not seat.pot:",
           "if seat.white_total < catalog.GREEN_3_WHITES or not seat.pot:", "green set 3: 8+ whites move too"),
    Mutant("books", ING + "green.py", "most = min(len(_last_greens(ctx)), ctx.seat.rubies // catalog.GREEN_4_COST)",
           "most = len(_last_greens(ctx))", "green set 4: steps beyond the rubies"),
    Mutant("books", ING + "green.py", "if greens and ctx.state.round < catalog.ROUNDS:",
           "if greens and ctx.state.round <= catalog.ROUNDS:", "green set 5: a choice in round 9"),
    Mutant("books", ING + "green.py", "(2 if ctx.state.fortune == catalog.POT_IS_FULL else 1)", "1",
           "green set 6: The Pot Is Full not doubling its rolls"),
    Mutant("books", CAT, "3: (2, 0, 1)}", "3: (2, 1, 1)}", "purple set 1: three purples pay a ruby too"),
    Mutant("books", CAT, "PURPLE_3_BANDS: tuple[tuple[int, int], ...] = ((30, 3), (20, 2), (10, 1))",
           "PURPLE_3_BANDS: tuple[tuple[int, int], ...] = ((30, 2), (20, 2), (10, 1))", "purple set 3: 30+ pays 2"),
    Mutant("books", CAT, "PURPLE_4_UPGRADES: dict[int, tuple[int, int]] = {1: (1, 2), 2: (2, 4), 3: (1, 4)}",
           "PURPLE_4_UPGRADES: dict[int, tuple[int, int]] = {1: (1, 2), 2: (2, 4), 3: (2, 4)}",
           "purple set 4: the third tier"),
    Mutant("books", ING + "black.py", "if mine == 0 or mine < theirs:", "if mine == 0 or mine <= theirs:",
           "black, 2 players: a tie moves nothing"),
    Mutant("books", ING + "black.py", "if beaten == 2:", "if beaten >= 1:", "black, 3-4 players: one neighbour beaten pays the ruby"),
    Mutant("books", ING + "blue.py", "seat.insured = max(seat.insured, blue.value)",
           "seat.insured = seat.insured + blue.value", "blue set 2: windows add up"),
    Mutant("books", CAT, "BLUE_4_VP: dict[int, int] = {1: 1, 2: 2, 4: 4}", "BLUE_4_VP: dict[int, int] = {1: 1, 2: 2, 4: 3}",
           "blue set 4: a 4-chip's points"),
    Mutant("books", ING + "blue.py", 'if ctx.seat.in_pot("orange") >= blue.value:',
           'if ctx.seat.in_pot("orange") > blue.value:', "blue set 5: exactly enough oranges pay nothing"),
    Mutant("books", ING + "blue.py", "before = ctx.seat.pot[:-1][-blue.value:]", "before = ctx.seat.pot[-blue.value:]",
           "blue set 6: counts the blue chip itself"),
    Mutant("books", ING + "locoweed.py", "return min(seat.rat + 1, catalog.LOCOWEED_5_MOST) - 1",
           "return min(seat.rat + 1, catalog.LOCOWEED_5_MOST)", "locoweed set 5: one too far"),
    Mutant("books", ING + "locoweed.py", 'if c.color not in ("white", COLOR):', 'if c.color not in ("white",):',
           "locoweed set 6: copies an earlier locoweed"),
    Mutant("books", ING + "locoweed.py", 'colours = {chip(cid).color for cid, _ in seat.pot} - {"white"} | {COLOR}',
           'colours = {chip(cid).color for cid, _ in seat.pot} - {"white"}', "locoweed book 8: itself not counted"),
    # cards ------------------------------------------------------------------------------------
    Mutant("cards", CARDS + "base/p13_rat_infestation.py", "move_rat(ctx, CARD, ctx.seat.rat - ctx.seat.essence_rat)",
           "move_rat(ctx, CARD, ctx.seat.rat)", "Rat Infestation: doubles an essence glass's tails too",
           ("ctx.seat.rat += ctx.seat.rat - ctx.seat.essence_rat", "ctx.seat.rat += ctx.seat.rat")),
    Mutant("cards", CARDS + "base/b02_seasoned_perfectly.py", "if ctx.seat.white_total == catalog.SEASONED_WHITES:",
           "if ctx.seat.white_total >= catalog.SEASONED_WHITES:", "Seasoned Perfectly: 7 or more"),
    Mutant("cards", CAT, "JUST_IN_TIME_VP = 4", "JUST_IN_TIME_VP = 3", "Just in Time: 3 points"),
    Mutant("cards", CAT, "CHOOSE_ONE_RUBIES = 3", "CHOOSE_ONE_RUBIES = 2", "You Only Get to Choose One: 2 rubies"),
    Mutant("cards", CAT, "GOOD_START_MAX_TAILS = 3", "GOOD_START_MAX_TAILS = 4", "A Good Start: 4 tails"),
    Mutant("cards", CAT, "LUCKY_DEVIL_VP = 2", "LUCKY_DEVIL_VP = 1", "Lucky Devil: 1 point"),
    Mutant("cards", CAT, "LUXURY_THRESHOLD = 9", "LUXURY_THRESHOLD = 10", "Living in Luxury: 10"),
    Mutant("cards", CAT, "SECOND_CHANCE_AFTER = 5", "SECOND_CHANCE_AFTER = 4", "A Second Chance: after 4 chips"),
    Mutant("cards", CAT, "PUMPKIN_PARTY_EXTRA = 1", "PUMPKIN_PARTY_EXTRA = 2", "Pumpkin Patch Party: 2 further"),
    Mutant("cards", CAT, 'CARD_DROPLET = {"P01": 1, "P09": 2}', 'CARD_DROPLET = {"P01": 1, "P09": 1}',
           "Choose Wisely: 1 space"),
    Mutant("cards", CAT, "RATS_BLESSING = 2", "RATS_BLESSING = 1", "A rat's blessing: 1 coin a tail"),
    Mutant("cards", CAT, "WHEEL_AND_DEAL_COST = 1", "WHEEL_AND_DEAL_COST = 2", "Wheel and Deal: 2 rubies"),
    Mutant("cards", CARDS + "_card.py", "return Ctx(state, (seat_no + 1) % len(state.seats), events)",
           "return Ctx(state, (seat_no - 1) % len(state.seats), events)", "the left neighbour is the right one"),
    Mutant("cards", CARDS + "base/p03_charity.py", "fewest = min(s.rubies for s in state.seats)",
           "fewest = max(s.rubies for s in state.seats)", "Charity: the richest"),
    Mutant("cards", CARDS + "base/p12_less_is_more.py", "if totals.get(ctx.seat_no, lowest) == lowest:",
           "if totals.get(ctx.seat_no, lowest) != lowest:", "Less Is More: the highest totals take the chip"),
    Mutant("cards", CARDS + "alchemists/ab02_sale.py", "take(ctx, CARD, min(mine, key=lambda paid: paid[0])[1])",
           "take(ctx, CARD, max(mine, key=lambda paid: paid[0])[1])", "Sale: the dearer chip again"),
    # test tubes -------------------------------------------------------------------------------
    Mutant("tubes", CAT, '''    Glass("vp", 3, label=N_("3 victory points")),
    Glass("chip", 4, "yellow"''', '''    Glass("vp", 2, label=N_("3 victory points")),
    Glass("chip", 4, "yellow"''', "the 10th glass pays 2"),
    Mutant("tubes", CAT, 'Glass("chip", 1, "purple", N_("a purple 1-chip into the bag")),',
           'Glass("chip", 1, "purple", N_("a yellow 1-chip into the bag")),', "the 9th glass's words"),
    Mutant("tubes", E + "phases/droplets.py", "if config.tubes and seat.tube < catalog.LAST_GLASS:",
           "if config.tubes and seat.tube < catalog.LAST_GLASS - 1:", "the last glass never reached"),
    # witches ----------------------------------------------------------------------------------
    Mutant("witches", CAT, "WITCH_RUBY_COST = 1", "WITCH_RUBY_COST = 0", "H-G4: free steps"),
    Mutant("witches", WITCH, "return not _last_round(state) and state.seats[n].rubies >= catalog.WITCH_RUBY_COST",
           "return state.seats[n].rubies >= catalog.WITCH_RUBY_COST", "H-G4 offered in round 9"),
    Mutant("witches", WITCH, 'return state.phase != "spend" or not state.seats[n].done',
           "return True", "H-G4 offered again after 'done' (the stall)"),
    Mutant("witches", CAT, "WITCH_WHITES_BACK = 2", "WITCH_WHITES_BACK = 3", "H-E3: three whites"),
    Mutant("witches", CAT, "WITCH_DRAW = 6", "WITCH_DRAW = 5", "H-E2: draws five"),
    Mutant("witches", CAT, "WITCH_BAG_VP = 2", "WITCH_BAG_VP = 1", "H-G2: 1 point a chip"),
    Mutant("witches", CAT, "WITCH_COINS_PER_RUBY = 2", "WITCH_COINS_PER_RUBY = 3", "H-B4: 3 coins a ruby"),
    Mutant("witches", WITCH, 'already = 1 + (catalog.SHINING_RUBIES if state.fortune == "B04" else 0)',
           'already = 1 + (catalog.SHINING_RUBIES if state.fortune == "B03" else 0)', "H-G3: the wrong card"),
    Mutant("witches", CAT, "PENNY_VP = 2", "PENNY_VP = 1", "a penny worth 1 point"),
    Mutant("witches", WITCH, 'UPGRADABLE: tuple[str, ...] = ("green", "blue", "red", "yellow")',
           'UPGRADABLE: tuple[str, ...] = ("green", "blue", "red")', "H-B1: yellow not upgraded"),
    Mutant("witches", WITCH, 'colours = len({chip(cid).color for cid, _ in seat.pot} - {"white"})',
           "colours = len({chip(cid).color for cid, _ in seat.pot})", "H-G1: white counted"),
    Mutant("witches", WITCH, "return _shops(state, n) and not state.seats[n].bought",
           "return _shops(state, n)", "H-B2: doubling after a purchase"),
    # the overflow bowl ------------------------------------------------------------------------
    Mutant("bowl", CAT, "BOWL_DIVISOR = 2", "BOWL_DIVISOR = 3", "the bowl: a third"),
    Mutant("bowl", E + "expansions/herb_witches/bowl.py",
           "return bool(seat.pot) and seat.pot[-1][1] >= catalog.LAST_CHIP_SPACE",
           "return bool(seat.pot) and seat.pot[-1][1] > catalog.LAST_CHIP_SPACE", "the bowl never fills"),
    Mutant("bowl", EVAL, '[Option("points", say_n("{n} victory point", "{n} victory points", space.vp + bowl.points(seat))),',
           '[Option("points", say_n("{n} victory point", "{n} victory points", space.vp)),',
           "an exploded pot's points offer without the bowl"),
    # the essence phase and the patients -------------------------------------------------------
    Mutant("essence", ESS, "steps = len(colours) + (seat.white_total == EXACT_WHITES)",
           "steps = len(colours) + (seat.white_total >= EXACT_WHITES)", "essence: 7 or more whites"),
    Mutant("essence", ESS, "if state.seats[m].status == EXPLODED)", "if state.seats[m].status != EXPLODED)",
           "essence: neighbours that did not explode"),
    Mutant("essence", ESS, "steps += card.get(cards.ESSENCE_EXPLODED, 0)", "steps += card.get(cards.ESSENCE_EXPLODED, 1)",
           "A blessing in disguise in force without the card"),
    Mutant("patients", PAT, "ESSENCE_SPACES = 10", "ESSENCE_SPACES = 11", "the flask runs to 11"),
    Mutant("patients", PAT, 'ACTION_COST = {"carrot-nose": 2, "witchs-hump": 2, "double": 2, "back": 3}',
           'ACTION_COST = {"carrot-nose": 2, "witchs-hump": 2, "double": 2, "back": 2}', "Wing ears: back for 2"),
    Mutant("patients", PAT, '"ruby", "orange", "swap2", "flask", "red", "rubies3", "die2", "droplet2", "swap4", "die4",',
           '"ruby", "orange", "swap2", "flask", "red", "rubies3", "die2", "droplet2", "die4", "swap4",',
           "Chicken eyes: the last two ovals swapped"),
    Mutant("patients", ESS, "if cost <= coins and ctx.state.supply.get(f\"{color}-{value}\")]",
           "if cost < coins and ctx.state.supply.get(f\"{color}-{value}\")]", "Vampirism: exactly the space not enough"),
    # Wolfgang's Exchange Office ---------------------------------------------------------------
    Mutant("exchange", EXC, "if count * cost > seat.coins:", "if count * cost >= seat.coins:",
           "points for exactly all the coins refused"),
    Mutant("exchange", CAT, '"green": (12, 10, 9, 8, 7, 6, 5, 5, 4, 4, 3, 3, 2),',
           '"green": (12, 10, 9, 8, 7, 6, 5, 5, 4, 4, 3, 3, 3),', "the last green tube's price"),
    Mutant("exchange", EXC, "return chip_value(seat) // number(state.config, seat.stand)",
           "return chip_value(seat) // number(state.config, seat.stand) + 1", "brown side: rounded up"),
    Mutant("exchange", EXC, "return config.has(\"exchange\") and seat.stand < catalog.LAST_STAND_TUBE",
           "return config.has(\"exchange\") and seat.stand <= catalog.LAST_STAND_TUBE", "the stand droplet past tube 12"),
    Mutant("exchange", EXC, "return max(k + (seat.coins - k * cost) // rate for k in range(seat.coins // cost + 1))",
           "return seat.coins // cost", "round 9: the stand's price only"),
    # rats -------------------------------------------------------------------------------------
    Mutant("rats", E + "phases/brewing.py", "return sum(1 for k in range(low, high) if k % catalog.RAT_TAIL_LAP",
           "return sum(1 for k in range(low, high + 1) if k % catalog.RAT_TAIL_LAP", "a tail too many"),
    Mutant("rats", E + "phases/brewing.py", "if state.round < catalog.RATS_FROM_ROUND:",
           "if state.round <= catalog.RATS_FROM_ROUND:", "no rats in round 2"),
    Mutant("rats", CAT, "RAT_TAIL_LAP = 50", "RAT_TAIL_LAP = 60", "the track's lap"),
    # the bonus die ----------------------------------------------------------------------------
    Mutant("die", CAT, 'DieFace(3, "vp", 2, N_("2 victory points")),', 'DieFace(3, "vp", 1, N_("2 victory points")),',
           "the 2-point face pays 1"),
    Mutant("die", EVAL, "best = max(state.seats[n].scoring_space for n in unexploded)",
           "best = min(state.seats[n].scoring_space for n in unexploded)", "the nearest space rolls"),
    Mutant("die", EVAL, "unexploded = [n for n, s in enumerate(state.seats) if s.status != EXPLODED or witches.unharmed(s)]",
           "unexploded = list(range(len(state.seats)))", "an exploded pot rolls"),
    # the shop and the rest of the evaluation ---------------------------------------------------
    Mutant("shop", EVAL, "if cost <= coins and color not in bought and supply.get(kind):",
           "if cost < coins and color not in bought and supply.get(kind):", "a chip for exactly the coins not offered"),
    Mutant("shop", CAT, "MAX_PURCHASES = 2", "MAX_PURCHASES = 3", "three chips a round"),
    Mutant("shop", CAT, '("red", 1): {1: 6, 2: 10, 4: 16},', '("red", 1): {1: 6, 2: 10, 4: 15},', "a red 4-chip's price"),
    Mutant("shop", CAT, "EXTRA_WHITE_ROUND = 6", "EXTRA_WHITE_ROUND = 7", "the extra white in round 7"),
    Mutant("shop", CAT, "FLASK_COST = 2", "FLASK_COST = 3", "the flask refill for 3 rubies"),
    Mutant("shop", EVAL, "converted = seat.rubies // catalog.RUBIES_PER_VP", "converted = seat.rubies // 3",
           "the end: 3 rubies a point"),
    # the advice's bounds ----------------------------------------------------------------------
    Mutant("advice", "advice/bounds.py", "if low is not None and low.value > stop.value:",
           "if low is not None and low.value >= stop.value:", "DRAW proven by a tie"),
    Mutant("advice", "advice/bounds.py", "if high is not None and high <= stop.value:",
           "if high is not None and high < stop.value:", "STOP not proven by a tie"),
    Mutant("advice", "advice/bounds.py", "furthest = min(min(seat.last_space + spaces, catalog.LAST_CHIP_SPACE) + 1, catalog.SPOON)",
           "furthest = min(min(seat.last_space + spaces, catalog.LAST_CHIP_SPACE), catalog.SPOON)",
           "the ceiling's scoring space one short"),
    Mutant("advice", "advice/bounds.py", "+ self.most_white) + mandrakes * self.most_white",
           ") + mandrakes * self.most_white", "the ceiling forgets the white that explodes"),
    Mutant("advice", "advice/bounds.py", "return c.value + extra", "return c.value", "the ceiling forgets a book's extra move"),
)


def copy_tree(at: str | None) -> Path:
    """The repository's tracked files (or those of commit `at`) in a fresh folder, with `shared/`
    beside it as here."""
    work = Path(tempfile.mkdtemp(prefix="quacks-mutants-"))
    repo = work / "repo"
    repo.mkdir()
    if at:
        archive = subprocess.run(["git", "archive", at], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(repo)], input=archive.stdout, check=True)
    else:
        files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        for name in filter(None, files.decode().split("\0")):
            if (ROOT / name).is_file():
                (repo / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, repo / name)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)  # a test asks git what a fresh clone holds
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    shared = next((p / "shared" for p in ROOT.parents if (p / "shared").is_dir()), None)
    if shared:
        (work / "shared").symlink_to(shared)
    return repo


HINTS = {
    "books": ["tests/engine/test_books_*.py", "tests/engine/test_locoweed.py"],
    "cards": ["tests/engine/test_fortune*.py"],
    "tubes": ["tests/engine/test_tubes.py"],
    "witches": ["tests/engine/test_witches.py"],
    "bowl": ["tests/engine/test_overflow_bowl.py"],
    "essence": ["tests/engine/test_alchemists.py", "tests/engine/test_ear_worm.py"],
    "patients": ["tests/engine/test_alchemists.py", "tests/engine/test_ear_worm.py"],
    "exchange": ["tests/engine/test_exchange.py"],
    "rats": ["tests/engine/test_brewing.py", "tests/engine/test_fortune.py"],
    "die": ["tests/engine/test_evaluation.py"],
    "shop": ["tests/engine/test_evaluation.py", "tests/engine/test_prices.py"],
    "advice": ["tests/advice/test_bounds.py", "tests/advice/test_advice.py", "tests/engine/test_bounds.py",
               "tests/engine/test_advice.py"],  # where they were before the advice had its own package
}


def stages(repo: Path, area: str) -> list[list[str]]:
    """The test files to run, nearest the rule first; each stage stops at its first failure."""
    first = sorted({str(p.relative_to(repo)) for g in ["tests/engine/test_pinned.py", *HINTS[area]] for p in repo.glob(g)})
    engine = sorted(str(p.relative_to(repo)) for d in ("engine", "advice", "words", ".")
                    for p in repo.glob(f"tests/{d}/test_*.py"))
    rest = [d for d in ("tests/table", "tests/cli", "tests/store") if (repo / d).is_dir()]
    return [first, [f for f in engine if f not in first], rest]


def run_stage(repo: Path, paths: list[str], limit: float) -> str | None:
    """The first failing test of these (None: all passed)."""
    if not paths:
        return None
    command = [PYTHON, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o", "addopts=", *paths]
    try:
        done = subprocess.run(command, cwd=repo, capture_output=True, text=True, timeout=limit,
                              env={**os.environ, "PYTHONPATH": str(repo)})  # commands the tests start, too
    except subprocess.TimeoutExpired:
        return f"(no answer within {limit:.0f} s)"
    if done.returncode == 0:
        return None
    failed = [line.split()[1] for line in done.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    return failed[0] if failed else f"(pytest exit {done.returncode})"


def baseline(repo: Path) -> list[float] | None:
    """Each stage's seconds without any mutant (None: a test fails already, and says which)."""
    took = []
    for stage in stages(repo, "books"):
        started = time.monotonic()
        broken = run_stage(repo, stage, BASELINE_LIMIT)
        if broken is not None:
            print(f"the tests fail without any mutant ({broken}): nothing to measure", file=sys.stderr)
            return None
        took.append(time.monotonic() - started)
    return took


def fits(repo: Path, mutant: Mutant) -> bool:
    """The text the mutant replaces is in its file exactly once."""
    path = repo / "companion" / mutant.path
    return path.is_file() and mutant.edit(path.read_text()) is not None


def apply(repo: Path, mutant: Mutant) -> str:
    """Change the file; returns its text before, to put it back."""
    path = repo / "companion" / mutant.path
    text = path.read_text()
    edit = mutant.edit(text)
    assert edit is not None
    path.write_text(text.replace(*edit))
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="areas, comma-separated: " + ", ".join(sorted(HINTS)))
    parser.add_argument("--at", help="run on a commit's code and tests instead of this checkout's files")
    parser.add_argument("--list", action="store_true", help="list the mutants and run nothing")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.only or m.area in args.only.split(",")]
    if args.list:
        for m in chosen:
            print(f"{m.area:9} {m.path}: {m.what}")
        print(f"{len(chosen)} mutants")
        return 0
    repo = copy_tree(args.at)
    took = baseline(repo)
    if took is None:
        return 2
    limit = HANG_FACTOR * sum(took) + 60
    caught = tried = 0
    started = time.monotonic()
    for number, m in enumerate(chosen, 1):
        if not fits(repo, m):
            print(f"{number:3} {m.area:9} {m.what}: DOES NOT FIT the code (not tried)", flush=True)
            continue
        before = apply(repo, m)
        try:
            failed = next((f for s in stages(repo, m.area) if (f := run_stage(repo, s, limit)) is not None), None)
        finally:
            (repo / "companion" / m.path).write_text(before)
        if failed and not failed.startswith("(") and run_stage(repo, [failed], limit) is not None:
            print(f"{number:3} {m.area:9} {m.what}: UNSURE, {failed} fails without it too (not counted)", flush=True)
            continue
        tried += 1
        caught += failed is not None
        print(f"{number:3} {m.area:9} {m.what}: {f'CAUGHT by {failed}' if failed else 'SURVIVED'}", flush=True)
    print(f"{caught}/{tried} caught ({len(chosen) - tried} not tried) in {time.monotonic() - started:.0f} s")
    shutil.rmtree(repo.parent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
