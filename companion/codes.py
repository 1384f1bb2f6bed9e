"""A player's league code: six characters the player keeps, typed at any table to be the same person.

Five random characters and a check character, from an alphabet without look-alikes (no 0, O, 1 or
I). A table checks a typed code on its own, with no network, so a typo is refused at seat setup
instead of silently making a new player in the league. Written ``K7Q-4MX`` for reading aloud;
spaces, dashes and case do not matter.
"""

from __future__ import annotations

import secrets

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
RANDOM_CHARS = 5
WEIGHTS = (1, 3, 5, 7, 9)
"""Odd weights (coprime with 32): every single wrong character changes the check character."""


class BadCode(ValueError):
    """A typed code that is not one: the message says what is wrong."""


def _check(body: str) -> str:
    return ALPHABET[sum(w * ALPHABET.index(c) for w, c in zip(WEIGHTS, body, strict=True)) % len(ALPHABET)]


def new_code() -> str:
    """A fresh code (about 33 million are possible), in its normal form."""
    body = "".join(secrets.choice(ALPHABET) for _ in range(RANDOM_CHARS))
    return body + _check(body)


def normalise(typed: str) -> str:
    """The code in its normal form (``K7Q4MX``), or BadCode naming the problem."""
    code = "".join(typed.split()).replace("-", "").upper()
    if len(code) != RANDOM_CHARS + 1:
        raise BadCode(f"a player code has {RANDOM_CHARS + 1} characters, not {len(code)}: {typed!r}")
    wrong = sorted({c for c in code if c not in ALPHABET})
    if wrong:
        raise BadCode(f"a player code has no {', '.join(wrong)} (only the letters and digits {ALPHABET}): {typed!r}")
    if _check(code[:RANDOM_CHARS]) != code[-1]:
        raise BadCode(f"{typed!r} is not a player code: a character is mistyped")
    return code


def shown(code: str) -> str:
    """The code as printed on a player's card: ``K7Q-4MX``."""
    return f"{code[:3]}-{code[3:]}"
