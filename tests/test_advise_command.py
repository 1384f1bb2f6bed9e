"""`quacks advise`: the outlook and the advice at the end of a real transcript."""

import json
from pathlib import Path

from companion.advice import advise, outlook
from companion.autoplay import RandomPlayer
from companion.cli import main
from companion.commands.advise import describe
from companion.engine import GameConfig, apply, format_transcript, new_game
from tests.engine.scenario import draws, game, set_bag

EXAMPLE = Path(__file__).parents[1] / "docs" / "example.jsonl"


def first_lines(tmp_path, n):
    path = tmp_path / "game.jsonl"
    path.write_text("".join(EXAMPLE.read_text().splitlines(keepends=True)[:n]))
    return str(path)


def test_nina_after_three_chips_sees_each_white_and_the_advice(tmp_path, capsys):
    # at line 12 Nina has used her flask, has whites 5 of 7 in the pot and W1 W2 W3 in the bag
    assert main(["advise", first_lines(tmp_path, 12), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert "whites 5 of 7" in out
    assert "white-3    1   33.3%  space 10      EXPLODES" in out
    assert "Advice: DRAW (stop: 8 coins + 1 VP now" in out


def test_json_holds_the_outlook_and_both_values(tmp_path, capsys):
    assert main(["advise", first_lines(tmp_path, 12), "--seat", "0", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {r["kind"] for r in report["outlook"]["chips"]} == {"white-1", "white-2", "white-3"}
    assert report["advice"]["stop"]["coins"] == 8
    assert report["advice"]["draw"]["value"] > report["advice"]["stop"]["value"]


def test_a_bad_seat_or_file_is_a_clear_error(tmp_path, capsys):
    assert main(["advise", first_lines(tmp_path, 12), "--seat", "5"]) == 2
    assert "there is no seat 5" in capsys.readouterr().err
    assert main(["advise", str(tmp_path / "missing.jsonl"), "--seat", "0"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_an_answer_a_bound_proves_says_at_least_and_exact_gives_the_value(tmp_path, capsys):
    assert main(["advise", first_lines(tmp_path, 12), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert ("Advice: DRAW (stop: 8 coins + 1 VP now; drawing once more and stopping is already worth at least "
            "10.0 coins + 1.0 VP; value 5.80 against at least 7.83 VP)") in out
    assert main(["advise", first_lines(tmp_path, 12), "--seat", "0", "--exact", "--json"]) == 0
    draw = json.loads(capsys.readouterr().out)["advice"]["draw"]
    assert "bound" not in draw and draw["value"] > 7.83


def test_a_stop_a_bound_proves_says_at_most():
    """Round 9, whites 6 of 7, two white 2-chips and an orange left (tests/advice/test_bounds.py)."""
    state = game()
    state.round = 9
    set_bag(state, 0, "white-3", "white-1", "white-1", "white-1", "white-2", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "white-1", "white-1", "white-1")
    answer = advise(state, 0, certify=True)
    said = describe("Ann", {"outlook": outlook(state, 0), "advice": answer})[-1]
    assert said.startswith("Advice: STOP (stop: ") and "drawing on is worth at most" in said
    assert f"against at most {answer['draw']['value']:.2f} VP)" in said


def played_until(tmp_path, seed, moment):
    """A random game's transcript up to the first moment `moment(state)` holds."""
    config = GameConfig(players=("Ann", "Ben"))
    player, state, inputs = RandomPlayer(seed), new_game(config), []
    while not moment(state):
        inputs.append(player.choose(state))
        apply(state, inputs[-1])
    path = tmp_path / "game.jsonl"
    path.write_text(format_transcript(config, inputs))
    return str(path), state


def test_in_the_shop_the_best_purchases_and_every_chip_for_sale_valued(tmp_path, capsys):
    path, state = played_until(tmp_path, 4, lambda s: s.phase == "shop" and s.shopper is not None and s.round == 2)
    seat = str(state.shopper)
    assert main(["advise", path, "--seat", seat, "--json"]) == 0
    shop = json.loads(capsys.readouterr().out)["shop"]
    assert shop["round"] == 2 and shop["rounds"] == 7 and shop["chips"]
    assert all(c["cost"] <= shop["coins"] and c["error"] >= 0 for c in shop["chips"])
    assert [c["value"] for c in shop["chips"]] == sorted((c["value"] for c in shop["chips"]), reverse=True)
    assert main(["advise", path, "--seat", seat]) == 0
    out = capsys.readouterr().out
    assert f"Shop ({shop['coins']} coins, 7 rounds left):" in out and "  best: " in out


def test_an_exploded_pot_is_asked_points_or_coins_and_told_which(tmp_path, capsys):
    path, state = played_until(tmp_path, 2, lambda s: any(d.rule == "core/reward" for d in s.decisions))
    seat = next(d.seat for d in state.decisions if d.rule == "core/reward")
    assert main(["advise", path, "--seat", str(seat), "--json"]) == 0
    question = json.loads(capsys.readouterr().out)["choices"]["questions"][0]
    assert question["rule"] == "core/reward" and question["best"] in ("points", "coins")
    assert main(["advise", path, "--seat", str(seat)]) == 0
    out = capsys.readouterr().out
    assert "Question: Your pot exploded: take the victory points or the coins" in out and "<- best" in out
