"""`quacks simulate --cards`: seeded random games with a Fortune Teller card every round."""

import json

from companion.cli import main


def run(capsys, *argv: str) -> dict:
    assert main(["simulate", "--games", "6", "--players", "3", "--seed", "4", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_with_cards_plays_whole_games_and_is_repeatable(capsys):
    with_cards = run(capsys, "--cards")
    assert with_cards["cards"] is True and with_cards["rounds_per_game"] == 9
    assert sum(with_cards["wins_by_seat"]) >= 6 and with_cards["score_max"] > 0
    again = run(capsys, "--cards")
    without = run(capsys)
    same = ("inputs_per_game", "score_mean", "wins_by_seat", "explosions_per_game")
    assert {k: again[k] for k in same} == {k: with_cards[k] for k in same}
    assert without["cards"] is False
    assert without["inputs_per_game"] != with_cards["inputs_per_game"]  # the cards' choices and looks are inputs
