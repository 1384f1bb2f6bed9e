"""The shared material beside the repository (game data, rulebook seeds), wherever the checkout is."""

from pathlib import Path


def shared_file(*parts: str) -> Path | None:
    """`shared/<parts>` in the nearest folder above this checkout that has it, else None."""
    for folder in Path(__file__).resolve().parents:
        candidate = folder.joinpath("shared", *parts)
        if candidate.exists():
            return candidate
    return None
