// The side panels: final scoring, the seat's hand, Contrarius (Solitaria's automaton) and the card display.
import { $, cardEl, cardFull, cardTitle, contrariusInfo, el, goodIcon, pressable, seatName, swatch } from "../common.js";
import { G, actions } from "./state.js";

const GOD_COLORS = { Vesta: "#c0392b", Jupiter: "#7f8c8d", Saturnus: "#2c6e49", Venus: "#d35d9b", Mercurius: "#d4a017",
  Mars: "#8e3b1f", Minerva: "#3b6fb6" };

// one god's cell: cards × points per card (Minerva: each specialist's own points)
function godCell(row) {
  if (!row || !row.cards) return el("td", { class: "muted" }, "0");
  const same = row.each.every((x) => x === row.each[0]);
  const how = same ? `${row.cards} × ${row.each[0]}` : row.each.join(" + ");
  return el("td", { title: `${row.cards} card${row.cards === 1 ? "" : "s"}` }, el("span", { class: "how small muted" }, how + " = "), el("b", {}, String(row.points)));
}

export function renderScores(v) {
  const box = $("scores");
  box.classList.toggle("hidden", !v.scores);
  if (!v.scores) return;
  box.innerHTML = "";
  box.append(el("h2", {}, "Final scoring"));
  const seats = v.scores.map((_, i) => i);
  const table = v.score_table || null;
  const gods = table ? Object.keys(table[0]) : [];
  const keys = Object.keys(v.scores[0]).filter((k) => k !== "total");
  const win = v.ranking ? v.ranking[0] : null;
  const head = el("tr", {}, el("th", {}, "God"), seats.map((s) => el("th", { class: s === win ? "winner" : "" },
    swatch(s, v), " ", seatName(v, s))));
  const rows = keys.map((k) => el("tr", { dataset: { god: k } }, el("td", {}, k),
    seats.map((s) => gods.includes(k) ? godCell(table[s][k]) : el("td", {}, String(v.scores[s][k] ?? 0)))));
  const total = el("tr", { class: "total" }, el("td", {}, "Total"), seats.map((s) => el("td", { class: s === win ? "winner" : "" }, String(v.scores[s].total))));
  box.append(el("table", { class: "god-table" }, el("thead", {}, head), el("tbody", {}, rows, total)));
  if (table) box.append(el("p", { class: "small muted" }, "Each god: the cards carrying it × the points each card gives."));
  box.append(scoreChart(v, keys));
  if (v.ranking) box.append(el("p", { class: "small muted" }, "Ranking: " + v.ranking.map((s, i) => `${i + 1}. ${seatName(v, s)}`).join("  ")));
}

// a bar per player, one segment per god (and the other points), as wide as its points
function scoreChart(v, keys) {
  const max = Math.max(1, ...v.scores.map((sc) => sc.total));
  const chart = el("div", { class: "score-chart", role: "img", "aria-label": "points per god and player" });
  v.scores.forEach((sc, s) => {
    const bar = el("div", { class: "bar" });
    for (const k of keys) {
      const pts = sc[k] || 0;
      if (pts <= 0) continue;
      bar.append(el("span", { class: "seg", dataset: { god: k, points: pts }, title: `${k}: ${pts}`,
        style: `width:${(100 * pts / max).toFixed(2)}%;background:${GOD_COLORS[k] || "#a98f64"}` }, pts >= max / 12 ? String(pts) : ""));
    }
    chart.append(el("div", { class: "row", dataset: { seat: s } },
      el("span", { class: "who" }, swatch(s, v), " ", seatName(v, s)),
      bar, el("b", { class: "sum" }, String(sc.total))));
  });
  const legend = el("div", { class: "legend small" }, keys.filter((k) => v.scores.some((sc) => (sc[k] || 0) > 0)).map((k) =>
    el("span", {}, el("span", { class: "swatch", style: `background:${GOD_COLORS[k] || "#a98f64"}` }), " ", k)));
  return el("div", {}, chart, legend);
}

// the points: first as the physical track shows them (each player's marker), then what each would score were the
// game to end now (always in sight, above the decision)
export function renderStanding(v) {
  const box = $("standing");
  if (!box) return;
  box.classList.toggle("hidden", !v.standing);
  box.innerHTML = "";
  if (!v.standing) return;
  box.append(el("span", { class: "small muted" }, "Points track: "));
  (v.players || []).forEach((p) => {
    const ended = v.standing[p.seat] ? v.standing[p.seat].total : null;
    box.append(el("span", { class: "pts track", dataset: { seat: p.seat, track: p.vp },
      title: `the marker on the points track${ended === null ? "" : `; ${ended} were the game to end now`}` },
      swatch(p.seat, v), ` ${seatName(v, p.seat)} `, el("b", {}, String(p.vp))));
  });
  // (a phone keeps to the track: this part is in each figure's title)
  const now = el("span", { class: "standing-now" }, el("span", { class: "small muted" }, "· if the game ended now: "));
  v.standing.forEach((sc, s) => {
    now.append(el("span", { class: "pts", dataset: { seat: s }, title: Object.entries(sc).filter(([k, x]) => k !== "total" && x).map(([k, x]) => `${k} ${x}`).join(", ") || "no points yet" },
      ` ${seatName(v, s)} `, el("b", {}, String(sc.total))));
  });
  box.append(now);
}

export function renderHand(v, t) {
  const panel = $("handpanel");
  const me = v.seat !== null && v.seat !== undefined ? v.players[v.seat] : null;
  panel.classList.toggle("hidden", !me || !me.hand);
  if (!me || !me.hand) return;
  $("handtitle").textContent = G.local.length > 1 ? `Hand of ${seatName(v, v.seat)}` : "Your hand";
  const box = $("hand");
  box.innerHTML = "";
  const counts = new Map();
  for (const k of me.hand) counts.set(k, (counts.get(k) || 0) + 1);
  for (const [k, n] of counts) {
    const acts = t.hand.get(k);
    const c = cardEl(k, { count: n, cls: acts ? "playable" : "", showCost: false });
    if (acts) {
      c.title = `Click to play ${cardTitle(k)}. ${cardFull(k)}`;
      pressable(c, () => actions.send(acts[0].action));
    }
    box.append(c);
  }
  if (!me.hand.length) box.append(el("span", { class: "muted" }, "no cards in hand"));
}

export function renderContrarius(v) {
  const box = $("contrarius");
  const c = contrariusInfo(v);
  const other = v.extra && !c ? v.extra : null;
  box.classList.toggle("hidden", !c && !other);
  box.innerHTML = "";
  if (c) {
    box.append(el("h2", {}, el("span", { class: "swatch pcC" }), " ", c.name || "Contrarius"));
    box.append(el("div", { class: "kv" },
      el("div", {}, "Difficulty"), el("div", {}, String(c.difficulty || "").replace(/_/g, " ")),
      el("div", {}, "Victory points"), el("div", {}, el("b", {}, String(c.vp))),
      el("div", {}, "Houses"), el("div", {}, `${c.houses_built} built, ${c.houses_in_supply} in supply`),
      el("div", {}, "Colonists on the board"), el("div", {}, String(c.colonists_on_board)),
      c.track && c.track.length ? el("div", {}, "Houses on the VP track") : null,
      c.track && c.track.length ? el("div", {}, c.track.join(", ")) : null,
    ));
    box.append(el("div", { class: "small muted", style: "margin:6px 0 3px" }, `Face up (${(c.face_up || []).length})`));
    box.append(el("div", { class: "cards" }, (c.face_up || []).map((k) => cardEl(k, { small: true, showCost: false, strip: true }))));
    box.append(el("div", { class: "small muted", style: "margin:6px 0 3px" }, `Face down (${(c.face_down || []).length})`));
    box.append(el("div", { class: "cards" }, (c.face_down || []).map((k) => cardEl(k, { small: true, showCost: false, cls: "back", strip: true }))));
    // anything else Contrarius publishes
    const known = new Set(["seat", "name", "difficulty", "vp", "face_up", "face_down", "houses_built", "houses_in_supply", "track", "colonists_on_board"]);
    const rest = Object.entries(c).filter(([k]) => !known.has(k));
    if (rest.length) box.append(el("div", { class: "kv" }, rest.flatMap(([k, val]) => [el("div", {}, k.replace(/_/g, " ")), el("div", {}, typeof val === "object" ? JSON.stringify(val) : String(val))])));
  } else if (other) {
    box.append(el("h2", {}, "More"));
    box.append(el("div", { class: "kv" }, Object.entries(other).flatMap(([k, val]) => [el("div", {}, k), el("div", {}, typeof val === "object" ? JSON.stringify(val) : String(val))])));
  }
}

export function renderDisplay(v, t) {
  const box = $("display");
  box.innerHTML = "";
  (v.display || []).forEach((slot, pos) => {
    const acts = t.display.get(pos);
    const c = cardEl(slot.card, { cls: acts ? "buyable" : "" });
    if (acts) {
      c.title = `Buy ${cardTitle(slot.card)}. ${cardFull(slot.card)}`;
      pressable(c, () => {
        if (acts.length === 1) actions.send(acts[0].action);
        else actions.choose(acts);
      });
    }
    const extra = el("div", { class: "poscost", title: "the position's extra cost" },
      slot.extra.length ? ["+", ...slot.extra.map((g) => goodIcon(g))] : el("span", { class: "muted" }, "free"));
    box.append(el("div", { class: "slot", dataset: { pos } }, el("div", { class: "posno", title: "display position" }, String(pos + 1)), c, extra));
  });
  box.append(el("div", { class: "slot deck" },
    el("div", { class: "card back" + (v.deck_size ? "" : " empty") }, v.deck_size ? el("div", { class: "title", style: "margin-top:30px" }, v.deck_top || "") : null),
    el("div", { class: "small muted" }, `deck: ${v.deck_size}`)));
}
