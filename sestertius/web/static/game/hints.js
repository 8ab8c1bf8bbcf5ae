// Hints: the search bot's three best decisions for the seat to act, asked for with the Hint button (the server
// answers only the seat with its secret, when it is that seat's decision).
import { $, api, el, namePlayers } from "../common.js";
import { G, actions } from "./state.js";

let shownFor = null;  // the position (decisions so far) the hints on screen are for

export function renderHints(v) {
  const mine = !G.replay && !v.over && v.seat !== null && v.seat !== undefined && v.to_act === v.seat && !v.chance
    && (v.legal || []).length > 1;
  $("hintbtn").classList.toggle("hidden", !mine);
  if (shownFor !== v.decisions) {
    $("hints").innerHTML = "";
    $("hints").classList.add("hidden");
    shownFor = null;
  }
}

export async function askHints() {
  const v = G.view;
  const btn = $("hintbtn"), box = $("hints");
  btn.disabled = true;
  btn.textContent = "Thinking…";
  try {
    // the secret in a header, never in the URL
    const r = await api("GET", `/api/games/${encodeURIComponent(G.gid)}/hints?seat=${v.seat}`, undefined,
      { "X-Seat-Key": G.creds[v.seat] });
    if (!G.view || G.view.decisions !== r.decisions) return;  // the game moved on meanwhile
    shownFor = r.decisions;
    box.innerHTML = "";
    // the bot orders its hints by the margin over the best other player: that figure comes first
    box.append(el("div", { class: "small muted" }, `The ${r.level} bot suggests (best first, by the estimated lead at the end · final score · chance to win):`));
    r.hints.forEach((h, i) => {
      const rest = h.plan.length ? ` — then ${h.plan.slice(0, 6).map((p) => namePlayers(v, p)).join(", ")}` : "";
      const margin = `${h.margin >= 0 ? "+" : "−"}${Math.abs(Math.round(h.margin))}`;
      box.append(el("div", { class: "hint-entry", dataset: { index: i, margin: Math.round(h.margin) } },
        el("button", { class: "legal", onclick: () => actions.send(h.action) }, `${i + 1}. ${namePlayers(v, h.text)}`),
        el("span", { class: "small" }, rest),
        el("div", { class: "small muted" }, el("b", { class: "hint-margin" }, `lead ${margin}`),
          ` · ${Math.round(h.score)} VP · ${Math.round(h.chance * 100)}% · ${namePlayers(v, h.reason)}`)));
    });
    box.classList.remove("hidden");
  } catch (e) {
    box.innerHTML = "";
    box.append(el("div", { class: "error" }, e.message));
    box.classList.remove("hidden");
  } finally {
    btn.disabled = false;
    btn.textContent = "Hint";
  }
}
