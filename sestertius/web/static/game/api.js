// The game page's requests: views, decisions, undo, replays, board geometry (fetch), and live views (WebSocket).
import { Creds, api } from "../common.js";
import { G, localSeats } from "./state.js";

const gamePath = () => `/api/games/${encodeURIComponent(G.gid)}`;
const seatQuery = (seat) => (seat === null || seat === undefined ? "" : `?seat=${seat}&key=${encodeURIComponent(G.creds[seat])}`);

// the view of a seat of this browser (or the public view); a stale or wrong secret is forgotten and the public view
// shown instead
export async function fetchView(seat) {
  try {
    return await api("GET", gamePath() + seatQuery(seat));
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

export function fetchReplay(step) {
  return api("GET", `${gamePath()}/replay?step=${step}`);
}

export function fetchBoard(name) {
  return api("GET", `/api/boards/${encodeURIComponent(name)}`);
}

// the game's WebSocket for a seat: calls onView(view) for each view pushed, onOpen() and onClose()
export function openSocket(seat, { onView, onOpen, onClose }) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(G.gid)}${seatQuery(seat)}`);
  ws.onopen = onOpen;
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
  const rule = e.rule && !["Request", "HTTP"].includes(e.rule) ? ` (${e.rule})` : "";
  if (e.status === 409) return `Not allowed${rule}: ${e.message}`;
  if (e.status === 403) return `Refused: ${e.message}`;
  return e.message + rule;
}
