"""A phone shows the outlook of its next draw and, once the host allows it, DRAW/STOP."""

from __future__ import annotations

from .conftest import PIN
from .test_play import PHONE, SCREEN, click_and_wait


def test_the_phone_shows_each_chip_left_then_the_advice_the_host_allows(browser, server):
    host = browser.new_page(**SCREEN)
    host.goto(f"{server.url}/host?pin={PIN}")
    host.wait_for_selector("[data-action=fortune]")
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(host.get_attribute("[data-seat-link='0']", "href"))
    phone.wait_for_selector("#pot svg")
    click_and_wait(host, "[data-action=fortune]")
    phone.wait_for_selector("#assist:not(.hidden) #outlook tr")
    kinds = phone.locator("#outlook tr").count()
    assert kinds == 5  # the starting bag: white 1, 2, 3, orange 1, green 1
    assert "%" in phone.inner_text("#outlook") and phone.inner_text("#advice") == ""

    phone.evaluate("""() => { window.seen = [];
      new MutationObserver(() => window.seen.push(document.getElementById('advicewhy').textContent))
        .observe(document.getElementById('advicewhy'), { childList: true, subtree: true, characterData: true }); }""")
    host.select_option("#assist", "advice")
    # the update carries the answer a bound proves; the exact values follow in their own update
    phone.wait_for_function("/explode/.test(document.getElementById('advicewhy').textContent)")
    assert any(text.startswith("drawing once more and stopping is already worth at least") for text in phone.evaluate("window.seen"))
    # the starting bag fits the live bound: the phone answers at once (docs/advice.md, position 1)
    assert phone.inner_text("#advice") == "Advice: DRAW"
    assert "explode" in phone.inner_text("#advicewhy") and "coins" in phone.inner_text("#advicewhy")

    host.select_option("#assist", "off")
    phone.wait_for_selector("#assist.hidden", state="attached")
    assert phone.locator("#risk").is_hidden()
