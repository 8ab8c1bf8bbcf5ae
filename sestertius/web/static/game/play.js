// Playing: showing a fresh view (the seat this screen plays), sending decisions and undo, clicks on the board,
// and live views over the WebSocket (reconnecting after a restart of the server).
import { $, el, seatName } from "../common.js";
import { BoardView } from "../board.js";
import { describeError, fetchBoard, fetchView, openSocket, postDecision, postRetype, postUndo } from "./api.js";
import { setButtonsDisabled } from "./decision.js";
import { render } from "./render.js";
import { G, actions, hideHands, wantedSeat } from "./state.js";
import { renderTable } from "./table.js";
import { targetsOf } from "./targets.js";

export async function ensureBoard(v) {
  if (G.board && G.geom && G.geom.name === v.options.board) return;
  G.geom = await fetchBoard(v.options.board || v.board);
  G.board = new BoardView($("board"), G.geom);
  G.board.on("route", (rid) => clickTarget("routes", rid));
  G.board.on("city", (cid) => clickTarget("cities", cid));
  G.board.on("province", (pid) => clickTarget("provinces", pid));
  G.board.on("pawn", (key) => { G.selectedPawn = G.selectedPawn === key ? null : key; G.chooser = null; render(); });
  $("boardtitle").textContent = G.geom.title;
  $("zoom-in").onclick = () => G.board.setZoom(G.board.effectiveZoom() * 1.5);
  $("zoom-out").onclick = () => G.board.setZoom(G.board.effectiveZoom() / 1.5);
  $("zoom-fit").onclick = () => G.board.fit();
}

export async function show(v) {
  const turn = ++G.shows; // a later call (a view pushed while this one fetches) supersedes this one
  // the seat to show may change while its view is fetched (the bots decide in the server's background): again
  for (let i = 0; i < 3 && wantedSeat(v) !== v.seat; i++) {
    v = await fetchView(wantedSeat(v));
    if (turn !== G.shows) return;
  }
  const seatChanged = G.shownSeat !== v.seat;
  const moved = seatChanged || (G.view && G.view.decisions !== v.decisions);
  if (moved) { G.selectedPawn = null; G.chooser = null; }
  // two or more people share this screen: each hand is shown only once its person says they sit in front of it
  // (also when the page opens: whoever opened it may not be the seat shown)
  if (seatChanged && v.seat !== null && G.local.length > 1 && hideHands() && !v.over) curtain(v);
  G.view = v;
  G.shownSeat = v.seat;
  render();
  renderTable(v);
  if (moved && v.options && v.options.manual_dice) calm();
}

// at a real table taps come fast (a die's face, then the next prompt's button under the same finger): for a moment
// after a new position its buttons take no decision, so that two taps are never two decisions
const CALM_MS = 350;
function calm() {
  G.calmUntil = Date.now() + CALM_MS;
  setButtonsDisabled(true);
  // positions can come in quick succession (the bots' decisions, one view each): only the last one's timer gives the
  // buttons back, so that a button never looks ready while its tap would still be ignored
  clearTimeout(G.calmTimer);
  G.calmTimer = setTimeout(() => { if (!G.busy) setButtonsDisabled(false); }, CALM_MS);
}

// hot-seat: cover the whole screen (opaque) until the next person says they sit in front of it
function curtain(v) {
  const old = document.querySelector(".curtain");
  if (old) old.remove();
  const name = seatName(v, v.seat);
  const c = el("div", { class: "curtain", role: "dialog", "aria-modal": "true", dataset: { seat: v.seat } },
    el("div", {}, `Pass the screen to ${name}`),
    el("button", { class: "primary", onclick: () => c.remove() }, `I am ${name}: show my hand`));
  document.body.append(c);
  c.querySelector("button").focus();
}

// ---- live updates ---------------------------------------------------------------------------------------------
export function connect() {
  const seat = G.local.length ? G.local[0] : null;
  try {
    G.ws = openSocket(seat, {
      onOpen: () => { G.wsRetry = 0; setConn(true); },
      onView: async (view) => {
        // our own request's answer brings the view; one pushed meanwhile (a bot's decision after ours) follows it
        if (G.busy) { G.pushed = view; return; }
        // already showing this position (typically: the answer to our own decision came first)
        if (G.view && view.decisions === G.view.decisions && view.to_act === G.view.to_act && view.status === G.view.status) return;
        try { await show(view); } catch (e) { /* the next message or request will do */ }
      },
      // 4404: the game was deleted (or never was): nothing to reconnect to
      onClose: (ev) => { setConn(false); if (ev.code === 4404) gone(); else retry(); },
    });
  } catch (e) {
    retry();
  }
}

function retry() {
  const delay = Math.min(5000, 400 * 2 ** G.wsRetry++);
  setTimeout(async () => {
    // after a restart of the server: fetch the view again, then listen again
    try {
      if (!G.busy) await show(await fetchView(G.shownSeat));
    } catch (e) {
      if (e.status === 404) { gone(); return; }  // deleted while this page was offline
      /* otherwise still down */
    }
    connect();
  }, delay);
}

// the game is gone: say so once and stop listening
function gone() {
  G.ws = null;
  const c = $("conn");
  c.className = "conn off";
  c.textContent = "deleted";
  c.title = "this game no longer exists on the server";
  $("banner").innerHTML = "";
  $("banner").append(el("div", { class: "error", dataset: { note: "gone" } }, "This game no longer exists: it was deleted."),
    el("a", { href: "/" }, "Back to the lobby"));
}

function setConn(live) {
  const c = $("conn");
  c.className = "conn " + (live ? "live" : "off");
  c.textContent = live ? "live" : "offline";
  c.title = live ? "moves of the other players appear here as they are made" : "reconnecting…";
}

// ---- deciding -------------------------------------------------------------------------------------------------
async function send(action) {
  if (G.busy || !G.view || Date.now() < (G.calmUntil || 0)) return;
  const seat = G.view.seat;
  if (seat === null || seat === undefined) return;
  G.busy = true;
  G.pushed = null;
  G.error = null;
  setButtonsDisabled(true);
  try {
    const res = await postDecision(seat, action, G.view.decisions);
    await answered(res.view);
  } catch (e) {
    G.busy = false;
    G.error = describeError(e);
    if (e.code === "stale_view") {
      try { await show(await fetchView(seat)); } catch (e2) { /* ignore */ }
    }
    render();
  }
}

// our request's answer, or the view pushed while it was under way if that one is newer (the bots deciding after our
// decision, in the server's background, may have pushed theirs before the answer arrived)
async function answered(view) {
  G.busy = false;
  const pushed = G.pushed;
  G.pushed = null;
  await show(pushed && pushed.decisions > view.decisions ? pushed : view);
}

export async function undo() {
  if (G.busy || !G.view || !G.view.can_undo) return;
  const seat = G.view.seat;
  G.busy = true;
  G.pushed = null;
  G.error = null;
  try {
    const res = await postUndo(seat, G.view.decisions);
    await answered(res.view);
  } catch (e) {
    G.busy = false;
    G.error = describeError(e);
    render();
  }
}

// dice entered by hand: take back the last outcome entered (and what followed it) to enter it again
async function retype() {
  if (G.busy || !G.view) return;
  const seat = G.view.seat;
  G.busy = true;
  G.error = null;
  try {
    const res = await postRetype(seat, G.view.decisions);
    G.busy = false;
    await show(res.view);
  } catch (e) {
    G.busy = false;
    G.error = describeError(e);
    render();
  }
}

// a click on a glowing route, city or bonus marker: its decision, or a choice when several fit
function clickTarget(kind, id) {
  const t = targetsOf(G.view);
  let acts = t[kind].get(id) || [];
  if (G.selectedPawn && kind === "routes") {
    const sel = acts.filter((a) => a.pawn === G.selectedPawn);
    if (sel.length) acts = sel;
  }
  if (!acts.length) return;
  if (acts.length === 1) { send(acts[0].action); return; }
  choose(acts);
}

// offer a choice between several decisions (null: none)
function choose(entries) {
  G.chooser = entries;
  render();
}

Object.assign(actions, { send, choose, retype });
