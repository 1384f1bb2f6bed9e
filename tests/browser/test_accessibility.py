"""Every page a player or the host uses, audited by axe-core in Chromium in English and Spanish: the
seat's phone at the start, mid-brew with a question open, in the shop and at the end; the table
screen and the host page at 1280x800; the round replay, the dispute card and the game-night history.
No serious or critical violation of WCAG 2.2 A/AA or axe's best practices."""

from __future__ import annotations

import json

import pytest

from companion.engine import waiting_for

from .audit import grave, violations
from .conftest import PIN
from .screens import PHONE, TABLETS, play_until, serving, submit, table_of, table_url

TABLET = TABLETS["1280x800"]


def opened(browser, url: str, lang: str, size: dict):
    context = browser.new_context(**size)
    context.add_cookies([{"name": "lang", "value": lang, "url": url}])
    return context.new_page()


class Audit:
    """The violations found page by page; the counts go to artifacts for the record."""

    def __init__(self, artifacts, name: str):
        self.found: dict[str, list[dict]] = {}
        self.path = artifacts / f"axe-{name}.json"

    def __call__(self, page, where: str) -> None:
        self.found[where] = violations(page)

    def check(self) -> None:
        counts = {where: {v["id"]: [v["impact"], len(v["nodes"])] for v in found} for where, found in self.found.items()}
        self.path.write_text(json.dumps(counts, indent=1, sort_keys=True))
        bad = {where: grave(found) for where, found in self.found.items() if grave(found)}
        assert not bad, "\n".join(f"{where}:\n  " + "\n  ".join(lines) for where, lines in bad.items())


def draw(table, seat: int, kind: str) -> None:
    chip = next(c for c in table.state.seats[seat].bag if c.startswith(kind))
    submit(table, {"kind": "draw", "seat": seat, "chip": chip})


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_seat_table_and_host_pages_have_no_serious_violation(browser, artifacts, lang):
    audit = Audit(artifacts, f"live-{lang}")
    with serving(["Ana", "Ben"], seed=3) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        game.assist.set("advice")
        seat = opened(browser, srv.url, lang, PHONE)
        seat.goto(f"{srv.url}/s/{game.token(0)}")
        seat.wait_for_selector("#pot svg")
        host = opened(browser, srv.url, lang, TABLET)
        host.goto(f"{srv.url}/host?pin={PIN}")
        host.wait_for_selector("#cardnone")
        screen = opened(browser, srv.url, lang, TABLET)
        screen.goto(table_url(srv))
        screen.wait_for_selector("#pots svg")
        audit(seat, "seat, the round's card")
        audit(host, "host, the round's card")
        audit(screen, "table, the round's card")

        submit(table, {"kind": "fortune", "card": None})
        for kind in ("orange-1", "green-1", "white-1"):
            draw(table, 0, kind)
        draw(table, 1, "orange-1")
        seat.wait_for_selector("[data-kind=flask]")  # the flask's offer about the white just drawn
        seat.wait_for_selector("#advice b")
        screen.wait_for_function("document.querySelectorAll('#pots [data-chip]').length === 4")
        audit(seat, "seat, brewing with the flask's offer open")
        audit(screen, "table, brewing")
        audit(host, "host, brewing")

        play_until(table, lambda s: s.phase == "shop" and s.shopper == 0)
        seat.wait_for_selector("#shop:not(.hidden) [data-buy]")
        audit(seat, "seat, the shop")

        finish(table)
        seat.wait_for_selector("#results:not(.hidden) #chart svg")
        screen.wait_for_selector("#results:not(.hidden) #chart svg")
        audit(seat, "seat, the results")
        audit(screen, "table, the results")
        audit(host, "host, the results")
        for page in (seat, host, screen):
            page.context.close()
    audit.check()


def finish(table) -> None:
    """The game played to its end: a seat stops at four chips, buys nothing, answers the first option."""
    def done(state):
        return state.phase == "game_over"
    for _ in range(4000):
        table.wait_for_reads()
        state = table.state
        if done(state):
            return
        if state.decisions:
            d = state.decisions[0]
            submit(table, {"kind": "choose", "seat": d.seat, "decision": d.id, "keys": [d.options[0].key]})
            continue
        if state.phase == "fortune":
            submit(table, {"kind": "fortune", "card": None})
            continue
        seat = next(n for n in waiting_for(state) if n is not None)
        if state.phase == "brewing" and len(state.seats[seat].pot) < 4 and state.seats[seat].bag:
            submit(table, {"kind": "draw", "seat": seat, "chip": state.seats[seat].bag[0]})
        elif state.phase == "brewing":
            submit(table, {"kind": "stop", "seat": seat})
        else:
            submit(table, {"kind": "done", "seat": seat})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_replay_dispute_card_and_history_have_no_serious_violation(game_nights, browser, artifacts, lang):
    audit = Audit(artifacts, f"referee-{lang}")
    page = opened(browser, game_nights.url, lang, TABLET)
    page.goto(f"{game_nights.url}/host?pin={PIN}")
    page.goto(f"{game_nights.url}/replay?game=1&round=2&seat=0")
    page.wait_for_selector("#steps li")
    page.click("#next")
    audit(page, "round replay")
    page.goto(f"{game_nights.url}/replay/card?game=1&round=2&seat=0")
    page.wait_for_selector("#cardsteps")
    audit(page, "dispute card")
    page.goto(f"{game_nights.url}/history")
    page.wait_for_selector("#playertable")
    audit(page, "history")
    page.context.close()
    audit.check()
