// Shared helpers (an ES module) for the lobby, the campaigns page and the game page: API calls, seat secrets kept in
// this browser, goods, cards, players' colours and names.

export const $ = (id) => document.getElementById(id);

export const GOODS = ["brick", "food", "tool", "wine", "cloth"];
export const GOOD_COLORS = { brick: "#b4532a", food: "#d1a72c", tool: "#6c7a89", wine: "#7a2e63", cloth: "#3f7fb7" };
export const PLAYER_COLORS = ["#c8312b", "#2561c6", "#2e8b3e", "#e0a911", "#353535", "#f2efe6"];
export const PLAYER_TEXT_COLORS = ["#b0261f", "#1f4fa8", "#23732f", "#8f6a00", "#222222", "#6b6355"];
export const PLAYER_NAMES_OF_COLORS = ["red", "blue", "green", "yellow", "black", "white"];
export const CONTRARIUS_COLOR = "#7e3fa0";
// a letter per colour, drawn on every piece and swatch, so that the colours can be told apart without seeing colour
// (black is K, as in printing, apart from blue's B)
export const PLAYER_LETTERS = ["R", "B", "G", "Y", "K", "W"];
export const CONTRARIUS_LETTER = "C";
export const ACTION_TEXT = {
  tribune: "Take back played cards; buy a colonist",
  architect: "Move colonists, build houses",
  prefect: "Produce in a province, or cash in",
  mercator: "Trade two kinds of goods",
  consul: "Buy one card, no position cost",
  diplomat: "Copy another player's top card",
  colonist: "New colonists, or money",
  specialist: "Your houses of its good produce",
  magister: "Repeat your top card",
  double: "Perform one of two halves",
};

export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "html") e.innerHTML = v;
    else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `HTTP ${status}`);
    this.status = status;
    this.rule = body && body.rule;  // the rule in words, to show
    this.code = (body && body.code) || "";  // its stable key, what the page acts on
    this.body = body;
  }
}

// a JSON request; secrets go in `headers` (X-Seat-Key, X-Owner-Key, X-Campaign-Key) or in the body, never in `path`.
// A 503 (the database restarting) or a 429 (too many requests from this address) is tried again after a wait that
// doubles each time (or the server's Retry-After), up to 5 times, the player told meanwhile; only a request that
// cannot be stored twice: a read, or a decision or undo (they carry the position they were made on: one stored
// already is refused as stale when tried again)
export async function api(method, path, body, headers = {}) {
  const opts = { method, headers: { ...headers } };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const retried = method === "GET" || (body !== undefined && body !== null && body.expect !== undefined);
  for (let attempt = 0; ; attempt++) {
    let resp;
    try {
      resp = await fetch(path, opts);
    } catch (e) {
      retryNotice(null);
      throw new ApiError(0, { error: "the server cannot be reached (is it running?)", rule: "Connection" });
    }
    if (retried && (resp.status === 503 || resp.status === 429) && attempt < 5) {
      const wait = Math.min(30, Math.max(Number(resp.headers.get("Retry-After")) || 0, 0.5 * 2 ** attempt));
      retryNotice(`The server is ${resp.status === 503 ? "busy" : "limiting requests"}: trying again in ${Math.ceil(wait)} s…`);
      await new Promise((done) => setTimeout(done, wait * 1000));
      continue;
    }
    retryNotice(null);
    let data = null;
    if (resp.status !== 204) {
      try { data = await resp.json(); } catch (e) { data = null; }
    }
    if (!resp.ok) throw new ApiError(resp.status, data);
    return data;
  }
}

// the line telling the player a request is being tried again (null: gone)
function retryNotice(text) {
  let n = document.getElementById("retry-notice");
  if (text === null) { if (n) n.remove(); return; }
  if (!n) {
    n = el("div", { id: "retry-notice", role: "status",
      style: "position:fixed;bottom:1em;left:50%;transform:translateX(-50%);padding:.5em 1em;background:#fff8d0;border:1px solid #c9a400;border-radius:4px;z-index:1000" });
    document.body.append(n);
  }
  n.textContent = text;
}

// secrets kept in this browser, by prefix: the creators' (sestertius.owner.<game> = key) and the campaigns'
// (sestertius.campaign.<name> = key). Each is stored once the server has answered it (it made them).
function secretStore(prefix) {
  return {
    get(name) { try { return localStorage.getItem(prefix + name); } catch (e) { return null; } },
    set(name, key) { try { localStorage.setItem(prefix + name, key); } catch (e) { /* private mode */ } },
    remove(name) { try { localStorage.removeItem(prefix + name); } catch (e) { /* ignore */ } },
    all() {
      const out = {};
      try {
        for (let i = 0; i < localStorage.length; i++) {
          const k = localStorage.key(i);
          if (k.startsWith(prefix)) out[k.slice(prefix.length)] = localStorage.getItem(k);
        }
      } catch (e) { /* ignore */ }
      return out;
    },
  };
}
export const Owners = secretStore("sestertius.owner.");
export const CampaignKeys = secretStore("sestertius.campaign.");

// seat secrets of this browser: localStorage["sestertius.creds.<game>"] = {seat: key}. A secret is stored only once
// the server has accepted it (or made it): a link cannot make this browser forget a seat.
export const Creds = {
  get(game) {
    try { return JSON.parse(localStorage.getItem("sestertius.creds." + game) || "{}"); } catch (e) { return {}; }
  },
  set(game, creds) {
    try { localStorage.setItem("sestertius.creds." + game, JSON.stringify(creds)); } catch (e) { /* private mode */ }
  },
  add(game, seat, key) {
    const c = Creds.get(game);
    c[seat] = key;
    Creds.set(game, c);
    return c;
  },
  forget(game) {
    try { localStorage.removeItem("sestertius.creds." + game); } catch (e) { /* ignore */ }
  },
  // every seat secret of this browser, as the server's list of one's games takes them: [{game, seat, key}]
  all() {
    return Creds.games().flatMap((game) => Object.entries(Creds.get(game)).map(([seat, key]) => ({ game, seat: Number(seat), key })));
  },
  games() {
    const out = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k.startsWith("sestertius.creds.")) out.push(k.slice("sestertius.creds.".length));
      }
    } catch (e) { /* ignore */ }
    return out;
  },
};

export function goodIcon(g, extraClass = "") {
  if (g === "any") return el("span", { class: "good any " + extraClass, title: "any good" }, "?");
  return el("span", { class: `good ${g} ${extraClass}`, title: g }, g[0].toUpperCase());
}

export function goodCount(g, n) {
  return el("span", { class: "goodcount", title: `${n} ${g}` }, goodIcon(g), String(n));
}

export function coin(n, title) {
  return el("span", { class: "coin", title: title || sestertii(n) }, String(n));
}

export function costIcons(costArr) {
  const out = [];
  (costArr || []).forEach((n, i) => { for (let k = 0; k < n; k++) out.push(goodIcon(GOODS[i])); });
  return out;
}

export let CATALOG = null; // the card catalog, once loadCatalog() has fetched it
export async function loadCatalog() {
  if (!CATALOG) CATALOG = await api("GET", "/api/catalog");
  return CATALOG;
}

export function cardInfo(key) {
  return (CATALOG && CATALOG.cards[key]) || { title: key, action: "", gods: [], cost: [0, 0, 0, 0, 0] };
}

export function cardTitle(key) {
  return key ? cardInfo(key).title : "—";
}

export function cardWhat(c) {
  if (c.action === "specialist") return `Houses in ${c.good} cities produce ${c.good}`;
  if (c.action === "mercator") return `+${sestertii(c.money)}, then trade`;
  if (c.action === "senator" && c.buys) return `Buy up to ${c.buys} card${c.buys > 1 ? "s" : ""}`;
  if (c.action === "double" && c.halves && c.halves.length) return c.halves.map(cardTitle).join(" or ");
  return ACTION_TEXT[c.action] || c.action || "";
}

// Solitaria: cards also show Contrarius' reaction to them (set by the game page from its view)
let REACTIONS = false;
export function showReactions(on) { REACTIONS = !!on; }

// a card's full explanation: what it does (the catalog's words), its gods, and in Solitaria Contrarius' reaction
export function cardFull(key) {
  const c = cardInfo(key);
  const gods = (c.gods || []).join(", ") || "no god";
  return `${c.title} (${gods}): ${c.text || cardWhat(c)}` + (REACTIONS && c.reaction ? `\nContrarius' reaction: ${c.reaction}` : "");
}

// the small panel that explains a card when its ⓘ is tapped (or clicked): closed by its button, Escape or a tap elsewhere
export function showCardInfo(key, from) {
  let box = document.getElementById("cardinfo");
  if (!box) {
    box = el("div", { id: "cardinfo", class: "cardinfo hidden", role: "dialog", "aria-label": "About a card" });
    document.body.append(box);
    document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hideCardInfo(); });
    document.addEventListener("click", (ev) => { if (!box.contains(ev.target) && !ev.target.closest(".card-info")) hideCardInfo(); });
  }
  const c = cardInfo(key);
  box.innerHTML = "";
  box.append(
    el("div", { class: "cardinfo-head" }, el("b", {}, c.title), " ", el("span", { class: "muted" }, (c.gods || []).join(" · ")),
      el("button", { class: "cardinfo-close", type: "button", "aria-label": "Close", onclick: () => hideCardInfo() }, "×")),
    el("p", { class: "cardinfo-text" }, c.text || cardWhat(c)),
    REACTIONS && c.reaction ? el("p", { class: "cardinfo-react" }, el("b", {}, "Contrarius' reaction: "), c.reaction) : null,
  );
  box.classList.remove("hidden");
  box.dataset.card = key;
  box.querySelector(".cardinfo-close").focus();
  box._from = from || null;
}

export function hideCardInfo() {
  const box = document.getElementById("cardinfo");
  if (!box || box.classList.contains("hidden")) return;
  box.classList.add("hidden");
  if (box._from && document.contains(box._from)) box._from.focus();
}

// a card tile: god colour band, title, gods, what it does, its own cost; its full text on hover (title) and behind
// its ⓘ button (a tap); in Solitaria Contrarius' reaction in a few words on the tile
export function cardEl(key, opts = {}) {
  if (!key) return el("div", { class: "card empty" + (opts.small ? " small" : "") });
  const c = cardInfo(key);
  const gods = c.gods && c.gods.length ? c.gods : ["none"];
  const band = el("div", { class: "band" }, gods.map((g) => el("span", { class: "g-" + g })));
  const cls = ["card"];
  if (opts.small) cls.push("small");
  if (opts.cls) cls.push(opts.cls);
  const info = el("button", { class: "card-info", type: "button", "aria-label": `About ${c.title}`, title: `About ${c.title}` }, "i");
  info.addEventListener("click", (ev) => { ev.stopPropagation(); showCardInfo(key, info); });
  info.addEventListener("keydown", (ev) => ev.stopPropagation());
  const react = REACTIONS && c.reaction_short && !opts.noReaction
    ? el("div", { class: "react", title: `Contrarius' reaction: ${c.reaction}` }, "C: " + c.reaction_short) : null;
  const e = el("div", { class: cls.join(" "), title: cardFull(key), dataset: { card: key } },
    band,
    el("div", { class: "title" }, opts.strip ? c.title.replace(/\s*\(Contrarius\)$/, "") : c.title),
    el("div", { class: "god" }, (c.gods || []).join(" · ")),
    opts.small ? null : el("div", { class: "what" }, cardWhat(c)),
    opts.small ? null : react,
    opts.showCost === false ? null : el("div", { class: "cost" }, costIcons(c.cost)),
    info,
  );
  if (opts.count && opts.count > 1) e.append(el("span", { class: "count" }, "×" + opts.count));
  return e;
}

export function playerColor(seat, view) {
  if (view && isContrarius(view, seat)) return CONTRARIUS_COLOR;
  return PLAYER_COLORS[seat % PLAYER_COLORS.length];
}

export function playerLetter(seat, view) {
  if (view && isContrarius(view, seat)) return CONTRARIUS_LETTER;
  return PLAYER_LETTERS[seat % PLAYER_LETTERS.length];
}

// black or white, whichever reads better on a player's colour (for the letter drawn on it)
export function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? "#111" : "#fff";
}

// a player's swatch: the colour with its letter
export function swatch(seat, view, attrs = {}) {
  const col = playerColor(seat, view);
  return el("span", { class: "swatch", style: `background:${col};color:${inkOn(col)}`, dataset: { letter: playerLetter(seat, view) }, ...attrs });
}

export function playerTextColor(seat, view) {
  if (view && isContrarius(view, seat)) return CONTRARIUS_COLOR;
  return PLAYER_TEXT_COLORS[seat % PLAYER_TEXT_COLORS.length];
}

export function contrariusInfo(view) {
  return view && view.extra && view.extra.contrarius ? view.extra.contrarius : null;
}

export function isContrarius(view, seat) {
  const c = contrariusInfo(view);
  return !!(c && c.seat === seat);
}

export function seatName(view, seat) {
  if (seat === null || seat === undefined) return "";
  const c = contrariusInfo(view);
  if (c && c.seat === seat) return c.name || "Contrarius";
  if (seat === -1) return "";
  const s = (view.seats || []).find((x) => x.seat === seat);
  return s ? s.name : `Player ${seat + 1}`;
}

// a sum of money in words: "1 sestertius", "3 sestertii"
export function sestertii(n) {
  return `${n} sesterti${n === 1 ? "us" : "i"}`;
}

// the engine names players "seat 3" in its words; the page knows their names
export function namePlayers(view, text) {
  return String(text).replace(/\bseat (\d+)\b/g, (m, n) => seatName(view, Number(n) - 1) || m);
}

// the engine words what a player does in the third person ("plays Architect", "is to decide"); after the name
// "You" the verb takes its own form ("You play Architect", "You are to decide")
const YOU_VERBS = { is: "are", has: "have", does: "do", goes: "go" };
export function afterName(name, text) {
  const t = String(text);
  if (name !== "You") return t;
  const m = /^([a-z]+)\b/.exec(t);
  if (!m || !m[1].endsWith("s")) return t;
  const w = m[1];
  const base = YOU_VERBS[w] || (w.endsWith("ies") ? w.slice(0, -3) + "y"
    : /(ch|sh|ss|x)es$/.test(w) ? w.slice(0, -2) : w.slice(0, -1));
  return base + t.slice(w.length);
}

// a short text for any JSON value (board rules and variants publish their own data in the view)
export function describeValue(val, depth = 0) {
  if (val === null || val === undefined) return "—";
  if (typeof val !== "object") return String(val);
  if (Array.isArray(val)) {
    if (!val.length) return "none";
    if (val.every((x) => typeof x !== "object")) return val.join(", ");
    return val.map((x) => describeValue(x, depth + 1)).join(depth ? "; " : "\n");
  }
  if (typeof val.text === "string" && Object.keys(val).length <= 3) return val.text;
  return Object.entries(val).map(([k, v]) => `${k.replace(/_/g, " ")}: ${describeValue(v, depth + 1)}`).join(depth ? ", " : "\n");
}

export function fmtDate(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (isNaN(d)) return iso;
  return d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

// a game's options in words; vsC: the game is played against Contrarius (the game page knows it from the view, the
// lobby from /api/meta)
export function optionsSummary(o, vsC = false) {
  const parts = [];
  parts.push((o.board || "imperium").replace(/^./, (c) => c.toUpperCase()));
  if (vsC && o.mode === "solo" && (o.players || 1) === 1) parts.push("solo vs Contrarius");
  else if (vsC && o.mode === "solo") parts.push(`${o.players} players, Contrarius as third player`);
  else if (vsC) parts.push(`${o.players} players as a team vs Contrarius`);
  else {
    parts.push(`${o.players} players`);
    if (o.mode === "team") parts.push("team play");
  }
  if (vsC) {
    parts.push((o.difficulty || "standard").replace(/_/g, " ")); // the engine's default level is left out of options
    if (o.manual_dice) parts.push("your dice");
  }
  if (o.fish_market) parts.push(`fish market (${o.fish_market})`);
  if (o.venus) parts.push("Venus");
  if (o.display === "wine") parts.push("wine display");
  return parts.join(" · ");
}

// a clickable element that is not a button: reachable by Tab, pressed with Enter or Space, announced as a button
export function pressable(node, fn) {
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.addEventListener("click", fn);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); fn(ev); }
  });
  return node;
}
