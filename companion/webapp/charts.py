"""Small inline SVG charts drawn on the server: no script, no CDN, and they print."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

SEAT_COLORS = ("#ff9f1c", "#2ec4b6", "#e71d36", "#b5e48c", "#c77dff", "#59b7ff", "#f2d024", "#ffffff")
"""The first five are the seat colours of ``board.js``; players beyond them reuse the rest."""


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


def lines(title: str, series: Sequence[tuple[str, Sequence[int]]], colors: Sequence[str] = ()) -> Markup:
    """One line per (name, values), values spread evenly left to right; a legend underneath. Each
    line in its colour of `colors` (a player's seat colour), else the next of `SEAT_COLORS`."""
    width, height, pad = 360, 180, 28
    longest = max((len(v) for _, v in series), default=0)
    top = max((max(v) for _, v in series if v), default=0) or 1
    step = (width - 2 * pad) / max(longest - 1, 1)
    legend_h = 18 * ((len(series) + 2) // 3)
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height + legend_h}" role="img" aria-label="{escape(title)}">',
             f"<title>{escape(title)}</title>",
             f'<line class="axis" x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}"/>',
             f'<text class="label" x="{pad - 4}" y="{pad}" text-anchor="end">{top}</text>',
             f'<text class="label" x="{pad - 4}" y="{height - pad}" text-anchor="end">0</text>']
    for k, (name, values) in enumerate(series):
        color = colors[k] if k < len(colors) else SEAT_COLORS[k % len(SEAT_COLORS)]
        points = " ".join(f"{pad + i * step:.1f},{height - pad - (height - 2 * pad) * v / top:.1f}"
                          for i, v in enumerate(values))
        if len(values) == 1:
            x, y = points.split(",")
            parts.append(f'<circle cx="{x}" cy="{y}" r="3" fill="{color}"/>')
        elif values:
            parts.append(f'<polyline class="lineplot" points="{points}" stroke="{color}"/>')
        lx, ly = 8 + (k % 3) * 118, height + 12 + 18 * (k // 3)
        parts.append(f'<rect x="{lx}" y="{ly - 9}" width="10" height="10" fill="{color}"/>'
                     f'<text class="label" x="{lx + 14}" y="{ly}">{escape(name[:14])}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
