"""What a screen reader hears on a seat's phone: its own chips as they land, once each; another
seat's turn in a word when it ends; nothing again while a text stays the same; the pot as a list."""

from __future__ import annotations

import pytest

from .screens import PHONE, serving, submit, table_of, wait_guide
from .test_accessibility import opened

# Every change to a live region's content, as the screen reader gets it: the region and the words
# added (a region whose content is replaced by the same words is spoken again all the same).
LISTEN = """() => {
  window.spoken = [];
  const live = (node) => node && node.closest && node.closest("[aria-live], [role=status], [role=alert], [role=log]");
  new MutationObserver((records) => {
    const heard = new Map();
    for (const r of records) {
      const region = live(r.target.nodeType === 1 ? r.target : r.target.parentElement);
      if (!region || region.closest(".hidden")) continue;
      const added = [...r.addedNodes].map((n) => n.textContent).join(" ");
      heard.set(region, (heard.get(region) || "") + (region.id === "announce" ? added : ""));
    }
    for (const [region, added] of heard) window.spoken.push([region.id, added || region.textContent]);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def spoken(page) -> list[list[str]]:
    return page.evaluate("window.spoken")


def seq(page) -> int:
    return int(page.evaluate("document.body.dataset.seq || -1"))


def draw(table, seat: int, kind: str) -> None:
    chip = next(c for c in table.state.seats[seat].bag if c.startswith(kind))
    submit(table, {"kind": "draw", "seat": seat, "chip": chip})


WORDS = {
    "en": {"guide": "Draw a chip or stop", "wait": "Wait: Ben is brewing", "stopped": "Ben: stopped",
           "chips": ["orange 1 on space 1", "green 1 on space 2"], "droplet": "droplet on space 0"},
    "es": {"guide": "Saca una ficha o para", "wait": "Espera: Ben está cocinando", "stopped": "Ben: parado",
           "chips": ["naranja 1 en la casilla 1", "verde 1 en la casilla 2"], "droplet": "gota en la casilla 0"},
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_phone_says_each_thing_once_and_nothing_while_another_seat_draws(browser, lang):
    words = WORDS[lang]
    with serving(["Ana", "Ben"], seed=3) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        ana = opened(browser, srv.url, lang, PHONE)
        ana.goto(f"{srv.url}/s/{game.token(0)}")
        ana.wait_for_selector("#pot svg")
        ana.evaluate(LISTEN)
        submit(table, {"kind": "fortune", "card": None})
        wait_guide(ana, words["guide"])

        # Her own chips: each heard once, where it lands (orange 1 from the start lands on space 1,
        # the green 1 after it on space 2: the pot's printed numbers).
        ana.evaluate("window.spoken = []")
        draw(table, 0, "orange-1")
        ana.wait_for_function("document.querySelectorAll('#pot [data-chip]').length === 1")
        draw(table, 0, "green-1")
        ana.wait_for_function("document.querySelectorAll('#pot [data-chip]').length === 2")
        ana.wait_for_timeout(300)
        said = [words for region, words in spoken(ana) if region == "announce"]
        assert said == words["chips"], spoken(ana)
        assert all(region == "announce" for region, _ in spoken(ana)), "the guide did not change: not said again"

        # The pot is a list a screen reader can walk: each chip with its space, and the droplet.
        items = ana.locator("#pot svg [role=listitem]").evaluate_all("ns => ns.map((n) => n.getAttribute('aria-label'))")
        assert items == [*words["chips"], words["droplet"]]
        assert ana.locator("#pot svg").get_attribute("role") == "list"

        submit(table, {"kind": "stop", "seat": 0})
        wait_guide(ana, words["wait"])

        # Ben draws three chips: Ana's phone says nothing, the unchanged guide least of all.
        ana.evaluate("window.spoken = []")
        for kind in ("orange-1", "white-1", "green-1"):
            before = seq(ana)
            draw(table, 1, kind)
            ana.wait_for_function("(s) => Number(document.body.dataset.seq) > s", arg=before)
        ana.wait_for_timeout(800)
        assert spoken(ana) == [], f"while Ben drew: {spoken(ana)}"

        # Ben stops: heard once, in a word.
        submit(table, {"kind": "stop", "seat": 1})
        ana.wait_for_function("(s) => window.spoken.some(([r, w]) => w.includes(s))", arg=words["stopped"])
        ana.wait_for_timeout(500)
        assert sum(words["stopped"] in heard for _, heard in spoken(ana)) == 1, spoken(ana)
        ana.context.close()
