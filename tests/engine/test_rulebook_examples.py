"""Every worked example printed in the rulebooks, as the engine plays it."""

from companion.engine import catalog
from companion.engine.model import chip
from companion.engine.phases.brewing import rat_tails_between, rats

from .scenario import answer, buy, decision, draw, draws, game, set_bag, spaces, stop


def test_lucas_placement_orange_1_then_yellow_2_then_a_1_chip():
    # "The first chip Lucas draws is an orange 1-chip ... space-1. Then a yellow 2-chip ... space-3.
    #  If he draws a 1-chip next, he would place it on space-4."
    state = game(names=("Lucas", "Nina"))
    set_bag(state, 0, "orange-1", "yellow-2", "white-1", "white-1")
    state = draws(state, 0, "orange-1", "yellow-2", "white-1")
    assert spaces(state, 0) == [("orange-1", 1), ("yellow-2", 3), ("white-1", 4)]


def test_nina_explodes_on_a_white_2_after_whites_2_3_1_and_scores_space_10():
    # "Nina's white chips in her pot total six (2 + 3 + 1). The orange chip is not counted.
    #  She draws a white 2-chip: the total is 8 and her potion explodes." Scoring space: 10.
    state = game(names=("Nina", "Lucas"))
    set_bag(state, 0, "white-2", "white-3", "orange-1", "white-1", "white-2", "white-1")
    state = draws(state, 0, "white-2", "white-3", "orange-1", "white-1")
    assert state.seats[0].white_total == 6 and state.seats[0].status == "brewing"
    state = draw(state, 0, "white-2")
    nina = state.seats[0]
    assert nina.status == "exploded"
    assert spaces(state, 0)[-1] == ("white-2", 9)  # the exploding chip is still placed
    assert nina.scoring_space == 10
    assert len(nina.bag) == 1  # and she may draw no more


def test_rat_example_leader_on_20():
    # Leader on 20: the player on 19 gets no rat, 17 gets 1 tail, 16 gets 2.
    assert [rat_tails_between(s, 20) for s in (20, 19, 17, 16)] == [0, 0, 1, 2]


def test_rats_are_placed_past_the_droplet_from_round_2_and_tied_leaders_get_none():
    state = game(players=4)
    state.round = 2
    for seat, score in zip(state.seats, (20, 20, 17, 16), strict=False):
        seat.score = score
    assert rats(state) == [0, 0, 1, 2]
    state.round = 1
    assert rats(state) == [0, 0, 0, 0]  # "The Rats (starting on the 2nd round)"


def test_rat_tails_repeat_on_every_lap_of_50():
    assert rat_tails_between(46, 56) == 4  # after 46, 48, 51, 54
    assert rat_tails_between(3, 12) == 3  # after 4, 7, 10


def test_mary_and_lucas_on_the_same_printed_23_the_further_space_rolls():
    state = game(names=("Mary", "Lucas"))
    state.seats[0].droplet, state.seats[1].droplet = 30, 29
    set_bag(state, 0, "orange-1", "white-1")
    set_bag(state, 1, "orange-1", "white-1")
    state = stop(draw(state, 0, "orange-1"), 0)
    state = stop(draw(state, 1, "orange-1"), 1)
    mary, lucas = state.seats
    assert catalog.POT_TRACK[mary.scoring_space].coins == catalog.POT_TRACK[lucas.scoring_space].coins == 23
    assert (mary.scoring_space, lucas.scoring_space) == (32, 31)
    assert state.phase == "bonus_die"
    assert [d.seat for d in state.decisions] == [0]  # only Mary rolls
    state = answer(state, 0, "bonus_die", "3")  # 2 VP
    assert state.seats[0].score == 2 + 8  # the die, then space 32 pays 8 VP
    assert state.seats[1].score == 7  # space 31 pays 7 VP


def test_lucas_and_nina_shop_example():
    # Nina explodes on a white 3, scoring space 19; Lucas stops on 15 and rolls the die: a ruby.
    # Nina takes the 19 coins: green 2 (8) + blue 2 (10). Lucas: 3 VP, 15 coins: green 4 (14).
    state = game(names=("Lucas", "Nina"))
    state.seats[0].droplet, state.seats[1].droplet = 13, 14
    set_bag(state, 0, "orange-1", "white-1")
    set_bag(state, 1, "white-3", "white-2", "white-3", "white-1")
    state = stop(draws(state, 0, "orange-1"), 0)
    state = draws(state, 1, "white-3", "white-2", "white-3")
    lucas, nina = state.seats
    assert nina.status == "exploded"
    assert catalog.POT_TRACK[lucas.scoring_space].coins == 15 and lucas.scoring_space == 15
    assert catalog.POT_TRACK[nina.scoring_space].coins == 19 and nina.scoring_space == 23
    assert [d.seat for d in state.decisions] == [0]  # Nina exploded: no die
    rubies_before = lucas.rubies
    state = answer(state, 0, "bonus_die", "4")  # the ruby face
    assert state.phase == "rewards"
    state = answer(state, 1, "exploded.reward", "coins")
    lucas, nina = state.seats
    assert (lucas.rubies, lucas.score, lucas.coins) == (rubies_before + 1, 3, 15)
    assert (nina.score, nina.coins) == (0, 19)
    assert state.phase == "shop" and state.shopper == 0
    state = buy(state, 0, "green", 4)
    assert state.shopper == 1 and state.seats[0].coins == 0  # 1 coin could buy nothing: lost
    state = buy(state, 1, "green", 2)
    state = buy(state, 1, "blue", 2)
    lucas, nina = state.seats
    assert state.phase == "spend"
    assert "green-4" in [chip(c).kind for c in lucas.bag]
    assert {"green-2", "blue-2"} <= {chip(c).kind for c in nina.bag}
    assert nina.coins == 0


def test_blue_2_draws_white_3_and_red_1_and_places_the_red():
    state = game(names=("Lucas", "Nina"))
    set_bag(state, 0, "blue-2", "white-3", "red-1", "white-1")
    state = draw(state, 0, "blue-2")
    preview = decision(state, 0, "blue.preview")
    assert preview.data["reveal"] == 2
    state = draws(state, 0, "white-3", "red-1")
    assert sorted(str(o.label) for o in decision(state, 0, "blue.preview").options) == [
        "Place none, all go back", "Place red 1", "Place white 3"]
    red = next(c for c in state.seats[0].hand if c.startswith("red"))
    state = answer(state, 0, "blue.preview", red)
    assert spaces(state, 0) == [("blue-2", 2), ("red-1", 3)]
    assert sorted(chip(c).kind for c in state.seats[0].bag) == ["white-1", "white-3"]
    assert state.seats[0].hand == []
