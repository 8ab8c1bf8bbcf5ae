// Drawing the page from the view: title, board (with the legal targets glowing), banner and every panel.
import { $, afterName, contrariusInfo, el, optionsSummary, seatName, showReactions, swatch } from "../common.js";
import { renderDecision } from "./decision.js";
import { renderGuide } from "./guide.js";
import { renderHints } from "./hints.js";
import { renderLog, sinceLastTurn, touchedPlaces } from "./log.js";
import { turnSignal } from "./notify.js";
import { renderContrarius, renderDisplay, renderHand, renderScores, renderStanding } from "./panels.js";
import { renderPlayers } from "./players.js";
import { G, hideHands, setHideHands } from "./state.js";
import { targetsOf } from "./targets.js";
import { renderVariant } from "./variant.js";

export function render() {
  const v = G.view;
  if (!v) return;
  const o = v.options;
  turnSignal(v);
  showReactions(!!contrariusInfo(v));
  $("title").textContent = optionsSummary(o, !!contrariusInfo(v)) + (v.campaign ? ` · campaign ${v.campaign}` : "") + (v.over ? " · game over" : ` · turn ${v.turn + 1}`);
  const t = G.replay ? targetsOf({ ...v, legal: [] }) : targetsOf(v);
  renderBoard(v, t);
  renderBanner(v);
  renderStanding(v);
  if (!G.replay) renderDecision(v);
  if (!G.replay) renderGuide(v);
  renderHints(v);
  renderScores(v);
  renderHand(v, t);
  renderContrarius(v);
  renderVariant(v);
  renderPlayers(v);
  renderDisplay(v, t);
  renderLog(v);
  $("undo").classList.toggle("hidden", !v.can_undo || G.replay);
  const over = v.over && !G.replay;
  $("download").classList.toggle("hidden", !v.over);
  $("download").href = `/api/games/${encodeURIComponent(G.gid)}/record`;
  $("replaylink").classList.toggle("hidden", !over);
  $("replaylink").href = `/replay/${encodeURIComponent(G.gid)}`;
  $("reviewlink").classList.toggle("hidden", !over);
  $("reviewlink").href = `/review/${encodeURIComponent(G.gid)}`;
  // for tests and scripts: what this page shows now
  Object.assign(document.body.dataset, { decisions: v.decisions, toAct: v.to_act, seat: v.seat ?? "", over: v.over });
}

function renderBoard(v, t) {
  let routes = new Set(t.routes.keys());
  if (G.selectedPawn) {
    routes = new Set();
    for (const [rid, acts] of t.routes) if (acts.some((a) => a.pawn === G.selectedPawn)) routes.add(rid);
  }
  if (G.chooser) {
    routes = new Set();
    for (const [rid, acts] of t.routes) if (acts.some((a) => G.chooser.includes(a))) routes.add(rid);
  }
  const recent = touchedPlaces(recentEntries(v));
  G.board.render(v, {
    routes, cities: new Set(t.cities.keys()), provinces: new Set(t.provinces.keys()),
    pawns: new Set([...t.pawns.keys()].filter(Boolean)), selectedPawn: G.selectedPawn,
    recentRoutes: recent.routes, recentCities: recent.cities,
  });
  const hint = $("hint");
  let text = "";
  if (t.routes.size) text = G.selectedPawn ? "Click a glowing route for the chosen colonist (click it again to let go)" : "Click a glowing route — or one of your ringed colonists first";
  else if (t.cities.size) text = "Click a glowing city";
  else if (t.provinces.size) text = "Click a glowing bonus marker to produce in that province";
  hint.textContent = text;
  hint.classList.toggle("hidden", !text);
}

// the latest changes the map marks: the others' since this seat's last turn; for a spectator, the last turn's
function recentEntries(v) {
  if (v.over) return [];
  if (v.seat !== null && v.seat !== undefined) return sinceLastTurn(v);
  const ev = v.events || [];
  const last = ev.length ? ev[ev.length - 1].turn : null;
  return ev.filter((e) => e.turn === last);
}

function renderBanner(v) {
  const b = $("banner");
  b.innerHTML = "";
  b.classList.remove("mine");
  if (v.over) {
    const win = v.ranking ? v.ranking[0] : null;
    b.append(el("div", {}, "Game over. ", win !== null ? el("span", { class: "who" }, swatch(win, v), " ", seatName(v, win), " wins") : ""));
    if (v.campaign && !G.replay) b.append(el("div", { class: "small" }, el("a", { href: "/campaigns" }, `Campaign ${v.campaign}: see the next game's starting points →`)));
    return;
  }
  const who = v.to_act;
  if (v.chance) {
    const mine = v.seat !== null && v.seat === v.dice_seat;
    if (mine) b.classList.add("mine");
    b.append(el("div", {}, "Chance: ", el("span", { class: "who" }, "a die is to be rolled"),
      v.dice_seat !== null && v.dice_seat !== undefined ? ` — ${mine ? "you enter" : seatName(v, v.dice_seat) + " enters"} what came up` : ""));
  } else if (who !== null && who >= 0) {
    const mine = v.seat === who;
    if (mine) b.classList.add("mine");
    b.append(el("div", {},
      swatch(who, v), " ",
      mine ? el("span", { class: "who" }, `${seatName(v, who)}, it is your turn`) : el("span", {}, el("span", { class: "who" }, seatName(v, who)), " " + afterName(seatName(v, who), "is to decide…"))));
  }
  const you = v.seat === null || v.seat === undefined ? "You are watching (no seat secret in this browser)." :
    G.local.length > 1 ? `Hot-seat: this screen plays ${G.local.map((s) => seatName(v, s)).join(", ")}.` :
    seatName(v, v.seat) === "You" ? "This screen plays your seat." : `You play ${seatName(v, v.seat)}.`;
  b.append(el("div", { class: "small muted" }, you));
  if (G.local.length > 1 && !v.over) {
    const box = el("input", { type: "checkbox", id: "hidehands" });
    box.checked = hideHands();
    box.addEventListener("change", () => setHideHands(box.checked));
    b.append(el("label", { class: "small" }, box, " cover the screen between players (hands stay private)"));
  }
  if (v.seed_chosen && (v.seats || []).filter((s) => s.kind !== "bot").length > 1) {
    b.append(el("div", { class: "notice small", dataset: { note: "seed" } },
      "The creator chose this game's seed: a seed fixes the order of the cards, so whoever knows it can know the deck."));
  }
  if (G.notice) b.append(el("div", { class: "error", dataset: { note: "link" } }, G.notice));
  if (G.error && !(v.legal || []).length) b.append(el("div", { class: "error" }, G.error));
}
