"""The engine's events in words, one line each, in a page's language: the feed, the timeline, the replay.

Each event is a key (`event`) and parameters; its sentence lives here, once, as a catalog source
string. A new event gets a line in `_SENTENCES` (and its Spanish in the catalog).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.engine import catalog
from companion.engine.cards import CARDS
from companion.engine.expansions.alchemists.patients import PATIENTS
from companion.engine.expansions.herb_witches import witches
from companion.engine.ingredients.labels import chip_label, kind_label
from companion.engine.text import N_, Text

from .catalogs import translations
from .render import render

PHASES = {
    "fortune": N_("Fortune Teller"), "brewing": N_("brewing"), "bonus_die": N_("bonus die"),
    "essence": N_("essence"), "chip_actions": N_("chip actions"), "rubies": N_("rubies"), "rewards": N_("rewards"),
    "shop": N_("shopping"), "spend": N_("spending rubies"), "round_end": N_("end of the round"),
    "game_over": N_("game over"),
}
"""Every phase's name, as the pages show it too."""


class Words:
    """One language's lookups for the sentences below: each returns the filled-in translation."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._t = translations(lang)

    def _(self, msgid: str, **params: Any) -> str:
        return self._t.gettext(msgid).format(**params)

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        return self._t.ngettext(singular, plural, n).format(n=n, **params)

    def text(self, text: Text) -> str:
        return render(text, self.lang)

    def chip(self, chip_id: str) -> str:
        return render(chip_label(chip_id), self.lang)

    def chips(self, chip_ids: Sequence[str]) -> str:
        return ", ".join(self.chip(c) for c in chip_ids)

    def kind(self, kind: str) -> str:
        color, value = kind.rsplit("-", 1)
        return render(kind_label(color, int(value)), self.lang)

    def lookup(self, msgid: str) -> str:
        """A message the engine names (a reason, a card, a die face), marked with N_ where it is written."""
        return self._t.gettext(msgid)

    def why(self, event: dict[str, Any]) -> str:
        return self.lookup(event["why"])


def _space(e: dict[str, Any], key: str = "space") -> int:
    return catalog.printed(e[key])


def _fortune(w: Words, e: dict[str, Any]) -> str:
    if e["card"] is None:
        return w._("Fortune Teller: no card")
    return w._("Fortune Teller: {card}", card=w.lookup(CARDS[e["card"]].name))


def _rat(w: Words, e: dict[str, Any]) -> str:
    if e.get("why"):
        return w.ngettext("rat stone {n} space past the droplet (space {space}) ({why})",
                          "rat stone {n} spaces past the droplet (space {space}) ({why})",
                          e["tails"], space=_space(e), why=w.why(e))
    return w.ngettext("rat stone {n} space past the droplet (space {space})",
                      "rat stone {n} spaces past the droplet (space {space})", e["tails"], space=_space(e))


def _placed(w: Words, e: dict[str, Any]) -> str:
    if e.get("aside"):  # laid from beside the pot once the seat had stopped (red set 2)
        if e.get("extra"):
            return w._("places {chip} from beside the pot → space {space} (+{extra} extra)", chip=w.chip(e["chip"]),
                       space=_space(e), extra=e["extra"])
        return w._("places {chip} from beside the pot → space {space}", chip=w.chip(e["chip"]), space=_space(e))
    if e.get("extra"):
        return w._("draws {chip} → space {space} (+{extra} extra)", chip=w.chip(e["chip"]), space=_space(e),
                   extra=e["extra"])
    return w._("draws {chip} → space {space}", chip=w.chip(e["chip"]), space=_space(e))


def _exploded(w: Words, e: dict[str, Any]) -> str:
    if e.get("insured"):
        return w._("EXPLODES: whites {total} > {threshold} (a crow skull's window: victory points and coins both)",
                   total=e["white_total"], threshold=e["threshold"])
    return w._("EXPLODES: whites {total} > {threshold}", total=e["white_total"], threshold=e["threshold"])


def _flask_refilled(w: Words, e: dict[str, Any]) -> str:
    if e.get("why"):
        return w._("refills the flask ({why})", why=w.why(e))
    return w.ngettext("refills the flask ({n} ruby)", "refills the flask ({n} rubies)", catalog.FLASK_COST)


def _stand(w: Words, e: dict[str, Any]) -> str:
    if e["side"] == "green":
        return w._("stand droplet to tube {tube}: 1 victory point for {n} coins ({why})", tube=e["to"], n=e["number"],
                   why=w.why(e))
    return w._("stand droplet to tube {tube}: chip value divided by {n} at the end ({why})", tube=e["to"],
               n=e["number"], why=w.why(e))


def _witch(w: Words, e: dict[str, Any]) -> str:
    if e["penny"] is None:
        return w._("calls the witch \"{name}\" (free this round)", name=w.lookup(e["name"]))
    return w._("calls the witch \"{name}\" with the {metal} penny", name=w.lookup(e["name"]),
               metal=w.lookup(witches.METALS[e["penny"]]))


_SENTENCES: dict[str, Callable[[Words, dict[str, Any]], str]] = {
    "round_start": lambda w, e: w._("— Round {round} —", round=e["round"]),
    "round_end": lambda w, e: w._("End of round {round}", round=e["round"]),
    "fortune": _fortune,
    "card_look": lambda w, e: w.ngettext("draws {n} chip to look at", "draws {n} chips to look at", e["chips"]),
    "card_total": lambda w, e: w._("the chips looked at total {total}", total=e["total"]),
    "threshold": lambda w, e: w._("this round a pot explodes only above {threshold}", threshold=e["threshold"]),
    "rubies_paid": lambda w, e: w.ngettext("pays {n} ruby ({why})", "pays {n} rubies ({why})", e["amount"],
                                           why=w.why(e)),
    "chip_removed": lambda w, e: w._("{chip} goes back to the supply ({why})", chip=w.chip(e["chip"]), why=w.why(e)),
    "brew_again": lambda w, e: w._("puts the whole pot back into the bag and brews again"),
    "phase": lambda w, e: w._("Phase: {phase}", phase=w.lookup(PHASES[e["phase"]])),
    "rat": _rat,
    "placed": _placed,
    "revealed": lambda w, e: w._("looks at {chip}", chip=w.chip(e["chip"])),
    "set_aside": lambda w, e: w._("draws {chip} → beside the pot", chip=w.chip(e["chip"])),
    "action_passed": lambda w, e: w._("leaves the action of {chip} unused ({why})", chip=w.chip(e["chip"]),
                                      why=w.why(e)),
    "kept_aside": lambda w, e: w._("keeps {chip} beside the pot for a later round", chip=w.chip(e["chip"])),
    "preview_empty": lambda w, e: w._("crow skull: the bag is empty, nothing to look at"),
    "returned": lambda w, e: w._("puts back {chips} ({why})", chips=w.chips(e["chips"]), why=w.why(e)),
    "exploded": _exploded,
    "insured": lambda w, e: w.ngettext("crow skull: {n} draw insured (an explosion keeps victory points and coins)",
                                       "crow skull: {n} draws insured (an explosion keeps victory points and coins)",
                                       e["draws"]),
    "moved": lambda w, e: w.ngettext("{chip} moves {n} space on to space {space} ({why})",
                                     "{chip} moves {n} spaces on to space {space} ({why})", e["by"],
                                     chip=w.chip(e["chip"]), space=_space(e), why=w.why(e)),
    "no_chip": lambda w, e: w._("no chip for the {chip}: its chips' books are not out yet ({why})",
                                chip=w.chip(e["chip"]), why=w.why(e)),
    "return_seen": lambda w, e: w._("{chip} seen going back into the bag", chip=w.chip(e["chip"])),
    "pot_full": lambda w, e: w._("the pot is full (last space reached)"),
    "last_space": lambda w, e: w._("the last space is reached: further chips go into the overflow bowl"),
    "bowl": lambda w, e: w._("draws {chip} → overflow bowl (total {total})", chip=w.chip(e["chip"]), total=e["total"]),
    "stopped": lambda w, e: w._("stops ({why})", why=w.why(e)),
    "flask": lambda w, e: w._("uses the flask: {chip} back into the bag", chip=w.chip(e["chip"])),
    "flask_refilled": _flask_refilled,
    "no_roll": lambda w, e: w._("nobody rolls the bonus die: {why}", why=w.why(e)),
    "die": lambda w, e: w._("rolls the bonus die: {result}", result=w.lookup(e["label"])),
    "points": lambda w, e: w.ngettext("+{n} victory point ({why})", "+{n} victory points ({why})", e["amount"],
                                      why=w.why(e)),
    "rubies": lambda w, e: w.ngettext("+{n} ruby ({why})", "+{n} rubies ({why})", e["amount"], why=w.why(e)),
    "droplet": lambda w, e: w._("droplet to space {space} ({why})", space=_space(e, "to"), why=w.why(e)),
    "tube": lambda w, e: w._("test-tube droplet to glass {glass}: {bonus} ({why})", glass=e["to"],
                             bonus=w.lookup(e["bonus"]), why=w.why(e)),
    "stand": _stand,
    "points_bought": lambda w, e: w.ngettext("buys {n} victory point at the exchange stand for {cost} coins",
                                             "buys {n} victory points at the exchange stand for {cost} coins",
                                             e["amount"], cost=e["cost"]),
    "swapped": lambda w, e: w._("{chip} out of the pot for good, {new} in its place ({why})", chip=w.chip(e["chip"]),
                                new=w.chip(e["to"]), why=w.why(e)),
    "coins": lambda w, e: w.ngettext("{n} coin", "{n} coins", e["amount"]),
    "coins_lost": lambda w, e: w.ngettext("loses {n} unspent coin", "loses {n} unspent coins", e["amount"]),
    "chip_gained": lambda w, e: w._("gets {chip} into the bag ({why})", chip=w.chip(e["chip"]), why=w.why(e)),
    "chip_given": lambda w, e: w._("{chip} goes into the bag of the player on the left instead (hawkmoth)",
                                   chip=w.chip(e["chip"])),
    "first_next_round": lambda w, e: w._("keeps {chip} out of the bag to place it first next round (garden spider)",
                                         chip=w.chip(e["chip"])),
    "sold_out": lambda w, e: w._("no {kind} left in the supply ({why})", kind=w.kind(e["kind"]), why=w.why(e)),
    "bought": lambda w, e: w.ngettext("buys {chip} for {n} coin", "buys {chip} for {n} coins", e["cost"],
                                      chip=w.chip(e["chip"])),
    "game_over": lambda w, e: w._("Game over"),
    "patient": lambda w, e: w._("treats {patient}", patient=w.lookup(PATIENTS[e["patient"]].name)),
    "essence": lambda w, e: w._("essence: the flask's marker reaches space {space}", space=e["space"]),
    "essence_rat": lambda w, e: w.ngettext("{n} more rat tail next round (essence)",
                                           "{n} more rat tails next round (essence)", e["tails"]),
    "essence_spent": lambda w, e: w.ngettext("spends {n} essence ({left} left)", "spends {n} essence ({left} left)",
                                             e["amount"], left=e["left"]),
    "laid_out": lambda w, e: w._("lays out {chips} (Nervousness)", chips=w.chips(e["chips"])),
    "witch": _witch,
    "unexploded": lambda w, e: w._("the explosion is undone: whites {total}, brewing on", total=e["white_total"]),
    "witch_visits": lambda w, e: w._("turns up the visiting witch \"{name}\": free for everyone this round",
                                     name=w.lookup(e["name"])),
    "penny_given": lambda w, e: w._("gives up the {metal} penny ({why})", metal=w.lookup(witches.METALS[e["penny"]]),
                                    why=w.why(e)),
    "penny_back": lambda w, e: w._("takes back the {metal} penny ({why})", metal=w.lookup(witches.METALS[e["penny"]]),
                                   why=w.why(e)),
}


def describe(event: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """'Ann: draws white 2 → space 5' (the printed number), or a table-wide line without a name."""
    w = Words(lang)
    text = _SENTENCES[event["event"]](w, event)
    seat = event.get("seat")
    return text if seat is None else w._("{name}: {text}", name=names[seat], text=text)
