// Shared page client: strings, safe element building, JSON requests with the CSRF header,
// and the live stream with its "offline, reconnecting" banner. No framework, no CDN.
"use strict";
const Q = (() => {
  const page = document.body.dataset;
  const S = JSON.parse(document.getElementById("strings").textContent);
  const BOARD = JSON.parse(document.getElementById("board").textContent);

  const PLURAL = new Intl.PluralRules(document.documentElement.lang || "en");

  // Why an input was refused, in the page's language (an English page shows the rule's own reason).
  function refusal(code) { return (S.refusals || {})[code]; }

  // A text by its key; a text with a count (vars.n) comes in one form per plural category.
  function t(key, vars) {
    let text = S[key] ?? key;
    if (typeof text === "object") text = text[PLURAL.select(Number(vars && vars.n))] ?? text.other;
    for (const [k, v] of Object.entries(vars || {})) text = text.replace("{" + k + "}", String(v));
    return text;
  }

  // Build elements with text nodes only, so names and labels are never parsed as HTML.
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function fill(id, ...children) {
    const node = document.getElementById(id);
    if (node) node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
    return node;
  }

  // Fill `at` (an element, or its id) with what `build()` makes only when `data` (what it is made
  // from) changed since the last time: a part that did not change is neither made again nor laid
  // out and painted again.
  function fillFrom(at, data, build) {
    const node = typeof at === "string" ? document.getElementById(at) : at;
    const made = JSON.stringify(data);
    if (node && node.made !== made) {
      node.replaceChildren(...[build()].flat(Infinity).filter((c) => c !== null && c !== undefined));
      node.made = made;
    }
    return node;
  }

  // A live region is spoken each time its content is replaced, even by the same words: it is
  // replaced only when what it says changed.
  function fillChanged(id, ...children) {
    const node = document.getElementById(id);
    if (!node) return node;
    const next = el("div", {}, ...children);
    if (node.textContent !== next.textContent) node.replaceChildren(...next.childNodes);
    return node;
  }

  // What a screen reader should hear once, beyond the lines that say it themselves: the last few
  // kept, each a line of its own in the page's polite live region.
  function say(...lines) {
    const box = document.getElementById("announce");
    if (!box || !lines.length) return;
    box.append(...lines.map((line) => el("p", {}, line)));
    while (box.childElementCount > 4) box.firstElementChild.remove();
  }

  let toastTimer = null;
  function toast(message) {
    const box = document.getElementById("toast");
    box.textContent = message;
    box.classList.remove("hidden");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => box.classList.add("hidden"), 5000);
  }

  // POST JSON with the session's CSRF token.
  async function post(url, body) {
    const headers = { "Content-Type": "application/json", "X-CSRF-Token": page.csrf };
    let response;
    try {
      response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body || {}),
                                    credentials: "same-origin" });
    } catch (err) {
      Q.lastError = t("offline");
      toast(Q.lastError);
      return null;
    }
    const data = await response.json().catch(() => ({ message: response.statusText }));
    if (!response.ok) { Q.lastError = refusal(data.error) || data.message || response.statusText; toast(Q.lastError); return null; }
    return data;
  }

  // A patch from the server (companion/webapp/patch.py): each op is [path, value], which sets the
  // value there (a list's index equal to its length appends), or [path], which removes that key.
  function applyPatch(view, ops) {
    for (const [path, ...value] of ops) {
      if (!path.length) { view = value[0]; continue; }
      let parent = view;
      for (const key of path.slice(0, -1)) parent = parent[key];
      const last = path[path.length - 1];
      if (!value.length) delete parent[last];
      else if (Array.isArray(parent) && last === parent.length) parent.push(value[0]);
      else parent[last] = value[0];
    }
    return view;
  }

  // The live stream. EventSource reconnects by itself and sends Last-Event-ID, so the server
  // replays what this page missed; the banner shows while the connection is down. The page is sent
  // its whole view when it connects, then what changed, tagged with the view it applies to; this
  // keeps the view and hands each page's `onView` a whole view of its own, so a renderer never
  // sees a patch. A patch for another view than this one holds (it fell behind) opens the stream
  // afresh, for the whole view. `onEvent` takes the stream's named events by name (a seat's
  // "advice", found after its view went out), each of which also sets its part of the view.
  function connect(url, onView, onEvent = {}) {
    const banner = document.getElementById("offline");
    const badge = document.getElementById("live");
    let game = null, view = null, at = null, source = null;
    // A page opened mid-game starts with the journal's feed and streams from where it ends.
    const known = document.getElementById("feed");
    let last = null;
    if (known) {
      const start = JSON.parse(known.textContent);
      feed({ lines: start.lines });
      last = start.seq;
    }
    const copy = (value) => (typeof structuredClone === "function" ? structuredClone(value) : JSON.parse(JSON.stringify(value)));

    function open() {
      source = new EventSource(last === null ? url : url + (url.includes("?") ? "&" : "?") + "last=" + last);
      source.onopen = () => { banner.classList.add("hidden"); badge && badge.classList.remove("hidden"); };
      source.onerror = () => { banner.classList.remove("hidden"); badge && badge.classList.add("hidden"); };
      source.onmessage = (message) => {
        const data = JSON.parse(message.data);
        if (data.closed) {  // the server ended this page's stream for good (its link was re-issued)
          source.close();
          banner.textContent = t(data.closed);
          banner.classList.remove("hidden");
          badge && badge.classList.add("hidden");
          document.body.dataset.closed = data.closed;
          return;
        }
        if (game !== null && data.game !== game) location.reload();  // a new game: new links, new board
        if (data.patch && data.base !== at) return again();
        game = data.game;
        last = data.seq;
        document.body.dataset.seq = data.seq;
        if (data.entry) feed(data.entry);
        if (data.view) view = data.view;
        else if (data.patch) view = applyPatch(view, data.patch);
        else return;
        at = data.at;
        onView(copy(view), data.seq);
      };
      for (const [name, handle] of Object.entries(onEvent)) {
        source.addEventListener(name, (message) => {
          const data = JSON.parse(message.data);
          if (data.base !== at) return again();
          view = applyPatch(view, [[data.path, data.value]]);
          at = data.at;
          handle(copy(data.value));
        });
      }
    }

    // This page's view is not the one the stream's changes go from: the whole view, afresh.
    function again() {
      source.close();
      at = null;
      open();
    }

    // Opened once every script of the page has run: a view that came before a later script (the card
    // picker's) would be drawn without that part, which then waited for the next change at the table.
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", open);
    else open();
    return { close: () => source && source.close() };
  }

  // Numbers as the page's locale writes them (its symbols come from Babel with the strings):
  // "16.7" and "27%" in English, "16,7" and "27 %" in Spanish.
  function num(x, digits = 0) {
    const fixed = Number(x).toFixed(digits).replace(/\.?0+$/, (m) => (digits && m.startsWith(".") ? "" : m));
    const [whole, frac] = fixed.split(".");
    return whole + (frac ? (S.number || {}).decimal + frac : "");
  }
  function pct(p) {
    const value = Math.round(p * 1000) / 10;
    return ((S.number || {}).percent || "{n}%").replace("{n}", num(value, value < 10 && value % 1 ? 1 : 0));
  }

  // Locoweed prints no value: its book says how far it moves.
  function face(color, value) { return color === "locoweed" ? "" : value; }

  // A chip as a player knows it: its colour, its shape (one per colour, drawn by app.css), its
  // value and its colour's letter in the page's language; a screen reader hears its name.
  function chip(color, value) {
    const letter = BOARD.letters[color] || "?";
    const name = chipName(color, value);
    return el("span", { class: "chip chip-" + color, title: name, role: "img", "aria-label": name },
      el("span", { class: "face", "aria-hidden": "true" }),
      el("span", { class: "n", "aria-hidden": "true" }, face(color, value)),
      el("span", { class: "l", "aria-hidden": "true" }, letter));
  }

  function chipName(color, value) { return `${S.colors[color] || color} ${face(color, value)}`.trim(); }

  // The feed keeps the last lines of every entry this page has received, worded by the server, the
  // newest first: an entry's lines go on at the top and the oldest past the last 40 (as many as
  // feed.py's FEED_LINES) come off, so the lines already shown are neither made nor laid out again.
  function feed(entry) {
    const box = document.getElementById("events");
    if (!box) return;
    box.prepend(...(entry.lines || []).slice().reverse().map((line) => el("li", {}, line)));
    while (box.childElementCount > 40) box.lastElementChild.remove();
  }

  return { page, S, BOARD, t, el, fill, fillFrom, fillChanged, say, toast, post, connect, applyPatch, chip, chipName, face, refusal, num, pct };
})();
