"""Tournament seating: pods of 3-4 with no byes, Swiss by standings, repeat opponents avoided, start seats balanced."""

from __future__ import annotations

import itertools

from companion.league.seating import first_round, met, next_round, pod_sizes, starts


def test_pods_of_four_filled_out_with_pods_of_three_and_no_byes():
    # worked by hand: 4a + 3b = N with as many 4s as the 3s allow
    assert {n: pod_sizes(n) for n in range(1, 14)} == {
        1: [1], 2: [2], 3: [3], 4: [4], 5: [3, 2], 6: [3, 3], 7: [4, 3], 8: [4, 4], 9: [3, 3, 3],
        10: [4, 3, 3], 11: [4, 4, 3], 12: [4, 4, 4], 13: [4, 3, 3, 3]}


def test_round_one_is_a_draw_that_the_seed_repeats():
    players = list(range(101, 111))
    one = first_round(players, seed=7)
    assert sorted(itertools.chain(*one)) == players
    assert [len(p) for p in one] == [4, 3, 3]
    assert first_round(list(reversed(players)), seed=7) == one
    assert first_round(players, seed=8) != one


def test_with_nobody_met_the_pods_follow_the_standings_top_down():
    standings = [7, 3, 9, 1, 5, 2, 8]
    assert sorted(map(sorted, next_round(standings, []))) == [[1, 3, 7, 9], [2, 5, 8]]


def repeats(pods, earlier) -> int:
    pairs = met(earlier)
    return sum(pairs[frozenset(p)] for pod in pods for p in itertools.combinations(pod, 2))


def test_nine_players_meet_nobody_twice_in_round_two():
    round1 = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    standings = [1, 2, 3, 4, 5, 6, 7, 8, 9]  # the top three all sat together
    round2 = next_round(standings, [round1])
    assert repeats(round2, [round1]) == 0
    # the best placed still sit as high as the draw allows: the first pod holds the leader
    assert 1 in round2[0]


def test_sixteen_players_meet_nobody_twice_over_three_rounds():
    players = list(range(1, 17))
    rounds = [first_round(players, seed=3)]
    for _ in range(2):
        rounds.append(next_round(players, rounds))
    assert all(repeats(r, rounds[:k]) == 0 for k, r in enumerate(rounds) if k)


def test_eight_players_in_pods_of_four_meet_as_few_again_as_can_be():
    round1 = [[1, 2, 3, 4], [5, 6, 7, 8]]
    round2 = next_round([1, 2, 3, 4, 5, 6, 7, 8], [round1])
    # a new pod of 4 takes 2 + 2 (a pair from each old pod met again) or 3 + 1 (three pairs): by hand,
    # 2 pods x 2 pairs at best
    assert repeats(round2, [round1]) == 4


def test_start_seats_go_to_those_who_started_least():
    round1 = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]  # 1, 4 and 7 started
    round2 = next_round([1, 2, 3, 4, 5, 6, 7, 8, 9], [round1])
    assert {pod[0] for pod in round2}.isdisjoint({1, 4, 7})
    seen = starts([round1, round2])
    assert all(seen[p][0] <= 1 for p in range(1, 10))
