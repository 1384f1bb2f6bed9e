"""The host's anomalies: grouped per bag and kind, in words, and every fix the list offers keeps the
game one the rules allow. Whole evenings of simulated people make the anomalies a real table makes
(reads missed, read twice, held for their seat, bags unplugged), a stranger's reads add the rest
(a reader of no seat, the wrong bag, a paused game); the host then takes every fix offered."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from companion.commands.demo import build_demo
from companion.engine import catalog
from companion.evening import EVENING, Agenda, RandomThinker
from companion.table import Table
from companion.webapp import create_app
from tests.engine.test_random_play import every_chip

from .conftest import PIN

RAW = re.compile(r"\b[a-z]+-\d-\d\d\b|reader:|sim-\d|under-the-table")


def evening(tmp: Path, seed: int, until_round: int):
    demo = build_demo(["Ann", "Ben", "Cleo"], tmp / f"fixes-{seed}.sqlite3", seed, cards=True, people=EVENING,
                      bots={n: RandomThinker(7 * seed + n) for n in range(3)}, agenda=Agenda())
    state = lambda: demo.table.state  # noqa: E731
    # stopped while some pots are still being poured back after the card: their bags expect chips
    demo.evening.run(until=lambda: state().round >= until_round and state().phase == "brewing"
                     and any(s.returning for s in state().seats))
    return demo


def stray_reads(demo, rng: random.Random) -> None:
    """A stranger at the table: chips read at the wrong bag, at a reader of no seat, while paused."""
    table = demo.table
    for n, seat in enumerate(table.state.seats):  # a chip out of a bag still being poured into: held
        drawn = [c for c in seat.bag if c not in seat.returning]
        if seat.returning and drawn:
            table.read(f"sim-{n + 1}", demo.uids[rng.choice(drawn)], at=3e9)
    poured = next(n for n, seat in enumerate(table.state.seats) if seat.returning)
    going_back = demo.uids[table.state.seats[poured].returning[0]]
    for at in (4e9, 4e9 + 1):  # a chip going back in, read twice in one pass
        table.read(f"sim-{poured + 1}", going_back, at=at)
    chips = sorted(demo.uids)
    for _ in range(12):
        reader = rng.choice(["sim-1", "sim-2", "sim-3", "under-the-table"])
        table.read(reader, demo.uids[rng.choice(chips)], at=1e9 + rng.random())
    table.set_paused(True)
    seat = rng.randrange(3)
    table.read(f"sim-{seat + 1}", demo.uids[rng.choice(table.state.seats[seat].bag)], at=2e9)
    table.set_paused(False)


def legal(table) -> None:
    """The journal replays to the same game, and every chip of the box is in exactly one place."""
    again = Table.open(table.db, table.game_id)
    assert again.state == table.state
    chips = every_chip(table.state)
    box = sum(catalog.box(table.config.supply, table.config.expansions).values())
    assert len(chips) == box and not [c for c, k in Counter(chips).items() if k > 1]


@pytest.mark.parametrize("seed", [3, 8])
def test_every_fix_the_host_is_offered_keeps_the_game_legal(tmp_path, seed):
    demo = evening(tmp_path, seed, until_round=3)
    rng = random.Random(seed)
    stray_reads(demo, rng)
    table = demo.table
    app = create_app(table, host_pin=PIN, demo=demo)
    game = app.extensions["companion.game"]
    taken = Counter()
    for _ in range(60):
        found = game.render("host@en")["host"]["anomaly_groups"]
        rows = [row for group in found["groups"] for row in group["open"]]
        if not rows:
            break
        row = rows[0]
        fix = rng.choice(row["fixes"])
        with app.test_request_context():
            if fix["fix"] == "assign":
                table.assign_read(row["id"], fix["seat"])
            else:
                game.answer_read(row["id"], fix["fix"] == "drawn", "host")
        taken[fix["fix"]] += 1
        legal(table)
    else:
        pytest.fail("the list kept offering fixes")
    assert sum(taken.values()) >= 3 and taken["drawn"] + taken["not_drawn"] >= 1, f"little to fix: {taken}"
    demo.evening.stop()
    table.close()


def test_anomalies_are_grouped_per_bag_and_kind_in_words_in_both_languages(tmp_path):
    demo = evening(tmp_path, 5, until_round=4)
    stray_reads(demo, random.Random(5))
    game = create_app(demo.table, host_pin=PIN, demo=demo).extensions["companion.game"]
    english, spanish = (game.render(f"host@{lang}")["host"]["anomaly_groups"] for lang in ("en", "es"))
    assert english["total"] == len(demo.table.anomalies())
    keys = [(g["who"], g["code"]) for g in english["groups"]]
    assert len(keys) == len(set(keys)), "one group per bag and kind"
    assert sum(g["count"] for g in english["groups"]) == english["total"]
    twice = next(g for g in english["groups"] if g["code"] == "read_twice")
    assert twice["who"].endswith("'s bag") and twice["what"] == "read twice (one pass): nothing to do"
    assert not twice["open"], "a chip read twice needs no answer"
    es_twice = next(g for g in spanish["groups"] if g["code"] == "read_twice")
    assert es_twice["who"].startswith("bolsa de ") and es_twice["what"].startswith("leída dos veces")
    for groups in (english, spanish):
        for group in groups["groups"]:
            text = " ".join([group["who"], group["what"], *group["chips"],
                             *(f["label"] for row in group["open"] for f in row["fixes"])])
            assert not RAW.search(text), f"a raw id on the host page: {text}"
    demo.evening.stop()
    demo.table.close()


def test_a_chip_going_in_late_after_it_was_counted_in_is_on_the_host_s_list_with_nothing_to_do(tmp_path):
    """Ann taps "all in the bag" with a chip still in her hand; it passes her reader before the card."""
    from companion.store import Database
    from tests.table.test_round_boundary import T0, counted_in_unread, round_one

    db = Database(tmp_path / "late.sqlite3")
    table = round_one(db)
    late, _ = counted_in_unread(table, "web")
    table.read("bag-0", late, at=T0 + 430)
    game = create_app(table, host_pin=PIN).extensions["companion.game"]
    english, spanish = (game.render(f"host@{lang}")["host"]["anomaly_groups"] for lang in ("en", "es"))
    assert english["open"] == 0 and [g["code"] for g in english["groups"]] == ["late_pass"]
    assert english["groups"][0]["what"] == "went into the bag late, after it was counted in: nothing to do"
    assert spanish["groups"][0]["what"].startswith("entró tarde en la bolsa")
    assert not RAW.search(" ".join([*spanish["groups"][0]["chips"], spanish["groups"][0]["what"]]))
    table.close()
    db.close()
