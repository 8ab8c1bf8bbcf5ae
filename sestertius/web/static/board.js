// The board as SVG, drawn from the board data (/api/boards/<name>) and a view: provinces tinted, cities coloured by
// their good, land routes brown, sea routes blue (dashed: no stop), houses and colonists in player colours with the
// colour's letter on each, bonus markers showing their side. Legal targets are highlighted and focusable; clicks and
// Enter are reported through callbacks. The whole board fits its frame on load ("fit"); it zooms from there (buttons,
// pinch, Ctrl and the wheel) and pans (a finger, the scroll bars, a mouse drag); the zoom is kept in this browser.
// Pieces are placed clear of every name. An ES module.
import { GOOD_COLORS, esc, inkOn, playerColor, playerLetter, seatName } from "./common.js";
import { placeKey } from "./game/targets.js";

const SVGNS = "http://www.w3.org/2000/svg";
const MARGIN = 70;
const MARGIN_X = 110; // city names stick out sideways
const FINGER = 22; // half a finger's width in CSS pixels: every target's hit area is at least twice this
const TAP_SCALE = 2.5; // CSS pixels per board unit at the closest zoom: route spaces (17 units apart) a finger apart
const ZOOM_KEY = "sestertius.board.zoom"; // this browser's zoom (1 = the whole board)
const PAWN_BOX = [-15, -16, 15, 13]; // a colonist's drawn box around its place (board units, scale included)
const BADGE_BOX = [-15, -21, 21, 13]; // the same with a count badge
const ROW = 27; // pieces in a row of a board's own place (Roma's track, Balearica's boats): this far apart

// a route's name: its two cities, or its own name (Roma's gates)
function routeLabel(r, city) {
  return r.name || `${r.kind} route ${city[r.a].name}–${city[r.b].name}`;
}

// what a keyboard or a screen reader needs on a target of the board
function focusable(label) {
  return ` tabindex="0" role="button" aria-label="${esc(label)}"`;
}

function provinceHue(i) {
  return Math.round((i * 137.508 + 25) % 360);
}

function hsl(h, s, l) { return `hsl(${h} ${s}% ${l}%)`; }

// boxes are [x0, y0, x1, y1] in board units
const overlaps = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
const area = (a, b) => (Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * (Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
const shift = (b, x, y) => [b[0] + x, b[1] + y, b[2] + x, b[3] + y];

// a text's box before it can be measured (the label classes' sizes in style.css)
function guessText(x, y, text, size, anchor = "middle") {
  const w = text.length * size * 0.58;
  const x0 = anchor === "middle" ? x - w / 2 : anchor === "end" ? x - w : x;
  return [x0 - 2, y - size * 0.85, x0 + w + 2, y + size * 0.3];
}

// a province's name under its marker at (x, y) (capitals, spaced out)
function provText(x, y, name) {
  return guessText(x, y + 34, name, 13 * 1.62);
}

// where pieces may stand around a city, the best first: beside it in two rows, then further out, then above and below
function cityCandidates(rad) {
  const out = [];
  for (let col = 0; col < 4; col++) {
    for (const dy of [-16, 16, -44, 44]) for (const s of [1, -1]) out.push([s * (rad + col * 30), dy]);
  }
  for (const dy of [-64, 70, -92, 98]) for (const dx of [0, 28, -28]) out.push([dx, dy]);
  // a crowded capital: rings further out
  for (let ring = rad + 40; ring <= rad + 200; ring += 28) {
    const n = Math.floor(2 * Math.PI * ring / 30);
    for (let k = 0; k < n; k++) out.push([Math.round(ring * Math.cos(2 * Math.PI * k / n)), Math.round(ring * Math.sin(2 * Math.PI * k / n))]);
  }
  return out;
}

// around a route space: on it, then a little aside in every direction
function nearCandidates() {
  const out = [[0, 0]];
  for (const d of [22, 44, 66, 88, 110]) {
    for (let a = 0; a < 8; a++) out.push([Math.round(d * Math.cos(a * Math.PI / 4 - Math.PI / 2)), Math.round(d * Math.sin(a * Math.PI / 4 - Math.PI / 2))]);
  }
  return out;
}

export class BoardView {
  constructor(container, geom) {
    this.container = container;
    this.geom = geom;
    this.handlers = {};
    this.zoom = Math.max(1, Number(localStorage.getItem(ZOOM_KEY)) || 1);
    this.labelBoxes = null; // the names' boxes, measured once drawn
    this.cands = {}; // where pieces may stand around a place
    this.extent = null; // the drawing's measured extent (board units)
    this._prepare();
    container.addEventListener("click", (ev) => {
      if (this.dragged) { this.dragged = false; return; }
      this._click(ev);
    });
    container.addEventListener("keydown", (ev) => {
      if ((ev.key === "Enter" || ev.key === " ") && ev.target.closest && ev.target.closest("[data-click]")) {
        ev.preventDefault();
        this._click(ev);
      }
    });
    this._gestures();
    let size = [window.innerWidth, window.innerHeight];
    window.addEventListener("resize", () => {
      // a phone's address bar coming and going changes the height a little: only a real change fits the board again
      if (!this.lastView || (window.innerWidth === size[0] && Math.abs(window.innerHeight - size[1]) < 120)) return;
      size = [window.innerWidth, window.innerHeight];
      this.render(this.lastView, this.lastTargets);
    });
  }

  // ---- size and zoom -----------------------------------------------------------------------------------------
  // the drawn width in CSS pixels at zoom 1: the whole board inside the frame (its width, and its CSS max-height)
  _fitWidth() {
    const vb = this.vb;
    const frame = this.container;
    const w = frame.offsetWidth || frame.parentElement.clientWidth || 800;
    const mh = parseFloat(getComputedStyle(frame).maxHeight);
    const h = Number.isFinite(mh) && mh > 0 ? mh : window.innerHeight;
    return Math.max(120, Math.floor(Math.min(w, (h - 2) * vb[2] / vb[3])));
  }

  // the closest zoom: a route can be tapped (TAP_SCALE pixels per board unit), at least three times the fit
  maxZoom() {
    return Math.max(3, TAP_SCALE * this.vb[2] / this._fitWidth());
  }

  // the zoom in effect: the one asked for (kept in this browser), at most the closest this screen allows
  effectiveZoom() {
    return Math.min(this.zoom, this.maxZoom());
  }

  _pixelWidth() {
    return this._fitWidth() * this.effectiveZoom();
  }

  // zoom to z (1 = the whole board), keeping the board's point under (x, y) (client pixels; the frame's middle by
  // default) where it is
  setZoom(z, x, y) {
    const frame = this.container;
    const svg = frame.querySelector("svg");
    z = Math.min(this.maxZoom(), Math.max(1, z));
    if (!svg || Math.abs(z - this.effectiveZoom()) < 1e-3) return;
    const fr = frame.getBoundingClientRect();
    if (x === undefined) { x = fr.left + frame.clientWidth / 2; y = fr.top + frame.clientHeight / 2; }
    const r0 = svg.getBoundingClientRect();
    const fx = (x - r0.left) / r0.width, fy = (y - r0.top) / r0.height;
    this.zoom = z;
    this._size(svg);
    const r1 = svg.getBoundingClientRect();
    frame.scrollLeft += r1.left + fx * r1.width - x;
    frame.scrollTop += r1.top + fy * r1.height - y;
    try { localStorage.setItem(ZOOM_KEY, String(Math.round(z * 1000) / 1000)); } catch (e) { /* private mode */ }
    this._zoomState();
    this._settle();
  }

  // the finger-sized areas follow the new scale once the zoom rests (not during a pinch: the drawing under the fingers
  // must stay, or the touch's events no longer reach the frame)
  _settle() {
    clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      if (this.pinching) return;
      if (this.lastView) this.render(this.lastView, this.lastTargets, true);
    }, 150);
  }

  fit() { this.setZoom(1); }

  _size(svg) {
    const px = this._pixelWidth();
    svg.style.width = px.toFixed(0) + "px";
    svg.style.height = (px * this.vb[3] / this.vb[2]).toFixed(0) + "px";
    this.container.classList.toggle("zoomed", this.effectiveZoom() > 1.001);
  }

  // the zoom buttons say what they can still do
  _zoomState() {
    const max = this.maxZoom(), z = this.effectiveZoom();
    for (const [id, off] of [["zoom-out", z <= 1.001], ["zoom-fit", z <= 1.001], ["zoom-in", z >= max - 1e-3]]) {
      const b = document.getElementById(id);
      if (b) b.disabled = off;
    }
    this.container.dataset.zoom = z.toFixed(3);
  }

  // two fingers zoom (pinch); one finger pans (the frame scrolls natively); a mouse drags the zoomed board; Ctrl and
  // the wheel zoom
  _gestures() {
    const frame = this.container;
    let pinch = null;
    const two = (e) => [...e.touches].slice(0, 2).map((t) => [t.clientX, t.clientY]);
    frame.addEventListener("touchstart", (e) => {
      if (e.touches.length !== 2) { pinch = null; return; }
      const [a, b] = two(e);
      pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, zoom: this.effectiveZoom() };
      this.pinching = true;
    }, { passive: true });
    frame.addEventListener("touchmove", (e) => {
      if (!pinch || e.touches.length !== 2) return;
      if (e.cancelable) e.preventDefault();
      const [a, b] = two(e);
      this.setZoom(pinch.zoom * Math.hypot(a[0] - b[0], a[1] - b[1]) / pinch.d, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
    }, { passive: false });
    const end = () => {
      pinch = null;
      if (this.pinching) { this.pinching = false; this._settle(); }
    };
    frame.addEventListener("touchend", (e) => { if (e.touches.length < 2) end(); });
    frame.addEventListener("touchcancel", end);
    let drag = null;
    frame.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "mouse" || e.button !== 0 || this.effectiveZoom() <= 1.001) return;
      drag = { x: e.clientX, y: e.clientY, left: frame.scrollLeft, top: frame.scrollTop, moved: false };
    });
    frame.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 6) return;
      drag.moved = true;
      frame.classList.add("dragging");
      frame.scrollLeft = drag.left - dx;
      frame.scrollTop = drag.top - dy;
    });
    const stop = () => {
      if (drag && drag.moved) this.dragged = true; // the click that ends a drag is no click on a target
      drag = null;
      frame.classList.remove("dragging");
    };
    frame.addEventListener("pointerup", stop);
    frame.addEventListener("pointercancel", stop);
    frame.addEventListener("pointerdown", () => { this.dragged = false; }, true);
    frame.addEventListener("wheel", (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      this.setZoom(this.effectiveZoom() * (e.deltaY < 0 ? 1.15 : 1 / 1.15), e.clientX, e.clientY);
    }, { passive: false });
  }

  // ---- what does not change during a game ---------------------------------------------------------------------
  _prepare() {
    const g = this.geom;
    this.city = g.cities.map((c) => ({ ...c }));
    const f = (p) => `${(+p[0]).toFixed(1)},${(+p[1]).toFixed(1)}`;
    // routes as the server lays them out (geometry.py): a polyline through the route's own bends, or a curve (two
    // routes between the same cities bend apart; a lone sea route gets a gentle arc); the route space on the path
    this.route = [];
    for (const r of g.routes) {
      const A = this.city[r.a], B = this.city[r.b];
      const d = r.points ? "M" + r.points.map(f).join(" L") : `M${f([A.x, A.y])} Q${f(r.ctrl)} ${f([B.x, B.y])}`;
      this.route[r.id] = { ...r, d, mx: r.space[0], my: r.space[1] };
    }
    // Roma's gates at the board's edge where their roads come in; each gate route from its gate to its site
    this.gates = (g.gates || []).map((gt) => ({ ...gt }));
    for (const gt of this.gates) {
      for (const r of gt.routes) {
        const C = this.city[r.site];
        this.route[r.id] = { id: r.id, kind: "land", a: r.site, b: r.site, gate: true, no_stop: false,
          name: `${gt.road} (${gt.gate} gate) to ${C.name}`, d: "M" + r.points.map(f).join(" L"), mx: r.space[0], my: r.space[1] };
      }
    }
    // the names' boxes as guessed before they are drawn (cities' labels, gates' labels)
    this.guessedLabels = this.city.map((c) => guessText(c.x, c.y + (c.id === g.capital ? 44 : 36), c.name, c.id === g.capital ? 19 : 15));
    for (const gt of this.gates) gt.label = this._gateLabel(gt);
    for (const gt of this.gates) this.guessedLabels.push(guessText(gt.label.x, gt.label.y, gt.road, 14, gt.label.anchor));
    this.prov = this._placeMarkers(this.guessedLabels);
    this.baseVb = [-MARGIN_X, -MARGIN, g.width + 2 * MARGIN_X, g.height + 2 * MARGIN];
    this.vb = [...this.baseVb];
    this.staticSvg = this._staticLayers();
  }

  // province colours and marker places (near the middle of the province, away from cities, route spaces and names):
  // first from the names' guessed boxes, again once they are measured
  _placeMarkers(labels) {
    const g = this.geom;
    const keep = [...labels];
    for (const c of this.city) keep.push([c.x - 22, c.y - 40, c.x + 22, c.y + 22], [c.x - 40, c.y - 40, c.x + 40, c.y - 16]);
    const obstacles = this.city.map((c) => [c.x, c.y, 1.0]).concat(this.route.filter(Boolean).map((r) => [r.mx, r.my, 0.7]));
    return g.provinces.map((p, i) => {
      const members = this.city.filter((c) => c.province === p.id);
      const cx = members.reduce((s, c) => s + c.x, 0) / Math.max(1, members.length);
      const cy = members.reduce((s, c) => s + c.y, 0) / Math.max(1, members.length);
      let best = [cx, cy], bestScore = -1e9;
      for (let rad = 0; rad <= 128; rad += 16) {
        for (let a = 0; a < 16; a++) {
          const x = cx + rad * Math.cos((a * Math.PI) / 8), y = cy + rad * Math.sin((a * Math.PI) / 8);
          let dmin = 1e9;
          for (const [ox, oy, w] of obstacles) dmin = Math.min(dmin, Math.hypot(ox - x, oy - y) / w);
          // inside its own province: the nearest city is one of its own
          let own = 1e9, other = 1e9;
          for (const c of this.city) {
            const d = Math.hypot(c.x - x, c.y - y);
            if (c.province === p.id) own = Math.min(own, d); else other = Math.min(other, d);
          }
          if (own >= other - 4) continue;
          // the marker or its province's name below it on a name, a city or a city's houses counts heavily against
          // the place
          const mine = [[x - 18, y - 18, x + 18, y + 18], provText(x, y, p.name)];
          let hit = 0;
          for (const b of keep) for (const m of mine) if (overlaps(m, b)) hit += 200 + area(m, b);
          const score = Math.min(dmin, 60) - rad * 0.15 - hit;
          if (score > bestScore) { bestScore = score; best = [x, y]; }
          if (rad === 0) break;
        }
      }
      keep.push([best[0] - 18, best[1] - 18, best[0] + 18, best[1] + 18], provText(best[0], best[1], p.name));
      const hue = provinceHue(i);
      return { ...p, members, cx, cy, mx: best[0], my: best[1], fill: hsl(hue, 42, 80), edge: hsl(hue, 35, 58) };
    });
  }

  // where a gate's road name goes: beside the gate, away from the board
  _gateLabel(gt) {
    const [x, y] = gt.xy;
    if (gt.side === "north") return { x: x + 18, y: y - 10, anchor: "start" };
    if (gt.side === "south") return { x: x + 18, y: y + 22, anchor: "start" };
    if (gt.side === "west") return { x: x + 8, y: y - 20, anchor: "end" };
    return { x: x - 8, y: y - 20, anchor: "end" };
  }

  _staticLayers() {
    const out = [];
    // land mass under everything: land routes and cities, in sand colour
    const land = [];
    for (const r of this.route) if (r && r.kind === "land") land.push(`<path d="${r.d}"/>`);
    const circles = this.city.map((c) => `<circle cx="${c.x}" cy="${c.y}" r="58"/>`).join("");
    out.push(`<g class="landmass" fill="#e9dcb5" stroke="#e9dcb5" stroke-width="104" stroke-linecap="round" filter="url(#soft)">${land.join("")}${circles}</g>`);
    out.push(`<g fill="none" stroke="#d9c793" stroke-width="112" stroke-linecap="round" opacity=".35">${land.join("")}</g>`);
    // provinces: a tinted blob per province (cities and the land routes inside it)
    for (const p of this.prov) {
      const parts = [];
      for (const r of this.route) {
        if (r && r.kind === "land" && !r.gate && this.city[r.a].province === p.id && this.city[r.b].province === p.id) parts.push(r.d);
      }
      const lines = (w, col) => parts.map((d) => `<path d="${d}" stroke="${col}" stroke-width="${w}"/>`).join("");
      const dots = (rad, col) => p.members.map((c) => `<circle cx="${c.x}" cy="${c.y}" r="${rad}" fill="${col}"/>`).join("");
      out.push(`<g class="province" data-province="${p.id}" fill="none" stroke-linecap="round">${lines(94, p.edge)}${dots(51, p.edge)}${lines(86, p.fill)}${dots(47, p.fill)}</g>`);
    }
    // routes
    const rs = [];
    for (const r of this.route) {
      if (!r) continue;
      const col = r.kind === "land" ? "#7b5230" : "#2a5d8f";
      const w = r.kind === "land" ? 5 : 4.2;
      const dash = r.no_stop ? ` stroke-dasharray="11 8"` : "";
      if (r.kind === "land") rs.push(`<path d="${r.d}" stroke="#f3e6c4" stroke-width="${w + 3}" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity=".8"/>`);
      rs.push(`<path d="${r.d}" stroke="${col}" stroke-width="${w}" fill="none" stroke-linecap="round" stroke-linejoin="round"${dash}><title>${esc(routeLabel(r, this.city))}${r.no_stop ? " (no stop)" : ""}</title></path>`);
      if (!r.no_stop) {
        const fill = r.kind === "land" ? "#f6ecd2" : "#e2f0f8";
        rs.push(`<circle class="space" data-route="${r.id}" cx="${r.mx.toFixed(1)}" cy="${r.my.toFixed(1)}" r="8.5" fill="${fill}" stroke="${col}" stroke-width="2"/>`);
      }
    }
    out.push(`<g class="routes">${rs.join("")}</g>`);
    // Roma's gates: the road coming in from outside, the gate, the road's name
    const gs = [];
    const away = { north: [0, -1], south: [0, 1], west: [-1, 0], east: [1, 0] };
    for (const gt of this.gates) {
      const [x, y] = gt.xy, [ux, uy] = away[gt.side];
      gs.push(`<g class="gate" data-gate="${esc(gt.gate)}"><title>${esc(gt.road)}: the ${esc(gt.gate.toLowerCase())} gate; a land colonist's first step from the start goes through a gate</title>`
        + `<path d="M${x},${y} L${x + ux * 46},${y + uy * 46}" stroke="#7b5230" stroke-width="5" stroke-dasharray="7 5" fill="none"/>`
        + `<rect x="${x - 11}" y="${y - 11}" width="22" height="22" rx="4" fill="#d8c39a" stroke="#5a3d12" stroke-width="2.5"/>`
        + `<path d="M${x - 5},${y + 9} L${x - 5},${y - 1} A5,5 0 0 1 ${x + 5},${y - 1} L${x + 5},${y + 9}" fill="#5a3d12"/>`
        + `<text class="city-label gate-label" x="${gt.label.x}" y="${gt.label.y}" text-anchor="${gt.label.anchor}" style="font-size:14px">${esc(gt.road)}</text></g>`);
    }
    if (gs.length) out.push(`<g class="gates">${gs.join("")}</g>`);
    // province names
    out.push(`<g>${this.prov.map((p) => `<text class="prov-label" x="${p.mx.toFixed(1)}" y="${(p.my + 34).toFixed(1)}" text-anchor="middle">${esc(p.name)}</text>`).join("")}</g>`);
    return out.join("");
  }

  // ---- places of a board's own ---------------------------------------------------------------------------------
  // places off the map of cities and routes (boards without a frame for their own places): labelled spots in a strip
  // below the map, with the colonists standing there
  _offMap(view, placed) {
    const spots = new Map();
    const spot = (key, label) => {
      if (!spots.has(key)) spots.set(key, { key, label, pawns: [] });
      return spots.get(key);
    };
    for (const b of view.start_boats || []) if (!placed.has("b" + b.id)) spot(`boat:${b.id}`, b.name || `boat ${b.id + 1}`);
    if (view.roma && !placed.has("start")) spot("start", (view.roma.start && view.roma.start.name) || "Start");
    for (const p of view.players || []) {
      for (const col of p.colonists || []) {
        const at = col.at;
        if (!at || at === "store" || at.route !== undefined || at.city !== undefined || placed.has(placeKey(at))) continue;
        let key, label;
        if (at.boat !== undefined) { key = `boat:${at.boat}`; label = at.name || `boat ${at.boat + 1}`; }
        else if (at.start) { key = "start"; label = at.name || "Start"; }
        else if (at.track !== undefined) { key = `track:${at.track}`; label = `${at.track}. ${at.name || "track"}`; }
        else { key = `other:${at.name || JSON.stringify(at)}`; label = at.name || "elsewhere"; }
        spot(key, label).pawns.push({ seat: p.seat, kind: col.kind });
      }
    }
    return [...spots.values()];
  }

  _offMapSvg(view, spots, x0, y0, width) {
    const parts = [`<g class="offmap"><text x="${x0}" y="${y0 + 4}" class="prov-label" text-anchor="start">off the map:</text>`];
    let x = x0, y = y0 + 12;
    for (const sp of spots) {
      const w = Math.max(70, sp.label.length * 7 + 12, sp.pawns.length * 15 + 12);
      if (x + w > x0 + width && x > x0) { x = x0; y += 56; }
      const who = sp.pawns.map((pw) => `${seatName(view, pw.seat)} (${pw.kind})`).join(", ") || "no colonists";
      parts.push(`<g class="offmap-spot" data-spot="${esc(sp.key)}"><title>${esc(sp.label)}: ${esc(who)}</title>`
        + `<rect x="${x}" y="${y}" width="${w}" height="48" rx="8" fill="#fffaf0" stroke="#8a6a40" stroke-width="1.5"/>`
        + `<text x="${x + 6}" y="${y + 14}" font-size="12" fill="#3b2a18">${esc(sp.label)}</text>`
        + sp.pawns.map((pw, i) => {
          const col = playerColor(pw.seat, view);
          return `<g class="offmap-pawn" data-seat="${pw.seat}"><circle cx="${x + 12 + i * 15}" cy="${y + 32}" r="${pw.kind === "land" ? 6.5 : 6}" fill="${col}" stroke="#111" stroke-width="1.2"${pw.kind === "sea" ? ' stroke-dasharray="2 1.5"' : ""}/>`
            + `<text class="seat-letter" x="${x + 12 + i * 15}" y="${y + 35}" text-anchor="middle" font-size="8" font-weight="bold" font-family="sans-serif" fill="${inkOn(col)}">${playerLetter(pw.seat, view)}</text></g>`;
        }).join("")
        + `</g>`);
      x += w + 8;
    }
    parts.push("</g>");
    return [parts.join(""), y + 48 + 12 - y0 + 12];
  }

  // a board's own places drawn where the board has them (Roma's start, ship track and its house sites; Balearica's
  // start boats and their start lines), from the view and the geometry's frame; their keys are the colonists' place
  // keys. Each is a box with its name on top, two rows of room for pieces, and its house sites at the bottom.
  _ownPlaces(view) {
    const f = this.geom.frame;
    const spots = new Map();
    if (!f) return spots;
    const at = (xy) => [(xy[0] - f.x0) * f.scale, (xy[1] - f.y0) * f.scale];
    const add = (sp) => {
      const sites = sp.sites || [];
      sp.w = Math.max(3 * ROW + 14, sp.label.length * 8 + 16, sites.length * 40 + 12);
      sp.h = sites.length ? 124 : 84;
      sp.box = [sp.x - sp.w / 2, sp.y - sp.h / 2, sp.x + sp.w / 2, sp.y + sp.h / 2];
      spots.set(sp.key, sp);
    };
    const roma = view.roma;
    if (roma && roma.start && roma.start.xy) {
      const [x, y] = at(roma.start.xy);
      add({ key: "start", label: roma.start.name || "Start", x, y, title: "Start: a land colonist's first step goes through any gate" });
      // the ship track runs below the city (as printed), drawn close under it so that the whole board stays large
      const under = Math.max(...this.city.map((c) => c.y + 50), ...this.gates.map((gt) => gt.xy[1] + 40)) + 84;
      for (const sp of roma.track || []) {
        if (!sp.xy) continue;
        const [tx, ty0] = at(sp.xy);
        const ty = Math.min(ty0, under);
        add({ key: "t" + sp.space, label: `${sp.space}. ${sp.name}`, x: tx, y: ty, sites: sp.sites || [], space: sp });
      }
    }
    for (const b of view.start_boats || []) {
      if (!b.xy) continue;
      const [x, y] = at(b.xy);
      add({ key: "b" + b.id, label: b.name || `boat ${b.id + 1}`, x, y, lines: (b.routes || []).map((rid) => this.route[rid]).filter(Boolean) });
    }
    return spots;
  }

  // the n pieces' places in a box of a board's own: rows of three under its name
  _spotSlots(sp, n) {
    const per = Math.max(3, Math.floor((sp.w - 10) / ROW));
    const out = [];
    for (let i = 0; i < n; i++) {
      const row = Math.floor(i / per), inRow = Math.min(per, n - row * per), k = i % per;
      out.push([sp.x + (k - (inRow - 1) / 2) * ROW, sp.box[1] + 40 + row * ROW]);
    }
    return out;
  }

  _ownPlacesSvg(view, spots, cityTargets, hit) {
    const parts = [];
    for (const sp of spots.values()) {
      for (const r of sp.lines || []) {
        parts.push(`<path d="M${sp.x.toFixed(1)},${sp.y.toFixed(1)} L${r.mx.toFixed(1)},${r.my.toFixed(1)}" stroke="#2a5d8f" stroke-width="2.5" stroke-dasharray="3 4" fill="none"><title>${esc(sp.label)}: start line to ${esc(routeLabel(r, this.city))}</title></path>`);
      }
    }
    for (const sp of spots.values()) {
      const sites = sp.sites || [];
      const [x0, y0] = sp.box;
      parts.push(`<g class="own-place" data-spot="${esc(sp.key)}"><title>${esc(sp.title || sp.label)}</title>`
        + `<rect x="${x0.toFixed(1)}" y="${y0.toFixed(1)}" width="${sp.w}" height="${sp.h}" rx="9" fill="#fffaf0" stroke="#8a6a40" stroke-width="2"/>`
        + `<text class="city-label place-label" x="${sp.x.toFixed(1)}" y="${(y0 + 17).toFixed(1)}" text-anchor="middle" style="font-size:13px">${esc(sp.label)}</text></g>`);
      sites.forEach((st, i) => {
        const sx = sp.x + (i - (sites.length - 1) / 2) * 40, sy = y0 + sp.h - 16;
        const tgt = cityTargets.has(st.city);
        const houses = (st.houses || []).map((seat, k) => {
          const col = playerColor(seat, view), hx = sx - 8 + k * 11;
          return `<g class="house" data-seat="${seat}"><rect x="${(hx - 5).toFixed(1)}" y="${(sy - 27).toFixed(1)}" width="10" height="10" fill="${col}" stroke="#111"/>`
            + `<text class="seat-letter" x="${hx.toFixed(1)}" y="${(sy - 19).toFixed(1)}" text-anchor="middle" font-size="8" font-weight="bold" font-family="sans-serif" fill="${inkOn(col)}">${playerLetter(seat, view)}</text></g>`;
        }).join("");
        const title = `${sp.space ? sp.space.name : sp.label}: ${st.good} site` + ((st.houses || []).length ? `, houses: ${st.houses.map((s2) => seatName(view, s2)).join(", ")}` : "");
        parts.push(`<g class="city site${tgt ? " target" : ""}" ${tgt ? `data-click="city" data-arg="${st.city}"${focusable(title)}` : ""}><title>${esc(title)}</title>`
          + `<rect x="${sx - 12}" y="${sy - 12}" width="24" height="24" rx="5" fill="${GOOD_COLORS[st.good] || "#999"}" stroke="#3b2a18" stroke-width="2"/>`
          + `<text x="${sx}" y="${sy + 5}" text-anchor="middle" font-size="13" font-weight="bold" fill="#fff" font-family="sans-serif">${esc((st.good || "?")[0].toUpperCase())}</text>`
          + houses + (tgt ? `<circle class="city-glow" cx="${sx}" cy="${sy}" r="19"/><circle class="hit" cx="${sx}" cy="${sy}" r="${hit.toFixed(1)}" fill="transparent"/>` : "") + `</g>`);
      });
    }
    return `<g class="own-places">${parts.join("")}</g>`;
  }

  on(name, fn) { this.handlers[name] = fn; }

  _click(ev) {
    let t = ev.target.closest("[data-click]");
    if (!t) return;
    // a tap inside several targets' finger areas (the whole board shown on a small screen) takes the nearest target
    if (ev.target.classList.contains("hit") && ev.clientX !== undefined) {
      let best = Infinity;
      for (const h of this.container.querySelectorAll(".hit")) {
        const r = h.getBoundingClientRect();
        const d = Math.hypot(r.left + r.width / 2 - ev.clientX, r.top + r.height / 2 - ev.clientY);
        const owner = h.closest("[data-click]");
        if (owner && d <= r.width / 2 && d < best) { best = d; t = owner; }
      }
    }
    const kind = t.dataset.click;
    const fn = this.handlers[kind];
    if (fn) fn(JSON.parse(t.dataset.arg));
  }

  // ---- a view ---------------------------------------------------------------------------------------------------
  // the view box: the map with its margins and every place of the board's own, widened to what was measured drawn
  _viewBox(own) {
    let b = [this.baseVb[0], this.baseVb[1], this.baseVb[0] + this.baseVb[2], this.baseVb[1] + this.baseVb[3]];
    const grow = (o) => { b = [Math.min(b[0], o[0]), Math.min(b[1], o[1]), Math.max(b[2], o[2]), Math.max(b[3], o[3])]; };
    for (const sp of own.values()) grow([sp.box[0] - 12, sp.box[1] - 12, sp.box[2] + 12, sp.box[3] + 12]);
    for (const l of this.guessedLabels) grow([l[0] - 8, l[1] - 8, l[2] + 8, l[3] + 8]);
    if (this.extent) grow(this.extent);
    return [b[0], b[1], b[2] - b[0], b[3] - b[1]];
  }

  // targets: {routes: Set, cities: Set, provinces: Set, pawns: Set("kind:loc"), selectedPawn, selectedRoutes: Set}
  render(view, targets = {}, keepScroll = false) {
    const g = this.geom;
    this.lastView = view;
    this.lastTargets = targets;
    const frame = this.container;
    const scroll = [frame.scrollLeft, frame.scrollTop];
    const out = [];
    const own = this._ownPlaces(view);
    const offMap = this._offMap(view, own);
    const vb = this._viewBox(own);
    const [offSvg, offH] = offMap.length ? this._offMapSvg(view, offMap, vb[0] + 8, vb[1] + vb[3] + 12, vb[2] - 16) : ["", 0];
    vb[3] += offH;
    this.vb = vb;
    const px = this._pixelWidth();
    const hit = Math.max(14, FINGER * vb[2] / px); // board units for a finger-sized target
    out.push(`<svg xmlns="${SVGNS}" viewBox="${vb.map((n) => n.toFixed(1)).join(" ")}" role="group" aria-label="${esc(g.title)} board">`);
    out.push(`<defs>
      <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="3"/></filter>
      <filter id="shadow" x="-50%" y="-50%" width="200%" height="200%"><feDropShadow dx="0" dy="1.5" stdDeviation="1.5" flood-opacity=".45"/></filter>
      <radialGradient id="gold" cx="35%" cy="35%" r="70%"><stop offset="0%" stop-color="#fff0b8"/><stop offset="100%" stop-color="#c89b3c"/></radialGradient>
    </defs>`);
    out.push(this.staticSvg);

    const routeTargets = targets.routes || new Set();
    const cityTargets = targets.cities || new Set();
    const provTargets = targets.provinces || new Set();
    const pawnTargets = targets.pawns || new Set();

    // highlighted routes (under the pieces)
    const glow = [];
    for (const rid of routeTargets) {
      const r = this.route[rid];
      if (!r) continue;
      const label = routeLabel(r, this.city);
      glow.push(`<g class="target" data-click="route" data-arg="${rid}"${focusable(label)}><path class="route-glow" d="${r.d}"/><path class="route-hit" d="${r.d}"><title>${esc(label)}</title></path><circle class="hit" cx="${r.mx}" cy="${r.my}" r="${hit.toFixed(1)}" fill="transparent"/></g>`);
    }
    // the latest changes (since the seat's last turn): their routes and cities ringed
    const recent = [];
    for (const rid of targets.recentRoutes || []) {
      const r = this.route[rid];
      if (r) recent.push(`<path class="recent-route" data-route="${rid}" d="${r.d}"/>`);
    }
    for (const cid of targets.recentCities || []) {
      const C = this.city[cid];
      if (C) recent.push(`<circle class="recent-city" data-city="${cid}" cx="${C.x}" cy="${C.y}" r="${g.cities[cid] && g.cities[cid].capital ? 34 : 28}"/>`);
    }
    if (recent.length) out.push(`<g class="recent" aria-hidden="true">${recent.join("")}</g>`);
    out.push(this._ownPlacesSvg(view, own, cityTargets, hit));
    const hitsAt = out.length; // the pieces' finger areas go under the glowing routes (a piece itself stays on top)
    out.push(`<g class="glows">${glow.join("")}</g>`);

    // what pieces must keep clear of: every name, every city, the markers, the houses, the boxes of own places
    const blocked = [...(this.labelBoxes || this.guessedLabels)];
    for (const C of this.city) {
      const r = C.id === g.capital ? 27 : 19;
      blocked.push([C.x - r, C.y - r, C.x + r, C.y + r]);
    }
    for (const sp of own.values()) blocked.push(sp.box);

    // bonus markers
    const marks = [];
    for (const p of view.provinces || []) {
      const P = this.prov[p.id];
      if (!P) continue;
      const x = P.mx, y = P.my;
      blocked.push([x - 16, y - 16, x + 16, y + 16]);
      const tgt = provTargets.has(p.id);
      let body;
      if (p.good_side) {
        body = `<rect x="${x - 14}" y="${y - 14}" width="28" height="28" rx="6" fill="${GOOD_COLORS[p.good]}" stroke="#3b2a18" stroke-width="2"/>` +
          `<text x="${x}" y="${y + 5.5}" text-anchor="middle" font-size="16" font-weight="bold" fill="#fff" font-family="sans-serif">${p.good[0].toUpperCase()}</text>`;
      } else {
        body = `<circle cx="${x}" cy="${y}" r="14" fill="url(#gold)" stroke="#8a6a1c" stroke-width="2"/>` +
          `<text x="${x}" y="${y + 5.5}" text-anchor="middle" font-size="15" font-weight="bold" fill="#5a4210" font-family="sans-serif">${p.coins}</text>`;
      }
      const title = `${p.name}: bonus marker shows ${p.good_side ? p.good + " (it can produce)" : p.coins + " sestertii (already produced)"}`;
      marks.push(`<g class="marker${tgt ? " target" : ""}" data-province="${p.id}" ${tgt ? `data-click="province" data-arg="${p.id}"${focusable(title)}` : ""} filter="url(#shadow)"><title>${esc(title)}</title>${body}${tgt ? `<rect class="marker-glow" x="${x - 19}" y="${y - 19}" width="38" height="38" rx="9"/><circle class="hit" cx="${x}" cy="${y}" r="${hit.toFixed(1)}" fill="transparent"/>` : ""}</g>`);
    }
    out.push(`<g class="markers">${marks.join("")}</g>`);

    // cities, houses (above the city, each with its colour's letter)
    const cities = [];
    for (const c of view.cities || []) {
      const C = this.city[c.id];
      if (!C) continue;
      const tgt = cityTargets.has(c.id);
      const parts = [];
      if (c.capital) {
        parts.push(`<circle cx="${C.x}" cy="${C.y}" r="25" fill="url(#gold)" stroke="#5a3d12" stroke-width="3"/>`);
        parts.push(`<circle cx="${C.x}" cy="${C.y}" r="19" fill="none" stroke="#8a6a1c" stroke-width="1.5" stroke-dasharray="3 2"/>`);
        parts.push(`<text x="${C.x}" y="${C.y + 6}" text-anchor="middle" font-size="17" font-weight="bold" fill="#5a3d12">${esc(c.name[0])}</text>`);
      } else {
        const col = c.good ? GOOD_COLORS[c.good] : "#999";
        parts.push(`<circle cx="${C.x}" cy="${C.y}" r="17" fill="${col}" stroke="#3b2a18" stroke-width="2.5"/>`);
        parts.push(`<text x="${C.x}" y="${C.y + 5.5}" text-anchor="middle" font-size="15" font-weight="bold" fill="#fff" font-family="sans-serif">${c.good ? c.good[0].toUpperCase() : "?"}</text>`);
      }
      parts.push(`<text class="city-label${c.capital ? " capital" : ""}" data-city="${c.id}" x="${C.x}" y="${C.y + (c.capital ? 44 : 36)}" text-anchor="middle">${esc(c.name)}</text>`);
      const hs = c.houses || [];
      hs.forEach((seat, i) => {
        const hx = C.x + (i - (hs.length - 1) / 2) * 15, hy = C.y - (c.capital ? 33 : 27);
        const col = playerColor(seat, view);
        blocked.push([hx - 8, hy - 10, hx + 8, hy + 6]);
        parts.push(`<g class="house" data-seat="${seat}" filter="url(#shadow)"><title>${esc(seatName(view, seat))}'s house</title><path d="M${hx - 6.5},${hy + 5} L${hx - 6.5},${hy - 2} L${hx},${hy - 8.5} L${hx + 6.5},${hy - 2} L${hx + 6.5},${hy + 5} Z" fill="${col}" stroke="#1d1d1d" stroke-width="1.3"/>`
          + `<text class="seat-letter" x="${hx}" y="${hy + 3.6}" text-anchor="middle" font-size="8" font-weight="bold" font-family="sans-serif" fill="${inkOn(col)}">${playerLetter(seat, view)}</text></g>`);
      });
      if (tgt) parts.push(`<circle class="city-glow" cx="${C.x}" cy="${C.y}" r="${c.capital ? 31 : 25}"/><circle class="hit" cx="${C.x}" cy="${C.y}" r="${hit.toFixed(1)}" fill="transparent"/>`);
      const title = c.capital ? `${c.name} (capital)` : `${c.name}: ${c.good || "?"} city` + (hs.length ? `, houses: ${hs.map((s) => seatName(view, s)).join(", ")}` : "");
      cities.push(`<g class="city${tgt ? " target" : ""}" data-city="${c.id}" ${tgt ? `data-click="city" data-arg="${c.id}"${focusable(title)}` : ""}><title>${esc(title)}</title>${parts.join("")}</g>`);
    }
    out.push(`<g class="cities">${cities.join("")}</g>`);

    const pawns = this._placePawns(view, own, blocked);
    const pawnHits = [];
    for (const pw of pawns) {
      const movable = pawnTargets.has(pw.key);
      const sel = targets.selectedPawn === pw.key;
      const colr = playerColor(pw.seat, view), ink = inkOn(colr), letter = playerLetter(pw.seat, view);
      const shape = pw.kind === "land"
        ? `<circle cx="0" cy="-7" r="5.2" fill="${colr}" stroke="#111" stroke-width="1.2"/><path d="M-8,10 Q-7,-2 0,-2 Q7,-2 8,10 Z" fill="${colr}" stroke="#111" stroke-width="1.2"/><text class="seat-letter" x="0" y="8.6" text-anchor="middle" font-size="8" font-weight="bold" font-family="sans-serif" fill="${ink}">${letter}</text>`
        : `<path d="M0,-12 L0,2" stroke="#111" stroke-width="1.4"/><path d="M1,-11 L10,0 L1,0 Z" fill="#fffaf0" stroke="#111" stroke-width="1"/><path d="M-12,2 L12,2 L7,10 L-7,10 Z" fill="${colr}" stroke="#111" stroke-width="1.2"/><text class="seat-letter" x="0" y="9" text-anchor="middle" font-size="7.5" font-weight="bold" font-family="sans-serif" fill="${ink}">${letter}</text>`;
      const many = pw.count > 1 ? `${pw.count} ` : "a ";
      const title = `${seatName(view, pw.seat)}'s ${many}${pw.kind} colonist${pw.count > 1 ? "s" : ""} (${pw.where})${movable ? " — click to choose where it goes" : ""}`;
      const badge = pw.count > 1 ? `<circle cx="10" cy="-10" r="7" fill="#fffaf0" stroke="#111" stroke-width="1"/><text x="10" y="-6.5" text-anchor="middle" font-size="10" font-weight="bold" font-family="sans-serif" fill="#111">${pw.count}</text>` : "";
      pw.svg = `<g class="pawn${movable ? " movable" : ""}${sel ? " selected" : ""}" data-key="${esc(pw.key)}" data-seat="${pw.seat}" ${movable ? `data-click="pawn" data-arg='${JSON.stringify(pw.key)}'${focusable(title)}` : ""} transform="translate(${pw.x.toFixed(1)},${pw.y.toFixed(1)}) scale(1.15)" filter="url(#shadow)"><title>${esc(title)}</title>${shape}${badge}${movable ? `<circle r="16" cy="-1" fill="transparent" stroke="${sel ? "#ff8c1a" : "#ffd23f"}" stroke-width="2.5" stroke-dasharray="4 3"/>` : ""}</g>`;
      // the finger-sized area around it lies under every piece, so a neighbour's area never covers a piece
      if (movable) pawnHits.push(`<circle class="hit" data-click="pawn" data-arg='${JSON.stringify(pw.key)}' cx="${pw.x.toFixed(1)}" cy="${(pw.y - 1).toFixed(1)}" r="${hit.toFixed(1)}" fill="transparent"/>`);
    }
    out.splice(hitsAt, 0, `<g class="pawn-hits">${pawnHits.join("")}</g>`);
    out.push(`<g class="pawns">${pawns.map((p) => p.svg).join("")}</g>`);
    if (offSvg) out.push(offSvg);
    out.push("</svg>");
    frame.innerHTML = out.join("");
    const svg = frame.querySelector("svg");
    this._size(svg);
    this._zoomState();
    if (keepScroll || this.effectiveZoom() > 1.001) [frame.scrollLeft, frame.scrollTop] = scroll;
    if (this.labelBoxes === null && this._measure(svg)) this.render(view, targets, true);
  }

  // once drawn: the names' true boxes (the pieces then keep clear of them) and the drawing's extent (the view box
  // then holds it all); true if either differs from what the drawing assumed
  _measure(svg) {
    const boxes = [];
    for (const t of svg.querySelectorAll("text.city-label:not(.place-label)")) {
      try {
        const b = t.getBBox();
        if (b.width) boxes.push([b.x - 3, b.y - 1, b.x + b.width + 3, b.y + b.height + 1]);
      } catch (e) { return false; } // not laid out (the page hidden): measured at the next drawing
    }
    if (!boxes.length) return false;
    // the markers placed again clear of the names as drawn; the provinces' names go with them
    this.prov = this._placeMarkers(boxes);
    this.staticSvg = this._staticLayers();
    this.labelBoxes = boxes.concat(this.prov.map((p) => provText(p.mx, p.my, p.name)));
    let ext = null;
    for (const sel of ["g.cities", "g.own-places", "g.gates", "g.markers"]) {
      const e = svg.querySelector(sel);
      if (!e) continue;
      const b = e.getBBox();
      if (!b.width) continue;
      const o = [b.x - 10, b.y - 10, b.x + b.width + 10, b.y + b.height + 10];
      ext = ext ? [Math.min(ext[0], o[0]), Math.min(ext[1], o[1]), Math.max(ext[2], o[2]), Math.max(ext[3], o[3])] : o;
    }
    this.extent = ext;
    return true;
  }

  // colonists: on routes at the route space, in cities beside the city, in a board's own places in its box. Identical
  // pieces at one place (same seat, same kind) are one piece with a count; each piece takes the first place near its
  // spot that covers no name, city, house, marker or other piece
  _placePawns(view, own, blocked) {
    const pawns = [];
    const groups = new Map(); // place -> Map(key -> piece)
    for (const p of view.players || []) {
      for (const col of p.colonists || []) {
        const at = col.at;
        if (at === "store" || !at) continue;
        const place = placeKey(at);
        if (at.route === undefined && at.city === undefined && !own.has(place)) continue; // drawn off the map
        const key = `${p.seat}:${col.kind}:${place}`;
        if (!groups.has(place)) groups.set(place, new Map());
        const g2 = groups.get(place);
        if (g2.has(key)) { g2.get(key).count += 1; continue; }
        let where = "";
        if (at.route !== undefined) { const r = this.route[at.route]; where = r ? routeLabel(r, this.city) : ""; }
        else if (at.city !== undefined) where = this.city[at.city] ? this.city[at.city].name : "";
        else where = own.get(place).label;
        g2.set(key, { seat: p.seat, kind: col.kind, key, slot: col.slot, where, count: 1, route: at.route, city: at.city, place });
      }
    }
    const taken = [];
    const place = (pw, x, y, candidates) => {
      const box = pw.count > 1 ? BADGE_BOX : PAWN_BOX;
      let spot = null;
      for (const [dx, dy] of candidates) {
        const b = shift(box, x + dx, y + dy);
        if (!blocked.some((o) => overlaps(o, b)) && !taken.some((o) => overlaps(o, b))) { spot = [x + dx, y + dy]; break; }
      }
      if (!spot) spot = [x + candidates[0][0], y + candidates[0][1]];
      taken.push(shift(box, spot[0], spot[1]));
      pawns.push({ ...pw, x: spot[0], y: spot[1] });
    };
    // the boxes of own places first (their pieces have their room), then cities, then routes
    const order = [...groups.values()].map((g2) => [...g2.values()]);
    const rank = (list) => (own.has(list[0].place) ? 0 : list[0].city !== undefined ? 1 : 2);
    order.sort((a, b) => rank(a) - rank(b));
    for (const list of order) {
      const sp = own.get(list[0].place);
      if (sp) {
        this._spotSlots(sp, list.length).forEach(([x, y], i) => {
          taken.push(shift(list[i].count > 1 ? BADGE_BOX : PAWN_BOX, x, y));
          pawns.push({ ...list[i], x, y });
        });
      } else if (list[0].route !== undefined) {
        const r = this.route[list[0].route];
        if (!r) continue;
        const near = this.cands.near || (this.cands.near = nearCandidates());
        list.forEach((pw, i) => place(pw, r.mx + (i - (list.length - 1) / 2) * 28, r.my - 4, near));
      } else {
        const C = this.city[list[0].city];
        if (!C) continue;
        const rad = view.cities[list[0].city] && view.cities[list[0].city].capital ? 44 : 36;
        const cands = this.cands[rad] || (this.cands[rad] = cityCandidates(rad));
        list.forEach((pw) => place(pw, C.x, C.y + 3, cands));
      }
    }
    return pawns;
  }
}
