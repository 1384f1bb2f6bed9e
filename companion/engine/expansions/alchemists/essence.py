"""The Alchemists: choosing a patient, the essence phase and each patient's own bonus.

The essence phase comes every round after the potion phase and before the bonus die, for an
exploded pot too: one space per colour in the pot, one for whites totalling exactly 7, one per
exploded neighbour; the seat may stop lower; the glass under its space pays victory points at
once, rat tails next round, or the patient's own bonus (right after the phase, or as essence
spent during the next potion phase). Round 9 pays 1 victory point per space instead. The numbers
are in `patients.PATIENTS`; the chips a patient has drawn go through the read path as a look
(`cards.LOOK`), like a card's.
"""

from __future__ import annotations

from typing import Any

from ... import cards, catalog
from ...context import Ctx
from ...errors import IllegalAction
from ...ingredients import RULES
from ...ingredients.labels import chip_label, kind_label
from ...memo import Memo
from ...model import BREWING, EXPLODED, STOPPED, Decision, GameState, Option, Seat, chip
from ...phases import evaluation, placing
from ...text import N_, Text, say, say_n
from .patients import (
    ACTION_COST,
    AFTER_ESSENCE,
    CHICKEN_REWARDS,
    ESSENCE_SPACES,
    EXACT_WHITES,
    PATIENTS,
    Glass,
    Patient,
)

Events = list[dict[str, Any]]

RULE = "alchemists/essence"
"""Every decision this module opens is answered through `resolve`."""
NONE = "none"

CHOOSE, SPACE, SWAP, BUY, OFFER = "patient", "essence.space", "chicken.swap", "vampirism.buy", "patient.offer"
EAR_WORM_CHIP = "ear_worm.chip"
"""An offer of an Ear worm chip's book, asked as a question (`ear_worm_goes_on`)."""


def _patient(ctx: Ctx) -> Patient | None:
    return PATIENTS.get(ctx.seat.patient or "")


# setup ------------------------------------------------------------------------------------

def choose_patients(state: GameState, events: Events) -> None:
    """Before round 1's card each player chooses one of the three patients laid out."""
    for n in range(len(state.seats)):
        Ctx(state, n, events).ask(CHOOSE, RULE, say("Choose the patient you treat this game"),
                                  [Option(p, say("{name}: {text}", name=say(PATIENTS[p].name),
                                                 text=say(PATIENTS[p].text)))
                                   for p in state.config.patients])


def choosing(state: GameState) -> bool:
    """Someone has not chosen a patient yet: the first card waits for them."""
    return any(d.kind == CHOOSE for d in state.decisions)


def _chosen(ctx: Ctx, patient: Patient) -> None:
    ctx.seat.patient = patient.id
    ctx.emit("patient", patient=patient.id)
    for color, value in patient.start:
        ctx.chip_from_supply(color, value, why=patient.name)


# the essence phase ------------------------------------------------------------------------

def reach(state: GameState, n: int) -> int:
    """How far the seat's marker goes this round, at most 10 (Q-A1)."""
    seats = state.seats
    seat = seats[n]
    colours = {chip(cid).color for cid, _ in seat.pot}
    colours.discard("white")
    steps = len(colours) + (seat.white_total == EXACT_WHITES)
    if state.config.book("locoweed") == catalog.ESSENCE_LOCOWEED_BOOK:  # after the colours (A-L1)
        steps += seat.in_pot("locoweed")
    # Each neighbour once: with two players the same seat sits on both sides. No generator or min()
    # here: each costs more than the few steps it would replace.
    left, right = seats[n - 1], seats[(n + 1) % len(seats)]
    steps += (left.status == EXPLODED) + (right is not left and right.status == EXPLODED)
    card = state.card_data.get("essence", {})
    if seat.status == EXPLODED:
        steps += card.get(cards.ESSENCE_EXPLODED, 0)
    if card.get(cards.ESSENCE_LAST_MOVED) and seat.pot:
        steps += seat.pot[-1][1] - _before_last(seat)
    return steps if steps < ESSENCE_SPACES else ESSENCE_SPACES


def enter(state: GameState, events: Events) -> None:
    """Everyone moves their marker; round 9 pays a point a space, other rounds a glass."""
    last_round = evaluation.is_last_round(state)
    for n in state.turn_order():
        ctx = Ctx(state, n, events)
        seat, patient = ctx.seat, _patient(ctx)
        seat.essence_rat = 0
        seat.essence = reach(state, n)
        ctx.emit("essence", space=seat.essence)
        if last_round:
            ctx.gain_points(seat.essence, N_("essence"))
            continue
        if patient is None:
            continue
        spaces = _WORTH_STOPPING[patient.id, seat.essence]
        if len(spaces) > 1:
            ctx.ask(SPACE, RULE, say("Essence: on which space of the flask do you stop?"), list(spaces))
        else:
            _take(ctx, patient, seat.essence)


def _worth_stopping(key: tuple[str, int]) -> tuple[Option, ...]:
    """The spaces worth offering to a patient that reached a space, as options: the highest space
    of each different glass up to the one reached (a lower space with the same glass only leaves
    less essence to spend)."""
    patient_id, reached = key
    patient = PATIENTS[patient_id]
    seen: list[Glass] = []
    spaces = []
    for k in range(reached, -1, -1):
        glass = patient.glass(k)
        if glass not in seen:
            seen.append(glass)
            spaces.append(Option(str(k), say("Space {space}: {bonus}", space=k, bonus=glass_label(patient, k))))
    return tuple(spaces)


_WORTH_STOPPING = Memo(_worth_stopping)
"""(patient, space reached) -> `_worth_stopping`: the same for every seat that treats this patient
and reaches this space, so made once."""


def glass_label(patient: Patient, space: int) -> Text:
    """What a space's glass gives this patient, as the essence choice lists it."""
    glass = patient.glass(space)
    parts: list[Text] = []
    if glass.vp:
        parts.append(say_n("{n} victory point", "{n} victory points", glass.vp))
    if glass.rat:
        parts.append(say_n("{n} rat tail next round", "{n} rat tails next round", glass.rat))
    if glass.oval:
        parts.append(_oval_label(patient, glass.oval))
    if patient.spends and space:
        parts.append(say_n("{n} essence to spend", "{n} essence to spend", space))
    if not parts:
        return say("no bonus")
    label = parts[0]
    for part in parts[1:]:
        label = say("{first} and {second}", first=label, second=part)
    return label


def _oval_label(patient: Patient, oval: int) -> Text:
    if patient.id == "chicken-eyes":
        return say(CHICKEN_LABELS[CHICKEN_REWARDS[oval - 1]])
    if patient.id == "vampirism":
        return say_n("buy a chip for {n} coin", "buy a chip for {n} coins", oval)
    if patient.id == "ear-worm":
        return say_n("draw and place {n} chip now", "draw and place {n} chips now", oval)
    return say_n("lay out {n} chip next round", "lay out {n} chips next round", oval)


CHICKEN_LABELS: dict[str, str] = {
    "ruby": N_("1 ruby"), "orange": N_("an orange 1-chip"),
    "swap2": N_("swap a 1-chip in your pot for a 2-chip of its colour"), "flask": N_("refill your flask"),
    "red": N_("a red 1-chip"), "rubies3": N_("3 rubies"), "die2": N_("roll the bonus die twice"),
    "droplet2": N_("droplet 2 spaces forward"), "swap4": N_("swap a 1-chip in your pot for a 4-chip of its colour"),
    "die4": N_("roll the bonus die 4 times"),
}


def _take(ctx: Ctx, patient: Patient, space: int) -> None:
    """The marker stays on `space` (the essence the next potion phase may spend); its glass pays."""
    seat = ctx.seat
    seat.essence = space
    glass = patient.glass(space)
    ctx.gain_points(glass.vp, N_("essence"))
    if glass.rat:
        seat.essence_rat += glass.rat
        ctx.emit("essence_rat", tails=glass.rat)
    if glass.oval and patient.when == AFTER_ESSENCE:
        _AFTER[patient.id](ctx, glass.oval)


def _chicken_eyes(ctx: Ctx, oval: int) -> None:
    reward = CHICKEN_REWARDS[oval - 1]
    why = N_("Chicken eyes")
    if reward in ("ruby", "rubies3"):
        ctx.gain_rubies(1 if reward == "ruby" else 3, why)
    elif reward in ("orange", "red"):
        ctx.chip_from_supply(reward, 1, why=why)
    elif reward == "flask":
        if not ctx.seat.flask_full:
            ctx.seat.flask_full = True
            ctx.emit("flask_refilled", why=why)
    elif reward in ("die2", "die4"):
        for _ in range(2 if reward == "die2" else 4):
            evaluation.ask_die(ctx)
    elif reward == "droplet2":
        ctx.move_droplet(2, why)
    else:
        value = 2 if reward == "swap2" else 4
        options = [Option(cid, say("{chip} becomes a {value}-chip", chip=chip_label(cid), value=value))
                   for cid, _ in ctx.seat.pot
                   if chip(cid).value == 1 and value in evaluation.book_prices(ctx.state.config, chip(cid).color)
                   and ctx.state.supply.get(f"{chip(cid).color}-{value}")]
        if options:
            ctx.ask(SWAP, RULE, say("Chicken eyes: which 1-chip in your pot do you swap?"), options,
                    data={"value": value})


def _vampirism(ctx: Ctx, coins: int) -> None:
    prices = evaluation.price_list(ctx.state.config, ctx.state.round)
    options = [Option(f"{color}-{value}", say("{chip} ({cost} coins)", chip=kind_label(color, value), cost=cost))
               for (color, value), cost in prices.items()
               if cost <= coins and ctx.state.supply.get(f"{color}-{value}")]
    if options:
        ctx.ask(BUY, RULE, say_n("Vampirism: buy one extra chip with {n} coin", "Vampirism: buy one extra chip with {n} coins",
                                 coins), [*options, Option(NONE, say("Buy nothing"))])


def _ear_worm(ctx: Ctx, count: int) -> None:
    """Draw and place `count` chips, one by one, each with its action; they cannot explode the pot
    (D9: an exploded pot draws too)."""
    ctx.seat.ear_worm = count
    _draw_next(ctx)


def _draw_next(ctx: Ctx) -> None:
    """Ear worm's next chip, once the chip before it has acted; none from an empty bag or a full pot."""
    seat = ctx.seat
    if seat.ear_worm and seat.bag and not placing.fills_pot(seat.last_space):
        ctx.ask(cards.LOOK, RULE, say_n("Ear worm: draw {n} more chip to place", "Ear worm: draw {n} more chips to place",
                                          seat.ear_worm), [], data={"reveal": 1, "left": seat.ear_worm})
    else:
        seat.ear_worm = 0


def ear_worm_goes_on(state: GameState, events: Events) -> None:
    """After an input in the essence phase: an offer an Ear worm chip's action made (a mandrake's,
    a yellow set 6 ruby, a locoweed return) becomes a question, as nothing the seat does now would
    let it lapse; a seat whose chip has acted (no question left) draws its next chip."""
    for d in state.decisions:  # the questions of the phase and the offers, most often none
        if not d.blocking and d.rule in RULES:
            _ask_instead(d, state.seats[d.seat].pot[-1][0])
    for n, seat in enumerate(state.seats):
        if seat.ear_worm and not any(d.seat == n for d in state.decisions):
            _draw_next(Ctx(state, n, events))


def _ask_instead(offer: Decision, acting: str) -> None:
    """The book's offer about `acting` (the chip just laid) as a question with a "no" answer."""
    offer.data = {**offer.data, "book": offer.rule, "acting": acting}
    offer.kind, offer.rule, offer.blocking = EAR_WORM_CHIP, RULE, True
    offer.options = [*offer.options, Option(NONE, say("No: leave the {chip}'s action", chip=chip_label(acting)))]


_AFTER = {"chicken-eyes": _chicken_eyes, "vampirism": _vampirism, "ear-worm": _ear_worm}
"""The patients whose oval pays right after the essence phase."""


# the next potion phase --------------------------------------------------------------------

def start_brewing(state: GameState, events: Events) -> None:
    """Nervousness: the seat first draws the chips its oval shows, to lay them out."""
    for n in state.turn_order():
        seat = state.seats[n]
        if seat.patient != "nervousness":
            continue
        count = min(PATIENTS["nervousness"].glass(seat.essence).oval, len(seat.bag))
        if count:
            Ctx(state, n, events).ask(cards.LOOK, RULE, say_n("Nervousness: draw {n} chip to lay out",
                                                              "Nervousness: draw {n} chips to lay out", count),
                                      [], data={"reveal": count})


def looked(state: GameState, seat_no: int, events: Events) -> None:
    """A patient's look has its chips: Ear worm places the chip; Nervousness lays the chips out."""
    ctx = Ctx(state, seat_no, events)
    decision = next((d for d in state.decisions_for(seat_no) if d.rule == RULE and d.kind == cards.LOOK), None)
    if decision is None or len(ctx.seat.hand) < decision.data["reveal"]:
        return
    ctx.close(decision)
    seat = ctx.seat
    if "left" in decision.data:  # Ear worm: the chip acts; `ear_worm_goes_on` draws the next
        seat.ear_worm -= 1
        ctx.place(seat.hand[0])
        return
    whites = [c for c in seat.hand if chip(c).color == "white"]
    seat.laid_out = [c for c in seat.hand if c not in whites]
    seat.hand = []
    if whites:
        ctx.put_back(whites, N_("Nervousness"))
    if seat.laid_out:
        ctx.emit("laid_out", chips=list(seat.laid_out))
    offer(state, seat_no, events, None)


def chips_placed(state: GameState, events: Events) -> None:
    """After an input: each seat that placed a chip while brewing is offered its patient's actions;
    Nervousness' laid-out chips are offered again once nothing holds the seat's draws (a question
    answered, a draw that placed no chip)."""
    last: dict[int, str] = {}
    for event in events:
        if event["event"] == "placed":
            last[event["seat"]] = event["chip"]
    for n, placed in last.items():
        offer(state, n, events, placed)
    if "nervousness" not in state.config.patients:
        return  # no seat lays chips out: no loop over the seats after every input
    for seat in state.seats:
        if seat.laid_out:
            break
    else:
        return  # none laid out (or all placed): after most chips, and cheaper than the loop below
    for n, seat in enumerate(state.seats):
        if seat.laid_out and n not in last and not any(d.seat == n and d.kind == OFFER for d in state.decisions):
            offer(state, n, events, None)


def offer(state: GameState, n: int, events: Events, placed: str | None) -> None:
    """Open the patient's offers that stand now (`placed`: the chip just laid, if any); they lapse
    with the seat's next draw or stop, like the flask's."""
    seat = state.seats[n]
    # Nervousness offers its laid-out chips, a patient whose action spends essence while the seat
    # brews its actions while the seat has some left (each costs at least 1). The patients that act
    # right after the essence phase never offer anything then; a seat with no essence left has no
    # offer of its patient standing either (spending closes the offer answered), so neither has one
    # to withdraw, and both are passed over after every chip, asked in line (no call, no handle on
    # the seat made for them).
    if not (seat.patient == "nervousness" or (seat.essence > 0 and seat.patient in SPENDING)) \
            or state.phase != "brewing" or seat.status != BREWING:
        return
    for d in state.decisions:  # a loop, the list rebuilt only if the seat has an offer: this runs after every chip
        if d.seat == n and d.kind == OFFER and d.rule == RULE:
            state.decisions = [d for d in state.decisions if not (d.seat == n and d.kind == OFFER and d.rule == RULE)]
            break
    patient = PATIENTS[seat.patient]  # checked above: it has one
    options = _offers(state, n, patient, placed)
    if options:
        Ctx(state, n, events).ask(OFFER, RULE, _OFFER_PROMPTS[patient.id, seat.essence], options, blocking=False,
                                  data={"chip": placed} if placed else None)


SPENDING: frozenset[str] = frozenset(p.id for p in PATIENTS.values() if p.spends)
"""The patients whose action spends essence while the seat brews."""


def _offer_prompt(key: tuple[str, int]) -> Text:
    """The question of a patient's offers, with the essence left."""
    patient_id, essence = key
    return say("{patient}: spend essence ({n} left)?", patient=say(PATIENTS[patient_id].name), n=essence)


_OFFER_PROMPTS = Memo(_offer_prompt)
"""(patient, essence left) -> `_offer_prompt`, made once: the offers are made again after every chip."""


def _offers(state: GameState, n: int, patient: Patient, placed: str | None) -> list[Option]:
    seat = state.seats[n]
    if patient.id == "nervousness":  # instead of a draw: not while a question holds the seat's draws
        if state.blocking_decision(n):
            return []
        return [_LAID_OUT_OPTIONS[c] for c in seat.laid_out]
    if patient.id == "forgetfulness":
        options, essence = [], seat.essence
        for cid, _ in seat.pot:
            returnable = _RETURN_OPTIONS[cid]
            if returnable is not None and returnable[1] <= essence:
                options.append(returnable[0])
        return options
    if placed is None or not seat.pot or seat.pot[-1][0] != placed:
        return []
    c, space = chip(placed), seat.pot[-1][1]
    cost = ACTION_COST.get(patient.id, 0)
    if patient.id == "carrot-nose" and c.color == "orange" and seat.essence >= cost \
            and _next_ruby(_before_last(seat)) not in (None, space):
        return [_CARROT_OPTIONS[placed]]
    if patient.id == "wing-ears" and c.color == "white":
        options = []
        for option, cost in _WING_EARS_OPTIONS[placed]:  # a loop, not a comprehension: every white chip she lays
            if seat.essence >= cost:
                options.append(option)
        return options
    bonus = _hump_bonus(placed) if patient.id == "witchs-hump" else None
    if bonus is not None and catalog.POT_TRACK[space].ruby and seat.essence >= cost:
        return [_HUMP_OPTIONS[bonus]]
    return []


# The options, made once per chip (an id always names the same chip) or bonus (the tables below):
# the offers are made again after every chip laid. An option is never changed once made, so one
# stands in as many offers as it is made for.

def _return_option(chip_id: str) -> tuple[Option, int] | None:
    """Forgetfulness' option for one chip and the essence it costs (the chip's value); None for a
    white or a locoweed chip, which it never returns."""
    c = chip(chip_id)
    if c.color in ("white", "locoweed"):
        return None
    return Option(chip_id, say("Return {chip} to the bag ({n} essence)", chip=chip_label(chip_id), n=c.value)), c.value


def _laid_out_option(chip_id: str) -> Option:
    """Nervousness' option for one chip laid out."""
    return Option(chip_id, say("Place {chip} from those laid out", chip=chip_label(chip_id)))


def _carrot_option(chip_id: str) -> Option:
    """Carrot nose's option for an orange chip just laid."""
    return Option("ruby", say("Put {chip} on the next free ruby space ({n} essence)", chip=chip_label(chip_id),
                              n=ACTION_COST["carrot-nose"]))


def _wing_ears_options(chip_id: str) -> tuple[tuple[Option, int], ...]:
    """Wing ears' two options for a white chip just laid, each with the essence it costs."""
    label = chip_label(chip_id)
    return ((Option("double", say("Move {chip} twice its value ({n} essence)", chip=label, n=ACTION_COST["double"])),
             ACTION_COST["double"]),
            (Option("back", say("Put {chip} back into the bag ({n} essence)", chip=label, n=ACTION_COST["back"])),
             ACTION_COST["back"]))


def _hump_option(bonus: str) -> Option:
    """Witch's hump's option for a chip just laid on a ruby space."""
    return Option("hump", say("Ruby space: {bonus} ({n} essence)", bonus=say(HUMP_LABELS[bonus]),
                              n=ACTION_COST["witchs-hump"]))


_RETURN_OPTIONS = Memo(_return_option)
_LAID_OUT_OPTIONS = Memo(_laid_out_option)
_CARROT_OPTIONS = Memo(_carrot_option)
_WING_EARS_OPTIONS = Memo(_wing_ears_options)
_HUMP_OPTIONS = Memo(_hump_option)


def _before_last(seat: Seat) -> int:
    """Where the last chip was counted from: the chip before it, or the start space."""
    return seat.pot[-2][1] if len(seat.pot) > 1 else seat.start_space


def _next_ruby(after: int) -> int | None:
    return next((s.index for s in catalog.POT_TRACK[after + 1:catalog.LAST_CHIP_SPACE + 1] if s.ruby), None)


def _hump_bonus(chip_id: str) -> str | None:
    """Witch's hump's bonus by the chip on the ruby space (an orange 6-chip has none)."""
    c = chip(chip_id)
    if c.color == "black" or c.value == 2:
        return "die"
    if c.color == "purple" or c.value == 3:
        return "yellow"
    if c.color == "locoweed" or c.value == 4:
        return "vp"
    return "ruby" if c.value == 1 else None


HUMP_LABELS = {"ruby": N_("1 ruby"), "die": N_("roll the bonus die"), "yellow": N_("a yellow 1-chip"),
               "vp": N_("3 victory points")}


def _move_last(ctx: Ctx, space: int, why: str) -> None:
    """The chip just laid goes on to `space` (it stays the last chip)."""
    placed, old = ctx.seat.pot[-1]
    ctx.seat.put_at(-1, placed, space)
    ctx.emit("moved", chip=placed, by=space - old, space=space, why=why)


def _spend(ctx: Ctx, amount: int) -> None:
    ctx.seat.essence -= amount
    ctx.emit("essence_spent", amount=amount, left=ctx.seat.essence)


def _resolve_offer(ctx: Ctx, decision: Decision, key: str) -> None:
    seat = ctx.seat
    placed = decision.data.get("chip")
    ctx.close(decision)
    if seat.patient == "nervousness":  # instead of a draw: the offers that lapse with a draw lapse
        seat.laid_out.remove(key)
        seat.drawn += 1  # the seat's chip of a "Stir!" (stir.py)
        ctx.withdraw_offers(stopping=False)
        ctx.place(key)
        return  # chips_placed offers the rest
    if seat.patient == "forgetfulness":
        _spend(ctx, chip(key).value)
        ctx.pot_to_bag([key], N_("Forgetfulness"))
        offer(ctx.state, ctx.seat_no, ctx.events, None)
        return
    assert placed is not None
    if key == "ruby":
        _spend(ctx, ACTION_COST["carrot-nose"])
        space = _next_ruby(_before_last(seat))
        assert space is not None
        _move_last(ctx, space, N_("Carrot nose"))
    elif key == "double":
        _spend(ctx, ACTION_COST["double"])
        _move_last(ctx, placing.landing(_before_last(seat), 2 * chip(placed).value, 0), N_("Wing ears"))
    elif key == "back":
        _spend(ctx, ACTION_COST["back"])
        ctx.pot_to_bag([placed], N_("Wing ears"))
    else:
        _spend(ctx, ACTION_COST["witchs-hump"])
        bonus, why = _hump_bonus(placed), N_("Witch's hump")
        if bonus == "ruby":
            ctx.gain_rubies(1, why)
        elif bonus == "die":
            evaluation.ask_die(ctx)
        elif bonus == "yellow":
            ctx.chip_from_supply("yellow", 1, why=why)
        else:
            ctx.gain_points(3, why)
    if placing.fills_pot(seat.last_space):
        ctx.stop_brewing(STOPPED, "pot_full", space=seat.last_space)


# answers ----------------------------------------------------------------------------------

def resolve(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    key = keys[0]
    if decision.kind == EAR_WORM_CHIP:
        if key == NONE:
            ctx.close(decision)
            ctx.emit("action_passed", chip=decision.data["acting"], why=N_("Ear worm"))
            return
        book = RULES[decision.data["book"]].resolve
        assert book is not None
        book(ctx, decision, keys)
        return
    if decision.kind == OFFER:
        _resolve_offer(ctx, decision, key)
        return
    ctx.close(decision)
    if decision.kind == CHOOSE:
        _chosen(ctx, PATIENTS[key])
    elif decision.kind == SPACE:
        patient = _patient(ctx)
        assert patient is not None
        _take(ctx, patient, int(key))
    elif decision.kind == SWAP:
        ctx.trade_up(key, decision.data["value"], N_("Chicken eyes"))
    elif decision.kind == BUY and key != NONE:
        color, value = key.rsplit("-", 1)
        ctx.chip_from_supply(color, int(value), why=N_("Vampirism"))


def refuse_card(state: GameState) -> None:
    """The first card waits until every player has chosen a patient."""
    if choosing(state):
        waiting = ", ".join(state.seats[d.seat].name for d in state.decisions if d.kind == CHOOSE)
        raise IllegalAction("decision_pending", f"every player first chooses a patient: waiting for {waiting}")
