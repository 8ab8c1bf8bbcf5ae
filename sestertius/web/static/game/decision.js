// The decision panel: the engine's prompt for the step, the legal decisions as buttons grouped by verb, the chooser
// when one click fits several decisions, and the last refusal.
import { $, CATALOG, GOODS, cardInfo, cardTitle, el, seatName, sestertii } from "../common.js";
import { G, actions, cityName, placeName, routeName } from "./state.js";
import { canRetype } from "./table.js";

const VERB_GROUPS = {
  play: "Play a card", move: "Move a colonist", build: "Build a house", produce: "Produce", cash: "Money",
  sell: "Sell", buy: "Buy", drop: "Give up", place: "New colonists", recruit: "New colonist", card: "Buy a card",
  copy: "Copy", half: "Perform", roll: "Die", line: "Line", cmove: "Contrarius' colonist", done: "",
  keep: "", veto: "", start: "Start city", enter: "Fish market", stand: "Stand", take: "Take",
};

export function setButtonsDisabled(d) {
  document.querySelectorAll("#actions button, #chooser button").forEach((b) => { b.disabled = d; });
}

// a clearer label than the engine's text where the view tells more
export function labelOf(entry) {
  const v = G.view, a = entry.action;
  const cat = CATALOG || {};
  try {
    switch (a[0]) {
      case "move": {
        const c = v.players[v.seat].colonists[a[1]];
        const from = placeName(c.at);
        const to = routeName(a[2]);
        if (!to) break; // the engine's words
        return `${c.kind} colonist: ${from} → ${to}`;
      }
      case "sell": return `sell 1 ${GOODS[a[1]]} (+${cat.prices[a[1]]})`;
      case "buy": return `buy 1 ${GOODS[a[1]]} (−${cat.prices[a[1]]})`;
      case "build": {
        if (!entry.cost) break;  // the server names what the engine charges for the house
        const goods = Object.entries(entry.cost.goods).map(([g, n]) => `${n} ${g}`);
        return `${entry.text} — ${[...goods, sestertii(entry.cost.coins)].join(", ")}`;
      }
      case "produce": {
        const p = v.provinces[a[1]];
        return `produce in ${p.name} (${p.good})`;
      }
      case "half": {
        const me = v.players[v.seat];
        const card = me && me.pile_top ? cardInfo(me.pile_top) : null;
        if (card && card.halves && card.halves[a[1]]) return `perform ${cardTitle(card.halves[a[1]])}`;
        break;
      }
      case "copy": { // the engine says "seat 2"; the page knows the player's name
        if (typeof a[1] === "number" && a[1] >= 0) return entry.text.replace(`seat ${a[1] + 1}`, seatName(v, a[1]));
        break;
      }
      case "start": { const name = cityName(a[1]); if (!name) break; return `start in ${name}`; }
      default: break;
    }
  } catch (e) { /* fall back to the engine's words */ }
  return entry.text;
}

function doneLabel(step) {
  // Roma: the house a ship's entry into Carthago or Athenae allows comes next, as its own step (A-ROMA-TRACK-HOUSE)
  if (step === "arch_build" && G.view && G.view.roma) return "Done building in the city";
  return { arch_move: "Done moving → build", arch_build: "Done building", trade: "Done trading", buy: "Done buying",
    colonist: "Done", tribune: "No colonist, thanks" }[step] || "Done";
}

export function renderDecision(v) {
  const box = $("decision");
  const legal = v.legal || [];
  box.classList.toggle("hidden", !legal.length);
  if (!legal.length) return;
  const step = v.step ? v.step[0] : "";
  $("decision-title").textContent = v.chance ? (step.startsWith("volcano") ? "Enter the volcano tile" : "Enter the roll") : `${seatName(v, v.seat)}: your decision`;
  $("prompt").textContent = v.prompt || "";  // the engine's words for the step (chance steps entered by hand included)
  const die = v.extra && v.extra.die ? v.extra.die : null;
  if (v.chance && die) $("decision-title").textContent = `Roll the ${die.name}`;
  if (v.movement_points !== null && v.movement_points !== undefined) {
    $("prompt").append(el("div", { class: "points", dataset: { points: v.movement_points } },
      el("b", {}, String(v.movement_points)), ` movement point${v.movement_points === 1 ? "" : "s"} left`));
  }
  const last = (v.events || [])[v.events.length - 1];
  if ((v.chance || step.startsWith("contrarius")) && last) {
    $("prompt").append(el("div", { class: "small muted", style: "margin-top:4px" }, `${seatName(v, last.seat) || "Game"}: ${last.text}`));
  }
  const err = $("error");
  err.textContent = G.error || "";
  err.classList.toggle("hidden", !G.error);

  const ch = $("chooser");
  ch.innerHTML = "";
  ch.classList.toggle("hidden", !G.chooser);
  if (G.chooser) {
    ch.append(el("div", { class: "small" }, "Several decisions fit that click — choose one:"));
    const row = el("div", { class: "actions" });
    for (const e of G.chooser) row.append(el("button", { class: "legal", dataset: { verb: e.action[0] }, onclick: () => actions.send(e.action) }, labelOf(e)));
    row.append(el("button", { onclick: () => actions.choose(null) }, "Cancel"));
    ch.append(row);
  }

  const box2 = $("actions");
  box2.innerHTML = "";
  // grouped by verb, in the engine's order of first appearance; Done first (always in sight)
  const groups = new Map();
  legal.forEach((e, i) => {
    const verb = e.action[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push({ ...e, index: i });
  });
  const order = [...groups.keys()].sort((a, b) => (b === "done") - (a === "done"));
  const many = legal.length > 14;
  box2.classList.toggle("scroll", many);
  for (const verb of order) {
    const list = groups.get(verb);
    if (verb === "roll" && die) box2.append(el("div", { class: "group-title die-name" }, `${die.name}: ${die.faces.join(" · ")}`));
    else if (groups.size > 1 && VERB_GROUPS[verb] && list.length > 1) box2.append(el("div", { class: "group-title" }, VERB_GROUPS[verb]));
    for (const e of list) {
      const label = verb === "done" ? doneLabel(step) : labelOf(e);
      const rolled = verb === "roll" && die;  // a face of the named die: the button looks like that die
      box2.append(el("button", {
        class: "legal" + (verb === "done" ? " primary" : "") + (rolled ? ` die die-${die.key}` : ""),
        dataset: rolled ? { verb, index: e.index, die: die.key, face: String(e.action[1]) } : { verb, index: e.index },
        title: rolled ? `${e.text} (${die.name})` : e.text, onclick: () => actions.send(e.action),
      }, label));
    }
  }
  // at a real table: a mis-tapped face is entered again; the board (above the sheet on a phone) one tap away
  if (canRetype(v)) {
    box2.append(el("div", { class: "table-tools" },
      el("button", { type: "button", class: "retype", onclick: () => actions.retype() }, "Re-enter the last die"),
      el("button", { type: "button", class: "to-map", onclick: () => $("board").scrollIntoView({ block: "start" }) }, "Map")));
  }
}
