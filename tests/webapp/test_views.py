"""The views thread: a page's render goes before the advice searches queued ahead of it."""

from __future__ import annotations

import threading

import pytest

from companion.webapp.views import Views


def test_a_render_waits_only_for_the_search_slice_under_way():
    views = Views()
    ran: list[str] = []
    under_way, go_on = threading.Event(), threading.Event()

    def slice_(name: str) -> None:
        if name == "slice 1":
            under_way.set()
            assert go_on.wait(5)
        ran.append(name)

    searches = [views.later.submit(slice_, f"slice {n}") for n in (1, 2, 3)]  # four seats searching
    assert under_way.wait(5)
    render = views.submit(ran.append, "render")
    go_on.set()
    render.result(5)
    for search in searches:
        search.result(5)
    assert ran == ["slice 1", "render", "slice 2", "slice 3"]
    views.shutdown()
    with pytest.raises(RuntimeError):
        views.submit(ran.append, "after the server stopped")


def test_an_error_in_a_job_reaches_its_caller_and_the_thread_goes_on():
    views = Views()
    failed = views.submit(lambda: 1 / 0)
    assert isinstance(failed.exception(5), ZeroDivisionError)
    assert views.submit(lambda: "next").result(5) == "next"
    views.shutdown()
