"""`quacks advise`: the outlook and the advice at the end of a real transcript."""

import json
from pathlib import Path

from companion.advice import advise, outlook
from companion.cli import main
from companion.commands.advise import describe
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
    """Round 9, whites 6 of 7, two white 2-chips and an orange left (tests/engine/test_bounds.py)."""
    state = game()
    state.round = 9
    set_bag(state, 0, "white-3", "white-1", "white-1", "white-1", "white-2", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "white-1", "white-1", "white-1")
    answer = advise(state, 0, certify=True)
    said = describe("Ann", {"outlook": outlook(state, 0), "advice": answer})[-1]
    assert said.startswith("Advice: STOP (stop: ") and "drawing on is worth at most" in said
    assert f"against at most {answer['draw']['value']:.2f} VP)" in said
