"""The message catalogs: complete, current with the code, and used for every word the engine emits."""

import re
from collections import Counter

import pytest
from babel.messages.pofile import read_po

from companion.autoplay import play_game
from companion.engine import CARDS, GameConfig, state_to_dict
from companion.engine.catalog import BASE_SETS, BOOK_COLORS
from companion.engine.ingredients import RULES
from companion.words import MissingTranslation, describe, languages, localize, render, translations
from companion.words.catalogs import po_path
from companion.words.extract import POT, extract

LAID_OUT = ("wing-ears", "vampirism", "ear-worm")

PLACEHOLDER = re.compile(r"\{(\w*)\}")


def _ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def _placeholders(text: str) -> Counter:
    return Counter(PLACEHOLDER.findall(text))


def _catalog(lang: str):
    with po_path(lang).open("rb") as po:
        return read_po(po, locale=lang)


def test_the_pot_file_is_current_with_the_code_and_the_templates():
    with POT.open("rb") as pot:
        committed = _ids(read_po(pot))
    extracted = _ids(extract())
    new, gone = sorted(map(str, extracted - committed)), sorted(map(str, committed - extracted))
    assert not new, f"new texts, run python -m companion.words.extract: {new}"
    assert not gone, f"texts gone from the code, run python -m companion.words.extract: {gone}"


@pytest.mark.parametrize("lang", languages()[1:])
def test_every_text_has_a_finished_translation_with_the_same_placeholders(lang):
    catalog = _catalog(lang)
    wanted = _ids(extract())
    translated = {m.id: m for m in catalog if m.id}
    missing = sorted(str(i) for i in wanted if i not in translated)
    assert not missing, f"not in the {lang} catalog: {missing}"
    for msgid in wanted:
        message = translated[msgid]
        assert not message.fuzzy, f"{lang}: fuzzy translation of {msgid!r}"
        sources = msgid if isinstance(msgid, tuple) else (msgid,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{lang}: no translation of {msgid!r}"
        for form in strings:
            assert _placeholders(form).keys() == _placeholders(sources[-1]).keys(), \
                f"{lang}: {form!r} does not fill the same placeholders as {sources[-1]!r}"


def test_a_text_missing_from_a_catalog_is_an_error_not_english():
    with pytest.raises(MissingTranslation):
        translations("es").gettext("A sentence nobody wrote a translation for")
    assert translations("en").gettext("A sentence nobody wrote a translation for") == \
        "A sentence nobody wrote a translation for"


def test_every_book_and_card_reads_in_every_language():
    for lang in languages():
        for rule in RULES.values():
            assert render({"msgid": rule.text, "params": {}}, lang)
        for card in CARDS.values():
            assert render({"msgid": card.name, "params": {}}, lang)
            assert render({"msgid": card.text, "params": {}}, lang)


class SpeaksSpanish:
    """After every input of a game: each event, each open decision and the books render in Spanish."""

    def __init__(self, config: GameConfig) -> None:
        self.names = config.players
        self.events = Counter()
        self.kinds = Counter()

    def __call__(self, state, action, events) -> None:
        for event in events:
            self.events[event["event"]] += 1
            assert describe(event, self.names, "es")
        view = localize(state_to_dict(state), "es")
        for decision in view["decisions"]:
            self.kinds[decision["kind"]] += 1
            assert "{" not in decision["prompt"] and all("{" not in o["label"] for o in decision["options"])


def _books(game_no: int) -> dict[str, int]:
    """Every base set of every colour's book comes up in some game (the Herb Witches' sets: test_book_words)."""
    found = {}
    for color in BOOK_COLORS:
        sets = sorted(r.set_no for r in RULES.values()
                      if r.color == color and r.set_no is not None and r.set_no in BASE_SETS)
        found[color] = sets[game_no % len(sets)]
    return found


def test_every_event_and_question_of_whole_games_has_its_spanish_words():
    """Games with cards, on both sides of the pots, with every book set: a text the rules write
    without the catalog's markers is missing from the Spanish catalog, so rendering it raises."""
    events, kinds = Counter(), Counter()
    for game_no in range(24):
        players = 2 + game_no % 3
        config = GameConfig(players=tuple(f"P{k}" for k in range(players)), tubes=game_no % 2 == 1,
                            books=_books(game_no))
        spanish = SpeaksSpanish(config)
        play_game(config, 500 + game_no, spanish, cards=True)
        events += spanish.events
        kinds += spanish.kinds
    assert {"placed", "exploded", "rubies", "points", "bought", "chip_gained", "fortune"} <= set(events)
    assert {"flask", "bonus_die", "exploded.reward", "fortune.choice", "droplet"} <= set(kinds)


def test_games_with_the_herb_witches_speak_spanish():
    """Every witch's offer, the draw witch's look, the witch cards and their events, in Spanish."""
    import random

    from companion.dealing import deal_witches

    events, kinds = Counter(), Counter()
    wanted = {"witch", "witch_visits", "penny_back", "penny_given"}  # penny_given: the card Quick exchange
    for game_no in range(64):  # at least 16 games, then on until the cards have turned up Quick exchange
        config = GameConfig(players=("P0", "P1", "P2"), expansions=("alchemists", "witches"), patients=LAID_OUT,
                            witches=deal_witches((), random.Random(game_no)))
        spanish = SpeaksSpanish(config)
        play_game(config, 900 + game_no, spanish, cards=True)
        events += spanish.events
        kinds += spanish.kinds
        if game_no >= 15 and wanted <= set(events):
            break
    assert wanted <= set(events)
    assert {"witch", "witch.look"} <= set(kinds)
