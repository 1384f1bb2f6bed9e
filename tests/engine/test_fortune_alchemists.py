"""The Alchemists' 14 Fortune Teller cards without a symbol, one test each from the card's text, and
the deck: a card whose box or expansion is not in play is never turned up."""

from collections import Counter

import pytest

from companion.engine import Draw, Fortune, IllegalAction, legal_actions, state_to_dict, step
from companion.engine.cards import CARDS, Card
from companion.engine.model import chip

from .scenario import answer, at_round, buy, card, decision, draw, draws, finish_brewing, set_bag, stop

ALCHEMISTS = {"expansions": ("alchemists",)}
PLAIN = ["AP01", "AP02", "AP03", "AP04", "AP05", "AP06", "AP08", "AP09", "AP10",
         "AB01", "AB02", "AB03", "AB04", "AB05"]


def kinds(chips) -> Counter:
    return Counter(chip(c).kind for c in chips)


def options(state, seat, kind="fortune.choice") -> list[str]:
    return decision(state, seat, kind).keys()


def alchemists(round_no: int = 1, players: int = 2, scores: tuple[int, ...] = ()):
    """The start of `round_no` with The Alchemists in play; rats are counted from these scores."""
    state = at_round(round_no, players=players, **ALCHEMISTS)
    for seat, score in zip(state.seats, scores, strict=False):
        seat.score = score
    return state


def look(state, seat, kind):
    cid = next(c for c in state.seats[seat].bag if chip(c).kind == kind)
    return step(state, Draw(seat, cid)).state


# the deck -------------------------------------------------------------------------------------

def test_the_alchemists_bring_14_plain_cards_9_purple_and_5_blue():
    plain = [c for c in CARDS.values() if c.box == "alchemists" and c.needs is None]
    assert [c.id for c in plain] == PLAIN
    assert Counter(c.kind for c in plain) == {"purple": 9, "blue": 5}


def test_without_the_alchemists_their_cards_are_never_turned_up():
    state = at_round(3)
    for card_id in PLAIN:
        with pytest.raises(IllegalAction) as refused:
            step(state, Fortune(card_id))
        assert refused.value.code == "not_in_deck" and "The Alchemists" in refused.value.reason
    assert not set(PLAIN) & set(state_to_dict(state)["cards_available"])
    assert len(state_to_dict(state)["cards_available"]) == 24


def test_with_the_alchemists_they_are_shuffled_into_the_deck():
    available = state_to_dict(alchemists(3))["cards_available"]
    assert set(PLAIN) <= set(available) and len(available) >= 24 + len(PLAIN)
    assert Fortune("AB03") in legal_actions(alchemists(3))


def test_a_card_with_another_expansions_symbol_needs_that_expansion_too(monkeypatch):
    monkeypatch.setitem(CARDS, "AB10", Card("AB10", "A joyful reunion", "", needs="witches"))
    for expansions, turned_up in [(("alchemists",), False), (("alchemists", "witches"), True), (("witches",), False)]:
        available = state_to_dict(at_round(1, expansions=expansions))["cards_available"]
        assert ("AB10" in available) is turned_up


# purple cards -----------------------------------------------------------------------------------

def test_ap01_spoiled_for_choice_a_ruby_a_roll_and_3_tails_or_a_red_2_chip():
    state = card(alchemists(2, scores=(0, 5)), "AP01")  # Ann: 2 tails
    assert options(state, 0) == ["bundle", "red-2"]
    state = answer(state, 0, "fortune.choice", "bundle")
    state = answer(state, 1, "fortune.choice", "red-2")
    ann, ben = state.seats
    assert (ann.rubies, ann.rat) == (2, 2 + 3) and decision(state, 0, "bonus_die")
    assert kinds(ben.bag)["red-2"] == 1 and ben.rubies == 1


def test_ap02_ruby_fever_rubies_as_the_drawn_chips_value_and_it_goes_back():
    state = alchemists(1)
    set_bag(state, 0, "white-3")
    set_bag(state, 1, "orange-1")
    state = card(state, "AP02")
    state = look(look(state, 0, "white-3"), 1, "orange-1")
    ann, ben = state.seats
    assert (ann.rubies, ben.rubies) == (1 + 3, 1 + 1)
    assert kinds(ann.bag)["white-3"] == 1 and not ann.hand and ann.returning == ann.bag
    assert state.phase == "brewing"


def test_ap03_give_and_take_rubies_for_a_chip_of_that_value_not_purple_or_two_rubies():
    state = alchemists(3)
    state.seats[0].rubies = 4
    state = card(state, "AP03")
    keys = options(state, 0)
    assert "1:orange-1" in keys and "2:yellow-2" in keys and "4:red-4" in keys and keys[-1] == "rubies"
    assert not any("purple" in k for k in keys)
    assert not any(k.startswith("2:") for k in options(state, 1))  # Ben has 1 ruby
    state = answer(state, 0, "fortune.choice", "4:red-4")
    state = answer(state, 1, "fortune.choice", "rubies")
    assert state.seats[0].rubies == 0 and kinds(state.seats[0].bag)["red-4"] == 1
    assert state.seats[1].rubies == 1 + 2


@pytest.mark.parametrize("choice", ["tails", "rolls", "droplet"])
def test_ap04_rich_offerings_8_tails_or_4_rolls_or_the_droplet_3_spaces(choice):
    state = card(alchemists(2, scores=(0, 5)), "AP04")
    assert options(state, 0) == ["tails", "rolls", "droplet"]
    state = answer(state, 0, "fortune.choice", choice)
    ann = state.seats[0]
    rolls = [d for d in state.decisions_for(0) if d.kind == "bonus_die"]
    assert (ann.rat, len(rolls), ann.droplet) == {"tails": (10, 0, 0), "rolls": (2, 4, 0), "droplet": (2, 0, 3)}[choice]


@pytest.mark.parametrize(("scores", "rolls"), [((0, 5), True), ((0, 2), False)])
def test_ap05_a_small_donation_a_roll_with_2_or_more_tails(scores, rolls):
    state = card(alchemists(2, scores=scores), "AP05")  # (0, 5): 2 tails; (0, 2): 1 tail
    assert bool([d for d in state.decisions_for(0) if d.kind == "bonus_die"]) is rolls
    assert not state.decisions_for(1)


def test_ap06_a_rat_to_cherish_3_tails_per_ruby_given_at_most_3():
    state = alchemists(1)
    state.seats[0].rubies, state.seats[1].rubies = 5, 0
    state = card(state, "AP06")
    assert options(state, 0) == ["0", "1", "2", "3"] and not state.decisions_for(1)
    state = answer(state, 0, "fortune.choice", "2")
    assert (state.seats[0].rubies, state.seats[0].rat) == (3, 6)


def test_ap08_neighbor_in_need_the_player_to_the_left_loses_a_white_or_takes_a_chip():
    state = alchemists(1, players=3)
    state = card(state, "AP08")
    assert options(state, 0) == ["white", "take"]
    state = answer(state, 0, "fortune.choice", "white")  # for Ben, to Ann's left
    state = look(state, 1, "white-1")
    assert kinds(state.seats[1].bag)["white-1"] == 3 and kinds(state.seats[1].hand) == Counter()
    state = answer(state, 2, "fortune.choice", "take")  # for Ann: the left of the last seat is the first
    state = answer(state, 1, "fortune.choice", "take")  # for Cid
    state = answer(state, 2, "fortune.choice", "green-4")  # Cid picks
    assert kinds(state.seats[2].bag)["green-4"] == 1
    assert "black-1" in options(state, 0)
    state = answer(state, 0, "fortune.choice", "black-1")
    assert kinds(state.seats[0].bag)["black-1"] == 1 and state.phase == "brewing"


def test_ap08_with_two_players_the_left_neighbour_is_the_other():
    state = card(alchemists(1), "AP08")
    state = answer(state, 0, "fortune.choice", "take")
    assert decision(state, 1, "fortune.choice").prompt.params["name"] == "Ann"


def test_ap09_useful_rodent_2_4_or_6_tails_for_a_1_2_or_4_chip_not_purple():
    state = card(alchemists(3, scores=(0, 12)), "AP09")  # Ann: tails after 1, 4, 7, 10 -> 4
    keys = options(state, 0)
    assert keys[0] == "none" and "2:black-1" in keys and "4:green-2" in keys
    assert not any(k.startswith("6:") for k in keys) and not any("purple" in k for k in keys)
    state = answer(state, 0, "fortune.choice", "4:yellow-2")
    assert state.seats[0].rat == 0 and kinds(state.seats[0].bag)["yellow-2"] == 1


def test_ap10_a_powerful_tipple_the_droplet_back_1_for_a_2_chip_or_2_for_a_4_chip():
    state = alchemists(1)
    state.seats[0].droplet = 1
    state = card(state, "AP10")
    keys = options(state, 0)
    assert "1:green-2" in keys and not any(k.startswith("2:") for k in keys)
    assert not state.decisions_for(1)  # Ben's droplet is on the start
    state.seats[0].droplet = 2
    state = answer(state, 0, "fortune.choice", "1:blue-2")
    assert state.seats[0].droplet == 1 and kinds(state.seats[0].bag)["blue-2"] == 1


def test_ap10_two_spaces_back_for_a_4_chip():
    state = alchemists(1)
    state.seats[0].droplet = 4
    state = answer(card(state, "AP10"), 0, "fortune.choice", "2:red-4")
    assert state.seats[0].droplet == 2 and kinds(state.seats[0].bag)["red-4"] == 1


# blue cards -------------------------------------------------------------------------------------

def test_ab01_from_good_to_better_a_coloured_2_or_4_chip_swapped_in_its_place():
    state = card(alchemists(1), "AB01")
    set_bag(state, 0, "orange-1", "red-2", "white-2", "white-1")
    set_bag(state, 1, "orange-1")
    state = draws(state, 0, "orange-1", "red-2", "white-2")
    state = stop(draw(state, 1, "orange-1"), 0)
    red = next(c for c, _ in state.seats[0].pot if chip(c).kind == "red-2")
    assert options(state, 0) == ["none", red] and not state.decisions_for(1)  # white and 1-chips are not swapped
    space = dict(state.seats[0].pot)[red]
    state = answer(state, 0, "fortune.choice", red)
    assert "blue-4" in options(state, 0) and "green-2" in options(state, 0)
    box = len(state.supply["red-2"])
    state = answer(state, 0, "fortune.choice", "blue-4")
    pot = [(chip(c).kind, s) for c, s in state.seats[0].pot]
    assert ("blue-4", space) in pot and ("red-2", space) not in pot
    assert len(state.supply["red-2"]) == box + 1


@pytest.mark.parametrize(("last", "points"), [("white-2", 2), ("orange-1", 0)])
def test_ab03_the_white_blessing_a_white_last_chip_scores_its_value(last, points):
    state = card(alchemists(1), "AB03")
    set_bag(state, 0, "green-1", last)
    set_bag(state, 1, "green-1", last)
    state = draws(state, 0, "green-1", last)
    state = draws(state, 1, last, "green-1")  # the same space, but green last
    state = finish_brewing(state)
    assert state.seats[0].score - state.seats[1].score == points


def test_ab03_an_exploded_pot_counts_too():
    state = card(alchemists(1), "AB03")
    set_bag(state, 0, "white-3", "white-3", "white-2")
    set_bag(state, 1, "green-1")
    state = draws(state, 0, "white-3", "white-3", "white-2")  # 8: exploded
    state = finish_brewing(draw(state, 1, "green-1"))
    assert state.seats[0].status == "exploded" and state.seats[0].score == 2


def shop(card_id: str, scores=(), round_no: int = 1):
    """The shop of `round_no` with this card, Ann on a far space (droplet 20) and first to buy."""
    state = card(alchemists(round_no, scores=scores), card_id)
    state.seats[0].droplet = 20
    return finish_brewing(state)


def test_ab02_sale_two_chips_bought_and_the_cheaper_comes_again_for_free():
    state = shop("AB02")
    state = buy(state, 0, "orange", 1)  # 3
    assert kinds(state.seats[0].bag)["orange-1"] == 2  # one bought: nothing free yet
    state = buy(state, 0, "green", 2)  # 8
    assert kinds(state.seats[0].bag)["orange-1"] == 3 and kinds(state.seats[0].bag)["green-2"] == 1


def test_ab04_a_rats_blessing_two_coins_more_per_rat_tail():
    plain, blessed = shop("P03", scores=(0, 5), round_no=2), shop("AB04", scores=(0, 5), round_no=2)
    assert blessed.seats[0].coins == plain.seats[0].coins + 2 * 2
    assert blessed.seats[1].coins == plain.seats[1].coins  # the leader has no tails


def test_ab05_a_good_neighborhood_the_white_3_back_and_the_left_player_takes_2_rubies():
    state = card(alchemists(1), "AB05")
    set_bag(state, 0, "white-3", "orange-1", "green-1", "white-2")
    state = draw(state, 0, "white-3")
    state = draw(state, 0, "orange-1")  # the offer stands while the pot brews
    state = answer(state, 0, "fortune.neighbourhood", "back")
    ann, ben = state.seats
    assert ann.white_total == 0 and kinds(ann.bag)["white-3"] == 1 and ben.rubies == 1 + 2


def test_ab05_not_once_the_pot_exploded():
    state = card(alchemists(1), "AB05")
    set_bag(state, 0, "white-3", "white-3", "white-2", "orange-1")
    state = draws(state, 0, "white-3", "white-3", "white-2")
    assert state.seats[0].status == "exploded"
    assert not [d for d in state.decisions_for(0) if d.kind == "fortune.neighbourhood"]


def test_ab05_a_white_3_the_flask_already_put_back_gives_nothing():
    state = card(alchemists(1), "AB05")
    set_bag(state, 0, "white-3", "orange-1")
    state = answer(draw(state, 0, "white-3"), 0, "flask", "use")
    offer = [d for d in state.decisions_for(0) if d.kind == "fortune.neighbourhood"]
    if offer:
        state = answer(state, 0, "fortune.neighbourhood", "back")
    assert kinds(state.seats[0].bag)["white-3"] == 1 and state.seats[1].rubies == 1


def test_ab05_a_white_3_put_back_for_the_neighbour_cannot_go_back_again_with_the_flask():
    state = card(alchemists(1), "AB05")
    set_bag(state, 0, "white-3", "orange-1")
    state = draw(state, 0, "white-3")
    state = answer(state, 0, "fortune.neighbourhood", "back")
    assert not [d for d in state.decisions_for(0) if d.kind == "flask"], "the flask's offer lapsed with the chip"
    assert kinds(state.seats[0].bag)["white-3"] == 1 and state.seats[0].flask_full
