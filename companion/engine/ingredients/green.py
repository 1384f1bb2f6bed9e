"""Garden spider (green): step B actions of the green chips at the end of the pot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import catalog
from ..model import Chip, Decision, Option, chip
from ..phases.die import ask_die
from ..text import N_, say, say_n
from ._rule import IngredientRule, Reads
from .labels import chip_label, kind_label

if TYPE_CHECKING:
    from ..context import Ctx

GARDEN_SPIDER = N_("garden spider")


def _last_greens(ctx: Ctx) -> list[Chip]:
    """The green chips among the last and the next to last chip placed."""
    return [c for c in (chip(cid) for cid, _ in ctx.seat.pot[-2:]) if c.color == "green"]


# set 1 -------------------------------------------------------------------------------------

def _rubies(ctx: Ctx) -> None:
    ctx.gain_rubies(len(_last_greens(ctx)), GARDEN_SPIDER)


SET_1 = IngredientRule(
    "green/1", "green", 1,
    N_("In evaluation step B you receive 1 ruby for each green chip that is the last or the next to "
    "last chip placed in your pot."),
    on_evaluate=_rubies, reads=Reads(tail=2, tail_colors=("green",)),
)


# set 2 -------------------------------------------------------------------------------------

def _chips(ctx: Ctx) -> None:
    for green in _last_greens(ctx):
        # A yellow or purple chip only once its book is out, as for the Fortune Teller's chips.
        kinds = [(color, value) for color, value in catalog.GREEN_2_CHIPS[green.value]
                 if catalog.book_out(color, ctx.state.round)]
        stocked = [(color, value) for color, value in kinds if ctx.state.supply.get(f"{color}-{value}")]
        if len(stocked) > 1:
            ctx.ask("green.chip", "green/2",
                    say("Garden spider: your {chip} is among the last two chips; which chip goes into your bag?",
                        chip=chip_label(green.id)),
                    [Option(f"{color}-{value}", say("A {kind} into the bag", kind=kind_label(color, value)))
                     for color, value in stocked],
                    data={"green": green.id})
        elif stocked or kinds:
            ctx.chip_from_supply(*(stocked or kinds)[0], why=GARDEN_SPIDER)  # none left: says it is sold out
        else:
            ctx.emit("no_chip", chip=green.id, why=GARDEN_SPIDER)


def _resolve_chip(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    color, value = keys[0].rsplit("-", 1)
    ctx.chip_from_supply(color, int(value), why=GARDEN_SPIDER)


SET_2 = IngredientRule(
    "green/2", "green", 2,
    N_("In evaluation step B you receive a chip into your bag for each green chip that is the last or "
       "the next to last chip placed in your pot: an orange 1-chip for a green 1-chip, a blue 1-chip or "
       "a red 1-chip for a green 2-chip, a yellow 1-chip or a purple 1-chip for a green 4-chip."),
    on_evaluate=_chips, resolve=_resolve_chip, reads=Reads(tail=2, tail_colors=("green",)),
)


# set 3 -------------------------------------------------------------------------------------

def _move_last(ctx: Ctx) -> None:
    """Step B comes after the bonus die (step A), so the move changes the scoring space of steps
    C to E, not who rolled. Moving on never lowers coins or points, so it is made without asking."""
    seat = ctx.seat
    if seat.white_total != catalog.GREEN_3_WHITES or not seat.pot:
        return
    greens = 0
    for cid, _ in seat.pot:  # a loop, not sum() of generators: most pots of 7 whites come here
        c = chip(cid)
        if c.color == "green":
            greens += c.value
    last, space = seat.pot[-1]
    to = min(space + greens, catalog.LAST_CHIP_SPACE)
    if to > space:
        seat.put_at(-1, last, to)
        ctx.emit("moved", chip=last, space=to, by=greens, why=GARDEN_SPIDER)


SET_3 = IngredientRule(
    "green/3", "green", 3,
    N_("In evaluation step B, if the white chips in your pot total exactly 7, add up the values of all "
       "the green chips in your pot and move your very last chip (whatever its colour) that many "
       "spaces forward."),
    on_evaluate=_move_last,
)


# set 4 -------------------------------------------------------------------------------------

def _offer_steps(ctx: Ctx) -> None:
    most = min(len(_last_greens(ctx)), ctx.seat.rubies // catalog.GREEN_4_COST)
    if most:
        ctx.ask("green.pay", "green/4", say("Garden spider: pay rubies to move your droplet?"),
                [*(Option(str(n), say_n("Pay {n} ruby: droplet {n} space forward",
                                        "Pay {n} rubies: droplet {n} spaces forward", n))
                   for n in range(most, 0, -1)),
                 Option("0", say("Pay nothing"))])


def _resolve_steps(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    steps = int(keys[0])
    if steps:
        ctx.pay_rubies(steps * catalog.GREEN_4_COST, GARDEN_SPIDER)
        ctx.move_droplet(steps, GARDEN_SPIDER)


SET_4 = IngredientRule(
    "green/4", "green", 4,
    N_("In evaluation step B you may pay 1 ruby for each green chip that is the last or the next to "
       "last chip placed in your pot, and move your droplet 1 space forward for each (at most 2)."),
    on_evaluate=_offer_steps, resolve=_resolve_steps, reads=Reads(tail=2, tail_colors=("green",), rubies=True),
)


# set 5 -------------------------------------------------------------------------------------

FIRST = "green.first"


def _offer_first(ctx: Ctx) -> None:
    """One choice per green chip last or next to last; no next round after the last one."""
    greens = [g.value for g in _last_greens(ctx)]
    if greens and ctx.state.round < catalog.ROUNDS:
        _ask_first(ctx, greens)


def _ask_first(ctx: Ctx, greens: list[int]) -> None:
    """A chip of the pot worth at most the green chip (the green chip itself too), one option per
    kind (chips of a kind are alike), naming the last one of that kind by its space."""
    found: dict[str, Option] = {}
    for cid, space in reversed(ctx.seat.pot):
        c = chip(cid)
        if c.value <= greens[0] and c.kind not in found and cid not in ctx.seat.first:
            found[c.kind] = Option(cid, say("The {chip} on space {space}", chip=chip_label(cid),
                                            space=catalog.printed(space)))
    ctx.ask(FIRST, "green/5", say("Garden spider: which chip of your pot do you lay first next round?"),
            [*found.values(), Option("none", say("None"))], data={"greens": greens})


def _resolve_first(ctx: Ctx, decision: Decision, keys: tuple[str, ...]) -> None:
    ctx.close(decision)
    if keys[0] != "none":
        ctx.seat.first.append(keys[0])
        ctx.emit("first_next_round", chip=keys[0])
    if len(decision.data["greens"]) > 1:
        _ask_first(ctx, decision.data["greens"][1:])


SET_5 = IngredientRule(
    "green/5", "green", 5,
    N_("In evaluation step B, for each green chip that is the last or the next to last chip placed in "
       "your pot you may choose a chip in your pot worth as much as that green chip or less (the green "
       "chip itself too). It stays out of your bag and is the first chip you place next round, with its "
       "action."),
    on_evaluate=_offer_first, resolve=_resolve_first,
)


# set 6 -------------------------------------------------------------------------------------

def _roll(ctx: Ctx) -> None:
    """One roll per green chip last or next to last; The Pot Is Full doubles each (expansions.md 1.7)."""
    rolls = len(_last_greens(ctx)) * (2 if ctx.state.fortune == catalog.POT_IS_FULL else 1)
    for _ in range(rolls):
        ask_die(ctx)


SET_6 = IngredientRule(
    "green/6", "green", 6,
    N_("In evaluation step B you roll the bonus die once for each green chip that is the last or the "
       "next to last chip placed in your pot. The values of the green chips do not matter."),
    on_evaluate=_roll,
)
