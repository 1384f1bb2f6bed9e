"""The host referees in a real browser: anomalies fixed in one click, the timeline, pause, readers."""

from __future__ import annotations

import pytest

from companion.devices.events import LinkStatus
from companion.webapp import create_app
from companion.webapp.server import Server
from tests.webapp.tables import demo_table

from .conftest import PIN
from .test_play import SCREEN, click_and_wait


def test_host_fixes_a_stray_read_voids_from_the_timeline_and_pauses(browser, server, artifacts):
    game = server.app.extensions["companion.game"]
    table = game.table
    host = browser.new_page(**SCREEN)
    host.goto(f"{server.url}/host?pin={PIN}")
    host.wait_for_selector("#cardnone")
    screen = browser.new_context(**SCREEN).new_page()
    screen.goto(f"{server.url}/table/{server.app.extensions['companion.game'].table_token}")
    screen.wait_for_selector("#pots svg")
    click_and_wait(host, "#cardnone")

    # A reader the table does not know reads Ben's chip: the host sees why and assigns it to Ben.
    chip = next(c for c in sorted(table.state.seats[1].bag) if c.startswith("orange"))
    uid = next(r.uid for r in table.registry.rows() if r.chip_id == chip)
    table.read("spare-reader", uid)
    group = host.locator(".anomalygroup[data-code=unknown_reader]")
    group.wait_for()
    assert "read at a reader that feeds no seat" in group.inner_text() and "spare-reader" not in group.inner_text()
    assert host.locator("#anomalybox").get_attribute("open") is not None, "a read to answer unfolds the list"
    group.locator("[data-fix=assign]", has_text="Ben").click()
    host.wait_for_selector("#result.ok")
    screen.wait_for_selector("[data-seat='1'] [data-chip]")
    host.wait_for_selector(".anomalygroup[data-code=unknown_reader] [data-fix]", state="detached")
    screen.wait_for_function("document.getElementById('events').innerText.includes('Ben: draws orange 1')")

    # The timeline shows the read with its seat and space; voiding it empties Ben's pot again.
    entry = host.locator("#timeline tr[data-kind=input]").last
    entry.wait_for()
    assert "Ben" in entry.inner_text()
    host.screenshot(path=str(artifacts / "host.png"), full_page=True)
    entry.locator("[data-void]").click()
    screen.wait_for_selector("[data-seat='1'] [data-chip]", state="detached")
    host.wait_for_selector("#timeline tr.voided")

    # A void that cannot be done is refused with the table's reason.
    host.evaluate("Q.post('/api/host/void', {seq: 999})")
    host.wait_for_function("document.getElementById('toast').innerText.includes('no entry #999')")

    # Readers report their link; pausing shows on the host and the table.
    host.click("#admin summary")  # the readers sit under admin
    assert "online (simulated bag)" in host.locator("[data-reader='sim-2']").inner_text()
    table.reader_status(LinkStatus("sim-1", "offline", "USB cable unplugged?", 0.0))
    host.wait_for_function("document.querySelector(\"[data-reader='sim-1']\").innerText.includes('USB cable unplugged?')")
    assert "USB cable unplugged?" in host.locator("#desk [data-reader-alert='sim-1']").inner_text()  # on the desk
    table.reader_status(LinkStatus("sim-2", "failed", "KeyError: 'ms'; restarting in 1 s", 0.0))  # its thread raised
    host.wait_for_selector("#desk [data-reader-alert='sim-2']")
    assert "sim-2: failed (KeyError: 'ms'; restarting in 1 s)" in host.locator("#desk [data-reader-alert='sim-2']").inner_text()
    host.click("#pause")
    host.wait_for_selector("#pausenote:not(.hidden)")
    screen.wait_for_function("document.getElementById('phase').innerText.includes('paused')")
    host.screenshot(path=str(artifacts / "host-paused.png"), full_page=True)


@pytest.fixture
def sticker_server():
    """A table with stickers (the demo's registry and bags, no simulated draw button): enrolment applies."""
    table, _ = demo_table(["Ana", "Ben"], seed=11)
    srv = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    yield srv
    srv.stop()


def test_host_enrols_a_tag_and_sees_the_box_count(browser, sticker_server, artifacts):
    server = sticker_server
    table = server.app.extensions["companion.game"].table
    table.registry.remove(next(r.uid for r in table.registry.rows() if r.chip_id == "black-1-01"))
    host = browser.new_page(**SCREEN)
    host.goto(f"{server.url}/host?pin={PIN}")
    host.click("#admin summary")  # folded away until the host needs it
    host.wait_for_selector("#tagcounts [data-kind='black-1']")
    host.select_option("#enrolcolor", "black")
    host.fill("#enrolvalue", "1")
    host.click("#enrolstart")
    host.wait_for_function("document.getElementById('enrolstate').innerText.includes('black 1')")
    table.read("sim-1", "0A0B0C0D")
    host.wait_for_function("document.getElementById('enrolled').innerText.includes('0A0B0C0D is now black-1-01')")
    table.read("sim-1", "0A0B0C0D")
    host.wait_for_selector("#enrolled li.bad")
    host.locator("#tags").screenshot(path=str(artifacts / "host-enrolment.png"))
    host.click("#enrolstop")
    host.wait_for_function("document.getElementById('enrolstate').innerText.startsWith('Not enrolling')")


def test_host_starts_a_new_game_after_the_last_one_ends(browser, tmp_path, artifacts):
    from companion.autoplay import RandomPlayer
    from companion.engine import GameConfig, book_sets
    from companion.store import Database
    from companion.table import TableSetup, start_game
    from companion.webapp import create_app
    from companion.webapp.server import Server

    table = start_game(Database(tmp_path / "t.sqlite3"), TableSetup(GameConfig(players=("Ana", "Ben")), {"bag-1": 0, "bag-2": 1}))
    player = RandomPlayer(3)
    while table.state.phase != "game_over":
        table.submit(player.choose(table.state), "web")
    server = Server(create_app(table, host_pin=PIN), "127.0.0.1", 0).start()
    try:
        host = browser.new_page(**SCREEN)
        host.goto(f"{server.url}/host?pin={PIN}")
        host.wait_for_selector("#newgame:not(.hidden)")
        host.fill("[data-new-seat='2'] .newname", "ANA")
        host.click("#create")
        host.wait_for_function("document.getElementById('result').innerText.includes('two players are called')")
        host.fill("[data-new-seat='2'] .newname", "<b>Cleo</b>")
        offered = host.locator("[data-book=blue] option").evaluate_all("(os) => os.map((o) => o.value)")
        assert offered == [*map(str, book_sets("blue")), "random"], "only the sets the engine plays, or random"
        host.select_option("[data-book=blue]", "random")
        host.select_option("#newedition", "schmidt")
        host.locator("#newgame").screenshot(path=str(artifacts / "host-new-game.png"))
        host.click("#create")
        host.wait_for_selector("[data-join='2']")
        assert "<b>Cleo</b>" in host.locator("[data-join='2']").inner_text(), "names are shown as text"
        assert host.locator("#newgame").is_hidden()
        config = server.app.extensions["companion.game"].table.config
        assert config.edition == "schmidt" and config.books["blue"] in book_sets("blue")
    finally:
        server.stop()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_join_card_button_sits_below_the_join_heading_not_over_it(browser, server, width):
    """A link styled as a button is a whole box in the flow: its thumb-high padding does not spill over
    the line above (the join heading, which opens and closes the QR codes)."""
    context = browser.new_context(viewport={"width": width, "height": 800})
    host = context.new_page()
    host.goto(f"{server.url}/host?pin={PIN}")
    host.wait_for_selector("#joincard")
    heading = host.locator("#join summary").bounding_box()
    button = host.locator("#joincard").bounding_box()
    assert button["y"] >= heading["y"] + heading["height"] - 0.5, (heading, button)
    assert button["height"] >= 44, "a thumb high"
    context.close()


def test_the_host_changes_a_wrong_card_from_the_timeline(browser, server):
    """The table screen entered the wrong card; the host picks the one turned up in the timeline's
    row and the round is played with it (not a card drawn for the table instead)."""
    table = server.app.extensions["companion.game"].table
    table.submit({"kind": "fortune", "card": "P01"}, "table")
    host = browser.new_page(**SCREEN)
    host.goto(f"{server.url}/host?pin={PIN}")
    change = host.locator("#timeline [data-card-change]")
    change.wait_for()
    host.locator("#timeline select[aria-label='Change the card']").select_option("B10")
    click_and_wait(host, "#timeline [data-card-change]")
    assert table.state.cards_used == ["B10"] and table.state.round == 1
    assert host.locator("#result").get_attribute("class") == "ok", host.locator("#result").inner_text()
    host.close()
