"""Evaluation steps A-F, the end of a round and the end of the game.

The bonus die (`die.py`) and the price list (`prices.py`) are read here too, under the names the
shop and the cards have always used.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any

from .. import catalog
from ..context import Ctx
from ..errors import IllegalAction
from ..expansions import exchange
from ..expansions.herb_witches import bowl, witches
from ..ingredients import active_rules
from ..model import EXPLODED, Decision, GameConfig, GameState, LastSetup, Option
from ..text import N_, say, say_n
from .die import DIE as DIE
from .die import DIE_KIND as DIE_KIND
from .die import ask_die as ask_die
from .die import resolve_die as resolve_die
from .prices import PRICE_LISTS, by_round
from .prices import book_prices as book_prices
from .prices import price_list as price_list

REWARD = "core/reward"
GAME_OVER = "game_over"

EVALUATION_ORDER: tuple[str, ...] = (
    "green",   # reads the last two chips before purple sets 2 and 4 take chips out; set 3 moves the last chip
    "purple",  # set 3 reads the spaces after green set 3's move
    "black",   # compares black chips between neighbours: purple never trades black chips away
)
"""Order of the chip actions in step B within one seat (seats go clockwise from the start player)."""


def is_last_round(state: GameState) -> bool:
    return state.round >= catalog.ROUNDS


# A: bonus die ------------------------------------------------------------------------------

def enter_bonus_die(state: GameState, events: list[dict[str, Any]]) -> None:
    """Whoever did not explode and reached the furthest scoring space rolls; ties all roll."""
    best, rolling = -1, []  # one pass in turn order: the seats' spaces are worked out once
    for n in state.turn_order():
        seat = state.seats[n]
        if seat.status != EXPLODED or witches.unharmed(seat):
            space = seat.scoring_space
            if space > best:
                best, rolling = space, [n]
            elif space == best:
                rolling.append(n)
    if not rolling:
        events.append({"event": "no_roll", "seat": None, "why": N_("every pot exploded")})
    for n in rolling:
        ask_die(Ctx(state, n, events))


# B: chip actions ---------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _work_out_evaluators(config: GameConfig) -> tuple[Callable[[Ctx], None], ...]:
    """Step B's actions of this setup's books, in `EVALUATION_ORDER`: the same every round."""
    rules = active_rules(config)
    return tuple(rule.on_evaluate for color in EVALUATION_ORDER if (rule := rules.get(color)) and rule.on_evaluate)


_EVALUATORS = LastSetup(_work_out_evaluators)


def enter_chip_actions(state: GameState, events: list[dict[str, Any]]) -> None:
    evaluators = _EVALUATORS.of(state.config)
    for n in state.turn_order():
        ctx = Ctx(state, n, events)
        for evaluate in evaluators:
            evaluate(ctx)


# C: rubies ---------------------------------------------------------------------------------

def pay_rubies(state: GameState, events: list[dict[str, Any]]) -> None:
    """A ruby on the scoring space pays whether the pot exploded or not."""
    for n in state.turn_order():
        if catalog.POT_TRACK[state.seats[n].scoring_space].ruby:
            Ctx(state, n, events).gain_rubies(1, N_("scoring space"))


# D and E: points, coins ---------------------------------------------------------------------

_POINTS_OR_COINS = say("Your pot exploded: take the victory points or the coins")
"""The exploded pot's question, made once (a `Text` is never changed once made)."""


@cache
def _take_points(points: int) -> Option:
    """The exploded pot's answer that takes the points: made once per number of points, as an
    `Option` is never changed once made."""
    return Option("points", say_n("{n} victory point", "{n} victory points", points))


@cache
def _take_coins(coins: int, last_round: bool) -> Option:
    """The exploded pot's answer that takes the coins (in the last round, what they are worth at
    the end): made once per number of coins."""
    if last_round:
        points = say_n("{n} victory point", "{n} victory points", coins // catalog.COINS_PER_VP)
        return Option("coins", say_n("{n} coin ({points} at the end)", "{n} coins ({points} at the end)", coins,
                                     points=points))
    return Option("coins", say_n("{n} coin to shop with", "{n} coins to shop with", coins))


def enter_rewards(state: GameState, events: list[dict[str, Any]]) -> None:
    """Unexploded pots pay points and coins; an exploded pot's owner chooses one of the two,
    unless a blue chip's window (blue set 2) or a witch (H-E4) covered the explosion. The overflow
    bowl's points come with the space's points."""
    for n in state.turn_order():
        seat = state.seats[n]
        space = catalog.POT_TRACK[seat.scoring_space]
        ctx = Ctx(state, n, events)
        if seat.status == EXPLODED and not seat.insured_explosion and not witches.unharmed(seat):
            points = space.vp + bowl.points(seat) if seat.bowl else space.vp
            ctx.ask("exploded.reward", REWARD, _POINTS_OR_COINS,
                    [_take_points(points), _take_coins(space.coins, is_last_round(state))])
        else:
            seat.reward = "both"
            ctx.gain_points(space.vp, N_("scoring space"))
            if seat.bowl:  # an empty bowl (always, without The Herb Witches) scores nothing
                bowl.score(ctx)
            seat.coins = space.coins
            ctx.emit("coins", amount=space.coins)


def resolve_reward(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    seat = ctx.seat
    space = catalog.POT_TRACK[seat.scoring_space]
    seat.reward = keys[0]
    if keys[0] == "points":
        ctx.gain_points(space.vp, N_("scoring space"))
        if seat.bowl:
            bowl.score(ctx)
    else:
        seat.coins = space.coins
        ctx.emit("coins", amount=space.coins)


# E: the shop -------------------------------------------------------------------------------

def price(state: GameState, color: str, value: int) -> int | None:
    """What a chip costs this round, or None if it cannot be bought at all."""
    return PRICE_LISTS.of(state.config)[state.round].get((color, value))


Offer = tuple[tuple[str, int], int, str, str]
"""A chip for sale: (colour, value), cost, colour, supply key."""


def _work_out_offers(config: GameConfig, round_no: int) -> tuple[tuple[Offer, ...], tuple[Offer, ...]]:
    """The price list's offers, each made once, in its order and cheapest first (whether a seat can
    buy at all is asked after every purchase, and the cheapest offers answer it soonest)."""
    listed = [((color, value), cost, color, f"{color}-{value}")
              for (color, value), cost in price_list(config, round_no).items()]
    return tuple(listed), tuple(sorted(listed, key=itemgetter(1)))


_FOR_SALE = by_round(_work_out_offers)


def offers(state: GameState, seat_no: int) -> list[tuple[str, int]]:
    """(colour, value) of the chips the seat may buy now: affordable, in stock, a colour not yet bought."""
    seat = state.seats[seat_no]
    if len(seat.bought) >= catalog.MAX_PURCHASES:
        return []
    coins, bought, supply = seat.coins, seat.bought, state.supply
    found = []
    for offer, cost, color, kind in _FOR_SALE.of(state.config)[state.round][0]:
        if cost <= coins and color not in bought and supply.get(kind):
            found.append(offer)
    return found


def _can_buy_chip(state: GameState, seat_no: int) -> bool:
    """Whether `offers` has any: cheapest first, so the search ends at the first chip too dear."""
    seat = state.seats[seat_no]
    if len(seat.bought) >= catalog.MAX_PURCHASES:
        return False
    coins, bought, supply = seat.coins, seat.bought, state.supply
    for _, cost, color, kind in _FOR_SALE.of(state.config)[state.round][1]:
        if cost > coins:
            return False
        if color not in bought and supply.get(kind):
            return True
    return False


def can_shop(state: GameState, seat_no: int) -> bool:
    """Whether the seat can still buy anything (a chip, or victory points at the exchange stand) or
    call a buying witch."""
    return _can_buy_chip(state, seat_no) or exchange.can_buy_points(state, seat_no) \
        or witches.shops(state, seat_no)


def enter_shop(state: GameState, events: list[dict[str, Any]]) -> None:
    if is_last_round(state):
        return
    state.shopper = None
    _next_shopper(state, events)


def _next_shopper(state: GameState, events: list[dict[str, Any]]) -> None:
    """Hand the shop to the next seat in turn order that can buy something."""
    order = state.turn_order()
    start = 0 if state.shopper is None else order.index(state.shopper) + 1
    for n in order[start:]:
        if can_shop(state, n):
            state.shopper = n
            return
        _leave_shop(state, n, events)
    state.shopper = None


def _leave_shop(state: GameState, n: int, events: list[dict[str, Any]]) -> None:
    seat = state.seats[n]
    witches.withdraw(state, n)
    if seat.coins:
        events.append({"event": "coins_lost", "seat": n, "amount": seat.coins})
    seat.coins = 0


def shop_done(state: GameState) -> bool:
    return state.shopper is None and not state.decisions


def buy(state: GameState, seat_no: int, color: str, value: int, chip_id: str | None,
        events: list[dict[str, Any]]) -> None:
    _check_shopper(state, seat_no)
    seat = state.seats[seat_no]
    if color == exchange.POINTS:
        if seat.reward == "points":  # Q-E3: points are a purchase; a buying witch's turn buys chips only
            raise IllegalAction("took_points", f"{seat.name}'s pot exploded and {seat.name} took the victory points: "
                                "an exploded pot gives points or coins, not both, so there is nothing to buy points with")
        if chip_id is not None:
            raise IllegalAction("malformed", "victory points are bought without a chip: leave out 'chip'")
        exchange.buy_points(Ctx(state, seat_no, events), value)
        _after_buying(state, seat_no, events)
        return
    cost = PRICE_LISTS.of(state.config)[state.round].get((color, value))  # `price`, one call fewer
    if cost is None:
        raise IllegalAction("not_for_sale", _not_for_sale(state, color, value))
    if color in seat.bought:
        raise IllegalAction("same_color", f"{seat.name} already bought a {color} chip: two chips must differ in colour")
    if len(seat.bought) >= catalog.MAX_PURCHASES:
        raise IllegalAction("two_bought", f"{seat.name} has already bought {catalog.MAX_PURCHASES} chips, "
                            "the most a player buys in a round")
    if cost > seat.coins:
        raise IllegalAction("too_expensive", f"a {color} {value} costs {cost} coins; {seat.name} has {seat.coins}")
    stock = state.supply.get(f"{color}-{value}", [])
    if not stock:
        raise IllegalAction("sold_out", f"the supply is limited: no {color} {value}-chips are left")
    read = chip_id is not None
    if chip_id is None:
        chip_id = stock[0]
    elif chip_id not in stock:
        raise IllegalAction("not_in_supply", f"{chip_id} is not a {color} {value}-chip in the supply")
    seat.coins -= cost
    seat.bought.append(color)
    events.append({"event": "bought", "seat": seat_no, "chip": chip_id, "cost": cost})
    Ctx(state, seat_no, events).gain(chip_id, seen=read)
    witches.free_copy(state, seat_no, chip_id, events)
    _after_buying(state, seat_no, events)


def _after_buying(state: GameState, seat_no: int, events: list[dict[str, Any]]) -> None:
    """A seat that can buy nothing more leaves the shop to the next."""
    if not can_shop(state, seat_no):
        _leave_shop(state, seat_no, events)
        _next_shopper(state, events)


def _not_for_sale(state: GameState, color: str, value: int) -> str:
    """Why the shop has no such chip: white is never sold, a book not laid out yet, or no such chip."""
    if color == "white":
        return "white chips are never for sale"
    opens = catalog.BOOK_FROM_ROUND.get(color, 1)
    if state.round < opens:
        return f"the {color} book is laid out before round {opens}: no {color} chips are for sale in round {state.round}"
    return f"there is no {color} {value}-chip in the shop"


def finish_shopping(state: GameState, seat_no: int, events: list[dict[str, Any]]) -> None:
    _check_shopper(state, seat_no)
    _leave_shop(state, seat_no, events)
    _next_shopper(state, events)


def _check_shopper(state: GameState, seat_no: int) -> None:
    seat = state.seats[seat_no]
    if seat.reward == "points" and state.phase in ("rewards", "shop") and state.shopper != seat_no:
        raise IllegalAction("took_points", f"{seat.name}'s pot exploded and {seat.name} took the victory points: "
                            "an exploded pot gives points or coins, not both, so there is nothing to shop with")
    if state.phase != "shop":
        raise IllegalAction("wrong_phase", f"chips are bought in the shop, not in {state.phase}")
    if state.shopper is not None and state.shopper != seat_no:
        order = state.turn_order()
        shopper = state.seats[state.shopper].name
        if order.index(seat_no) < order.index(state.shopper):
            raise IllegalAction("not_your_turn", f"{seat.name} has finished shopping this round; it is {shopper}'s turn")
        raise IllegalAction("not_your_turn", f"it is {shopper}'s turn to shop: players shop one after another, "
                            "clockwise from the start player")


# F: spending rubies ------------------------------------------------------------------------

SPENDS = ("droplet", "flask")


def spends(state: GameState, seat_no: int) -> list[str]:
    seat = state.seats[seat_no]
    if seat.done or seat.rubies < witches.ruby_cost(seat, catalog.DROPLET_COST):
        return []
    found = ["droplet"]
    if not seat.flask_full and seat.rubies >= witches.ruby_cost(seat, catalog.FLASK_COST):
        found.append("flask")
    return found


def enter_spend(state: GameState, events: list[dict[str, Any]]) -> None:
    last = is_last_round(state)
    for n, seat in enumerate(state.seats):
        seat.done = last or not (spends(state, n) or witches.spends(state, n))


def spend_done(state: GameState) -> bool:
    for s in state.seats:  # a loop, not all(): asked after every input of the step
        if not s.done:
            return False
    return not state.decisions


def spend(state: GameState, seat_no: int, what: str, events: list[dict[str, Any]]) -> None:
    seat = state.seats[seat_no]
    if what not in SPENDS:
        raise IllegalAction("malformed", f"rubies are spent on 'droplet' or 'flask', not {what!r}")
    cost = witches.ruby_cost(seat, catalog.DROPLET_COST if what == "droplet" else catalog.FLASK_COST)
    if seat.rubies < cost:
        raise IllegalAction("too_few_rubies", f"{'moving the droplet' if what == 'droplet' else 'refilling the flask'} "
                            f"costs {cost} rubies; {seat.name} has {seat.rubies}")
    if what == "flask" and seat.flask_full:
        raise IllegalAction("flask_full", f"{seat.name}'s flask is already full")
    _check_spender(state, seat_no)
    ctx = Ctx(state, seat_no, events)
    seat.rubies -= cost
    if what == "droplet":
        ctx.move_droplet(1, N_("rubies"))
    else:
        seat.flask_full = True
        ctx.emit("flask_refilled")
    settle_spender(state, seat_no)


def settle_spender(state: GameState, seat_no: int) -> None:
    """A seat that can spend no more is done, once it has chosen where its droplet moved (the
    test-tube glass it chose may pay a ruby, enough for one more step)."""
    if state.seats[seat_no].done:
        return
    for d in state.decisions:  # a plain loop, not `decisions_for`'s list
        if d.seat == seat_no:
            return
    state.seats[seat_no].done = not (spends(state, seat_no) or witches.spends(state, seat_no))


def finish_spending(state: GameState, seat_no: int, events: list[dict[str, Any]]) -> None:
    _check_spender(state, seat_no)
    state.seats[seat_no].done = True
    witches.withdraw(state, seat_no)


def _check_spender(state: GameState, seat_no: int) -> None:
    if state.phase != "spend":
        raise IllegalAction("wrong_phase", f"rubies are spent at the end of the round, not in {state.phase}")
    if state.seats[seat_no].done:
        raise IllegalAction("done", f"{state.seats[seat_no].name} has finished spending rubies this round")


# end of round and game ---------------------------------------------------------------------

_CHIP_ID = itemgetter(0)
"""A pot's (chip, space) -> the chip."""


def end_round(state: GameState, events: list[dict[str, Any]]) -> None:
    """Chips go back into the bags (chips kept beside a pot, or to be laid first next round, stay
    out), rats leave the pots, a
    threshold raised for the round (a card, the yellow book) falls back, the next player starts."""
    for seat in state.seats:
        seat.round_scores.append(seat.score)
        if seat.first:  # green set 5; most seats keep none out
            seat.first = [cid for cid in seat.first if any(cid == placed for placed, _ in seat.pot)]
            back = [cid for cid, _ in seat.pot if cid not in seat.first]
        else:
            back = list(map(_CHIP_ID, seat.pot))
        seat.put_in_bag(back + seat.hand + seat.laid_out)
        if seat.bowl:
            seat.put_in_bag(seat.bowl)
        seat.set_pot([], [])
        seat.hand, seat.pending, seat.laid_out = [], [], []
        seat.rat, seat.threshold = 0, state.config.threshold
        seat.reward, seat.coins, seat.bought, seat.done = None, 0, [], False
        seat.insured = seat.vacated = 0
        seat.called, seat.passed = [], []
    state.fortune, state.card_data = None, {}
    state.start_player = (state.start_player + 1) % len(state.seats)
    events.append({"event": "round_end", "seat": None, "round": state.round})


def close_round(state: GameState, events: list[dict[str, Any]]) -> None:
    """After round 9 the final scoring; otherwise the round ends and the next one is set up."""
    if is_last_round(state):
        final_scoring(state, events)
        state.phase = GAME_OVER
        return
    end_round(state, events)
    state.round += 1


def start_round(state: GameState, events: list[dict[str, Any]]) -> None:
    """Round-start events from the turn indicator (a book opens by the round number: `price_list`)."""
    events.append({"event": "round_start", "seat": None, "round": state.round})
    if state.round == catalog.EXTRA_WHITE_ROUND:
        for n in state.turn_order():
            Ctx(state, n, events).chip_from_supply("white", 1, why=N_("the round's extra white chip"))


def final_scoring(state: GameState, events: list[dict[str, Any]]) -> None:
    """Coins (5 per point) and rubies (2 per point) become points; more points never hurt, so all convert.
    With The Herb Witches each unspent penny is worth 2 points.

    The last round's score is recorded before they convert, so results can show each part."""
    for n in state.turn_order():
        seat = state.seats[n]
        seat.round_scores.append(seat.score)
        ctx = Ctx(state, n, events)
        from_coins = exchange.coin_points(state, seat)
        ctx.gain_points(from_coins, N_("coins"))
        seat.coins = 0
        converted = seat.rubies // catalog.RUBIES_PER_VP
        seat.rubies -= converted * catalog.RUBIES_PER_VP
        ctx.gain_points(converted, N_("rubies"))
        seat.final_points = {"coins": from_coins, "rubies": converted}
        if exchange.side(state.config) == exchange.BROWN:
            from_stand = exchange.final_points(state, seat)
            ctx.gain_points(from_stand, exchange.WHY)
            seat.final_points["stand"] = from_stand
        if state.config.has("witches"):
            from_pennies = catalog.PENNY_VP * len(seat.pennies)
            ctx.gain_points(from_pennies, N_("witch pennies"))
            seat.final_points["pennies"] = from_pennies
    best = max(s.score for s in state.seats)
    leaders = [n for n, s in enumerate(state.seats) if s.score == best]
    furthest = max(state.seats[n].scoring_space for n in leaders)
    state.winners = [n for n in leaders if state.seats[n].scoring_space == furthest]
    events.append({"event": "game_over", "seat": None, "winners": state.winners})
