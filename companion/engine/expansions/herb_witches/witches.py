"""The Herb Witches: the 12 witches, the pennies that pay them, and the moment each may be called.

Three witches are laid out, one of each type (`GameConfig.witches`). Every seat holds one penny
per type (`Seat.pennies`) and may call each laid-out witch once a game by spending her type's
penny, at her moment only. The penny is keyed on the type; its metal is only a label (fact sheet
D1, D2). A call is a non-blocking offer (decision kind "witch") that exists only while the witch
is usable. While the seat brews, shops or spends rubies the offer stands beside its other inputs
and its next draw, stop or "done" withdraws it (`refresh` offers it again while it is usable); at
a step of the evaluation, or right after an explosion, the seat has no other input, so the offer
comes with "not this time" and the step waits for the answer, as for the test-tube droplet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ... import catalog
from ...context import Ctx
from ...ingredients.labels import chip_label, kind_label
from ...model import BREWING, EXPLODED, Decision, GameState, Option, Seat, chip
from ...text import N_, Text, say, say_n

Events = list[dict[str, Any]]

EXPLOSION, BUYING, POINTS = "explosion", "buying", "points"
TYPES: tuple[str, ...] = (EXPLOSION, BUYING, POINTS)
METALS: dict[str, str] = {EXPLOSION: N_("silver"), BUYING: N_("copper"), POINTS: N_("gold")}
"""The penny's metal per type as the research note reads the rulebook (D1: a review has bronze
for the explosion witches and silver for the buying ones; only the labels would change)."""

RULE = "core/witch"
OFFER = "witch"
LOOK = "witch.look"
CALL, PASS, NONE, LAST = "call", "pass", "none", "last"

UPGRADABLE: tuple[str, ...] = ("green", "blue", "red", "yellow")
"""Colours the upgrade witch (H-B1) raises a level: those with 1-, 2- and 4-chips (never orange;
white and the one-value colours have no next level, Q-H3)."""


@dataclass(frozen=True)
class Witch:
    id: str  # the fact sheet's id: H-E1..H-E4, H-B1..H-B4, H-G1..H-G4
    type: str  # EXPLOSION, BUYING or POINTS: the penny that pays her
    name: str  # a short title (catalog source string)
    text: str  # what she does (catalog source string)
    moment: str  # one of MOMENTS
    usable: Callable[[GameState, int], bool]  # her effect applies to this seat now (penny aside)
    call: Callable[[Ctx, Decision, str], None]  # what she does; the option key chosen
    options: Callable[[GameState, int], list[Option]] | None = None  # several ways to call her


MOMENTS: dict[str, str] = {
    "explosion": "brewing",  # right after the seat's pot exploded
    "brewing": "brewing",  # while the seat brews
    "evaluation": "brewing",  # once the potion phase is over, before the bonus die
    "rubies": "rubies",  # step C
    "points": "rewards",  # step D
    "shop": "shop",  # step E, while the seat shops (round 9: once the step is over)
    "spend": "spend",  # step F
}
"""Moment -> the phase it belongs to."""

STANDING: dict[str, tuple[str, ...]] = {"brewing": ("explosion", "brewing"), "shop": ("shop",), "spend": ("spend",)}
"""Phases whose witches are offered beside the seat's other inputs, after every input."""

AT_END: dict[str, str] = {"brewing": "evaluation", "rubies": "rubies", "rewards": "points", "shop": "shop"}
"""Phase -> the moment offered once the phase's own work is done; the phase waits for the answers."""


def _last_round(state: GameState) -> bool:
    return state.round >= catalog.ROUNDS


def _whites(seat: Seat) -> list[str]:
    """The white chips in the pot, last placed last."""
    return [cid for cid, _ in seat.pot if chip(cid).color == "white"]


# H-E1..H-E4: explosions and brewing ----------------------------------------------------------

def _flask_after_explosion_usable(state: GameState, n: int) -> bool:
    seat = state.seats[n]
    return seat.status == EXPLODED and seat.flask_full and seat.in_pot("white") > 0


def _flask_after_explosion(ctx: Ctx, decision: Decision, key: str) -> None:
    """The white that exploded the pot goes back; questions its stop opened (red set 2) are moot."""
    seat = ctx.seat
    white = _whites(seat)[-1]
    seat.flask_full = False
    ctx.state.set_status(ctx.seat_no, BREWING)
    ctx.state.decisions = [d for d in ctx.state.decisions if d.seat != ctx.seat_no]
    ctx.emit("flask", chip=white)
    ctx.pot_to_bag([white], None)
    ctx.emit("unexploded", white_total=seat.white_total)


H_E1 = Witch(
    "H-E1", EXPLOSION, N_("Flask after an explosion"),
    N_("Right after your pot explodes, if your flask is full: use it anyway. The white chip goes "
       "back into the bag, the explosion is undone and you may draw on or stop."),
    "explosion", _flask_after_explosion_usable, _flask_after_explosion,
)


def _draw_six_usable(state: GameState, n: int) -> bool:
    seat = state.seats[n]
    if seat.status != BREWING or not seat.bag or seat.hand:
        return False
    return state.blocking_decision(n) is None


def _draw_six(ctx: Ctx, decision: Decision, key: str) -> None:
    """The six come out of the bag as the seat's one chip of a "Stir!" (stir.py)."""
    ctx.seat.drawn += 1
    reveal = min(catalog.WITCH_DRAW, len(ctx.seat.bag))
    ctx.ask(LOOK, RULE, say_n("Witch: draw {n} chip, then place it or not",
                              "Witch: draw {n} chips, then place any of them one by one", reveal),
            [Option(NONE, say("Place no more, the rest go back"))], data={"reveal": reveal})


H_E2 = Witch(
    "H-E2", EXPLOSION, N_("Draw six"),
    N_("While you brew: draw 6 chips from your bag and place any of them, one at a time, each with "
       "its action; the others go back into the bag."),
    "brewing", _draw_six_usable, _draw_six,
)


def _placed_from_six(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """Place the chosen chip (with its action) and ask again about the rest. The rest go back once
    the seat places none, its pot explodes or fills, or a chip placed opens a look of its own (a
    crow skull: its look needs the hand)."""
    seat = ctx.seat
    ctx.close(decision)
    if keys[0] != NONE:
        ctx.place(keys[0])
    rest = list(seat.hand)
    if keys[0] != NONE and rest and seat.status == BREWING and ctx.state.blocking_decision(ctx.seat_no) is None:
        ctx.ask(LOOK, RULE, say("Witch: place another of the drawn chips?"),
                [*(Option(c, say("Place {chip}", chip=chip_label(c))) for c in rest),
                 Option(NONE, say("Place no more, the rest go back"))], data={"reveal": len(rest)})
        return
    if rest:
        seat.hand = []
        ctx.put_back(rest, N_("witch"))


def _whites_back_usable(state: GameState, n: int) -> bool:
    seat = state.seats[n]
    return seat.status == BREWING and seat.in_pot("white") > 0 and state.blocking_decision(n) is None


def _whites_back_options(state: GameState, n: int) -> list[Option]:
    whites = _whites(state.seats[n])[-catalog.WITCH_WHITES_BACK:]
    if len(whites) == 1:
        return [Option("1", say("Put back {chip}", chip=chip_label(whites[0])))]
    return [Option("2", say("Put back {first} and {second}", first=chip_label(whites[0]), second=chip_label(whites[1]))),
            Option("1", say("Put back only {chip}", chip=chip_label(whites[1])))]


def _whites_back(ctx: Ctx, decision: Decision, key: str) -> None:
    """Their spaces stay empty: the next chip counts from the newest chip left (Q-H4)."""
    ctx.pot_to_bag(_whites(ctx.seat)[-int(key):], N_("witch"))


H_E3 = Witch(
    "H-E3", EXPLOSION, N_("Two whites back"),
    N_("While you brew: put the last 2 white chips you placed back into the bag (or only the last "
       "one); the next chip counts from your newest chip left."),
    "brewing", _whites_back_usable, _whites_back, _whites_back_options,
)


def unharmed(seat: Seat) -> bool:
    """The witch H-E4 keeps an exploded pot's points, coins and bonus die."""
    return "H-E4" in seat.called


def _no_penalty_usable(state: GameState, n: int) -> bool:
    return state.seats[n].status == EXPLODED


def _in_force(ctx: Ctx, decision: Decision, key: str) -> None:
    """A witch whose effect the evaluation, the shop or the ruby step reads later this round."""
    ctx.seat.called.append(decision.data["witch"])


H_E4 = Witch(
    "H-E4", EXPLOSION, N_("No explosion penalty"),
    N_("After the potion phase, if your pot exploded: take both the victory points and the coins of "
       "your scoring space, and roll the bonus die if your space is the furthest."),
    "evaluation", _no_penalty_usable, _in_force,
)


# H-B1..H-B4: the shop ----------------------------------------------------------------------------

def _upgrade(state: GameState, chip_id: str) -> str | None:
    """The kind one level up (`GameConfig.next_value`: 1 -> 2 -> 4) of a chip of an upgradable
    colour, while the box has one."""
    c = chip(chip_id)
    value = state.config.next_value(c.color, c.value) if c.color in UPGRADABLE else None
    kind = f"{c.color}-{value}"
    return kind if value and state.supply.get(kind) else None


def _upgrade_options(state: GameState, n: int) -> list[Option]:
    pot = [cid for cid, _ in state.seats[n].pot]
    options = []
    last = pot[-2:]
    kinds = [_upgrade(state, c) for c in last]
    if len(last) == 2 and kinds[0] and kinds[1] and (kinds[0] != kinds[1] or len(state.supply[kinds[0]]) >= 2):
        options.append(Option(LAST, say("Upgrade the last two chips: {first} and {second}",
                                        first=chip_label(last[0]), second=chip_label(last[1]))))
    for cid in pot:
        if kind := _upgrade(state, cid):
            color, value = kind.rsplit("-", 1)
            options.append(Option(cid, say("Upgrade {chip} to a {better}", chip=chip_label(cid),
                                           better=kind_label(color, int(value)))))
    return options


def _upgrade_usable(state: GameState, n: int) -> bool:
    """A chip in the pot has a level up in the box (the last two, when they do, are two such
    chips): whether there are options, without making their words."""
    for cid, _ in state.seats[n].pot:
        if _upgrade(state, cid):
            return True
    return False


def _upgrade_chips(ctx: Ctx, decision: Decision, key: str) -> None:
    """The bigger chip goes into the bag, the smaller one back into the box."""
    chips = [cid for cid, _ in ctx.seat.pot][-2:] if key == LAST else [key]
    for cid in chips:
        kind = _upgrade(ctx.state, cid)
        if kind:
            ctx.trade_up(cid, int(kind.rsplit("-", 1)[1]), N_("witch"))


H_B1 = Witch(
    "H-B1", BUYING, N_("Upgrade"),
    N_("In the shop: upgrade the last 2 chips in your pot one level each, or any 1 chip in your pot "
       "(1 to 2, 2 to 4; never orange). The bigger chip goes into your bag."),
    "shop", _upgrade_usable, _upgrade_chips, _upgrade_options,
)


def _shops(state: GameState, n: int) -> bool:
    seat = state.seats[n]
    return seat.reward != "points" and seat.coins > 0


def _double_coins_usable(state: GameState, n: int) -> bool:
    return _shops(state, n) and not state.seats[n].bought


def _double_coins(ctx: Ctx, decision: Decision, key: str) -> None:
    ctx.seat.coins *= 2
    ctx.emit("coins", amount=ctx.seat.coins)


H_B2 = Witch(
    "H-B2", BUYING, N_("Double coins"),
    N_("In the shop, before you buy: double your coins (you still buy at most 2 chips of different "
       "colours). In round 9: double them before they become victory points."),
    "shop", _double_coins_usable, _double_coins,
)


def _free_copy_usable(state: GameState, n: int) -> bool:
    return _shops(state, n) and len(state.seats[n].bought) < catalog.MAX_PURCHASES


H_B3 = Witch(
    "H-B3", BUYING, N_("Free copy"),
    N_("In the shop: the next chip you buy comes twice; the copy is free."),
    "shop", _free_copy_usable, _in_force,
)


def free_copy(state: GameState, seat_no: int, chip_id: str, events: Events) -> None:
    """A chip just bought: with the witch H-B3 called, an identical one comes free, if the box has one."""
    seat = state.seats[seat_no]
    if "H-B3" in seat.called:
        seat.called.remove("H-B3")
        Ctx(state, seat_no, events).chip_from_supply(chip(chip_id).color, chip(chip_id).value, N_("witch"))


def _rubies_to_coins_usable(state: GameState, n: int) -> bool:
    return state.seats[n].rubies > 0


def _rubies_to_coins(ctx: Ctx, decision: Decision, key: str) -> None:
    """An exploded pot whose owner took the points shops with these coins only."""
    seat = ctx.seat
    seat.coins += catalog.WITCH_COINS_PER_RUBY * seat.rubies
    seat.called.append("H-B4")
    ctx.emit("coins", amount=seat.coins)


H_B4 = Witch(
    "H-B4", BUYING, N_("Rubies to coins"),
    N_("In the shop: take 2 coins for every ruby you own; you keep the rubies. An exploded pot whose "
       "owner took the points shops with these coins."),
    "shop", _rubies_to_coins_usable, _rubies_to_coins,
)


# H-G1..H-G4: points and rubies ---------------------------------------------------------------------

def colours_points(seat: Seat) -> int:
    """H-G1's chart: by the number of colours in the pot, white not counted."""
    colours = len({chip(cid).color for cid, _ in seat.pot} - {"white"})
    return next((vp for least, vp in catalog.WITCH_COLOURS_VP if colours >= least), 0)


def _colours_usable(state: GameState, n: int) -> bool:
    return colours_points(state.seats[n]) > 0


def _colours(ctx: Ctx, decision: Decision, key: str) -> None:
    ctx.gain_points(colours_points(ctx.seat), N_("witch"))


H_G1 = Witch(
    "H-G1", POINTS, N_("Colours in the pot"),
    N_("Victory point step: victory points by the colours in your pot (white does not count): 1 to 4 "
       "colours 3, 5 colours 4, 6 colours 7, 7 colours 10, 8 colours 14."),
    "points", _colours_usable, _colours,
)


ALWAYS_VALUABLE: tuple[str, ...] = ("purple", "locoweed")
"""Colours the bag witch (H-G2) counts whatever their value; white and black never count."""


def bag_points(seat: Seat) -> int:
    """H-G2: 2 VP per chip in the bag that is purple or locoweed, or of another colour but white
    and black and worth 2 or more."""
    valuable = 0
    for cid in seat.bag:
        c = chip(cid)
        if c.color in ALWAYS_VALUABLE or (c.color not in ("white", "black") and c.value >= 2):
            valuable += 1
    return catalog.WITCH_BAG_VP * valuable


def _bag_usable(state: GameState, n: int) -> bool:
    return bag_points(state.seats[n]) > 0


def _bag(ctx: Ctx, decision: Decision, key: str) -> None:
    ctx.gain_points(bag_points(ctx.seat), N_("witch"))


H_G2 = Witch(
    "H-G2", POINTS, N_("Count the bag"),
    N_("Victory point step: 2 victory points for every chip in your bag worth 2 or more, and for "
       "every purple chip; white and black chips give nothing."),
    "points", _bag_usable, _bag,
)


def _ruby_space_rubies(state: GameState, n: int) -> int:
    """What H-G3 adds: rubies up to the space's VP in all, counting the space's own ruby and
    "It's Shining Extra Bright"'s (the two do not combine, §1.7; Q-H2)."""
    space = catalog.POT_TRACK[state.seats[n].scoring_space]
    if not space.ruby:
        return 0
    already = 1 + (catalog.SHINING_RUBIES if state.fortune == "B04" else 0)
    return max(0, space.vp - already)


def _ruby_space_usable(state: GameState, n: int) -> bool:
    return _ruby_space_rubies(state, n) > 0


def _ruby_space(ctx: Ctx, decision: Decision, key: str) -> None:
    ctx.gain_rubies(_ruby_space_rubies(ctx.state, ctx.seat_no), N_("witch"))


H_G3 = Witch(
    "H-G3", POINTS, N_("Rubies for points"),
    N_("Ruby step: if your scoring space shows a ruby, take as many rubies in all as it shows "
       "victory points (with \"It's Shining Extra Bright\": this instead of the card's ruby)."),
    "rubies", _ruby_space_usable, _ruby_space,
)


def ruby_cost(seat: Seat, cost: int) -> int:
    """A droplet step's or a flask refill's price in rubies: 1 after the witch H-G4 is called."""
    return catalog.WITCH_RUBY_COST if "H-G4" in seat.called else cost


def _cheap_rubies_usable(state: GameState, n: int) -> bool:
    return not _last_round(state) and state.seats[n].rubies >= catalog.WITCH_RUBY_COST


H_G4 = Witch(
    "H-G4", POINTS, N_("Cheap rubies"),
    N_("When you spend rubies at the end of a round (not in round 9): each droplet step and flask "
       "refill costs 1 ruby instead of 2."),
    "spend", _cheap_rubies_usable, _in_force,
)


# the witches -----------------------------------------------------------------------------------------

WITCHES: dict[str, Witch] = {
    w.id: w for w in (H_E1, H_E2, H_E3, H_E4, H_B1, H_B2, H_B3, H_B4, H_G1, H_G2, H_G3, H_G4)
}


def _paid_with(moments: tuple[str, ...]) -> str:
    (kind,) = {w.type for w in WITCHES.values() if w.moment in moments}  # one type, else the table is wrong
    return kind


STANDING_PENNY: dict[str, str] = {phase: _paid_with(moments) for phase, moments in STANDING.items()}
"""Phase -> the type of penny that pays every witch of its standing moments (the explosion penny
while brewing, the buying one in the shop, the points one at the ruby step): a seat without it
is passed over there, unless a witch visits for free."""


def of_type(kind: str) -> list[str]:
    return [w.id for w in WITCHES.values() if w.type == kind]


# which witch, who pays -------------------------------------------------------------------------------

def in_play(state: GameState, moments: tuple[str, ...] = tuple(MOMENTS)) -> tuple[Witch, ...]:
    """The three laid out, and a visiting witch this round (the card "Visit from a witch"); those
    whose moment is one of `moments`."""
    visitor = state.card_data.get("visitor")
    return _in_play(state.config.witches, tuple(visitor) if visitor else (), moments)


@cache
def _in_play(laid_out: tuple[str, ...], visitor: tuple[str, ...], moments: tuple[str, ...]) -> tuple[Witch, ...]:
    """`in_play` by what decides it, made once: `refresh` asks after every input."""
    return tuple(WITCHES[w] for w in (*laid_out, *visitor) if WITCHES[w].moment in moments)


def _free(state: GameState, n: int, witch: Witch) -> bool:
    return witch.id in state.card_data.get("visitor", ()) and n not in state.card_data.get("visited", ())


def payable(state: GameState, n: int, witch: Witch) -> bool:
    """The seat may still call her: her penny is unspent (or she visits for free) and the seat has
    neither called her nor declined her this round."""
    seat = state.seats[n]
    if witch.id in seat.called or witch.id in seat.passed:
        return False
    return (witch.id in state.config.witches and witch.type in seat.pennies) or _free(state, n, witch)


def usable(state: GameState, n: int, witch: Witch) -> bool:
    """Whether the seat may call her at her moment now (for the shop: were it the seat's turn).
    A moment that follows a phase is still in it (`MOMENTS`)."""
    if MOMENTS[witch.moment] != state.phase or not payable(state, n, witch):
        return False
    if witch.moment == "shop" and _last_round(state) and witch.id != "H-B2":
        return False  # no shop in round 9: only doubling the coins before they turn into points
    return witch.usable(state, n)


def shops(state: GameState, n: int) -> bool:
    """The seat has a buying witch to call in the shop: its turn to shop does not end yet."""
    return _to_call(state, n, ("shop",))


def spends(state: GameState, n: int) -> bool:
    """The seat has the cheap-ruby witch to call: it is not done spending rubies yet."""
    return _to_call(state, n, ("spend",))


def _to_call(state: GameState, n: int, moments: tuple[str, ...]) -> bool:
    """The seat may call a witch of these moments now. A loop rather than `any()` over a
    generator, which costs more than the one or two witches it would walk: asked on every shop
    turn and ruby step."""
    if "witches" not in state.config.expansions:
        return False
    for witch in in_play(state, moments):
        if usable(state, n, witch):
            return True
    return False


def _offer(ctx: Ctx, witch: Witch, *, with_pass: bool) -> None:
    prompt, call, skip = _offer_words(witch.id, _free(ctx.state, ctx.seat_no, witch))
    calls = witch.options(ctx.state, ctx.seat_no) if witch.options else [call]
    ctx.ask(OFFER, RULE, prompt, [*calls, skip] if with_pass else calls, blocking=False, data={"witch": witch.id})


@cache
def _offer_words(witch_id: str, free: bool) -> tuple[Text, Option, Option]:
    """A witch's offer's question, its call and its "not this time": the same every time she is
    offered (at a price), so made once (an option is never changed once made); a standing offer is
    made again after every draw."""
    witch = WITCHES[witch_id]
    price = say("free this round") if free else say("{metal} penny", metal=say(METALS[witch.type]))
    return (say("Witch \"{name}\" ({price}): {text}", name=say(witch.name), price=price, text=say(witch.text)),
            Option(CALL, say("Call the witch ({price})", price=price)), Option(PASS, say("Not this time")))


def refresh(state: GameState, events: Events, seat: int | None = None) -> None:
    """After an input of a game with the witches (the caller knows it is one): offer each usable
    witch of a standing moment, withdraw those no longer usable; for `seat` only (default: every
    seat) when the input can have changed no other."""
    phase = state.phase
    penny = STANDING_PENNY.get(phase)
    if penny is None or (phase == "shop" and _last_round(state)):
        return
    # Without the penny a seat may call none of them (`payable`) and has none of their offers open
    # (an offer is made only while she is payable, and the penny goes only in answering it): after
    # most inputs of a game the seat has spent it, and nothing more is asked then.
    if seat is not None:  # after most inputs: the seat that acted, with no loop (this runs after every input)
        if penny in state.seats[seat].pennies or "visitor" in state.card_data:
            _refresh_seat(state, seat, STANDING[phase], events)
        return
    visitor = "visitor" in state.card_data
    for n in range(len(state.seats)):
        if visitor or penny in state.seats[n].pennies:
            _refresh_seat(state, n, STANDING[phase], events)


def _refresh_seat(state: GameState, n: int, moments: tuple[str, ...], events: Events) -> None:
    """Offer the seat each witch of these moments it may call now, withdraw its offers of the others."""
    want = []
    if _in_turn(state, n):
        for w in in_play(state, moments):
            if usable(state, n, w):
                want.append(w)
    open_ = {}
    for d in state.decisions:
        if d.seat == n and d.kind == OFFER and WITCHES[d.data["witch"]].moment in moments:
            open_[d.data["witch"]] = d
    for witch_id, d in open_.items():
        for w in want:  # a loop, not all() over a generator: one or two witches at most
            if w.id == witch_id:
                break
        else:
            state.decisions.remove(d)
    for w in want:
        if w.id not in open_:
            _offer(Ctx(state, n, events), w, with_pass=w.moment == "explosion")


def _in_turn(state: GameState, n: int) -> bool:
    """The seat still acts in this standing moment: while brewing (each witch says when), in the
    shop on its turn, at the ruby step until it is done (after "done" she is not offered again)."""
    if state.phase == "shop":
        return state.shopper == n
    return state.phase != "spend" or not state.seats[n].done


def at_end(state: GameState, phase: str, events: Events) -> None:
    """A phase is over: offer the witches whose moment follows it; the phase waits for the answers."""
    moment = AT_END.get(phase)
    if moment is None or "witches" not in state.config.expansions or (phase == "shop" and not _last_round(state)):
        return
    witches = in_play(state, (moment,))
    if not witches:
        return
    for n in state.turn_order():
        for w in witches:
            if usable(state, n, w):
                _offer(Ctx(state, n, events), w, with_pass=True)


def withdraw(state: GameState, n: int) -> None:
    """The seat's turn in the shop or the ruby step is over: its standing witch offers lapse."""
    for d in state.decisions:  # a loop first, the list rebuilt only if the seat has an offer: most have none
        if d.seat == n and d.kind == OFFER:
            state.decisions = [d for d in state.decisions if d.seat != n or d.kind != OFFER]
            return


def pay(ctx: Ctx, witch: Witch) -> None:
    seat = ctx.seat
    if _free(ctx.state, ctx.seat_no, witch):
        ctx.state.card_data.setdefault("visited", []).append(ctx.seat_no)
        ctx.emit("witch", witch=witch.id, name=witch.name, penny=None)
    else:
        seat.pennies.remove(witch.type)
        ctx.emit("witch", witch=witch.id, name=witch.name, penny=witch.type)


def resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """An answer to a witch's offer, or to the draw witch's question about the chips drawn."""
    if decision.kind == LOOK:
        _placed_from_six(ctx, decision, keys)
        return
    witch = WITCHES[decision.data["witch"]]
    ctx.close(decision)
    if keys[0] == PASS:
        ctx.seat.passed.append(witch.id)
        return
    pay(ctx, witch)
    witch.call(ctx, decision, keys[0])


def penny_label(kind: str) -> Text:
    return say("{metal} penny", metal=say(METALS[kind]))
