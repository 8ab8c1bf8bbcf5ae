// The game log: every event of the view, newest at the bottom (kept in sight as events arrive).
import { $, el, playerTextColor, seatName } from "../common.js";
import { G } from "./state.js";

export function renderLog(v) {
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
