"""Tournaments between bots: Elo ratings with confidence intervals.

The games are scheduled in a fixed cycle of line-ups (every ordering of distinct bots over the seats, so that each bot
sits in every seat equally often) and played through :func:`sestertius.research.parallel.play_jobs` (one process,
every core, or a Ray cluster: the same results). Each finished game counts as a set of pairwise results: for every two
seats on different sides, the better-ranked seat beats the other (team partners share their side; in Solitaria,
Contrarius takes part as the player ``contrarius``). Ratings are the maximum-likelihood Bradley-Terry strengths on the
Elo scale (400 points = 10:1 odds), with one virtual draw between every two players (so that a player who won every
game gets a finite rating), centred on 1500. The 95% intervals are 1.96 standard errors from the observed information
of that likelihood; the pairwise results of one game of more than two players are counted as independent, which makes
those intervals somewhat narrower than they should be (two-player games: exact in the large-sample sense).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations, product
from typing import Any

from sestertius import GameOptions
from sestertius.research.parallel import Job, PlayedGame, play_jobs

CONTRARIUS = "contrarius"
CENTRE = 1500.0


def lineups(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The cycle of line-ups: orderings of distinct bots when there are enough of them, else every assignment with
    at least two different bots (one bot alone: that bot in every seat)."""
    names = list(dict.fromkeys(bots))
    if len(names) >= seats:
        return list(permutations(names, seats))
    mixed = [t for t in product(names, repeat=seats) if len(set(t)) > 1]
    return mixed or [tuple(names[:1] * seats)]


def tournament_jobs(options: GameOptions, bots: Sequence[str], games: int, seed: int, max_turns: int) -> list[Job]:
    cycle = lineups(bots, max(options.players, 1))
    return [Job(options, seed + i, cycle[i % len(cycle)], max_turns) for i in range(games)]


def participants(game: PlayedGame, players: int) -> dict[int, str]:
    """Seat -> player name (the bots' seats; Contrarius' seat after them in Solitaria)."""
    out = dict(enumerate(game.bots if len(game.bots) == max(players, 1) else game.bots * max(players, 1)))
    for seat in game.final_ranking:
        out.setdefault(seat, CONTRARIUS)
    return out


def pairwise(game: PlayedGame, players: int) -> list[tuple[str, str]]:
    """(winner, loser) pairs of one finished game; none between partners or between two copies of one bot."""
    if not game.is_over:
        return []
    names = participants(game, players)
    ranking = game.final_ranking
    out = []
    for i, a in enumerate(ranking):
        for b in ranking[i + 1:]:
            if game.partners[a] != b and names[a] != names[b]:
                out.append((names[a], names[b]))
    return out


def _comparisons(results: Sequence[tuple[str, str]], names: Sequence[str]) -> dict[tuple[str, str], float]:
    """Wins of a over b, with one virtual draw (half a win each way) between every two names."""
    wins: dict[tuple[str, str], float] = {}
    for w, ell in results:
        wins[(w, ell)] = wins.get((w, ell), 0.0) + 1.0
    for a in names:
        for b in names:
            if a != b:
                wins[(a, b)] = wins.get((a, b), 0.0) + 0.5
    return wins


def bradley_terry(results: Sequence[tuple[str, str]], names: Sequence[str],
                  iterations: int = 1000) -> dict[str, float]:
    """Log-strengths (natural logarithm, mean 0) from (winner, loser) pairs (Hunter's MM algorithm)."""
    wins = _comparisons(results, names)
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            won = sum(wins.get((a, b), 0.0) for b in names if b != a)
            denom = sum((wins.get((a, b), 0.0) + wins.get((b, a), 0.0)) / (strength[a] + strength[b])
                        for b in names if b != a)
            new[a] = won / denom if denom else strength[a]
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {a: v / math.exp(mean_log) for a, v in new.items()}
    return {a: math.log(v) for a, v in strength.items()}


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small well-conditioned matrix."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        pivot = a[c][c]
        a[c] = [x / pivot for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[n:] for row in a]


def standard_errors(theta: dict[str, float], results: Sequence[tuple[str, str]],
                    names: Sequence[str]) -> dict[str, float]:
    """Standard errors of the centred log-strengths: the observed information of the likelihood (a Laplacian of the
    comparison counts weighted by p(1-p)), inverted on the sum-zero subspace."""
    wins = _comparisons(results, names)
    k = len(names)
    lap = [[0.0] * k for _ in range(k)]
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if i != j:
                n = wins.get((a, b), 0.0) + wins.get((b, a), 0.0)
                p = 1.0 / (1.0 + math.exp(theta[b] - theta[a]))
                lap[i][j] -= n * p * (1 - p)
                lap[i][i] += n * p * (1 - p)
    cov = _inverse([[x + 1.0 / k for x in row] for row in lap])  # (L + J/k)^-1 - J/k: the pseudo-inverse of L
    return {a: math.sqrt(max(cov[i][i] - 1.0 / k, 0.0)) for i, a in enumerate(names)}


ELO = 400.0 / math.log(10.0)  # Elo points per unit of natural log-strength


@dataclass
class Standing:
    name: str
    elo: float
    low: float
    high: float
    games: int
    wins: int  # games this player's side won


def standings(games: Sequence[PlayedGame], players: int) -> list[Standing]:
    per_game = [pairwise(g, players) for g in games]
    names = sorted({n for g in games if g.is_over for n in participants(g, players).values()})
    if not names:
        return []
    results = [p for pairs in per_game for p in pairs]
    theta = bradley_terry(results, names)
    se = standard_errors(theta, results, names) if len(names) > 1 else {names[0]: 0.0}
    out = []
    for n in names:
        elo = CENTRE + ELO * theta[n]
        half = 1.96 * ELO * se[n]
        played = [g for g in games if g.is_over and n in participants(g, players).values()]
        won = sum(1 for g in played if _won(g, n, players))
        out.append(Standing(n, round(elo, 1), round(elo - half, 1), round(elo + half, 1), len(played), won))
    return sorted(out, key=lambda st: -st.elo)


def _won(game: PlayedGame, name: str, players: int) -> bool:
    names = participants(game, players)
    first = game.final_ranking[0]
    partner = game.partners[first]
    return names[first] == name or (partner is not None and names[partner] == name)


def run_tournament(options: GameOptions, bots: Sequence[str], games: int, seed: int = 0, max_turns: int = 3000,
                   workers: int = 1, ray: str | None = None) -> dict[str, Any]:
    jobs = tournament_jobs(options, bots, games, seed, max_turns)
    played = list(play_jobs(jobs, workers, ray))
    table = standings(played, options.players)
    return {
        "options": options.to_dict(), "bots": list(bots), "games": games, "seed": seed,
        "unfinished": [g.seed for g in played if not g.is_over],
        "standings": [vars(s) for s in table],
    }


def format_tournament(r: dict[str, Any]) -> str:
    lines = [f"{r['games']} games, seeds {r['seed']}..{r['seed'] + r['games'] - 1}, options {r['options']}"]
    if r["unfinished"]:
        lines.append(f"{len(r['unfinished'])} game(s) stopped unfinished (not counted)")
    w = max([12] + [len(s["name"]) for s in r["standings"]])  # your own bots' names (module:factory) are longer
    lines.append(f"  {'player':{w}} {'Elo':>7} {'95% interval':>17} {'games':>6} {'wins':>6}")
    for s in r["standings"]:
        lines.append(f"  {s['name']:{w}} {s['elo']:7.1f} {s['low']:8.1f}..{s['high']:<8.1f} {s['games']:6} "
                     f"{s['wins']:6}")
    return "\n".join(lines)
