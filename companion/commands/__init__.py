"""Command groups of the `quacks` CLI; each module exposes `register(subparsers)`."""


class CommandError(Exception):
    """A command that cannot go on; the message names the file, line or setting and what to do."""
