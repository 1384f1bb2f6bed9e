// A seat's outlook for its next draw and, if the table allows it, DRAW/STOP with what it rests
// on. Fed by seat.js with each view; shows only what the view carries (the table's setting).
// Advice found after the view went out comes alone (the stream's "advice" event) to `advice`.
"use strict";
window.AssistPanel = (() => {
  const { el, t, fill } = Q;
  const pct = (p) => Math.round(p * 1000) / 10;

  function row(r) {
    const paid = { coins: r.scoring.coins, vp: r.scoring.vp };
    const pays = (r.exploded ? (r.insured ? t("explodes_insured", paid) : t("explodes")) : t("pays", paid) + (r.scoring.ruby ? " ♦" : ""))
      + (r.points || r.rubies ? " · " + t("gains_now", { vp: r.points || 0, rubies: r.rubies || 0 }) : "");
    return el("tr", { class: r.exploded && !r.insured ? "bad" : "" },
      el("td", {}, Q.chip(r.color, r.value), ` ×${r.count}`), el("td", {}, `${pct(r.probability)} %`),
      el("td", {}, r.to_hand ? t("to_hand") : r.bowl ? t("to_bowl") : t("lands_on", { n: Q.BOARD.track[r.space] ? Q.BOARD.track[r.space].coins : r.space })), el("td", {}, pays));
  }

  function render(view) {
    const assist = view.assist || { level: "off" };
    const look = assist.outlook;
    document.getElementById("assist").classList.toggle("hidden", !look || !look.chips.length);
    fill("outlook", ...(look ? look.chips.map(row) : []));
    advice(assist.advice || {});
  }

  function advice(found) {
    if (found.advice) {
      const stop = found.stop, draw = found.draw;
      fill("advice", t("advice_" + found.advice));
      if (draw.bound === "at_most") {  // a bound proved STOP: only the value of drawing on is known
        fill("advicewhy", t("advice_most", { value: draw.value.toFixed(1), stop: stop.value.toFixed(1), coins: stop.coins, vp: stop.vp }));
      } else if (draw.bound === "at_least") {  // a bound proved DRAW: what drawing once or twice more is worth
        fill("advicewhy", t(draw.draws > 1 ? "advice_least_2" : "advice_least_1", { coins: stop.coins, vp: stop.vp,
          dcoins: draw.coins.toFixed(1), dvp: draw.vp.toFixed(1) }));
      } else {
        fill("advicewhy", t("advice_why", { coins: stop.coins, vp: stop.vp, explode: Math.round(draw.explode * 100),
          dcoins: draw.coins.toFixed(1), dvp: draw.vp.toFixed(1) }));
      }
    } else {
      fill("advice", found.too_deep ? t("advice_too_deep") : found.searching ? t("advice_searching") : "");
      fill("advicewhy");
    }
  }
  const SIGNED = new Intl.NumberFormat(document.documentElement.lang || "en", { maximumFractionDigits: 1, signDisplay: "exceptZero" });

  // Each open question's advice (the table's setting "advice"): its best option marked, and a
  // line saying what it is worth beside the next best, or that the advice does not value it.
  function choices(found) {
    document.querySelectorAll(".advised").forEach((e) => e.classList.remove("advised"));
    document.querySelectorAll(".choiceadvice").forEach((e) => e.remove());
    if (!found || found.searching || found.failed) return;
    for (const q of found.questions) {
      const where = document.querySelector(`[data-decision="${q.decision}"]`);
      if (where) where.after(questionLine(q, where));
    }
    const spends = found.spends;
    if (spends) {
      const button = document.querySelector(`#actions [data-action="${spends.best === "done" ? "done" : "spend-" + spends.best}"]`);
      if (button) {
        button.classList.add("advised");
        button.after(el("div", { class: "choiceadvice muted", "data-best": spends.best },
          t("choice_spend_" + spends.best, { value: SIGNED.format(margin(spends.options, spends.best)) })));
      }
    }
  }

  function questionLine(q, where) {
    if (!q.valued) return el("div", { class: "choiceadvice muted", "data-best": "" }, t("choice_not_valued"));
    const button = where.matches("[data-option]") ? where : where.querySelector(`[data-option="${q.best}"]`);
    if (button && q.best !== "lapse") button.classList.add("advised");
    const option = q.best === "lapse" ? t("choice_lapse") : button ? button.textContent : q.best;
    return el("div", { class: "choiceadvice muted", "data-best": q.best },
      t("choice_best", { option, value: SIGNED.format(margin(q.options, q.best)) }));
  }

  // What the best option is worth beyond the next best (VP).
  function margin(options, best) {
    const values = options.filter((o) => o.key !== best && o.value !== null).map((o) => o.value);
    const top = options.find((o) => o.key === best).value;
    return values.length ? top - Math.max(...values) : 0;
  }
  return { render, advice, choices };
})();
