"""The host's pages in Chromium at phone and tablet sizes: the host page's order, the round replay
stepped through a recorded round, the dispute and join cards, and the game-night history."""

from __future__ import annotations

import re

import pytest

from .conftest import PIN
from .screens import play_until, serving, submit, table_of
from .test_play import PHONE

TABLET = {"viewport": {"width": 1280, "height": 800}, "bypass_csp": True}
SIZES = {"phone": PHONE, "tablet": TABLET}
RAW_KEY = re.compile(r"\b(?:replay|history|kind|tl_kind|page|join_card|dispute|card|act|status|phase)_[a-z_]+\b")


@pytest.fixture
def new_page(browser):
    """Pages in contexts of their own, closed before the server stops (no stream left open)."""
    contexts = []

    def opener(size: dict):
        contexts.append(browser.new_context(**size))
        return contexts[-1].new_page()

    yield opener
    for context in contexts:
        context.close()


def top(page, selector: str) -> float:
    return page.locator(selector).bounding_box()["y"]


@pytest.mark.parametrize("size", SIZES)
def test_the_host_page_puts_the_game_s_controls_first_and_pages_the_timeline(server, new_page, artifacts, size):
    table = server.app.extensions["companion.game"].table
    uid = next(r.uid for r in table.registry.rows())
    for _ in range(60):  # a reader nobody configured: sixty refused reads fill the timeline
        table.read("spare-reader", uid)
    host = new_page(SIZES[size])
    host.goto(f"{server.url}/host?pin={PIN}")
    host.wait_for_selector("#cardnone")
    host.screenshot(path=str(artifacts / f"referee-host-{size}-first-screen.png"))
    assert top(host, "#desk") < top(host, "#join") < top(host, "#pots") < top(host, "#timelinebox") < top(host, "#admin")
    assert top(host, "#cardpicker") < top(host, "#pause"), "while the round waits for its card, the picker comes first"
    assert host.locator("#join [data-join]").count() == 2 and host.locator("#join [data-join] svg").count() == 2
    assert host.locator("#admin").get_attribute("open") is None, "admin is folded away"
    assert host.locator("#tags").count() == 0, "the demo's stickers are simulated: no enrolment"

    host.wait_for_function("document.getElementById('tlpage').innerText.includes('Page 2 of 2')")
    # sixty rows: followed live, the newest page shows the newest fifty, not the last page's ten
    assert host.locator("#timeline tr[data-kind]").count() == 50
    host.click("#tlprev")  # older: the first fifty, held still
    host.wait_for_function("document.getElementById('tlpage').innerText.includes('Page 1 of 2')")
    assert host.locator("#timeline tr[data-kind]").count() == 50
    host.click("#tlnext")  # back to the newest: followed live again
    host.wait_for_function("document.getElementById('tlpage').innerText.includes('Page 2 of 2')")
    assert host.locator("#timeline tr[data-kind]").count() == 50
    host.select_option("#tlkind", "input")
    host.wait_for_function("document.getElementById('tlpage').innerText.includes('Page 1 of 1 (0 rows)')")
    host.screenshot(path=str(artifacts / f"referee-host-{size}.png"), full_page=True)

    with host.context.expect_page() as opened:
        host.click("#joincard")
    card = opened.value
    card.wait_for_selector(".joincard svg")
    assert card.locator(".joincard").count() == 2
    assert card.locator("#tablelink").inner_text().endswith("/table/" + server.app.extensions["companion.game"].table_token)
    assert card.locator("[data-join='1'] .link").inner_text().startswith(server.url + "/s/")
    card.screenshot(path=str(artifacts / f"referee-join-card-{size}.png"), full_page=True)


def play_a_disputed_round(server):
    """Ana draws four chips, one read is voided and a chip of Ben's passes Ana's reader."""
    game = server.app.extensions["companion.game"]
    table = game.table
    table.submit({"kind": "fortune"}, "host")
    for _ in range(4):
        if table.state.seats[0].status == "brewing":
            game.demo_draw(0)
    table.void_last(0)
    ben = next(c for c in sorted(table.state.seats[1].bag))
    table.read("sim-1", next(r.uid for r in table.registry.rows() if r.chip_id == ben))
    return table


@pytest.mark.parametrize("size", SIZES)
def test_the_round_replay_steps_through_a_recorded_round(server, new_page, artifacts, size):
    table = play_a_disputed_round(server)
    counted = [c.action.chip for c in table.counted() if getattr(c.action, "seat", None) == 0
               and c.action_dict["kind"] == "draw"]
    screen = new_page(SIZES[size])
    screen.goto(f"{server.url}/table/{server.app.extensions['companion.game'].table_token}")
    screen.wait_for_selector("#pots svg")
    screen.click("#replaylink")
    screen.wait_for_selector("#steps li")
    assert screen.locator("#replaypot [data-chip]").count() == 0, "step 0: the pot as the round began"
    assert "Start of the round" in screen.locator("#stepno").inner_text()

    kinds = screen.eval_on_selector_all("#steps li", "items => items.map((li) => li.className)")
    assert kinds.count("voided") == 1 and kinds.count("refused") == 1
    seen = []
    for k in range(1, len(kinds) + 1):
        screen.click("#next")
        screen.wait_for_function(f"document.body.dataset.step === '{k}'")
        info = screen.locator("#stepinfo").inner_text()
        chips = screen.eval_on_selector_all("#replaypot [data-chip]", "gs => gs.map((g) => g.dataset.chip)")
        if kinds[k - 1] == "input" and "Space" in info:
            seen.append(chips[-1] if chips else None)
            assert screen.locator("#replaypot .justplaced").count() == 1
            assert re.search(r"White total: \d+ / 7", info) and "reader sim-1" in info, info
        if kinds[k - 1] == "voided":
            assert "voided" in info and "void #" in info and "host" in info
        if kinds[k - 1] == "refused":
            assert "refused (" in info and "reader sim-1" in info
        if k == 2 and size == "phone" or k == len(kinds) and size == "tablet":
            screen.screenshot(path=str(artifacts / f"referee-replay-{size}-step{k}.png"), full_page=True)
    assert [c for c in seen if c] == counted
    assert screen.locator("#next").is_disabled()
    screen.click("#prev")
    screen.wait_for_function(f"document.body.dataset.step === '{len(kinds) - 1}'")

    with screen.context.expect_page() as opened:
        screen.click("#cardlink")
    card = opened.value
    card.wait_for_selector("#cardsteps")
    assert card.locator("#cardsteps tr[data-step]").count() == len(kinds)
    assert all(chip in card.locator("#cardsteps").inner_text() for chip in counted)
    card.screenshot(path=str(artifacts / f"referee-dispute-card-{size}.png"), full_page=True)
    card.emulate_media(media="print")
    assert card.locator("header.bar").is_hidden() and card.locator(".noprint").is_hidden()

    # From the host's timeline, the voided read opens the replay at that very input.
    host = new_page(SIZES[size])
    host.goto(f"{server.url}/host?pin={PIN}")
    voided = host.locator("#timeline tr.voided a[data-replay]")
    voided.wait_for()
    with host.context.expect_page() as opened:
        voided.click()
    at = opened.value
    at.wait_for_function(f"document.body.dataset.step === '{kinds.index('voided') + 1}'")
    assert "voided" in at.locator("#stepinfo").inner_text()


@pytest.mark.parametrize("size", SIZES)
def test_the_history_page_shows_past_games_and_each_players_record(game_nights, new_page, artifacts, size):
    page = new_page(SIZES[size])
    page.goto(f"{game_nights.url}/history")
    assert page.locator("#login").is_visible(), "a guest on the Wi-Fi gets the host's login"
    page.fill("#pin", PIN)
    page.click("#login button")
    page.wait_for_selector("#playertable")
    page.wait_for_selector("#playertable")
    assert page.locator("#games tr[data-game]").count() == 3 and page.locator("#games tr.night").count() == 1
    assert "in progress, round 1" in page.locator("#games tr[data-game]").first.inner_text()
    names = page.eval_on_selector_all("#playertable tr[data-player]", "rows => rows.map((r) => r.dataset.player)")
    assert sorted(names) == ["Ana", "Ben", "Cleo"], "Dan has not finished a game yet"
    ana = page.locator("#playertable tr[data-player='Ana'] td").all_inner_texts()
    assert ana[1] == "2"
    assert page.locator("#charts svg.chart").count() == 3 and page.locator("#charts svg.chart").first.is_visible()
    page.screenshot(path=str(artifacts / f"referee-history-{size}.png"), full_page=True)
    with page.expect_download() as download:
        page.click("a[href$='players.csv']")
    assert download.value.suggested_filename == "quacks-players.csv"

    # Last game's dispute, after the fact: its replay opens from the list.
    page.click("[data-replay-game='2']")
    page.wait_for_selector("#steps li")
    assert page.eval_on_selector_all("#rseat option", "os => os.map((o) => o.textContent)") == ["Ben", "Ana"]
    assert page.locator("#rround option").count() == 9


def test_the_host_pages_speak_spanish_without_raw_keys(server, new_page, artifacts):
    play_a_disputed_round(server)
    page = new_page(TABLET)
    page.goto(f"{server.url}/host?pin={PIN}")
    page.goto(f"{server.url}/lang/es?next=/host")
    page.wait_for_selector("#timeline tr")
    text = page.locator("body").inner_text()
    assert page.locator("#desk h2").text_content() == "Mesa del árbitro"
    assert "Imprimir la tarjeta para unirse" in text and not RAW_KEY.search(text)
    for path, ready in (("/replay?round=1&seat=0", "#steps li"), ("/replay/card?round=1&seat=0", "#cardsteps"),
                        ("/history", "#games"), ("/host/join-card", ".joincard")):
        open_page(page, f"{server.url}{path}", ready)
        body = page.locator("body").inner_text()
        assert not RAW_KEY.search(body), (path, RAW_KEY.search(body))
        assert page.locator("html").get_attribute("lang") == "es"
    page.goto(f"{server.url}/replay?round=1&seat=0")
    page.wait_for_selector("#steps li")
    page.click("#next")
    assert "Jugada 1 de" in page.locator("#stepno").inner_text()
    page.screenshot(path=str(artifacts / "referee-replay-es.png"), full_page=True)


def open_page(page, url: str, ready: str) -> None:
    page.goto(url)
    page.wait_for_selector(ready)



def pdf_pages(pdf: bytes) -> int:
    """Pages in a PDF that Chromium wrote (each page object says ``/Type /Page``)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def test_the_dispute_card_prints_each_round_on_one_page_without_controls(game_nights, new_page, artifacts):
    page = new_page(TABLET)
    page.goto(f"{game_nights.url}/host?pin={PIN}")
    for game, round_ in ((1, 1), (1, 9), (2, 9)):
        page.goto(f"{game_nights.url}/replay/card?game={game}&round={round_}&seat=0")
        page.wait_for_selector("#cardsteps")
        assert page.locator("[data-print]").inner_text() == "Print or save as PDF"
        rows = page.locator("#cardsteps tr[data-step]").count()
        page.emulate_media(media="print")
        assert page.locator("header.bar").is_hidden() and page.locator("[data-print]").is_hidden()
        pdf = page.pdf(format="A4", print_background=True)
        (artifacts / f"dispute-card-game{game}-round{round_}.pdf").write_bytes(pdf)
        assert pdf_pages(pdf) == 1, f"game {game} round {round_}: {rows} inputs on {pdf_pages(pdf)} pages"
        page.emulate_media(media="screen")


def test_the_replay_of_the_round_after_an_explosion_begins_with_an_empty_unexploded_pot(new_page):
    """Ana's pot exploded in round 1: round 2's replay begins with her pot empty, not exploded."""
    with serving(["Ana", "Ben"], seed=2) as srv:
        table = table_of(srv)
        submit(table, {"kind": "fortune", "card": None})
        submit(table, {"kind": "stop", "seat": 1})
        whites = sorted((c for c in table.state.seats[0].bag if c.startswith("white")), reverse=True)
        for chip in whites:
            submit(table, {"kind": "draw", "seat": 0, "chip": chip})
            if table.state.seats[0].status == "exploded":
                break
        assert table.state.seats[0].status == "exploded"
        play_until(table, lambda s: s.round == 2)
        page = new_page(TABLET)
        page.goto(f"{srv.url}/host?pin={PIN}")
        page.goto(f"{srv.url}/replay?round=2&seat=0")
        page.wait_for_selector("#stepinfo h2")
        info = page.locator("#stepinfo").inner_text()
        assert "Round 2 begins" in info and "White total: 0 / 7" in info
        assert "exploded" not in info, info
        page.goto(f"{srv.url}/replay?round=1&seat=0")
        page.wait_for_selector("#steps li")
        seen = []
        for k in range(1, page.locator("#steps li").count() + 1):
            page.click("#next")
            page.wait_for_function(f"document.body.dataset.step === '{k}'")
            seen.append("exploded" in page.locator("#stepinfo").inner_text())
        assert any(seen), "round 1's replay shows the pot exploding"
