"""Starting a game and applying inputs: the engine's front door."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from . import cards, catalog, flow
from .actions import Action, Buy, Choose, Done, Draw, Fortune, Return, Spend, Stop
from .context import Ctx
from .errors import ConfigError, IllegalAction
from .expansions.alchemists import essence
from .expansions.alchemists.patients import PATIENTS, PATIENTS_LAID_OUT
from .expansions.herb_witches import witches
from .ingredients import RULES, sets_of
from .model import GameConfig, GameState, Seat, chip_id
from .phases import brewing, droplets, evaluation, placing

Events = list[dict[str, Any]]

CORE_RESOLVERS: dict[str, Callable[..., None]] = {
    placing.FLASK: placing.resolve_flask,
    droplets.DROPLET: droplets.resolve,
    evaluation.DIE: evaluation.resolve_die,
    evaluation.REWARD: evaluation.resolve_reward,
    cards.RULE: cards.resolve,
    essence.RULE: essence.resolve,
    witches.RULE: witches.resolve,
}


@dataclass(frozen=True, slots=True)
class StepResult:
    state: GameState
    events: Events


def check_config(config: GameConfig) -> None:
    """Refuse a setup the rules cannot play, naming what is wrong."""
    _check_expansions(config)
    most = catalog.MAX_PLAYERS_WITH_WITCHES if config.has("witches") else catalog.MAX_PLAYERS
    if not 2 <= len(config.players) <= most:
        raise ConfigError(f"the game is for 2 to {most} players, not {len(config.players)}"
                          + ("" if config.has("witches") else " (a fifth player needs The Herb Witches)"
                             if len(config.players) == catalog.MAX_PLAYERS_WITH_WITCHES else ""))
    for name in config.players:
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise ConfigError(f"player names must be 1 to 40 characters, not {name!r}")
    seen = [name.strip().casefold() for name in config.players]
    for n, name in enumerate(seen):
        if name in seen[:n]:
            raise ConfigError(f"two players are called {config.players[n].strip()!r}: give each player a different name")
    if not isinstance(config.start_player, int) or not 0 <= config.start_player < len(config.players):
        raise ConfigError(f"start_player must be a seat number from 0 to {len(config.players) - 1}")
    _check_books(config)
    if config.supply not in catalog.SUPPLIES:
        raise ConfigError(f"supply must be one of {', '.join(catalog.SUPPLIES)}, not {config.supply!r}")
    if not isinstance(config.threshold, int) or config.threshold < 1:
        raise ConfigError("threshold must be a positive whole number")
    if not isinstance(config.start_rubies, int) or config.start_rubies < 0:
        raise ConfigError("start_rubies must be zero or more")
    if not isinstance(config.tubes, bool):
        raise ConfigError("tubes must be true (the test-tube side of the pots) or false")
    if not isinstance(config.edition, str) or config.edition not in catalog.EDITIONS:
        raise ConfigError(f"edition must be one of {', '.join(catalog.EDITIONS)}, not {config.edition!r}")
    if config.card_books not in catalog.CARD_BOOK_READINGS:
        raise ConfigError(f"card_books must be one of {', '.join(catalog.CARD_BOOK_READINGS)}, "
                          f"not {config.card_books!r}")


def _check_books(config: GameConfig) -> None:
    """A known set for every book colour (black: its base book unless a set is chosen); sets 5 and
    6 only with The Herb Witches, whose box holds them; locoweed's book from a box in play."""
    for color in catalog.BOOK_COLORS:
        set_no = config.books.get(color)
        if set_no is None:
            raise ConfigError(f"choose a book (set 1-4) for {color}")
        if f"{color}/{set_no}" not in RULES:
            raise ConfigError(f"{color} set {set_no} is not available; available: {sets_of(color)}")
    black = config.books.get(catalog.CHOSEN_BLACK)
    if black is not None and f"black/{black}" not in RULES:
        raise ConfigError(f"black set {black} is not available; available: {sets_of('black')}, or no black "
                          "set for the base book")
    unknown = set(config.books) - {*catalog.book_colors(config.expansions), catalog.CHOSEN_BLACK}
    if unknown:
        raise ConfigError(f"no books to choose for {', '.join(sorted(unknown))}"
                          + (" (locoweed comes with The Herb Witches or The Alchemists)" if "locoweed" in unknown else ""))
    _check_locoweed(config)
    boxed = [f"{color} set {n}" for color, n in config.books.items() if n in catalog.WITCHES_SETS and color != "locoweed"]
    if boxed and not config.has("witches"):
        raise ConfigError(f"{', '.join(boxed)}: sets 5 and 6 come with The Herb Witches; add that expansion "
                          "or choose sets 1-4")


def _check_locoweed(config: GameConfig) -> None:
    """The locoweed book chosen is one of the boxes in play (none chosen: `GameConfig.book`)."""
    sets = catalog.locoweed_sets(config.expansions)
    if sets and "locoweed" in config.books and config.books["locoweed"] not in sets:
        raise ConfigError(f"locoweed book {config.books['locoweed']!r} is not in the boxes in play; "
                          f"available: {', '.join(map(str, sets))}")


def _check_expansions(config: GameConfig) -> None:
    """The expansions are known, each named once, and combined as the boxes allow."""
    unknown = [e for e in config.expansions if e not in catalog.EXPANSIONS]
    if unknown:
        raise ConfigError(f"unknown expansion(s) {', '.join(map(repr, unknown))}; "
                          f"the expansions are {', '.join(catalog.EXPANSIONS)}")
    if len(set(config.expansions)) != len(config.expansions):
        raise ConfigError("an expansion is named twice")
    if config.has("exchange") and config.tubes:
        raise ConfigError("Wolfgang's Exchange Office is played only with the front side of the pots: "
                          "it uses the droplet the test-tube side needs")
    if config.stand not in catalog.STAND_SIDES:
        raise ConfigError(f"the exchange stand's side must be one of {', '.join(catalog.STAND_SIDES)}, "
                          f"not {config.stand!r}")
    if config.witches and not config.has("witches"):
        raise ConfigError("witches are laid out only with The Herb Witches in play")
    _check_witches(config)
    if config.patients and not config.has("alchemists"):
        raise ConfigError("patients are laid out only with The Alchemists in play")
    if config.has("alchemists"):
        unknown = [p for p in config.patients if p not in PATIENTS]
        if unknown:
            raise ConfigError(f"unknown patient(s) {', '.join(map(repr, unknown))}; the patients are {', '.join(PATIENTS)}")
        if len(set(config.patients)) != len(config.patients):
            raise ConfigError("a patient is laid out twice: lay out three different patients")
        if len(config.patients) != PATIENTS_LAID_OUT:
            raise ConfigError(f"The Alchemists lays out {PATIENTS_LAID_OUT} patients, not {len(config.patients)}")


def _check_witches(config: GameConfig) -> None:
    """With The Herb Witches three witches are laid out, one of each type; none laid out plays the
    box's chips, books and overflow bowl without witches (every game a table creates is dealt three)."""
    if not config.has("witches") or not config.witches:
        return
    unknown = [w for w in config.witches if w not in witches.WITCHES]
    if unknown:
        raise ConfigError(f"unknown witch(es) {', '.join(map(repr, unknown))}; the witches are "
                          f"{', '.join(witches.WITCHES)}")
    types = [witches.WITCHES[w].type for w in config.witches]
    if sorted(types) != sorted(witches.TYPES):
        raise ConfigError("lay out three witches, one of each type: one of " +
                          "; one of ".join(", ".join(witches.of_type(t)) for t in witches.TYPES) +
                          f" (not {', '.join(config.witches) or 'none'})")


def new_game(config: GameConfig) -> GameState:
    """Setup: every chip of the box numbered, start bags filled clockwise from seat 0."""
    check_config(config)
    supply = {kind: list(ids) for kind, ids in _box(config.supply, config.expansions)}
    seats = []
    for name in config.players:
        seat = Seat(name=name, rubies=config.start_rubies, threshold=config.threshold,
                    pennies=list(witches.TYPES) if config.has("witches") else [])
        for color, value, count in catalog.START_BAG:
            stock = supply[f"{color}-{value}"]
            seat.bag.extend(stock[:count])
            del stock[:count]
        seats.append(seat)
    state = GameState(config, round=1, phase="fortune", start_player=config.start_player,
                      seats=seats, supply=supply)
    evaluation.start_round(state, [])
    if config.has("alchemists"):
        essence.choose_patients(state, [])
    return state


@cache
def _box(printing: str, expansions: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every chip of this printing's box and the expansions' boxes, numbered, by kind: the same for
    every game with this setup, so made once."""
    return tuple((f"{color}-{value}", tuple(chip_id(color, value, k) for k in range(1, count + 1)))
                 for (color, value), count in catalog.box(printing, expansions).items())


def step(state: GameState, action: Action) -> StepResult:
    """Apply one input to a copy of the state; raises IllegalAction and leaves `state` as it was."""
    new = state.clone()
    events = apply(new, action)
    return StepResult(new, events)


def apply(state: GameState, action: Action) -> Events:
    """Apply one input in place. Every check runs before the first change, so a refusal changes nothing."""
    phase, shopper = state.phase, state.shopper  # before the input: the witches' refresh compares
    if phase == flow.GAME_OVER and not _going_back(state, action):
        raise IllegalAction("game_over", "the game is over")
    seat = getattr(action, "seat", None)
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state.seats)):
        raise IllegalAction("no_such_seat", f"there is no seat {seat!r} at this table")
    events: Events = []
    if isinstance(action, Draw):
        if state.decisions and cards.looking(state, action.seat):  # a look is an open question
            cards.look_draw(state, action.seat, action.chip, events)
            essence.looked(state, action.seat, events)
        else:
            brewing.draw(state, action.seat, action.chip, events)
    elif isinstance(action, Choose):
        _choose(state, action, events)
    elif isinstance(action, Return):
        brewing.returned(state, action.seat, action.chip, events)
    elif isinstance(action, Stop):
        brewing.stop(state, action.seat, events)
    elif isinstance(action, Fortune):
        _fortune(state, action, events)
    elif isinstance(action, Buy):
        evaluation.buy(state, action.seat, action.color, action.value, action.chip, events)
    elif isinstance(action, Spend):
        evaluation.spend(state, action.seat, action.what, events)
    elif isinstance(action, Done):
        _done(state, action.seat, events)
    else:
        raise IllegalAction("malformed", f"not an input: {action!r}")
    if state.fortune in cards.REACTS_TO_PLACING:
        cards.chips_placed(state, events)
    expansions = state.config.expansions  # membership tests rather than two `has` calls for every input
    if "alchemists" in expansions:  # its patients after a chip; Ear worm's chips, in its phase only
        if state.phase == "brewing":
            essence.chips_placed(state, events)
        elif state.phase == placing.EAR_WORM:
            essence.ear_worm_goes_on(state, events)
    state.seq += 1
    if state.phase == "brewing" and state.drawing:  # a seat draws on: the potion phase holds (`brewing.done`): most inputs
        if "witches" in expansions and seat is not None:
            witches.refresh(state, events, seat)  # nothing moves on: only the seat that acted may be offered another
    elif "witches" in expansions:
        _witches(state, seat, phase, shopper, events)
    else:
        flow.advance(state, events)
    return events


def _going_back(state: GameState, action: Action) -> bool:
    """A chip put into a bag at the very end (the last bonus die's orange chip) still passes the
    bag's reader on its way in after the game is over: that read only confirms it."""
    seat = getattr(action, "seat", None)
    return isinstance(action, Return) and isinstance(seat, int) and 0 <= seat < len(state.seats) \
        and action.chip in state.seats[seat].returning


def _witches(state: GameState, seat: int | None, phase: str, shopper: int | None, events: Events) -> None:
    """Advance with the witches offered: the seat's own before (an explosion's witch, before the
    potion phase can end), then the seat's again, or every seat's once the input has changed the
    step or whose turn it is in the shop (`phase`, `shopper`: both before the input). An input that
    leaves `advance` nothing to do (a choice while the others draw on) needs no second refresh:
    refreshing the same seat twice in a row offers nothing new. (A draw on in the potion phase, most
    inputs, refreshes the seat alone in `apply`, without asking `advance`.)"""
    if seat is not None:
        witches.refresh(state, events, seat)
    advanced_from, ended = state.phase, state.ended
    flow.advance(state, events)
    if state.phase != phase or state.shopper != shopper:
        witches.refresh(state, events)
    elif seat is not None and (state.phase != advanced_from or state.ended != ended):  # else the offers stand
        witches.refresh(state, events, seat)


def _fortune(state: GameState, action: Fortune, events: Events) -> None:
    if state.phase != "fortune":
        raise IllegalAction("wrong_phase", f"the Fortune Teller card is read at the start of a round, not in {state.phase}")
    essence.refuse_card(state)
    cards.check(state, action.card)
    cards.read(state, action.card, events)


def _choose(state: GameState, action: Choose, events: Events) -> None:
    for decision in state.decisions:  # a plain loop, no generator: most questions are answered at once
        if decision.id == action.decision:
            break
    else:
        raise _closed(state, action)
    if decision.seat != action.seat:
        raise IllegalAction("wrong_seat", f"only {state.seats[decision.seat].name} answers this: {decision.prompt}")
    low, high = decision.pick
    keys = decision.keys()
    chosen = set(action.keys)
    if not low <= len(action.keys) <= high or len(chosen) != len(action.keys) or not chosen.issubset(keys):
        raise IllegalAction("invalid_option", f"{decision.prompt}: choose from {', '.join(keys)}")
    pending = state.blocking_decision(action.seat)
    if decision.data.get("stands") and pending and len(state.seats[action.seat].hand) < pending.data.get("reveal", 0):
        raise IllegalAction("decision_pending", f"{state.seats[action.seat].name} must first draw: {pending.prompt}")
    ctx = Ctx(state, action.seat, events)
    resolver = CORE_RESOLVERS.get(decision.rule) or RULES[decision.rule].resolve
    resolver(ctx, decision, action.keys)  # type: ignore[misc]
    if state.phase == "brewing":
        brewing.lay_first_of(state, action.seat, events)
        brewing.settle(ctx)
    elif state.phase == "spend":
        evaluation.settle_spender(state, action.seat)


def _closed(state: GameState, action: Choose) -> IllegalAction:
    """The refusal of an answer to a question that is not open: the rule that closed it says why."""
    number = action.decision[1:]
    if not (action.decision.startswith("d") and number.isdigit() and 1 <= int(number) <= len(state.asked)):
        return IllegalAction("unknown_decision", f"there is no question {action.decision} in this game")
    rule, prompt = state.asked[int(number) - 1]
    if rule == placing.FLASK:
        return IllegalAction("stale", placing.why_no_flask(state, action.seat))
    return IllegalAction("stale", f"\"{prompt}\" has been answered, or it was an offer that lapsed with the "
                         "next draw or stop")


def _done(state: GameState, seat: int, events: Events) -> None:
    if state.phase == "shop":
        evaluation.finish_shopping(state, seat, events)
    elif state.phase == "spend":
        evaluation.finish_spending(state, seat, events)
    else:
        raise IllegalAction("wrong_phase", f"'done' ends shopping or spending rubies, not {state.phase}")


def replay(config: GameConfig, actions: Iterable[Action]) -> GameState:
    """The state after these inputs; one working copy is folded for speed."""
    state = new_game(config)
    for action in actions:
        apply(state, action)
    return state
