// The host's console: host inputs, join links and connections, over the shared table board.
"use strict";
(() => {
  const { el, t, fill, post, page } = Q;

  function render(view) {
    TableView.render(view);
    const host = view.host || { seats: [], actions: [] };
    fill("hostactions", host.actions.map((a) => el("button", { class: "primary", "data-action": a.kind,
      onclick: () => post(page.actionUrl, a) }, t("act_" + a.kind))));
    fill("connections",
      el("tr", {}, el("th", {}, t("seat")), el("th", {}, t("phone_status"))),
      host.seats.map((s) => el("tr", { "data-seat": s.seat },
        el("td", {}, Board.seatDot(s.seat), " ", s.name),
        el("td", { class: s.phones ? "ok" : "bad" }, s.phones ? `${t("connected")} (${s.phones})` : t("disconnected")))));
  }

  Q.connect(page.streamUrl, render);
})();
