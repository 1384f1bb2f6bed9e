"""The printed boards the pages draw, and the letter on each chip colour in every language."""

import pytest

from companion.engine import catalog
from companion.webapp.board import board
from companion.words import languages


@pytest.mark.parametrize("lang", languages())
def test_every_colour_has_its_own_letter_in_every_language(lang):
    letters = board(lang)["letters"]
    assert set(catalog.COLORS) <= set(letters)
    assert len(set(letters.values())) == len(letters), f"two colours share a letter in {lang}: {letters}"
    assert all(len(letter) == 1 for letter in letters.values())


def test_the_spanish_letters_follow_the_spanish_colour_names():
    """blanca, naranja, verde, azul, roja, amarilla, morada; negra's N is naranja's, so G."""
    spanish = board("es")["letters"]
    assert [spanish[c] for c in ("white", "orange", "green", "blue", "red", "yellow", "purple", "black")] == \
        ["B", "N", "V", "Z", "R", "A", "M", "G"]
    assert board("en")["letters"]["black"] == "K"
