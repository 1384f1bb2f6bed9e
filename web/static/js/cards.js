// The Fortune Teller card picker: whoever holds the tablet types the turned-up card's name (in the
// page's language, or any English printing's title), checks its text and confirms; or lets the table draw an unused card. Shows the
// round's card in the page's language once it is read.
"use strict";
const Cards = (() => {
  const { el, fill, post } = Q;
  const DATA = JSON.parse(document.getElementById("cards").textContent);
  const BY_ID = Object.fromEntries(DATA.cards.map((c) => [c.id, c]));
  const W = DATA.words;
  const box = document.getElementById("cardpicker");
  const search = document.getElementById("cardsearch");
  let available = [];
  let chosen = null;

  // Accents and case do not matter when searching: "limosna" finds "Limosna", "pocion" finds "Poción".
  const fold = (text) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

  function describe(card) {
    return [el("b", {}, card.name), " ", el("span", { class: "muted" }, W[card.kind]), el("p", {}, card.text)];
  }

  function matches() {
    const q = fold(search.value.trim());
    const found = available.map((id) => BY_ID[id]).filter((c) => c && (!q || fold(c.name).includes(q)
      || c.search.some((title) => fold(title).includes(q)) || c.id.toLowerCase() === q));
    fill("cardmatches", found.length ? found.map((c) => el("li", {},
      el("button", { "data-card": c.id, onclick: () => choose(c.id) }, c.name))) : el("li", { class: "muted" }, W.no_match));
  }

  function choose(id) {
    chosen = id;
    const card = BY_ID[id];
    fill("cardname", card.name);
    fill("cardkind", W[card.kind]);
    fill("cardtext", card.text);
    const shown = document.getElementById("cardchosen");
    shown.classList.remove("hidden");
    shown.scrollIntoView({ block: "nearest" });  // the table screen's round panel is short: its text and confirm come into view
  }

  function reset() {  // the list goes too, so a page shows the same whether or not it saw the picker open
    chosen = null;
    search.value = "";
    fill("cardmatches");
    document.getElementById("cardchosen").classList.add("hidden");
  }

  async function confirm() {
    if (chosen && await post(box.dataset.actionUrl, { kind: "fortune", card: chosen })) reset();
  }

  async function drawOne() {
    if (await post(box.dataset.drawUrl, {})) reset();
  }

  async function noCard() {
    if (await post(box.dataset.actionUrl, { kind: "fortune", card: null })) reset();
  }

  function render(view) {
    const open = view.phase === "fortune" && !view.fortune;
    box.classList.toggle("hidden", !open);
    available = view.cards_available || [];
    if (open) matches();
    else reset();
    const card = view.card && BY_ID[view.card.id];
    if (card) fill("fortune", describe(card));
    else if (view.fortune === "none") fill("fortune", W.none);
    else if (open) fill("fortune");
  }

  search.addEventListener("input", () => {  // what the typing found comes into view in the table screen's short panel
    matches();
    document.getElementById("cardmatches").scrollIntoView({ block: "nearest" });
  });
  document.getElementById("cardconfirm").addEventListener("click", confirm);
  document.getElementById("carddraw").addEventListener("click", drawOne);
  document.getElementById("cardnone").addEventListener("click", noCard);
  return { render };
})();
