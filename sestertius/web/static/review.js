// The review page (/review/<game>): a finished game's decisions of one seat, as the search bot judges them.
import { $, api, el, seatName } from "./common.js";

const gid = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const gamePath = `/api/games/${encodeURIComponent(gid)}`;

async function review() {
  const seat = Number($("seat").value), level = $("level").value;
  $("err").classList.add("hidden");
  $("review").classList.add("hidden");
  $("status").textContent = "The bot is looking at every decision of this seat…";
  $("go").disabled = true;
  try {
    const r = await api("GET", `${gamePath}/review?seat=${seat}&level=${level}`);
    const body = $("review").querySelector("tbody");
    body.innerHTML = "";
    for (const d of r.decisions) {
      const mark = d.marked ? "??" : d.loss >= 3 ? "?" : "";
      body.append(el("tr", { class: d.marked ? "costly" : "", dataset: { index: d.index } },
        el("td", {}, mark), el("td", {}, String(d.turn + 1)), el("td", {}, d.played),
        el("td", {}, d.loss > 0 ? `−${d.loss.toFixed(1)}` : ""), el("td", {}, d.loss > 0 ? d.best : "✓")));
    }
    $("status").textContent = `${r.decisions.length} decision${r.decisions.length === 1 ? "" : "s"} reviewed by the ${r.level} bot; ${r.total_loss.toFixed(1)} points of estimated margin lost in all.`;
    $("review").classList.remove("hidden");
    document.body.dataset.reviewed = String(r.decisions.length);
  } catch (e) {
    $("status").textContent = "";
    $("err").textContent = e.message;
    $("err").classList.remove("hidden");
  } finally {
    $("go").disabled = false;
  }
}

async function start() {
  $("gamelink").href = `/play/${encodeURIComponent(gid)}`;
  try {
    const v = await api("GET", gamePath);
    $("title").textContent = `Review of game ${gid}` + (v.over ? "" : " (not over yet)");
    const automaton = v.extra && v.extra.contrarius ? v.extra.contrarius.seat : null;
    for (const p of v.players) {
      if (p.seat === automaton) continue;
      $("seat").append(el("option", { value: p.seat }, seatName(v, p.seat) || `Seat ${p.seat + 1}`));
    }
    $("go").addEventListener("click", review);
    if (v.over) review();
  } catch (e) {
    $("err").textContent = e.message;
    $("err").classList.remove("hidden");
  }
}

start();
