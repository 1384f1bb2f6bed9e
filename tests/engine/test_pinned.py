"""Rules a looser engine would still pass the other tests with: each is pinned here exactly."""

from pathlib import Path

from companion.engine import parse_transcript, replay

from .scenario import answer, draw, draws, game, set_bag, stop

EXAMPLE = Path(__file__).parents[2] / "docs" / "example.jsonl"


def evaluate(state, die_face="1"):
    """Every seat still brewing stops; each roller takes this die face."""
    for n, seat in enumerate(state.seats):
        if seat.status == "brewing" and not state.decisions_for(n):
            state = stop(state, n)
    for d in [d for d in state.decisions if d.kind == "bonus_die"]:
        state = answer(state, d.seat, "bonus_die", die_face)
    return state


def test_exactly_two_purple_chips_pay_the_second_tier_without_a_question():
    state = game()
    set_bag(state, 0, "purple-1", "purple-1", "white-1")
    state = evaluate(draws(state, 0, "purple-1", "purple-1"), die_face="4")
    ann = state.seats[0]
    assert not [d for d in state.decisions if d.kind == "purple.tier"]
    assert (ann.score, ann.droplet) == (1, 0)  # 1 VP (scoring space 3 pays none), no droplet step
    assert ann.rubies == 1 + 1 + 1  # the start ruby, the die's ruby, the second tier's ruby


def blacks(players, counts):
    state = game(players=players)
    for n, count in enumerate(counts):
        set_bag(state, n, *(["black-1"] * count), "white-1")
        state = draws(state, n, *(["black-1"] * count))
    return evaluate(state, die_face="1")


def test_the_black_book_for_3_players_pays_a_ruby_only_for_beating_both_neighbours():
    one = blacks(3, (2, 1, 2))  # Ann beats Ben, ties Cid
    assert (one.seats[0].droplet, one.seats[0].rubies) == (1, 1)
    both = blacks(3, (2, 1, 1))
    assert (both.seats[0].droplet, both.seats[0].rubies) == (1, 2)
    tied = blacks(3, (1, 1, 1))  # as many as a neighbour is not more
    assert [s.droplet for s in tied.seats] == [0, 0, 0] and [s.rubies for s in tied.seats] == [1, 1, 1]


def test_the_black_book_for_4_players_compares_only_the_two_neighbours():
    state = blacks(4, (2, 1, 3, 1))  # Ann's neighbours are Ben and Dee; Cid across does not count
    assert (state.seats[0].droplet, state.seats[0].rubies) == (1, 2)
    assert (state.seats[2].droplet, state.seats[2].rubies) == (1, 2)
    assert [state.seats[n].droplet for n in (1, 3)] == [0, 0]


def test_two_seats_tied_for_the_furthest_space_both_roll_the_bonus_die():
    state = game()
    for n in (0, 1):
        set_bag(state, n, "orange-1", "green-1")
        state = stop(draw(state, n, "orange-1"), n)
    assert state.phase == "bonus_die"
    assert sorted(d.seat for d in state.decisions if d.kind == "bonus_die") == [0, 1]
    state = answer(state, 0, "bonus_die", "3")
    assert state.phase == "bonus_die"  # Ben still rolls
    state = answer(state, 1, "bonus_die", "4")
    assert state.seats[0].score == 2 and state.seats[1].rubies == 2


def green_rubies(*kinds):
    state = game()
    set_bag(state, 0, *kinds, "white-3")
    state = evaluate(draws(state, 0, *kinds), die_face="1")
    return state.seats[0].rubies - 1


def test_green_counts_exactly_the_last_two_chips():
    assert green_rubies("green-1", "green-1", "orange-1") == 1  # the third from last does not count
    assert green_rubies("green-1", "orange-1", "orange-1") == 0
    assert green_rubies("orange-1", "green-1", "green-1") == 2
    assert green_rubies("green-1") == 1


def test_the_documented_example_game_ends_with_these_scores():
    config, actions = parse_transcript(EXAMPLE.read_text())
    state = replay(config, [a for _, a in actions])
    assert [(s.name, s.score) for s in state.seats] == [("Nina", 32), ("Lucas", 30)]
    assert state.winners == [0] and state.round == 9
