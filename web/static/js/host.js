// The host's console: join codes and connections first, then the referee desk (host inputs,
// pause, the round replay, the anomalies log with its one-click fixes), the shared table board,
// the paged referee timeline and, folded away, the admin. Every fix is a request to the table;
// what it decides (or its reason for refusing) is shown as it comes back.
"use strict";
(() => {
  const { el, t, fill, post, page } = Q;
  let view = null;

  const seatName = (k) => (k === null || k === undefined ? "–" : (view.seats[k] || {}).name || t("seat_n", { n: k + 1 }));
  const time = (at) => new Date(at).toLocaleTimeString(document.documentElement.lang);
  const seatOptions = (chosen) => view.seats.map((s) => el("option", { value: s.seat, selected: s.seat === chosen }, s.name));

  // One correction: show what the table made of it, then let the stream redraw the page.
  async function correct(path, body) {
    const reply = await post("/api/host/" + path, body);
    fill("result", reply ? t("result_ok", { seq: reply.seq ?? "" }) : `${t("refused")}: ${Q.lastError}`);
    document.getElementById("result").className = reply ? "ok" : "bad";
    if (reply) loadTimeline();
    return reply;
  }

  // The anomalies, folded: per bag (or phone) and kind, in words, with a count and the chips; the
  // rows that still need an answer carry the fixes the table would take now (the server checked each).
  function anomalyGroup(g) {
    return el("div", { class: "anomalygroup" + (g.open.length ? " open" : ""), "data-code": g.code },
      el("div", {}, el("b", {}, g.who), ": ", g.what, el("span", { class: "muted" }, ` ×${g.count}`),
        g.chips.length ? [" ", el("span", { class: "muted" }, g.chips.join(", "))] : null),
      g.open.map((row) => el("div", { class: "row", "data-anomaly": row.id },
        el("span", { class: "muted" }, time(row.at)), row.chip ? el("span", {}, row.chip) : null,
        row.fixes.map((f) => el("button", { class: f.fix === "not_drawn" ? "small" : "small primary", "data-fix": f.fix,
          onclick: () => fix(row.id, f) }, f.label)))));
  }

  function fix(anomaly, f) {
    if (f.fix === "assign") return correct("assign", { anomaly, seat: f.seat });
    return correct("held", { anomaly, drawn: f.fix === "drawn" });
  }

  function renderAnomalies(host) {
    const found = host.anomaly_groups || { groups: [], open: 0, total: 0 };
    Q.fillFrom("anomalysummary", [found.open, found.total], () => t("anomalies_summary", { n: found.open, total: found.total }));
    const box = document.getElementById("anomalybox");
    box.classList.toggle("asks", found.open > 0);
    if (found.open > 0 && !box.dataset.opened) { box.open = true; box.dataset.opened = "1"; }
    Q.fillFrom("anomalygroups", found.groups, () => found.groups.length ? found.groups.map(anomalyGroup) : el("p", { class: "muted" }, t("no_anomalies")));
    const names = view.seats.map((s) => [s.seat, s.name]);
    Q.fillFrom("voidlast", names, () => view.seats.map((s) => el("button", { "data-void-last": s.seat,
      onclick: () => correct("void-last", { seat: s.seat }) }, s.name)));
    const seatSel = document.getElementById("manualseat");
    const keep = seatSel.value === "" ? 0 : Number(seatSel.value);
    Q.fillFrom(seatSel, [names, keep], () => seatOptions(keep));
    bagChoices();
  }

  // The bags that still expect chips back, each with the host's one tap: "all in the bag".
  function renderBags(host) {
    Q.fillFrom("bags", host.seats.map((s) => [s.seat, s.name, s.to_go_back]), () => host.seats.filter((s) => s.to_go_back).map((s) => el("span", { class: "row togoback", "data-bag": s.seat },
      Board.seatDot(s.seat), " ", t("bag_to_go_back", { name: s.name, n: s.to_go_back }),
      el("button", { class: "small", "data-settle": s.seat, onclick: () => correct("settle", { seat: s.seat }) }, t("all_in")))));
  }

  function bagChoices() {
    const seat = view.seats[Number(document.getElementById("manualseat").value || 0)];
    const kinds = Object.entries((seat && seat.bag && seat.bag.chips) || {});
    Q.fillFrom("manualchip", kinds, () => kinds.map(([kind, n]) => {
      const [color, value] = kind.split("-");
      return el("option", { value: kind }, `${Q.chipName(color, value)} ×${n}`);
    }));
    document.getElementById("manualgo").disabled = !kinds.length;
  }

  // Phones beside the join codes; readers under admin, with a line on the desk while one is offline or failed.
  // The codes fold away once every seat's phone has joined (the links stay the same from game to game).
  function renderConnections(host) {
    const join = document.getElementById("join");
    if (!join.dataset.folded && host.seats.length && host.seats.every((s) => s.phones)) {
      join.open = false;
      join.dataset.folded = "1";
    }
    Q.fillFrom("connections", host.seats.map((s) => [s.seat, s.name, s.phones]), () => [
      el("tr", {}, el("th", {}, t("seat")), el("th", {}, t("phone_status"))),
      host.seats.map((s) => el("tr", { "data-seat": s.seat },
        el("td", {}, Board.seatDot(s.seat), " ", s.name),
        el("td", { class: s.phones ? "ok" : "bad" }, s.phones ? `${t("connected")} (${s.phones})` : t("disconnected"))))]);
    const link = (r) => [`${r.reader}: ${t("link_" + r.state)}`, r.detail ? el("span", { class: "muted" }, ` (${r.detail})`) : null];
    const readers = host.seats.map((s) => [s.name, s.readers]);
    Q.fillFrom("readers", readers, () => [
      el("tr", {}, el("th", {}, t("seat")), el("th", {}, t("reader_status"))),
      host.seats.map((s) => el("tr", { "data-seat": s.seat }, el("td", {}, s.name),
        el("td", {}, s.readers.length ? s.readers.map((r) => el("div", { "data-reader": r.reader, class: r.state === "online" ? "ok" : "bad" },
          link(r))) : "–")))]);
    const offline = host.seats.flatMap((s) => s.readers.filter((r) => r.state === "offline" || r.state === "failed").map((r) =>
      el("li", { "data-reader-alert": r.reader }, `${s.name}: `, link(r))));
    Q.fillFrom("readeralert", readers, () => offline);
    document.getElementById("readeralert").classList.toggle("hidden", !offline.length);
  }

  // The referee timeline, a page at a time, filtered by round, seat and kind; refetched after
  // every change. tlPage null follows the newest rows (a whole page); paging back holds a page still.
  let tlPage = null;
  async function loadTimeline() {
    const params = new URLSearchParams();
    for (const [key, id] of [["round", "tlround"], ["seat", "tlseat"], ["kind", "tlkind"]]) {
      const value = document.getElementById(id).value;
      if (value !== "") params.set(key, value);
    }
    if (tlPage !== null) params.set("page", tlPage);
    const response = await fetch(page.timelineUrl + "?" + params, { credentials: "same-origin" });
    if (!response.ok) { tlPage = null; return; }
    const data = await response.json();
    const printed = (space) => (space === null || space === undefined ? "" : Q.BOARD.track[space].coins);
    Q.fillFrom("timeline", [data.rows, view.seats.map((x) => x.name)], () => [el("tr", {}, ["#", "time", "round", "source", "seat", "what", "space", "fix"].map((k) => el("th", {}, t(k)))),
      data.rows.map((r) => el("tr", { "data-seq": r.seq ?? "", "data-kind": r.kind, class: r.counts || r.kind !== "input" ? "" : "voided" },
        el("td", {}, r.seq ?? ""), el("td", {}, time(r.at)), el("td", {}, replayLink(r)), el("td", {}, r.by || r.source),
        el("td", {}, seatName(r.seat)), el("td", {}, r.text, r.note ? el("div", { class: "muted" }, r.note) : null),
        el("td", {}, printed(r.space)),
        el("td", {}, r.counts ? el("button", { "data-void": r.seq, onclick: () => correct("void", { seq: r.seq }) }, t("void")) : null,
          r.counts && r.what === "fortune" ? cardChange(r.seq, r.card) : null)))]);
    fill("tlpage", t("page_n", { page: data.page, pages: data.pages, total: data.total }));
    document.getElementById("tlprev").disabled = data.page <= 1;
    document.getElementById("tlnext").disabled = data.page >= data.pages;
    Object.assign(document.getElementById("timelinebox").dataset, { page: data.page, pages: data.pages });
  }

  // The round's card entered by mistake: the host picks the card that was turned up (the list
  // starts at the card entered).
  function cardChange(seq, entered) {
    const cards = JSON.parse(document.getElementById("cards").textContent).cards;
    const pick = el("select", { "aria-label": t("change_card") }, cards.map((c) => el("option", { value: c.id }, c.name)));
    if (entered) pick.value = entered;
    return el("span", { class: "row" }, pick, el("button", { "data-card-change": seq,
      onclick: () => correct("change-card", { seq, card: pick.value }) }, t("change_card")));
  }

  // A row of a seat opens the round replay at that entry, for a dispute about it.
  function replayLink(r) {
    if (r.seat === null || r.seat === undefined) return r.round;
    const query = new URLSearchParams({ round: r.round, seat: r.seat });
    if (r.seq !== null) query.set("seq", r.seq);
    return el("a", { href: "/replay?" + query, target: "_blank", rel: "noopener", "data-replay": r.seq ?? "" }, r.round);
  }

  function turnPage(delta) {
    const box = document.getElementById("timelinebox");
    const next = Number(box.dataset.page || 1) + delta;
    tlPage = next < Number(box.dataset.pages || 1) ? next : null;  // the newest page: followed live, a whole page
    loadTimeline();
  }

  function filters() {
    const rounds = document.getElementById("tlround"), seats = document.getElementById("tlseat");
    const [r, s] = [rounds.value, seats.value];
    const roundOptions = (chosen) => Array.from({ length: view.round || 1 }, (_, i) =>
      el("option", { value: i + 1, selected: String(i + 1) === chosen }, `${t("round")} ${i + 1}`));
    Q.fillFrom(rounds, [view.round, r], () => [el("option", { value: "" }, t("all_rounds")), roundOptions(r)]);
    Q.fillFrom(seats, [view.seats.map((x) => x.name), s], () => [el("option", { value: "" }, t("all_seats")),
      view.seats.map((x) => el("option", { value: x.seat, selected: String(x.seat) === s }, x.name))]);
    const replayRound = document.getElementById("replayround");
    const keep = replayRound.value || String(view.round || 1);
    Q.fillFrom(replayRound, [view.round, keep], () => roundOptions(keep));
  }

  // Tag enrolment: the mode, each answer of the registry, and tagged chips against the box.
  function renderTags(tags) {
    const box = document.getElementById("tags");  // absent in the demo: its stickers are simulated
    if (!box) return;
    box.classList.toggle("hidden", !tags);
    if (!tags) return;
    const on = tags.enrolling;
    fill("enrolstate", on ? t("enrolling", { chip: Q.chipName(on.color, on.value) }) : t("not_enrolling"));
    document.getElementById("enrolstop").disabled = !on;
    fill("enrolled", tags.messages.map((m) => el("li", { class: m.includes("already") ? "bad" : "ok" }, m)));
    fill("tagcounts", tags.counts.map((k) => el("span", { "data-kind": `${k.color}-${k.value}`, class: k.tagged === k.box ? "ok" : "muted" },
      Q.chip(k.color, k.value), ` ${k.tagged}/${k.box}`)));
  }

  async function importTags(input) {
    const file = input.files[0];
    if (!file) return;
    const reply = await post("/api/host/tags/import", { csv: await file.text() });
    fill("result", reply ? t("imported", { n: reply.imported }) : `${t("refused")}: ${Q.lastError}`);
    input.value = "";
  }

  // The new-game form, offered once the game is over; the engine checks what is chosen.
  let formShown = false, newForm = null;
  function renderNewGame(form) {
    document.getElementById("newgame").classList.toggle("hidden", !form.allowed);
    if (!form.allowed || formShown) return;
    formShown = true;
    newForm = form;
    fill("newseats", [0, 1, 2, 3, 4].map((k) => el("div", { class: "row", "data-new-seat": k },
      el("label", {}, `${t("seat_n", { n: k + 1 })} `, el("input", { class: "newname", maxlength: 40, value: form.players[k] || "", "aria-label": t("name") })),
      el("label", {}, `${t("reader")} `, el("select", { class: "newreader" }, el("option", { value: "" }, "–"),
        form.readers.map((r, i) => el("option", { value: r, selected: i === k }, r)))),
      form.league ? leagueCode(form, k) : null)));
    fill("newstart", [0, 1, 2, 3, 4].map((k) => el("option", { value: k }, t("seat_n", { n: k + 1 }))));
    // Each colour: the sets the engine plays, or one dealt at random when the game is created;
    // black: its base book (0) or The Herb Witches' sets, which the server refuses without that box.
    // Locoweed's "–" leaves the first book of the boxes in play.
    const label = (n) => (n === form.random ? t("book_random") : n === form.base ? t("book_base") : n === "" ? "–" : n);
    fill("newbooks", form.colors.map((c) => el("label", {}, `${Q.S.colors[c] || c} `,
      el("select", { "data-book": c }, [...(c === "locoweed" ? [""] : []), ...form.sets[c], form.random].map((n) => el("option",
        { value: n, selected: n === (form.books[c] ?? (c === "locoweed" ? "" : form.base)) }, label(n)))))));
    fill("newedition", form.editions.map((e) => el("option", { value: e.id, selected: e.id === form.edition }, e.name)));
    document.getElementById("newtubes").checked = form.tubes;
    document.querySelectorAll("[data-expansion]").forEach((box) => {
      box.checked = form.expansions.includes(box.dataset.expansion);
      box.addEventListener("change", expansionChoices);
    });
    document.getElementById("newstand").value = form.stand;
    fill("newwitches", form.witch_types.map((kind) => el("label", {}, `${t("witches")} (${kind.metal}) `,
      el("select", { "data-witch-type": kind.type }, el("option", { value: "" }, t("book_random")),
        kind.witches.map((w) => el("option", { value: w.id, selected: form.witches.includes(w.id) }, w.name))))));
    expansionChoices();
  }

  // A table in a league: the player's code (one person across tables), typed, or a fresh one to keep.
  function leagueCode(form, k) {
    const input = el("input", { class: "newcode", maxlength: 8, size: 8, value: form.codes[k] || "", "aria-label": t("league_code") });
    const fresh = el("button", { class: "small", type: "button" }, t("league_new_code"));
    fresh.addEventListener("click", () => { input.value = form.fresh_codes[k]; });
    return el("label", {}, `${t("league_code")} `, input, fresh);
  }

  // The witches' and the stand's choices only with their expansion ticked.
  function expansionChoices() {
    const on = (name) => document.querySelector(`[data-expansion="${name}"]`).checked;
    document.getElementById("newwitches").classList.toggle("hidden", !on("witches"));
    document.getElementById("standchoice").classList.toggle("hidden", !on("exchange"));
  }

  async function createGame() {
    const rows = [...document.querySelectorAll("[data-new-seat]")]
      .map((row) => ({ name: row.querySelector(".newname").value.trim(), reader: row.querySelector(".newreader").value,
        code: row.querySelector(".newcode") ? row.querySelector(".newcode").value.trim() : "" }))
      .filter((row) => row.name);
    const readers = {};
    rows.forEach((row, seat) => { if (row.reader) readers[row.reader] = seat; });
    const books = {};
    const expansions = [...document.querySelectorAll("[data-expansion]:checked")].map((box) => box.dataset.expansion);
    const locoweed = newForm.locoweed_boxes.some((box) => expansions.includes(box));  // its book only with its boxes
    document.querySelectorAll("[data-book]").forEach((s) => {
      if (s.dataset.book === "locoweed" && (!locoweed || !s.value)) return;
      books[s.dataset.book] = /^\d+$/.test(s.value) ? Number(s.value) : s.value;
    });
    const reply = await post("/api/host/game", { players: rows.map((r) => r.name), codes: rows.map((r) => r.code), readers, books,
      edition: document.getElementById("newedition").value,
      start_player: Number(document.getElementById("newstart").value),
      tubes: document.getElementById("newtubes").checked,
      expansions,
      stand: document.getElementById("newstand").value,
      witches: [...document.querySelectorAll("[data-witch-type]")].map((s) => s.value).filter(Boolean) });
    if (reply) location.reload();
    else fill("result", `${t("refused")}: ${Q.lastError}`);
  }

  function render(next) {
    view = next;
    TableView.render(view);
    const host = view.host || { seats: [], anomalies: [] };
    const pause = document.getElementById("pause");
    pause.dataset.paused = view.paused ? "true" : "false";
    Q.fillFrom(pause, view.paused, () => (view.paused ? t("resume") : t("pause")));
    document.getElementById("pausenote").classList.toggle("hidden", !view.paused);
    const pins = host.pins || { locked: [] };
    const warning = document.getElementById("pinwarning");
    warning.classList.toggle("hidden", !pins.locked.length && !pins.all_locked);
    Q.fillFrom(warning, pins, () => `${t("pin_warning")} ${pins.wrong_tries}: ${pins.all_locked ? t("pin_all_locked") : pins.locked.join(", ")}`);
    const storage = document.getElementById("storagewarning");
    storage.classList.toggle("hidden", !host.storage);
    Q.fillFrom(storage, host.storage, () => (host.storage ? `${t("storage_warning")} ${host.storage}` : ""));
    if (host.assist) document.getElementById("assist").value = host.assist;
    if (host.stir) document.getElementById("stirsetting").value = host.stir;
    renderConnections(host);
    renderBags(host);
    renderAnomalies(host);
    renderTags(host.tags);
    if (host.new_game) renderNewGame(host.new_game);
    filters();
    timelineSoon();
  }

  // The stream's views bring the timeline up to date once a second at most: a burst of inputs
  // (a round's last draws, the chips poured back) costs the server one page of the timeline, not
  // one per input, while a phone's tap is served. A correction refetches it at once.
  let timelineDue = null;
  function timelineSoon() {
    if (!document.getElementById("timeline").childElementCount) return loadTimeline();  // the page's first
    if (timelineDue === null) timelineDue = setTimeout(() => { timelineDue = null; loadTimeline(); }, 1000);
  }

  document.getElementById("pause").addEventListener("click", (e) =>
    correct("pause", { paused: e.currentTarget.dataset.paused !== "true" }));
  document.getElementById("create").addEventListener("click", createGame);
  document.getElementById("logout").addEventListener("click", async () => {
    if (await post("/api/host/logout", {})) location.href = "/host";
  });
  document.getElementById("assist").addEventListener("change", (e) => post("/api/host/assist", { level: e.currentTarget.value }));
  document.getElementById("stirsetting").addEventListener("change", (e) => post("/api/host/stir", { stir: e.currentTarget.value }));
  document.getElementById("manualseat").addEventListener("change", bagChoices);
  document.getElementById("manualgo").addEventListener("click", () => correct("manual-draw",
    { seat: Number(document.getElementById("manualseat").value), chip: document.getElementById("manualchip").value }));
  if (document.getElementById("tags")) {
    document.getElementById("enrolstart").addEventListener("click", () => post("/api/host/tags/enrol", {
      color: document.getElementById("enrolcolor").value, value: Number(document.getElementById("enrolvalue").value) }));
    document.getElementById("enrolstop").addEventListener("click", () => post("/api/host/tags/stop", {}));
    document.getElementById("tagsimport").addEventListener("change", (e) => importTags(e.currentTarget));
  }
  for (const id of ["tlround", "tlseat", "tlkind"]) document.getElementById(id).addEventListener("change", () => { tlPage = null; loadTimeline(); });
  document.getElementById("tlprev").addEventListener("click", () => turnPage(-1));
  document.getElementById("tlnext").addEventListener("click", () => turnPage(1));
  Q.connect(page.streamUrl, render);
  // A lost phone: that seat gets a new link and QR code, the old link stops working.
  // A new link locks the old one out: ask first, so a stray tap on the join card costs nothing.
  document.querySelectorAll("[data-reissue]").forEach((button) => button.addEventListener("click", () => {
    if (!window.confirm(t("reissue_confirm", { name: button.dataset.name }))) return;
    post(page.reissueUrl, { seat: Number(button.dataset.reissue) }).then((reply) => { if (reply && reply.ok) location.reload(); });
  }));
})();
