// The table assistant (dice entered by hand, the board on a real table): after an outcome, a sheet over the whole
// screen says in large words what to do on the physical board (the server's list of moves, view.table), with a
// Done button before the next prompt; "Map" shows the board for a moment; "Re-enter the last die" takes a mis-tapped
// face back. The sheet is shown once per position (this browser remembers the last one it was closed at).
import { $, el } from "../common.js";
import { G, actions } from "./state.js";

const SEEN = (gid) => `sestertius.table.${gid}`;
const ARM_MS = 450;  // a second tap this soon after the sheet appears does not close it (two taps are not two decisions)

function seenAt() {
  try { return Number(localStorage.getItem(SEEN(G.gid))); } catch (e) { return G.tableSeen; }
}

function setSeen(n) {
  G.tableSeen = n;
  try { localStorage.setItem(SEEN(G.gid), String(n)); } catch (e) { /* private mode */ }
}

// a die entered by hand can be entered again (the view's log has an outcome typed in)
export function canRetype(v) {
  return !!(v.options && v.options.manual_dice && !v.over && v.seat !== null && v.seat !== undefined
    && (v.events || []).some((e) => e.kind === "die" || e.kind === "volcano"));
}

export function renderTable(v) {
  const old = $("tablesheet");
  const t = v.table;
  const due = !G.replay && t && t.show && v.seat !== null && v.seat !== undefined && seenAt() !== v.decisions;
  if (!due) { if (old) old.remove(); return; }
  if (old && old.dataset.at === String(v.decisions)) return;  // already shown for this position
  if (old) old.remove();
  const done = el("button", { class: "primary ts-done", type: "button", disabled: true,
    onclick: () => { setSeen(v.decisions); sheet.remove(); } }, "Done — next");
  const peek = el("button", { type: "button", class: "ts-map", onclick: () => {
    sheet.classList.toggle("peek");
    peek.textContent = sheet.classList.contains("peek") ? "Show the moves" : "Map";
    if (sheet.classList.contains("peek")) $("board").scrollIntoView({ block: "start" });
  } }, "Map");
  const again = t.by === null && canRetype(v)
    ? el("button", { type: "button", class: "ts-retype", onclick: () => { setSeen(v.decisions); sheet.remove(); actions.retype(); } }, "Re-enter the last die")
    : null;
  const sheet = el("div", { id: "tablesheet", class: "tablesheet", role: "dialog", "aria-modal": "true",
    "aria-labelledby": "ts-title", dataset: { at: v.decisions } },
    el("h2", { id: "ts-title" }, "At the table"),
    el("ol", { class: "ts-moves" }, t.moves.map((m) => el("li", { dataset: { kind: m.kind } }, m.text))),
    t.points ? el("div", { class: "ts-points" }, "Points track: ", el("b", {}, t.points)) : null,
    el("div", { class: "ts-buttons" }, done, peek, again));
  document.body.append(sheet);
  setTimeout(() => { done.disabled = false; done.focus(); }, ARM_MS);
}
