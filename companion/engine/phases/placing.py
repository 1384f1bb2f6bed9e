"""Laying a chip in the pot: its space, the white total, the flask offer and the chip's action.

Both a draw and a look-ahead rule (the crow skull) place chips, through `Ctx.place`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from .. import catalog
from ..expansions.herb_witches import bowl
from ..ingredients import IngredientRule, active_rules
from ..ingredients.labels import chip_label
from ..memo import Memo
from ..model import BREWING, EXPLODED, STOPPED, Chip, Decision, GameConfig, GameState, LastSetup, Option, Seat, chip
from ..text import Text, say

if TYPE_CHECKING:
    from ..context import Ctx

FLASK = "core/flask"
Mover = Callable[[Seat, Chip, int], int]  # IngredientRule.moves

EAR_WORM = "essence"
"""The phase in which chips are laid only for Ear worm (The Alchemists): drawn after the seat
stopped, each takes its action, but no chip laid then can explode the pot (a crow skull's choice or
a toadstool's chip set beside the pot is one of them too)."""


MOVE_ORDER: tuple[str, ...] = ("red", "yellow")
"""Books that change how far other chips move, in the order they apply: red set 4 sets a white
1-chip's move, and yellow set 2 doubles the whole move, so it comes last."""


def landing(last_space: int, value: int, extra: int) -> int:
    """The space a chip reaches: its value (and extra spaces) past the last chip, at most the last space.

    A comparison rather than `min()`: on Python 3.11 `min` parses its arguments as keywords and
    costs several times a comparison, and this runs for every chip laid."""
    space = last_space + value + extra
    return space if space < catalog.LAST_CHIP_SPACE else catalog.LAST_CHIP_SPACE


def explodes(white_total: int, threshold: int) -> bool:
    """The pot explodes when its whites add up to more than the threshold."""
    return white_total > threshold


def fills_pot(space: int) -> bool:
    """A chip on the last space fills the pot: the seat stops there."""
    return space >= catalog.LAST_CHIP_SPACE


def offers_flask(space: int, flask_full: bool, *, overflow: bool = False) -> bool:
    """A white chip that did not explode the pot may go back with a full flask, unless it filled the
    pot; with the overflow bowl a full pot does not end the round, so the flask is offered still."""
    return flask_full and (overflow or not fills_pot(space))


@lru_cache(maxsize=64)
def _work_out_setup(config: GameConfig) -> tuple[dict[str, IngredientRule], tuple[tuple[str, Mover], ...], bool]:
    """What laying a chip asks of the setup: the books in play, those of them that change how far
    other chips move (colour and hook, in `MOVE_ORDER`; most setups have none), and whether the
    overflow bowl is in play. A config never changes, so this is worked out once per setup rather
    than for every chip laid."""
    rules = active_rules(config)
    movers = tuple((color, rule.moves) for color in MOVE_ORDER if (rule := rules.get(color)) and rule.moves)
    return rules, movers, bowl.in_play(config)


_SETUP = LastSetup(_work_out_setup)


def place(ctx: Ctx, chip_id: str, *, safe: bool = False) -> None:
    """Lay a drawn chip after the previous one by its value; check the whites; run its action.

    A book may put the drawn chip somewhere else instead (red set 2: beside the pot); a chip laid
    from beside the pot is laid like any other. `safe`: a chip placed for a Fortune Teller card
    cannot explode the pot and has no action; a chip laid for Ear worm (`EAR_WORM`) cannot explode
    it either, but acts. The round's card may move a colour further (`card_data["extra_move"]`,
    Pumpkin Patch Party)."""
    state = ctx.state
    explosive = not safe and state.phase != EAR_WORM
    seat = state.seats[ctx.seat_no]  # plain lookups, not Ctx's properties: this runs for nearly every input
    c = chip(chip_id)
    color, value = c.color, c.value
    if chip_id in seat.hand:
        seat.hand.remove(chip_id)
    rules, movers, overflow = _SETUP.of(state.config)
    from_aside = chip_id in seat.aside
    if overflow and bowl.full(seat):
        _into_bowl(ctx, chip_id, explosive=explosive)
        return
    rule = rules.get(color)
    if rule and rule.acts_as and not safe:  # locoweed set 6: laid as a copy of another chip
        c = rule.acts_as(seat, c)
        rule = rules.get(c.color) if c.color != color else None
        color, value = c.color, c.value
    if from_aside:
        seat.aside.remove(chip_id)
    elif rule and rule.on_draw and not safe and rule.on_draw(ctx, c):
        _drawn(seat)
        return
    moved = (value + rule.extra_move(seat)) if rule and rule.extra_move and not safe else value  # e.g. a red chip's action
    card_extra = state.card_data.get("extra_move")  # the round's card (Pumpkin Patch Party)
    if card_extra:
        moved += card_extra.get(color, 0)
    for mover, moves in movers:  # the books in force on the pot (red set 4, yellow set 2)
        if not (safe and mover == color):
            moved = moves(seat, c, moved)
    if seat.pending:
        seat.pending.clear()  # the chip laid takes every effect that waited for it
    space = landing(seat.last_space, value, moved - value)
    seat.lay(chip_id, space)
    placed = {"event": "placed", "seat": ctx.seat_no, "chip": chip_id, "space": space, "extra": moved - value}
    if from_aside:
        placed["aside"] = True
    ctx.events.append(placed)
    if color == "white" and explosive and _white(ctx, seat, chip_id, offers_flask(space, seat.flask_full, overflow=overflow)
                                                and seat.status == BREWING):  # no flask for a chip laid after stopping
        return
    if seat.insured:
        _drawn(seat)
    if fills_pot(space) and not _on_last_space(ctx, rule, space, overflow):
        return
    if rule and rule.on_place and not safe:
        rule.on_place(ctx, c)


def _on_last_space(ctx: Ctx, rule: IngredientRule | None, space: int, overflow: bool) -> bool:
    """The chip reached the last space: the pot is full (with the bowl, the seat may draw on).
    Whether the chip still acts: only a book whose action is on the space itself (blue sets 3-6),
    not on a following chip."""
    if overflow:
        ctx.emit("last_space", space=space)
    else:
        ctx.stop_brewing(STOPPED, "pot_full", space=space)
    return bool(rule and rule.acts_on_last_space)


def _into_bowl(ctx: Ctx, chip_id: str, *, explosive: bool) -> None:
    """The pot is full: the chip goes into the overflow bowl (from beside the pot too), with no
    action; a white there still counts toward the explosion, unless a Fortune Teller card or Ear
    worm placed it."""
    seat = ctx.seat
    if chip_id in seat.aside:
        seat.aside.remove(chip_id)
    bowl.fill(ctx, chip_id)
    if chip(chip_id).color == "white" and explosive and _white(ctx, seat, chip_id, seat.flask_full):
        return
    _drawn(seat)


def _white(ctx: Ctx, seat: Seat, chip_id: str, flask: bool) -> bool:
    """A white chip was laid in `seat` (ctx's): the pot explodes (True) when the whites pass the
    threshold; if not, the flask is offered when `flask`."""
    total = seat.white_total
    if explodes(total, seat.threshold):
        ctx.stop_brewing(EXPLODED, "exploded", white_total=total, threshold=seat.threshold,
                         **({"insured": True} if seat.insured else {}))  # `insured` stays: see Seat
        return True
    if flask:
        prompt, use = _FLASK_OFFERS[chip_id]
        ctx.ask("flask", FLASK, prompt, [use], blocking=False, data={"chip": chip_id})
    return False


def _flask_offer(chip_id: str) -> tuple[Text, Option]:
    """The flask's question and its option for a white chip."""
    label = chip_label(chip_id)
    return (say("Use the flask to put the {chip} back into the bag?", chip=label),
            Option("use", say("Flask: put {chip} back", chip=label)))


_FLASK_OFFERS = Memo(_flask_offer)
"""White chip id -> the flask's question and option, made once (an id always names the same chip,
and an option is never changed once made)."""


def _drawn(seat: Seat) -> None:
    """A chip drawn while a blue chip's window runs (blue set 2) is one of the draws it covers;
    a chip laid from beside the pot after the seat stopped is not a draw."""
    if seat.insured and seat.status == BREWING:
        seat.insured -= 1


def why_no_flask(state: GameState, seat_no: int) -> str:
    """What a referee says to a seat that reaches for the flask when it may not use it."""
    seat = state.seats[seat_no]
    if not seat.flask_full:
        return (f"{seat.name}'s flask is empty: it puts back one white chip, then is refilled for "
                f"{catalog.FLASK_COST} rubies at the end of a round")
    rule = "the flask only puts back a white chip that did not make the pot explode"
    if state.phase != "brewing":
        return f"{rule}, in the potion phase"
    if seat.status == EXPLODED:
        return f"{rule}: {seat.name}'s pot has exploded"
    last = seat.pot[-1][0] if seat.pot else None
    if last is None or chip(last).color != "white":
        return f"{rule}, right after drawing it: the last chip is {chip_label(last) if last else 'none yet'}"
    return f"{rule}, right after drawing it: the offer lapsed when {seat.name} stopped"


def resolve_flask(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    """The white goes back from the pot or the bowl; the offer is one of those about it that go
    with it (Well Stirred's too)."""
    white = decision.data["chip"]
    ctx.seat.flask_full = False
    ctx.emit("flask", chip=white)
    ctx.pot_to_bag([white], None)
