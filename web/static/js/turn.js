// Whose move it is, in words, for the phones and the table screen: the common part of the seat's
// guide line and the table's "now" line, worked out from the view's `waiting` and decisions.
"use strict";
const Turn = (() => {
  const { t } = Q;
  const DECISION_WAIT = { bonus_die: "die" };
  // Offers about the last chip lapse at the next draw and hold nobody up, and so does a witch's
  // offer beside the seat's other inputs; every other decision (the test-tube side's droplet
  // question too) is a question the phase waits for.
  const OFFERS = new Set(["flask", "yellow.return", "witch"]);
  const isOffer = (d) => OFFERS.has(d.kind);

  function names(list) {
    if (list.length < 2) return list.join("");
    return list.slice(0, -1).join(", ") + t("and") + list[list.length - 1];
  }

  // "Game over: Ann wins" / "... Ann and Ben share the win".
  function winners(view) {
    const who = (view.winners || []).map((k) => view.seats[k].name);
    return t("guide_over", { n: who.length, names: names(who) });
  }

  // "Wait: Ben is shopping" / "Wait: Ann and Ben are brewing"; everyone but `except` (a seat or null).
  function waiting(view, except) {
    if (view.paused) return t("guide_paused");
    if (view.phase === "game_over") return winners(view);
    if (view.phase === "fortune" && !view.fortune) return t("guide_fortune");
    const others = (view.waiting || []).filter((k) => k !== null && k !== except);
    if (!others.length) return t("waiting");
    const asked = (k) => (view.decisions || []).find((d) => d.seat === k && !isOffer(d));
    const decided = others.filter(asked);
    const what = decided.length ? DECISION_WAIT[asked(decided[0]).kind] || "choose"
      : { brewing: "brewing", shop: "shopping", spend: "spending" }[view.phase] || "choose";
    const who = (decided.length ? decided : others).map((k) => view.seats[k].name);
    return t(`wait_${what}`, { n: who.length, names: names(who) });
  }

  // Synchronised drawing (the view's `stir`, null when the table does not stir this round): the
  // table's line, "Stir! (chip 3)" or "Waiting for Ann and Ben · Ben: Draw six".
  function stirLine(view) {
    const stir = view.stir;
    if (!stir || view.paused) return "";
    if (stir.ready) return t("stir_call", { n: stir.chip });
    const who = stir.waiting.map((w) => view.seats[w.seat].name);
    const why = stir.waiting.filter((w) => w.why !== "draw")
      .map((w) => t("stir_why", { name: view.seats[w.seat].name, why: t("stir_why_" + w.why) }));
    return [t("stir_wait", { n: who.length, names: names(who) }), ...why].join(" · ");
  }

  // A seat's own part: take out a chip (or an empty hand), or wait for the others; "" when the
  // seat has its own question to answer, is out of the stirs, or the table does not stir.
  function stirGuide(view, seat) {
    const stir = view.stir;
    if (!stir || view.paused || view.seats[seat].status !== "brewing") return "";
    const mine = stir.waiting.find((w) => w.seat === seat);
    if (mine && mine.why !== "draw") return "";
    if (stir.ready || mine) return t("stir_go");
    const others = stir.waiting.map((w) => view.seats[w.seat].name);
    return t("stir_hold", { n: others.length, names: names(others) });
  }

  return { waiting, isOffer, stirLine, stirGuide };
})();
