// The board as SVG, drawn from the board data (/api/boards/<name>) and a view: provinces tinted, cities coloured by
// their good, land routes brown, sea routes blue (dashed: no stop), houses and colonists in player colours, bonus
// markers showing their side. Legal targets are highlighted; clicks are reported through callbacks. An ES module.
import { GOOD_COLORS, esc, playerColor, seatName } from "./common.js";
import { placeKey } from "./game/targets.js";

const SVGNS = "http://www.w3.org/2000/svg";
const MARGIN = 70;
const MARGIN_X = 110; // city names stick out sideways
const MIN_PX = 900; // on a phone or tablet the map is drawn at least this wide and pans inside its frame
const FINGER = 22; // half a finger's width in CSS pixels: every target's hit area is at least twice this

// a route's name: its two cities, or its own name (Roma's gates)
function routeLabel(r, city) {
  return r.name || `${r.kind} route ${city[r.a].name}–${city[r.b].name}`;
}

// what a keyboard or a screen reader needs on a target of the board
function focusable(label) {
  return ` tabindex="0" role="button" aria-label="${esc(label)}"`;
}

// pieces beside a city: two rows to the right and to the left, columns further out, so none covers another
function citySlots(n, rad) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const col = Math.floor(i / 4), k = i % 4;
    const side = k < 2 ? 1 : -1;
    out.push([side * (rad + col * 30), k % 2 === 0 ? -16 : 16]); // apart enough for a count badge above a piece
  }
  return out;
}

function provinceHue(i, n) {
  return Math.round((i * 137.508 + 25) % 360);
}

function hsl(h, s, l) { return `hsl(${h} ${s}% ${l}%)`; }

export class BoardView {
  constructor(container, geom) {
    this.container = container;
    this.geom = geom;
    this.handlers = {};
    this.zoom = 1;
    this._prepare();
    container.addEventListener("click", (ev) => this._click(ev));
    container.addEventListener("keydown", (ev) => {
      if ((ev.key === "Enter" || ev.key === " ") && ev.target.closest && ev.target.closest("[data-click]")) {
        ev.preventDefault();
        this._click(ev);
      }
    });
    this._pinch();
    let width = window.innerWidth;
    window.addEventListener("resize", () => {
      if (window.innerWidth === width || !this.lastView) return;
      width = window.innerWidth;
      this.render(this.lastView, this.lastTargets);
    });
  }

  // the drawn width in CSS pixels: the container's width, at least MIN_PX on small screens (the map then pans inside
  // its frame), times the zoom
  _pixelWidth() {
    const box = this.container.clientWidth || 800;
    const min = window.innerWidth < 1100 ? MIN_PX : 0;
    return Math.max(box, min) * this.zoom;
  }

  setZoom(z, keepFocus = true) {
    const frame = this.container;
    const old = this.zoom;
    this.zoom = Math.min(3, Math.max(1, z));
    const svg = frame.querySelector("svg");
    if (!svg || old === this.zoom) return;
    const cx = frame.scrollLeft + frame.clientWidth / 2, cy = frame.scrollTop + frame.clientHeight / 2;
    svg.style.width = this._pixelWidth() + "px";
    if (keepFocus) {
      frame.scrollLeft = cx * (this.zoom / old) - frame.clientWidth / 2;
      frame.scrollTop = cy * (this.zoom / old) - frame.clientHeight / 2;
    }
    if (this.lastView) this.render(this.lastView, this.lastTargets);
  }

  // two fingers on the map zoom it; one finger pans it (the frame scrolls natively)
  _pinch() {
    const pts = new Map();
    let start = null;
    const frame = this.container;
    frame.addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") pts.set(e.pointerId, [e.clientX, e.clientY]); });
    frame.addEventListener("pointermove", (e) => {
      if (!pts.has(e.pointerId)) return;
      pts.set(e.pointerId, [e.clientX, e.clientY]);
      if (pts.size !== 2) return;
      const [a, b] = [...pts.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (!start) start = { d, zoom: this.zoom };
      else this.setZoom(start.zoom * d / start.d);
    });
    const end = (e) => { pts.delete(e.pointerId); if (pts.size < 2) start = null; };
    frame.addEventListener("pointerup", end);
    frame.addEventListener("pointercancel", end);
    frame.addEventListener("wheel", (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      this.setZoom(this.zoom * (e.deltaY < 0 ? 1.15 : 1 / 1.15));
    }, { passive: false });
  }

  _prepare() {
    const g = this.geom;
    this.city = g.cities.map((c) => ({ ...c }));
    // routes as the server lays them out (geometry.py): a polyline through the route's own bends, or a curve (two
    // routes between the same cities bend apart; a lone sea route gets a gentle arc); the route space on the path
    this.route = [];
    for (const r of g.routes) {
      const A = this.city[r.a], B = this.city[r.b];
      const f = (p) => `${(+p[0]).toFixed(1)},${(+p[1]).toFixed(1)}`;
      const d = r.points ? "M" + r.points.map(f).join(" L") : `M${f([A.x, A.y])} Q${f(r.ctrl)} ${f([B.x, B.y])}`;
      this.route[r.id] = { ...r, d, mx: r.space[0], my: r.space[1] };
    }
    // province colours and marker places (near the middle of the province, away from cities and route spaces)
    const obstacles = this.city.map((c) => [c.x, c.y, 1.0]).concat(this.route.map((r) => [r.mx, r.my, 0.7]));
    this.prov = g.provinces.map((p, i) => {
      const members = this.city.filter((c) => c.province === p.id);
      const cx = members.reduce((s, c) => s + c.x, 0) / Math.max(1, members.length);
      const cy = members.reduce((s, c) => s + c.y, 0) / Math.max(1, members.length);
      let best = [cx, cy], bestScore = -1e9;
      for (let rad = 0; rad <= 80; rad += 16) {
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
          const score = Math.min(dmin, 60) - rad * 0.15;
          if (score > bestScore) { bestScore = score; best = [x, y]; }
          if (rad === 0) break;
        }
      }
      const hue = provinceHue(i, g.provinces.length);
      return { ...p, members, cx, cy, mx: best[0], my: best[1], fill: hsl(hue, 42, 80), edge: hsl(hue, 35, 58) };
    });
    this.vb = [-MARGIN_X, -MARGIN, g.width + 2 * MARGIN_X, g.height + 2 * MARGIN];
    this.staticSvg = this._staticLayers();
  }

  _staticLayers() {
    const g = this.geom;
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
        if (r && r.kind === "land" && this.city[r.a].province === p.id && this.city[r.b].province === p.id) parts.push(r.d);
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
      rs.push(`<path d="${r.d}" stroke="${col}" stroke-width="${w}" fill="none" stroke-linecap="round" stroke-linejoin="round"${dash}><title>${esc(r.kind)} route ${esc(this.city[r.a].name)}–${esc(this.city[r.b].name)}${r.no_stop ? " (no stop)" : ""}</title></path>`);
      if (!r.no_stop) {
        const fill = r.kind === "land" ? "#f6ecd2" : "#e2f0f8";
        rs.push(`<circle class="space" data-route="${r.id}" cx="${r.mx.toFixed(1)}" cy="${r.my.toFixed(1)}" r="8.5" fill="${fill}" stroke="${col}" stroke-width="2"/>`);
      }
    }
    out.push(`<g class="routes">${rs.join("")}</g>`);
    // province names
    out.push(`<g>${this.prov.map((p) => `<text class="prov-label" x="${p.mx.toFixed(1)}" y="${(p.my + 34).toFixed(1)}" text-anchor="middle">${esc(p.name)}</text>`).join("")}</g>`);
    return out.join("");
  }

  // places off the map of cities and routes (Balearica's start boats, Roma's start and ship track): labelled spots in
  // a strip below the map, with the colonists standing there
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
        + sp.pawns.map((pw, i) => `<circle cx="${x + 12 + i * 15}" cy="${y + 32}" r="${pw.kind === "land" ? 6 : 5}" fill="${playerColor(pw.seat, view)}" stroke="#111" stroke-width="1.2"${pw.kind === "sea" ? ' stroke-dasharray="2 1.5"' : ""}/>`).join("")
        + `</g>`);
      x += w + 8;
    }
    parts.push("</g>");
    return [parts.join(""), y + 48 + 12 - y0 + 12];
  }

  // a board's own places drawn where the board has them (Roma's start, gates, ship track and its house sites;
  // Balearica's start boats and their start lines), from the view and the geometry's frame; their keys are the
  // colonists' place keys
  _ownPlaces(view) {
    const f = this.geom.frame;
    const spots = new Map();
    if (!f) return spots;
    const at = (xy) => [(xy[0] - f.x0) * f.scale, (xy[1] - f.y0) * f.scale];
    const roma = view.roma;
    if (roma && roma.start && roma.start.xy) {
      const [x, y] = at(roma.start.xy);
      spots.set("start", { key: "start", label: roma.start.name || "Start", x, y });
      for (const gt of roma.gates || []) {
        const C = this.city[gt.site];
        if (!C) continue;
        const cx = (x + C.x) / 2, cy = (y + C.y) / 2;
        const mx = 0.25 * x + 0.5 * cx + 0.25 * C.x, my = 0.25 * y + 0.5 * cy + 0.25 * C.y;
        const name = `${gt.road} (${gt.gate} gate) to ${C.name}`;
        this.route[gt.route] = { id: gt.route, kind: "land", gate: true, name, d: `M${x.toFixed(1)},${y.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${C.x},${C.y}`, mx, my };
      }
      for (const sp of roma.track || []) {
        if (!sp.xy) continue;
        const [tx, ty] = at(sp.xy);
        spots.set("t" + sp.space, { key: "t" + sp.space, label: `${sp.space}. ${sp.name}`, x: tx, y: ty, sites: sp.sites || [], space: sp });
      }
    }
    for (const b of view.start_boats || []) {
      if (!b.xy) continue;
      const [x, y] = at(b.xy);
      spots.set("b" + b.id, { key: "b" + b.id, label: b.name || `boat ${b.id + 1}`, x, y, lines: (b.routes || []).map((rid) => this.route[rid]).filter(Boolean) });
    }
    return spots;
  }

  _ownPlacesSvg(view, spots, pawnsAt, cityTargets, hit) {
    const parts = [];
    for (const r of this.route) {
      if (!r || !r.gate) continue;
      parts.push(`<path d="${r.d}" stroke="#f3e6c4" stroke-width="8" fill="none" stroke-linecap="round" opacity=".8"/>`
        + `<path d="${r.d}" stroke="#7b5230" stroke-width="5" fill="none" stroke-linecap="round" stroke-dasharray="14 5"><title>${esc(r.name)}</title></path>`
        + `<circle cx="${r.mx.toFixed(1)}" cy="${r.my.toFixed(1)}" r="8.5" fill="#f6ecd2" stroke="#7b5230" stroke-width="2"/>`
        + `<text class="city-label" x="${r.mx.toFixed(1)}" y="${(r.my - 12).toFixed(1)}" text-anchor="middle" style="font-size:12px">${esc(r.name.split(" (")[0])}</text>`);
    }
    for (const sp of spots.values()) {
      for (const r of sp.lines || []) {
        parts.push(`<path d="M${sp.x.toFixed(1)},${sp.y.toFixed(1)} L${r.mx.toFixed(1)},${r.my.toFixed(1)}" stroke="#2a5d8f" stroke-width="2.5" stroke-dasharray="3 4" fill="none"><title>${esc(sp.label)}: start line to ${esc(routeLabel(r, this.city))}</title></path>`);
      }
      const sites = sp.sites || [];
      const w = Math.max(86, sp.label.length * 8 + 16, sites.length * 40 + 12);
      const h = sites.length ? 92 : 50;
      const x0 = sp.x - w / 2, y0 = sp.y - h / 2;
      const n = (pawnsAt.get(sp.key) || []).length;
      parts.push(`<g class="own-place" data-spot="${esc(sp.key)}"><title>${esc(sp.label)}</title>`
        + `<rect x="${x0.toFixed(1)}" y="${y0.toFixed(1)}" width="${w}" height="${h}" rx="9" fill="#fffaf0" stroke="#8a6a40" stroke-width="2"/>`
        + `<text class="city-label" x="${sp.x.toFixed(1)}" y="${(y0 + 15).toFixed(1)}" text-anchor="middle" style="font-size:13px">${esc(sp.label)}${n ? "" : ""}</text></g>`);
      sites.forEach((st, i) => {
        const sx = sp.x + (i - (sites.length - 1) / 2) * 40, sy = y0 + h - 16;
        const tgt = cityTargets.has(st.city);
        const houses = (st.houses || []).map((seat, k) => `<rect x="${(sx - 8 + k * 6).toFixed(1)}" y="${(sy - 22).toFixed(1)}" width="9" height="9" fill="${playerColor(seat, view)}" stroke="#111"/>`).join("");
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
    const t = ev.target.closest("[data-click]");
    if (!t) return;
    const kind = t.dataset.click;
    const fn = this.handlers[kind];
    if (fn) fn(JSON.parse(t.dataset.arg));
  }

  // targets: {routes: Set, cities: Set, provinces: Set, pawns: Set("kind:loc"), selectedPawn, selectedRoutes: Set}
  render(view, targets = {}) {
    const g = this.geom;
    this.lastView = view;
    this.lastTargets = targets;
    const out = [];
    const own = this._ownPlaces(view);
    const offMap = this._offMap(view, own);
    const vb = [...this.vb];
    for (const sp of own.values()) { // the view box holds every place drawn
      const right = sp.x + 90, bottom = sp.y + 60;
      if (sp.x - 90 < vb[0]) { vb[2] += vb[0] - (sp.x - 90); vb[0] = sp.x - 90; }
      if (right > vb[0] + vb[2]) vb[2] = right - vb[0];
      if (bottom > vb[1] + vb[3]) vb[3] = bottom - vb[1];
    }
    const [offSvg, offH] = offMap.length ? this._offMapSvg(view, offMap, vb[0] + 8, vb[1] + vb[3] + 12, vb[2] - 16) : ["", 0];
    vb[3] += offH;
    const px = this._pixelWidth();
    const hit = Math.max(14, FINGER * vb[2] / px); // board units for a finger-sized target
    out.push(`<svg xmlns="${SVGNS}" viewBox="${vb.join(" ")}" style="width:${px.toFixed(0)}px" role="group" aria-label="${esc(g.title)} board">`);
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
    const pawnsByPlace = new Map();
    for (const p of view.players || []) for (const col of p.colonists || []) {
      if (col.at && col.at !== "store") { const k = placeKey(col.at); pawnsByPlace.set(k, [...(pawnsByPlace.get(k) || []), p.seat]); }
    }
    out.push(this._ownPlacesSvg(view, own, pawnsByPlace, cityTargets, hit));
    const hitsAt = out.length; // the pieces' finger areas go under the glowing routes (a piece itself stays on top)
    out.push(`<g class="glows">${glow.join("")}</g>`);

    // bonus markers
    const marks = [];
    for (const p of view.provinces || []) {
      const P = this.prov[p.id];
      if (!P) continue;
      const x = P.mx, y = P.my;
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

    // cities, houses
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
      const label = c.capital ? c.name : c.name;
      parts.push(`<text class="city-label${c.capital ? " capital" : ""}" x="${C.x}" y="${C.y + (c.capital ? 44 : 36)}" text-anchor="middle">${esc(label)}</text>`);
      // houses above the city
      const hs = c.houses || [];
      hs.forEach((seat, i) => {
        const hx = C.x + (i - (hs.length - 1) / 2) * 15, hy = C.y - (c.capital ? 33 : 27);
        parts.push(`<path d="M${hx - 6.5},${hy + 5} L${hx - 6.5},${hy - 2} L${hx},${hy - 8.5} L${hx + 6.5},${hy - 2} L${hx + 6.5},${hy + 5} Z" fill="${playerColor(seat, view)}" stroke="#1d1d1d" stroke-width="1.3" filter="url(#shadow)"><title>${esc(seatName(view, seat))}'s house</title></path>`);
      });
      if (tgt) parts.push(`<circle class="city-glow" cx="${C.x}" cy="${C.y}" r="${c.capital ? 31 : 25}"/><circle class="hit" cx="${C.x}" cy="${C.y}" r="${hit.toFixed(1)}" fill="transparent"/>`);
      const title = c.capital ? `${c.name} (capital)` : `${c.name}: ${c.good || "?"} city` + (hs.length ? `, houses: ${hs.map((s) => seatName(view, s)).join(", ")}` : "");
      cities.push(`<g class="city${tgt ? " target" : ""}" data-city="${c.id}" ${tgt ? `data-click="city" data-arg="${c.id}"${focusable(title)}` : ""}><title>${esc(title)}</title>${parts.join("")}</g>`);
    }
    out.push(`<g class="cities">${cities.join("")}</g>`);

    // colonists: on routes at the route space; in cities beside the city. Identical pieces at one place (same seat,
    // same kind) are one piece with a count; different ones are fanned out, so none hides another.
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
    for (const g2 of groups.values()) {
      const list = [...g2.values()];
      const sp = own.get(list[0].place);
      if (sp) {
        const y = sp.sites && sp.sites.length ? sp.y - 6 : sp.y + 10;
        list.forEach((pw, i) => pawns.push({ ...pw, x: sp.x + (i - (list.length - 1) / 2) * 26, y }));
      } else if (list[0].route !== undefined) {
        const r = this.route[list[0].route];
        if (!r) continue;
        list.forEach((pw, i) => pawns.push({ ...pw, x: r.mx + (i - (list.length - 1) / 2) * 26, y: r.my - 4 }));
      } else {
        const C = this.city[list[0].city];
        if (!C) continue;
        const rad = view.cities[list[0].city] && view.cities[list[0].city].capital ? 42 : 35;
        const slots = citySlots(list.length, rad);
        list.forEach((pw, i) => pawns.push({ ...pw, x: C.x + slots[i][0], y: C.y + slots[i][1] + 3 }));
      }
    }
    const pawnHits = [];
    for (const pw of pawns) {
      const movable = pawnTargets.has(pw.key);
      const sel = targets.selectedPawn === pw.key;
      const colr = playerColor(pw.seat, view);
      const shape = pw.kind === "land"
        ? `<circle cx="0" cy="-7" r="5.2" fill="${colr}" stroke="#111" stroke-width="1.2"/><path d="M-8,10 Q-7,-2 0,-2 Q7,-2 8,10 Z" fill="${colr}" stroke="#111" stroke-width="1.2"/>`
        : `<path d="M0,-12 L0,2" stroke="#111" stroke-width="1.4"/><path d="M1,-11 L10,0 L1,0 Z" fill="#fffaf0" stroke="#111" stroke-width="1"/><path d="M-12,2 L12,2 L7,10 L-7,10 Z" fill="${colr}" stroke="#111" stroke-width="1.2"/>`;
      const many = pw.count > 1 ? `${pw.count} ` : "a ";
      const title = `${seatName(view, pw.seat)}'s ${many}${pw.kind} colonist${pw.count > 1 ? "s" : ""} (${pw.where})${movable ? " — click to choose where it goes" : ""}`;
      const badge = pw.count > 1 ? `<circle cx="10" cy="-10" r="7" fill="#fffaf0" stroke="#111" stroke-width="1"/><text x="10" y="-6.5" text-anchor="middle" font-size="10" font-weight="bold" font-family="sans-serif" fill="#111">${pw.count}</text>` : "";
      pw.svg = `<g class="pawn${movable ? " movable" : ""}${sel ? " selected" : ""}" data-key="${esc(pw.key)}" ${movable ? `data-click="pawn" data-arg='${JSON.stringify(pw.key)}'${focusable(title)}` : ""} transform="translate(${pw.x.toFixed(1)},${pw.y.toFixed(1)}) scale(1.15)" filter="url(#shadow)"><title>${esc(title)}</title>${shape}${badge}${movable ? `<circle r="16" cy="-1" fill="transparent" stroke="${sel ? "#ff8c1a" : "#ffd23f"}" stroke-width="2.5" stroke-dasharray="4 3"/>` : ""}</g>`;
      // the finger-sized area around it lies under every piece, so a neighbour's area never covers a piece
      if (movable) pawnHits.push(`<circle class="hit" data-click="pawn" data-arg='${JSON.stringify(pw.key)}' cx="${pw.x.toFixed(1)}" cy="${(pw.y - 1).toFixed(1)}" r="${hit.toFixed(1)}" fill="transparent"/>`);
    }
    out.splice(hitsAt, 0, `<g class="pawn-hits">${pawnHits.join("")}</g>`);
    out.push(`<g class="pawns">${pawns.filter(Boolean).map((p) => p.svg).join("")}</g>`);
    if (offSvg) out.push(offSvg);
    out.push("</svg>");
    this.container.innerHTML = out.join("");
  }
}
