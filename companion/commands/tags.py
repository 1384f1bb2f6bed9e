"""`quacks tags list|import|export|enrol`: the stickers of a table's chips."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from companion.files import read_text
from companion.store import StoreError
from companion.table import TagRegistry

from . import CommandError
from .options import add_db_options, open_db, table_config


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("tags", help="the tag registry: which sticker is on which chip")
    actions = parser.add_subparsers(dest="tags_command", required=True, metavar="ACTION")
    listing = actions.add_parser("list", help="tagged chips per kind against the box")
    listing.add_argument("--uids", action="store_true", help="list every tag, not only the counts")
    imp = actions.add_parser("import", help="add the assignments of a CSV (uid,chip)")
    imp.add_argument("file", type=Path)
    exp = actions.add_parser("export", help="write the registry as CSV to stdout")
    enrol = actions.add_parser("enrol", help="assign the next reads to new chips of one kind")
    enrol.add_argument("kind", nargs="?", help="colour-value, e.g. green-2 (omit with --stop)")
    enrol.add_argument("--stop", action="store_true", help="leave enrolment mode")
    for sub, func in ((listing, list_tags), (imp, import_tags), (exp, export_tags), (enrol, enrol_tags)):
        add_db_options(sub)
        sub.set_defaults(func=func)


def _registry(args: argparse.Namespace):
    config = table_config(args)
    db = open_db(args)
    return db, TagRegistry(db, config.supply if config else "A", config.expansions if config else ())


def list_tags(args: argparse.Namespace) -> int:
    db, registry = _registry(args)
    with db:
        counts, rows, enrolment = registry.counts(), registry.rows(), registry.enrolment()
    if args.uids:
        for r in rows:
            print(f"{r.uid:<20} {r.chip_id}")
        return 0
    for k in counts:
        mark = "" if k.tagged == k.box else f"  ({k.box - k.tagged} untagged)"
        print(f"{k.color:>7} {k.value}: {k.tagged:>3} of {k.box:>3} tagged{mark}")
    print(f"total: {sum(k.tagged for k in counts)} of {sum(k.box for k in counts)} chips tagged")
    if enrolment:
        print(f"enrolling {enrolment.color} {enrolment.value}-chips since {enrolment.started_at[:19]}")
    return 0


def import_tags(args: argparse.Namespace) -> int:
    db, registry = _registry(args)
    text = read_text(args.file)
    with db:
        try:
            count = registry.import_csv(io.StringIO(text, newline=""))
        except StoreError as exc:
            raise CommandError(f"{args.file}: {exc}; nothing was imported") from None
    print(f"{args.file}: {count} tags in the registry")
    return 0


def export_tags(args: argparse.Namespace) -> int:
    db, registry = _registry(args)
    with db:
        registry.export_csv(sys.stdout)
    return 0


def enrol_tags(args: argparse.Namespace) -> int:
    db, registry = _registry(args)
    with db:
        if args.stop:
            registry.stop_enrolment()
            print("enrolment stopped: reads go to the game again")
            return 0
        color, _, value = (args.kind or "").rpartition("-")
        if not color or not value.isdigit():
            raise CommandError("name the kind to enrol as colour-value, e.g. green-2")
        registry.start_enrolment(color, int(value))
        print(f"enrolling {color} {value}-chips: pass each over a reader; `quacks tags enrol --stop` when done")
    return 0
