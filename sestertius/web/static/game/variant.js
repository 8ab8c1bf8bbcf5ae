// What the board's own rules and the variants publish in the view (Sicilia's volcano, Balearica's start boats,
// Roma's ship track, the fish market...), the intermediate scoring, and the assumptions behind this game's numbers.
import { $, describeValue, el, seatName, swatch } from "../common.js";
import { routeName } from "./state.js";

// the view's fields shown elsewhere on the page; any other field is a board's or a variant's own
const KNOWN_KEYS = new Set(["options", "turn", "current", "to_act", "over", "step", "prompt", "pm", "concordia",
  "final_turns", "display", "deck_size", "deck_top", "players", "board", "cities", "routes", "provinces", "legal",
  "events", "can_undo", "scores", "ranking", "intermediate", "extra", "chance", "game", "seat", "seats", "decisions",
  "status", "campaign", "assumptions", "dice_seat", "seed_chosen", "events_from", "since", "standing",
  "movement_points", "score_table", "guide", "table"]);

const whoOf = (v, seats) => (seats && seats.length ? seats.map((s) => seatName(v, s)).join(", ") : "—");
const chip = (v, seat) => swatch(seat, v, { title: seatName(v, seat) });

// readable panels for what the boards' own rules and the variants publish
const VARIANT_PANELS = {
  volcano(v, vol) {
    const rows = Object.entries(vol.rows || {}).sort((a, b) => a[1] - b[1]);
    return el("div", { class: "variant-panel", dataset: { panel: "volcano" } },
      el("h3", {}, "Etna (the volcano)"),
      el("div", { class: "small muted" }, `tiles left in the pile: ${vol.pile} (neutral: ${vol.neutral_in_pile})` + (vol.last ? ` · last tile drawn: ${vol.last}` : "")),
      // narrow enough for a side column (a tablet's 320 px): tiles placed with those left in one cell, short
      // headers that wrap, and a scroll of its own should a board name more effects
      el("div", { class: "mini-scroll" }, el("table", { class: "mini" },
        el("tr", {}, el("th", {}, "province"), el("th", { title: "tiles placed (left in the pile)" }, "tiles (left)"),
          ...rows.map(([e, r]) => el("th", { title: `from ${r} tiles` }, `${e.replace(/_/g, " ")} ≥${r}`))),
        ...(vol.columns || []).map((c) => el("tr", {}, el("td", {}, c.name), el("td", {}, `${c.tiles} (${c.tiles_in_pile})`),
          ...rows.map(([e]) => el("td", {}, c[e] ? "yes" : "—")))))));
  },
  start_boats(v, boats) {
    return el("div", { class: "variant-panel", dataset: { panel: "start_boats" } },
      el("h3", {}, "Start boats"),
      el("ul", { class: "plain" }, boats.map((b) => el("li", {}, el("b", {}, b.name), ": ",
        b.colonists.length ? b.colonists.map((s) => chip(v, s)) : "empty",
        el("span", { class: "small muted" }, ` (leaves by ${b.routes.map((rid) => routeName(rid) || "a sea route").join(", ")})`)))));
  },
  roma(v, r) {
    const occ = (list) => (list || []).map((c) => chip(v, c.seat));
    const gain = (sp) => sp.gain ? Object.entries(sp.gain).map(([k, n]) => `${n} ${k}`).join(", ") : sp.choice ? `choice: ${sp.choice.join(" / ")}` : "";
    return el("div", { class: "variant-panel", dataset: { panel: "roma" } },
      el("h3", {}, "Roma: ship track"),
      el("div", {}, el("b", {}, r.start.name || "Start"), ": ", ...(r.start.colonists.length ? occ(r.start.colonists) : ["empty"])),
      el("ol", { class: "track" }, (r.track || []).map((sp) => el("li", { value: sp.space },
        el("b", {}, sp.name), el("span", { class: "small muted" }, ` ${sp.kind}${gain(sp) ? " · " + gain(sp) : ""}`),
        sp.sites ? el("span", { class: "small" }, " · sites: " + sp.sites.map((x) => `${x.good} site${x.houses.length ? " (" + whoOf(v, x.houses) + ")" : ""}`).join("; ")) : null,
        " ", ...occ(sp.colonists)))),
      el("div", { class: "small" }, el("b", {}, "Gods: "), (r.gods || []).map((g) => `${g.name} ${g.variable ? "(variable)" : `(${g.points})`}${g.marked_by.length ? ": " + whoOf(v, g.marked_by) : ""}`).join(" · ")),
      r.gates && r.gates.length ? el("div", { class: "small muted" }, "Gates: " + r.gates.map((g) => `${g.gate} (${g.road})`).join(", ")) : null,
      el("div", { class: "small muted" }, "Houses on the gods: " + (r.houses_on_gods || []).map((n, s) => `${seatName(v, s)} ${n}`).join(", ")));
  },
  fish_market(v, f) {
    return el("div", { class: "variant-panel", dataset: { panel: "fish_market" } },
      el("h3", {}, f.title || "Fish market"),
      el("div", { class: "small muted" }, (f.one_spot_per_phase ? "one spot per phase" : "any spots") +
        (f.praefectus_piscatus !== undefined && f.praefectus_piscatus !== null && f.praefectus_piscatus >= 0 ? ` · Praefectus Piscatus: ${seatName(v, f.praefectus_piscatus)}` : "")),
      el("table", { class: "mini" },
        el("tr", {}, el("th", {}, "spot"), el("th", {}, "stands"), el("th", {}, "coins"), el("th", {}, "markers")),
        ...(f.spots || []).map((sp) => el("tr", { dataset: { spot: sp.spot } }, el("td", {}, String(sp.spot + 1)),
          el("td", {}, sp.stands.map((st) => `${st.fish} fish: ${st.text}`).join("; ")), el("td", {}, String(sp.coins)),
          el("td", {}, ...sp.markers.map((s) => chip(v, s)))))),
      el("div", { class: "small" }, "Fish: " + (f.fish || []).map((n, s) => `${seatName(v, s)} ${n}`).join(" · ")));
  },
};

export function renderVariant(v) {
  const box = $("variant");
  box.innerHTML = "";
  const keys = Object.keys(v).filter((k) => !KNOWN_KEYS.has(k) && v[k] !== null && v[k] !== undefined);
  const extraOther = v.extra ? Object.entries(v.extra).filter(([k]) => k !== "contrarius") : [];
  const show = (k, val) => {
    const text = describeValue(val);
    const title = k.replace(/_/g, " ");
    if (text.length <= 240) box.append(el("h3", {}, title), el("div", { class: "val" }, text));
    else box.append(el("details", { class: "assumptions" }, el("summary", {}, `${title} (the board's own state)`), el("div", { class: "val" }, text)));
  };
  for (const k of keys) {
    const panel = VARIANT_PANELS[k] ? VARIANT_PANELS[k](v, v[k]) : null;
    if (panel) box.append(panel);
    else show(k, v[k]);
  }
  for (const [k, val] of extraOther) show(k, val);
  if (v.intermediate) {
    box.append(el("h3", {}, `intermediate scoring (turn ${v.intermediate.turn + 1}, for information)`),
      el("div", { class: "val" }, (v.intermediate.scores || []).map((sc, i) => `${seatName(v, i)}: ${sc.total}`).join(" · ")));
  }
  if ((v.assumptions || []).length) {
    box.append(el("details", { class: "assumptions" }, el("summary", {}, `Assumptions behind this game's numbers (${v.assumptions.length})`),
      el("ul", {}, v.assumptions.map((a) => el("li", {}, el("b", {}, a.id + ": "), a.text)))));
  }
  box.classList.toggle("hidden", !box.childNodes.length);
}
