// What the game page knows: the game, this browser's seat secrets, the view shown, the board, the selection, and
// the page's actions (set by play.js, called by the panels).
import { describeValue } from "../common.js";

export const G = {
  gid: null, replay: false, creds: {}, local: [], view: null, shownSeat: null, geom: null, board: null,
  selectedPawn: null, chooser: null, busy: false, pushed: null, shows: 0, error: null, notice: null, ws: null, wsRetry: 0,
  rp: { step: 0, total: 0, timer: null, next: null }, lastRenderedEvents: 0,
};

// filled by play.js, for the panels: send(action) takes a decision; choose(entries) offers a choice between several
// (null: none)
export const actions = {};

// the seats of this browser (those it holds a secret for), in order
export function localSeats() {
  return Object.keys(G.creds).map(Number).sort((a, b) => a - b);
}

// the seat this screen should show: a local seat to act (hot-seat) or to enter a chance outcome, else the seat shown
// so far, else the first one
export function wantedSeat(v) {
  if (!G.local.length) return null;
  if (v.to_act !== null && v.to_act >= 0 && G.local.includes(v.to_act)) return v.to_act;
  if (v.chance && G.local.includes(v.dice_seat)) return v.dice_seat;
  if (G.local.includes(G.shownSeat)) return G.shownSeat;
  return G.local[0];
}

// hot-seat: cover the screen while it passes from one person to the next (on unless this browser turned it off)
export function hideHands() {
  try { return localStorage.getItem("sestertius.hideHands") !== "0"; } catch (e) { return true; }
}

export function setHideHands(on) {
  try { localStorage.setItem("sestertius.hideHands", on ? "1" : "0"); } catch (e) { /* ignore */ }
}

// names of the board's places, from its geometry
export function routeName(rid) {
  const r = G.geom.routes[rid];
  if (r) return `${G.geom.cities[r.a].name}–${G.geom.cities[r.b].name} (${r.kind})`;
  const roma = G.view && G.view.roma;
  const gate = roma && (roma.gates || []).find((x) => x.route === rid);
  if (gate) return `${gate.road} (${gate.gate} gate, to ${cityName(gate.site)})`;
  return null; // not a place the page knows: the engine's words are used
}

export function cityName(cid) {
  if (G.geom.cities[cid]) return G.geom.cities[cid].name;
  const roma = G.view && G.view.roma;
  for (const sp of (roma && roma.track) || []) {
    const site = (sp.sites || []).find((x) => x.city === cid);
    if (site) return `${sp.name} (${site.good} site)`;
  }
  return null;
}

export function placeName(at) {
  if (at.route !== undefined) return routeName(at.route) || at.name || "a route";
  if (at.city !== undefined) return cityName(at.city) || at.name || "a city";
  return at.name || describeValue(at);
}
