// The host's console: host inputs, pause, the anomalies log with its one-click fixes, the
// referee timeline, connections per seat, over the shared table board. Every fix is a request
// to the table; what it decides (or its reason for refusing) is shown as it comes back.
"use strict";
(() => {
  const { el, t, fill, post, page } = Q;
  let view = null;

  const seatName = (k) => (k === null || k === undefined ? "–" : (view.seats[k] || {}).name || t("seat_n", { n: k + 1 }));
  const time = (at) => new Date(at).toLocaleTimeString();
  const seatOptions = (chosen) => view.seats.map((s) => el("option", { value: s.seat, selected: s.seat === chosen }, s.name));

  // One correction: show what the table made of it, then let the stream redraw the page.
  async function correct(path, body) {
    const reply = await post("/api/host/" + path, body);
    fill("result", reply ? t("result_ok", { seq: reply.seq ?? "" }) : `${t("refused")}: ${Q.lastError}`);
    document.getElementById("result").className = reply ? "ok" : "bad";
    if (reply) loadTimeline();
    return reply;
  }

  function anomalyRow(a) {
    const seat = el("select", { "aria-label": t("seat") }, seatOptions(a.seat ?? 0));
    const fixes = a.resolved_by ? el("span", { class: "ok" }, t("settled", { seq: a.resolved_by })) : el("span", { class: "row" },
      a.read ? [seat, el("button", { "data-fix": "assign", onclick: () => correct("assign", { anomaly: a.id, seat: Number(seat.value) }) }, t("assign"))] : null,
      a.seat !== null && a.chip ? el("button", { "data-fix": "manual", onclick: () => correct("manual-draw",
        { seat: Number(a.read ? seat.value : a.seat), chip: a.chip.split("-").slice(0, 2).join("-"), anomaly: a.id }) }, t("manual_draw")) : null);
    return el("tr", { "data-anomaly": a.id },
      el("td", {}, time(a.at)), el("td", {}, a.source), el("td", {}, seatName(a.seat)),
      el("td", {}, a.chip || ""), el("td", {}, el("b", {}, a.code), " ", a.reason, a.repeated ? el("b", {}, ` ${t("refused")} ${a.repeated}`) : null),
      el("td", {}, fixes));
  }

  // Older refusals a page at a time: the view carries only the newest ones.
  function olderRow(rows, total) {
    if (!rows.length || rows.length >= total) return null;
    return el("tr", { id: "olderanomalies" }, el("td", { colspan: 6 }, el("button", { onclick: async (e) => {
      const response = await fetch(`/api/host/anomalies?before=${rows[rows.length - 1].id}`, { credentials: "same-origin" });
      if (!response.ok) return;
      const older = rows.concat((await response.json()).anomalies);
      e.currentTarget.closest("tr").replaceWith(...older.slice(rows.length).map(anomalyRow), olderRow(older, total) || "");
    } }, `${t("older")} (${rows.length} / ${total})`)));
  }

  function renderAnomalies(host) {
    fill("anomalies", el("tr", {}, ["time", "source", "seat", "chip", "reason", "fix"].map((k) => el("th", {}, t(k)))),
      host.anomalies.length ? host.anomalies.map(anomalyRow) : el("tr", {}, el("td", { colspan: 6, class: "muted" }, t("no_anomalies"))),
      olderRow(host.anomalies, host.anomalies_total || 0));
    fill("voidlast", view.seats.map((s) => el("button", { "data-void-last": s.seat,
      onclick: () => correct("void-last", { seat: s.seat }) }, s.name)));
    const seatSel = document.getElementById("manualseat");
    const keep = seatSel.value === "" ? 0 : Number(seatSel.value);
    fill("manualseat", seatOptions(keep));
    bagChoices();
  }

  function bagChoices() {
    const seat = view.seats[Number(document.getElementById("manualseat").value || 0)];
    const kinds = Object.entries((seat && seat.bag && seat.bag.chips) || {});
    fill("manualchip", kinds.map(([kind, n]) => {
      const [color, value] = kind.split("-");
      return el("option", { value: kind }, `${Q.chipName(color, value)} ×${n}`);
    }));
    document.getElementById("manualgo").disabled = !kinds.length;
  }

  function renderConnections(host) {
    fill("connections",
      el("tr", {}, el("th", {}, t("seat")), el("th", {}, t("phone_status")), el("th", {}, t("reader_status"))),
      host.seats.map((s) => el("tr", { "data-seat": s.seat },
        el("td", {}, Board.seatDot(s.seat), " ", s.name),
        el("td", { class: s.phones ? "ok" : "bad" }, s.phones ? `${t("connected")} (${s.phones})` : t("disconnected")),
        el("td", {}, s.readers.length ? s.readers.map((r) => el("div", { "data-reader": r.reader, class: r.state === "online" ? "ok" : "bad" },
          `${r.reader}: ${t("link_" + r.state)}`, r.detail ? el("span", { class: "muted" }, ` (${r.detail})`) : null)) : "–"))));
  }

  // The referee timeline, filtered by round and seat; refetched after every change.
  async function loadTimeline() {
    const params = new URLSearchParams();
    for (const [key, id] of [["round", "tlround"], ["seat", "tlseat"]]) {
      const value = document.getElementById(id).value;
      if (value !== "") params.set(key, value);
    }
    const response = await fetch(page.timelineUrl + "?" + params, { credentials: "same-origin" });
    if (!response.ok) return;
    const rows = (await response.json()).rows;
    fill("timeline", el("tr", {}, ["#", "time", "round", "source", "seat", "what", "space", "fix"].map((k) => el("th", {}, t(k)))),
      rows.map((r) => el("tr", { "data-seq": r.seq ?? "", "data-kind": r.kind, class: r.counts || r.kind !== "input" ? "" : "voided" },
        el("td", {}, r.seq ?? ""), el("td", {}, time(r.at)), el("td", {}, r.round), el("td", {}, r.source),
        el("td", {}, seatName(r.seat)), el("td", {}, r.text, r.note ? el("div", { class: "muted" }, r.note) : null),
        el("td", {}, r.space ?? ""),
        el("td", {}, r.counts ? el("button", { "data-void": r.seq, onclick: () => correct("void", { seq: r.seq }) }, t("void")) : null))));
  }

  function filters() {
    const rounds = document.getElementById("tlround"), seats = document.getElementById("tlseat");
    const [r, s] = [rounds.value, seats.value];
    fill("tlround", el("option", { value: "" }, t("all_rounds")),
      Array.from({ length: view.round || 1 }, (_, i) => el("option", { value: i + 1, selected: String(i + 1) === r }, `${t("round")} ${i + 1}`)));
    fill("tlseat", el("option", { value: "" }, t("all_seats")),
      view.seats.map((x) => el("option", { value: x.seat, selected: String(x.seat) === s }, x.name)));
  }

  // Tag enrolment: the mode, each answer of the registry, and tagged chips against the box.
  function renderTags(tags) {
    document.getElementById("tags").classList.toggle("hidden", !tags);
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
  let formShown = false;
  function renderNewGame(form) {
    document.getElementById("newgame").classList.toggle("hidden", !form.allowed);
    if (!form.allowed || formShown) return;
    formShown = true;
    fill("newseats", [0, 1, 2, 3].map((k) => el("div", { class: "row", "data-new-seat": k },
      el("label", {}, `${t("seat_n", { n: k + 1 })} `, el("input", { class: "newname", maxlength: 40, value: form.players[k] || "", "aria-label": t("name") })),
      el("label", {}, `${t("reader")} `, el("select", { class: "newreader" }, el("option", { value: "" }, "–"),
        form.readers.map((r, i) => el("option", { value: r, selected: i === k }, r)))))));
    fill("newstart", [0, 1, 2, 3].map((k) => el("option", { value: k }, t("seat_n", { n: k + 1 }))));
    fill("newbooks", form.colors.map((c) => el("label", {}, `${Q.S.colors[c] || c} `,
      el("select", { "data-book": c }, form.sets.map((n) => el("option", { value: n }, n))))));
    document.getElementById("newtubes").checked = form.tubes;
  }

  async function createGame() {
    const rows = [...document.querySelectorAll("[data-new-seat]")]
      .map((row) => ({ name: row.querySelector(".newname").value.trim(), reader: row.querySelector(".newreader").value }))
      .filter((row) => row.name);
    const readers = {};
    rows.forEach((row, seat) => { if (row.reader) readers[row.reader] = seat; });
    const books = {};
    document.querySelectorAll("[data-book]").forEach((s) => { books[s.dataset.book] = Number(s.value); });
    const reply = await post("/api/host/game", { players: rows.map((r) => r.name), readers, books,
      start_player: Number(document.getElementById("newstart").value),
      tubes: document.getElementById("newtubes").checked });
    if (reply) location.reload();
    else fill("result", `${t("refused")}: ${Q.lastError}`);
  }

  function render(next) {
    view = next;
    TableView.render(view);
    const host = view.host || { seats: [], actions: [], anomalies: [] };
    fill("hostactions", host.actions.map((a) => el("button", { class: "primary", "data-action": a.kind,
      onclick: () => post(page.actionUrl, a) }, t("act_" + a.kind))));
    const pause = document.getElementById("pause");
    pause.dataset.paused = view.paused ? "true" : "false";
    pause.textContent = view.paused ? t("resume") : t("pause");
    document.getElementById("pausenote").classList.toggle("hidden", !view.paused);
    const pins = host.pins || { locked: [] };
    const warning = document.getElementById("pinwarning");
    warning.classList.toggle("hidden", !pins.locked.length && !pins.all_locked);
    warning.textContent = `${t("pin_warning")} ${pins.wrong_tries}: ${pins.all_locked ? t("pin_all_locked") : pins.locked.join(", ")}`;
    renderConnections(host);
    renderAnomalies(host);
    renderTags(host.tags);
    if (host.new_game) renderNewGame(host.new_game);
    filters();
    loadTimeline();
  }

  document.getElementById("pause").addEventListener("click", (e) =>
    correct("pause", { paused: e.currentTarget.dataset.paused !== "true" }));
  document.getElementById("create").addEventListener("click", createGame);
  document.getElementById("manualseat").addEventListener("change", bagChoices);
  document.getElementById("manualgo").addEventListener("click", () => correct("manual-draw",
    { seat: Number(document.getElementById("manualseat").value), chip: document.getElementById("manualchip").value }));
  document.getElementById("enrolstart").addEventListener("click", () => post("/api/host/tags/enrol", {
    color: document.getElementById("enrolcolor").value, value: Number(document.getElementById("enrolvalue").value) }));
  document.getElementById("enrolstop").addEventListener("click", () => post("/api/host/tags/stop", {}));
  document.getElementById("tagsimport").addEventListener("change", (e) => importTags(e.currentTarget));
  for (const id of ["tlround", "tlseat"]) document.getElementById(id).addEventListener("change", loadTimeline);
  Q.connect(page.streamUrl, render);
})();
