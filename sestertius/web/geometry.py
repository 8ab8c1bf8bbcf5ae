"""Board geometry for drawing (``/api/boards/{name}``): where the cities, routes and provinces go."""
from __future__ import annotations

import math
from typing import Any

from sestertius.data import board as board_mod


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
        "routes": [{"id": r.id, "kind": board_mod.KIND_NAMES[r.kind], "a": r.a, "b": r.b, "no_stop": r.no_stop}
                   for r in b.routes],
        "provinces": [{"id": i, "name": p, "cities": list(b.province_cities[i])} for i, p in enumerate(b.provinces)],
        # how a board's own places given in layout units (``xy``: Roma's start and track, Balearica's start boats)
        # map onto these coordinates; None when the cities were not all placed by hints
        "frame": ({"x0": round(minx, 6), "y0": round(miny, 6), "scale": round(scale, 6)}
                  if len(hinted) == n else None),
    }
