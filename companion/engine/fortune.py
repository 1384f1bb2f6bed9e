"""The Fortune Teller cards (the base game's 24, The Alchemists' 14 without a symbol): their
names and texts, what each one does and when, and which of them a game's deck holds.

The start player turns up a card at the start of every round (a `Fortune` input). A purple card
is carried out at once, before the rats are counted; a blue card is in force for the round. Each
card's effect is written once, here, as hooks: `flow` runs `at_start`/`at_end` whenever a phase
starts or ends, and `game` hands every input's placed and bought chips to `chips_placed`. Numbers come from
the catalog.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from . import catalog
from .context import Ctx
from .errors import IllegalAction
from .expansions.herb_witches import witches
from .ingredients.labels import chip_label, kind_label
from .locate import describe_location
from .model import BREWING, EXPLODED, STOPPED, Chip, Decision, GameState, Option, chip
from .phases import evaluation
from .text import N_, Text, say, say_n

Events = list[dict[str, Any]]
Hook = Callable[[GameState, Events], None]

RULE = "core/fortune"
"""Every decision a card opens is resolved by `resolve`, which hands it to the round's card."""

LOOK = "fortune.look"
"""A card's decision to draw chips only to look at them; its draws go to the hand."""

NONE = "none"

ESSENCE_EXPLODED, ESSENCE_LAST_MOVED = "exploded", "last_moved"
"""`card_data["essence"]` keys, read by `essence.reach`: spaces more for an exploded pot (A blessing
in disguise), and the last chip's move added to the essence (All's well that ends well)."""
ALCHEMISTS_BOX = "A"
"""The id prefix of the 20 cards The Alchemists brings: they are in the deck only with that box."""


@dataclass(frozen=True)
class Card:
    id: str  # P01-P13 (purple), B01-B11 (blue); The Alchemists' box: AP01-AP10, AB01-AB10
    name: str  # the Schmidt English title (a catalog source string)
    text: str  # a catalog source string
    needs: str | None = None  # an expansion (its symbol on the card) or the book of the card's chip
    read: Hook | None = None  # carried out when the card is turned up
    start: Mapping[str, Hook] = field(default_factory=dict)  # phase -> runs as the phase starts
    end: Mapping[str, Hook] = field(default_factory=dict)  # phase -> runs once the phase is over
    looked: Callable[[Ctx, Decision], None] | None = None  # a look's last chip has been drawn
    resolve: Callable[[Ctx, Decision, tuple[str, ...]], None] | None = None
    placed: Callable[[Ctx, Chip], None] | None = None  # after an input placed a chip while brewing
    bought: Callable[[Ctx, str, int], None] | None = None  # after a chip was bought (its id and cost)

    @property
    def kind(self) -> str:
        """Purple cards are carried out at once; blue cards are in force for the round."""
        return "purple" if self.id.removeprefix(ALCHEMISTS_BOX).startswith("P") else "blue"

    @property
    def box(self) -> str | None:
        """The expansion whose box holds the card (None: the base game's)."""
        return "alchemists" if self.id.startswith(ALCHEMISTS_BOX) else None


# helpers -----------------------------------------------------------------------------------

def _seats(state: GameState, events: Events) -> list[Ctx]:
    """Every seat's handle, start player first, clockwise."""
    return [Ctx(state, n, events) for n in state.turn_order()]


def _card(state: GameState) -> Card | None:
    return CARDS.get(state.fortune or "")


def _why(ctx: Ctx) -> str:
    card = _card(ctx.state)
    return card.name if card else N_("Fortune Teller")


def _ask(ctx: Ctx, kind: str, prompt: Text, options: list[Option], *,
         blocking: bool = True, data: dict[str, Any] | None = None) -> None:
    """Open a card's decision; with a single option there is nothing to choose, so it applies at once."""
    if len(options) == 1 and blocking:
        card = _card(ctx.state)
        assert card and card.resolve
        decision = ctx.ask(kind, RULE, prompt, options, data=data)
        card.resolve(ctx, decision, (options[0].key,))
        return
    ctx.ask(kind, RULE, prompt, options, blocking=blocking, data=data)


def chip_options(state: GameState, value: int | None = None, *, only: tuple[str, ...] = catalog.COLORS,
                 leave_out: tuple[str, ...] = ()) -> list[Option]:
    """'Any one N-chip' (no value: any chip): the colours whose book is on the table this round,
    while the supply has one."""
    found = []
    for color, val in evaluation.price_list(state.config, state.round):
        if value in (None, val) and color in only and color not in leave_out and state.supply.get(f"{color}-{val}"):
            found.append(Option(f"{color}-{val}", kind_label(color, val)))
    return found


def _take(ctx: Ctx, kind: str) -> None:
    color, value = kind.rsplit("-", 1)
    ctx.chip_from_supply(color, int(value), why=_why(ctx))


def _look(ctx: Ctx, count: int, prompt: Text) -> None:
    """Have the seat draw `count` chips (as many as the bag holds) only to look at them."""
    reveal = min(count, len(ctx.seat.bag))
    if reveal:
        ctx.ask(LOOK, RULE, prompt, [], data={"reveal": reveal})
        ctx.emit("card_look", chips=reveal)


def _put_back_hand(ctx: Ctx, keep: str | None = None) -> None:
    back = [c for c in ctx.seat.hand if c != keep]
    ctx.seat.hand = [c for c in ctx.seat.hand if c == keep]
    if back:
        ctx.put_back(back, _why(ctx))


# purple cards: carried out at once, before the rats ------------------------------------------

def _filling_up(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        ctx.move_droplet(catalog.CARD_DROPLET["P01"], _why(ctx))


def _roll_the_die(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        evaluation.ask_die(ctx)


def _charity(state: GameState, events: Events) -> None:
    fewest = min(s.rubies for s in state.seats)
    for ctx in _seats(state, events):
        if ctx.seat.rubies == fewest:
            ctx.gain_rubies(1, _why(ctx))


def _beginners_bonus(state: GameState, events: Events) -> None:
    fewest = min(s.score for s in state.seats)
    for ctx in _seats(state, events):
        if ctx.seat.score == fewest:
            ctx.chip_from_supply("green", 1, why=_why(ctx))


def _white_ones(ctx: Ctx) -> list[str]:
    return sorted(c for c in ctx.seat.bag if chip(c).kind == "white-1")


def _just_in_time(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        options = [Option("points", say_n("{n} victory point", "{n} victory points", catalog.JUST_IN_TIME_VP))]
        if _white_ones(ctx):
            options.append(Option("white", say("Take a white 1-chip out of your bag for good")))
        _ask(ctx, "fortune.choice", say("Just in Time: choose one"), options)


def _resolve_just_in_time(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The white chip is taken out past the bag's reader (a draw), so the table knows which one left."""
    ctx.close(decision)
    if keys[0] == "points":
        ctx.gain_points(catalog.JUST_IN_TIME_VP, _why(ctx))
    else:
        _take_white_out(ctx, say("Just in Time: take a white 1-chip out of your bag"))


def _take_white_out(ctx: Ctx, prompt: Text) -> None:
    """The seat draws a white 1-chip from its bag, past the reader, to put it in the box for good."""
    ctx.ask(LOOK, RULE, prompt, [], data={"reveal": 1, "only": "white-1"})


def _looked_white_out(ctx: Ctx, decision: Decision) -> None:
    ctx.close(decision)
    ctx.chip_to_supply(ctx.seat.hand[0], _why(ctx))


def _choose_one(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        options = [*chip_options(state, 1, only=("black",)), *chip_options(state, 2)]
        options.append(Option("rubies", say_n("{n} ruby", "{n} rubies", catalog.CHOOSE_ONE_RUBIES)))
        _ask(ctx, "fortune.choice", say("You Only Get to Choose One: a black chip, a 2-chip or {rubies} rubies",
                                        rubies=catalog.CHOOSE_ONE_RUBIES), options)


def _resolve_choose_one(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "rubies":
        ctx.gain_rubies(catalog.CHOOSE_ONE_RUBIES, _why(ctx))
    else:
        _take(ctx, keys[0])


def _resolve_take(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """A chip of the seat's choice from the supply, or nothing."""
    ctx.close(decision)
    if keys[0] != NONE:
        _take(ctx, keys[0])


def _choose_wisely(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        steps = catalog.CARD_DROPLET["P09"]
        options = [Option("droplet", say_n("Move your droplet {n} space", "Move your droplet {n} spaces", steps)),
                   *chip_options(state, 1, only=("purple",))]
        _ask(ctx, "fortune.choice", say("Choose Wisely: the droplet or a purple chip"), options)


def _resolve_choose_wisely(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if keys[0] == "droplet":
        ctx.close(decision)
        ctx.move_droplet(catalog.CARD_DROPLET["P09"], _why(ctx))
    else:
        _resolve_take(ctx, decision, keys)


def _wheel_and_deal(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if ctx.seat.rubies >= catalog.WHEEL_AND_DEAL_COST:
            options = chip_options(state, 1, leave_out=("purple", "black"))
            _ask(ctx, "fortune.choice", say_n("Wheel and Deal: pay {n} ruby for a 1-chip?",
                                              "Wheel and Deal: pay {n} rubies for a 1-chip?", catalog.WHEEL_AND_DEAL_COST),
                 [*options, Option(NONE, say("Keep the ruby"))])


def _resolve_wheel_and_deal(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if keys[0] != NONE and ctx.state.supply.get(keys[0]):  # the ruby pays only for a chip still there
        ctx.seat.rubies -= catalog.WHEEL_AND_DEAL_COST
        ctx.emit("rubies_paid", amount=catalog.WHEEL_AND_DEAL_COST, why=_why(ctx))
    _resolve_take(ctx, decision, keys)


def _upgrade(state: GameState, chip_id: str) -> tuple[str, int] | None:
    """The same colour's next higher value it comes in (1 -> 2 -> 4; white 2 -> 3), if any.

    Orange is never upgraded (publisher clarification; an orange 1 never becomes the Herb Witches'
    orange 6), nor a colour whose book is not out yet.
    """
    c = chip(chip_id)
    if c.color in catalog.NEVER_UPGRADED or not catalog.book_out(c.color, state.round):
        return None
    higher = sorted(v for (color, v) in catalog.box(state.config.supply, state.config.expansions)
                    if color == c.color and v > c.value)
    return (c.color, higher[0]) if higher else None


def _opportunity(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        _look(ctx, catalog.CARD_LOOKS["P11"], say("An Opportunistic Moment: draw {n} chips to look at",
                                                  n=catalog.CARD_LOOKS["P11"]))


def _looked_opportunity(ctx: Ctx, decision: Decision) -> None:
    swaps = [Option(c, say("Swap {chip} for a {better}", chip=chip_label(c), better=kind_label(*up))) for c in ctx.seat.hand
             if (up := _upgrade(ctx.state, c)) and ctx.state.supply.get(f"{up[0]}-{up[1]}")]
    if swaps:
        decision.options = [*swaps, Option(NONE, say("No swap: all go back"))]
        decision.prompt = say("An Opportunistic Moment: swap one chip for the next higher value?")
        return
    ctx.close(decision)
    _put_back_hand(ctx)
    ctx.chip_from_supply("green", 1, why=_why(ctx))


def _resolve_opportunity(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The swapped chip goes to the box and its upgrade into the bag; the others go back."""
    ctx.close(decision)
    swapped = keys[0] if keys[0] != NONE else None
    up = _upgrade(ctx.state, swapped) if swapped else None
    if up and ctx.chip_from_supply(*up, why=_why(ctx)) is None:
        swapped = None  # sold out since it was offered: the chip stays
    _put_back_hand(ctx, keep=swapped)
    if swapped:
        ctx.chip_to_supply(swapped, _why(ctx))


def _less_is_more(state: GameState, events: Events) -> None:
    state.card_data["totals"] = {}
    for ctx in _seats(state, events):
        _look(ctx, catalog.CARD_LOOKS["P12"], say("Less Is More: draw {n} chips to look at", n=catalog.CARD_LOOKS["P12"]))


def _looked_less_is_more(ctx: Ctx, decision: Decision) -> None:
    total = sum(chip(c).value for c in ctx.seat.hand)
    ctx.state.card_data["totals"][ctx.seat_no] = total
    ctx.emit("card_total", total=total)
    ctx.close(decision)
    _put_back_hand(ctx)


def _pay_less_is_more(state: GameState, events: Events) -> None:
    """Compare first, then pay: every seat tied for the lowest total takes the blue chip."""
    totals: dict[int, int] = state.card_data.get("totals", {})
    lowest = min(totals.values(), default=None)
    for ctx in _seats(state, events):
        if totals.get(ctx.seat_no, lowest) == lowest:
            ctx.chip_from_supply("blue", 2, why=_why(ctx))
        else:
            ctx.gain_rubies(1, _why(ctx))


# purple cards about this round's rat tails: answered once the rats are counted ----------------

def _rats_friends(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        tails = ctx.seat.rat
        options = [*chip_options(state, 4), Option("points", say_n("{n} victory point, one per rat tail",
                                                                   "{n} victory points, one per rat tail", tails))]
        _ask(ctx, "fortune.choice", say("Rats Are Your Friends: a 4-chip, or a victory point per rat tail"), options)


def _resolve_rats_friends(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if keys[0] == "points":
        ctx.close(decision)
        ctx.gain_points(ctx.seat.rat, _why(ctx))
    else:
        _resolve_take(ctx, decision, keys)


def _good_start(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        most = min(ctx.seat.rat, catalog.GOOD_START_MAX_TAILS)
        if most:
            _ask(ctx, "fortune.choice", say("A Good Start: trade rat tails for rubies?"),
                 [Option("0", say("Keep the rat stone where it is")),
                  *(Option(str(k), say_n("Give up {n} rat tail for {n} ruby", "Give up {n} rat tails for {n} rubies", k))
                    for k in range(1, most + 1))])


def _resolve_good_start(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    traded = int(keys[0])
    if traded:
        ctx.seat.rat -= traded
        ctx.emit("rat", tails=ctx.seat.rat, space=ctx.seat.start_space, why=_why(ctx))
        ctx.gain_rubies(traded, _why(ctx))


def _rat_infestation(state: GameState, events: Events) -> None:
    """Doubles the tails counted on the score track, not those of an essence glass (The Alchemists)."""
    for ctx in _seats(state, events):
        if ctx.seat.rat > ctx.seat.essence_rat:
            ctx.seat.rat += ctx.seat.rat - ctx.seat.essence_rat
            ctx.emit("rat", tails=ctx.seat.rat, space=ctx.seat.start_space, why=_why(ctx))


# blue cards: in force for the round -----------------------------------------------------------

def _luxury(state: GameState, events: Events) -> None:
    """An absolute limit for the round (the end of the round sets it back): beside another one
    (yellow set 3's 8 or 9) the higher applies, never a sum."""
    for seat in state.seats:
        seat.threshold = max(seat.threshold, catalog.LUXURY_THRESHOLD)
    events.append({"event": "threshold", "seat": None, "threshold": catalog.LUXURY_THRESHOLD})


def _seasoned(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if ctx.seat.white_total == catalog.SEASONED_WHITES:
            ctx.move_droplet(1, _why(ctx))


def _ruby_space(ctx: Ctx) -> bool:
    return catalog.POT_TRACK[ctx.seat.scoring_space].ruby


def _lucky_devil(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if _ruby_space(ctx):
            ctx.gain_points(catalog.LUCKY_DEVIL_VP, _why(ctx))


def _shining(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if _ruby_space(ctx):
            ctx.gain_rubies(catalog.SHINING_RUBIES, _why(ctx))


def _schadenfreude(state: GameState, events: Events) -> None:
    """The player to the left of an exploded pot (clockwise next; with 2 players the opponent)."""
    for ctx in _seats(state, events):
        if ctx.seat.status == EXPLODED:
            left = Ctx(state, (ctx.seat_no + 1) % len(state.seats), events)
            options = chip_options(state, 2)
            if options:
                _ask(left, "fortune.choice", say("Schadenfreude: {name}'s pot exploded, take a 2-chip",
                                                 name=ctx.seat.name), options)


def _well_stirred(ctx: Ctx, placed: Chip) -> None:
    stirred: list[int] = ctx.state.card_data.setdefault("stirred", [])
    if placed.color != "white" or ctx.seat_no in stirred:
        return
    stirred.append(ctx.seat_no)
    if ctx.seat.status == BREWING:
        _ask(ctx, "fortune.stir", say("Well Stirred: put the {chip} back into the bag?", chip=chip_label(placed.id)),
             [Option("stir", say("Put {chip} back (the flask stays as it is)", chip=chip_label(placed.id)))],
             blocking=False, data={"chip": placed.id})


def _resolve_stir(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    white = decision.data["chip"]
    ctx.state.decisions = [d for d in ctx.state.decisions if d.seat != ctx.seat_no or d.data.get("chip") != white]
    ctx.seat.pot = [p for p in ctx.seat.pot if p[0] != white]
    ctx.state.decisions = [d for d in ctx.state.decisions  # the flask's offer for it lapses: it is gone
                           if d.seat != ctx.seat_no or d.data.get("chip") != white]
    ctx.put_back([white], _why(ctx))


def _pot_is_full(state: GameState, events: Events) -> None:
    """Whoever rolls the bonus die rolls it twice and takes both results."""
    for d in [d for d in state.decisions if d.kind == evaluation.DIE_KIND]:
        evaluation.ask_die(Ctx(state, d.seat, events))


def _second_chance(ctx: Ctx, placed: Chip) -> None:
    offered: list[int] = ctx.state.card_data.setdefault("second_chance", [])
    if ctx.seat_no in offered or (len(ctx.seat.pot) < catalog.SECOND_CHANCE_AFTER and ctx.seat.status != EXPLODED):
        return
    offered.append(ctx.seat_no)
    ctx.ask("fortune.second_chance", RULE, say("A Second Chance: go on with this pot, or put every chip back "
                                               "and brew again?"),
            [Option("continue", say("Go on")), Option("again", say("Put everything back, start again"))])


def _resolve_second_chance(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] != "again":
        return
    seat = ctx.seat
    chips = [cid for cid, _ in seat.pot] + seat.bowl + seat.hand
    ctx.state.decisions = [d for d in ctx.state.decisions if d.seat != ctx.seat_no]
    seat.pot, seat.bowl, seat.hand, seat.status, seat.insured = [], [], [], BREWING, 0
    ctx.emit("brew_again")
    ctx.put_back(chips, _why(ctx))


def _strong_ingredient(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if ctx.seat.status == STOPPED and ctx.seat.last_space < catalog.LAST_CHIP_SPACE:
            _look(ctx, catalog.CARD_LOOKS["B09"], say("Strong Ingredient: draw up to {n} chips, you may place one",
                                                      n=catalog.CARD_LOOKS["B09"]))


def _looked_strong(ctx: Ctx, decision: Decision) -> None:
    decision.options = [*(Option(c, say("Place {chip}", chip=chip_label(c))) for c in ctx.seat.hand),
                        Option(NONE, say("Place none, all go back"))]
    decision.prompt = say("Strong Ingredient: place one of these chips (it cannot explode the pot)?")


def _resolve_strong(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    chosen = keys[0] if keys[0] != NONE else None
    _put_back_hand(ctx, keep=chosen)
    if chosen:
        ctx.place(chosen, safe=True)


def _pumpkin_party(state: GameState, events: Events) -> None:
    """Read by `placing` for every chip laid this round."""
    state.card_data["extra_move"] = {"orange": catalog.PUMPKIN_PARTY_EXTRA}


def _magic_potion(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if not ctx.seat.flask_full:
            ctx.seat.flask_full = True
            ctx.emit("flask_refilled", why=_why(ctx))


# The Alchemists' cards that need the flask (the essence) ---------------------------------------

def _blessing_in_disguise(state: GameState, events: Events) -> None:
    """Read by `essence.reach`."""
    state.card_data["essence"] = {ESSENCE_EXPLODED: catalog.CARD_ESSENCE["AB06"]}


def _essential_essence(state: GameState, events: Events) -> None:
    best = max(s.essence for s in state.seats)
    for ctx in _seats(state, events):
        if ctx.seat.essence == best:
            options = [Option("die", say("Roll the bonus die once"))]
            if not ctx.seat.flask_full:
                options.append(Option("flask", say("Refill your flask")))
            _ask(ctx, "fortune.choice", say("Essential essence: roll the bonus die or refill your flask"), options)


def _resolve_essential_essence(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "die":
        evaluation.ask_die(ctx)
    else:
        ctx.seat.flask_full = True
        ctx.emit("flask_refilled", why=_why(ctx))


def _all_is_well(state: GameState, events: Events) -> None:
    """Read by `essence.reach`: the spaces the last chip moved (the German card's reading, D4)."""
    state.card_data["essence"] = {ESSENCE_LAST_MOVED: 1}


# The Alchemists' cards without a symbol (AP: purple, AB: blue) -------------------------------

def _left(state: GameState, events: Events, seat_no: int) -> Ctx:
    """The player to the left: clockwise next (with 2 players, the other one)."""
    return Ctx(state, (seat_no + 1) % len(state.seats), events)


def _more_tails(ctx: Ctx, tails: int) -> None:
    if tails:
        ctx.seat.rat += tails
        ctx.emit("rat", tails=ctx.seat.rat, space=ctx.seat.start_space, why=_why(ctx))


def _spoiled(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        options = [Option("bundle", say("{rubies} ruby, a roll of the die and {tails} more rat tails",
                                        rubies=catalog.SPOILED_RUBIES, tails=catalog.SPOILED_TAILS)),
                   *chip_options(state, catalog.SPOILED_CHIP[1], only=(catalog.SPOILED_CHIP[0],))]
        _ask(ctx, "fortune.choice", say("Spoiled for choice: choose one"), options)


def _resolve_spoiled(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if keys[0] != "bundle":
        _resolve_take(ctx, decision, keys)
        return
    ctx.close(decision)
    ctx.gain_rubies(catalog.SPOILED_RUBIES, _why(ctx))
    _more_tails(ctx, catalog.SPOILED_TAILS)
    evaluation.ask_die(ctx)


def _ruby_fever(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        _look(ctx, 1, say("Ruby fever: draw 1 chip, take as many rubies as its value"))


def _looked_ruby_fever(ctx: Ctx, decision: Decision) -> None:
    ctx.close(decision)
    ctx.gain_rubies(chip(ctx.seat.hand[0]).value, _why(ctx))
    _put_back_hand(ctx)


def _give_and_take(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        options = [Option(f"{given}:{o.key}", say_n("Give {n} ruby for a {chip}", "Give {n} rubies for a {chip}", given,
                                                     chip=o.label))
                   for given, value in catalog.GIVE_AND_TAKE.items() if ctx.seat.rubies >= given
                   for o in chip_options(state, value, leave_out=("purple",))]
        _ask(ctx, "fortune.choice", say("Give and take: rubies for a chip, or take {n} rubies",
                                        n=catalog.GIVE_AND_TAKE_RUBIES),
             [*options, Option("rubies", say_n("Take {n} ruby", "Take {n} rubies", catalog.GIVE_AND_TAKE_RUBIES))])


def _resolve_give_and_take(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "rubies":
        ctx.gain_rubies(catalog.GIVE_AND_TAKE_RUBIES, _why(ctx))
        return
    given, kind = keys[0].split(":")
    if ctx.state.supply.get(kind):
        ctx.seat.rubies -= int(given)
        ctx.emit("rubies_paid", amount=int(given), why=_why(ctx))
        _take(ctx, kind)


def _rich_offerings(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        _ask(ctx, "fortune.choice", say("Rich offerings: choose one"),
             [Option("tails", say_n("{n} more rat tail", "{n} more rat tails", catalog.RICH_TAILS)),
              Option("rolls", say_n("Roll the die {n} time", "Roll the die {n} times", catalog.RICH_ROLLS)),
              Option("droplet", say_n("Move your droplet {n} space", "Move your droplet {n} spaces",
                                      catalog.RICH_DROPLET))])


def _resolve_rich_offerings(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == "tails":
        _more_tails(ctx, catalog.RICH_TAILS)
    elif keys[0] == "rolls":
        for _ in range(catalog.RICH_ROLLS):
            evaluation.ask_die(ctx)
    else:
        ctx.move_droplet(catalog.RICH_DROPLET, _why(ctx))


def _small_donation(state: GameState, events: Events) -> None:
    """A roll never costs anything, so whoever may roll does."""
    for ctx in _seats(state, events):
        if ctx.seat.rat >= catalog.SMALL_DONATION_TAILS:
            evaluation.ask_die(ctx)


def _cherish(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        most = min(ctx.seat.rubies, catalog.CHERISH_MOST)
        if most:
            _ask(ctx, "fortune.choice", say("A rat to cherish: give rubies for rat tails?"),
                 [Option("0", say("Keep your rubies")),
                  *(Option(str(k), say_n("Give {n} ruby for {tails} more rat tails",
                                         "Give {n} rubies for {tails} more rat tails", k, tails=k * catalog.CHERISH_TAILS))
                    for k in range(1, most + 1))])


def _resolve_cherish(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    given = int(keys[0])
    if given:
        ctx.seat.rubies -= given
        ctx.emit("rubies_paid", amount=given, why=_why(ctx))
        _more_tails(ctx, given * catalog.CHERISH_TAILS)


def _neighbour_in_need(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        left = _left(state, events, ctx.seat_no)
        options = [Option("take", say("{name} takes a chip of their choice", name=left.seat.name))]
        if _white_ones(left):
            options.insert(0, Option("white", say("{name} takes a white 1-chip out of their bag for good",
                                                   name=left.seat.name)))
        _ask(ctx, "fortune.choice", say("Neighbor in need: choose for {name}", name=left.seat.name), options)


def _resolve_neighbour_in_need(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The chooser's answer opens the left neighbour's part: a draw of a white 1-chip, or a pick."""
    if decision.data.get("take"):
        _resolve_take(ctx, decision, keys)
        return
    ctx.close(decision)
    left = _left(ctx.state, ctx.events, ctx.seat_no)
    if keys[0] == "white":
        _take_white_out(left, say("Neighbor in need: take a white 1-chip out of your bag"))
        return
    options = chip_options(ctx.state)
    if options:
        _ask(left, "fortune.choice", say("Neighbor in need: {name} gives you a chip of your choice",
                                         name=ctx.seat.name), options, data={"take": True})


def _useful_rodent(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        options = [Option(f"{tails}:{o.key}", say("Give up {n} rat tails for a {chip}", n=tails, chip=o.label))
                   for tails, value in catalog.USEFUL_RODENT.items() if ctx.seat.rat >= tails
                   for o in chip_options(state, value, leave_out=("purple",))]
        if options:
            _ask(ctx, "fortune.choice", say("Useful rodent: rat tails for a chip?"),
                 [Option(NONE, say("Keep the rat stone where it is")), *options])


def _resolve_useful_rodent(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] == NONE:
        return
    tails, kind = keys[0].split(":")
    if ctx.state.supply.get(kind):
        ctx.seat.rat -= int(tails)
        ctx.emit("rat", tails=ctx.seat.rat, space=ctx.seat.start_space, why=_why(ctx))
        _take(ctx, kind)


def _powerful_tipple(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        options = [Option(f"{back}:{o.key}", say_n("Droplet {n} space back for a {chip}",
                                                   "Droplet {n} spaces back for a {chip}", back, chip=o.label))
                   for back, value in catalog.POWERFUL_TIPPLE.items() if ctx.seat.droplet >= back
                   for o in chip_options(state, value)]
        if options:
            _ask(ctx, "fortune.choice", say("A powerful tipple: move your droplet back for a chip?"),
                 [Option(NONE, say("Leave the droplet where it is")), *options])


def _resolve_powerful_tipple(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """Only the pot droplet moves back (the stand's and the test tubes' never do)."""
    ctx.close(decision)
    if keys[0] == NONE:
        return
    back, kind = keys[0].split(":")
    if ctx.state.supply.get(kind):
        ctx.seat.droplet -= int(back)
        ctx.emit("droplet", amount=-int(back), to=ctx.seat.droplet, why=_why(ctx))
        _take(ctx, kind)


def _good_to_better(state: GameState, events: Events) -> None:
    """After stopping (an explosion stops too): a coloured 2- or 4-chip in the pot may be swapped."""
    for ctx in _seats(state, events):
        swappable = [cid for cid, _ in ctx.seat.pot if chip(cid).color != "white" and chip(cid).value in (2, 4)]
        if swappable:
            ctx.ask("fortune.choice", RULE, say("From good to better: swap a 2- or 4-chip in your pot for another?"),
                    [Option(NONE, say("Keep the pot as it is")),
                     *(Option(cid, say("Swap the {chip} on space {space}", chip=chip_label(cid), space=space))
                       for cid, space in ctx.seat.pot if cid in swappable)])


def _resolve_good_to_better(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    old = decision.data.get("old")
    if old is None:
        options = [o for value in (2, 4) for o in chip_options(ctx.state, value)]
        if keys[0] != NONE and options:
            ctx.ask("fortune.choice", RULE, say("From good to better: which chip takes the place of the {chip}?",
                                                chip=chip_label(keys[0])), options, data={"old": keys[0]})
        return
    stock = ctx.state.supply.get(keys[0])
    if not stock:
        return
    new = stock.pop(0)
    seat = ctx.seat
    at = next(k for k, (cid, _) in enumerate(seat.pot) if cid == old)
    seat.pot[at] = (new, seat.pot[at][1])
    back = ctx.state.supply[chip(old).kind]
    back.append(old)
    back.sort()
    ctx.emit("swapped", chip=old, to=new, why=_why(ctx))


def _white_blessing(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if ctx.seat.pot and (last := chip(ctx.seat.pot[-1][0])).color == "white":
            ctx.gain_points(last.value, _why(ctx))


def _sale(ctx: Ctx, chip_id: str, cost: int) -> None:
    """The second chip bought: the cheaper of the two comes a second time (the first bought on a tie)."""
    bought: dict[int, tuple[tuple[int, str], ...]] = ctx.state.card_data.setdefault("sale", {})
    mine = bought[ctx.seat_no] = (*bought.get(ctx.seat_no, ()), (cost, chip(chip_id).kind))
    if len(mine) == catalog.MAX_PURCHASES:
        _take(ctx, min(mine, key=lambda paid: paid[0])[1])


def _rats_blessing(state: GameState, events: Events) -> None:
    """Coins to shop with (not the last round's, which only become points)."""
    if evaluation.is_last_round(state):
        return
    for ctx in _seats(state, events):
        bonus = catalog.RATS_BLESSING * ctx.seat.rat
        if ctx.seat.reward != "points" and bonus:
            ctx.seat.coins += bonus
            ctx.emit("coins", amount=ctx.seat.coins, why=_why(ctx))


def _good_neighbourhood(ctx: Ctx, placed: Chip) -> None:
    """While the pot has not exploded, the white 3-chip in it may go back into the bag: offered
    again after every chip placed, as long as the seat brews."""
    if ctx.seat.status != BREWING or any(d.rule == RULE and "white3" in d.data for d in ctx.state.decisions_for(ctx.seat_no)):
        return
    for cid, _ in ctx.seat.pot:
        if chip(cid).kind == "white-3":
            left = _left(ctx.state, ctx.events, ctx.seat_no).seat
            ctx.ask("fortune.neighbourhood", RULE, say("A good neighborhood: put the {chip} back into the bag?",
                                                       chip=chip_label(cid)),
                    [Option("back", say_n("Put it back: {name} takes {n} ruby", "Put it back: {name} takes {n} rubies",
                                          catalog.NEIGHBOURHOOD_RUBIES, name=left.name))],
                    blocking=False, data={"white3": cid})
            return


def _resolve_good_neighbourhood(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """Only while the chip is still in the pot (the flask may have put it back meanwhile)."""
    ctx.close(decision)
    white = decision.data["white3"]
    if all(cid != white for cid, _ in ctx.seat.pot):
        return
    ctx.seat.pot = [p for p in ctx.seat.pot if p[0] != white]
    ctx.state.decisions = [d for d in ctx.state.decisions  # the flask's offer for it lapses: it is gone
                           if d.seat != ctx.seat_no or d.data.get("chip") != white]
    ctx.put_back([white], _why(ctx))
    _left(ctx.state, ctx.events, ctx.seat_no).gain_rubies(catalog.NEIGHBOURHOOD_RUBIES, _why(ctx))


# The Alchemists' cards that need The Herb Witches ----------------------------------------------

def _quick_exchange(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if ctx.seat.pennies:
            _ask(ctx, "fortune.choice", say("A quick exchange: give up a witch penny for a chip of your choice?"),
                 [*(Option(kind, say("Give up your {penny}", penny=witches.penny_label(kind)))
                    for kind in ctx.seat.pennies), Option(NONE, say("Keep your pennies"))])


def _resolve_quick_exchange(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    if decision.data.get("penny") or keys[0] == NONE:
        _resolve_take(ctx, decision, keys)
        return
    ctx.close(decision)
    ctx.seat.pennies.remove(keys[0])
    ctx.emit("penny_given", penny=keys[0], why=_why(ctx))
    ctx.ask("fortune.choice", RULE, say("A quick exchange: which chip?"), chip_options(ctx.state),
            data={"penny": keys[0]})


def _visit(state: GameState, events: Events) -> None:
    """The start player turns up a witch not laid out; she is everyone's for free this round."""
    ctx = Ctx(state, state.start_player, events)
    away = [w for w in witches.WITCHES.values() if w.id not in state.config.witches]
    _ask(ctx, "fortune.choice", say("Visit from a witch: which witch did you turn up?"),
         [Option(w.id, say(w.name)) for w in away])


def _resolve_visit(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    ctx.state.card_data["visitor"], ctx.state.card_data["visited"] = [keys[0]], []
    ctx.emit("witch_visits", witch=keys[0], name=witches.WITCHES[keys[0]].name)


def _spent(ctx: Ctx) -> list[str]:
    return [kind for kind in witches.TYPES if kind not in ctx.seat.pennies]


def _reunion(state: GameState, events: Events) -> None:
    for ctx in _seats(state, events):
        if _spent(ctx):
            _ask(ctx, "fortune.choice", say("A joyful reunion: which spent witch penny comes back?"),
                 [Option(kind, witches.penny_label(kind)) for kind in _spent(ctx)])


def _resolve_reunion(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    ctx.seat.pennies = [kind for kind in witches.TYPES if kind in ctx.seat.pennies or kind == keys[0]]
    ctx.emit("penny_back", penny=keys[0], why=_why(ctx))


# the deck ---------------------------------------------------------------------------------

_DECK = (
    Card("P01", N_("The Pot Is Filling Up"), N_("Every player moves their droplet 1 space forward."),
         read=_filling_up),
    Card("P02", N_("Roll the Die"), N_("Every player rolls the bonus die once and takes the result shown."),
         read=_roll_the_die),
    Card("P03", N_("Charity"), N_("The player or players with the fewest rubies each take 1 ruby."), read=_charity),
    Card("P04", N_("Beginner's Bonus"), N_("The player or players with the fewest victory points each take "
         "1 green 1-chip into their bag."), read=_beginners_bonus),
    Card("P05", N_("Just in Time"), N_("Each player chooses: 4 victory points, or take 1 white 1-chip out of "
         "their bag for good."), read=_just_in_time, looked=_looked_white_out, resolve=_resolve_just_in_time),
    Card("P06", N_("You Only Get to Choose One"), N_("Each player chooses one: 1 black chip, or any one "
         "2-chip, or 3 rubies."), read=_choose_one, resolve=_resolve_choose_one),
    Card("P07", N_("Rats Are Your Friends"), N_("Each player chooses: take any one 4-chip, or 1 victory point "
         "for every rat tail they receive this round."), start={"brewing": _rats_friends},
         resolve=_resolve_rats_friends),
    Card("P08", N_("A Good Start"), N_("Each player chooses: use the rat stone as usual, or give up 1 to 3 of "
         "this round's rat tails and take that many rubies."), start={"brewing": _good_start},
         resolve=_resolve_good_start),
    Card("P09", N_("Choose Wisely"), N_("Each player chooses: move the droplet 2 spaces forward, or take 1 "
         "purple chip."), needs="purple", read=_choose_wisely, resolve=_resolve_choose_wisely),
    Card("P10", N_("Wheel and Deal"), N_("Each player may pay 1 ruby to take any one 1-chip, except purple or "
         "black."), read=_wheel_and_deal, resolve=_resolve_wheel_and_deal),
    Card("P11", N_("An Opportunistic Moment"), N_("Each player draws 4 chips from their bag and may swap one "
         "of them for the same colour's next higher value (never orange); who cannot swap takes 1 green "
         "1-chip. All drawn chips go back into the bag."), read=_opportunity, looked=_looked_opportunity,
         resolve=_resolve_opportunity),
    Card("P12", N_("Less Is More"), N_("Every player draws 5 chips from their bag; the player or players with "
         "the lowest total take 1 blue 2-chip, everyone else takes 1 ruby. All drawn chips go back into "
         "the bag."), read=_less_is_more, looked=_looked_less_is_more, end={"fortune": _pay_less_is_more}),
    Card("P13", N_("Rat Infestation"), N_("The number of rat tails each player receives this round is doubled."),
         start={"brewing": _rat_infestation}),
    Card("B01", N_("Living in Luxury"), N_("This round a pot explodes only when its white chips total more "
         "than 9."), read=_luxury),
    Card("B02", N_("Seasoned Perfectly"), N_("Whoever has white chips totalling exactly 7 in their pot at the "
         "end of the round moves their droplet 1 space forward."), end={"round_end": _seasoned}),
    Card("B03", N_("Lucky Devil"), N_("Whoever's scoring space shows a ruby this round gets 2 extra victory "
         "points, even if their pot exploded."), start={"rubies": _lucky_devil}),
    Card("B04", N_("It's Shining Extra Bright"), N_("Whoever's scoring space shows a ruby this round takes 1 "
         "extra ruby."), start={"rubies": _shining}),
    Card("B05", N_("Schadenfreude"), N_("Whenever a pot explodes this round, the player to that player's left "
         "takes any one 2-chip."), end={"brewing": _schadenfreude}, resolve=_resolve_take),
    Card("B06", N_("Well Stirred"), N_("This round each player may put the first white chip they draw back "
         "into the bag (the flask is not used)."), placed=_well_stirred, resolve=_resolve_stir),
    Card("B07", N_("The Pot Is Full"), N_("Whoever rolls the bonus die this round rolls it twice and takes "
         "both results."), start={"bonus_die": _pot_is_full}),
    Card("B08", N_("A Second Chance"), N_("After placing their first 5 chips, each player may once choose to "
         "go on, or to put all their chips back into the bag and start brewing again."),
         placed=_second_chance, resolve=_resolve_second_chance),
    Card("B09", N_("Strong Ingredient"), N_("Start player first, each player who stopped without exploding "
         "draws up to 5 chips and may place 1 of them in the pot; the rest go back into the bag."),
         end={"brewing": _strong_ingredient}, looked=_looked_strong, resolve=_resolve_strong),
    Card("B10", N_("Pumpkin Patch Party"), N_("This round every orange chip moves 1 space further than its "
         "value."), read=_pumpkin_party),
    Card("B11", N_("Magic Potion"), N_("At the end of the round every player's flask is refilled for free."),
         end={"round_end": _magic_potion}),
    Card("AB06", N_("A blessing in disguise"), N_("If your pot explodes this round, your essence rises 2 more "
         "spaces."), read=_blessing_in_disguise, needs="alchemists"),
    Card("AB07", N_("Essential essence"), N_("The player or players with the highest essence after the essence "
         "phase may roll the bonus die once or refill their flask."), end={"essence": _essential_essence},
         resolve=_resolve_essential_essence, needs="alchemists"),
    Card("AB09", N_("All's well that ends well"), N_("Your essence rises by as many spaces as the last chip in "
         "your pot moved."), read=_all_is_well, needs="alchemists"),
    Card("AP07", N_("A quick exchange"), N_("Each player may give up one of their witch pennies for a chip of "
         "their choice."), needs="witches", read=_quick_exchange, resolve=_resolve_quick_exchange),
    Card("AB08", N_("Visit from a witch"), N_("The start player turns up a herb witch that is not in play; this "
         "round every player may call her once for free."), needs="witches", read=_visit, resolve=_resolve_visit),
    Card("AB10", N_("A joyful reunion"), N_("At the end of the round each player takes back one of their spent "
         "witch pennies."), needs="witches", end={"round_end": _reunion}, resolve=_resolve_reunion),
)
_ALCHEMISTS_DECK = (
    Card("AP01", N_("Spoiled for choice"), N_("Choose: 1 ruby, 1 roll of the die and 3 more rat tails, or 1 red "
         "2-chip."), start={"brewing": _spoiled}, resolve=_resolve_spoiled),
    Card("AP02", N_("Ruby fever"), N_("Every player draws 1 chip from their bag and takes as many rubies as its "
         "value, then puts it back."), read=_ruby_fever, looked=_looked_ruby_fever),
    Card("AP03", N_("Give and take"), N_("Give 1, 2 or 4 rubies for a 1-, 2- or 4-chip (any colour but purple), "
         "or take 2 rubies."), read=_give_and_take, resolve=_resolve_give_and_take),
    Card("AP04", N_("Rich offerings"), N_("Choose: 8 more rat tails, or roll the die 4 times, or move your "
         "droplet 3 spaces forward."), start={"brewing": _rich_offerings}, resolve=_resolve_rich_offerings),
    Card("AP05", N_("A small donation"), N_("Whoever has 2 or more rat tails this round rolls the die once."),
         start={"brewing": _small_donation}),
    Card("AP06", N_("A rat to cherish"), N_("You may give up to 3 rubies: 3 more rat tails for each ruby given."),
         start={"brewing": _cherish}, resolve=_resolve_cherish),
    Card("AP08", N_("Neighbor in need"), N_("Choose for the player to your left: they take a white 1-chip out of "
         "their bag for good, or they take a chip of their choice."), read=_neighbour_in_need,
         looked=_looked_white_out, resolve=_resolve_neighbour_in_need),
    Card("AP09", N_("Useful rodent"), N_("You may give up 2, 4 or 6 rat tails for a 1-, 2- or 4-chip (any colour "
         "but purple)."), start={"brewing": _useful_rodent}, resolve=_resolve_useful_rodent),
    Card("AP10", N_("A powerful tipple"), N_("You may move your droplet 1 or 2 spaces back for a 2- or 4-chip."),
         read=_powerful_tipple, resolve=_resolve_powerful_tipple),
    Card("AB01", N_("From good to better"), N_("After you stop: you may take a coloured 2- or 4-chip out of your "
         "pot for good and put another 2- or 4-chip from the supply in its place."),
         end={"brewing": _good_to_better}, resolve=_resolve_good_to_better),
    Card("AB02", N_("Sale"), N_("Whoever buys 2 chips this round takes the cheaper one a second time for free."),
         bought=_sale),
    Card("AB03", N_("The white blessing"), N_("After you stop: if the last chip in your pot is white, score as many "
         "victory points as its value."), end={"brewing": _white_blessing}),
    Card("AB04", N_("A rat's blessing"), N_("This round your buying power rises by 2 coins for every rat tail."),
         end={"rewards": _rats_blessing}),
    Card("AB05", N_("A good neighborhood"), N_("While your pot has not exploded you may put your white 3-chip back "
         "into the bag at any time; if you do, the player to your left takes 2 rubies."),
         placed=_good_neighbourhood, resolve=_resolve_good_neighbourhood),
)
"""The Alchemists' 14 cards without a symbol (expansions.md section 4, AF-P1 to AF-P10 but AF-P7,
AF-B1 to AF-B5): in the deck only with The Alchemists in play."""

CARDS: dict[str, Card] = {c.id: c for c in (*_DECK, *_ALCHEMISTS_DECK)}
REACTS_TO_PLACING = frozenset(c.id for c in CARDS.values() if c.placed or c.bought)
"""Cards that react to chips placed or bought: only while one of them is in force does an input
need `chips_placed`."""

OTHER_TITLES: dict[str, tuple[str, ...]] = {
    "P01": ("Drop It",), "P02": ("Donations", "Take a Chance"), "P03": ("Alms",), "P04": ("Beginner's Luck",),
    "P05": ("Boomberry Cleanse",), "P06": ("But You Only Get to Choose One", "Choices, Choices"),
    "P07": ("Rat-a-Tat",), "P08": ("Good Start",), "P09": ("Decisions, Decisions...",),
    "P10": ("Wheeling and Dealing",), "P11": ("Flea Market",), "P13": ("Infestation",),
    "B01": ("Portentous Potables",), "B02": ("Bubbling Over",), "B04": ("Fire Burn",),
    "B05": ("Malicious Joy", "Toil and Trouble"), "B06": ("Cauldron Bubble",), "B07": ("Double Double",),
    "B08": ("Second Chances",), "B09": ("Overpowering Ingredient", "Safety Procedure"),
    "B10": ("Pumpkin Party",), "B11": ("Flask Rabbit",),
}
"""Other English titles of a card: other translations, and a later printing's (game-data section 4)."""


# the engine's side ------------------------------------------------------------------------

def available(state: GameState) -> list[str]:
    """Cards that may be turned up this round: in this game's deck, not used yet, their chip's book out."""
    config = state.config
    return list(_available(tuple(state.cards_used), state.round, config.card_books, config.expansions))


@lru_cache(maxsize=1024)
def _available(used: tuple[str, ...], round_no: int, card_books: str, expansions: tuple[str, ...]) -> tuple[str, ...]:
    """`available` by what decides it: every round of a simulated game asks it."""
    return tuple(c for c in CARDS if _refusal(c, used, round_no, card_books, expansions) is None)


def _refusal(card_id: str, used: Sequence[str], round_no: int, card_books: str,
             expansions: tuple[str, ...]) -> IllegalAction | None:
    card = CARDS.get(card_id)
    if card is None:
        return IllegalAction("no_such_card", f"there is no Fortune Teller card {card_id!r}: the cards are P01 to "
                             "P13 and B01 to B11, and with The Alchemists AP01 to AP10 and AB01 to AB10")
    for box in (card.box, card.needs):
        if box in catalog.EXPANSIONS and box not in expansions:
            return IllegalAction("not_in_deck", f"{card.name} is played only with {catalog.EXPANSION_NAMES[box]}, "
                                 "which is not in this game")
    if card_id in used:
        return IllegalAction("card_used", f"{card.name} has already been turned up this game: "
                             "each card is used once")
    opens = catalog.BOOK_FROM_ROUND.get(card.needs or "", 1)  # 1 for an expansion
    if round_no < opens and card_books == "redraw":
        return IllegalAction("book_not_out", f"{card.name} offers a {card.needs} chip and the {card.needs} "
                             f"book is laid out before round {opens}: draw another card")
    return None


def check(state: GameState, card_id: str | None) -> None:
    """Refuse a card the round cannot turn up now, naming the rule."""
    if state.fortune is not None:
        shown = _card(state)
        raise IllegalAction("card_read", f"this round's card is already turned up: "
                            f"{shown.name if shown else 'no card'}")
    config = state.config
    refusal = (_refusal(card_id, state.cards_used, state.round, config.card_books, config.expansions)
               if card_id is not None else None)
    if refusal:
        raise refusal


def read(state: GameState, card_id: str | None, events: Events) -> None:
    """The start player turns up `card_id` (None: the round is played without a card); `check` first."""
    if card_id is None:
        state.fortune = NONE
        events.append({"event": "fortune", "seat": None, "card": None})
        return
    card = CARDS[card_id]
    state.fortune = card_id
    state.cards_used.append(card_id)
    events.append({"event": "fortune", "seat": None, "card": card_id, "name": card.name})
    if card.read:
        card.read(state, events)


def at_start(state: GameState, phase: str, events: Events) -> None:
    card = _card(state)
    if card and phase in card.start:
        card.start[phase](state, events)


def at_end(state: GameState, phase: str, events: Events) -> None:
    card = _card(state)
    if card and phase in card.end:
        card.end[phase](state, events)


def chips_placed(state: GameState, events: Events) -> None:
    """An input has been applied: the round's card reacts to each chip it placed in a pot or bought."""
    card = _card(state)
    if card and card.placed and state.phase == "brewing":  # not Ear worm's chips after the essence phase
        for event in [e for e in events if e["event"] == "placed"]:
            card.placed(Ctx(state, event["seat"], events), chip(event["chip"]))
    if card and card.bought:
        for event in [e for e in events if e["event"] == "bought"]:
            card.bought(Ctx(state, event["seat"], events), event["chip"], event["cost"])


def resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    card = _card(ctx.state)
    assert card and card.resolve, "a card's decision is open only while its card is in force"
    card.resolve(ctx, decision, keys)


def looking(state: GameState, seat_no: int) -> Decision | None:
    """The seat's open look (a card's draw to look at chips) that still wants chips, if any."""
    for d in state.decisions:
        if d.seat == seat_no and d.kind == LOOK and len(state.seats[seat_no].hand) < d.data["reveal"]:
            return d
    return None


def look_chips(state: GameState, seat_no: int) -> list[str]:
    """The chips the seat may draw now for a card's look (none when it is not looking)."""
    decision = looking(state, seat_no)
    if decision is None:
        return []
    only = decision.data.get("only")
    return [c for c in state.seats[seat_no].bag if only is None or chip(c).kind == only]


def look_draw(state: GameState, seat_no: int, chip_id: str, events: Events) -> None:
    """A chip drawn for a card only to look at (or to take out): it goes to the hand, not into the pot."""
    decision = looking(state, seat_no)
    assert decision is not None
    seat = state.seats[seat_no]
    if chip_id not in seat.bag:
        raise IllegalAction("not_in_bag", f"{describe_location(state, chip_id)}, not in {seat.name}'s bag")
    only = decision.data.get("only")
    if only is not None and chip(chip_id).kind != only:
        raise IllegalAction("wrong_chip", f"{decision.prompt}: {chip_label(chip_id)} is not a "
                            f"{only.replace('-', ' ')}-chip; put it back")
    seat.bag.remove(chip_id)
    if chip_id in seat.returning:
        seat.returning.remove(chip_id)
    seat.hand.append(chip_id)
    ctx = Ctx(state, seat_no, events)
    ctx.emit("revealed", chip=chip_id)
    card = _card(state)
    if len(seat.hand) == decision.data["reveal"] and decision.rule == RULE and card and card.looked:
        card.looked(ctx, decision)
