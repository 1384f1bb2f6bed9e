// One seat's phone: the pot, the risk of the next draw, the bag, and this seat's decisions and
// actions exactly as the engine's view lists them.
"use strict";
(() => {
  const { el, t, fill, post, page } = Q;
  let shown = -1;

  function act(action) {
    return post(page.actionUrl, action).then(apply);
  }
  function apply(reply) {
    if (reply && reply.view) render(reply.view, reply.seq);
  }

  function label(a) {
    if (a.label) return a.label;
    if (a.kind === "spend") return t("act_spend_" + a.what);
    if (a.kind === "buy") return [t("act_buy"), Q.chip(a.color, a.value), a.price !== undefined ? `${a.price}` : ""];
    return t("act_" + a.kind);
  }

  function decisionPanel(d) {
    const [min, max] = d.pick || [1, 1];
    const picked = new Set();
    const confirm = el("button", { class: "primary", disabled: min > 0,
      onclick: () => act({ kind: "choose", seat: d.seat, decision: d.id, keys: [...picked] }) }, t("confirm"));
    const options = d.options.map((o) => el("button", {
      "data-option": o.key,
      onclick: (e) => {
        if (max === 1 && min === 1) return act({ kind: "choose", seat: d.seat, decision: d.id, keys: [o.key] });
        if (picked.has(o.key)) picked.delete(o.key); else if (picked.size < max) picked.add(o.key);
        e.currentTarget.classList.toggle("selected", picked.has(o.key));
        confirm.disabled = picked.size < min || picked.size > max;
      } }, o.chip ? Q.chip(o.chip.color, o.chip.value) : null, " ", o.label));
    return el("section", { class: "panel decision", "data-decision": d.id, "data-kind": d.kind },
      el("h3", {}, d.prompt),
      max === 1 && min === 1 ? null : el("div", { class: "muted" }, t("choose_n", { min, max })),
      el("div", { class: "options" }, options, max === 1 && min === 1 ? null : confirm));
  }

  function render(view, seq) {
    if (seq !== undefined && seq < shown) return;
    shown = seq ?? shown;
    const me = view.seats ? view.seats[view.you] : null;
    AssistPanel.render(view);
    document.body.dataset.phase = view.phase || "";
    if (!me) { fill("title", t("no_game")); return; }
    fill("title", Board.seatDot(view.you), " ", me.name);
    fill("round", `${t("round")} ${view.round} ${t("of")} ${Q.BOARD.rounds} · ${t("phase_" + view.phase)}`
      + (view.paused ? ` · ${t("phase_paused")}` : ""));

    const risk = view.risk || { probability: 0, exploding: 0, bag: 0 };
    const pct = Math.round((risk.probability || 0) * 1000) / 10;
    const riskNode = fill("risk", `${pct}%`);
    riskNode.className = "risk " + (pct >= 30 ? "high" : pct >= 10 ? "mid" : "low");
    fill("riskdetail", t("risk_detail", { n: risk.exploding, m: risk.bag }));

    const limit = me.threshold || 7, total = me.white_total || 0, span = limit + 2;
    const gauge = document.getElementById("gauge");
    gauge.className = "gauge" + (total > limit ? " over" : total >= limit - 2 ? " near" : "");
    gauge.replaceChildren(el("div", { class: "fill", style: `width:${Math.min(100, (total / span) * 100)}%` }),
      ...Array.from({ length: span - 1 }, (_, i) => el("div", { class: "tick", style: `left:${((i + 1) / span) * 100}%` })),
      el("div", { class: "limit", style: `left:${((limit + 0.5) / span) * 100}%` }));
    fill("whites", `${t("whites")}: ${total} · ${t("threshold")} ${limit}`);

    const mine = (view.decisions || []).filter((d) => d.seat === view.you);
    fill("decisions", mine.map(decisionPanel));

    const actions = (view.actions || []).filter((a) => !["draw", "choose", "buy"].includes(a.kind));
    fill("actions", actions.map((a) => el("button", { "data-action": a.kind + (a.what ? "-" + a.what : ""),
      class: a.kind === "stop" ? "danger" : "", onclick: () => act(a) }, label(a))));
    const drawBtn = document.getElementById("draw");
    if (drawBtn) drawBtn.disabled = !(view.actions || []).some((a) => a.kind === "draw");

    const buys = (view.actions || []).filter((a) => a.kind === "buy");
    document.getElementById("shop").classList.toggle("hidden", !buys.length);
    fill("shopbudget", view.shop && view.shop.budget !== undefined ? `${t("budget")}: ${view.shop.budget}` : "");
    fill("buys", buys.map((a) => el("button", { "data-buy": `${a.color}-${a.value}`, onclick: () => act(a) }, label(a))));

    fill("pot", Board.pot(me));
    const st = me.status || "brewing";
    fill("status", t("status_" + st));
    document.getElementById("status").className = st === "exploded" ? "bad big" : "big";
    fill("stats",
      el("div", {}, el("b", {}, me.score), el("span", {}, t("score"))),
      el("div", {}, el("b", {}, me.rubies), el("span", {}, t("rubies"))),
      el("div", {}, el("b", {}, me.flask ? "⚗" : "–"), el("span", {}, `${t("flask")} ${me.flask ? t("flask_full") : t("flask_empty")}`)),
      el("div", {}, el("b", {}, `${me.droplet}/${me.rat || 0}`), el("span", {}, `${t("droplet")}/${t("rat")}`)));
    const sc = me.scoring_space;
    fill("scoring", sc ? [el("span", { class: "big" }, `${sc.coins}`), ` ${t("coins")} · `,
      el("span", { class: "big" }, `${sc.vp}`), ` ${t("vp")}`, sc.ruby ? ` · ♦ ${t("ruby")}` : ""] : []);

    const bag = me.bag || { count: 0, chips: {} };
    fill("bagcount", `${bag.count}`);
    const kinds = Object.entries(bag.chips || {});
    // At a table without readers the bag is the chip picker: tap the kind you drew.
    const picking = page.picker && (view.actions || []).some((a) => a.kind === "draw");
    fill("bag", kinds.length ? kinds.map(([key, n]) => {
      const [color, value] = key.split("-");
      const content = [Q.chip(color, value), el("span", { class: "count" }, `×${n}`)];
      return picking
        ? el("button", { "data-bag": key, "data-pick": key, onclick: () => act({ kind: "draw", seat: view.you, chip: key }) }, ...content)
        : el("span", { "data-bag": key }, ...content);
    }) : el("span", { class: "muted" }, t("bag_empty")));

  }

  Q.connect(page.streamUrl, render);
  const drawBtn = document.getElementById("draw");
  if (drawBtn) drawBtn.addEventListener("click", () => post(page.drawUrl, {}).then(apply));
})();
