"""``concordia simulate``: whole games played by bots, with statistics (also used by the benchmarks)."""
from __future__ import annotations

import os
import statistics
import time
from typing import Any

from sestertius import GameOptions
from sestertius.research.parallel import play_jobs, simulation_jobs
from sestertius.research.play import MAX_TURNS


def _summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    # "inclusive": the percentiles of the values seen, never beyond their minimum and maximum (the default method
    # extrapolates: with 3 games the 10th percentile fell below the lowest score)
    qs = statistics.quantiles(values, n=10, method="inclusive") if len(values) > 1 else [values[0]] * 9
    return {"mean": round(statistics.fmean(values), 2), "min": min(values), "p10": round(qs[0], 1),
            "median": statistics.median(values), "p90": round(qs[-1], 1), "max": max(values),
            "stdev": round(statistics.pstdev(values), 2)}


def simulation_options(board: str, players: int, venus: bool = False, display: str = "standard", mode: str = "base",
                       difficulty: str = "standard", fish_market: str | None = None) -> dict[str, Any]:
    """The options of every game of a simulation (``sestertius.check_options`` says whether they can be played).
    Solitaria is played solo unless 2 players are asked for (then Contrarius is a third player)."""
    if mode == "solo" and players != 2:
        players = 1
    return {"board": board, "players": players, "venus": venus, "display": display, "mode": mode,
            "difficulty": difficulty, "fish_market": fish_market}


def run_simulation(board: str, players: int, games: int, seed: int = 0, bots: list[str] | None = None,
                   venus: bool = False, display: str = "standard", mode: str = "base",
                   difficulty: str = "standard", progress: bool = True, max_turns: int = MAX_TURNS,
                   fish_market: str | None = None, workers: int = 1, ray: str | None = None,
                   records: str | None = None) -> dict[str, Any]:
    """``workers`` processes, or the Ray cluster at ``ray``, play the games: the report is the same (timings aside).
    ``records``: a folder (made if need be) that receives every game's record, one file per game named by its index
    and seed (``sestertius.research.parallel.record_name``); ``concordia replay`` replays one."""
    bots = bots or ["random"]
    options = GameOptions.from_dict(simulation_options(board, players, venus, display, mode, difficulty, fish_market))
    players = options.players
    if records is not None:
        os.makedirs(records, exist_ok=True)
    jobs = simulation_jobs(options, seed, games, bots, max_turns, records)
    iterator = enumerate(play_jobs(jobs, workers, ray))
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(iterator, desc=f"{board} {mode} x{players}", unit="game", total=games)
        iterator = bar
    winners: list[int] = []
    contrarius: int | None = None  # the automaton's seat (Solitaria)
    teams: dict[int, tuple[int, ...]] = {}  # seat -> its team's seats (team play), from the mode's partners
    totals: list[list[float]] = [[] for _ in range(players)]
    automaton: list[float] = []
    team: list[float] = []
    turns: list[float] = []
    decisions = 0
    unfinished: list[int] = []
    start = time.perf_counter()
    for i, game in iterator:
        decisions += len(game.history)
        if not game.is_over:  # stopped by the guard: no scores to count
            unfinished.append(seed + i)
            continue
        turns.append(game.state.turn + 1)
        scores = game.scores()
        for seat in range(players):
            totals[seat].append(scores[seat]["total"])
        winners.append(game.ranking()[0])
        contrarius = game.automaton
        for seat, partner in enumerate(game.partners):
            if partner is not None:
                teams[seat] = tuple(sorted((seat, partner)))
        result = game.result()  # Solitaria: Contrarius' score, and the team's
        if "team" in result:
            team.append(result["team"])
        if "contrarius" in result:
            automaton.append(result["contrarius"])
    elapsed = time.perf_counter() - start
    report: dict[str, Any] = {
        "board": board, "players": players, "games": games, "seed": seed, "bots": bots, "mode": mode,
        "venus": venus, "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed else None,
        "decisions_per_second": round(decisions / elapsed) if elapsed else None,
        "turns": _summary(turns), "decisions_per_game": round(decisions / max(games, 1), 1),
        "scores": {f"seat {s + 1}": _summary(totals[s]) for s in range(players)},
        "all_scores": _summary([x for t in totals for x in t]),
        "wins": {f"seat {s + 1}": winners.count(s) for s in range(players)},
        "unfinished": unfinished, "max_turns": max_turns, "workers": workers if ray is None else f"ray {ray}",
    }
    if records is not None:
        report["records"] = records
    if contrarius is not None:
        report["wins"]["Contrarius"] = winners.count(contrarius)
    if teams:  # a team wins when one of its seats is ranked first
        report["team_wins"] = {team_name(seats): sum(w in seats for w in winners)
                               for seats in sorted(set(teams.values()))}
    if team:
        report["team"] = _summary(team)
    if automaton:
        report["contrarius"] = _summary(automaton)
        beaten = len(winners) - report["wins"].get("Contrarius", 0)  # solo and team: the player('s team) won
        report["win_rate"] = round((beaten if players == 1 or team else winners.count(0)) / max(len(winners), 1), 3)
    return report


def team_name(seats: tuple[int, ...]) -> str:
    return "seats " + "+".join(str(s + 1) for s in seats)


def format_report(r: dict[str, Any]) -> str:
    lines = [f"{r['games']} games of {r['board']} ({r['mode']}{', Venus' if r['venus'] else ''}), "
             f"{r['players']} player(s), bots {','.join(r['bots'])}, seeds {r['seed']}..{r['seed'] + r['games'] - 1}",
             f"speed: {r['games_per_second']} games/s, {r['decisions_per_second']} decisions/s "
             f"({r['seconds']} s, {r.get('workers', 1)} worker(s))",
             f"game length: {r['turns'].get('mean')} turns on average (min {r['turns'].get('min')}, "
             f"max {r['turns'].get('max')}), {r['decisions_per_game']} decisions per game"]
    if r["unfinished"]:
        lines.append(f"{len(r['unfinished'])} game(s) stopped unfinished after {r['max_turns']} turns (the bots "
                     f"held the game; seeds {', '.join(map(str, r['unfinished'][:10]))}); not counted below")
    if not r["all_scores"]:
        return "\n".join(lines)
    lines.append("score distribution (VP):")
    lines.append(f"  {'':10} {'mean':>7} {'min':>5} {'p10':>6} {'median':>7} {'p90':>6} {'max':>5} {'wins':>6}")

    def row(name: str, s: dict[str, float], wins: int) -> str:
        return (f"  {name:10} {s['mean']:7} {s['min']:5} {s['p10']:6} {s['median']:7} {s['p90']:6} {s['max']:5} "
                f"{wins:6}")
    lines += [row(seat, s, r["wins"][seat]) for seat, s in r["scores"].items()]
    if "team" in r:  # Solitaria's team play: the team's score is the middle of the partners'
        lines.append(row("team", r["team"], sum(r["team_wins"].values())))
    if "contrarius" in r:
        lines.append(row("Contrarius", r["contrarius"], r["wins"]["Contrarius"]))
        lines.append(f"{'team' if 'team' in r else 'player' if r['players'] == 1 else 'seat 1'} win rate: "
                     f"{r['win_rate'] * 100:.1f}%")
    elif "team_wins" in r:
        lines.append("wins by team: " + ", ".join(f"{name} {n}" for name, n in r["team_wins"].items()))
    return "\n".join(lines)
