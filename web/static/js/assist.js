// A seat's outlook for its next draw and, if the table allows it, DRAW/STOP in plain words. Fed by
// seat.js with each view; shows only what the view carries (the table's setting). Advice found
// after the view went out comes alone (the stream's "advice" event) to `advice`.
"use strict";
window.AssistPanel = (() => {
  const { el, t } = Q;
  let risk = { exploding: 0, bag: 0, probability: 0 };

  function row(r) {
    const paid = { coins: r.scoring.coins, vp: r.scoring.vp };
    const pays = (r.exploded ? (r.insured ? t("explodes_insured", paid) : t("explodes")) : t("pays", paid) + (r.scoring.ruby ? " ♦" : ""))
      + (r.points || r.rubies ? " · " + t("gains_now", { vp: r.points || 0, rubies: r.rubies || 0 }) : "");
    return el("tr", { class: r.exploded && !r.insured ? "bad" : "" },
      el("td", {}, Q.chip(r.color, r.value), ` ×${r.count}`), el("td", {}, Q.pct(r.probability)),
      el("td", {}, r.to_hand ? t("to_hand") : r.bowl ? t("to_bowl") : t("lands_on", { n: Q.BOARD.track[r.space] ? Q.BOARD.track[r.space].coins : r.space })), el("td", {}, pays));
  }

  function render(view) {
    const assist = view.assist || { level: "off" };
    const look = assist.outlook;
    risk = view.risk || risk;
    document.getElementById("assist").classList.toggle("hidden", !look || !look.chips.length);
    Q.fillFrom("outlook", look ? look.chips : [], () => (look ? look.chips.map(row) : []));
    advice(assist.advice || {});
  }

  // One line: "DRAW: 3 of 11 chips would explode the pot (27 %); drawing on is worth about 2 VP more
  // than stopping". A bound's answer says "at least"; with no answer, "no advice this draw" in small type.
  function advice(found) {
    const box = document.getElementById("advice");
    if (!found.advice) {
      box.classList.remove("draw", "stop");
      box.classList.add("none");
      Q.fillChanged("advice", found.searching ? t("advice_thinking") : found.seat === undefined ? "" : t("advice_none"));
      return;
    }
    const draw = found.draw || {}, stop = found.stop || {};
    const odds = t("advice_odds", { n: risk.exploding, m: risk.bag, pct: Q.pct(risk.probability || 0) });
    // A bound proves only "at least"; an exact answer is "about"; a difference under 0.05 VP is a tie.
    const gain = draw.bound === "at_most" ? stop.value - draw.value : (draw.value ?? stop.value) - stop.value;
    const side = draw.bound === "at_most" || (!draw.bound && gain < 0) ? "stop" : "draw";
    const size = Math.abs(gain);
    const worth = size < 0.05 ? t(draw.bound ? `advice_${side}_least_even` : "advice_even")
      : t(`advice_${side}_${draw.bound ? "least" : "more"}`, { vp: Q.num(size, size < 1 ? 1 : 0) });
    box.classList.remove("draw", "stop", "none");
    box.classList.add(found.advice);
    Q.fillChanged("advice", el("b", {}, t("advice_" + found.advice)), " ", odds, "; ", worth);
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
