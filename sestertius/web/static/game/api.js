// The game page's requests: views, decisions, undo, replays, board geometry (fetch), and live views (WebSocket).
// A seat's secret travels in the X-Seat-Key header (a view), in the body (a decision, an undo) or in the WebSocket's
// first message: never in a URL, which servers log.
import { Creds, api } from "../common.js";
import { G, localSeats } from "./state.js";

const gamePath = () => `/api/games/${encodeURIComponent(G.gid)}`;
const seatQuery = (seat) => (seat === null || seat === undefined ? "" : `?seat=${seat}`);

// a seat's view with this secret (throws the server's refusal)
export function fetchSeatView(seat, key) {
  return api("GET", gamePath() + seatQuery(seat), undefined, seat === null || seat === undefined ? {} : { "X-Seat-Key": key });
}

// the view of a seat of this browser (or the public view); a secret the server no longer accepts is forgotten and
// the public view shown instead (only secrets the server accepted are ever stored)
export async function fetchView(seat) {
  try {
    return await fetchSeatView(seat, G.creds[seat]);
  } catch (e) {
    if (e.status === 403 && seat !== null && seat !== undefined) {
      delete G.creds[seat];
      Creds.set(G.gid, G.creds);
      G.local = localSeats();
      G.error = e.message;
      return await api("GET", gamePath());
    }
    throw e;
  }
}

export function postDecision(seat, action, expect) {
  return api("POST", `${gamePath()}/decisions`, { seat, key: G.creds[seat], action, expect });
}

export function postUndo(seat, expect) {
  return api("POST", `${gamePath()}/undo`, { seat, key: G.creds[seat], expect });
}

export function postRetype(seat, expect) {
  return api("POST", `${gamePath()}/retype`, { seat, key: G.creds[seat], expect });
}

export function fetchReplay(step) {
  return api("GET", `${gamePath()}/replay?step=${step}`);
}

export function fetchBoard(name) {
  return api("GET", `/api/boards/${encodeURIComponent(name)}`);
}

// the game's WebSocket for a seat: its first message names the seat with its secret ({} to watch); calls
// onView(view) for each view pushed, onOpen() and onClose()
export function openSocket(seat, { onView, onOpen, onClose }) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(G.gid)}`);
  ws.onopen = () => {
    ws.send(JSON.stringify(seat === null || seat === undefined ? {} : { seat, key: G.creds[seat] }));
    onOpen();
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "view") onView(msg.view);
  };
  ws.onclose = onClose;
  ws.onerror = () => { /* onclose follows */ };
  return ws;
}

// a refusal in words
export function describeError(e) {
  if (e.status === 0) return e.message;
  const rule = e.rule && !["request", "http"].includes(e.code) ? ` (${e.rule})` : "";
  if (e.status === 409) return `Not allowed${rule}: ${e.message}`;
  if (e.status === 403) return `Refused: ${e.message}`;
  return e.message + rule;
}
