"""The advisor plays whole games by the engine's rules and scores more than the random player."""

from companion.autoplay import AdvisorPlayer, GreedyPlayer, play_game
from companion.engine import Buy, Draw, GameConfig, Stop, legal_moves, replay
from companion.engine.phases.evaluation import price

from .engine.scenario import draws as scenario_draws
from .engine.scenario import game, set_bag


def test_an_advisor_game_is_legal_to_the_end_and_beats_random_play():
    config = GameConfig(players=("Ann", "Ben"))
    advised, inputs = play_game(config, 11, player_kind="advisor")
    assert advised.phase == "game_over"
    assert replay(config, inputs).seats[0].score == advised.seats[0].score
    random_game, _ = play_game(config, 11)
    assert sum(s.score for s in advised.seats) > sum(s.score for s in random_game.seats)


def test_the_advisor_stops_before_a_sure_explosion_and_draws_a_safe_chip():
    # round 9, droplet 20, W2 W3 drawn (whites 5): stopping pays 20 coins + 6 VP = 10 VP by the
    # model; a W3 explodes on 28, where the pot takes its 7 VP (22 coins are only 4.4 VP)
    state = draws_of(("white-2", "white-3"), ("white-3", "white-3"))
    assert AdvisorPlayer(1).act(state, 0, legal_moves(state, 0)) == Stop(0)
    safe = draws_of(("white-2", "white-3"), ("orange-1",))
    assert isinstance(AdvisorPlayer(1).act(safe, 0, legal_moves(safe, 0)), Draw)


def draws_of(drawn, left):
    state = game()
    state.round = 9
    set_bag(state, 0, *drawn, *left)
    state.seats[0].droplet = 20
    state = scenario_draws(state, 0, *drawn)
    state.decisions = []  # the flask offer lapses
    return state


def test_the_greedy_player_stops_at_even_odds_and_buys_the_dearest_chip():
    # whites 6 of 7 with two white 2s and two oranges left: half the bag explodes the pot
    state = game()
    set_bag(state, 0, "white-3", "white-3", "white-2", "white-2", "orange-1", "orange-1")
    state = scenario_draws(state, 0, "white-3", "white-3")
    state.decisions = []
    assert GreedyPlayer(1).act(state, 0, legal_moves(state, 0)) == Stop(0)
    set_bag(state, 0, "white-2", "orange-1", "orange-1")  # one in three: draw
    assert isinstance(GreedyPlayer(1).act(state, 0, legal_moves(state, 0)), Draw)
    shop = game()
    shop.phase, shop.shopper, shop.round = "shop", 0, 3
    shop.seats[0].coins = 11
    # 11 coins in round 3 (set 1): the dearest it can afford is a purple (9) ... or a blue, red or black 2 (10)
    bought = GreedyPlayer(1).act(shop, 0, legal_moves(shop, 0))
    assert isinstance(bought, Buy) and price(shop, bought.color, bought.value) == 10


def test_a_table_of_mixed_players_plays_each_seat_by_its_own_kind():
    config = GameConfig(players=("Ann", "Ben", "Cid", "Dee"))
    state, inputs = play_game(config, 3, kinds=["greedy", "random", "random", "random"])
    assert state.phase == "game_over" and replay(config, inputs).seats[0].score == state.seats[0].score
