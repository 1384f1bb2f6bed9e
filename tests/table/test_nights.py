"""Game nights: several whole games in one journal, each player's record over them."""

from collections import Counter

from companion.autoplay import RandomPlayer
from companion.engine import GameConfig, chip
from companion.table import TableSetup, start_game
from companion.table.nights import records, summarise


def play(db, players, seed, *, finish=True):
    """A whole game at a real table; what happened is tallied from the table's own outcomes."""
    table = start_game(db, TableSetup(GameConfig(players=players)))
    player = RandomPlayer(seed)
    exploded, bought = Counter(), Counter()
    while table.state.phase != "game_over" and (finish or table.state.round < 3):
        for event in table.submit(player.choose(table.state), "web").events:
            if event["event"] == "exploded":
                exploded[players[event["seat"]].strip().lower()] += 1
            elif event["event"] == "bought":
                bought[players[event["seat"]].strip().lower(), chip(event["chip"]).kind] += 1
    state = table.state
    table.close()
    return state, exploded, bought


def test_records_over_several_games_match_what_happened_at_the_table(db):
    games = [play(db, ("Ann", "Ben"), 1), play(db, ("Cid", " ann ", "Ben"), 2), play(db, ("ANN", "Dan"), 3)]
    running = play(db, ("Ann", "Ben"), 4, finish=False)

    summaries = summarise(db)
    assert [s.status for s in summaries] == ["active", "finished", "finished", "finished"]  # newest first
    assert summaries[0].round == running[0].round and not summaries[0].finished
    for summary, (state, _, _) in zip(summaries[1:], reversed(games), strict=True):
        assert summary.scores == tuple(s.score for s in state.seats)
        assert summary.winners == tuple(state.winners)

    by_name = {r.name.lower(): r for r in records(summaries)}
    assert set(by_name) == {"ann", "ben", "cid", "dan"}  # " ann " and "ANN" are Ann; the running game counts not
    for name, record in by_name.items():
        seats = [(state, [p.strip().lower() for p in state.config.players].index(name))
                 for state, _, _ in games if name in [p.strip().lower() for p in state.config.players]]
        scores = [state.seats[k].score for state, k in seats]
        assert record.games == len(seats)
        assert record.scores == scores and record.best == max(scores)
        assert record.average == sum(scores) / len(scores)
        assert record.wins == sum(k in state.winners for state, k in seats)
        assert record.explosions == sum(e[name] for _, e, _ in games)
        bought = Counter()
        for _, _, b in games:
            bought.update({kind: n for (who, kind), n in b.items() if who == name})
        assert record.bought == bought
        top = record.most_bought()
        assert [n for _, n in top] == sorted(record.bought.values(), reverse=True)[:3]
    assert by_name["ann"].games == 3


def test_a_voided_input_is_out_of_the_record_too(db):
    table = start_game(db, TableSetup(GameConfig(players=("Ann", "Ben"))))
    table.submit({"kind": "fortune"}, "host")
    orange = next(c for c in table.state.seats[0].bag if c.startswith("orange"))
    drawn = table.submit({"kind": "draw", "seat": 0, "chip": orange}, "web")
    table.void(drawn.seq)
    table.close()
    (summary,) = summarise(db)
    assert summary.players == ("Ann", "Ben") and summary.scores == (0, 0) and summary.round == 1
    assert records([summary]) == []  # not finished: no record yet
