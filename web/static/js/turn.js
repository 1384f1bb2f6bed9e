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
    if (view.phase === "fortune") return t("guide_fortune");
    const others = (view.waiting || []).filter((k) => k !== null && k !== except);
    if (!others.length) return t("waiting");
    const asked = (k) => (view.decisions || []).find((d) => d.seat === k && !isOffer(d));
    const decided = others.filter(asked);
    const what = decided.length ? DECISION_WAIT[asked(decided[0]).kind] || "choose"
      : { brewing: "brewing", shop: "shopping", spend: "spending" }[view.phase] || "choose";
    const who = (decided.length ? decided : others).map((k) => view.seats[k].name);
    return t(`wait_${what}`, { n: who.length, names: names(who) });
  }

  return { waiting, isOffer };
})();
