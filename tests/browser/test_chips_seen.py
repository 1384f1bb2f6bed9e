"""Colour is never the only cue on a chip: each colour has its own shape, the value and the letter
are large enough (12 px on the phone, 14 px on the table screen), the ink is at 4.5:1 on the face,
and the letter and spoken name are the page's language. Under Chromium's deuteranopia and protanopia
emulation, the chips that look alike by colour still differ by shape."""

from __future__ import annotations

import base64

import pytest

from .screens import PHONE, TABLETS, serving, submit, table_of, table_url
from .test_accessibility import draw, opened

# The rendered size of SVG text: its font size in user units times the drawing's scale.
SVG_PX = """(s) => [...document.querySelectorAll(s)].map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""
HTML_PX = """(s) => [...document.querySelectorAll(s)].filter((n) => n.getClientRects().length)
  .map((n) => parseFloat(getComputedStyle(n).fontSize))"""
COLORS = ["white", "orange", "green", "blue", "red", "yellow", "purple", "black", "locoweed"]


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rgb(css: str) -> tuple[int, int, int]:
    r, g, b = (int(float(x)) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    return r, g, b


def every_chip(page) -> list[dict]:
    """One chip of each colour drawn by the page's own code, with what a person and a screen reader meet."""
    return page.evaluate("""(colors) => colors.map((c) => {
        const chip = Q.chip(c, 2); document.querySelector("main").append(chip);
        const face = chip.querySelector(".face"), letter = chip.querySelector(".l");
        return { color: c, shape: getComputedStyle(face).clipPath, face: getComputedStyle(face).backgroundColor,
                 ink: getComputedStyle(chip).color, letter: letter.textContent, name: chip.getAttribute("aria-label"),
                 role: chip.getAttribute("role") };
    })""", COLORS)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_colour_has_its_shape_its_letter_and_readable_ink(browser, lang):
    with serving(["Ana", "Ben"], seed=3) as srv:
        game = srv.app.extensions["companion.game"]
        page = opened(browser, srv.url, lang, PHONE)
        page.goto(f"{srv.url}/s/{game.token(0)}")
        page.wait_for_selector("#pot svg")
        chips = every_chip(page)
        page.context.close()
    assert len({c["shape"] for c in chips}) == len(COLORS), "nine colours, nine shapes"
    assert all(c["role"] == "img" for c in chips)
    for c in chips:
        assert contrast(rgb(c["face"]), rgb(c["ink"])) >= 4.5, f"{c['color']}: {c['ink']} on {c['face']}"
    letters = {c["color"]: c["letter"] for c in chips}
    names = {c["color"]: c["name"] for c in chips}
    if lang == "en":
        assert letters == {"white": "W", "orange": "O", "green": "G", "blue": "B", "red": "R", "yellow": "Y",
                           "purple": "P", "black": "K", "locoweed": "L"}
        assert names["green"] == "green 2" and names["orange"] == "orange 2"
    else:  # the Spanish box's words: blanca, naranja, verde, azul, roja, amarilla, morada, negra, hierba loca
        assert letters == {"white": "B", "orange": "N", "green": "V", "blue": "Z", "red": "R", "yellow": "A",
                           "purple": "M", "black": "G", "locoweed": "H"}
        assert names["green"] == "verde 2" and names["orange"] == "naranja 2"


@pytest.mark.parametrize(("lang", "players"), [("en", 4), ("es", 4), ("en", 5)])
def test_chip_letters_read_on_the_phone_and_across_the_table(browser, artifacts, lang, players):
    setup = {"expansions": ["witches"]} if players == 5 else {}  # a fifth seat comes with The Herb Witches
    with serving(["Ana", "Ben", "Cid", "Dee", "Eve"][:players], seed=3, **setup) as srv:
        table = table_of(srv)
        game = srv.app.extensions["companion.game"]
        submit(table, {"kind": "fortune", "card": None})
        for seat in range(players):
            draw(table, seat, "orange-1")
        draw(table, 0, "green-1")
        phone = opened(browser, srv.url, lang, PHONE)
        phone.goto(f"{srv.url}/s/{game.token(0)}")
        phone.wait_for_function("document.querySelectorAll('#pot [data-chip]').length === 2")
        screen = opened(browser, srv.url, lang, TABLETS["1280x800"])
        screen.goto(table_url(srv))
        screen.wait_for_function("(n) => document.querySelectorAll('#pots [data-chip]').length === n", arg=players + 1)
        on_phone = phone.evaluate(SVG_PX, "#pot .chiptext") + phone.evaluate(HTML_PX, ".chip .l")
        on_table = screen.evaluate(SVG_PX, "#pots .chiptext") + screen.evaluate(HTML_PX, ".chip .l")
        spoken = phone.locator("#pot [role=listitem]").first.get_attribute("aria-label")
        phone.context.close()
        screen.context.close()
    assert on_phone and min(on_phone) >= 12, on_phone
    assert on_table and min(on_table) >= 14, on_table
    assert spoken == {"en": "orange 1 on space 1", "es": "naranja 1 en la casilla 1"}[lang]


def silhouettes_differ(page, a: str, b: str) -> float:
    """The share of pixels where one chip's picture is the page and the other's is a chip: two
    chips of the same size, shot as the page shows them (emulation included)."""
    shots = [base64.b64encode(page.locator(s).screenshot()).decode() for s in (a, b)]
    return page.evaluate("""async (shots) => {
        const masks = [];
        for (const shot of shots) {
            const img = new Image(); img.src = "data:image/png;base64," + shot; await img.decode();
            const canvas = document.createElement("canvas"); canvas.width = img.width; canvas.height = img.height;
            const ctx = canvas.getContext("2d"); ctx.drawImage(img, 0, 0);
            const px = ctx.getImageData(0, 0, img.width, img.height).data;
            const bg = [px[0], px[1], px[2]];  // the corner: the page behind the chip
            const mask = [];
            for (let i = 0; i < px.length; i += 4) mask.push(Math.abs(px[i] - bg[0]) + Math.abs(px[i + 1] - bg[1]) + Math.abs(px[i + 2] - bg[2]) > 60);
            masks.push([mask, img.width, img.height]);
        }
        const [[m1, w1, h1], [m2, w2, h2]] = masks;
        const w = Math.min(w1, w2), h = Math.min(h1, h2);
        let differ = 0;
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (m1[y * w1 + x] !== m2[y * w2 + x]) differ++;
        return differ / (w * h);
    }""", shots)


@pytest.mark.parametrize("deficiency", ["deuteranopia", "protanopia"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_under_colour_blindness_chips_alike_in_colour_differ_in_shape(browser, artifacts, deficiency, lang):
    with serving(["Ana", "Ben"], seed=3) as srv:
        game = srv.app.extensions["companion.game"]
        page = opened(browser, srv.url, lang, PHONE)
        page.goto(f"{srv.url}/s/{game.token(0)}")
        page.wait_for_selector("#pot svg")
        page.context.new_cdp_session(page).send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})
        page.evaluate("""(colors) => { const row = Q.el("div", { id: "allchips", class: "row" });
            for (const c of colors) row.append(Q.el("span", { "data-sample": c }, Q.chip(c, 1)));
            document.querySelector("main").prepend(row); }""", COLORS)
        page.screenshot(path=str(artifacts / f"chips-{deficiency}-{lang}.png"))
        # The pairs these deficiencies make alike: orange and green, red and green, blue and purple.
        for a, b in (("orange", "green"), ("red", "green"), ("blue", "purple")):
            share = silhouettes_differ(page, f"[data-sample={a}] .chip", f"[data-sample={b}] .chip")
            assert share > 0.08, f"{a} and {b} under {deficiency}: silhouettes differ in {share:.1%} of the pixels"
        page.context.close()
