// The round replay: one seat's round from the journal, stepped input by input. Step 0 is the
// pot as the round began; each further step shows the pot after that input and why it moved.
"use strict";
(() => {
  const { el, t, fill } = Q;
  let replay = null;
  let at = 0;

  const time = (iso) => (iso ? new Date(iso).toLocaleTimeString(document.documentElement.lang) : "");
  const params = new URLSearchParams(location.search);

  // The pot to show at step k: the last state an input left behind (voided reads change nothing).
  function potAt(k) {
    for (let i = k; i >= 1; i--) if (replay.steps[i - 1].after) return replay.steps[i - 1].after;
    return replay.start;
  }

  // A space as printed: its number is its coins; the victory points and a ruby beside it.
  function spaceText(p) {
    const bits = [];
    if (p.vp) bits.push(`${p.vp} ${t("vp")}`);
    if (p.ruby) bits.push("♦");
    return `${t("space")} ${p.printed}` + (bits.length ? ` (${bits.join(" · ")})` : "") +
      (p.extra ? ` · ${t("replay_extra", { n: p.extra })}` : "");
  }

  function chipOf(id) {
    const [color, value] = (id || "").split("-");
    return color && value ? Q.chip(color, value) : null;
  }

  // What the input was, in the page's words.
  function headline(s) {
    const a = s.action || {};
    const what = t("kind_" + (a.kind || "refused"));
    if (s.placed) return [chipOf(s.placed.chip), " → ", spaceText(s.placed)];
    if (a.chip) return [what, " ", chipOf(a.chip)];
    if (a.color) return [what, " ", Q.chip(a.color, a.value)];
    if (a.what) return [t("spend_" + a.what)];
    return [what];
  }

  function origin(s) {
    if (s.manual) return t("replay_manual");
    if (s.read && s.read.reader) return t("replay_read", { reader: s.read.reader, uid: s.read.uid || "" });
    return s.source;
  }

  function label(s) {
    return { voided: t("replay_voided"), moved: t("replay_moved") }[s.kind] || "";
  }

  function info(k) {
    const pot = potAt(k);
    const whites = el("div", { class: "whites" + (pot.white_total > pot.threshold ? " bad" : "") },
      `${t("whites")}: ${pot.white_total} / ${pot.threshold}`,
      // a seat keeps last round's status until the next potion phase: an empty pot has not exploded
      pot.status === "exploded" && pot.pot.length > 0 ? ` · ${t("status_exploded")}` : "");
    if (k === 0) return [el("h2", {}, t("replay_start", { round: replay.round })), whites,
      el("div", { class: "muted" }, `${t("droplet")}: ${t("space")} ${Q.BOARD.track[replay.start.start_space].coins}` + (replay.start.rat ? ` · ${t("rat")} +${replay.start.rat}` : ""))];
    const s = replay.steps[k - 1];
    return [
      el("div", { class: "muted", "data-step-meta": "" }, s.seq !== null ? `#${s.seq} · ` : "", time(s.at), " · ", origin(s),
        s.line ? ` · ${t("replay_line", { n: s.line })}` : ""),
      label(s) ? el("div", { class: "bad big" }, label(s)) : null,
      el("h2", { class: "headline" }, headline(s)),
      whites,
      el("ul", { class: "why" }, s.lines.map((line) => el("li", {}, line))),
      s.corrections.length ? el("ul", { class: "fixes" }, s.corrections.map((c) => el("li", { class: c.counts ? "bad" : "muted" },
        `${c.text} · ${c.source || ""} ${time(c.at)}`.trim()))) : null,
    ];
  }

  function show(k) {
    at = Math.max(0, Math.min(k, replay.steps.length));
    const pot = Board.pot(potAt(at));
    const s = at ? replay.steps[at - 1] : null;
    if (s && s.placed) {
      const g = pot.querySelector(`[data-space="${s.placed.space}"]`);
      if (g) g.classList.add("justplaced");
    }
    fill("replaypot", pot);
    fill("stepinfo", info(at));
    fill("stepno", at ? t("replay_step", { k: at, n: replay.steps.length }) : t("replay_begin"));
    document.getElementById("prev").disabled = at === 0;
    document.getElementById("next").disabled = at === replay.steps.length;
    document.querySelectorAll("#steps li").forEach((li, i) => li.classList.toggle("current", i + 1 === at));
    document.body.dataset.step = at;
  }

  function list() {
    fill("steps", replay.steps.map((s, i) => el("li", { class: s.kind, "data-step": i + 1, onclick: () => show(i + 1) },
      el("span", { class: "muted" }, time(s.at)), " ", headline(s), label(s) ? el("b", { class: "bad" }, ` ${label(s)}`) : null)));
  }

  // The round and seat pickers, from the game's own players and the rounds it reached.
  function pickers(query) {
    fill("rround", Array.from({ length: replay.rounds }, (_, i) =>
      el("option", { value: i + 1, selected: i + 1 === replay.round }, i + 1)));
    fill("rseat", replay.players.map((name, k) => el("option", { value: k, selected: k === replay.seat }, name)));
    query.set("round", replay.round);
    query.set("seat", replay.seat);
    document.getElementById("cardlink").href = Q.page.cardUrl + "?" + query;
  }

  async function load() {
    const query = new URLSearchParams({ game: Q.page.game });
    for (const key of ["round", "seat"]) if (params.get(key)) query.set(key, params.get(key));
    const response = await fetch(Q.page.replayUrl + "?" + query, { credentials: "same-origin" });
    const data = await response.json();
    if (!response.ok) { Q.toast(data.message); return; }
    replay = data;
    fill("title", `${t("replay")} · ${t("round")} ${replay.round} · ${replay.players[replay.seat]}`);
    pickers(query);
    list();
    // ?seq= opens the replay at that journal entry (the host's timeline links here).
    const seq = Number(params.get("seq"));
    show(seq ? replay.steps.findIndex((s) => s.seq === seq) + 1 : 0);
  }

  document.getElementById("prev").addEventListener("click", () => show(at - 1));
  document.getElementById("next").addEventListener("click", () => show(at + 1));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(at + 1);
    if (e.key === "ArrowLeft") show(at - 1);
  });
  load();
})();
