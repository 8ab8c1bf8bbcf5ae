// The game page (/play/<game>) and the replay page (/replay/<game>): the entry module (the rest is in game/).
// Only the legal decisions of the view are offered; every change arrives as a fresh view (HTTP answer or WebSocket).
import { $, Creds, el, loadCatalog } from "./common.js";
import { fetchSeatView, fetchView } from "./game/api.js";
import { askHints } from "./game/hints.js";
import { connect, ensureBoard, show, undo } from "./game/play.js";
import { startReplay } from "./game/replay.js";
import { G, localSeats } from "./game/state.js";

// the seat secrets a link brings: in its fragment (#seat=0&key=…, or #keys=0:…,1:… for a hot-seat table); the query
// string of older links is read too. {seat: key}
function linkSecrets() {
  const out = {};
  for (const q of [new URLSearchParams(location.hash.slice(1)), new URLSearchParams(location.search)]) {
    if (q.get("seat") !== null && q.get("key")) out[Number(q.get("seat"))] = q.get("key");
    for (const item of (q.get("keys") || "").split(",")) {
      const [s, k] = item.split(":");
      if (s && k) out[Number(s)] = k;
    }
  }
  return out;
}

// keep a link's secrets once the server has accepted them: a wrong one (a crafted link) replaces nothing stored
async function adoptLinkSecrets(offered) {
  const refused = [];
  let unsure = false;
  for (const [seat, key] of Object.entries(offered)) {
    if (G.creds[seat] === key) continue;
    try {
      await fetchSeatView(Number(seat), key);
      G.creds[seat] = key;
    } catch (e) {
      if (e.status === 403 || e.status === 422) refused.push(Number(seat) + 1);
      else unsure = true;  // the server cannot be asked now: the link stays in the address bar for a reload
    }
  }
  Creds.set(G.gid, G.creds);
  if (!unsure) history.replaceState(null, "", location.pathname);  // the secrets leave the address bar
  if (refused.length) {
    G.notice = `This link's secret for seat ${refused.join(", ")} was refused; this browser keeps the seats it had.`;
  }
}

async function start() {
  const parts = location.pathname.split("/").filter(Boolean);
  G.replay = parts[0] === "replay";
  G.gid = decodeURIComponent(parts[1] || "");
  G.creds = Creds.get(G.gid);
  const offered = linkSecrets();

  $("undo").addEventListener("click", undo);
  $("hintbtn").addEventListener("click", askHints);
  try {
    await loadCatalog();
    if (G.replay) {
      await startReplay();
      return;
    }
    if (Object.keys(offered).length) await adoptLinkSecrets(offered);
    G.local = localSeats();
    const v = await fetchView(G.local.length ? G.local[0] : null);
    await ensureBoard(v);
    await show(v);
    connect();
  } catch (e) {
    fatal(e);
  }
}

function fatal(e) {
  console.error(e);
  $("banner").innerHTML = "";
  $("banner").append(el("div", { class: "error" }, e.message || String(e)), el("a", { href: "/" }, "Back to the lobby"));
}

// a link to this very page opened in its tab changes only the fragment: read it as a new page would
window.addEventListener("hashchange", () => { if (location.hash.length > 1) location.reload(); });

start();
