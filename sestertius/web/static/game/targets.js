// What the legal decisions of a view point at on the board, in the hand and on the display.
import { contrariusInfo } from "../common.js";

// the board's key of a colonist ("seat:kind:r<route>" or "seat:kind:c<city>"), or null in the storehouse
export function pawnKey(v, seat, slot) {
  const p = v.players[seat];
  if (!p) return null;
  const c = p.colonists[slot];
  if (!c || c.at === "store") return null;
  return `${seat}:${c.kind}:${placeKey(c.at)}`;
}

// a place of the board as a short key: r<route>, c<city>, or a board's own place (start, t<track space>, b<boat>)
export function placeKey(at) {
  if (at.route !== undefined) return "r" + at.route;
  if (at.city !== undefined) return "c" + at.city;
  if (at.boat !== undefined) return "b" + at.boat;
  if (at.track !== undefined) return "t" + at.track;
  if (at.start) return "start";
  return "x" + (at.name || "");
}

// which legal decisions can be taken by clicking the board, the hand or the display (by step kind: the same verb
// may mean something else in another step, e.g. a fish-market spot instead of a province)
export function targetsOf(v) {
  const t = { routes: new Map(), cities: new Map(), provinces: new Map(), pawns: new Map(), hand: new Map(), display: new Map() };
  const add = (m, k, a) => { if (!m.has(k)) m.set(k, []); m.get(k).push(a); };
  const con = contrariusInfo(v);
  const step = v.step ? v.step[0] : "";
  (v.legal || []).forEach((entry, i) => {
    const a = entry.action;
    const item = { ...entry, index: i };
    const verb = a[0];
    if (step === "arch_move" && verb === "move") {
      const key = pawnKey(v, v.seat, a[1]);
      item.pawn = key;
      if (key) add(t.pawns, key, item);
      add(t.routes, a[2], item);
    } else if (step === "contrarius_move" && verb === "cmove") {
      const key = con ? pawnKey(v, con.seat, a[1]) : null;
      item.pawn = key;
      if (key) add(t.pawns, key, item);
      add(t.routes, a[2], item);
    } else if (step === "contrarius_line" && verb === "line") add(t.routes, a[1], item);
    else if ((step === "arch_build" || step === "roma_build") && verb === "build") add(t.cities, a[1], item);
    else if (step === "colonist" && verb === "place") add(t.cities, a[2], item);
    else if (step === "start_city" && verb === "start") add(t.cities, a[1], item);
    else if (step === "prefect" && verb === "produce") add(t.provinces, a[1], item);
    else if (verb === "play") add(t.hand, a[1], item);
    else if (step === "buy" && verb === "card") add(t.display, a[1], item);
  });
  return t;
}
