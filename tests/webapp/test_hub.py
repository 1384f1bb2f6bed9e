"""The hub under a burst of reads: what a page is sent while the table keeps changing."""

from __future__ import annotations

import json

from companion.webapp.hub import Hub
from companion.webapp.patch import apply

SEAT = "seat:0@en"


class Page:
    """What a page holds after the hub's messages: its view, and the versions it is at."""

    def __init__(self, text: bytes) -> None:
        self.view, self.at = None, None
        self.read(text)

    def read(self, text: bytes) -> None:
        for line in text.decode().splitlines():
            if line.startswith("data: "):
                data = json.loads(line[6:])
                if "view" in data:
                    self.view, self.at = data["view"], data["at"]
                elif "patch" in data:
                    assert data["base"] == self.at
                    self.view, self.at = apply(self.view, data["patch"]), data["at"]


def test_a_view_rendered_before_a_burst_of_reads_goes_out_at_once_and_the_burst_follows():
    """Every chip going back into the bags at the end of a round is a read: a page is sent the view
    rendered for the first as soon as it is ready, not after the last, and is woken for the rest."""
    table = {"reads": 0}
    renders: list[int] = []

    def render(perspective: str) -> dict:
        renders.append(table["reads"])
        return {"reads": table["reads"]}

    hub = Hub(render, lambda perspective: {})
    woken: list[int] = []
    hub.subscribe(woken.append)
    cursor, text = hub.opening(SEAT, None)
    page = Page(text)

    table["reads"] = 1
    hub.publish(1, {"action": {"kind": "return"}})
    first = hub.unrendered(SEAT, cursor)
    hub.render_now(first)  # the views thread renders the first read's view ...
    for n in (2, 3):  # ... while two more reads come in
        table["reads"] = n
        hub.publish(n, {"action": {"kind": "return"}})
    woken.clear()

    cursor, text = hub.news(SEAT, cursor, at=first)
    page.read(text)
    assert b"id: 1\n" in text and b"id: 2\n" not in text and page.view == {"reads": 1}
    assert b'"patch":[[["reads"],1]]' in text, "what changed, not the whole view"
    assert woken, "the page is woken again for the reads after it"

    rest = hub.unrendered(SEAT, cursor)
    hub.render_now(rest)
    cursor, text = hub.news(SEAT, cursor, at=rest)
    page.read(text)
    assert b"id: 2\n" in text and b"id: 3\n" in text and page.view == {"reads": 3}
    assert hub.news(SEAT, cursor) == (cursor, b""), "nothing more to send"
    assert renders == [0, 1, 3], "the view of the read in between was never rendered"


def test_pages_at_the_same_entry_each_read_its_lines_in_their_own_language_and_a_new_game_its_own():
    """The feed's lines of an entry are written once per language however many pages share them:
    a Spanish page never gets the English lines of the page before it, and after a new game
    begins at the same seq, no page gets the old game's entry."""
    hub = Hub(lambda perspective: {"you": perspective}, lambda perspective: {})
    english, spanish = "seat:0@en", "seat:0@es"
    cursors = {p: hub.opening(p, None)[0] for p in (english, spanish, "table@en")}
    hub.publish(1, {"action": {"kind": "draw"}, "lines": {"en": ["Ann draws a red 1."], "es": ["Ann saca un rojo 1."]}})
    said = {p: hub.news(p, c)[1].decode() for p, c in cursors.items()}
    assert "Ann draws a red 1." in said[english] and "Ann saca" not in said[english]
    assert "Ann saca un rojo 1." in said[spanish] and "Ann draws" not in said[spanish]
    assert "Ann draws a red 1." in said["table@en"]

    hub.reset("2", 0)
    cursors = {p: hub.opening(p, None)[0] for p in (english, spanish)}
    hub.publish(1, {"action": {"kind": "draw"}, "lines": {"en": ["Ben draws a white 3."], "es": ["Ben saca un blanco 3."]}})
    said = {p: hub.news(p, c)[1].decode() for p, c in cursors.items()}
    assert "Ben draws a white 3." in said[english] and "Ann" not in said[english]
    assert "Ben saca un blanco 3." in said[spanish] and "Ann" not in said[spanish]


def test_a_view_that_could_not_be_made_is_made_again_when_next_asked_and_the_page_then_gets_it():
    """A view whose making fails (the journal unreadable a moment) is not kept as made: the next
    page to ask has it made again, and is sent what changed since the view it holds."""
    table = {"reads": 0, "fail": False}

    def render(perspective: str) -> dict:
        if table["fail"]:
            raise RuntimeError("the journal cannot be read")
        return {"reads": table["reads"]}

    hub = Hub(render, lambda perspective: {})
    cursor, text = hub.opening(SEAT, None)
    page = Page(text)

    table["reads"], table["fail"] = 1, True
    hub.publish(1, {"action": {"kind": "return"}})
    due = hub.unrendered(SEAT, cursor)
    try:
        hub.render_now(due)
    except RuntimeError:
        pass
    assert hub.unrendered(SEAT, cursor) == due, "still to be made"

    table["fail"] = False
    hub.render_now(due)
    assert hub.unrendered(SEAT, cursor) is None
    cursor, text = hub.news(SEAT, cursor, at=due)
    page.read(text)
    assert b'"patch":[[["reads"],1]]' in text and page.view == {"reads": 1}
