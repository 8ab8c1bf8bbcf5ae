"""Board geometry for drawing (``/api/boards/{name}``): where the cities, routes and provinces go."""
from __future__ import annotations

import math
from typing import Any

from sestertius.data import board as board_mod

Point = tuple[float, float]
GATE_EDGE = 60.0  # how far beyond the outermost city a gate of Roma is drawn (board units): at the board's edge


def route_path(b: board_mod.Board, r: board_mod.Route, pts: list[Point], minx: float, miny: float,
               scale: float) -> dict[str, Any]:
    """How a route is drawn: ``points``, its polyline from city a to city b through the bends the board file gives
    it, or, without bends, ``ctrl``, the control point of a quadratic curve (two routes between the same cities bend
    apart far enough that their route spaces do not touch; a lone sea route gets a gentle sailing arc); ``space``,
    where its route space sits on the path (half-way along it)."""
    a, z = pts[r.a], pts[r.b]
    out: dict[str, Any] = {}
    if b.bends and b.bends[r.id]:
        line = [a] + [((x - minx) * scale, (y - miny) * scale) for x, y in b.bends[r.id]] + [z]
        out["points"] = [[round(x, 1), round(y, 1)] for x, y in line]
        out["space"] = _halfway(line)
        return out
    twins = sorted((r2 for r2 in b.routes if {r2.a, r2.b} == {r.a, r.b}), key=lambda r2: (r2.kind, r2.id))
    dx, dy = z[0] - a[0], z[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    off = 0.0
    if len(twins) > 1:
        off = (twins.index(r) - (len(twins) - 1) / 2) * max(40.0, min(46.0, length * 0.28))
    elif r.kind == board_mod.SEA:
        off = min(18.0, length * 0.07)
    sgn = 1 if r.a < r.b else -1  # the same side whichever end is a
    cx, cy = (a[0] + z[0]) / 2 + nx * off * sgn, (a[1] + z[1]) / 2 + ny * off * sgn
    out["ctrl"] = [round(cx, 1), round(cy, 1)]
    out["space"] = [round(0.25 * a[0] + 0.5 * cx + 0.25 * z[0], 1), round(0.25 * a[1] + 0.5 * cy + 0.25 * z[1], 1)]
    return out


def _halfway(line: list[Point]) -> list[float]:
    seg = [math.dist(p, q) for p, q in zip(line, line[1:])]
    left = sum(seg) / 2
    for (p, q), d in zip(zip(line, line[1:]), seg):
        if left <= d and d > 0:
            t = left / d
            return [round(p[0] + (q[0] - p[0]) * t, 1), round(p[1] + (q[1] - p[1]) * t, 1)]
        left -= d
    return [round(line[-1][0], 1), round(line[-1][1], 1)]


def sample_path(route: dict[str, Any], a: Point, z: Point, n: int = 48) -> list[Point]:
    """Points along a drawn route (``board_layout``'s route with its end cities' positions), for checks."""
    if "points" in route:
        line = [tuple(p) for p in route["points"]]
        return [(p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n)
                for p, q in zip(line, line[1:]) for k in range(n + 1)]
    cx, cy = route["ctrl"]
    return [((1 - t) ** 2 * a[0] + 2 * t * (1 - t) * cx + t * t * z[0],
             (1 - t) ** 2 * a[1] + 2 * t * (1 - t) * cy + t * t * z[1]) for t in (k / n for k in range(n + 1))]


def board_layout(name: str) -> dict[str, Any]:
    """City positions in board units (x right, y down; the longer side is 1000): the board file's ``xy`` layout
    hint where given, else latitude/longitude projected (equirectangular around the board's mean latitude) and
    fitted onto the hinted cities."""
    b = board_mod.load_board(name)
    n = len(b.cities)
    lat0 = sum(b.lat) / n
    k = math.cos(math.radians(lat0))
    proj = [(b.lon[i] * k, -b.lat[i]) for i in range(n)]
    hinted = [i for i in range(n) if b.layout[i] is not None]
    pos: list[tuple[float, float]] = []
    if len(hinted) >= 3:
        # least-squares scale + offset from projected coordinates to the hints, for cities without a hint
        def fit(axis: int) -> tuple[float, float]:
            xs = [proj[i][axis] for i in hinted]
            ys = [b.layout[i][axis] for i in hinted]  # type: ignore[index]
            mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
            var = sum((x - mx) ** 2 for x in xs) or 1.0
            a = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var
            return a, my - a * mx
        (ax, bx), (ay, by) = fit(0), fit(1)
        for i in range(n):
            hint = b.layout[i]
            pos.append(hint if hint is not None else (ax * proj[i][0] + bx, ay * proj[i][1] + by))
    else:
        pos = proj
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    minx, miny = min(xs), min(ys)
    span = max(max(xs) - minx, max(ys) - miny) or 1.0
    scale = 1000.0 / span
    pts = [((x - minx) * scale, (y - miny) * scale) for x, y in pos]
    width = max(p[0] for p in pts)
    height = max(p[1] for p in pts)
    return {
        "name": b.name, "title": b.title, "capital": b.capital, "width": round(width, 1),
        "height": round(height, 1),
        "cities": [{"id": i, "name": b.cities[i], "x": round(pts[i][0], 1), "y": round(pts[i][1], 1),
                    "province": b.province_of[i], "zone": b.zone[i], "lat": b.lat[i], "lon": b.lon[i],
                    "hinted": b.layout[i] is not None} for i in range(n)],
        "routes": [{"id": r.id, "kind": board_mod.KIND_NAMES[r.kind], "a": r.a, "b": r.b, "no_stop": r.no_stop,
                    **route_path(b, r, pts, minx, miny, scale)} for r in b.routes],
        "provinces": [{"id": i, "name": p, "cities": list(b.province_cities[i])} for i, p in enumerate(b.provinces)],
        "gates": roma_gates(b, pts, (minx, miny, scale)),
        # how a board's own places given in layout units (``xy``: Roma's start and track, Balearica's start boats)
        # map onto these coordinates; None when the cities were not all placed by hints
        "frame": ({"x0": round(minx, 6), "y0": round(miny, 6), "scale": round(scale, 6)}
                  if len(hinted) == n else None),
    }


def roma_gates(b: board_mod.Board, pts: list[Point], frame: tuple[float, float, float]) -> list[dict[str, Any]]:
    """Roma's gates drawn where their roads enter the city at the board's edge: from the middle of the sites a gate's
    routes lead to, through the gate's printed place (``[roma.gates]`` ``xy``), on to the edge of the board (the
    cities' extent widened by GATE_EDGE); ``side``: the edge it stands on; each gate route a straight line from the
    gate to its site with its route space half-way. Empty for a board without gates."""
    roma = b.extra.get("roma")
    if not roma or "gate_routes" not in roma:
        return []
    x0, y0, scale = frame
    width, height = max(p[0] for p in pts), max(p[1] for p in pts)
    first = len(b.routes)  # gate routes follow the board's own routes (sestertius.rules.boards.roma.board)
    by_gate: dict[str, list[tuple[int, int]]] = {}
    for i, (gate, site) in enumerate(roma["gate_routes"]):
        by_gate.setdefault(gate, []).append((first + i, b.city_index[site]))
    out = []
    for gate, routes in by_gate.items():
        info = roma["gates"][gate]
        cx = sum(pts[c][0] for _, c in routes) / len(routes)
        cy = sum(pts[c][1] for _, c in routes) / len(routes)
        if info.get("xy"):
            gx, gy = (info["xy"][0] - x0) * scale, (info["xy"][1] - y0) * scale
        else:  # no printed place: straight out from the nearest edge
            gx, gy = cx + min((cx, -1), (width - cx, 1))[1], cy
        dx, dy = gx - cx, gy - cy
        # the ray from the sites through the gate, to the first edge it meets
        hits = []
        if dx:
            hits += [((-GATE_EDGE - cx) / dx, "west"), ((width + GATE_EDGE - cx) / dx, "east")]
        if dy:
            hits += [((-GATE_EDGE - cy) / dy, "north"), ((height + GATE_EDGE - cy) / dy, "south")]
        t, side = min(h for h in hits if h[0] > 0)
        ex, ey = cx + t * dx, cy + t * dy
        at = [round(ex, 1), round(ey, 1)]
        out.append({
            "gate": gate, "road": info["road"], "side": side, "xy": at,
            "routes": [{"id": rid, "site": c, "points": [at, [round(pts[c][0], 1), round(pts[c][1], 1)]],
                        "space": [round((ex + pts[c][0]) / 2, 1), round((ey + pts[c][1]) / 2, 1)]}
                       for rid, c in routes],
        })
    return out
