// The replay page (/replay/<game>): a finished game's public view after any number of decisions, step by step or
// playing on by itself.
import { $, seatName } from "../common.js";
import { fetchReplay } from "./api.js";
import { ensureBoard } from "./play.js";
import { render } from "./render.js";
import { G } from "./state.js";

export async function startReplay() {
  $("replaypanel").hidden = false;
  $("conn").classList.add("hidden");
  const q = new URLSearchParams(location.search);
  const first = await fetchReplay(0);
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
  const res = await fetchReplay(step);
  if (replayPending !== step) return;
  G.rp.step = res.step;
  G.view = res.view;
  G.shownSeat = null;
  $("rp-range").value = String(res.step);
  $("rp-pos").textContent = `decision ${res.step} of ${res.total}`;
  $("rp-next-text").textContent = res.next ? `Next: ${res.next.decider >= 0 ? seatName(res.view, res.next.decider) + " — " : res.next.decider === -1 ? "chance — " : ""}${res.next.text}` : "End of the game.";
  render();
}
