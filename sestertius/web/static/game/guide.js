// A first game's guide: one line over the decision that says what to do next, from the pending decision's kind.
// It can be dismissed (this browser remembers) and brought back from the rules page.
import { $, el } from "../common.js";

const KEY = "sestertius.guide";
const NEXT = {
  turn: "Play a card from your hand: click a glowing card (the small i on a card says what it does).",
  arch_move: "Move your colonists: click a glowing route (or first one of your ringed colonists), then “Done moving” to build.",
  arch_build: "Pick a city to build in: click a glowing city next to your colonists; “Done building” when you have built enough.",
  prefect: "Pick a province to produce in: click its glowing bonus marker — or cash in the turned markers.",
  trade: "Sell and buy goods with the buttons (up to two kinds); “Done trading” when you are finished.",
  buy: "Buy a card: click a glowing card of the display (you pay its goods and the position's extra cost) — or pass.",
  colonist: "Put new colonists into the capital or a city of yours — or take the money instead.",
  tribune: "Buy a new colonist if you want one, or decline.",
  diplomat: "Pick the player whose top card you copy.",
  half: "Pick which half of the double card you perform.",
  discard: "Your storehouse is over full: pick the goods you give up.",
  contrarius_move: "Contrarius leaves a choice to you: pick the way its colonist goes.",
  contrarius_line: "Contrarius leaves a choice to you: pick the line for its colonist.",
  contrarius_roll: "Roll the die named above and click the face that came up.",
};

export function guideOn() {
  try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
}

export function setGuide(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
}

export function renderGuide(v) {
  const box = $("guide");
  if (!box) return;
  const kind = v.step ? v.step[0] : "";
  const mine = (v.legal || []).length > 0 && !v.over;
  const text = mine && guideOn() ? (NEXT[kind] || (v.chance ? NEXT.contrarius_roll : "Choose one of the decisions below.")) : "";
  box.innerHTML = "";
  box.classList.toggle("hidden", !text);
  if (!text) return;
  box.dataset.kind = kind;
  box.append(el("span", { class: "guide-text" }, "Next: ", text, " ", el("a", { href: "/rules", target: "_blank" }, "rules")),
    el("button", { type: "button", class: "guide-off", title: "Hide the first-game guide", "aria-label": "hide the guide",
      onclick: () => { setGuide(false); renderGuide(v); } }, "×"));
}
