// The game log: every event of the view, newest at the bottom (kept in sight as events arrive); above it, what the
// others did since this seat's last turn (a block that folds), and a marker in the log where that began.
import { $, afterName, el, namePlayers, playerTextColor, seatName } from "../common.js";
import { G } from "./state.js";

// an entry: its turn, its subject (the player; the engine's words carry the subject of an entry without one) and
// what happened, players by name
function entryEl(v, e) {
  const name = seatName(v, e.seat);
  return el("div", { class: "ev " + (e.kind || ""), dataset: { kind: e.kind || "" } },
    el("span", { class: "t" }, `T${(e.turn ?? 0) + 1}`),
    name ? el("b", { style: e.seat >= 0 ? `color:${playerTextColor(e.seat, v)}` : "" }, name + " ") : null,
    afterName(name, namePlayers(v, e.text)));
}

// the entries since the seat's last turn that others made (its own entries of this turn left out)
export function sinceLastTurn(v) {
  if (v.since === null || v.since === undefined || v.seat === null || v.seat === undefined) return [];
  const from = v.events_from || 0;
  return (v.events || []).filter((e, i) => from + i >= v.since && e.seat !== v.seat);
}

// the cities and routes the entries touch (a move's ends, a house, the houses that produced, a new colonist)
export function touchedPlaces(entries) {
  const cities = new Set(), routes = new Set();
  const at = (p) => {
    if (!p || typeof p !== "object") return;
    if (typeof p.route === "number") routes.add(p.route);
    if (typeof p.city === "number") cities.add(p.city);
  };
  for (const e of entries) {
    if (typeof e.city === "number") cities.add(e.city);
    if (typeof e.route === "number") routes.add(e.route);
    for (const c of e.cities || []) cities.add(c);
    at(e.frm);
    at(e.to);
  }
  return { cities, routes };
}

export function renderLog(v) {
  const box = $("log");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
  box.innerHTML = "";
  const events = v.events || [];
  const from = v.events_from || 0;
  events.forEach((e, i) => {
    if (v.since !== null && v.since !== undefined && from + i === v.since && i > 0) {
      box.append(el("div", { class: "since-mark" }, "since your last turn"));
    }
    box.append(entryEl(v, e));
  });
  if (!events.length) box.append(el("div", { class: "muted small" }, "Nothing has happened yet."));
  if (atBottom || G.lastRenderedEvents !== events.length) box.scrollTop = box.scrollHeight;
  G.lastRenderedEvents = events.length;
  renderSince(v);
}

// "Since your last turn": the others' entries, newest last, folded away on a click (kept folded while they stay)
function renderSince(v) {
  const box = $("since");
  if (!box) return;
  const entries = v.over ? [] : sinceLastTurn(v);
  box.classList.toggle("hidden", !entries.length);
  if (!entries.length) { box.innerHTML = ""; return; }
  const key = `${v.since}:${entries.length}`;
  const open = G.sinceKey === key ? G.sinceOpen : true;
  box.innerHTML = "";
  const details = el("details", { class: "since", dataset: { count: entries.length } },
    el("summary", {}, `Since your last turn (${entries.length} ${entries.length === 1 ? "entry" : "entries"})`),
    el("div", { class: "log" }, entries.map((e) => entryEl(v, e))));
  details.open = open;
  details.addEventListener("toggle", () => { G.sinceKey = key; G.sinceOpen = details.open; });
  box.append(details);
}
