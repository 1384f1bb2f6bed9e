"""Seeded players that only ever pick from the engine's legal actions.

Used by `quacks simulate`, the fuzz tests and the benchmarks. Chance (which chip leaves the bag,
the die face) is uniform. The random player's choices are random but not absurd: a seat stops
drawing with the probability that its next chip explodes the pot, and shops while it can. The
advisor draws, stops and answers offers by the DRAW/STOP search and shops by a simple policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .advice import Search, TooDeep, answered, ignore_offers, worth
from .engine import (
    Action,
    Buy,
    Choose,
    Draw,
    Fortune,
    GameConfig,
    GameState,
    Moves,
    Spend,
    Stop,
    apply,
    catalog,
    explosion_risk,
    legal_moves,
    new_game,
    waiting_for,
)
from .engine.expansions.herb_witches import bowl
from .engine.phases.evaluation import DIE, REWARD, price


def below(rng: random.Random, n: int) -> int:
    """A uniform whole number from 0 to n - 1: the fewest random bits that can reach n, drawn again
    while they make n or more. This is how CPython's `Random.choice` and `randrange(n)` draw, so a
    seed plays the same games as with them; written out, it takes one Python call rather than
    their two, for nearly every input the random player sends, and no longer depends on them."""
    if n < 1:
        raise IndexError("nothing to choose from")
    bits = n.bit_length()
    found = rng.getrandbits(bits)
    while found >= n:
        found = rng.getrandbits(bits)
    return found


class RandomPlayer:
    """`cards`: the start player turns up a random unused Fortune Teller card each round."""

    def __init__(self, seed: int, cards: bool = False) -> None:
        self.rng = random.Random(seed)
        self.cards = cards

    def choose(self, state: GameState) -> Action:
        seats = waiting_for(state)
        seat = seats[below(self.rng, len(seats))]
        moves = legal_moves(state, seat)
        if seat is None:
            cards = [c for c in moves.cards if c is not None]
            return Fortune(cards[below(self.rng, len(cards))] if self.cards and cards else moves.cards[0])
        return self.act(state, seat, moves)

    def act(self, state: GameState, seat: int, moves: Moves) -> Action:
        rng = self.rng
        draws, answers = moves.looks + moves.draws if moves.looks else moves.draws, moves.choices
        if draws and moves.stop:  # brewing with nothing blocking: stop, take an offer, or draw on
            exploding, bag = explosion_risk(state.seats[seat])
            if rng.random() < exploding / bag:
                return Stop(seat)
            if answers and rng.random() < 0.5:
                decision, key = answers[below(rng, len(answers))]
                return Choose(seat, decision, (key,))
            return Draw(seat, draws[below(rng, len(draws))])
        if draws and not answers:  # looking at chips for a crow skull
            return Draw(seat, draws[below(rng, len(draws))])
        if moves.buys and rng.random() < 0.9:
            return Buy(seat, *moves.buys[below(rng, len(moves.buys))])
        others = Moves(seat, returns=moves.returns, choices=moves.choices, stop=moves.stop, buys=moves.buys,
                       spends=moves.spends)  # neither draws nor done
        count = others.size()
        if not count:
            others, count = moves, moves.size()
        return others.pick(below(rng, count))  # building only the input picked


class AdvisorPlayer(RandomPlayer):
    """Plays each potion phase by the advice; chance stays uniform.

    Brewing: stop, draw, or take an offer (flask, mandrake), whichever the search values most;
    the crow skull's pick likewise. Where the search would pass `LIMIT` positions it falls back
    to the random player's rule. Shop: the dearest chip it can afford, then the dearest of another
    colour with what is left. Rubies: refill an empty flask, then droplet steps while a step is worth
more than the VP its rubies bring at the end. An exploded pot
    takes what the value model prices higher; every other choice is the first option offered.
    """

    LIMIT = 1000

    def act(self, state: GameState, seat: int, moves: Moves) -> Action:
        mine = moves.actions()
        if state.phase == "brewing" and state.seats[seat].status == "brewing":
            best = self.brew(state, seat, mine)
            if best is not None:
                return best
        elif state.phase == "shop":
            buys = [a for a in mine if isinstance(a, Buy)]
            return max(buys, key=lambda b: (price(state, b.color, b.value) or 0, b.value)) if buys else mine[-1]
        elif state.phase == "spend":
            spends = [a for a in mine if isinstance(a, Spend)
                      and (a.what == "flask" or worth(state.round).droplet >= catalog.DROPLET_COST / catalog.RUBIES_PER_VP)]
            return next((a for a in spends if a.what == "flask"), spends[0] if spends else mine[-1])
        answers = [a for a in mine if isinstance(a, Choose)]
        if answers and not any(d.rule == DIE for d in state.decisions_for(seat)):
            reward = next((d for d in state.decisions_for(seat) if d.rule == REWARD), None)
            if reward is not None:
                space = catalog.POT_TRACK[state.seats[seat].scoring_space]
                points = space.vp + bowl.points(state.seats[seat])  # the overflow bowl's come with the points
                key = "coins" if space.coins * worth(state.round).coin > points else "points"
                return next(a for a in answers if a.decision == reward.id and a.keys == (key,))
            return answers[0]
        return super().act(state, seat, moves)

    def brew(self, state: GameState, seat: int, mine: list[Action]) -> Action | None:
        """The search's best move, or None to leave it to the random rule (chance, or too deep)."""
        search = Search(state, seat, limit=self.LIMIT)
        pending = state.blocking_decision(seat)
        draws = [a for a in mine if isinstance(a, Draw)]
        try:
            if pending is not None:
                if draws or pending.rule == DIE:
                    return None  # looking at chips or rolling the die (a card's roll while brewing): chance
                choices = [a for a in mine if isinstance(a, Choose) and a.decision == pending.id]
                return max(choices, key=lambda a: search.settle(answered(state, seat, a.decision, a.keys[0])).value)
            now = ignore_offers(state, seat)
            options: list[tuple[float, Action]] = [(search.end(now).value, Stop(seat))]
            drawn = search.draw(now)
            if drawn is not None and draws:
                options.append((drawn.value, draws[below(self.rng, len(draws))]))
            options += [(search.settle(answered(state, seat, a.decision, a.keys[0])).value, a)
                        for a in mine if isinstance(a, Choose)]
        except TooDeep:
            return None
        return max(options, key=lambda o: o[0])[1]


PLAYERS: dict[str, type[RandomPlayer]] = {"random": RandomPlayer, "advisor": AdvisorPlayer}


def play_game(config: GameConfig, seed: int,
              on_step: Callable[[GameState, Action, list[dict]], None] | None = None,
              cards: bool = False, player_kind: str = "random") -> tuple[GameState, list[Action]]:
    """Play one complete game; `on_step` sees the state and events after every input."""
    player = PLAYERS[player_kind](seed, cards)
    state = new_game(config)
    inputs: list[Action] = []
    while state.phase != "game_over":
        action = player.choose(state)
        events = apply(state, action)
        inputs.append(action)
        if on_step:
            on_step(state, action, events)
    return state, inputs
