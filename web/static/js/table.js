// The table's shared screen: scoring track with rat tails, round, start player, Fortune Teller
// card, every pot in small, and the evaluation as it happens. Also used inside the host page.
"use strict";
const TableView = (() => {
  const { el, t, fill } = Q;

  function fortuneText(card) {
    if (!card) return "–";
    if (typeof card === "string") return card;
    return [card.name || card.id, card.effect].filter(Boolean).join(": ");
  }

  function render(view) {
    const seats = view.seats || [];
    const names = seats.map((s) => s.name);
    document.body.dataset.phase = view.phase || "";
    fill("round", `${t("round")} ${view.round ?? "–"} ${t("of")} ${Q.BOARD.rounds}`);
    fill("phase", t("phase_" + (view.phase || "setup")) + (view.paused ? ` · ${t("phase_paused")}` : ""));
    fill("startp", view.start_player === null || view.start_player === undefined ? "–" : names[view.start_player]);
    fill("fortune", fortuneText(view.fortune));
    if (typeof Cards !== "undefined") Cards.render(view);  // the card picker (cards.js)
    fill("track", Board.track(seats));
    fill("scores", seats.map((s, k) => el("li", {},
      Board.seatDot(k), " ", el("b", {}, s.name), ` ${s.score} · ♦${s.rubies}`, k === view.start_player ? el("span", { class: "startp" }, " ★") : null)));
    fill("pots", seats.map((s, k) => el("div", { class: "panel", "data-seat": k },
      el("div", { class: "row spread" }, el("b", {}, Board.seatDot(k), " ", s.name),
        el("span", { class: s.status === "exploded" ? "bad" : "muted" }, t("status_" + (s.status || "brewing")))),
      Board.pot(s),
      el("div", { class: "row spread muted" },
        el("span", {}, `${t("whites")}: ${s.white_total}/${s.threshold}`),
        s.scoring_space ? el("span", {}, `${s.scoring_space.coins} ${t("coins")} · ${s.scoring_space.vp} ${t("vp")}${s.scoring_space.ruby ? " · ♦" : ""}`) : null))));
    const winners = view.winners || [];
    document.getElementById("winnersbox").classList.toggle("hidden", !winners.length);
    fill("winners", winners.map((k) => el("li", {}, typeof k === "number" ? names[k] : String(k))));
  }

  if (Q.page.kind === "table") Q.connect(Q.page.streamUrl, render);
  return { render };
})();
