// One seat's phone as a guide: one line that says what this seat does now, only the panels that
// apply to it (drawing, a decision, the shop, the results), then the pot, the bag and the feed.
// Every button is one of the inputs the engine's view lists for this seat.
"use strict";
(() => {
  const { el, t, fill, post, page } = Q;
  let shown = -1;
  let view = null;
  const potDrawn = document.getElementById("pot").appendChild(Board.emptyPot());  // drawn in place at every view
  // After a tap made further down the page, the next view shows its question or guide at the top of
  // the screen. Read at the tap, where the page is laid out already: a view's render that asked
  // would force a layout of the whole page before the browser's own.
  let tapped = false;
  function tap() { tapped = window.scrollY > 0; }

  function act(action) {
    tap();
    return post(page.actionUrl, action).then(apply);
  }
  function ask(path, body) {  // the bag's reads: settle, answer a held read, "I drew it"
    tap();
    return post(`${page.seatApi}/${path}`, body).then(apply);
  }
  function apply(reply) {
    if (reply && reply.view) render(reply.view, reply.seq);
  }
  function show(id, on) {
    document.getElementById(id).classList.toggle("hidden", !on);
  }

  const DECISION_GUIDE = { bonus_die: "guide_die", "exploded.reward": "guide_reward", "purple.tier": "guide_purple",
                           droplet: "guide_droplet", "red.aside": "guide_red_aside", "green.chip": "guide_green_chip",
                           "green.pay": "guide_green_pay", "purple.trade": "guide_purple_trade",
                           "purple.upgrade": "guide_purple_upgrade", patient: "guide_patient",
                           "essence.space": "guide_essence", "ear_worm.chip": "guide_ear_worm_chip" };

  // Questions that draw chips to look at before a choice (the crow skull, the draw witch); a card's
  // or a patient's look (null) says what it asks in its own words.
  const LOOKS = { "blue.preview": ["guide_look", "guide_place"], "witch.look": ["guide_witch_look", "guide_witch_place"],
                  "fortune.look": null };

  // The one line at the top: what this seat does now, or whom it waits for.
  function guide(me, mine, actions) {
    if (view.paused) return t("guide_paused");
    // Once the seat can no longer take a held read as its draw (it has stopped), the question is only
    // "not drawn": the line says what the seat does now.
    if (view.bag_reads && (view.bag_reads.held || []).some((h) => h.drawable)) return t("guide_held");
    if (view.phase === "game_over" && (view.winners || []).includes(view.you)) return t("guide_you_win");
    const blocking = mine.find((d) => !Turn.isOffer(d));
    if (blocking && blocking.kind in LOOKS) {
      if (!LOOKS[blocking.kind]) return blocking.prompt;
      const left = (blocking.reveal || 0) - (me.hand || []).length;
      return left > 0 ? t(LOOKS[blocking.kind][0], { n: left }) : t(LOOKS[blocking.kind][1]);
    }
    // A chip to draw for a book (red set 6 sets it aside, yellow set 5 looks at it): no options.
    if (blocking && blocking.reveal && !blocking.options.length) return t("guide_draw_book");
    // A question with no guide of its own (a card's, a book's) says what it asks, in the page's language.
    if (blocking) return DECISION_GUIDE[blocking.kind] ? t(DECISION_GUIDE[blocking.kind]) : blocking.prompt || t("guide_choose");
    const can = (kind) => actions.some((a) => a.kind === kind);
    if (view.phase === "brewing" && can("stop")) {
      return Turn.stirGuide(view, view.you) || t(page.drawUrl ? "guide_draw" : page.picker ? "guide_draw_pick" : "guide_draw_reader");
    }
    if (view.phase === "shop" && view.shop.shopper === view.you) {
      return t(view.exchange && view.exchange.side === "green" ? "guide_shop_points" : "guide_shop");
    }
    if (view.phase === "spend" && can("done")) return t("guide_spend");
    if (mine.some((d) => d.kind === "witch")) return t("guide_witch");
    return Turn.waiting(view, view.you);
  }

  // Options in the page's language where the engine's label is known by its key.
  function optionLabel(d, o, me) {
    if (d.kind === "blue.preview") return o.key === "none" ? t("place_none") : [t("place"), " ", Q.chip(...o.key.split("-").slice(0, 2))];
    if (d.kind === "bonus_die") return [el("span", { class: "dieface", "aria-hidden": "true" }, o.key), " ", t("die_" + o.key)];
    if (d.kind === "exploded.reward") {
      const space = me.scoring_space || { vp: 0, coins: 0 };
      return o.key === "points" ? t("points", { n: space.vp })
        : t("coins_n", { n: space.coins });
    }
    if (d.kind === "purple.tier") return t("purple_" + o.key);
    if (d.kind === "red.aside") return t("red_" + o.key);
    if (d.kind === "droplet" && o.key !== "stand") {  // the stand's answer says its price: the engine's label
      const next = Q.BOARD.track[Math.min(me.droplet + 1, Q.BOARD.track.length - 1)];
      return o.key === "pot" ? t("droplet_pot", { n: next.coins }) : t("droplet_tube", { n: (me.tube || 0) + 1, pays: Q.BOARD.glasses[(me.tube || 0) + 1] || "" });
    }
    return o.label;
  }

  // The bonus die: at a real table the seat rolls the real die and taps its face, or lets the
  // table roll; in the demo the table rolls it (seeded).
  function diePanel(d, me) {
    const roll = el("button", { class: "primary", "data-roll": d.id, onclick: () => ask("roll", { decision: d.id }) },
      t(page.drawUrl ? "roll_die" : "roll_for_me"));
    return el("section", { class: "panel decision", "data-decision": d.id, "data-kind": d.kind },
      el("div", { class: "options" + (page.drawUrl ? "" : " faces") }, page.drawUrl ? null : d.options.map((o) => el("button", {
        "data-option": o.key, onclick: () => act({ kind: "choose", seat: d.seat, decision: d.id, keys: [o.key] }) },
      optionLabel(d, o, me))), roll));
  }

  function decisionPanel(d, me) {
    if (d.kind === "bonus_die") return diePanel(d, me);
    const [min, max] = d.pick || [1, 1];
    const single = max === 1 && min === 1;
    const picked = new Set();
    const confirm = el("button", { class: "primary", disabled: min > 0,
      onclick: () => act({ kind: "choose", seat: d.seat, decision: d.id, keys: [...picked] }) }, t("confirm"));
    const options = d.options.map((o) => el("button", {
      "data-option": o.key,
      onclick: (e) => {
        if (single) return act({ kind: "choose", seat: d.seat, decision: d.id, keys: [o.key] });
        if (picked.has(o.key)) picked.delete(o.key); else if (picked.size < max) picked.add(o.key);
        e.currentTarget.classList.toggle("selected", picked.has(o.key));
        confirm.disabled = picked.size < min || picked.size > max;
      } }, optionLabel(d, o, me)));
    return el("section", { class: "panel decision", "data-decision": d.id, "data-kind": d.kind },
      d.kind === "red.aside" ? el("div", { class: "row" }, el("span", { class: "muted" }, t("beside_pot")),
        Q.chip(d.chip.color, d.chip.value)) : null,
      single ? null : el("div", { class: "muted" }, t("choose_n", { min, max })),
      el("div", { class: "options" }, options, single ? null : confirm));
  }

  // The crow skull's chips in hand: shown while looking, the choice appears once all are seen.
  function lookPanel(d, me) {
    const left = (d.reveal || 0) - (me.hand || []).length;
    return el("section", { class: "panel decision", "data-decision": d.id, "data-kind": d.kind, "data-looking": left > 0 ? "1" : null },
      el("div", { class: "row" }, el("span", { class: "muted" }, t("looked_at")),
        (me.hand || []).length ? me.hand.map((c) => Q.chip(c.color, c.value)) : el("span", { class: "muted" }, "–")),
      left > 0 ? null : el("div", { class: "options" }, d.options.map((o) => el("button", { "data-option": o.key,
        onclick: () => act({ kind: "choose", seat: d.seat, decision: d.id, keys: [o.key] }) }, optionLabel(d, o, me)))));
  }

  // The Herb Witches: each witch in play with the penny that pays her, and her offer when it stands.
  function witchPanel(me, offers) {
    return (view.witches || []).map((w) => {
      const offer = offers.find((d) => d.witch === w.id);
      const held = (me.pennies || []).includes(w.type);
      return el("div", { class: "witch" + (offer ? " offered" : ""), "data-witch": w.id },
        el("div", { class: "row spread" }, el("b", {}, w.name),
          el("span", { class: "muted", "data-penny": w.visiting ? "free" : held ? "held" : "spent" },
            w.visiting ? t("penny_free") : t(held ? "penny_held" : "penny_spent", { metal: w.metal }))),
        el("details", { open: offer ? "" : null }, el("summary", {}, t("witch_text")), el("p", { class: "booktext" }, w.text)),
        offer ? el("div", { class: "options decision", "data-decision": offer.id, "data-kind": "witch" },
          offer.options.map((o) => el("button", { "data-option": o.key, class: o.key === "pass" ? "" : "primary",
            onclick: () => act({ kind: "choose", seat: offer.seat, decision: offer.id, keys: [o.key] }) }, o.label))) : null);
    });
  }

  const OFFER_LABEL = { flask: "offer_flask", "yellow.return": "offer_mandrake" };

  // The pot in one strip: its last chips with their spaces, where it scores now and the whites; the
  // offers about the last chip (flask, mandrake) beside it, so the buttons above never move.
  function potStrip(me, offers) {
    const pot = me.pot || [];
    const printed = (space) => (Q.BOARD.track[space] ? Q.BOARD.track[space].coins : space);
    const sc = me.scoring_space;
    return [
      el("div", { class: "strip", "data-chips": pot.length },
        pot.length > 5 ? el("span", { class: "muted" }, "…") : null,
        pot.length ? pot.slice(-5).map((c) => el("span", { class: "placed" }, Q.chip(c.color, c.value),
          el("small", {}, printed(c.space)))) : el("span", { class: "muted" }, t("no_chip_yet")),
        offers.map((d) => el("button", { class: "offer", "data-decision": d.id, "data-kind": d.kind,
          "data-option": d.options[0].key, onclick: () => act({ kind: "choose", seat: d.seat, decision: d.id, keys: [d.options[0].key] }) },
        Board.icon(d.kind === "flask" ? "flask" : "back"), " ", t(OFFER_LABEL[d.kind] || "offer"),
        // The mandrake's white is the chip before the yellow; the flask's is the last chip itself.
        d.kind === "yellow.return" && pot.length > 1 ? [" ", Q.chip(pot[pot.length - 2].color, pot[pot.length - 2].value)] : null))),
      sc ? el("div", { class: "scoreline" },
        t("scores_now", { coins: t("coins_n", { n: sc.coins }), vp: sc.vp }), sc.ruby ? [" ", Board.icon("ruby")] : null, " · ",
        el("span", { class: (me.white_total || 0) >= (me.threshold || 7) - 1 ? "bad" : "" },
          t("whites_short", { n: me.white_total || 0, m: me.threshold || 7 }))) : null,
    ];
  }

  // The odds in one line: how many chips in the bag would explode the pot now.
  function riskLine(me) {
    const risk = view.risk || { probability: 0, exploding: 0, bag: 0 };
    const node = Q.fillFrom("riskline", risk, () => t("risk_line", { n: risk.exploding, m: risk.bag, pct: Q.pct(risk.probability || 0) }));
    const level = risk.probability >= 0.3 ? "high" : risk.probability >= 0.1 ? "mid" : "low";
    for (const name of ["high", "mid", "low"]) node.classList.toggle(name, name === level);
    const limit = me.threshold || 7, total = me.white_total || 0, span = limit + 2;
    const gauge = Q.fillFrom("gauge", [total, limit], () => [el("div", { class: "fill", style: `width:${Math.min(100, (total / span) * 100)}%` }),
      Array.from({ length: span - 1 }, (_, i) => el("div", { class: "tick", style: `left:${((i + 1) / span) * 100}%` })),
      el("div", { class: "limit", style: `left:${((limit + 0.5) / span) * 100}%` })]);
    gauge.className = "gauge" + (total > limit ? " over" : total >= limit - 2 ? " near" : "");
    Q.fillFrom("whites", [total, limit], () => t("whites_of", { n: total, m: limit }));
  }

  // What the bag's reader needs this seat to say: a chip read while chips were still to go back
  // (drawn or not: one tap), the chips still to go back ("all in the bag"), or the last read taken
  // as a chip going back in while the seat could draw ("I drew it"). Only at a table with readers.
  function bagReads(me) {
    const reads = view.bag_reads;
    if (!reads || view.draws !== "readers") return [];
    const back = me.returning || [];
    const held = (reads.held || [])[0];
    if (held) {
      return el("section", { class: "panel decision", "data-held": held.id },
        el("div", { class: "row" }, held.chip ? Q.chip(held.chip.color, held.chip.value) : null, el("b", {}, t("held_q"))),
        back.length ? el("div", { class: "muted" }, t("to_go_back", { n: back.length })) : null,
        el("div", { class: "options two" },
          held.drawable ? el("button", { class: "primary", "data-drawn": "true",
            onclick: () => ask("held", { anomaly: held.id, drawn: true }) }, t(back.length ? "held_drawn_rest" : "held_drawn")) : null,
          el("button", { "data-drawn": "false", onclick: () => ask("held", { anomaly: held.id, drawn: false }) },
            t("held_not_drawn"))));
    }
    const parts = [];
    if (reads.reader === "offline") parts.push(el("div", { class: "bad", "data-reader": "offline" }, t("reader_offline")));
    if (reads.read_back) {
      const c = reads.read_back.chip;
      parts.push(el("div", { class: "row readback small muted" }, c ? Q.chip(c.color, c.value) : null, el("span", {}, t("read_back")),
        el("button", { id: "readback", class: "small", onclick: () => ask("read-back", { seq: reads.read_back.seq }) }, t("read_back_drawn"))));
    }
    if (back.length) {
      parts.push(el("div", { class: "row togoback", "data-to-go-back": back.length },
        el("span", {}, t("to_go_back", { n: back.length })), back.slice(0, 6).map((c) => Q.chip(c.color, c.value)),
        el("button", { id: "allin", onclick: () => ask("settle", {}) }, t("all_in"))));
    }
    return parts;
  }

  // The round's Fortune Teller card, in the page's language: open while it is new or asks this seat something.
  function cardBox(mine) {
    const card = view.card;
    show("cardbox", Boolean(card));
    if (!card) return;
    const asks = mine.some((d) => d.rule === "core/fortune");
    Q.fillFrom("cardname", card.name, () => t("card_line", { name: card.name }));
    Q.fillFrom("cardtext", card.text, () => card.text);
    const details = document.getElementById("carddetails");
    // Open while the card is turned up or asks; folded again when the round moves on (a tap opens it).
    if (details.dataset.card !== card.id || details.dataset.phase !== view.phase || asks) details.open = view.phase === "fortune" || asks;
    details.dataset.card = card.id;
    details.dataset.phase = view.phase;
    document.getElementById("cardbox").classList.toggle("asks", asks);
  }


  // Numbers with the sign, in the page's language (the shop advice's values).
  const SIGNED = new Intl.NumberFormat(document.documentElement.lang || "en", { maximumFractionDigits: 1, signDisplay: "exceptZero" });
  const PLAIN = new Intl.NumberFormat(document.documentElement.lang || "en", { maximumFractionDigits: 1 });

  // The shop advice (assist "advice"): the best purchase and why, over the rounds left.
  function shopAdvice(shop) {
    if (!shop) return null;
    if (shop.searching) return el("div", { id: "shopadvice", class: "muted" }, t("shop_advice_searching"));
    const best = shop.best[0];
    if (!best) return el("div", { id: "shopadvice" }, el("div", { class: "big" }, t("shop_advice_none", { n: shop.rounds })));
    const r = best.per_round;
    const parts = [["spaces", r.spaces], ["coins", r.coins], ["vp", r.vp], ["rubies", r.rubies], ["droplet", r.droplet]]
      .filter(([, x]) => Math.abs(x) >= 0.05).map(([k, x]) => t("shop_why_" + k, { n: SIGNED.format(x) }));
    return el("div", { id: "shopadvice", "data-best": best.chips.map((c) => c.join("-")).join(" ") },
      el("div", { class: "big" }, t("shop_advice", { chips: best.chips.map(([c, v]) => Q.chipName(c, v)).join(" + "),
        value: SIGNED.format(best.value), error: PLAIN.format(best.error) })),
      el("div", { class: "muted" }, t("shop_advice_why", { n: shop.rounds, drawn: Math.round(r.drawn * 100),
        parts: parts.join(", ") })));
  }

  // Every chip for sale: price, how many are left in the box, its book (tap for the text), and
  // with the advice its value over the rounds left.
  function shopPanel(me, buys) {
    const prices = (view.shop && view.shop.prices) || {};
    const shop = ((view.assist || {}).advice || {}).shop;
    const valued = {};
    for (const c of (shop && shop.chips) || []) valued[c.chips[0].join("-")] = c;
    const spent = me.bought && me.bought.length;
    Q.fillFrom("shopbudget", [me.coins, me.bought], () => [el("span", { class: "big" }, me.coins), " ",
      spent ? t("coins_left_after", { n: me.coins, bought: me.bought.length }) : t("budget", { n: me.coins })]);
    const done = (view.actions || []).find((a) => a.kind === "done");
    // A book's text a player opened stays open while the shop's offer is the same.
    Q.fillFrom("buys", [prices, shop, view.books, me.coins, me.bought, buys, done, view.exchange, me.stand], () => [
      shopAdvice(shop), shopRows(me, buys, prices, valued), pointsRow(me, buys),
      done ? el("button", { class: "primary done", "data-action": "done", onclick: () => act(done) }, t("shop_done")) : null]);
  }

  function shopRows(me, buys, prices, valued) {
    return Object.entries(prices).map(([kind, p]) => {
      const [color, value] = kind.split("-");
      const action = buys.find((a) => a.color === color && String(a.value) === value);
      const why = action ? null : me.bought.includes(color) ? t("why_same_color")
        : p.left === 0 ? t("why_sold_out") : p.cost > me.coins ? t("why_too_expensive") : t("why_two_bought");
      const book = (view.books || {})[color];
      return el("div", { class: "shoprow" + (action ? "" : " off"), "data-kind": kind },
        Q.chip(color, value),
        el("div", { class: "what" },
          el("details", {}, el("summary", {}, Q.chipName(color, value)), el("p", { class: "booktext" }, book ? book.text : "")),
          el("span", { class: "muted", "data-left": p.left }, t("in_box", { n: p.left })),
          valued[kind] ? el("span", { class: "value", "data-value": valued[kind].value },
            t("shop_value", { value: SIGNED.format(valued[kind].value), error: PLAIN.format(valued[kind].error) })) : null),
        el("button", { "data-buy": kind, disabled: !action, title: why, onclick: () => action && act(action),
                       "aria-label": t("buy_chip", { chip: Q.chipName(color, value), cost: t("coins_n", { n: p.cost }) }) },
          t("coins_n", { n: p.cost })),
        why ? el("span", { class: "why muted" }, why) : null);
    });
  }

  // Wolfgang's Exchange Office, green side: victory points at the price under the stand droplet.
  function pointsRow(me, buys) {
    const stand = view.exchange;
    if (!stand || stand.side !== "green") return null;
    const cost = stand.numbers[me.stand || 0];
    const action = buys.find((a) => a.color === "points");
    return el("div", { class: "shoprow" + (action ? "" : " off"), "data-kind": "points" },
      Board.icon("star"), el("div", { class: "what" }, t("stand_points"),
        el("span", { class: "muted" }, t("stand_at_tube", { n: me.stand || 0 }))),
      el("button", { "data-buy": "points", disabled: !action, onclick: () => action && act(action),
                     "aria-label": t("buy_chip", { chip: t("stand_points"), cost: t("coins_n", { n: cost }) }) },
        t("coins_n", { n: cost })),
      action ? null : el("span", { class: "why muted" }, t("why_too_expensive")));
  }

  function resultsPanel(me) {
    fill("ranking", Results.ranking(view));
    fill("breakdown", Results.breakdown(me));
    fill("chart", Results.chart(view));
  }

  function otherLabel(a, me) {
    if (a.kind === "spend") return t("act_spend_" + a.what);
    if (a.kind === "return") {
      const aside = (me.aside || []).some((c) => c.chip === a.chip);  // beside the pot: the player puts it back
      return [t(aside ? "act_return_aside" : "act_return"), " ", Q.chip(...a.chip.split("-").slice(0, 2))];
    }
    return t("act_" + a.kind);
  }

  // Keyboard focus stays where the player is: a control a new view draws afresh is found again by
  // what it does; one that is gone or disabled hands focus to the next thing to do, or to the guide.
  const FOCUS_KEYS = ["id", "data-action", "data-buy", "data-option", "data-roll", "data-pick", "data-drawn", "data-held"];
  const NEXT = ["#bagreads button", "#decisions button", "#witchlist .decision button", "#draw", "#picker button",
                "#buys [data-buy]", "#buys [data-action=done]", "#actions button"];
  function focused() {
    const at = document.activeElement;
    if (!at || !at.closest("main")) return null;
    const key = FOCUS_KEYS.find((k) => at.hasAttribute(k));
    return key === "id" ? `#${at.id}` : key ? `[${key}="${CSS.escape(at.getAttribute(key))}"]` : null;
  }
  function usable(node) {
    return node && node.isConnected && !node.disabled && node.getClientRects().length > 0;
  }
  function refocus(was) {
    if (was === null || usable(document.activeElement) && document.activeElement.closest("main")) return;
    const same = document.querySelector(was);
    const next = usable(same) ? same
      : NEXT.map((s) => [...document.querySelectorAll(s)].find(usable)).find(Boolean) || document.getElementById("guide");
    next.focus();
  }

  // `id` filled by `build` only when `data` changed (Q.fillFrom); false when it was made again.
  function keep(id, data, build) {
    const node = document.getElementById(id), was = node.made;
    Q.fillFrom(node, data, build);
    return node.made === was;
  }
  let marked = null;  // the advice's choices the panels were last marked with

  function render(next, seq) {
    if (seq !== undefined && seq < shown) return;
    shown = seq ?? shown;
    view = next;
    const was = focused();
    const me = view.seats ? view.seats[view.you] : null;
    AssistPanel.render(view);
    document.body.dataset.phase = view.phase || "";
    if (!me) { Q.fillFrom("title", null, () => t("no_game")); return; }
    const st = me.status || "brewing";
    const actions = view.actions || [];
    const mine = (view.decisions || []).filter((d) => d.seat === view.you);  // the questions this seat answers
    headLines(me, st, actions, mine);
    const kept = panels(me, st, actions, mine);
    lowerPanels(me, st);
    // The advice's marks on the questions and the ruby spends, made again when they or the panels changed.
    const choices = ((view.assist || {}).advice || {}).choices;
    if (!kept || JSON.stringify(choices ?? null) !== marked) AssistPanel.choices(choices);
    marked = JSON.stringify(choices ?? null);
    news(me);
    if (tapped) {  // the question or guide that follows a tap comes into view
      tapped = false;
      window.scrollTo({ top: 0 });
    }
    refocus(was);
  }

  // The seat's name, the round and phase, its status and the guide line: what to do now.
  function headLines(me, st, actions, mine) {
    Q.fillFrom("title", [view.you, me.name], () => [Board.seatDot(view.you), " ", me.name]);
    Q.fillFrom("round", [view.round, view.phase], () => `${t("round")} ${view.round} ${t("of")} ${Q.BOARD.rounds} · ${t("phase_" + view.phase)}`);
    Q.fillFrom("status", [st, view.phase, me.insured_explosion], () => st !== "brewing" && !["fortune", "game_over"].includes(view.phase) ? t("status_" + st + (me.insured_explosion ? "_insured" : "")) : "");
    document.getElementById("status").className = st === "exploded" ? "bad" : "";
    const guideText = guide(me, mine, actions);
    const guideNode = Q.fillChanged("guide", guideText);
    const active = actions.length > 0 || mine.length > 0 || (view.winners || []).includes(view.you);
    guideNode.className = "guide " + (active ? "act" : "wait");
    document.body.dataset.guide = guideText;
  }

  // The panels with buttons: the bag's reads, the questions, the witches, drawing, the shop, the
  // results and the other actions. True when every panel with buttons was kept as it was.
  function panels(me, st, actions, mine) {
    const blocking = mine.filter((d) => !Turn.isOffer(d));
    const offers = mine.filter((d) => Turn.isOffer(d) && d.kind !== "witch");
    // The panels with buttons stay while what they are made from is the same: each key holds all its
    // panel reads, so a kept button's handler sends what the same button made now would send.
    let kept = keep("bagreads", [view.bag_reads, view.draws, me.returning], () => bagReads(me));
    kept = keep("decisions", [blocking, me.hand, me.scoring_space, me.droplet, me.tube],
      () => blocking.map((d) => d.kind in LOOKS ? lookPanel(d, me) : decisionPanel(d, me))) && kept;
    cardBox(mine);
    show("witchpanel", (view.witches || []).length > 0);
    const witching = mine.filter((d) => d.kind === "witch");
    kept = keep("witchlist", [view.witches, me.pennies, witching], () => witchPanel(me, witching)) && kept;
    kept = brewPanel(me, st, actions, blocking, offers) && kept;

    const buys = actions.filter((a) => a.kind === "buy");
    const shopping = view.phase === "shop" && view.shop.shopper === view.you;
    show("shop", shopping);
    if (shopping) shopPanel(me, buys);

    const over = view.phase === "game_over";
    show("results", over);
    if (over) resultsPanel(me);

    // A chip going back into the bag is the reader's to report; at a table without readers only a
    // chip beside the pot (red set 2) is put back by a tap.
    const asideChips = new Set((me.aside || []).map((c) => c.chip));
    const rest = actions.filter((a) => !["draw", "choose", "buy", "stop"].includes(a.kind) && !(shopping && a.kind === "done")
      && !(a.kind === "return" && !(page.picker && asideChips.has(a.chip))));
    show("actionpanel", rest.length > 0);
    return keep("actions", [rest, me.aside], () => rest.map((a) => el("button", { "data-action": a.kind + (a.what ? "-" + a.what : ""),
      class: a.kind === "done" ? "primary" : "", onclick: () => act(a) }, otherLabel(a, me)))) && kept;
  }

  // Draw or stop, the chips to tap at a table without readers, the pot's strip and the odds line.
  // True when the pot's strip was kept as it was.
  function brewPanel(me, st, actions, blocking, offers) {
    const brewing = view.phase === "brewing" && st === "brewing";
    const canDraw = actions.some((a) => a.kind === "draw");
    show("brew", brewing || canDraw);  // a card or a patient may have a seat that stopped draw chips
    const looking = blocking.some((d) => d.kind in LOOKS);
    const drawBtn = document.getElementById("draw");
    if (drawBtn) {
      drawBtn.disabled = !canDraw;
      Q.fillFrom(drawBtn, looking, () => looking ? t("draw_look") : t("draw"));
      drawBtn.classList.toggle("hidden", looking && !canDraw);  // every chip seen: only the choice is left
    }
    const stop = document.getElementById("stop");
    stop.classList.toggle("hidden", looking || !brewing);
    stop.disabled = !actions.some((a) => a.kind === "stop");
    const picking = page.picker && canDraw;  // a table without readers: tap the chip you drew
    show("picker", picking);
    if (picking) Q.fillFrom("picker", [actions, me.bag, view.you], () => chipButtons(me));
    const strip = brewing || canDraw;
    const kept = keep("potstrip", [strip, me.pot, offers, me.scoring_space, me.white_total, me.threshold],
      () => strip ? potStrip(me, offers) : []);
    const odds = brewing && !looking && (view.assist || {}).level !== "off";  // the table may hide the odds
    const advised = odds && (view.assist || {}).level === "advice";  // the advice's line says the odds too
    show("riskline", odds && !advised);
    show("advice", advised);
    if (odds) riskLine(me);
    return kept;
  }

  // Under the first screen: the pot, the chips beside it, the bowl, the books in force, the numbers,
  // the flask (The Alchemists) and the bag.
  function lowerPanels(me, st) {
    Board.drawPot(potDrawn, me);
    const aside = me.aside || [], inForce = me.in_force || [];
    show("aside", aside.length > 0);
    Q.fillFrom("aside", aside, () => [el("span", { class: "muted" }, t("beside_pot")), aside.map((c) => Q.chip(c.color, c.value))]);
    const bowl = me.bowl || { chips: [] };
    show("bowl", bowl.chips.length > 0);
    Q.fillFrom("bowl", bowl, () => [el("span", { class: "muted" }, t("bowl_of", { total: bowl.total, points: bowl.points })),
      bowl.chips.map((c) => Q.chip(c.color, c.value))]);
    show("inforce", inForce.length > 0);
    Q.fillFrom("inforce", inForce, () => inForce.map((e) => el("li", { "data-rule": e.rule }, e.text)));
    const sc = me.scoring_space;
    Q.fillFrom("scoring", sc, () => sc ? [el("span", { class: "big" }, `${sc.coins}`), ` ${t("coins_word", { n: sc.coins })} · `,
      el("span", { class: "big" }, `${sc.vp}`), ` ${t("vp")}`, sc.ruby ? [" · ", Board.icon("ruby"), " ", t("ruby")] : ""] : []);
    statsPanel(me, st);
    flaskPanel(me);
    const bag = me.bag || { count: 0, chips: {} };
    Q.fillFrom("bagcount", bag.count, () => `${bag.count}`);
    Q.fillFrom("bag", bag.chips, () => {
      const kinds = Object.entries(bag.chips || {});
      return kinds.length ? kinds.map(([key, n]) => el("span", { "data-bag": key },
        Q.chip(...key.split("-")), el("span", { class: "count" }, `×${n}`))) : el("span", { class: "muted" }, t("bag_empty"));
    });
  }

  // The Alchemists: the flask's track, the glass under each space, and the chips Nervousness laid out.
  function flaskPanel(me) {
    const patient = (view.patients || []).find((p) => p.id === me.patient);
    show("flaskpanel", !!patient);
    if (!patient) return;
    Q.fillFrom("flaskhead", [patient.name, me.essence], () => t("flask_of", { patient: patient.name, n: me.essence }));
    Q.fillFrom("flasktrack", [patient.glasses, me.essence], () => patient.glasses.map((g) => el("li", { "data-space": g.space,
      class: g.space === me.essence ? "here" : "" }, el("b", {}, `${g.space}`), " ", g.label)));
    const laid = me.laid_out || [];
    show("laidout", laid.length > 0);
    Q.fillFrom("laidout", laid, () => [el("span", { class: "muted" }, t("laid_out")), laid.map((c) => Q.chip(c.color, c.value))]);
  }

  // What a screen reader hears once: this seat's own chips as they land and its explosion, the other
  // seats' news in a word (stopped, exploded); the guide line says the rest itself when it changes.
  let heard = null;
  function news(me) {
    const now = { round: view.round, pot: (me.pot || []).length, status: view.seats.map((s) => s.status) };
    const lines = [];
    if (heard && heard.round === now.round) {
      for (const c of (me.pot || []).slice(heard.pot)) {
        const space = Q.BOARD.track[c.space];
        lines.push(t("chip_on_space", { chip: Q.chipName(c.color, c.value), n: space ? space.coins : c.space }));
      }
      view.seats.forEach((s, k) => {
        if (s.status === heard.status[k] || !s.status || s.status === "brewing") return;
        const what = t("status_" + s.status);
        lines.push(k === view.you ? what : t("seat_news", { name: s.name, what }));
      });
    }
    heard = now;
    Q.say(...lines);
  }

  // The seat's numbers: score, rubies, flask, start space, and the expansions' test tube, stand and
  // insured draws; made again only when one of them changed.
  function statsPanel(me, st) {
    const tube = view.setup && view.setup.tubes ? me.tube : null, insured = st === "brewing" ? me.insured : 0;
    Q.fillFrom("stats", [me.score, me.rubies, me.flask, me.start_space, me.rat, tube, view.exchange, me.stand, insured], () => {
      const start = Q.BOARD.track[me.start_space];
      return [
        el("div", {}, el("b", {}, me.score), el("span", {}, t("score"))),
        el("div", {}, el("b", {}, Board.icon("ruby"), me.rubies), el("span", {}, t("rubies"))),
        el("div", { "data-flask": me.flask ? "full" : "used" }, el("b", {}, Board.icon(me.flask ? "flask" : "flaskempty")),
          el("span", {}, `${t("flask")} ${me.flask ? t("flask_full") : t("flask_empty")}`)),
        el("div", { "data-start": me.start_space }, el("b", {}, start ? start.coins : me.start_space),
          el("span", {}, me.rat ? t("start_with_rat", { n: me.rat }) : t("start_at_droplet"))),
        tube !== null ? el("div", { "data-tube": tube }, el("b", {}, tube), el("span", {}, t("tube_glass", { pays: Q.BOARD.glasses[Math.min((tube || 0) + 1, Q.BOARD.glasses.length - 1)] }))) : null,
        view.exchange ? el("div", { "data-stand": me.stand }, el("b", {}, view.exchange.numbers[me.stand || 0]),
          el("span", {}, t(view.exchange.side === "green" ? "stand_price" : "stand_divisor", { n: me.stand || 0 }))) : null,
        // Blue set 2: how many of the next draws an explosion would still keep points and coins.
        insured ? el("div", { "data-insured": insured }, el("b", {}, insured), el("span", {}, t("insured_draws"))) : null];
    });
  }

  // A table without readers: every kind in the bag is a button; tap the chip you drew.
  function chipButtons(me) {
    const drawable = new Set((view.actions || []).filter((a) => a.kind === "draw").map((a) => a.chip.split("-").slice(0, 2).join("-")));
    return Object.entries((me.bag || {}).chips || {}).filter(([key]) => drawable.has(key)).map(([key, n]) =>
      el("button", { "data-bag": key, "data-pick": key, onclick: () => act({ kind: "draw", seat: view.you, chip: key }) },
        Q.chip(...key.split("-")), el("span", { class: "count" }, `×${n}`)));
  }

  // The advice found after the view went out: the view keeps it, the panel shows it.
  Q.connect(page.streamUrl, render, { advice: (advice) => {
    if (!view || !view.assist) return;
    const before = view.assist.advice || {};
    view.assist.advice = advice;
    if (advice.shop || advice.choices || before.shop || before.choices) render(view);  // the shop's, a question's panel
    else AssistPanel.advice(advice);
  } });
  const drawBtn = document.getElementById("draw");
  if (drawBtn) drawBtn.addEventListener("click", () => { tap(); post(page.drawUrl, {}).then(apply); });
  document.getElementById("stop").addEventListener("click", () => {
    const stop = view && (view.actions || []).find((a) => a.kind === "stop");
    if (stop) act(stop);
  });
})();
