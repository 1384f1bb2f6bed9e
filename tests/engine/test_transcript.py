"""The transcript format: errors name the line, and the example in docs/ plays to its end."""

import json
from pathlib import Path

import pytest

from companion.engine import ConfigError, GameConfig, TranscriptError, format_transcript, parse_transcript, replay

EXAMPLE = Path(__file__).parents[2] / "docs" / "example.jsonl"


def test_errors_name_the_line_and_the_reason():
    header = format_transcript(GameConfig(players=("A", "B")), []).strip()
    cases = {
        "": (1, "empty transcript"),
        '{"format": "other"}': (1, "header"),
        '{"format": "quacks-transcript", "version": 7, "setup": {}}': (1, "version 7"),
        '{"format": "quacks-transcript", "version": 1, "setup": {"players": ["A"], "colour": 1}}': (1, "unknown setup key"),
        header + '\n# a comment\n\n{"kind": "fortune"}\n{"kind": "draw", "seat": 0}': (5, "missing field 'chip'"),
        header + "\n{not json": (2, "not JSON"),
    }
    for text, (line, words) in cases.items():
        with pytest.raises(TranscriptError) as err:
            parse_transcript(text)
        assert err.value.line == line and words in str(err.value), text


def test_the_header_records_the_books_and_the_edition():
    books = {"green": 1, "blue": 1, "red": 1, "yellow": 1, "purple": 1}
    config = GameConfig(players=("A", "B"), books=books, edition="first-translation")
    header = json.loads(format_transcript(config, []).splitlines()[0])
    assert header["setup"]["books"] == books and header["setup"]["edition"] == "first-translation"
    again, _ = parse_transcript(format_transcript(config, []))
    assert again == config
    old = '{"format": "quacks-transcript", "version": 1, "setup": {"players": ["A", "B"]}}'
    assert parse_transcript(old)[0].edition == "northstar", "a header without an edition reads North Star's prices"
    bad, _ = parse_transcript('{"format": "quacks-transcript", "version": 1, "setup": {"players": ["A", "B"], '
                              '"edition": "german"}}')
    with pytest.raises(ConfigError, match="edition must be one of northstar, .* not 'german'"):
        replay(bad, [])


def test_the_documented_example_is_a_complete_game():
    config, actions = parse_transcript(EXAMPLE.read_text())
    state = replay(config, [a for _, a in actions])
    assert state.phase == "game_over" and state.winners
