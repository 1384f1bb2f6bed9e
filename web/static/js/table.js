// The table's shared screen: round, phase, start player, Fortune Teller card, books in play, the
// scoring track with rat tails, every pot, and the results at game over. The host page shows the
// same board (table_parts.html), so every part here is optional.
"use strict";
const TableView = (() => {
  const { el, t, fill } = Q;

  function fortuneText(card) {
    if (!card) return "–";
    if (typeof card === "string") return card === "none" ? t("no_card") : card;
    return [card.name || card.id, card.effect].filter(Boolean).join(": ");
  }

  // One chip per book colour with its set number and its prices (1-, 2-, 4-chip); a tap shows (or
  // hides) the book's text with the prices spelled out.
  let openBook = null;
  function priceList(book) {
    return Object.entries(book.prices || {}).map(([value, cost]) => t("book_price", { v: value, c: cost })).join(", ");
  }
  function books(view) {
    const all = view.books || {};
    const box = document.getElementById("booktext");
    if (box) box.onclick = () => { openBook = null; fill("books", books(view)); };
    const open = openBook && all[openBook];
    fill("booktext", open ? `${Q.S.colors[openBook] || openBook}${open.set ? ` ${t("book_set")} ${open.set}` : ""}: `
      + `${open.text} (${priceList(open)})` : "");
    return Object.entries(all).map(([color, book]) => {
      const chip = Q.chip(color, book.set || "");
      const costs = Object.values(book.prices || {}).join("·");
      return el("button", { class: "bookchip" + (color === openBook ? " selected" : ""), "data-book": color,
        title: `${Q.S.colors[color] || color}: ${book.text} (${priceList(book)})`,
        onclick: () => { openBook = openBook === color ? null : color; fill("books", books(view)); } },
        chip, el("span", { class: "bookprices", "data-prices": color }, costs));
    });
  }

  // Wolfgang's Exchange Office: the 13 tubes with the number under each and every seat's droplet.
  function stand(view) {
    const ex = view.exchange, seats = view.seats || [];
    return el("div", { class: "stand", "data-side": ex.side }, ex.numbers.map((n, tube) =>
      el("div", { class: "tubecell", "data-tube": tube }, el("b", {}, n),
        seats.map((s, k) => (s.stand || 0) === tube ? Board.seatDot(k) : null))));
  }

  // The Herb Witches in play: name, penny, text, and who has spent the penny that pays each.
  function witches(view, names) {
    // The text folds away under the name, so that the pots keep their room on a small screen.
    return (view.witches || []).map((w) => el("li", { "data-witch": w.id },
      el("details", {}, el("summary", {}, el("b", {}, w.name), " · ",
        el("span", { class: "muted" }, w.visiting ? t("penny_free") : w.metal)),
      el("span", { class: "booktext" }, w.text)),
      w.spent.length ? el("div", { class: "muted", "data-spent": w.spent.join(",") },
        t("pennies_spent_by", { names: w.spent.map((k) => names[k]).join(", ") })) : null));
  }

  // The phase as it is, in words: "Fortune Teller: The Pot Is Filling Up", "Shop: Ben buys".
  function phaseLine(view, names) {
    const phase = view.phase || "setup";
    const card = view.card ? view.card.name : view.fortune === "none" ? t("no_card") : null;
    if (phase === "fortune") return card ? t("phase_card", { card }) : t("phase_card_wait");
    if (phase === "shop" && view.shop && view.shop.shopper !== null && view.shop.shopper !== undefined) {
      return t("phase_shop_who", { name: names[view.shop.shopper] });
    }
    return t("phase_" + phase) + (view.paused ? ` · ${t("phase_paused")}` : "");
  }

  function toggle(id, on) {
    const node = document.getElementById(id);
    if (node) node.classList.toggle("hidden", !on);
  }

  // On the table screen each pot fills what its panel's lines leave. Its SVG is given that box's size
  // in pixels, kept by a ResizeObserver: an SVG sized in percentages of a flex item is laid out again
  // whenever its panel is (a line under the pot changed, as at every chip), and an SVG laid out again
  // lays out every number on its spaces (10-50 ms a pot here, where a chip changes one space).
  const sizer = Q.page.kind === "table" && typeof ResizeObserver !== "undefined" ? new ResizeObserver((boxes) => {
    for (const box of boxes) {
      const { inlineSize, blockSize } = box.contentBoxSize[0], pot = box.target.firstElementChild;
      pot.style.width = `${inlineSize}px`;
      pot.style.height = `${blockSize}px`;
    }
  }) : null;

  // Each seat's panel: its name and status, its pot, then what lies beside it and where it scores.
  // The panels stay from view to view: each pot is drawn in place (`Board.drawPot`) and the lines
  // around it are made again only when what they show changed, so a chip drawn lays out and paints
  // one space of one pot and one line.
  function potPanels(view, ahead, patients) {
    const seats = view.seats || [];
    const box = document.getElementById("pots");
    if (!box) return;
    if (box.childElementCount !== seats.length) {
      box.replaceChildren(...seats.map((s, k) => el("div", { class: "panel", "data-seat": k },
        el("div", { class: "row spread" }), el("div", { class: "potbox" }, Board.emptyPot()), el("div", { class: "potlines" }))));
      if (sizer) box.querySelectorAll(".potbox").forEach((potBox) => sizer.observe(potBox));
    }
    const readers = view.draws !== "phones";  // a table without readers expects no chip past a reader
    seats.forEach((s, k) => {
      const [head, potBox, rest] = box.children[k].children;
      const back = readers ? (s.returning || []).length : 0, status = view.phase === "fortune" ? null : s.status || "brewing";
      Q.fillFrom(head, [s.name, ahead[k], back, status], () => [el("b", {}, Board.seatDot(k), " ", s.name),
        k in ahead ? el("span", { class: "bad", "data-ahead": ahead[k] }, t("stir_ahead", { n: ahead[k] })) : null,
        back ? el("span", { class: "togo", "data-to-go-back": back }, t("to_go_back", { n: back })) : null,
        status ? el("span", { class: status === "exploded" ? "bad" : "muted" }, t("status_" + status)) : null]);
      Board.drawPot(potBox.firstElementChild, s);
      const essence = patients.length ? s.essence : null;
      Q.fillFrom(rest, [s.aside, s.first, s.bowl, s.white_total, s.threshold, essence, s.scoring_space], () => [
        (s.aside || []).length ? el("div", { class: "row muted", "data-aside": s.aside.length }, t("beside_pot"),
          s.aside.map((c) => Q.chip(c.color, c.value))) : null,
        (s.first || []).length ? el("div", { class: "row muted", "data-first": s.first.length }, t("first_next_round"),
          s.first.map((c) => Q.chip(c.color, c.value))) : null,
        s.bowl && s.bowl.chips.length ? el("div", { class: "row muted", "data-bowl": s.bowl.chips.length },
          t("bowl_of", { total: s.bowl.total, points: s.bowl.points }), s.bowl.chips.map((c) => Q.chip(c.color, c.value))) : null,
        el("div", { class: "row spread muted" },
          el("span", { title: t("whites_of", { n: s.white_total, m: s.threshold }) }, t("whites_short", { n: s.white_total, m: s.threshold })),
          essence === null ? null : el("span", { "data-essence": essence }, t("essence_short", { n: essence })),
          s.scoring_space ? el("span", {}, `${s.scoring_space.coins} ${t("coins_word", { n: s.scoring_space.coins })} · ${s.scoring_space.vp} ${t("vp")}`,
            s.scoring_space.ruby ? [" · ", Board.icon("ruby")] : null) : null)]);
    });
  }

  function render(view) {
    const seats = view.seats || [];
    const names = seats.map((s) => s.name);
    const over = view.phase === "game_over";
    document.body.dataset.phase = view.phase || "";
    // Each line and list is made again only when what it says changed (Q.fillFrom): a view that
    // changed one pot lays out and paints that pot, not the whole board around it.
    const lines = { round: `${t("round")} ${view.round ?? "–"} ${t("of")} ${Q.BOARD.rounds}`, phase: phaseLine(view, names),
      startp: view.start_player === null || view.start_player === undefined ? "–" : names[view.start_player],
      fortune: fortuneText(view.fortune) };
    for (const [id, line] of Object.entries(lines)) Q.fillFrom(id, line, () => line);
    const stir = Turn.stirLine(view);  // synchronised drawing: "Stir! (chip 3)" or whom it waits for
    // While the card is awaited the phase line and the picker below it say it all: the phones' "(at the table screen)" is this screen.
    const picking = view.phase === "fortune" && !view.fortune && !view.paused;
    const now = stir || picking ? "" : Turn.waiting(view, null);
    Q.fillFrom("now", now, () => now);
    Q.fillChanged("stir", stir);
    toggle("stir", Boolean(stir));
    const ahead = Object.fromEntries(((view.stir || {}).ahead || []).map((a) => [a.seat, a.by]));
    Q.fillFrom("books", [view.books, openBook], () => books(view));
    toggle("witchesbox", (view.witches || []).length > 0);
    Q.fillFrom("witches", [view.witches, names], () => witches(view, names));
    if (typeof Cards !== "undefined") Cards.render(view);  // the card picker (cards.js)
    Q.fillFrom("track", seats.map((s) => [s.name, s.score]), () => Board.track(seats));
    toggle("standbox", Boolean(view.exchange));
    if (view.exchange) {  // the side in words where there is room (the host page), else as the box's tooltip
      const side = t(view.exchange.side === "green" ? "stand_green" : "stand_brown");
      fill("standside", side);
      document.getElementById("standbox").title = side;
      Q.fillFrom("stand", [view.exchange, seats.map((s) => s.stand)], () => stand(view));
    }
    Q.fillFrom("scores", [seats.map((s) => [s.name, s.score, s.rubies]), view.start_player], () => seats.map((s, k) => el("li", { "data-seat": k },
      Board.seatDot(k), " ", el("b", {}, s.name), ` ${s.score} ${t("vp")} · `, Board.icon("ruby"), ` ${s.rubies}`,
      k === view.start_player ? [" ", Board.icon("star", t("start_player"))] : null)));
    document.getElementById("pots").dataset.n = seats.length;
    // The Alchemists: the three patients laid out, and who treats each.
    const patients = view.patients || [];
    toggle("patientsbox", patients.length > 0);
    Q.fillFrom("patients", [patients, seats.map((s) => [s.name, s.patient])], () => patients.map((p) => el("li", { "data-patient": p.id }, el("b", {}, p.name), ` ${p.text} `,
      el("span", { class: "muted" }, seats.filter((s) => s.patient === p.id).map((s) => s.name).join(", ")))));
    potPanels(view, ahead, patients);
    if (document.getElementById("results")) {
      toggle("results", over);
      toggle("pots", !over);
      if (over) { fill("ranking", Results.ranking(view)); fill("parts", Results.parts(view)); fill("chart", Results.chart(view)); }
    }
    const winners = view.winners || [];
    toggle("winnersbox", winners.length > 0);
    Q.fillFrom("winners", [winners, names], () => winners.map((k) => el("li", {}, typeof k === "number" ? names[k] : String(k))));
  }

  if (Q.page.kind === "table") Q.connect(Q.page.streamUrl, render);
  return { render };
})();
