// A first game's guide: one line over the decision that says what to do next, the engine's own words for the
// pending step (its step record's ``guide``, in the view). It can be dismissed (this browser remembers) and brought
// back from the rules page.
import { $, el } from "../common.js";

const KEY = "sestertius.guide";

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
  const text = mine && guideOn() ? (v.guide || "Choose one of the decisions below.") : "";
  box.innerHTML = "";
  box.classList.toggle("hidden", !text);
  if (!text) return;
  box.dataset.kind = kind;
  box.append(el("span", { class: "guide-text" }, "Next: ", text, " ", el("a", { href: "/rules", target: "_blank" }, "rules")),
    el("button", { type: "button", class: "guide-off", title: "Hide the first-game guide", "aria-label": "hide the guide",
      onclick: () => { setGuide(false); renderGuide(v); } }, "×"));
}
