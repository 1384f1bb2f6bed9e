"""The server's long-lived objects sit out of the garbage collector's full collections while it serves."""

from __future__ import annotations

import gc

from companion.webapp import create_app
from companion.webapp.server import Server
from tests.webapp.tables import demo_table


def test_what_the_server_built_is_left_out_of_collections_while_it_serves_and_given_back_after():
    before = gc.get_threshold()
    table, demo = demo_table(["Ana", "Ben"], seed=3)
    app = create_app(table, host_pin="135790", demo=demo, assist="advice")
    server = Server(app, "127.0.0.1", 0).start()
    try:
        frozen = gc.get_freeze_count()
        assert frozen > len(gc.get_objects()), "most of the process sits out of every collection"
        assert all(o is not app for o in gc.get_objects()), "the app among them"
        assert gc.get_threshold()[0] > before[0], "the young objects of each change are collected less often"
    finally:
        server.stop()
        table.close()
    assert gc.get_freeze_count() == 0, "a stopped server's objects may be collected again"
    assert gc.get_threshold() == before, "and as often as before"
