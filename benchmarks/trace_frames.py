"""What each page's renderer did between a tap's DOM change and the end of its next frame.

Reads the Chromium trace ``bench_tap.py --trace FILE`` records: the player's phone marks each tap
(``bench:tap``, ``bench:dom``, ``bench:painted``) and every page names itself once
(``bench:page:<name>``). For every tap, from the DOM changed to the frame painted, it sums per page
the style recalculation (and the elements it touched), the layout (objects dirty of all), pre-paint,
paint, layerizing and raster on that page's renderer, and the busy time of each page's main thread,
of the browser and of the GPU process (the display compositor) in the same span: who held the two
cores while the phone's frame was made; and each main thread's busy time from the tap itself. Wall time (``ms``) and the threads' own CPU time (``cpu``)
are both given; CPU time depends less on the machine's load.

    python benchmarks/trace_frames.py TRACE.json
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

WORK = ["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "RasterTask", "FunctionCall",
        "ProxyMain::BeginMainFrame"]
"""The renderer's events summed per page; ``Paint`` only at the top (a paint's nested paints are in it);
``ProxyMain::BeginMainFrame`` is a frame's whole main-thread part (style, layout, paint, commit)."""


def load(path: Path) -> list[dict]:
    data = json.loads(path.read_text())
    return data["traceEvents"] if isinstance(data, dict) else data


def pages(events: list[dict]) -> dict[int, str]:
    """Each renderer's process by the page that named itself in it; the browser and GPU process too."""
    found = {e["pid"]: e["name"].removeprefix("bench:page:") for e in events if e.get("name", "").startswith("bench:page:")}
    for e in events:
        if e.get("ph") == "M" and e["name"] == "thread_name" and e["args"].get("name") in ("CrBrowserMain", "CrGpuMain"):
            found[e["pid"]] = "browser" if e["args"]["name"] == "CrBrowserMain" else "gpu"
    return found


def main_threads(events: list[dict]) -> set[tuple[int, int]]:
    return {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e["name"] == "thread_name"
            and e["args"].get("name") in ("CrRendererMain", "CrBrowserMain", "CrGpuMain", "VizCompositorThread")}


def taps(events: list[dict]) -> list[tuple[int, float, float, float]]:
    """(phone's process, tap, DOM changed, painted) per tap, in the trace's microseconds."""
    marks = sorted((e["ts"], e["name"], e["pid"]) for e in events if e.get("name") in ("bench:tap", "bench:dom", "bench:painted"))
    found, tap, dom = [], None, None
    for ts, name, pid in marks:
        if name == "bench:tap":
            tap, dom = ts, None
        elif name == "bench:dom" and tap is not None:
            dom = ts
        elif name == "bench:painted" and dom is not None:
            found.append((pid, tap, dom, ts))
            tap = dom = None
    return found


def spans(events: list[dict], mains: set[tuple[int, int]]) -> list[tuple[int, str, float, float, float, dict]]:
    """Complete events of interest: (process, name, start, wall µs, CPU µs, args); ``busy`` for a
    main thread's top-level tasks."""
    out = []
    for e in events:
        if e.get("ph") != "X":
            continue
        name = e["name"]
        if name == "ThreadControllerImpl::RunTask" and (e["pid"], e["tid"]) in mains:
            name = "busy"
        elif name not in WORK:
            continue
        args = {**e.get("args", {}), "_ts": e["ts"], "_end": e["ts"] + e.get("dur", 0)}
        out.append((e["pid"], name, e["ts"], e.get("dur", 0), e.get("tdur", e.get("dur", 0)), args))
    out.sort(key=lambda s: s[2])
    return out


def within(all_spans, start: float, end: float):
    """The spans that overlap [start, end], cut to it (CPU time in proportion)."""
    for pid, name, ts, dur, cpu, args in all_spans:
        if ts > end:
            break
        if ts + dur < start:
            continue
        cut = min(end, ts + dur) - max(start, ts)
        yield pid, name, cut, cpu * cut / dur if dur else 0, args


def frame(all_spans, names: dict[int, str], start: float, end: float) -> dict:
    """Per page: each stage's wall and CPU time, the elements styled and the objects laid out."""
    out: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    nested_paint_until: dict[int, float] = {}
    for pid, name, ms, cpu, args in within(all_spans, start, end):
        page = out[names.get(pid, str(pid))]
        if name == "Paint":  # a paint inside a paint is counted in its parent
            if args["_ts"] < nested_paint_until.get(pid, 0):
                continue
            nested_paint_until[pid] = args["_end"]
        page[name + " ms"] += ms / 1000
        page[name + " cpu"] += cpu / 1000
        if name == "ProxyMain::BeginMainFrame" and "frame starts after DOM ms" not in page:
            page["frame starts after DOM ms"] = max(0.0, args["_ts"] - start) / 1000
        if name == "UpdateLayoutTree":
            page["elements styled"] += args.get("elementCount", 0)
        if name == "Layout":
            data = args.get("beginData", {})
            page["objects laid out"] += data.get("dirtyObjects", 0)
            page["objects in all"] = max(page["objects in all"], data.get("totalObjects", 0))
    return out


def report(path: Path) -> dict:
    events = load(path)
    names, mains = pages(events), main_threads(events)
    all_spans = spans(events, mains)
    per_tap = []
    for _, tap, dom, painted in taps(events):
        one = frame(all_spans, names, dom, painted)
        for page, figures in frame(all_spans, names, tap, painted).items():  # the whole tap: script, frame, the rest
            one[page]["busy cpu from the tap"] = figures["busy cpu"]
        per_tap.append(one)
    summary: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for one in per_tap:
        for page, figures in one.items():
            for key, value in figures.items():
                summary[page][key].append(value)
    n = len(per_tap)
    return {"taps": n, "frame_p50_per_page": {
        page: {key: round(statistics.median(values + [0.0] * (n - len(values))), 2) for key, values in sorted(figs.items())}
        for page, figs in sorted(summary.items())}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trace", type=Path)
    print(json.dumps(report(parser.parse_args().trace), indent=2))


if __name__ == "__main__":
    main()
