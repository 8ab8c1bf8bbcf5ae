// The game page (/play/<game>) and the replay page (/replay/<game>).
// Only the legal decisions of the view are offered; every change arrives as a fresh view (HTTP answer or WebSocket).
"use strict";

const PROMPTS = {
  turn: "Play a card from your hand.",
  arch_move: "Architect: move your colonists. Click a glowing route (or first one of your colonists), then Done.",
  arch_build: "Architect: build houses. Click a glowing city, then Done.",
  prefect: "Prefect: click a province's bonus marker to produce there, or take the money from the turned markers.",
  discard: "Your storehouse is over full: choose the goods to give up.",
  trade: "Mercator: sell and buy goods of at most two kinds, then Done.",
  colonist: "Colonist: place new colonists (1 food + 1 tool each) in the capital or a city with your house — or take the money.",
  tribune: "Tribune: you may buy one colonist into the capital for 1 food + 1 tool.",
  buy: "Buy cards from the display (click a glowing card), then Done.",
  diplomat: "Diplomat: choose the card to copy.",
  half: "Choose which half of the card to perform.",
  contrarius_line: "Choose the line for Contrarius' colonist (click a glowing route).",
  contrarius_move: "Choose which of Contrarius' colonists moves onto which line.",
  contrarius_roll: "Roll the die and enter the face it shows.",
  start_city: "Team play: choose the city where your colonists start (click a glowing city).",
  partner_play: "Team play: a decision on your partner's turn.",
  legatus: "Legatus: choose a card.",
  market: "Fish market: use a spot, or go on.",
  roma_sail: "Ship track: move a ship, or Done.",
  roma_build: "Ship track: build a house (click a glowing city).",
  roma_god: "Choose a god.",
  roma_bonus: "Ship track: take the bonus.",
  contrarius_veto: "Contrarius rolled: keep the result, or use your one veto card to make Contrarius roll this die again.",
  stands: "Fish market: use a stand of your spot (paying its fish), or Done.",
  fish_colonist: "Fish market: place the colonist.",
  fish_good: "Fish market: choose the good.",
  fish_prefect: "Prefect with fish: choose the province.",
  volcano: "The volcano erupts: draw a tile and enter it.",
};

// chance steps entered by a person at the table (options.manual_dice)
const CHANCE_PROMPTS = {
  contrarius_roll: "Roll the die for Contrarius and enter the face it shows.",
  die: "Roll the die and enter the face it shows.",
  volcano: "Draw a volcano tile and enter which it is.",
  volcano_setup: "Setup: draw a volcano tile and enter which it is.",
};

const VERB_GROUPS = {
  play: "Play a card", move: "Move a colonist", build: "Build a house", produce: "Produce", cash: "Money",
  sell: "Sell", buy: "Buy", drop: "Give up", place: "New colonists", recruit: "New colonist", card: "Buy a card",
  copy: "Copy", half: "Perform", roll: "Die", line: "Line", cmove: "Contrarius' colonist", done: "",
  keep: "", veto: "", start: "Start city", enter: "Fish market", stand: "Stand", take: "Take",
};

const G = {
  gid: null, replay: false, creds: {}, local: [], view: null, shownSeat: null, geom: null, board: null,
  selectedPawn: null, chooser: null, busy: false, error: null, ws: null, wsSeat: undefined, wsRetry: 0,
  rp: { step: 0, total: 0, timer: null, next: null }, lastRenderedEvents: 0,
};

function $(id) { return document.getElementById(id); }

// ---- start ----------------------------------------------------------------------------------------------------
async function start() {
  const parts = location.pathname.split("/").filter(Boolean);
  G.replay = parts[0] === "replay";
  G.gid = decodeURIComponent(parts[1] || "");
  const q = new URLSearchParams(location.search);
  G.creds = Creds.get(G.gid);
  if (q.get("seat") !== null && q.get("key")) G.creds[Number(q.get("seat"))] = q.get("key");
  if (q.get("keys")) {
    for (const item of q.get("keys").split(",")) {
      const [s, k] = item.split(":");
      if (s !== undefined && k) G.creds[Number(s)] = k;
    }
  }
  if (Object.keys(G.creds).length) Creds.set(G.gid, G.creds);
  G.local = Object.keys(G.creds).map(Number).sort((a, b) => a - b);

  $("undo").addEventListener("click", undo);
  try {
    await loadCatalog();
    if (G.replay) {
      await startReplay();
      return;
    }
    let v = await fetchView(G.local.length ? G.local[0] : null);
    await ensureBoard(v);
    await show(v);
    connect();
  } catch (e) {
    fatal(e);
  }
}

function fatal(e) {
  console.error(e);
  $("banner").innerHTML = "";
  $("banner").append(el("div", { class: "error" }, e.message || String(e)), el("a", { href: "/" }, "Back to the lobby"));
}

async function fetchView(seat) {
  const q = seat === null || seat === undefined ? "" : `?seat=${seat}&key=${encodeURIComponent(G.creds[seat])}`;
  try {
    return await api("GET", `/api/games/${encodeURIComponent(G.gid)}${q}`);
  } catch (e) {
    if (e.status === 403 && seat !== null && seat !== undefined) {
      // a stale or wrong secret in this browser: forget it and look as a spectator
      delete G.creds[seat];
      Creds.set(G.gid, G.creds);
      G.local = Object.keys(G.creds).map(Number).sort((a, b) => a - b);
      G.error = e.message;
      return await api("GET", `/api/games/${encodeURIComponent(G.gid)}`);
    }
    throw e;
  }
}

async function ensureBoard(v) {
  if (G.board && G.geom && G.geom.name === v.options.board) return;
  G.geom = await api("GET", `/api/boards/${encodeURIComponent(v.options.board || v.board)}`);
  G.board = new BoardView($("board"), G.geom);
  G.board.on("route", (rid) => clickTarget("routes", rid));
  G.board.on("city", (cid) => clickTarget("cities", cid));
  G.board.on("province", (pid) => clickTarget("provinces", pid));
  G.board.on("pawn", (key) => { G.selectedPawn = G.selectedPawn === key ? null : key; G.chooser = null; render(); });
  $("boardtitle").textContent = G.geom.title;
}

// the seat this screen should show: a local seat to act (hot-seat), else the seat shown so far, else the first one
function wantedSeat(v) {
  if (!G.local.length) return null;
  if (v.to_act !== null && v.to_act >= 0 && G.local.includes(v.to_act)) return v.to_act;
  if (G.local.includes(G.shownSeat)) return G.shownSeat;
  return G.local[0];
}

async function show(v) {
  const want = wantedSeat(v);
  if (want !== v.seat) v = await fetchView(want);
  const seatChanged = G.shownSeat !== v.seat;
  if (seatChanged || (G.view && G.view.decisions !== v.decisions)) { G.selectedPawn = null; G.chooser = null; }
  if (seatChanged && G.shownSeat !== null && v.seat !== null && G.local.length > 1 && hideHands() && !v.over) curtain(v);
  G.view = v;
  G.shownSeat = v.seat;
  render();
}

// hot-seat: optionally cover the screen while it passes from one person to the next
function hideHands() {
  try { return localStorage.getItem("sestertius.hideHands") === "1"; } catch (e) { return false; }
}

function curtain(v) {
  const old = document.querySelector(".curtain");
  if (old) old.remove();
  const name = seatName(v, v.seat);
  const c = el("div", { class: "curtain", role: "dialog" },
    el("div", {}, `Pass the screen to ${name}`),
    el("button", { class: "primary", onclick: () => c.remove() }, `I am ${name}: show my hand`));
  document.body.append(c);
}

// ---- live updates ---------------------------------------------------------------------------------------------
function connect() {
  const seat = G.local.length ? G.local[0] : null;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const q = seat === null ? "" : `?seat=${seat}&key=${encodeURIComponent(G.creds[seat])}`;
  let ws;
  try { ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(G.gid)}${q}`); } catch (e) { return retry(); }
  G.ws = ws;
  ws.onopen = () => { G.wsRetry = 0; setConn(true); };
  ws.onmessage = async (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type !== "view") return;
    if (G.busy) return; // our own request's answer brings the view
    // already showing this position (typically: the answer to our own decision came first)
    if (G.view && msg.view.decisions === G.view.decisions && msg.view.to_act === G.view.to_act && msg.view.status === G.view.status) return;
    try { await show(msg.view); } catch (e) { /* the next message or request will do */ }
  };
  ws.onclose = () => { setConn(false); retry(); };
  ws.onerror = () => { /* onclose follows */ };
}

function retry() {
  const delay = Math.min(5000, 400 * 2 ** G.wsRetry++);
  setTimeout(async () => {
    // after a restart of the server: fetch the view again, then listen again
    try { if (!G.busy) await show(await fetchView(G.shownSeat)); } catch (e) { /* still down */ }
    connect();
  }, delay);
}

function setConn(live) {
  const c = $("conn");
  c.className = "conn " + (live ? "live" : "off");
  c.textContent = live ? "live" : "offline";
  c.title = live ? "moves of the other players appear here as they are made" : "reconnecting…";
}

// ---- deciding -------------------------------------------------------------------------------------------------
async function send(action) {
  if (G.busy || !G.view) return;
  const seat = G.view.seat;
  if (seat === null || seat === undefined) return;
  G.busy = true;
  G.error = null;
  setButtonsDisabled(true);
  try {
    const res = await api("POST", `/api/games/${encodeURIComponent(G.gid)}/decisions`,
      { seat, key: G.creds[seat], action, expect: G.view.decisions });
    G.busy = false;
    await show(res.view);
  } catch (e) {
    G.busy = false;
    G.error = describeError(e);
    if (e.status === 409 && e.rule === "Stale view") {
      try { await show(await fetchView(seat)); } catch (e2) { /* ignore */ }
    }
    render();
  }
}

async function undo() {
  if (G.busy || !G.view || !G.view.can_undo) return;
  const seat = G.view.seat;
  G.busy = true;
  G.error = null;
  try {
    const res = await api("POST", `/api/games/${encodeURIComponent(G.gid)}/undo`, { seat, key: G.creds[seat], expect: G.view.decisions });
    G.busy = false;
    await show(res.view);
  } catch (e) {
    G.busy = false;
    G.error = describeError(e);
    render();
  }
}

function describeError(e) {
  if (e.status === 0) return e.message;
  const rule = e.rule && !["Request", "HTTP"].includes(e.rule) ? ` (${e.rule})` : "";
  if (e.status === 409) return `Not allowed${rule}: ${e.message}`;
  if (e.status === 403) return `Refused: ${e.message}`;
  return e.message + rule;
}

function setButtonsDisabled(d) {
  document.querySelectorAll("#actions button, #chooser button").forEach((b) => { b.disabled = d; });
}

// ---- what the legal decisions point at --------------------------------------------------------------------------
function pawnKey(v, seat, slot) {
  const p = v.players[seat];
  if (!p) return null;
  const c = p.colonists[slot];
  if (!c || c.at === "store") return null;
  return `${seat}:${c.kind}:${c.at.route !== undefined ? "r" + c.at.route : "c" + c.at.city}`;
}

// which legal decisions can be taken by clicking the board, the hand or the display (by step kind: the same verb
// may mean something else in another step, e.g. a fish-market spot instead of a province)
function targetsOf(v) {
  const t = { routes: new Map(), cities: new Map(), provinces: new Map(), pawns: new Map(), hand: new Map(), display: new Map() };
  const add = (m, k, a) => { if (!m.has(k)) m.set(k, []); m.get(k).push(a); };
  const con = contrariusInfo(v);
  const step = v.step ? v.step[0] : "";
  (v.legal || []).forEach((entry, i) => {
    const a = entry.action;
    const item = { ...entry, index: i };
    const verb = a[0];
    if (step === "arch_move" && verb === "move") {
      const key = pawnKey(v, v.seat, a[1]);
      item.pawn = key;
      if (key) add(t.pawns, key, item);
      add(t.routes, a[2], item);
    } else if (step === "contrarius_move" && verb === "cmove") {
      const key = con ? pawnKey(v, con.seat, a[1]) : null;
      item.pawn = key;
      if (key) add(t.pawns, key, item);
      add(t.routes, a[2], item);
    } else if (step === "contrarius_line" && verb === "line") add(t.routes, a[1], item);
    else if ((step === "arch_build" || step === "roma_build") && verb === "build") add(t.cities, a[1], item);
    else if (step === "colonist" && verb === "place") add(t.cities, a[2], item);
    else if (step === "start_city" && verb === "start") add(t.cities, a[1], item);
    else if (step === "prefect" && verb === "produce") add(t.provinces, a[1], item);
    else if (verb === "play") add(t.hand, a[1], item);
    else if (step === "buy" && verb === "card") add(t.display, a[1], item);
  });
  return t;
}

function clickTarget(kind, id) {
  const t = targetsOf(G.view);
  let acts = t[kind].get(id) || [];
  if (G.selectedPawn && kind === "routes") {
    const sel = acts.filter((a) => a.pawn === G.selectedPawn);
    if (sel.length) acts = sel;
  }
  if (!acts.length) return;
  if (acts.length === 1) { send(acts[0].action); return; }
  G.chooser = acts;
  render();
}

// a clearer label than the engine's text where the view tells more
function labelOf(entry) {
  const v = G.view, a = entry.action;
  const cat = CATALOG || {};
  try {
    switch (a[0]) {
      case "move": {
        const c = v.players[v.seat].colonists[a[1]];
        const from = placeName(c.at);
        return `${c.kind} colonist: ${from} → ${routeName(a[2])}`;
      }
      case "sell": return `sell 1 ${GOODS[a[1]]} (+${cat.prices[a[1]]})`;
      case "buy": return `buy 1 ${GOODS[a[1]]} (−${cat.prices[a[1]]})`;
      case "build": {
        const city = v.cities[a[1]];
        const gi = GOODS.indexOf(city.good);
        const goods = (cat.house_goods[gi] || []).map((n, i) => (n ? `${n} ${GOODS[i]}` : null)).filter(Boolean);
        const coins = cat.house_coins[gi] * (city.houses.length + 1);
        return `build in ${city.name} (${city.good}) — ${goods.join(", ")}, ${coins} sestertii`;
      }
      case "produce": {
        const p = v.provinces[a[1]];
        return `produce in ${p.name} (${p.good})`;
      }
      case "half": {
        const me = v.players[v.seat];
        const card = me && me.pile_top ? cardInfo(me.pile_top) : null;
        if (card && card.halves && card.halves[a[1]]) return `perform ${cardTitle(card.halves[a[1]])}`;
        break;
      }
      case "start": return `start in ${cityName(a[1])}`;
      case "cash": {
        break;
      }
      default: break;
    }
  } catch (e) { /* fall back to the engine's words */ }
  return entry.text;
}

function routeName(rid) {
  const r = G.geom.routes[rid];
  return r ? `${G.geom.cities[r.a].name}–${G.geom.cities[r.b].name} (${r.kind})` : `route ${rid}`;
}
function cityName(cid) { return G.geom.cities[cid] ? G.geom.cities[cid].name : `city ${cid}`; }
function placeName(at) {
  if (at.route !== undefined) return routeName(at.route);
  if (at.city !== undefined) return cityName(at.city);
  return at.name || describeValue(at);
}

// ---- rendering ------------------------------------------------------------------------------------------------
function render() {
  const v = G.view;
  if (!v) return;
  const o = v.options;
  document.title = `Concordia · ${G.geom ? G.geom.title : o.board}` + (v.over ? " · over" : "");
  $("title").textContent = optionsSummary(o) + (v.campaign ? ` · campaign ${v.campaign}` : "") + (v.over ? " · game over" : ` · turn ${v.turn + 1}`);
  const t = G.replay ? targetsOf({ ...v, legal: [] }) : targetsOf(v);
  renderBoard(v, t);
  renderBanner(v);
  if (!G.replay) renderDecision(v, t);
  renderScores(v);
  renderHand(v, t);
  renderContrarius(v);
  renderVariant(v);
  renderPlayers(v);
  renderDisplay(v, t);
  renderLog(v);
  $("undo").classList.toggle("hidden", !v.can_undo || G.replay);
  const over = v.over && !G.replay;
  $("download").classList.toggle("hidden", !v.over);
  $("download").href = `/api/games/${encodeURIComponent(G.gid)}/record`;
  $("replaylink").classList.toggle("hidden", !over);
  $("replaylink").href = `/replay/${encodeURIComponent(G.gid)}`;
  // for tests and scripts: what this page shows now
  Object.assign(document.body.dataset, { decisions: v.decisions, toAct: v.to_act, seat: v.seat ?? "", over: v.over });
}

function renderBoard(v, t) {
  let routes = new Set(t.routes.keys());
  if (G.selectedPawn) {
    routes = new Set();
    for (const [rid, acts] of t.routes) if (acts.some((a) => a.pawn === G.selectedPawn)) routes.add(rid);
  }
  if (G.chooser) {
    routes = new Set();
    for (const [rid, acts] of t.routes) if (acts.some((a) => G.chooser.includes(a))) routes.add(rid);
  }
  G.board.render(v, {
    routes, cities: new Set(t.cities.keys()), provinces: new Set(t.provinces.keys()),
    pawns: new Set([...t.pawns.keys()].filter(Boolean)), selectedPawn: G.selectedPawn,
  });
  const hint = $("hint");
  let text = "";
  if (t.routes.size) text = G.selectedPawn ? "Click a glowing route for the chosen colonist (click it again to let go)" : "Click a glowing route — or one of your ringed colonists first";
  else if (t.cities.size) text = "Click a glowing city";
  else if (t.provinces.size) text = "Click a glowing bonus marker to produce in that province";
  hint.textContent = text;
  hint.classList.toggle("hidden", !text);
}

function renderBanner(v) {
  const b = $("banner");
  b.innerHTML = "";
  b.classList.remove("mine");
  if (v.over) {
    const win = v.ranking ? v.ranking[0] : null;
    b.append(el("div", {}, "Game over. ", win !== null ? el("span", { class: "who" }, el("span", { class: "swatch", style: `background:${playerColor(win, v)}` }), " ", seatName(v, win), " wins") : ""));
    if (v.campaign && !G.replay) b.append(el("div", { class: "small" }, el("a", { href: "/campaigns" }, `Campaign ${v.campaign}: see the next game's starting points →`)));
    return;
  }
  const who = v.to_act;
  if (v.chance) {
    b.append(el("div", {}, "Chance: ", el("span", { class: "who" }, "a die is to be rolled")));
  } else if (who !== null && who >= 0) {
    const mine = v.seat === who;
    if (mine) b.classList.add("mine");
    b.append(el("div", {},
      el("span", { class: "swatch", style: `background:${playerColor(who, v)}` }), " ",
      mine ? el("span", { class: "who" }, `${seatName(v, who)}, it is your turn`) : el("span", {}, el("span", { class: "who" }, seatName(v, who)), " is to decide…")));
  }
  const you = v.seat === null || v.seat === undefined ? "You are watching (no seat secret in this browser)." :
    G.local.length > 1 ? `Hot-seat: this screen plays ${G.local.map((s) => seatName(v, s)).join(", ")}.` :
    seatName(v, v.seat) === "You" ? "This screen plays your seat." : `You play ${seatName(v, v.seat)}.`;
  b.append(el("div", { class: "small muted" }, you));
  if (G.local.length > 1 && !v.over) {
    const box = el("input", { type: "checkbox", id: "hidehands" });
    box.checked = hideHands();
    box.addEventListener("change", () => { try { localStorage.setItem("sestertius.hideHands", box.checked ? "1" : "0"); } catch (e) { /* ignore */ } });
    b.append(el("label", { class: "small" }, box, " cover the screen between players (hands stay private)"));
  }
  if (G.error && !(v.legal || []).length) b.append(el("div", { class: "error" }, G.error));
}

function renderDecision(v, t) {
  const box = $("decision");
  const legal = v.legal || [];
  box.classList.toggle("hidden", !legal.length);
  if (!legal.length) return;
  const step = v.step ? v.step[0] : "";
  $("decision-title").textContent = v.chance ? (step.startsWith("volcano") ? "Enter the volcano tile" : "Enter the roll") : `${seatName(v, v.seat)}: your decision`;
  let prompt = v.chance ? (CHANCE_PROMPTS[step] || "Chance: enter the outcome.") : (PROMPTS[step] || "Your decision.");
  $("prompt").textContent = prompt;
  const last = (v.events || [])[v.events.length - 1];
  if ((v.chance || step.startsWith("contrarius")) && last) {
    $("prompt").append(el("div", { class: "small muted", style: "margin-top:4px" }, `${seatName(v, last.seat) || "Game"}: ${last.text}`));
  }
  const err = $("error");
  err.textContent = G.error || "";
  err.classList.toggle("hidden", !G.error);

  const ch = $("chooser");
  ch.innerHTML = "";
  ch.classList.toggle("hidden", !G.chooser);
  if (G.chooser) {
    ch.append(el("div", { class: "small" }, "Several decisions fit that click — choose one:"));
    const row = el("div", { class: "actions" });
    for (const e of G.chooser) row.append(el("button", { class: "legal", dataset: { verb: e.action[0] }, onclick: () => send(e.action) }, labelOf(e)));
    row.append(el("button", { onclick: () => { G.chooser = null; render(); } }, "Cancel"));
    ch.append(row);
  }

  const box2 = $("actions");
  box2.innerHTML = "";
  // grouped by verb, in the engine's order of first appearance; Done first (always in sight)
  const groups = new Map();
  legal.forEach((e, i) => {
    const verb = e.action[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push({ ...e, index: i });
  });
  const order = [...groups.keys()].sort((a, b) => (b === "done") - (a === "done"));
  const many = legal.length > 14;
  box2.classList.toggle("scroll", many);
  for (const verb of order) {
    const list = groups.get(verb);
    if (groups.size > 1 && VERB_GROUPS[verb] && list.length > 1) box2.append(el("div", { class: "group-title" }, VERB_GROUPS[verb]));
    for (const e of list) {
      const label = verb === "done" ? doneLabel(step) : labelOf(e);
      box2.append(el("button", {
        class: "legal" + (verb === "done" ? " primary" : ""), dataset: { verb, index: e.index },
        title: e.text, onclick: () => send(e.action),
      }, label));
    }
  }
}

function doneLabel(step) {
  return { arch_move: "Done moving → build", arch_build: "Done building", trade: "Done trading", buy: "Done buying",
    colonist: "Done", tribune: "No colonist, thanks" }[step] || "Done";
}

function renderScores(v) {
  const box = $("scores");
  box.classList.toggle("hidden", !v.scores);
  if (!v.scores) return;
  box.innerHTML = "";
  box.append(el("h2", {}, "Final scoring"));
  const seats = v.scores.map((_, i) => i);
  const keys = Object.keys(v.scores[0]).filter((k) => k !== "total");
  const win = v.ranking ? v.ranking[0] : null;
  const head = el("tr", {}, el("th", {}, "God"), seats.map((s) => el("th", { class: s === win ? "winner" : "" },
    el("span", { class: "swatch", style: `background:${playerColor(s, v)}` }), " ", seatName(v, s))));
  const rows = keys.map((k) => el("tr", {}, el("td", {}, k), seats.map((s) => el("td", {}, String(v.scores[s][k] ?? 0)))));
  const total = el("tr", { class: "total" }, el("td", {}, "Total"), seats.map((s) => el("td", { class: s === win ? "winner" : "" }, String(v.scores[s].total))));
  box.append(el("table", {}, el("thead", {}, head), el("tbody", {}, rows, total)));
  if (v.ranking) box.append(el("p", { class: "small muted" }, "Ranking: " + v.ranking.map((s, i) => `${i + 1}. ${seatName(v, s)}`).join("  ")));
}

function renderHand(v, t) {
  const panel = $("handpanel");
  const me = v.seat !== null && v.seat !== undefined ? v.players[v.seat] : null;
  panel.classList.toggle("hidden", !me || !me.hand);
  if (!me || !me.hand) return;
  $("handtitle").textContent = G.local.length > 1 ? `Hand of ${seatName(v, v.seat)}` : "Your hand";
  const box = $("hand");
  box.innerHTML = "";
  const counts = new Map();
  for (const k of me.hand) counts.set(k, (counts.get(k) || 0) + 1);
  for (const [k, n] of counts) {
    const acts = t.hand.get(k);
    const c = cardEl(k, { count: n, cls: acts ? "playable" : "", showCost: false });
    if (acts) {
      c.title = "Click to play " + cardTitle(k);
      c.addEventListener("click", () => send(acts[0].action));
    }
    box.append(c);
  }
  if (!me.hand.length) box.append(el("span", { class: "muted" }, "no cards in hand"));
}

function renderContrarius(v) {
  const box = $("contrarius");
  const c = contrariusInfo(v);
  const other = v.extra && !c ? v.extra : null;
  box.classList.toggle("hidden", !c && !other);
  box.innerHTML = "";
  if (c) {
    box.append(el("h2", {}, el("span", { class: "swatch pcC" }), " ", c.name || "Contrarius"));
    box.append(el("div", { class: "kv" },
      el("div", {}, "Difficulty"), el("div", {}, String(c.difficulty || "").replace(/_/g, " ")),
      el("div", {}, "Victory points"), el("div", {}, el("b", {}, String(c.vp))),
      el("div", {}, "Houses"), el("div", {}, `${c.houses_built} built, ${c.houses_in_supply} in supply`),
      el("div", {}, "Colonists on the board"), el("div", {}, String(c.colonists_on_board)),
      c.track && c.track.length ? el("div", {}, "Houses on the VP track") : null,
      c.track && c.track.length ? el("div", {}, c.track.join(", ")) : null,
    ));
    box.append(el("div", { class: "small muted", style: "margin:6px 0 3px" }, `Face up (${(c.face_up || []).length})`));
    box.append(el("div", { class: "cards" }, (c.face_up || []).map((k) => cardEl(k, { small: true, showCost: false, strip: true }))));
    box.append(el("div", { class: "small muted", style: "margin:6px 0 3px" }, `Face down (${(c.face_down || []).length})`));
    box.append(el("div", { class: "cards" }, (c.face_down || []).map((k) => cardEl(k, { small: true, showCost: false, cls: "back", strip: true }))));
    // anything else Contrarius publishes
    const known = new Set(["seat", "name", "difficulty", "vp", "face_up", "face_down", "houses_built", "houses_in_supply", "track", "colonists_on_board"]);
    const rest = Object.entries(c).filter(([k]) => !known.has(k));
    if (rest.length) box.append(el("div", { class: "kv" }, rest.flatMap(([k, val]) => [el("div", {}, k.replace(/_/g, " ")), el("div", {}, typeof val === "object" ? JSON.stringify(val) : String(val))])));
  } else if (other) {
    box.append(el("h2", {}, "More"));
    box.append(el("div", { class: "kv" }, Object.entries(other).flatMap(([k, val]) => [el("div", {}, k), el("div", {}, typeof val === "object" ? JSON.stringify(val) : String(val))])));
  }
}

// what the board's own rules and the variants publish (Sicilia's volcano, Roma's ship track, the fish market...),
// and the assumptions behind this game's numbers
const KNOWN_KEYS = new Set(["options", "turn", "current", "to_act", "over", "step", "pm", "concordia", "final_turns",
  "display", "deck_size", "deck_top", "players", "board", "cities", "routes", "provinces", "legal", "events", "can_undo",
  "scores", "ranking", "intermediate", "extra", "chance", "game", "seat", "seats", "decisions", "status", "campaign",
  "assumptions"]);

const whoOf = (v, seats) => (seats && seats.length ? seats.map((s) => seatName(v, s)).join(", ") : "—");
const chip = (v, seat) => el("span", { class: "swatch", style: `background:${playerColor(seat, v)}`, title: seatName(v, seat) });

// readable panels for what the boards' own rules and the variants publish
const VARIANT_PANELS = {
  volcano(v, vol) {
    const rows = Object.entries(vol.rows || {}).sort((a, b) => a[1] - b[1]);
    return el("div", { class: "variant-panel", dataset: { panel: "volcano" } },
      el("h3", {}, "Etna (the volcano)"),
      el("div", { class: "small muted" }, `tiles left in the pile: ${vol.pile} (neutral: ${vol.neutral_in_pile})` + (vol.last ? ` · last eruption: ${vol.last}` : "")),
      el("table", { class: "mini" },
        el("tr", {}, el("th", {}, "province"), el("th", {}, "tiles"), el("th", {}, "in pile"), ...rows.map(([e, r]) => el("th", { title: `from ${r} tiles` }, `${e.replace(/_/g, " ")} (≥${r})`))),
        ...(vol.columns || []).map((c) => el("tr", {}, el("td", {}, c.name), el("td", {}, String(c.tiles)), el("td", {}, String(c.tiles_in_pile)),
          ...rows.map(([e]) => el("td", {}, c[e] ? "yes" : "—"))))));
  },
  start_boats(v, boats) {
    return el("div", { class: "variant-panel", dataset: { panel: "start_boats" } },
      el("h3", {}, "Start boats"),
      el("ul", { class: "plain" }, boats.map((b) => el("li", {}, el("b", {}, b.name), ": ",
        b.colonists.length ? b.colonists.map((s) => chip(v, s)) : "empty",
        el("span", { class: "small muted" }, ` (leaves by ${b.routes.map(routeName).join(", ")})`)))));
  },
  roma(v, r) {
    const occ = (list) => (list || []).map((c) => chip(v, c.seat));
    const gain = (sp) => sp.gain ? Object.entries(sp.gain).map(([k, n]) => `${n} ${k}`).join(", ") : sp.choice ? `choice: ${sp.choice.join(" / ")}` : "";
    return el("div", { class: "variant-panel", dataset: { panel: "roma" } },
      el("h3", {}, "Roma: ship track"),
      el("div", {}, el("b", {}, r.start.name || "Start"), ": ", ...(r.start.colonists.length ? occ(r.start.colonists) : ["empty"])),
      el("ol", { class: "track" }, (r.track || []).map((sp) => el("li", { value: sp.space },
        el("b", {}, sp.name), el("span", { class: "small muted" }, ` ${sp.kind}${gain(sp) ? " · " + gain(sp) : ""}`),
        sp.sites ? el("span", { class: "small" }, " · sites: " + sp.sites.map((x) => `${cityName(x.city)} (${x.good}${x.houses.length ? ", " + whoOf(v, x.houses) : ""})`).join("; ")) : null,
        " ", ...occ(sp.colonists)))),
      el("div", { class: "small" }, el("b", {}, "Gods: "), (r.gods || []).map((g) => `${g.name} ${g.variable ? "(variable)" : `(${g.points})`}${g.marked_by.length ? ": " + whoOf(v, g.marked_by) : ""}`).join(" · ")),
      r.gates && r.gates.length ? el("div", { class: "small muted" }, "Gates: " + r.gates.map((g) => `${g.gate} (${g.road})`).join(", ")) : null,
      el("div", { class: "small muted" }, "Houses on the gods: " + (r.houses_on_gods || []).map((n, s) => `${seatName(v, s)} ${n}`).join(", ")));
  },
  fish_market(v, f) {
    return el("div", { class: "variant-panel", dataset: { panel: "fish_market" } },
      el("h3", {}, f.title || "Fish market"),
      el("div", { class: "small muted" }, (f.one_spot_per_phase ? "one spot per phase" : "any spots") +
        (f.praefectus_piscatus !== undefined && f.praefectus_piscatus !== null && f.praefectus_piscatus >= 0 ? ` · Praefectus Piscatus: ${seatName(v, f.praefectus_piscatus)}` : "")),
      el("table", { class: "mini" },
        el("tr", {}, el("th", {}, "spot"), el("th", {}, "stands"), el("th", {}, "coins"), el("th", {}, "markers")),
        ...(f.spots || []).map((sp) => el("tr", { dataset: { spot: sp.spot } }, el("td", {}, String(sp.spot + 1)),
          el("td", {}, sp.stands.map((st) => `${st.fish} fish: ${st.text}`).join("; ")), el("td", {}, String(sp.coins)),
          el("td", {}, ...sp.markers.map((s) => chip(v, s)))))),
      el("div", { class: "small" }, "Fish: " + (f.fish || []).map((n, s) => `${seatName(v, s)} ${n}`).join(" · ")));
  },
};

function renderVariant(v) {
  const box = $("variant");
  box.innerHTML = "";
  const keys = Object.keys(v).filter((k) => !KNOWN_KEYS.has(k) && v[k] !== null && v[k] !== undefined);
  const extraOther = v.extra ? Object.entries(v.extra).filter(([k]) => k !== "contrarius") : [];
  const show = (k, val) => {
    const text = describeValue(val);
    const title = k.replace(/_/g, " ");
    if (text.length <= 240) box.append(el("h3", {}, title), el("div", { class: "val" }, text));
    else box.append(el("details", { class: "assumptions" }, el("summary", {}, `${title} (the board's own state)`), el("div", { class: "val" }, text)));
  };
  for (const k of keys) {
    const panel = VARIANT_PANELS[k] ? VARIANT_PANELS[k](v, v[k]) : null;
    if (panel) box.append(panel);
    else show(k, v[k]);
  }
  for (const [k, val] of extraOther) show(k, val);
  if (v.intermediate) {
    box.append(el("h3", {}, `intermediate scoring (turn ${v.intermediate.turn + 1}, for information)`),
      el("div", { class: "val" }, (v.intermediate.scores || []).map((sc, i) => `${seatName(v, i)}: ${sc.total}`).join(" · ")));
  }
  if ((v.assumptions || []).length) {
    box.append(el("details", { class: "assumptions" }, el("summary", {}, `Assumptions behind this game's numbers (${v.assumptions.length})`),
      el("ul", {}, v.assumptions.map((a) => el("li", {}, el("b", {}, a.id + ": "), a.text)))));
  }
  box.classList.toggle("hidden", !box.childNodes.length);
}

// team play: partners sit opposite (seat i with seat i + n/2); Solitaria's cooperative team: the two seats
function partnerOf(v, seat) {
  if (!v.options || v.options.mode !== "team" || isContrarius(v, seat)) return null;
  const n = v.options.players || (v.seats || []).length;
  if (n === 2) return 1 - seat;
  return n >= 4 ? (seat + n / 2) % n : null;
}

function renderPlayers(v) {
  const box = $("players");
  box.innerHTML = "";
  const conc = v.concordia >= 0
    ? `Concordia card: taken by ${seatName(v, v.concordia)} (+7 VP)` + (v.final_turns > 0 && !v.over ? ` — last turns: ${v.final_turns}` : "")
    : "Concordia card: still on the table (the first to build all 15 houses or to buy the last card takes it)";
  box.append(el("div", { class: "small muted", id: "concordia-info" }, conc));
  const con = contrariusInfo(v);
  for (const p of v.players) {
    const isCon = con && con.seat === p.seat;
    const colr = playerColor(p.seat, v);
    const badges = [];
    if (v.pm === p.seat) badges.push(el("span", { class: "badge pm", title: "Praefectus Magnus: produces a double bonus with a Prefect" }, "Praefectus Magnus"));
    if (v.concordia === p.seat) badges.push(el("span", { class: "badge concordia", title: "took the Concordia card (+7 VP)" }, "Concordia"));
    if (v.to_act === p.seat && !v.over) badges.push(el("span", { class: "badge" }, "to act"));
    const partner = partnerOf(v, p.seat);
    if (partner !== null) badges.push(el("span", { class: "badge partner", title: "team play: partners score together" }, `partner: ${seatName(v, partner)}`));
    const seatInfo = (v.seats || []).find((s) => s.seat === p.seat);
    const kind = isCon ? "automaton" : seatInfo ? ({ human: "online", hotseat: "hot-seat", bot: `${seatInfo.bot} bot` }[seatInfo.kind]) : "";
    const row1 = el("div", { class: "row" });
    if (!isCon) {
      row1.append(coin(p.money), " ");
      for (const g of GOODS) row1.append(goodCount(g, p.goods[g]));
    }
    const storeCells = el("span", { class: "store", title: `storehouse: ${p.storehouse.used} of ${p.storehouse.size} spaces used` });
    const cells = [];
    for (const g of GOODS) for (let i = 0; i < p.goods[g]; i++) cells.push(GOOD_COLORS[g]);
    const inStore = p.colonists.filter((c) => c.at === "store");
    for (const c of inStore) cells.push(c.kind === "land" ? "#8a6a40" : "#2a5d8f");
    for (let i = 0; i < p.storehouse.size; i++) {
      storeCells.append(el("span", { class: "cell" + (cells[i] ? " full" : ""), style: cells[i] ? `background:${cells[i]}` : "" }));
    }
    const onBoard = p.colonists.length - inStore.length;
    const row2 = el("div", { class: "row" },
      isCon ? null : storeCells,
      el("span", { title: "colonists on the board / in the storehouse" }, `colonists ${onBoard} out, ${inStore.length} in`),
      el("span", { title: "houses built / left" }, `houses ${p.houses.length}/${p.houses.length + p.houses_left}`),
    );
    const row3 = el("div", { class: "row" },
      isCon ? null : el("span", {}, `hand ${p.hand_size}`),
      isCon ? null : el("span", {}, "top of pile: ", p.pile_top ? el("b", { title: cardWhat(cardInfo(p.pile_top)) }, cardTitle(p.pile_top)) : "—", p.pile_size > 1 ? ` (${p.pile_size})` : ""),
      p.vp || isCon || v.options.mode === "solo" ? el("span", { title: "victory points scored during play" }, `VP ${p.vp}`) : null,
    );
    box.append(el("div", { class: "player" + (v.to_act === p.seat && !v.over ? " acting" : ""), style: `border-left-color:${colr}`, dataset: { seat: p.seat } },
      el("div", { class: "head" }, el("span", { class: "swatch", style: `background:${colr}` }), el("span", { class: "name" }, seatName(v, p.seat)),
        el("span", { class: "small muted" }, kind || ""), ...badges),
      isCon ? null : row1, row2, row3));
  }
}

function renderDisplay(v, t) {
  const box = $("display");
  box.innerHTML = "";
  (v.display || []).forEach((slot, pos) => {
    const acts = t.display.get(pos);
    const c = cardEl(slot.card, { cls: acts ? "buyable" : "" });
    if (acts) {
      c.title = `Buy ${cardTitle(slot.card)}`;
      c.addEventListener("click", () => {
        if (acts.length === 1) send(acts[0].action);
        else { G.chooser = acts; render(); }
      });
    }
    const extra = el("div", { class: "poscost", title: "the position's extra cost" },
      slot.extra.length ? ["+", ...slot.extra.map((g) => goodIcon(g))] : el("span", { class: "muted" }, "free"));
    box.append(el("div", { class: "slot", dataset: { pos } }, c, extra));
  });
  box.append(el("div", { class: "slot deck" },
    el("div", { class: "card back" + (v.deck_size ? "" : " empty") }, v.deck_size ? el("div", { class: "title", style: "margin-top:30px" }, v.deck_top || "") : null),
    el("div", { class: "small muted" }, `deck: ${v.deck_size}`)));
}

function renderLog(v) {
  const box = $("log");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
  box.innerHTML = "";
  for (const e of v.events || []) {
    const name = e.kind === "die" ? "Die" : seatName(v, e.seat);
    box.append(el("div", { class: "ev " + (e.kind || "") },
      el("span", { class: "t" }, `T${(e.turn ?? 0) + 1}`),
      name ? el("b", { style: e.seat >= 0 ? `color:${playerTextColor(e.seat, v)}` : "" }, name + " ") : null,
      e.text));
  }
  if (!(v.events || []).length) box.append(el("div", { class: "muted small" }, "Nothing has happened yet."));
  if (atBottom || G.lastRenderedEvents !== (v.events || []).length) box.scrollTop = box.scrollHeight;
  G.lastRenderedEvents = (v.events || []).length;
}

// ---- replay ---------------------------------------------------------------------------------------------------
async function startReplay() {
  $("replaypanel").hidden = false;
  $("conn").classList.add("hidden");
  const q = new URLSearchParams(location.search);
  const first = await api("GET", `/api/games/${encodeURIComponent(G.gid)}/replay?step=0`);
  G.rp.total = first.total;
  $("rp-range").max = String(first.total);
  await ensureBoard(first.view);
  await replayTo(Number(q.get("step") || 0));
  $("rp-first").onclick = () => replayTo(0);
  $("rp-prev").onclick = () => replayTo(G.rp.step - 1);
  $("rp-next").onclick = () => replayTo(G.rp.step + 1);
  $("rp-last").onclick = () => replayTo(G.rp.total);
  $("rp-range").oninput = (e) => replayTo(Number(e.target.value));
  $("rp-play").onclick = () => {
    if (G.rp.timer) { clearInterval(G.rp.timer); G.rp.timer = null; $("rp-play").textContent = "▶ Play"; return; }
    $("rp-play").textContent = "⏸ Pause";
    G.rp.timer = setInterval(() => {
      if (G.rp.step >= G.rp.total) { clearInterval(G.rp.timer); G.rp.timer = null; $("rp-play").textContent = "▶ Play"; return; }
      replayTo(G.rp.step + 1);
    }, 350);
  };
}

let replayPending = null;
async function replayTo(step) {
  step = Math.max(0, Math.min(G.rp.total, step));
  replayPending = step;
  const res = await api("GET", `/api/games/${encodeURIComponent(G.gid)}/replay?step=${step}`);
  if (replayPending !== step) return;
  G.rp.step = res.step;
  G.view = res.view;
  G.shownSeat = null;
  $("rp-range").value = String(res.step);
  $("rp-pos").textContent = `decision ${res.step} of ${res.total}`;
  $("rp-next-text").textContent = res.next ? `Next: ${res.next.decider >= 0 ? seatName(res.view, res.next.decider) + " — " : res.next.decider === -1 ? "chance — " : ""}${res.next.text}` : "End of the game.";
  render();
}

start();
