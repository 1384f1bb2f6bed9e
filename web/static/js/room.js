// The room screen: every live table and this evening's tournament round, redrawn from the
// league's stream at every change. Names and scores only; built from text nodes, never HTML.
(() => {
  "use strict";
  const words = JSON.parse(document.getElementById("words").textContent);
  const say = (key, params) => Object.entries(params || {}).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, v), words[key]);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
    return node;
  }

  function table(t) {
    const status = (s) => (t.finished ? (s.winner ? "winner" : "") : s.status);
    return el("article", { class: `live${t.finished ? " over" : ""}`, "data-table": t.table },
      el("h2", {}, t.table, el("small", {}, t.finished ? words.over
        : say("round", { n: t.round }) + (t.phase !== "brewing" && words.phases[t.phase] ? ` · ${words.phases[t.phase]}` : ""))),
      el("ol", {}, t.seats.map((s) => el("li", {},
        el("span", { class: "name" }, s.name),
        el("span", { class: "score" }, s.score),
        status(s) ? el("span", { class: `status ${status(s)}` }, words[status(s)]) : el("span", {})))));
  }

  function seating(round) {
    return [el("h2", {}, say("tournament", { name: round.tournament, n: round.round, rounds: round.rounds })),
      el("div", { class: "pods" }, round.pods.map((p) => el("div", { class: "pod" },
        el("h3", {}, say("table", { n: p.pod })),
        el("ol", {}, p.players.map((name, k) => el("li", {}, name, p.scores ? ` ${p.scores[k]}` : ""))))))];
  }

  function render(room) {
    const tables = document.getElementById("tables");
    tables.replaceChildren(...(room.tables.length ? room.tables.map(table) : [el("p", { class: "empty" }, words.waiting)]));
    const aside = document.getElementById("seating");
    aside.classList.toggle("hidden", !room.seating);
    aside.replaceChildren(...(room.seating ? seating(room.seating) : []));
  }

  render(JSON.parse(document.getElementById("room").textContent));
  const offline = document.getElementById("offline");
  const stream = new EventSource("/room/stream");
  stream.onmessage = (e) => { offline.classList.add("hidden"); render(JSON.parse(e.data)); };
  stream.onerror = () => offline.classList.remove("hidden");  // EventSource reconnects by itself
})();
