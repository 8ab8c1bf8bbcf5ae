// The game page (/play/<game>) and the replay page (/replay/<game>): the entry module (the rest is in game/).
// Only the legal decisions of the view are offered; every change arrives as a fresh view (HTTP answer or WebSocket).
import { $, Creds, el, loadCatalog } from "./common.js";
import { fetchView } from "./game/api.js";
import { askHints } from "./game/hints.js";
import { connect, ensureBoard, show, undo } from "./game/play.js";
import { startReplay } from "./game/replay.js";
import { G, localSeats } from "./game/state.js";

async function start() {
  const parts = location.pathname.split("/").filter(Boolean);
  G.replay = parts[0] === "replay";
  G.gid = decodeURIComponent(parts[1] || "");
  const q = new URLSearchParams(location.search);
  G.creds = Creds.get(G.gid);
  if (q.get("seat") !== null && q.get("key")) G.creds[Number(q.get("seat"))] = q.get("key");
  if (q.get("keys")) {
    for (const item of q.get("keys").split(",")) {
      const [s, k] = item.split(":");
      if (s !== undefined && k) G.creds[Number(s)] = k;
    }
  }
  if (Object.keys(G.creds).length) Creds.set(G.gid, G.creds);
  G.local = localSeats();

  $("undo").addEventListener("click", undo);
  $("hintbtn").addEventListener("click", askHints);
  try {
    await loadCatalog();
    if (G.replay) {
      await startReplay();
      return;
    }
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

start();
