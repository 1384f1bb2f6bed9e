"""The `quacks` command: one subcommand per module in `companion.commands`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .commands import advise, config_cmd, demo, doctor, games, replay, serve, simulate, tags

COMMANDS = (demo, serve, doctor, replay, advise, simulate, games, tags, config_cmd)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="quacks", description="The Quacks of Quedlinburg table companion.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # `quacks replay game.jsonl | head` is fine
        sys.stdout = None  # type: ignore[assignment]
        return 0


if __name__ == "__main__":
    sys.exit(main())
