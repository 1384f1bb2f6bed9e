"""Command groups of the `quacks` CLI; each module exposes `register(subparsers)`."""
