"""Small inline SVG charts drawn on the server: no script, no CDN, and they print."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

SEAT_MARKS: tuple[tuple[str, str], ...] = (
    ("#ff9f1c", "circle"), ("#2ec4b6", "square"), ("#e71d36", "triangle"), ("#b5e48c", "diamond"),
    ("#c77dff", "star"), ("#59b7ff", "hexagon"), ("#f2d024", "cross"), ("#ffffff", "down"))
"""Each seat's colour and symbol, the same on every page (the score track, the charts, beside each
name), so that no one tells players apart by colour alone; players beyond five reuse the last three."""

SYMBOLS = {
    "circle": "M1 0A1 1 0 1 1 -1 0A1 1 0 1 1 1 0Z",
    "square": "M-.88 -.88H.88V.88H-.88Z",
    "triangle": "M0 -1.15L1.05 .75H-1.05Z",
    "diamond": "M0 -1.2L1.2 0L0 1.2L-1.2 0Z",
    "star": "M0 -1.2L.33 -.42L1.14 -.37L.52 .15L.71 .97L0 .52L-.71 .97L-.52 .15L-1.14 -.37L-.33 -.42Z",
    "hexagon": "M-.55 -.95H.55L1.1 0L.55 .95H-.55L-1.1 0Z",
    "cross": "M-.35 -1H.35V-.35H1V.35H.35V1H-.35V.35H-1V-.35H-.35Z",
    "down": "M0 1.15L1.05 -.75H-1.05Z",
}
"""The symbols as SVG paths about (0, 0), about one unit across each way."""


def seat_mark(seat: int) -> tuple[str, str]:
    """A seat's colour and symbol name."""
    return SEAT_MARKS[seat] if seat < len(SEAT_MARKS) else SEAT_MARKS[5 + (seat - 5) % 3]


def symbol(seat: int, x: float, y: float, r: float, title: str = "") -> str:
    """A seat's symbol at (x, y), ``r`` across half-way, in its colour with a dark edge."""
    color, name = seat_mark(seat)
    inner = f"<title>{escape(title)}</title>" if title else ""
    return (f'<path class="mark" data-symbol="{name}" d="{SYMBOLS[name]}" fill="{color}" '
            f'transform="translate({x:.1f} {y:.1f}) scale({r})">{inner}</path>')


def bars(title: str, rows: Sequence[tuple[str, float]], *, decimals: int = 0, alt: bool = False) -> Markup:
    """A horizontal bar chart: one bar per (label, value), the value written at its end."""
    width, label_w, row_h = 360, 110, 24
    top = max((v for _, v in rows), default=0) or 1
    height = row_h * len(rows) + 8
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
             f"<title>{escape(title)}</title>"]
    for k, (label, value) in enumerate(rows):
        y = 4 + k * row_h
        length = (width - label_w - 44) * value / top
        parts.append(f'<text class="label" x="{label_w - 6}" y="{y + 15}" text-anchor="end">{escape(label[:16])}</text>')
        parts.append(f'<rect class="bar{" alt" if alt else ""}" x="{label_w}" y="{y + 3}" width="{length:.1f}" '
                     f'height="{row_h - 8}" rx="3"/>')
        parts.append(f'<text class="value" x="{label_w + length + 5:.1f}" y="{y + 15}">{value:.{decimals}f}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def lines(title: str, series: Sequence[tuple[str, Sequence[int]]], seats: Sequence[int] = ()) -> Markup:
    """One line per (name, values), values spread evenly left to right, each point marked by the
    player's symbol and the line labelled by name at its end; a legend underneath. Each line in the
    colour and symbol of its seat in `seats` (the player's seat tonight), else of the k-th seat."""
    width, height, pad, right = 360, 180, 28, 70
    longest = max((len(v) for _, v in series), default=0)
    top = max((max(v) for _, v in series if v), default=0) or 1
    step = (width - pad - right) / max(longest - 1, 1)
    legend_h = 18 * ((len(series) + 2) // 3)
    at = [[(pad + i * step, height - pad - (height - 2 * pad) * v / top) for i, v in enumerate(values)]
          for _, values in series]
    label_y = _apart({k: points[-1][1] for k, points in enumerate(at) if points}, 11)
    said = "; ".join(f"{name}: {', '.join(map(str, values))}" for name, values in series)
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height + legend_h}" role="img" '
             f'aria-label="{escape(title)}: {escape(said)}">',
             f"<title>{escape(title)}</title>",
             f'<line class="axis" x1="{pad}" y1="{height - pad}" x2="{width - right}" y2="{height - pad}"/>',
             f'<text class="label" x="{pad - 4}" y="{pad}" text-anchor="end">{top}</text>',
             f'<text class="label" x="{pad - 4}" y="{height - pad}" text-anchor="end">0</text>']
    for k, ((name, values), points) in enumerate(zip(series, at, strict=True)):
        seat = seats[k] if k < len(seats) else k
        color, mark = seat_mark(seat)
        parts.append(f'<g data-series="{k}" data-symbol="{mark}">')
        if len(points) > 1:
            plotted = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline class="lineplot" points="{plotted}" stroke="{color}"/>')
        parts.extend(symbol(seat, x, y, 3.6, f"{name}: {v}") for (x, y), v in zip(points, values, strict=True))
        if points:
            parts.append(f'<text class="endlabel" x="{points[-1][0] + 7:.1f}" y="{label_y[k]:.1f}" '
                         f'dominant-baseline="central">{escape(name[:10])}</text>')
        parts.append("</g>")
        lx, ly = 8 + (k % 3) * 118, height + 12 + 18 * (k // 3)
        parts.append(symbol(seat, lx + 5, ly - 4, 5) + f'<text class="label" x="{lx + 14}" y="{ly}">{escape(name[:14])}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _apart(ys: dict[int, float], gap: float) -> dict[int, float]:
    """Label heights near ``ys`` with at least ``gap`` between any two (names ending on one score)."""
    placed: dict[int, float] = {}
    last = float("-inf")
    for k, y in sorted(ys.items(), key=lambda item: item[1]):
        placed[k] = last = max(y, last + gap)
    return placed
