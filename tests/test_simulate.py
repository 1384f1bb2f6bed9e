"""`quacks simulate`: seeded random games, with a Fortune Teller card every round, any books and edition."""

import json
import random

import pytest

from companion.autoplay import below
from companion.cli import main
from companion.commands.simulate import wilson
from companion.engine import book_sets, catalog


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


def test_the_random_player_picks_as_random_choice_does_so_a_seed_plays_the_games_it_always_played():
    for seed in range(20):
        ours, python = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 4, 5, 7, 8, 13, 40):
            assert below(ours, n) == python.randrange(n)
            chips = [f"chip {k}" for k in range(n)]
            assert chips[below(ours, n)] == python.choice(chips)
    with pytest.raises(IndexError):
        below(random.Random(1), 0)


@pytest.mark.parametrize("set_no", ["1", "2", "3", "4"])
def test_simulate_plays_a_set_of_every_book_or_names_the_colour_without_it(capsys, set_no):
    lacking = [color for color in catalog.BOOK_COLORS if int(set_no) not in book_sets(color)]
    if lacking:
        assert main(["simulate", "--games", "2", "--books", set_no]) == 1
        assert capsys.readouterr().err.startswith(f"quacks simulate: {lacking[0]} set {set_no} is not available")
    else:
        summary = run(capsys, "--books", set_no)
        assert summary["books"] == set_no and summary["rounds_per_game"] == 9


def test_simulate_deals_random_books_per_game_and_plays_the_chosen_edition(capsys):
    summary = run(capsys, "--books", "random", "--edition", "first-translation")
    assert (summary["books"], summary["edition"], summary["rounds_per_game"]) == ("random", "first-translation", 9)
    again = run(capsys, "--books", "random", "--edition", "first-translation")
    assert again["inputs_per_game"] == summary["inputs_per_game"] and again["wins_by_seat"] == summary["wins_by_seat"]


def test_simulate_plays_the_alchemists_and_is_repeatable(capsys):
    alchemists = run(capsys, "--cards", "--expansions", "alchemists")
    assert alchemists["expansions"] == ["alchemists"] and alchemists["rounds_per_game"] == 9
    again = run(capsys, "--cards", "--expansions", "alchemists")
    same = ("inputs_per_game", "score_mean", "wins_by_seat", "explosions_per_game")
    assert {k: again[k] for k in same} == {k: alchemists[k] for k in same}
    plain = run(capsys, "--cards")
    assert alchemists["inputs_per_game"] > plain["inputs_per_game"]  # the patients' and the essence's choices


@pytest.mark.parametrize("set_no", ["5", "6"])
def test_sets_5_and_6_are_simulated_with_the_herb_witches_and_refused_without(capsys, set_no):
    summary = run(capsys, "--books", set_no, "--expansions", "witches", "--players", "5")
    assert summary["books"] == set_no and summary["rounds_per_game"] == 9
    assert main(["simulate", "--games", "2", "--books", set_no]) == 1
    assert "sets 5 and 6 come with The Herb Witches" in capsys.readouterr().err


def test_a_tournament_seats_one_player_against_three_of_another_kind_and_says_how_sure_it_is(capsys):
    assert main(["simulate", "--games", "4", "--players", "4", "--seed", "2", "--json",
                 "--player", "greedy", "--against", "random"]) == 0
    summary = json.loads(capsys.readouterr().out)
    t = summary["tournament"]
    assert summary["against"] == "random" and summary["rounds_per_game"] == 9
    assert 0 <= t["win_rate_ci"][0] <= t["win_rate"] <= t["win_rate_ci"][1] <= 1
    assert t["score_ci"][0] <= t["score_mean"] <= t["score_ci"][1]
    assert t["margin_mean"] == pytest.approx(t["score_mean"] - t["others_mean"], abs=0.01)
    assert main(["simulate", "--games", "4", "--players", "4", "--seed", "2", "--json", "--jobs", "2",
                 "--player", "greedy", "--against", "random"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["tournament"] == t and again["wins_by_seat"] == summary["wins_by_seat"]  # the same games at once


@pytest.mark.parametrize(("argv", "says"), [(["--games", "0", "--against", "greedy"], "a tournament needs --games 1"),
                                            (["--games", "-3"], "--games must be 0 or more")])
def test_a_tournament_of_no_games_or_a_negative_count_is_refused_with_a_reason(capsys, argv, says):
    assert main(["simulate", "--players", "4", *argv]) == 2
    assert says in capsys.readouterr().err


def test_the_wilson_interval_of_half_the_games_won():
    # 50 wins in 100 games: the textbook 95 % interval 0.404-0.596
    low, high = wilson([1.0] * 50 + [0.0] * 50)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)


def test_a_tournament_played_in_two_halves_is_the_whole_one(capsys):
    common = ["simulate", "--players", "4", "--seed", "2", "--json", "--player", "greedy", "--against", "random"]
    assert main([*common, "--games", "4"]) == 0
    whole = json.loads(capsys.readouterr().out)["per_game"]
    halves = []
    for first in ("0", "2"):
        assert main([*common, "--games", "2", "--first", first]) == 0
        halves += json.loads(capsys.readouterr().out)["per_game"]
    assert halves == whole and [g[0] for g in whole] == [0, 1, 2, 3]  # the tested seat moves on each game
