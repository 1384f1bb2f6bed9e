// Drawing the printed boards: the pot's spiral of spaces and the scoring track with rat tails.
// The numbers on the spaces come from the server's catalog (Q.BOARD); only geometry lives here.
"use strict";
const Board = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const R = 9.2;            // radius of one pot space
  const SEATS = Q.BOARD.seats;  // each seat's colour and symbol, the same on every page (charts.py)

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // Space centres along an Archimedean spiral from the middle outwards, equally spaced by arc.
  const spiral = (() => {
    const gap = 2 * R + 2.2;                 // distance between two turns
    const b = gap / (2 * Math.PI);
    const points = [];
    let theta = 2.2 * Math.PI;
    for (let i = 0; i < Q.BOARD.track.length; i++) {
      const r = b * theta;
      points.push([r * Math.cos(theta - Math.PI / 2), r * Math.sin(theta - Math.PI / 2)]);
      theta += (2 * R + 1.6) / Math.sqrt(r * r + b * b);
    }
    return points;
  })();
  const extent = Math.ceil(Math.max(...spiral.map(([x, y]) => Math.hypot(x, y))) + R + 3);

  // A chip in the pot: its colour's shape and ink (app.css, the same as the chips on the page) with
  // a light edge, its value and letter on one line.
  function chipMark(c, x, y) {
    const r = R - 0.5;
    return [
      svg("g", { class: "chipshape", "aria-hidden": "true" },
        svg("rect", { class: "chipface shape-" + c.color, x: x - r, y: y - r, width: 2 * r, height: 2 * r,
                      fill: `var(--c-${c.color})` })),
      svg("text", { class: "chiptext chip-" + c.color, x, y: y + (c.color === "locoweed" ? 1.5 : 0.3), "aria-hidden": "true" },
        Q.face(c.color, c.value), Q.BOARD.letters[c.color] || "?"),
    ];
  }

  // seat: one seat of the view. Draws every chip on its space, the droplet, the rat stone and
  // the scoring space. A screen reader reads it as a list: each chip on its space, the droplet,
  // the rat stone, an explosion.
  function pot(seat) {
    const root = potBoard();
    const parts = potParts(seat);
    root.append(...parts.spaces.map(([, build]) => build()), ...parts.markers[1]());
    return root;
  }

  // `root` (an empty pot from `emptyPot`, kept on the page) drawn as `pot` draws `seat`: at the
  // next view only the spaces whose chip or scoring mark changed and the markers that moved are
  // drawn again, so a chip drawn costs the browser one space's layout and paint, not the spiral's.
  function drawPot(root, seat) {
    const drawn = root.drawn, parts = potParts(seat);
    parts.spaces.forEach(([key, build], i) => {
      if (drawn.spaces[i] === key) return;
      const g = build();
      if (drawn.nodes[i]) drawn.nodes[i].replaceWith(g);
      else root.insertBefore(g, drawn.marks[0] || null);
      drawn.spaces[i] = key;
      drawn.nodes[i] = g;
    });
    const [key, build] = parts.markers;
    if (drawn.markers !== key) {
      drawn.marks.forEach((node) => node.remove());
      drawn.marks = build();
      root.append(...drawn.marks);
      drawn.markers = key;
    }
    return root;
  }

  function emptyPot() {
    const root = potBoard();
    root.drawn = { spaces: [], nodes: [], markers: null, marks: [] };
    return root;
  }

  function potBoard() {
    const root = svg("svg", { class: "pot", viewBox: `${-extent} ${-extent} ${2 * extent} ${2 * extent}`,
                              role: "list", "aria-label": Q.t("pot") });
    const path = spiral.map(([x, y], i) => (i ? "L" : "M") + x.toFixed(1) + " " + y.toFixed(1)).join(" ");
    root.append(svg("path", { class: "path", d: path, "aria-hidden": "true" }));
    return root;
  }

  // What the pot shows of `seat`, each part as [what it is drawn from, as text; how to draw it]:
  // one per space of the track, and the markers (droplet, rat stone, explosion) together.
  function potParts(seat) {
    const chips = new Map((seat.pot || []).map((c) => [c.space, c]));
    const scoring = seat.scoring_space ? seat.scoring_space.space : null;
    const spaces = Q.BOARD.track.map((space, i) => {
      const c = chips.get(i);
      return [c ? `${c.chip}|${c.color}|${c.value}|${i === scoring}` : `|${i === scoring}`, () => potSpace(space, i, c, i === scoring)];
    });
    const dropSpace = Math.min(seat.droplet || 0, spiral.length - 1);
    const exploded = seat.status === "exploded" && seat.pot.length > 0;
    return { spaces, markers: [`${dropSpace}|${seat.rat || 0}|${exploded}`, () => potMarkers(dropSpace, seat.rat, exploded)] };
  }

  function potSpace(space, i, c, scoring) {
    const [x, y] = spiral[i];
    const g = svg("g", c ? { "data-space": i, role: "listitem",
                               "aria-label": Q.t("chip_on_space", { chip: Q.chipName(c.color, c.value), n: space.coins }) }
      : { "data-space": i, "aria-hidden": "true" });
    g.append(svg("circle", { class: "space" + (space.ruby ? " ruby" : ""), cx: x, cy: y, r: R }));
    if (c) {
      g.setAttribute("data-chip", c.chip || "");
      g.append(...chipMark(c, x, y));
      g.append(svg("title", {}, Q.chipName(c.color, c.value)));
    } else {
      g.append(svg("text", { class: "coins", x, y: y - (space.vp ? 1.3 : 0) }, space.coins));
      if (space.vp) g.append(svg("text", { class: "vp", x, y: y + 4.6 }, space.vp + " " + Q.t("vp")));
      if (space.ruby) g.append(svg("path", { class: "gem", d: `M${x + 5.5} ${y - 8.5} l2.6 2.6 -2.6 2.6 -2.6 -2.6z` }));
    }
    if (scoring) g.append(svg("circle", { class: "scoring", cx: x, cy: y, r: R + 1.6 }));
    return g;
  }

  function potMarkers(dropSpace, ratSteps, exploded) {
    const [dx, dy] = spiral[dropSpace];
    const marks = [svg("path", { class: "droplet", "data-marker": "droplet", role: "listitem",
      "aria-label": Q.t("droplet_on_space", { n: Q.BOARD.track[dropSpace].coins }),
      d: `M${dx + 3.5} ${dy - 3} q0 -2.5 3 -6.5 q3 4 3 6.5 a3 3 0 0 1 -6 0z` }, svg("title", {}, Q.t("droplet")))];
    if (ratSteps) {
      const ratSpace = Math.min(dropSpace + ratSteps, spiral.length - 1);
      const [rx, ry] = spiral[ratSpace];
      marks.push(rat(rx + 1, ry - 8.5, Q.t("rat_title", { n: ratSteps })));
    }
    if (exploded) {  // last round's explosion goes with its chips
      marks.push(svg("g", { class: "explodedmark", "data-marker": "exploded", role: "listitem", "aria-label": Q.t("status_exploded") },
        svg("path", { d: burst(0, 0, 11, 5, 11) }), svg("title", {}, Q.t("status_exploded"))));
    }
    return marks;
  }

  // The rat stone as a rat: body, head with ear and eye, a curled tail; nose to the right.
  function rat(x, y, title) {
    return svg("g", { class: "ratmark", "data-marker": "rat", role: "listitem", "aria-label": title, transform: `translate(${x} ${y}) scale(1.6)` },
      svg("path", { class: "rattail", d: "M-4.5 1 q-3 2 -4.5 -1 q-1 -2.5 1 -3" }),
      svg("ellipse", { class: "rat", cx: 0, cy: 0, rx: 4.6, ry: 2.9 }),
      svg("path", { class: "rat", d: "M3.2 -2 L8 0.6 L3.2 2.4 Z" }),
      svg("circle", { class: "ratear", cx: 3, cy: -2.6, r: 1.4 }),
      svg("circle", { class: "rateye", cx: 5, cy: -0.2, r: 0.55 }),
      svg("title", {}, title));
  }

  // A star-shaped burst: n points between radius inner and outer.
  function burst(cx, cy, outer, inner, n) {
    const pts = [];
    for (let i = 0; i < 2 * n; i++) {
      const r = i % 2 ? inner : outer, a = (Math.PI * i) / n - Math.PI / 2;
      pts.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    return "M" + pts.join(" L") + "Z";
  }

  // Small inline icons (SVG, so they draw on a Pi without an emoji font).
  const ICONS = {
    ruby: [["path", { d: "M3 6 L6 2 H14 L17 6 L10 18 Z", fill: "#e03c7a", stroke: "#fff", "stroke-width": 1 }],
           ["path", { d: "M3 6 H17 M7.5 6 L10 18 L12.5 6", fill: "none", stroke: "#fff8", "stroke-width": 0.8 }]],
    flask: [["path", { d: "M8 2 H12 V7 L16.5 16 Q17 18 15 18 H5 Q3 18 3.5 16 L8 7 Z", fill: "#59b7ff", stroke: "#fff", "stroke-width": 1.2 }]],
    flaskempty: [["path", { d: "M8 2 H12 V7 L16.5 16 Q17 18 15 18 H5 Q3 18 3.5 16 L8 7 Z", fill: "none", stroke: "#b9a993", "stroke-width": 1.2 }]],
    back: [["path", { d: "M15 5 A6.5 6.5 0 1 0 16 13", fill: "none", stroke: "currentColor", "stroke-width": 2 }],
           ["path", { d: "M15 1 V6 H10", fill: "none", stroke: "currentColor", "stroke-width": 2 }]],
    crown: [["path", { d: "M2 15 L3 5 L7.5 10 L10 3 L12.5 10 L17 5 L18 15 Z", fill: "#f0b43c", stroke: "#000", "stroke-width": 0.8 }]],
    star: [["path", { d: "M10 1.5 L12.6 7 L18.5 7.6 L14 11.6 L15.3 17.5 L10 14.5 L4.7 17.5 L6 11.6 L1.5 7.6 L7.4 7 Z", fill: "#f0b43c" }]],
    droplet: [["path", { d: "M10 2 Q4 9.5 4 13 A6 6 0 0 0 16 13 Q16 9.5 10 2 Z", fill: "#59b7ff", stroke: "#fff", "stroke-width": 1 }]],
    burst: [["path", { d: burst(10, 10, 9.5, 4.5, 9), fill: "#ff5a4e" }]],
  };
  function icon(name, title) {
    const root = svg("svg", { class: "icon icon-" + name, viewBox: "0 0 20 20", "aria-hidden": title ? "false" : "true",
                              role: title ? "img" : "presentation" });
    for (const [tag, attrs] of ICONS[name] || []) root.append(svg(tag, attrs));
    if (title) root.append(svg("title", {}, title));
    return root;
  }

  // The scoring track: 50 squares around a rectangle, a rat tail between t and t+1 for every
  // printed tail, and one marker per seat (the lap is shown when a score passes 50).
  function track(seats) {
    const lap = Q.BOARD.rat_tail_lap;
    const cols = 15, rows = lap / 2 - cols;   // 15 along the top and bottom, 10 down each side
    const s = 12, w = (cols + 1) * s, h = (rows + 1) * s;
    const pos = [];
    for (let i = 0; i < lap; i++) {
      if (i <= cols) pos.push([i * s, 0]);
      else if (i <= cols + rows) pos.push([w - s, (i - cols) * s]);
      else if (i <= 2 * cols + rows) pos.push([w - s - (i - cols - rows) * s, h]);
      else pos.push([0, h - (i - 2 * cols - rows) * s]);
    }
    const root = svg("svg", { class: "track", viewBox: `-8 -8 ${w + 8} ${h + 16}`, role: "img",
      "aria-label": Q.t("score_track", { scores: seats.map((seat) => `${seat.name} ${seat.score || 0}`).join(", ") }) });
    pos.forEach(([x, y], i) => {
      root.append(svg("rect", { class: "sq", x: x - s / 2 + 0.6, y: y - s / 2 + 0.6, width: s - 1.2, height: s - 1.2, rx: 1.5 }));
      root.append(svg("text", { class: "num", x, y }, i));
    });
    for (const tail of Q.BOARD.rat_tails) {
      const [x1, y1] = pos[tail % lap], [x2, y2] = pos[(tail + 1) % lap];
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
      const d = x1 === x2 ? `M${mx - 4} ${my} q2 -2 4 0 q2 2 4 0` : `M${mx} ${my - 4} q2 2 0 4 q-2 2 0 4`;
      root.append(svg("path", { class: "tail", "data-tail": tail, d }));
    }
    // Each seat's marker is its symbol, big enough to read across the table (about 16 units: 24 px and
    // more on a tablet), inside the ring next to its square with a stroke to it; markers that would
    // touch move further in. A score past 50 shows "50+" on the marker (the track's lap).
    const cx0 = (w - s) / 2, cy0 = h / 2, D = 20;
    const placed = [];
    seats.map((seat, k) => [seat, k]).sort((a, b) => (a[0].score || 0) - (b[0].score || 0)).forEach(([seat, k]) => {
      const score = seat.score || 0;
      const [x, y] = pos[((score % lap) + lap) % lap];
      const len = Math.hypot(cx0 - x, cy0 - y) || 1;
      const [ux, uy] = [(cx0 - x) / len, (cy0 - y) / len];
      const along = D / Math.max(Math.abs(ux), Math.abs(uy));  // a whole marker's width, across or down
      let step = 0, mx, my;
      do {
        mx = x + ux * (s * 0.9 + along * step); my = y + uy * (s * 0.9 + along * step); step++;
      } while (placed.some(([px, py]) => Math.max(Math.abs(px - mx), Math.abs(py - my)) < D - 0.5) && step < 8);
      placed.push([mx, my]);
      const color = seatMark(k).color;
      const laps = Math.floor(score / lap);
      root.append(svg("g", { "data-seat-marker": k, "data-score": score, "data-laps": laps },
        svg("line", { class: "tether", x1: x, y1: y, x2: mx, y2: my, stroke: color }),
        symbol(k, mx, my, (D / 2 - 0.3) / 1.2, { class: "marker" + (laps ? " lapped" : "") }),  // a symbol reaches 1.2 out
        svg("text", { class: "mlabel", x: mx, y: my - (laps ? 1.6 : 0) }, (seat.name || "?").slice(0, 1).toUpperCase()),
        laps ? svg("text", { class: "mlap", x: mx, y: my + 3.6 }, `${laps * lap}+`) : null,
        svg("title", {}, `${seat.name}: ${score}`)));
    });
    return root;
  }

  function seatMark(k) { return SEATS[k % SEATS.length]; }

  // A seat's symbol at (x, y), r across half-way, in its colour.
  function symbol(k, x, y, r, attrs, ...children) {
    const mark = seatMark(k);
    return svg("path", { class: "mark", "data-symbol": mark.symbol, d: mark.path, fill: mark.color,
                         transform: `translate(${x} ${y}) scale(${r})`, ...attrs }, ...children);
  }

  // Beside a name: the seat's symbol in its colour.
  function seatDot(k) {
    return svg("svg", { class: "seatdot", viewBox: "-1.3 -1.3 2.6 2.6", "aria-hidden": "true" }, symbol(k, 0, 0, 1));
  }

  return { pot, emptyPot, drawPot, track, seatDot, seatMark, symbol, icon };
})();
