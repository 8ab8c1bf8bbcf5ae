// Online play: the tab's title says when it is this browser's turn ("• Your turn — Concordia"), and, if the person
// allowed it (the bell button asks the browser's permission), a notification says so when the tab is hidden.
import { $, seatName } from "../common.js";

const SVG = "http://www.w3.org/2000/svg";
// the bell, drawn (an emoji or font glyph is missing on some systems)
function bell() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "icon bell");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", "M12 2a1.5 1.5 0 0 0-1.5 1.5v.7A6 6 0 0 0 6 10v4.5L4 17v1h16v-1l-2-2.5V10a6 6 0 0 0-4.5-5.8v-.7A1.5 1.5 0 0 0 12 2zm-2.5 17a2.5 2.5 0 0 0 5 0z");
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

function label(btn, text) {
  btn.replaceChildren(bell(), " " + text);
}
import { G } from "./state.js";

const TITLE = "Concordia";
let wasMine = null; // whether the last view shown was this browser's turn (null before the first)

// is it a seat of this browser that decides now (or enters a die's face)?
export function myTurn(v) {
  if (!v || v.over || G.replay) return false;
  if (v.chance) return v.dice_seat !== null && v.dice_seat !== undefined && G.local.includes(v.dice_seat);
  return v.to_act !== null && v.to_act >= 0 && G.local.includes(v.to_act);
}

function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted";
}

// the bell: offered when the browser can notify, has not been asked yet, and the game has a person playing from
// elsewhere (online play); hot-seat and solo games at one screen do not need it
function renderBell(v) {
  const btn = $("notifybtn");
  if (!btn) return;
  const online = (v.seats || []).some((s) => s.kind === "human");
  const ask = "Notification" in window && Notification.permission === "default" && online && G.local.length > 0 && !v.over;
  btn.classList.toggle("hidden", !ask);
  if (!btn.dataset.wired) {
    btn.dataset.wired = "1";
    label(btn, "Notify me");
    btn.addEventListener("click", async () => {
      try { await Notification.requestPermission(); } catch (e) { /* an old browser: no promise */ }
      btn.classList.toggle("hidden", Notification.permission !== "default");
      label(btn, Notification.permission === "granted" ? "on" : "Notify me");
    });
  }
}

export function turnSignal(v) {
  const mine = myTurn(v);
  const board = G.geom ? G.geom.title : v.options.board;
  document.title = mine ? `• Your turn — ${TITLE}` : `${TITLE} · ${board}` + (v.over ? " · over" : "");
  renderBell(v);
  if (mine && wasMine === false && document.hidden && notificationsOn()) {
    const who = v.chance ? seatName(v, v.dice_seat) : seatName(v, v.to_act);
    try {
      const n = new Notification(`Your turn — ${TITLE}`, { body: `${who}: ${v.prompt || "your decision"}`, tag: `concordia-${G.gid}` });
      n.onclick = () => { window.focus(); n.close(); };
    } catch (e) { /* notifications refused by the browser */ }
  }
  wasMine = mine;
}
