"""The Alchemists: the patient choice, the essence phase, each patient's bonus from its chart, and
the three Fortune Teller cards that need the flask (fact sheet expansions.md §2, §4)."""

import random

import pytest

from companion.autoplay import play_game
from companion.books import every_colour
from companion.dealing import deal_setup
from companion.engine import (
    Choose,
    ConfigError,
    Draw,
    Fortune,
    GameConfig,
    IllegalAction,
    new_game,
    state_to_dict,
    step,
)
from companion.engine.expansions.alchemists.patients import PATIENTS
from companion.engine.model import chip

from .scenario import answer, books, decision, draw, draws, in_bag, next_step, set_bag, spaces, stop

LAID_OUT = ("nervousness", "chicken-eyes", "vampirism")


def setup(patients=LAID_OUT, players=2, **more) -> GameConfig:
    return GameConfig(players=("Ann", "Ben", "Cid", "Dee")[:players], expansions=("alchemists",),
                      patients=patients, **more)


def alchemy(*chosen: str, players: int | None = None, fortune: str | None = None, **more):
    """A game whose seats chose these patients (seat 0 first), the round's card read: brewing round 1."""
    players = players or len(chosen)
    patients = tuple(dict.fromkeys([*chosen, *PATIENTS]))[:3] if len(set(chosen)) <= 3 else chosen
    state = new_game(setup(patients=patients, players=players, **more))
    for n, patient in enumerate(chosen):
        state = answer(state, n, "patient", patient)
    return step(state, Fortune(fortune)).state


def essence_of(state, seat: int = 0) -> int:
    return state.seats[seat].essence


def through_essence(state, *spaces_chosen: str):
    """Everyone still brewing stops; each seat answers its essence choice (given, or the space reached)."""
    for n, seat in enumerate(state.seats):
        if seat.status == "brewing":
            state = stop(state, n)
    for n, key in enumerate(spaces_chosen):
        if key is not None and [d for d in state.decisions if d.seat == n and d.kind == "essence.space"]:
            state = answer(state, n, "essence.space", key)
    return state


def to_next_round(state):
    """Plain inputs to the next round's card; then no card is read: brewing starts."""
    start = state.round
    while state.round == start:
        state = next_step(state)
    return step(state, Fortune(None)).state


# setup --------------------------------------------------------------------------------------

def test_the_deal_lays_out_three_different_patients_and_the_setup_records_them():
    for seed in range(20):
        dealt = deal_setup({}, ["alchemists"], random.Random(seed))["patients"]
        assert len(set(dealt)) == 3 and set(dealt) <= set(PATIENTS)
    assert deal_setup({}, ["alchemists"], random.Random(0), patients=LAID_OUT)["patients"] == LAID_OUT
    assert "patients" not in deal_setup({}, [], random.Random(0))
    assert setup().to_dict()["patients"] == list(LAID_OUT)


@pytest.mark.parametrize("patients, message", [
    (("nervousness", "chicken-eyes", "headache"), "unknown patient"),
    (("nervousness", "nervousness", "vampirism"), "twice"),
    (("nervousness", "vampirism"), "3 patients"),
])
def test_a_setup_with_unknown_duplicate_or_too_few_patients_is_refused(patients, message):
    with pytest.raises(ConfigError, match=message):
        new_game(setup(patients=patients))


def test_every_player_chooses_a_patient_before_the_first_card_and_two_may_choose_the_same():
    state = new_game(setup(patients=("carrot-nose", "forgetfulness", "vampirism"), players=3))
    with pytest.raises(IllegalAction, match="chooses a patient"):
        step(state, Fortune(None))
    state = answer(state, 0, "patient", "carrot-nose")
    state = answer(state, 1, "patient", "forgetfulness")
    state = answer(state, 2, "patient", "carrot-nose")
    assert [s.patient for s in state.seats] == ["carrot-nose", "forgetfulness", "carrot-nose"]
    assert len(state.seats[0].bag) == 10 and sum(chip(c).kind == "orange-1" for c in state.seats[0].bag) == 2
    extra = sorted(chip(c).kind for c in state.seats[1].bag if chip(c).color in ("blue", "red"))
    assert len(state.seats[1].bag) == 11 and extra == ["blue-1", "red-1"]  # D3: the rulebook's crow skull and toadstool
    assert step(state, Fortune(None)).state.phase == "brewing"


# the essence phase --------------------------------------------------------------------------

def test_the_rulebook_example_three_colours_seven_whites_and_an_exploded_neighbour_reach_space_5():
    state = alchemy("witchs-hump", "witchs-hump", "witchs-hump")
    set_bag(state, 0, "red-1", "red-1", "orange-1", "white-3", "white-2", "white-2", "blue-1")
    set_bag(state, 1, "white-3", "white-3", "white-2")
    state = draws(state, 0, "red-1", "red-1", "orange-1", "white-3", "white-2", "white-2", "blue-1")
    state = draws(state, 1, "white-3", "white-3", "white-2")
    assert state.seats[1].status == "exploded"
    state = stop(state, 2)
    assert state.phase == "essence" and essence_of(state) == 5  # 3 colours, 7 whites, 1 exploded neighbour
    assert essence_of(state, 2) == 1  # Cid: no colour, 1 exploded neighbour


def test_two_players_count_the_one_neighbour_once():
    state = alchemy("witchs-hump", "witchs-hump")
    set_bag(state, 1, "white-3", "white-3", "white-2")
    state = draws(state, 1, "white-3", "white-3", "white-2")
    state = through_essence(state)
    assert essence_of(state) == 1


def test_only_a_game_with_the_alchemists_has_an_essence_phase():
    def phases(config: GameConfig) -> set[str]:
        seen: set[str] = set()
        play_game(config, 3, lambda state, action, events: seen.update(
            e["phase"] for e in events if e["event"] == "phase"))
        return seen

    plain, alchemists = phases(GameConfig(players=("Ann", "Ben"))), phases(setup())
    assert "essence" in alchemists and alchemists - {"essence"} == plain


def test_the_essence_stops_at_10():
    state = alchemy("witchs-hump", "witchs-hump", "witchs-hump", fortune="AB09")
    kinds = ("orange-1", "green-1", "red-1", "yellow-1", "white-3", "white-2", "white-2", "blue-4")
    set_bag(state, 0, *kinds)
    set_bag(state, 1, "white-3", "white-3", "white-2")
    set_bag(state, 2, "white-2", "white-2", "white-2", "white-1", "white-1")
    state = draws(state, 1, "white-3", "white-3", "white-2")
    state = draws(state, 2, "white-2", "white-2", "white-2", "white-1", "white-1")
    state = draws(state, 0, *kinds)
    assert state.phase == "essence"
    assert essence_of(state) == 10  # 5 colours + 7 whites + 2 neighbours + the blue 4's 4 spaces: 12, capped (Q-A1)


def test_round_9_pays_a_victory_point_per_space_and_no_glass():
    state = new_game(setup(patients=("chicken-eyes", "vampirism", "nervousness")))
    state = answer(answer(state, 0, "patient", "chicken-eyes"), 1, "patient", "vampirism")
    while state.round < 9:
        state = next_step(state)
    state = step(state, Fortune(None)).state
    set_bag(state, 0, "orange-1", "green-1")
    state = draws(state, 0, "orange-1", "green-1")
    score = state.seats[0].score
    state = through_essence(state)
    assert essence_of(state) == 2 and state.seats[0].score == score + 2
    assert not [d for d in state.decisions if d.kind in ("essence.space", "chicken.swap")]


def test_a_seat_may_stop_lower_for_a_better_glass():
    state = alchemy("chicken-eyes", "chicken-eyes")
    set_bag(state, 0, "orange-1", "green-1", "blue-1")
    state = draws(state, 0, "orange-1", "green-1")
    state = stop(state, 0)
    state = stop(state, 1)
    offered = decision(state, 0, "essence.space").keys()
    assert offered == ["2", "1", "0"]
    rubies = state.seats[0].rubies
    state = answer(state, 0, "essence.space", "1")
    assert essence_of(state) == 1 and state.seats[0].rubies == rubies + 1  # space 1: take 1 ruby


def test_the_essence_choice_offers_only_spaces_whose_glass_differs_from_a_higher_one():
    state = alchemy("witchs-hump", "witchs-hump")
    set_bag(state, 0, "orange-1", "green-1", "red-1", "blue-1")
    state = draws(state, 0, "orange-1", "green-1", "red-1", "blue-1")
    state = stop(state, 1)
    assert decision(state, 0, "essence.space").keys() == ["4", "3"]  # 4: essence to spend; 3: a rat tail


def test_a_rat_glass_adds_a_rat_tail_next_round():
    state = alchemy("witchs-hump", "witchs-hump")
    set_bag(state, 0, "orange-1")
    state = draws(state, 0, "orange-1")
    state = through_essence(state, "1", "0")
    assert state.seats[0].essence_rat == 1
    state = to_next_round(state)
    assert state.seats[0].rat == 1 and state.seats[1].rat == 0  # no tails on the score track: a tie at 0
    state = through_essence(state)  # round 2: an empty pot, space 0
    assert state.seats[0].essence_rat == 0, "a rat glass gives its tail for one round"


def test_a_victory_point_glass_scores_at_once():
    state = alchemy("carrot-nose", "carrot-nose", "carrot-nose")
    set_bag(state, 0, "orange-1", "green-1", "red-1", "blue-1", "white-3", "white-2", "white-2")
    set_bag(state, 1, "white-3", "white-3", "white-2")
    set_bag(state, 2, "white-2", "white-2", "white-2", "white-1", "white-1")
    state = draws(state, 1, "white-3", "white-3", "white-2")
    state = draws(state, 2, "white-2", "white-2", "white-2", "white-1", "white-1")
    state = draws(state, 0, "orange-1", "green-1", "red-1", "white-3", "white-2", "white-2", "blue-1")
    score = state.seats[0].score
    assert essence_of(state) == 7  # 4 colours + 7 whites + 2 exploded neighbours
    state = answer(state, 0, "essence.space", "7")
    assert state.seats[0].score == score + 1  # Carrot nose's space 8: 1 victory point


# the patients -------------------------------------------------------------------------------

def test_nervousness_lays_out_the_drawn_chips_but_the_whites_and_places_one_instead_of_a_draw():
    state = alchemy("nervousness", "nervousness")
    set_bag(state, 0, "orange-1", "green-1", "blue-1")
    state = draws(state, 0, "orange-1", "green-1", "blue-1")  # 3 colours: space 3, "draw 2"
    state = through_essence(state, "3")
    state = to_next_round(state)
    set_bag(state, 0, "white-1", "green-2", "red-1")
    look = decision(state, 0, "fortune.look")
    assert look.data["reveal"] == 2
    state = draws(state, 0, "white-1", "green-2")
    assert [chip(c).kind for c in state.seats[0].laid_out] == ["green-2"]
    assert in_bag(state, 0, "white-1")  # the white went back
    state = answer(state, 0, "patient.offer", state.seats[0].laid_out[0])
    assert spaces(state, 0)[-1][0] == "green-2" and not state.seats[0].laid_out


def nervous(*laid_out: str, bag: tuple[str, ...] = (), **sets: int):
    """Round 2 with The Herb Witches' books: Ann (Nervousness, marker on space 2: draw 1 chip) has
    laid out `laid_out`; her bag holds `bag`."""
    config = GameConfig(players=("Ann", "Ben"), expansions=("alchemists", "witches"), books=books(**sets),
                        patients=("nervousness", "chicken-eyes", "vampirism"))
    state = answer(answer(new_game(config), 0, "patient", "nervousness"), 1, "patient", "nervousness")
    state = step(state, Fortune(None)).state
    set_bag(state, 0, "orange-1", "green-1")
    state = through_essence(draws(state, 0, "orange-1", "green-1"), "2")
    state = to_next_round(state)
    set_bag(state, 0, *laid_out, *bag)
    return draws(state, 0, *laid_out)


def test_a_laid_out_chip_placed_is_a_draw_so_a_yellow_6_offer_about_the_chip_before_it_lapses():
    state = nervous("green-2", bag=("yellow-1", "white-1"), yellow=6)
    state = draw(state, 0, "yellow-1")
    ruby = decision(state, 0, "yellow.ruby")
    state = answer(state, 0, "patient.offer", state.seats[0].laid_out[0])
    assert spaces(state, 0)[-2:] == [("yellow-1", 1), ("green-2", 3)]
    assert not [d for d in state.decisions if d.kind == "yellow.ruby"]
    with pytest.raises(IllegalAction, match="lapsed"):
        step(state, Choose(0, ruby.id, ("pay",)))


def test_laid_out_chips_are_not_offered_while_a_yellow_5_question_holds_the_seat_s_draws():
    state = nervous("green-2", bag=("yellow-1", "blue-2"), yellow=5)
    state = draw(state, 0, "yellow-1")
    assert decision(state, 0, "yellow.peek").blocking
    assert not [d for d in state.decisions if d.kind == "patient.offer"]
    state = draw(state, 0, "blue-2")  # the yellow moves on 2; the question is answered
    assert spaces(state, 0) == [("yellow-1", 3)]
    assert decision(state, 0, "patient.offer").keys() == [state.seats[0].laid_out[0]]


def test_a_yellow_6_ruby_offer_goes_with_the_yellow_forgetfulness_returns():
    """A chip back from the pot takes the offers about it along: no ruby to pay for a yellow
    that is in the bag again."""
    config = GameConfig(players=("Ann", "Ben"), expansions=("alchemists", "witches"), books=books(yellow=6),
                        patients=("forgetfulness", "chicken-eyes", "vampirism"))
    state = answer(answer(new_game(config), 0, "patient", "forgetfulness"), 1, "patient", "forgetfulness")
    state = step(state, Fortune(None)).state
    set_bag(state, 0, "orange-1", "green-1")
    state = through_essence(draws(state, 0, "orange-1", "green-1"), "2")  # 2 essence to spend
    state = to_next_round(state)
    set_bag(state, 0, "yellow-1", "white-1")
    state = draw(state, 0, "yellow-1")
    yellow, rubies = state.seats[0].pot[-1][0], state.seats[0].rubies
    ruby = decision(state, 0, "yellow.ruby")
    state = answer(state, 0, "patient.offer", yellow)  # back into the bag for 1 essence
    assert all(d.id != ruby.id for d in state.decisions)
    with pytest.raises(IllegalAction) as refused:
        step(state, Choose(0, ruby.id, ("pay",)))
    assert refused.value.code == "stale"
    assert not state.seats[0].pot and yellow in state.seats[0].bag and state.seats[0].rubies == rubies


def test_ear_worm_draws_and_places_chips_right_after_the_essence_phase_without_exploding():
    state = alchemy("ear-worm", "ear-worm")
    set_bag(state, 0, "orange-1", "green-1", "red-1", "white-3", "white-3", "white-1", "white-1")
    state = draws(state, 0, "orange-1", "green-1", "red-1", "white-3", "white-3")  # whites 6
    state = through_essence(state, "3")  # space 3: draw 2
    assert decision(state, 0, "fortune.look").data["left"] == 2
    state = step(state, Draw(0, in_bag(state, 0, "white-1"))).state
    result = step(state, Draw(0, in_bag(state, 0, "white-1")))
    state = result.state
    assert state.seats[0].white_total == 8 and state.seats[0].status == "stopped"
    assert "exploded" not in [e["event"] for e in result.events]
    assert [k for k, _ in spaces(state, 0)][-2:] == ["white-1", "white-1"]


def test_ear_worm_s_chips_are_placed_after_brewing_so_a_second_chance_is_not_offered_for_them():
    state = alchemy("ear-worm", "ear-worm", fortune="B08")
    set_bag(state, 0, "orange-1", "green-1", "red-1", "white-1", "white-1", "white-2")
    state = draws(state, 0, "orange-1", "green-1", "red-1", "white-1")  # 4 chips: no second chance yet
    state = through_essence(state, "3")  # draw 2: the fifth and sixth chips
    state = step(state, Draw(0, in_bag(state, 0, "white-1"))).state
    state = step(state, Draw(0, in_bag(state, 0, "white-2"))).state
    assert len(state.seats[0].pot) == 6
    assert not [d for d in state.decisions if d.kind == "fortune.second_chance"]


def test_carrot_nose_pays_2_essence_to_put_a_drawn_pumpkin_on_the_next_ruby_space():
    state = alchemy("carrot-nose", "carrot-nose")
    set_bag(state, 0, "orange-1", "green-1")
    state = draws(state, 0, "orange-1", "green-1")
    state = through_essence(state, "2")
    state = to_next_round(state)
    set_bag(state, 0, "orange-1", "green-1")
    state = draws(state, 0, "orange-1")
    assert spaces(state, 0) == [("orange-1", 1)]
    state = answer(state, 0, "patient.offer", "ruby")
    assert spaces(state, 0) == [("orange-1", 5)] and essence_of(state) == 0  # space 5 is the first ruby


def test_wing_ears_moves_a_white_twice_its_value_or_puts_it_back():
    state = alchemy("wing-ears", "wing-ears")
    set_bag(state, 0, "orange-1", "green-1", "red-1", "yellow-1", "blue-1")
    state = draws(state, 0, "orange-1", "green-1", "red-1", "yellow-1", "blue-1")
    state = through_essence(state, "5")
    state = to_next_round(state)
    set_bag(state, 0, "white-2", "white-3", "green-1")
    state = draws(state, 0, "white-2")
    state = answer(state, 0, "patient.offer", "double")
    assert spaces(state, 0) == [("white-2", 4)] and essence_of(state) == 3
    state = draws(state, 0, "white-3")
    state = answer(state, 0, "patient.offer", "back")
    assert spaces(state, 0) == [("white-2", 4)] and essence_of(state) == 0 and in_bag(state, 0, "white-3")


@pytest.mark.parametrize("space, gain", [("1", ("rubies", 1)), ("6", ("rubies", 3)), ("4", ("flask", True)),
                                         ("5", ("chip", "red-1")), ("2", ("chip", "orange-1"))])
def test_chicken_eyes_takes_the_reward_of_its_oval_at_once(space, gain):
    state = alchemy("chicken-eyes", "chicken-eyes")
    kinds = ["orange-1", "green-1", "red-1", "yellow-1", "purple-1"][:int(space) - 1] + ["blue-1"]  # one per colour
    set_bag(state, 0, *kinds)
    state.seats[0].flask_full = False
    before = state_to_dict(state)["seats"][0]
    state = draws(state, 0, *kinds)
    state = through_essence(state, space)
    seat = state.seats[0]
    what, amount = gain
    if what == "rubies":
        assert seat.rubies == before["rubies"] + amount
    elif what == "flask":
        assert seat.flask_full
    else:
        assert amount in [chip(c).kind for c in seat.returning]


def test_chicken_eyes_on_space_8_moves_the_droplet_2_spaces():
    state = alchemy("chicken-eyes", "chicken-eyes")
    kinds = ("orange-1", "green-1", "red-1", "yellow-1", "purple-1", "black-1", "white-3", "white-2", "white-2", "blue-1")
    set_bag(state, 0, *kinds)
    state = draws(state, 0, *kinds)  # 7 colours and whites totalling exactly 7
    state = through_essence(state, "8")
    assert state.seats[0].droplet == 2


def test_chicken_eyes_swaps_a_1_chip_in_the_pot_for_a_2_chip_of_its_colour():
    state = alchemy("chicken-eyes", "chicken-eyes")
    set_bag(state, 0, "orange-1", "green-1", "white-1", "red-1")
    state = draws(state, 0, "orange-1", "green-1", "white-1", "red-1")
    state = through_essence(state, "3")
    swap = decision(state, 0, "chicken.swap")
    assert sorted(chip(k).kind for k in swap.keys()) == ["green-1", "red-1"]  # no orange 2-chip; no book for white
    green = next(k for k in swap.keys() if chip(k).color == "green")
    state = answer(state, 0, "chicken.swap", green)
    assert green in state.supply["green-1"]
    assert "green-2" in [chip(c).kind for c in state.seats[0].bag]


def test_witchs_hump_pays_2_essence_for_a_bonus_by_the_chip_on_a_ruby_space():
    state = alchemy("witchs-hump", "witchs-hump")
    set_bag(state, 0, "orange-1", "green-1")
    state = draws(state, 0, "orange-1", "green-1")
    state = through_essence(state, "2")
    state = to_next_round(state)
    set_bag(state, 0, "white-2", "white-3", "green-1")
    state = draws(state, 0, "white-2")
    assert not [d for d in state.decisions if d.kind == "patient.offer"]  # space 2 has no ruby
    state = draws(state, 0, "white-3")
    assert spaces(state, 0)[-1] == ("white-3", 5)
    state = answer(state, 0, "patient.offer", "hump")  # a 3-chip: a yellow 1-chip
    assert "yellow-1" in [chip(c).kind for c in state.seats[0].bag] and essence_of(state) == 0


def test_forgetfulness_returns_a_coloured_chip_for_essence_equal_to_its_value():
    state = alchemy("forgetfulness", "forgetfulness")
    set_bag(state, 0, "orange-1", "green-1")
    state = draws(state, 0, "orange-1", "green-1")
    state = through_essence(state, "2")
    state = to_next_round(state)
    set_bag(state, 0, "white-1", "red-1", "green-2", "white-2")
    state = draws(state, 0, "white-1", "red-1", "green-2")
    offered = decision(state, 0, "patient.offer").keys()
    assert sorted(chip(k).kind for k in offered) == ["green-2", "red-1"]  # never a white chip
    red = next(k for k in offered if chip(k).color == "red")
    state = answer(state, 0, "patient.offer", red)
    assert [k for k, _ in spaces(state, 0)] == ["white-1", "green-2"] and essence_of(state) == 1
    assert red in state.seats[0].bag


def test_vampirism_buys_one_extra_chip_with_coins_equal_to_the_space():
    state = alchemy("vampirism", "vampirism")
    set_bag(state, 0, "orange-1", "green-1", "red-1", "blue-1")
    state = draws(state, 0, "orange-1", "green-1", "red-1", "blue-1")
    state = through_essence(state, "4")
    buy = decision(state, 0, "vampirism.buy")
    assert "green-1" in buy.keys() and "green-2" not in buy.keys()  # 4 coins: a green 1 (4), not a green 2 (8)
    state = answer(state, 0, "vampirism.buy", "green-1")
    assert sum(chip(c).kind == "green-1" for c in state.seats[0].bag) == 1


# the cards that need the flask ----------------------------------------------------------------

def test_a_blessing_in_disguise_raises_an_exploded_pot_s_essence_2_more_spaces():
    state = alchemy("witchs-hump", "witchs-hump", fortune="AB06")
    set_bag(state, 0, "orange-1", "white-3", "white-3", "white-2")
    state = draws(state, 0, "orange-1", "white-3", "white-3", "white-2")
    state = through_essence(state)
    assert essence_of(state) == 1 + 2
    assert essence_of(state, 1) == 1  # not exploded: only its exploded neighbour


def test_essential_essence_lets_the_highest_essence_roll_the_die_or_refill_the_flask():
    state = alchemy("witchs-hump", "witchs-hump", fortune="AB07")
    set_bag(state, 0, "orange-1", "green-1")
    state = draws(state, 0, "orange-1", "green-1")
    state.seats[0].flask_full = False
    state = through_essence(state, "2", "0")
    choice = decision(state, 0, "fortune.choice")
    assert choice.keys() == ["die", "flask"] and not [d for d in state.decisions if d.seat == 1]
    state = answer(state, 0, "fortune.choice", "flask")
    assert state.seats[0].flask_full


def test_all_s_well_that_ends_well_adds_the_spaces_the_last_chip_moved():
    state = alchemy("witchs-hump", "witchs-hump", fortune="AB09", books={"green": 1, "blue": 1, "red": 1, "yellow": 1,
                                                                         "purple": 1})
    set_bag(state, 0, "orange-1", "red-1")
    state = draws(state, 0, "orange-1", "red-1")  # red set 1: 1 orange before it moves it 1 more: 2 spaces
    assert spaces(state, 0) == [("orange-1", 1), ("red-1", 3)]
    state = through_essence(state)
    assert essence_of(state) == 2 + 2


def test_the_flask_cards_are_turned_up_only_with_the_alchemists():
    plain = new_game(GameConfig(players=("Ann", "Ben")))
    with pytest.raises(IllegalAction, match="The Alchemists"):
        step(plain, Fortune("AB07"))


@pytest.mark.parametrize("book, reached", [(7, 3), (8, 1)])
def test_the_essence_locoweed_adds_a_space_per_locoweed_after_the_colours(book, reached):
    """The rulebook's example: 2 locoweeds = 3 spaces, 1 for the colour and 2 for the book (A-L1);
    another locoweed book counts the colour only."""
    state = alchemy("witchs-hump", "witchs-hump", books={**every_colour(1), "locoweed": book})
    set_bag(state, 0, "locoweed-1", "locoweed-1")
    state = draws(state, 0, "locoweed-1", "locoweed-1")
    state = through_essence(state)
    assert essence_of(state) == reached


def test_after_every_chip_laid_the_seat_is_offered_exactly_what_its_patient_offers_for_it():
    """Whole random games with every patient dealt now and then, cards turned up: after every input
    that laid a chip while the seat brews on, the seat's open patient offer holds exactly the options
    its patient gives for that chip, looked for afresh, also where the engine did not look (a patient
    that acts right after the essence phase, a seat with no essence left)."""
    from companion.engine.expansions.alchemists import essence
    from companion.engine.model import BREWING

    offered: dict[str, int] = {}
    compared = 0

    def compare(state, action, events):
        nonlocal compared
        last = {e["seat"]: e["chip"] for e in events if e["event"] == "placed"}
        for n, placed in last.items():
            seat = state.seats[n]
            if state.phase != "brewing" or seat.status != BREWING or not seat.patient:
                continue
            fresh = [o.key for o in essence._offers(state, n, PATIENTS[seat.patient], placed)]
            open_ = [o.key for d in state.decisions if d.seat == n and d.kind == essence.OFFER for o in d.options]
            assert open_ == fresh, (state.round, seat.patient, seat.essence, action)
            compared += 1
            if fresh:
                offered[seat.patient] = offered.get(seat.patient, 0) + 1

    for game_no in range(16):
        config = GameConfig(players=("A", "B", "C", "D"), **deal_setup({}, ["alchemists"], random.Random(game_no)))
        play_game(config, 90 + game_no, compare, cards=True)
    assert compared > 3000, compared
    assert set(offered) == {"nervousness", "carrot-nose", "wing-ears", "witchs-hump", "forgetfulness"}, offered
