"""Rules a looser engine would still pass the other tests with: each is pinned here exactly."""

from pathlib import Path

from companion.engine import Buy, parse_transcript, replay, step

from .scenario import answer, at_round, books, card, draw, draws, finish_brewing, game, next_step, set_bag, stop

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


# Rules a careless one-line change broke without any other test noticing (issue 22's audit) ----


def test_purple_set_1_three_purples_pay_2_points_and_the_droplet_never_a_ruby():
    """The book: "If there are 3 or more purple chips, you receive 2 victory points and you may
    move your droplet 1 space forward" (no ruby: that is the 2-chip tier's)."""
    state = game()
    set_bag(state, 0, "purple-1", "purple-1", "purple-1", "white-1")
    state = evaluate(draws(state, 0, "purple-1", "purple-1", "purple-1"), die_face="1")
    state = answer(state, 0, "purple.tier", "3")
    ann = state.seats[0]
    # purples on spaces 1, 2, 3: scoring space 4 pays no VP; the die 1 VP, the tier 2 VP
    assert (ann.score, ann.rubies, ann.droplet) == (3, 1, 1)


def test_seasoned_perfectly_pays_exactly_seven_whites_not_eight():
    """B02: "white chips totalling exactly 7". Ann 7 (3+2+2), Ben 6, Cid 8 (exploded)."""
    state = card(at_round(1, players=3), "B02")
    for seat, whites in enumerate((("white-3", "white-2", "white-2"), ("white-3", "white-2", "white-1"),
                                   ("white-3", "white-3", "white-2"))):
        set_bag(state, seat, *whites, "orange-1")
        state = draws(state, seat, *whites)
    assert [s.status for s in state.seats] == ["brewing", "brewing", "exploded"]
    while state.round == 1:  # Ann rolls a 1 (a victory point), Cid takes the points
        state = next_step(state)
    assert [s.droplet for s in state.seats] == [1, 0, 0]


def test_rat_infestation_doubles_the_score_tracks_tails_not_an_essence_glasss():
    """P13 doubles "the number of rat tails each player receives this round" from the score track;
    The Alchemists' rat glass (3 tails here) comes on top, not doubled. Ann 0 points, Ben 5: the rat
    track's first steps are at 1 and 4 points behind, so Ann gets 2 tails, doubled 4, plus 3."""
    state = at_round(2, expansions=("alchemists",))
    state.seats[0].score, state.seats[1].score = 0, 5
    state.seats[0].essence_rat = state.seats[1].essence_rat = 3
    state = card(state, "P13")
    assert [s.rat for s in state.seats] == [2 * 2 + 3, 3]


def test_locoweed_set_6_copies_the_last_coloured_chip_not_an_earlier_locoweed():
    """A green 2, then two locoweed: each is a green 2 (the second passes over the first, which
    is locoweed), so each moves 2, not the 1 a locoweed counts as."""
    state = game(expansions=("witches",), books={**books(), "locoweed": 6})
    set_bag(state, 0, "green-2", "locoweed-1", "locoweed-1", "white-1")
    state = draws(state, 0, "green-2", "locoweed-1", "locoweed-1")
    assert [space for _, space in state.seats[0].pot] == [2, 4, 6]


def test_green_set_3_moves_nothing_when_the_whites_pass_seven():
    """"If the white chips in your pot total exactly 7": an exploded pot of 8 whites keeps its last
    chip where it fell (whites 3 + 3 + 2 around a green 4: the last white on 12)."""
    state = game(books=books(green=3))
    set_bag(state, 0, "white-3", "green-4", "white-3", "white-2")
    state = finish_brewing(draws(state, 0, "white-3", "green-4", "white-3", "white-2"))
    assert state.seats[0].status == "exploded" and state.seats[0].pot[-1][1] == 12


def test_the_exchange_stand_sells_points_for_exactly_all_the_coins():
    """Green side, tube 12: a victory point costs 2 coins, so 4 coins buy 2 points, none left."""
    state = card(at_round(1, expansions=("exchange",)), None)
    state.seats[0].droplet = 20
    state = finish_brewing(state)
    state.seats[0].coins, state.seats[0].stand = 4, 12
    score = state.seats[0].score
    state = step(state, Buy(0, "points", 2)).state
    assert (state.seats[0].score, state.seats[0].coins) == (score + 2, 0)
