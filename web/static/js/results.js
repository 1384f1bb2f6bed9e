// The end of the game, for the phones and the table: ranking, one seat's score in parts, and
// every player's score by round as a small inline SVG chart (no chart library, no CDN).
"use strict";
const Results = (() => {
  const { el, t } = Q;
  const NS = "http://www.w3.org/2000/svg";

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    return node;
  }

  // Seats best first: by score, then the winners of a tie (further pot) ahead of the others.
  function ranked(view) {
    const winners = new Set(view.winners || []);
    return (view.seats || []).map((s, k) => ({ ...s, k, won: winners.has(k) }))
      .sort((a, b) => b.score - a.score || Number(b.won) - Number(a.won) || a.k - b.k);
  }

  function ranking(view) {
    let place = 0, last = null;
    return ranked(view).map((s, i) => {
      if (last === null || s.score !== last.score || s.won !== last.won) place = i + 1;
      last = s;
      return el("li", { "data-rank": place, "data-seat": s.k, class: s.won ? "won" : "" },
        el("span", { class: "place" }, `${place}.`), Board.seatDot(s.k), " ",
        el("b", {}, s.name), s.won ? [" ", Board.icon("crown", t("winner"))] : null,
        el("span", { class: "pts" }, t("points", { n: s.score })));
    });
  }

  // What a final score is made of: the rounds, then the leftover coins and rubies converted, and
  // on the exchange stand's brown side the chips' value divided, with The Herb Witches the unspent pennies.
  function partsOf(seat) {
    const fin = seat.final_points || {};
    return [["from_rounds", (seat.round_scores || []).slice(-1)[0] ?? seat.score], ["from_coins", fin.coins || 0],
      ["from_rubies", fin.rubies || 0], ...("stand" in fin ? [["from_stand", fin.stand]] : []),
      ...("pennies" in fin ? [["from_pennies", fin.pennies]] : []), ["final_score", seat.score]];
  }

  function breakdown(seat) {
    return partsOf(seat).map(([k, n]) => el("div", { "data-part": k }, el("b", {}, n), el("span", {}, t(k))));
  }

  // Every seat's parts side by side, best first: for the table screen's results.
  function parts(view) {
    const rows = ranked(view);
    return el("table", { class: "list parts" },
      el("tr", {}, el("th", {}, t("player")), (rows.length ? partsOf(rows[0]) : []).map(([k]) => el("th", {}, t(k)))),
      rows.map((s) => el("tr", { "data-seat": s.k }, el("td", {}, Board.seatDot(s.k), " ", s.name),
        partsOf(s).map(([, n]) => el("td", {}, n)))));
  }

  // Score after each round, then the final score (coins and rubies converted) as the last point:
  // each point marked by the seat's symbol and each line named at its end, so no line is told
  // from another by colour alone; a screen reader hears every score.
  function chart(view) {
    const seats = view.seats || [];
    const series = seats.map((s) => [0, ...(s.round_scores || []), s.score]);
    const steps = Math.max(2, ...series.map((p) => p.length));
    const top = Math.max(10, ...series.flat());
    const W = 360, H = 180, L = 28, B = 20, R = 66, T = 8;
    const x = (i) => L + (i * (W - L - R)) / (steps - 1);
    const y = (v) => H - B - (v * (H - B - T)) / top;
    const said = seats.map((s, k) => `${s.name}: ${series[k].join(", ")}`).join("; ");
    const root = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${t("score_by_round")}: ${said}` });
    const grid = Math.max(5, Math.ceil(top / 5 / 5) * 5);
    for (let v = 0; v <= top; v += grid) {
      root.append(svg("line", { class: "grid", x1: L, x2: W - R, y1: y(v), y2: y(v) }),
                  svg("text", { class: "axis", x: L - 4, y: y(v), "text-anchor": "end" }, v));
    }
    for (let i = 1; i < steps; i++) {
      const label = i === steps - 1 ? t("end_short") : i;
      root.append(svg("text", { class: "axis", x: x(i), y: H - 6, "text-anchor": "middle" }, label));
    }
    const labelY = apart(series.map((p) => y(p[p.length - 1])), 11);
    series.forEach((points, k) => {
      const d = points.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join(" ");
      const g = svg("g", { "data-series": k, "data-symbol": Board.seatMark(k).symbol },
        svg("path", { d, stroke: Board.seatMark(k).color, class: "line" }));
      points.forEach((v, i) => g.append(Board.symbol(k, x(i), y(v), 3.4, {}, svg("title", {}, `${seats[k].name}: ${v}`))));
      g.append(svg("text", { class: "endlabel", x: x(points.length - 1) + 7, y: labelY[k], "dominant-baseline": "central" },
        seats[k].name.slice(0, 10)));
      root.append(g);
    });
    const legend = el("div", { class: "legend" }, seats.map((s, k) => el("span", {}, Board.seatDot(k), " ", s.name)));
    return el("div", { class: "chartbox" }, root, legend);
  }

  // Heights near `ys` with at least `gap` between any two: names whose lines end on one score.
  function apart(ys, gap) {
    const placed = [];
    let last = -Infinity;
    ys.map((v, k) => [v, k]).sort((a, b) => a[0] - b[0]).forEach(([v, k]) => { placed[k] = last = Math.max(v, last + gap); });
    return placed;
  }

  return { ranking, breakdown, parts, chart };
})();
