"""The page's language, and the words its scripts need, from the message catalogs.

Templates call Flask-Babel's ``_()``; a page's script gets ``SCRIPT`` below, each key's text from
the same catalog in the page's language, embedded in the page (``t(key)`` in ``live.js``).
The Spanish follows the Spanish rulebook's words (caldero, gota, rata, frasco).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, cached_property

from babel import Locale
from babel.numbers import format_percent, get_decimal_symbol
from flask import Flask, redirect, request
from flask_babel import Babel, Domain, get_locale

from companion.engine import catalog
from companion.engine.ingredients.labels import CHIP_NAMES, kind_label
from companion.engine.text import N_
from companion.words import languages, render, translations
from companion.words.catalogs import SOURCE
from companion.words.refusals import REFUSALS


def N_n(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (gettext's naming)
    """Marks a singular and plural pair for the catalogs (extracted like ngettext)."""
    return singular, plural


LANGUAGES = languages()
COOKIE = "lang"

SCRIPT: dict[str, str] = {
    "act_buy": N_("Buy"),
    "buy_chip": N_("Buy {chip}: {cost}"),
    "act_done": N_("Done"),
    "act_fortune": N_("Play this round without a card"),
    "act_return": N_("Seen going back into the bag:"),
    "act_return_aside": N_("Put back into the bag:"),
    "act_spend_droplet": N_("Move droplet ({n} rubies)"),
    "act_spend_flask": N_("Use the flask (white chip back)"),
    "act_spend_refill": N_("Refill flask ({n} rubies)"),
    "actions": N_("Actions"),
    "advice_draw": N_("DRAW:"),
    "advice_stop": N_("STOP:"),
    "advice_thinking": N_("advice: thinking…"),
    "advice_none": N_("no advice this draw"),
    "advice_odds": N_("{n} of {m} chips would explode the pot ({pct})"),
    "advice_draw_more": N_("drawing on is worth about {vp} VP more than stopping"),
    "advice_stop_more": N_("stopping is worth about {vp} VP more than drawing on"),
    "advice_draw_least": N_("drawing on is worth at least {vp} VP more than stopping"),
    "advice_stop_least": N_("stopping is worth at least {vp} VP more than drawing on"),
    "advice_even": N_("drawing on and stopping are worth about the same"),
    "advice_draw_least_even": N_("drawing on is worth at least as much as stopping"),
    "advice_stop_least_even": N_("stopping is worth at least as much as drawing on"),
    "all_in": N_("All in the bag"),
    "all_rounds": N_("All rounds"),
    "all_seats": N_("All seats"),
    "and": N_(" and "),
    "anomalies": N_("Anomalies"),
    "assign": N_("Assign to seat"),
    "assist": N_("Phones show"),
    "assist_advice": N_("odds and advice"),
    "assist_odds": N_("odds"),
    "assist_off": N_("nothing"),
    "league_code": N_("League code"),
    "league_new_code": N_("New code"),
    "stir_call": N_("Stir! (chip {n})"),
    "stir_go": N_("Stir! Take out a chip, or an empty hand to stop"),
    "stir_setting": N_("Draw together (\"Stir!\")"),
    "stir_setting_round9": N_("in round 9"),
    "stir_setting_always": N_("every round"),
    "stir_setting_off": N_("never"),
    "stir_why": N_("{name}: {why}"),
    "stir_why_draw_six": N_("Draw six"),
    "stir_why_look": N_("looking at chips"),
    "stir_why_question": N_("answering a question"),
    "bag": N_("In the bag"),
    "bag_empty": N_("The bag is empty"),
    "beside_pot": N_("Beside the pot:"),
    "first_next_round": N_("Placed first next round:"),
    "bowl_of": N_("Overflow bowl: total {total}, {points} VP:"),
    "book_price": N_("{v}-chip {c}"),
    "book_random": N_("random"),
    "book_base": N_("base book"),
    "book_set": N_("set"),
    "books": N_("Books"),
    "card_line": N_("Fortune Teller: {name}"),
    "change_card": N_("Change the card"),
    "chip": N_("Chip"),
    "choose_n": N_("Choose {min} to {max}"),
    "confirm": N_("Confirm"),
    "connected": N_("connected"),
    "create": N_("Create game"),
    "decide": N_("Decide"),
    "dice": N_("rolls the die"),
    "die_1": N_("1 victory point"),
    "die_2": N_("1 victory point"),
    "die_3": N_("2 victory points"),
    "die_4": N_("1 ruby"),
    "die_5": N_("droplet 1 space forward"),
    "die_6": N_("an orange 1 into the bag"),
    "disconnected": N_("not connected"),
    "draw": N_("Draw a chip"),
    "draw_look": N_("Draw a chip to look at"),
    "droplet": N_("Droplet"),
    "droplet_on_space": N_("droplet on space {n}"),
    "droplet_pot": N_("Pot droplet to space {n}"),
    "droplet_tube": N_("Test-tube droplet to glass {n}: {pays}"),
    "from_stand": N_("from the exchange stand"),
    "stand_at_tube": N_("stand droplet on tube {n}"),
    "stand_brown": N_("brown side: chip value per victory point at the end"),
    "stand_divisor": N_("chip value divided by this at the end (stand tube {n})"),
    "stand_green": N_("green side: coins per victory point in the shop"),
    "stand_points": N_("1 victory point"),
    "stand_price": N_("coins per victory point (stand tube {n})"),
    "end_short": N_("end"),
    "enrolling": N_("Enrolling: {chip}"),
    "essence_short": N_("Essence {n}"),
    "events": N_("What happened"),
    "explodes": N_("explodes"),
    "explodes_insured": N_("explodes, keeps both: {coins} coins, {vp} VP"),
    "final_score": N_("final score"),
    "fix": N_("Fix"),
    "flask": N_("Flask"),
    "flask_empty": N_("used"),
    "flask_full": N_("full"),
    "flask_of": N_("Flask: {patient}, essence {n}"),
    "fortune": N_("Fortune Teller"),
    "from_coins": N_("from coins"),
    "from_rounds": N_("from the rounds"),
    "from_rubies": N_("from rubies"),
    "guide_choose": N_("Choose one"),
    "guide_ear_worm_chip": N_("Ear worm: the chip just placed asks you (its action, or leave it)"),
    "guide_die": N_("Roll the die"),
    "guide_draw": N_("Draw a chip or stop"),
    "guide_draw_reader": N_("Draw a chip from your bag, or stop"),
    "guide_droplet": N_("Choose: which droplet moves"),
    "guide_essence": N_("Essence: choose the space your marker stops on"),
    "guide_fortune": N_("Turn up the Fortune Teller card (at the table screen)"),
    "guide_held": N_("Your bag's reader asks: did you draw this chip?"),
    "guide_draw_pick": N_("Draw a chip, then tap it below; or stop"),
    "guide_look": N_("Crow skull: draw {n} more to look at"),
    "guide_patient": N_("Choose the patient you treat this game"),
    "guide_draw_book": N_("Draw one more chip for your book (see below)"),
    "guide_paused": N_("Paused: wait for the host"),
    "guide_place": N_("Crow skull: place one of them, or none"),
    "guide_purple": N_("Choose your Ghost's breath bonus"),
    "guide_green_chip": N_("Garden spider: choose the chip for your bag"),
    "guide_green_pay": N_("Garden spider: pay rubies to move your droplet?"),
    "guide_purple_trade": N_("Ghost's breath: trade in purple chips?"),
    "guide_purple_upgrade": N_("Ghost's breath: trade a chip for a higher one?"),
    "guide_red_aside": N_("Decide for each red chip beside your pot"),
    "guide_reward": N_("Choose: points or coins"),
    "guide_shop": N_("Shop: buy up to 2 chips of different colours"),
    "guide_shop_points": N_("Shop: buy up to 2 chips of different colours, and victory points at the stand"),
    "guide_spend": N_("Spend rubies, or tap Done"),
    "guide_you_win": N_("Game over: you win!"),
    "guide_witch": N_("A witch may help you now: call her, or go on"),
    "guide_witch_look": N_("Witch: draw {n} more chips"),
    "guide_witch_place": N_("Witch: place the drawn chips one by one, or none"),
    "held_q": N_("Read at your bag: did you draw this chip?"),
    "held_drawn": N_("Yes, I drew it"),
    "held_drawn_rest": N_("Yes, I drew it (the others are in the bag)"),
    "held_not_drawn": N_("No, it was not a draw"),
    "history_scores": N_("Score in each game"),
    "imported": N_("{n} tags imported"),
    "in_box": N_("{n} left in the box"),
    "kind": N_("Kind"),
    "kind_buy": N_("Buy"),
    "kind_choose": N_("Choice"),
    "kind_done": N_("Done"),
    "kind_draw": N_("Draw"),
    "kind_fortune": N_("Fortune Teller card"),
    "kind_refused": N_("Refused read"),
    "kind_return": N_("Back into the bag"),
    "kind_spend": N_("Spend"),
    "kind_stop": N_("Stop"),
    "laid_out": N_("Laid out:"),
    "lands_on": N_("space {n}"),
    "language": N_("Language"),
    "left": N_("left"),
    "link_connecting": N_("connecting"),
    "link_failed": N_("failed"),
    "link_offline": N_("offline"),
    "link_online": N_("online"),
    "link_revoked": N_("This link no longer opens the seat: the host gave it a new one. Scan the seat's new code."),
    "link_unknown": N_("no report yet"),
    "login": N_("Enter"),
    "looked_at": N_("Looked at:"),
    "manual_draw": N_("Enter a missed draw"),
    "name": N_("Name"),
    "player": N_("Player"),
    "no_anomalies": N_("No anomalies"),
    "no_card": N_("no card"),
    "no_chip_yet": N_("No chip in the pot yet"),
    "no_game": N_("No game yet. The host creates one."),
    "none": N_("nothing"),
    "not_enrolling": N_("Not enrolling: reads are draws"),
    "of": N_("of"),
    "offer": N_("Take the offer"),
    "offer_flask": N_("Flask: put it back"),
    "offer_mandrake": N_("Mandrake: put back"),
    "offline": N_("Offline, reconnecting…"),
    "older": N_("Older"),
    "online": N_("Live"),
    "outlook": N_("Next draw"),
    "page_n": N_("Page {page} of {pages} ({total} rows)"),
    "pause": N_("Pause"),
    "pays": N_("{coins} coins, {vp} VP"),
    "gains_now": N_("+{vp} VP, +{rubies} ♦ at once"),
    "phase": N_("Phase"),
    "phase_bonus_die": N_("bonus die"),
    "phase_card": N_("Fortune Teller: {card}"),
    "phase_card_wait": N_("Fortune Teller: turn up this round's card"),
    "phase_shop_who": N_("Shop: {name} buys"),
    "phase_brewing": N_("potion phase"),
    "phase_chip_actions": N_("chip actions"),
    "phase_essence": N_("essence"),
    "phase_fortune": N_("Fortune Teller"),
    "phase_game_over": N_("game over"),
    "phase_paused": N_("paused"),
    "phase_rewards": N_("rewards"),
    "phase_rubies": N_("rubies"),
    "phase_setup": N_("setting up"),
    "phase_shop": N_("shopping"),
    "phase_spend": N_("spending rubies"),
    "phone_status": N_("Phone"),
    "pin": N_("Host PIN"),
    "pin_all_locked": N_("new devices are refused every PIN for a while (this computer, the host's own devices and the recovery passphrase still open this page)"),
    "pin_warning": N_("Someone is guessing the host PIN. Wrong tries in the last 15 minutes"),
    "storage_warning": N_("The table cannot save: every input is refused until this is fixed (nothing saved is lost). Cause:"),
    "place": N_("Place"),
    "place_none": N_("Place none: all go back"),
    "pot": N_("Pot"),
    "purple_1": N_("1 victory point"),
    "purple_2": N_("1 victory point and 1 ruby"),
    "purple_3": N_("2 victory points and droplet 1 space forward"),
    "rat": N_("Rat"),
    "rat_title": N_("Rat stone: {n} past the droplet"),
    "read_back": N_("read going back into your bag"),
    "read_back_drawn": N_("I drew it"),
    "reader": N_("Reader"),
    "reader_offline": N_("Your bag's reader is offline: its reads come in once it is back"),
    "reader_status": N_("Reader"),
    "readers": N_("Readers"),
    "reason": N_("Reason"),
    "red_bag": N_("Put it back into the bag"),
    "red_keep": N_("Keep it beside the pot for a later round"),
    "red_place": N_("Place it after your last chip now"),
    "refused": N_("Refused"),
    "reissue_confirm": N_("Give {name} a new link? The old link stops working; the phone must scan the new code."),
    "replay": N_("Round replay"),
    "replay_begin": N_("Start of the round"),
    "replay_extra": N_("{n} extra"),
    "replay_line": N_("transcript line {n}"),
    "replay_manual": N_("entered by hand"),
    "replay_moved": N_("moved to another seat"),
    "replay_read": N_("reader {reader} · tag {uid}"),
    "replay_refused": N_("refused"),
    "replay_start": N_("Round {round} begins"),
    "replay_step": N_("Input {k} of {n}"),
    "replay_voided": N_("voided"),
    "result_ok": N_("Done (#{seq})"),
    "roll_die": N_("Roll the die"),
    "roll_for_me": N_("Roll for me"),
    "results": N_("Results"),
    "resume": N_("Resume"),
    "risk_line": N_("Next draw explodes the pot: {n} of {m} chips ({pct})"),
    "round": N_("Round"),
    "rubies": N_("Rubies"),
    "ruby": N_("ruby"),
    "score": N_("Score"),
    "score_track": N_("Score track: {scores}"),
    "scores_now": N_("Scores now: {coins}, {vp} VP"),
    "score_by_round": N_("Score by round"),
    "seat": N_("Seat"),
    "seat_n": N_("Seat {n}"),
    "settled": N_("settled by #{seq}"),
    "shop": N_("Shop"),
    "shop_done": N_("Done shopping"),
    "choice_best": N_("Advice: {option} ({value} VP beyond the next best)"),
    "choice_lapse": N_("let it lapse"),
    "choice_not_valued": N_("Advice: not valued; an answer changes what the advice does not price"),
    "choice_spend_droplet": N_("Advice: move the droplet ({value} VP beyond the next best)"),
    "choice_spend_flask": N_("Advice: refill the flask ({value} VP beyond the next best)"),
    "choice_spend_done": N_("Advice: keep the rubies ({value} VP beyond the next best)"),
    "shop_advice": N_("Advice: buy {chips} ({value} VP ± {error})"),
    "shop_advice_searching": N_("Advice: weighing each purchase…"),
    "shop_value": N_("{value} VP ± {error}"),
    "shop_why_spaces": N_("{n} spaces"),
    "shop_why_coins": N_("{n} coins"),
    "shop_why_vp": N_("{n} VP"),
    "shop_why_rubies": N_("{n} rubies"),
    "shop_why_droplet": N_("{n} droplet steps"),
    "source": N_("Source"),
    "space": N_("Space"),
    "chip_on_space": N_("{chip} on space {n}"),
    "seat_news": N_("{name}: {what}"),
    "space_n": N_("space {n}"),
    "spend_droplet": N_("Droplet one space forward (2 rubies)"),
    "spend_flask": N_("Flask refilled (2 rubies)"),
    "start": N_("Start"),
    "start_at_droplet": N_("start space (droplet)"),
    "start_player": N_("Start player"),
    "start_with_rat": N_("start space (droplet + rat {n})"),
    "status_brewing": N_("brewing"),
    "status_exploded": N_("exploded!"),
    "status_exploded_insured": N_("exploded, keeps points and coins"),
    "status_stopped": N_("stopped"),
    "table": N_("Table"),
    "time": N_("Time"),
    "timeline": N_("Referee timeline"),
    "tl_kind_all": N_("Everything"),
    "tl_kind_anomaly": N_("Refused reads"),
    "tl_kind_correction": N_("Corrections"),
    "tl_kind_input": N_("Reads and inputs"),
    "to_hand": N_("to your hand"),
    "to_bowl": N_("to the overflow bowl"),
    "tube_glass": N_("test-tube glass; the next pays {pays}"),
    "insured_draws": N_("draws insured"),
    "void": N_("Void"),
    "vp": N_("VP"),
    "waiting": N_("Waiting for other players"),
    "what": N_("What"),
    "whites": N_("White total"),
    "whites_of": N_("White total {n} · explodes above {m}"),
    "whites_short": N_("Whites {n} of {m}"),
    "why_same_color": N_("colour already bought"),
    "why_sold_out": N_("sold out"),
    "why_too_expensive": N_("too expensive"),
    "why_two_bought": N_("two chips bought"),
    "winner": N_("winner"),
    "witches": N_("Witches"),
    "witch_text": N_("What she does"),
    "penny_held": N_("{metal} penny: still yours"),
    "penny_spent": N_("{metal} penny: spent"),
    "penny_free": N_("visiting: free once this round"),
    "pennies_spent_by": N_("penny spent: {names}"),
    "from_pennies": N_("from witch pennies"),
    "winners": N_("Winners"),
    "you": N_("you"),
    "your_turn": N_("Your decisions"),
}
"""Every text a page's script shows, by the key the script asks for."""

PLURAL: dict[str, tuple[str, str]] = {
    "points": N_n("{n} victory point", "{n} victory points"),
    "coins_n": N_n("{n} coin", "{n} coins"),
    "budget": N_n("coin to spend", "coins to spend"),  # after the number of coins, in larger type
    "coins_left_after": N_n("coin left ({bought} bought)", "coins left ({bought} bought)"),
    "anomalies_summary": N_n("Anomalies: {n} to answer ({total} in all)", "Anomalies: {n} to answer ({total} in all)"),
    "bag_to_go_back": N_n("{name}'s bag: {n} chip still to go back", "{name}'s bag: {n} chips still to go back"),
    "shop_advice_none": N_n("Advice: buy nothing; no chip adds value in the {n} round left",
                            "Advice: buy nothing; no chip adds value in the {n} rounds left"),
    "shop_advice_why": N_n("over the {n} round left: drawn in {drawn} % of brews; a round {parts}",
                           "over the {n} rounds left: drawn in {drawn} % of brews; a round {parts}"),
    "coins_word": N_n("coin", "coins"),  # after a number shown on its own
    "guide_over": N_n("Game over: {names} wins", "Game over: {names} share the win"),
    "stir_ahead": N_n("{n} chip ahead of the stir", "{n} chips ahead of the stir"),
    "to_go_back": N_n("{n} chip still to go back into the bag", "{n} chips still to go back into the bag"),
    "stir_hold": N_n("Wait: {names} is still drawing", "Wait: {names} are still drawing"),
    "stir_wait": N_n("Waiting for {names}", "Waiting for {names}"),
    "wait_brewing": N_n("Wait: {names} is brewing", "Wait: {names} are brewing"),
    "wait_choose": N_n("Wait: {names} is choosing", "Wait: {names} are choosing"),
    "wait_die": N_n("Wait: {names} rolls the die", "Wait: {names} roll the die"),
    "wait_shopping": N_n("Wait: {names} is shopping", "Wait: {names} are shopping"),
    "wait_spending": N_n("Wait: {names} is spending rubies", "Wait: {names} are spending rubies"),
}
"""Script texts with a count (`n`): each goes to the page as its form for every plural category of
the language (CLDR's, which the browser's Intl.PluralRules picks by), from the catalog's ngettext."""

FILLED = {"act_spend_droplet": {"n": catalog.DROPLET_COST}, "act_spend_refill": {"n": catalog.FLASK_COST}}
"""Numbers from the box that some script texts carry."""

COLOR_NAMES: dict[str, str] = {
    "white": N_("white"), "orange": N_("orange"), "green": N_("green"), "blue": N_("blue"), "red": N_("red"),
    "yellow": N_("yellow"), "purple": N_("purple"), "black": N_("black"), "locoweed": N_("locoweed"),
}


def language() -> str:
    """The phone's language: its cookie, else its browser's preference, else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def local_path(target: str) -> str:
    """``target`` if it is a path of this site, else ``/``: it starts with one ``/`` (``//`` and
    ``/\\`` are another host to a browser), and holds no control character, space or backslash (a
    browser drops the tab in ``/\t/evil.example`` before reading it; CR LF would split the header)."""
    if not target.startswith("/") or any(c <= " " or c == "\x7f" or c == "\\" for c in target):
        return "/"
    return "/" if target.startswith("//") else target


def switch_language(code: str):
    """Back to ``next`` (a path of this site, else the front page) with the language kept in a cookie."""
    response = redirect(local_path(request.args.get("next", "/")))
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def strings(lang: str) -> dict[str, object]:
    """Everything the page script needs to speak ``lang``."""
    words = translations(lang)
    found: dict[str, object] = {key: words.gettext(msgid) for key, msgid in SCRIPT.items()}
    for key, numbers in FILLED.items():  # the script fills the other placeholders itself
        found[key] = str(found[key]).format(**numbers)
    samples = _plural_samples(lang)
    for key, (singular, plural) in PLURAL.items():
        found[key] = {category: words.ngettext(singular, plural, n) for category, n in samples.items()}
    found["colors"] = {color: words.gettext(msgid) for color, msgid in COLOR_NAMES.items()}
    found["number"] = number_symbols(lang)
    if lang != SOURCE:
        found["refusals"] = {code: words.gettext(msgid) for code, msgid in REFUSALS.items()}
    return found


@cache
def number_symbols(lang: str) -> dict[str, str]:
    """How the language writes a decimal and a percentage (Babel's CLDR data): the page's scripts
    format every number with these."""
    return {"decimal": get_decimal_symbol(lang), "percent": format_percent(0.5, locale=lang).replace("50", "{n}")}


@cache
def _plural_samples(lang: str) -> dict[str, int]:
    """One count for each of the language's plural categories ("one", "other", ...)."""
    rule = Locale.parse(lang).plural_form
    samples: dict[str, int] = {}
    for n in range(200):
        samples.setdefault(rule(n), n)
    return samples


def chip_namer(lang: str) -> Callable[[object], str]:
    """For templates: a chip (``white-1-03``: 'white 1 (white-1-03)', its id kept as the transcript
    writes it, for disputes) or a kind of chip (``white-1``: 'white 1'), in ``lang``. Anything else
    (a refused input may name any text) is shown as it was sent, cut short."""
    def name(chip_id: object) -> str:
        text = str(chip_id)
        color, _, rest = text.partition("-")
        value, _, number = rest.partition("-")
        if color not in CHIP_NAMES or not (value.isascii() and value.isdigit() and len(value) <= 2):
            return text if len(text) <= 40 else text[:39] + "…"
        label = render(kind_label(color, int(value)), lang)
        return f"{label} ({text})" if number else label
    return name


class _Catalogs(Domain):
    """Flask-Babel's domain, reading the catalogs ``companion.words`` compiles (no .mo files on disk)."""

    def get_translations(self):  # type: ignore[no-untyped-def]
        return translations(str(get_locale() or "en"))


class _Babel(Babel):
    @cached_property
    def domain_instance(self) -> Domain:  # type: ignore[override]
        return _Catalogs()


def init_babel(app: Flask) -> None:
    """Templates translate with ``_()`` and ``ngettext`` in the page's language. Every catalog is
    compiled now, not when first used: the game's first entry has its feed lines written in every
    language, and compiling the Spanish one under that update held every page's for some 70 ms of a
    development machine's core, a third of a second at a Pi 3's speed (benchmarks/README.md)."""
    for lang in languages():
        translations(lang)
    _Babel(app, locale_selector=language)
