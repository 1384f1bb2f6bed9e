"""Tap Draw on a phone -> that phone redrawn with its chip, at a demo table as a group plays it.

Headless Chromium holds three phones (390x844: the player's, and the two bots' seats followed as
people at the table would), the table screen and the host page (1280x800), all live. Seats 2 and 3
are the advisor's bots: simulated people whose DRAW/STOP searches run in a worker process and who act
at a person's pace; the phones show the advice, worked out in the advice's own worker process. The simulated people also pour every pot back in handfuls while the card is turned
(`companion.evening`, the demo's habits). The player on seat 1 taps Draw until their pot holds
`--chips` chips, then Stop; draws the chips a card or a book lets them look at (Strong Ingredient's
five) before choosing, and answers everything else on their phone.

Measured in the phone (performance.now): from the tap to the render that shows the drawn chip in
the pot (its DOM changed), and to the end of the next frame after it (a task posted from that
frame's animation callback runs once the frame's style, layout and paint are done: what the player
sees, where a layout the render forced and one left to the frame cost the same). Measured in the serving process: a probe thread that asks to run every 5 ms; how late it
runs is how long the process could not serve anything (a search that held the interpreter would
show here). Both split by whether a bot's search was under way in the worker at that moment.

With ``--split``, each tap's time is split into its stages by timestamps on one clock (the epoch:
the page's ``performance.timeOrigin + now()``, the server's ``time.time()``): the page's fetch, the
request reaching Flask and the draw route, the read reaching the table's thread, the engine's step,
the journal's transaction, the hub told, the seat's view rendered and its message made, the
message's arrival in the page, the DOM changed, and the next frame. The wrappers that take the
server's timestamps cost a few microseconds a call.

It prints a line on stderr for each move of the player (the round and phase, the journal's last
entry, what the phone said, what was tapped and what came of it). When the table's journal takes
nothing for ``--stall`` seconds (30), the run stops and says what each page shows (a screenshot of
each, its prompt and the last update it took), the journal's last entries, the open anomalies and the
simulated people's game, then reports the taps made so far and exits with 1. Any one step that
takes over two minutes (a page that never answers) prints every thread's stack and ends the run.

With ``--trace FILE``, Chromium's trace of the taps (every page's style, layout, paint and raster)
is written to FILE; ``trace_frames.py FILE`` says what each page's renderer did in each tap's frame.

    PYTHONPATH=. python benchmarks/bench_tap.py [--taps 40] [--seed 7] [--chips 6] [--split] [--trace FILE] [--stall 30]
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

import companion.table.table as table_module
from companion.commands.demo import build_demo
from companion.engine import waiting_for
from companion.evening import DEMO, AdvisorThinker, Agenda
from companion.webapp import create_app
from companion.webapp.server import Server
from companion.workers import Worker

PIN = "000000"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
TABLET = {"viewport": {"width": 1280, "height": 800}}
HUNG = 120
"""Seconds one step of the run may take (a Playwright call, a page's evaluation, closing the
browser) before every thread's Python stack is printed and the run ends: a hang is never silent."""
CHROMIUM = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

TAP = """async () => {
  const shown = () => document.querySelectorAll('#pot [data-chip]').length;
  const epoch = () => performance.timeOrigin + performance.now();
  const within = (ms, wait) => new Promise((done) => { setTimeout(() => done(false), ms); wait(() => done(true)); });
  const before = shown();
  const marks = window.__marks || [];
  marks.length = 0;
  const t0 = performance.now();
  marks.push(['tap', epoch()]);
  performance.mark('bench:tap');
  document.getElementById('draw').click();
  const toast = document.getElementById('toast'), held = document.getElementById('bagreads');
  const answered = () => shown() > before || !toast.classList.contains('hidden') || held.querySelector('[data-held]');
  toast.classList.add('hidden');
  await within(10000, (done) => {
    const watch = new MutationObserver(() => { if (answered()) { watch.disconnect(); done(); } });
    watch.observe(document.getElementById('pot'), { childList: true, subtree: true });
    watch.observe(toast, { attributes: true, childList: true });
    watch.observe(held, { childList: true });
  });
  const took = performance.now() - t0;
  marks.push(['dom', epoch()]);
  performance.mark(shown() > before ? 'bench:dom' : 'bench:none');
  const framed = await within(10000, (done) => requestAnimationFrame(() => { marks.push(['frame', epoch()]);
    const after = new MessageChannel(); after.port1.onmessage = done; after.port2.postMessage(0); }));
  marks.push(['painted', epoch()]);
  performance.mark('bench:painted');
  const chips = document.querySelectorAll('#pot [data-chip] title');
  return { took, shown: shown() > before, framed, marks: marks.slice(), painted: performance.now() - t0,
           chip: chips.length ? chips[chips.length - 1].textContent : null,
           toast: toast.classList.contains('hidden') ? null : toast.textContent,
           held: Boolean(held.querySelector('[data-held]')) };
}"""
"""Tap Draw in the player's phone: the time to the chip in its pot and to the end of the next frame,
the chip shown last; or what the phone showed instead (a refusal's toast, the reader's question
about a read held for the seat), or nothing within 10 s."""

MARKS = """(() => {
  const marks = window.__marks = [];
  const epoch = () => performance.timeOrigin + performance.now();
  const fetched = window.fetch;
  window.fetch = function (url, ...rest) {
    const drawn = String(url).endsWith('/draw');
    if (drawn) marks.push(['fetch', epoch()]);
    const answer = fetched.call(this, url, ...rest);
    if (drawn) answer.then(() => marks.push(['answer', epoch()]));
    return answer;
  };
  const Source = window.EventSource;
  window.EventSource = function (url, init) {
    const source = new Source(url, init);
    source.addEventListener('message', () => marks.push(['message', epoch()]));
    return source;
  };
  window.EventSource.prototype = Source.prototype;
})()"""
"""The page's side of ``--split``: its draw's fetch, the answer, and every stream message, timed."""

TRACED = ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
          "blink.user_timing", "toplevel", "cc", "viz", "gpu", "benchmark", "__metadata"]
"""With ``--trace``: every page's style, layout, paint, raster and compositing, and the tap's marks
(``bench:tap``, ``bench:dom``, ``bench:painted`` in the player's phone); ``trace_frames.py`` reads it."""

SHOWN = "(s) => { const b = document.querySelector(s); return Boolean(b && b.offsetParent && !b.disabled); }"
CLICK = """async (s) => {
  const b = document.querySelector(s);
  if (!b || !b.offsetParent || b.disabled) return null;
  const toast = document.getElementById('toast');
  toast.classList.add('hidden');
  await new Promise((done) => {
    const watch = new MutationObserver(() => { watch.disconnect(); done(); });
    watch.observe(document.body, { attributes: true, attributeFilter: ['data-seq'] });
    watch.observe(toast, { attributes: true, attributeFilter: ['class'] });
    setTimeout(() => { watch.disconnect(); done(); }, 3000);
    b.click();
  });
  return (b.textContent || b.getAttribute('aria-label') || s).trim().replace(/\\s+/g, ' ').slice(0, 60) || s;
}"""
"""A button the page shows now, tapped in the page itself (a render may replace it at any moment),
then the phone watched until the table's next update or a refusal reaches it (3 s at most), as a
person taps once and looks: its words, or None when the page shows no such button."""

PROMPT = """() => {
  const shown = (n) => n && n.getClientRects().length && n.textContent.trim();
  const lines = ['#guide', '#round', '#phase', '#now', '#fortune', '#result', '#readeralert', '#anomalysummary',
                 '#offline', '#toast']
    .map((s) => document.querySelector(s)).filter(shown).map((n) => n.textContent.trim().replace(/\\s+/g, ' '));
  return { seq: Number(document.body.dataset.seq || -1), prompt: lines.join(' | ').slice(0, 400) };
}"""
"""What a page shows a person now (its guide, round and phase, the host's alerts, a toast, the offline
banner) and the last stream message it took (its seq)."""

REFUSED = """() => { const toast = document.getElementById('toast');
  if (toast.classList.contains('hidden')) return null; toast.classList.add('hidden'); return toast.textContent; }"""
"""The refusal the phone shows, read (and put away) by the player, who waits a moment before the next
tap as a person would: a script's taps, refused as fast as it makes them, are refused for a while."""

NEXT = ["#decisions [data-option]", "#decisions [data-roll]", "#readback",
        "#allin", "#shop [data-action=done]", "#actions [data-action=done]", "#actions button"]
"""What the player taps when the phone asks something (in this order), Draw and Stop apart."""


class Searches:
    """When the bots' searches ran in the worker: wraps each bot's thinker."""

    def __init__(self) -> None:
        self.spans: list[tuple[float, float]] = []
        self.running = 0

    def watch(self, think):
        def timed(state, seat, moves):
            found = think(state, seat, moves)
            started = time.perf_counter()
            self.running += 1

            def finished(_):
                self.running -= 1
                self.spans.append((started, time.perf_counter()))
            found.add_done_callback(finished)
            return found
        return timed

    def during(self, at: float) -> bool:
        return self.running > 0 or any(a <= at <= b for a, b in self.spans)


class Probe(threading.Thread):
    """Asks to run every 5 ms in the serving process; records how late each wake-up was."""

    def __init__(self, searches: Searches) -> None:
        super().__init__(name="probe", daemon=True)
        self.searches = searches
        self.late: list[tuple[float, bool]] = []
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            asked = time.perf_counter()
            time.sleep(0.005)
            woke = time.perf_counter()
            self.late.append(((woke - asked - 0.005) * 1000, self.searches.during(woke)))


STAGES = [("tap", "fetch"), ("fetch", "flask"), ("flask", "route"), ("route", "table"), ("table", "step"),
          ("step", "stepped"), ("stepped", "journal"), ("journal", "journalled"), ("journalled", "hub"),
          ("hub", "render"), ("render", "rendered"), ("rendered", "sent"), ("sent", "message"),
          ("message", "dom"), ("dom", "frame"), ("frame", "painted"), ("fetch", "answer")]
"""The stages of one tap as ``--split`` reports them, each from one timestamp to the next."""


class Split:
    """The server's side of ``--split``: when seat 1's draw passed each stage on its way through the
    server, on the epoch's clock in milliseconds (the page's marks are on the same clock)."""

    def __init__(self, app, game, reader: str) -> None:
        self.marks: list[tuple[str, float]] = []
        self.mine = threading.local()
        self._wrap_request(app, game)
        self._wrap_table(game.table, reader)
        self._wrap_hub(app.extensions["companion.hub"])

    def mark(self, name: str) -> None:
        self.marks.append((name, time.time() * 1000))

    def _wrap_request(self, app, game) -> None:
        wsgi, draw = app.wsgi_app, game.demo_draw

        def timed_wsgi(environ, start_response):
            if environ.get("PATH_INFO", "").endswith("/draw"):
                self.mark("flask")
            return wsgi(environ, start_response)

        def timed_draw(seat):
            self.mark("route")
            return draw(seat)
        app.wsgi_app, game.demo_draw = timed_wsgi, timed_draw

    def _wrap_table(self, table, reader: str) -> None:
        read, step, transaction = table.read, table_module.step, table.db.transaction

        def timed_read(at_reader, uid, **kw):
            self.mine.on, self.mine.depth = at_reader == reader, 0
            if self.mine.on:
                self.mark("table")
            try:
                return read(at_reader, uid, **kw)
            finally:
                self.mine.on = False

        def timed_step(state, action):
            if not getattr(self.mine, "on", False):
                return step(state, action)
            self.mark("step")
            try:
                return step(state, action)
            finally:
                self.mark("stepped")

        @contextlib.contextmanager
        def timed_transaction():
            outer = getattr(self.mine, "on", False) and self.mine.depth == 0
            if outer:
                self.mark("journal")
            self.mine.depth = getattr(self.mine, "depth", 0) + 1
            try:
                with transaction() as conn:
                    yield conn
            finally:
                self.mine.depth -= 1
                if outer:
                    self.mark("journalled")
        table.read, table_module.step, table.db.transaction = timed_read, timed_step, timed_transaction

    def _wrap_hub(self, hub) -> None:
        publish, render_now, news = hub.publish, hub.render_now, hub.news

        def timed_publish(*args, **kw):
            if getattr(self.mine, "on", False):
                self.mark("hub")
            return publish(*args, **kw)

        def timed_render_now(key):
            seat = key[0].startswith("seat:0") and key[3] == "view"
            if seat:
                self.mark("render")
            render_now(key)
            if seat:
                self.mark("rendered")

        def timed_news(perspective, *args, **kw):
            found = news(perspective, *args, **kw)
            if perspective.startswith("seat:0") and found[1]:
                self.mark("sent")
            return found
        hub.publish, hub.render_now, hub.news = timed_publish, timed_render_now, timed_news

    def stages(self, page: list) -> dict[str, float]:
        """One tap's stages (ms) from the page's marks and the server's since the tap: each stage's
        end is the first of its name after the stage's start."""
        marks = sorted([*map(tuple, page), *[m for m in self.marks if m[1] >= page[0][1]]], key=lambda m: m[1])
        self.marks.clear()
        found: dict[str, float] = {}
        for a, b in STAGES:
            start = found.get(a, marks[0][1] if a == "tap" else None)
            if start is None:
                continue
            found.setdefault(a, start)
            end = next((at for name, at in marks if name == b and at >= start), None)
            if end is not None:
                found.setdefault(b, end)
        return {f"{a}>{b}": round(found[b] - found[a], 2) for a, b in STAGES if a in found and b in found}


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def play(page, demo, searches: Searches, taps: list[tuple[float, bool]], frames: list[float], chips: int, limit: int,
         split: Split | None = None, splits: list[dict[str, float]] | None = None) -> str | None:
    """One move of the player on seat 1: what it tapped and what came of it, or None when there was
    nothing to do. A read held for the seat is answered as the person who drew knows: drawn only
    when it is the chip they took out; "all in the bag" is said once the person's hands have poured
    every chip back (said before, the table holds each later read of those chips for an answer)."""
    held = demo.table.held(0)
    if held:
        mine = held[0].payload.get("chip") == demo.evening.seats[0].drawn
        words = (page.evaluate(CLICK, f"[data-held] [data-drawn={'true' if mine else 'false'}]")
                 or page.evaluate(CLICK, "[data-held] [data-drawn=false]"))
        return words and f"{words!r} (the read of {held[0].payload.get('chip')} held for the seat)"
    for selector in NEXT:
        if selector == "#allin" and demo.evening.seats[0].coming:  # said once the hands have poured the chips in
            continue
        if words := page.evaluate(CLICK, selector):
            return f"{words!r} ({selector})"
    if page.evaluate(SHOWN, "#decisions [data-looking]"):  # a card's or a book's look: every chip drawn, then the choice
        words = page.evaluate(CLICK, "#draw")
        return words and f"{words!r} (a chip to look at)"
    if page.evaluate(SHOWN, "#draw") and page.locator("#pot [data-chip]").count() < chips and len(taps) < limit:
        started = time.perf_counter()
        tapped = page.evaluate(TAP)
        if not tapped["shown"]:
            instead = (f"the phone says {tapped['toast']!r}" if tapped["toast"] else "the phone asks about a read"
                       if tapped["held"] else "nothing shown")
            return f"'Draw': no new chip in the pot after {tapped['took']:.0f} ms, {instead}"
        taps.append((tapped["took"], searches.during(started)))
        frames.append(tapped["painted"])
        if split is not None and splits is not None:
            splits.append(split.stages(tapped["marks"]))
        frame = f"{tapped['painted']:.1f} ms" if tapped["framed"] else "none within 10 s"
        return f"'Draw' #{len(taps)}: {tapped['chip']} in the pot at {tapped['took']:.1f} ms, its next frame {frame}"
    words = page.evaluate(CLICK, "#stop")
    return words and f"{words!r} (#stop)"


class Progress:
    """Lines on stderr as the run goes: each move of the player with what the phone said before it,
    and the table's round and phase; the same line again is counted, not repeated."""

    def __init__(self, table) -> None:
        self.table = table
        self.last: str | None = None
        self.again = 0

    def say(self, line: str) -> None:
        if line == self.last:
            self.again += 1
            return
        if self.again:
            print(f"    (the same {self.again} more times)", file=sys.stderr, flush=True)
        self.last, self.again = line, 0
        state = self.table.state
        print(f"{time.strftime('%H:%M:%S', time.gmtime())} round {state.round} {state.phase}, journal {self.table.seq}: "
              f"{line}", file=sys.stderr, flush=True)


def drive(pages: dict, demo, args, searches: Searches, taps: list, frames: list, split: Split | None,
          splits: list) -> str | None:
    """Plays seat 1 until its taps are made or the game ends. When the table's journal takes nothing
    for ``--stall`` seconds, says what each page shows and stops: returns why it stopped early."""
    phone, table = pages["phone"], demo.table
    progress = Progress(table)
    seq, moved = table.seq, time.monotonic()
    while len(taps) < args.taps and table.state.phase != "game_over":
        faulthandler.dump_traceback_later(HUNG, exit=True)
        said = phone.evaluate("document.body.dataset.guide || ''")
        done = play(phone, demo, searches, taps, frames, args.chips, args.taps, split, splits)
        if done:
            progress.say(f"Ann's phone said {said!r}; she tapped {done}")
            if refused := phone.evaluate(REFUSED):
                progress.say(f"Ann's phone refused it: {refused!r}; she reads it")
                time.sleep(1.0)
        else:
            progress.say(f"Ann's phone says {said!r}, nothing for her to tap; the table waits for "
                         f"{waiting_for(table.state)}")
            time.sleep(0.2)
        if table.seq != seq:
            seq, moved = table.seq, time.monotonic()
        elif time.monotonic() - moved > args.stall:
            return stalled(pages, demo, args.stall)
    return None


def stalled(pages: dict, demo, seconds: float) -> str:
    """What a person at the table would look at when it stopped: each page (a screenshot, its prompt,
    the last update it took), the journal's last entries and open anomalies, and the people's game."""
    table, evening = demo.table, demo.evening
    folder = Path(tempfile.mkdtemp(prefix="bench_tap_stalled_"))
    why = f"the journal took nothing for {seconds:.0f} s (at {table.seq}); screenshots in {folder}"
    lines = [f"STALLED: {why}"]
    for name, page in pages.items():
        page.screenshot(path=folder / f"{name.replace(' ', '_')}.png", full_page=True)
        shown = page.evaluate(PROMPT)
        lines.append(f"  {name}: took update {shown['seq']}; shows: {shown['prompt']}")
    lines += [f"  journal {e.seq} {e.recorded_at} {e.source} {e.kind} {json.dumps(e.payload)[:240]}"
              for e in table.entries()[-10:]]
    lines += [f"  anomaly after {a.after_seq} {a.source} {a.code}: {a.reason}"
              for a in table.anomalies(unresolved_only=True)[-6:]]
    lines.append(f"  the table waits for {waiting_for(table.state)}; seat 1 may {[a['kind'] for a in table.actions(0)]}, "
                 f"held reads {[h.payload.get('chip') for h in table.held(0)]}")
    lines.append(f"  the people's game waits for {waiting_for(evening.truth)} ({evening.truth.phase}); their hands "
                 f"(busy, thinking, drawn, coming): {[(s.busy, s.thinking is not None, s.drawn, sorted(s.coming)) for s in evening.seats]}; "
                 f"last slips {evening.tally.slips[-3:]}; followed the table {evening.tally.followed} times")
    print("\n".join(lines), file=sys.stderr, flush=True)
    return why


def _seconds(text: str) -> float:
    """A stall bound: a number of seconds above zero (at zero or below every run would stop at once)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--chips", type=int, default=6, help="the player stops once the pot holds this many")
    parser.add_argument("--split", action="store_true", help="split each tap's time into its stages")
    parser.add_argument("--trace", type=Path, help="record Chromium's trace of the taps to this file")
    parser.add_argument("--stall", type=_seconds, default=30.0,
                        help="stop, saying what each page shows, when the journal takes nothing for this many seconds")
    args = parser.parse_args()
    searches = Searches()
    pool = Worker()
    bots = {n: searches.watch(AdvisorThinker(args.seed + n, pool)) for n in (1, 2)}
    demo = build_demo(["Ann", "Ben", "Cleo"], Path(tempfile.mkdtemp()) / "bench.sqlite3", args.seed, cards=True,
                      people=DEMO, bots=bots, agenda=Agenda())
    app = create_app(demo.table, host_pin=PIN, demo=demo, assist="advice")
    server = Server(app, "127.0.0.1", 0).start()
    game = app.extensions["companion.game"]
    probe = Probe(searches)
    taps: list[tuple[float, bool]] = []
    frames: list[float] = []
    split = Split(app, game, demo.bags[0].reader_id) if args.split else None
    splits: list[dict[str, float]] = []
    faulthandler.dump_traceback_later(HUNG, exit=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM)
        pages = open_pages(browser, server.url, game, split is not None)
        if args.trace:
            browser.start_tracing(path=args.trace, categories=TRACED)
            for name, page in pages.items():
                page.evaluate("(name) => performance.mark('bench:page:' + name)", name)
        demo.evening.start()
        probe.start()
        why = drive(pages, demo, args, searches, taps, frames, split, splits)
        faulthandler.dump_traceback_later(HUNG, exit=True)
        probe.stopped.set()
        if args.trace:
            browser.stop_tracing()
        browser.close()
    demo.evening.stop()
    server.stop()
    pool.shutdown()
    faulthandler.cancel_dump_traceback_later()
    report(args, taps, frames, probe, searches, demo.table, splits, why)
    if why:
        sys.exit(1)


def open_pages(browser, url: str, game, marked: bool) -> dict:
    """The three phones, the table screen and the host page, each live (the first phone with the
    ``--split`` marks)."""
    phones = [browser.new_context(**PHONE).new_page() for _ in range(3)]
    if marked:
        phones[0].add_init_script(MARKS)
    for n, page in enumerate(phones):
        page.goto(f"{url}/s/{game.token(n)}")
    screen = browser.new_context(**TABLET).new_page()
    screen.goto(f"{url}/table/{game.table_token}")
    host = browser.new_context(**TABLET).new_page()
    host.goto(f"{url}/host?pin={PIN}")
    pages = dict(zip(("phone", "phone 2", "phone 3", "table", "host"), (*phones, screen, host), strict=True))
    for page in pages.values():
        page.wait_for_selector("#live:not(.hidden)")
    return pages


def report(args, taps, frames, probe, searches, table, splits, why: str | None) -> None:
    tap_all = [t for t, _ in taps]
    tap_search = [t for t, s in taps if s]
    tap_quiet = [t for t, s in taps if not s]
    late_search = [t for t, s in probe.late if s]
    late_quiet = [t for t, s in probe.late if not s]
    result = {
        "taps": len(taps), "round": table.state.round, "seed": args.seed, **({"stalled": why} if why else {}),
        "tap_ms": {"p50": round(percentile(tap_all, 50), 1), "p90": round(percentile(tap_all, 90), 1),
                   "max": round(max(tap_all, default=float("nan")), 1)},
        "tap_to_next_frame_ms": {"p50": round(percentile(frames, 50), 1), "p90": round(percentile(frames, 90), 1),
                                 "max": round(max(frames, default=float("nan")), 1)},
        "tap_ms_while_a_bot_searched": {"n": len(tap_search), "p50": round(percentile(tap_search, 50), 1),
                                        "max": round(max(tap_search, default=float("nan")), 1)},
        "tap_ms_no_bot_search": {"n": len(tap_quiet), "p50": round(percentile(tap_quiet, 50), 1),
                                 "max": round(max(tap_quiet, default=float("nan")), 1)},
        "bot_searches": {"n": len(searches.spans),
                         "seconds": round(sum(b - a for a, b in searches.spans), 1)},
        "serving_process_stall_ms": {
            "while_a_bot_searched": {"max": round(max(late_search, default=0.0), 1),
                                     "p99": round(percentile(late_search, 99), 1)},
            "otherwise": {"max": round(max(late_quiet, default=0.0), 1), "p99": round(percentile(late_quiet, 99), 1)}},
        "longest_delay_a_search_caused_ms": round(max(0.0, max(tap_search, default=0.0)
                                                      - statistics.median(tap_quiet or [0.0])), 1),
        **({"stages_ms_p50_p90": {stage: [round(percentile(values, 50), 2), round(percentile(values, 90), 2)]
                                  for stage in (f"{a}>{b}" for a, b in STAGES)
                                  if (values := [s[stage] for s in splits if stage in s])}} if splits else {}),
        "load_average": os.getloadavg(),
        "utc": time.strftime("%Y-%m-%d %H:%M", time.gmtime()),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
