"""The games of the training tool (``tools/train_advantage.py``): the bots of a model, one game played with them,
and one game branched at a turn (the module's doc there says what a branch is)."""
from __future__ import annotations

import random
import time
from typing import Any

from training_files import options_of

from sestertius import Game
from sestertius.bots.learned.model import LearnedEvaluator, ValueModel, seat_rows
from sestertius.bots.search import Evaluator, SearchBot

Task = tuple[str, int, dict[str, Any], str, int, int]


def margin_of(game: Game, automaton: int | None) -> float:
    scores = [s["total"] for s in game.scores()]
    if automaton is None:
        return float(scores[0] - max(scores[1:]))
    result = game.result()
    return float(result.get("team", result.get("player", scores[0])) - result["contrarius"])


def step(game: Game, bots: dict[int, SearchBot]) -> None:
    """One decision, in place: the only one open, or the bot's of the seat to act."""
    legal = game.legal_actions()
    if len(legal) == 1:
        game.apply_unchecked(legal[0])
        return
    who = game.to_act()
    assert who is not None and who in bots
    game.apply_unchecked(bots[who].choose(game, legal))


def play_out(game: Game, bots: dict[int, SearchBot], until_turn: int | None = None) -> None:
    """Play on, in place: to the end of the game, or (``until_turn``) until that turn has ended."""
    while not game.is_over and game.state.turn < 1000:
        if until_turn is not None and game.state.turn != until_turn:
            return
        step(game, bots)


def bots_for(game: Game, seed: int, level: str, model: ValueModel) -> dict[int, SearchBot]:
    """The search bots of every player's seat (seeded as in ``benchmarks/bot_strength.py``), the model judging the
    ends of turns (the positions it was fitted to; the steps inside a turn keep the hand-made estimate)."""
    automaton = game.state.rules.mode.automaton(game.state)
    bots = {}
    for seat in range(game.state.n):
        if seat != automaton:
            # the hand model: the estimate itself judges the ends (not the judge a level may name), one evaluator
            # as a level without a judge has (the work its budget counts is the same)
            ev = Evaluator()
            bots[seat] = SearchBot(seed * 97 + seat, level, evaluator=ev,
                                   ends=LearnedEvaluator(model) if model.roles else ev)
    return bots


def play(task: tuple[Any, ...]) -> dict[str, Any]:
    """One game of the bots with the model; its result as ``benchmarks/bot_strength.py`` writes it. With a fifth
    item, a game without Contrarius is a duel: the model's bot in the seat of the sixth item (else ``seed mod
    players``), the other seats' bots judged by that opponent model, and the result the model's seat's."""
    cell, seed, model_json, level = task[:4]
    model = ValueModel.from_json(model_json)
    game = Game.new(options_of(cell), seed=seed)
    automaton = game.state.rules.mode.automaton(game.state)
    bots = bots_for(game, seed, level, model)
    me = 0
    if len(task) > 4 and automaton is None:
        me = task[5] if len(task) > 5 else seed % game.state.n
        bots = {s: b for s, b in bots_for(game, seed, level, ValueModel.from_json(task[4])).items() if s != me}
        bots[me] = bots_for(game, seed, level, model)[me]
    start = time.process_time()
    play_out(game, bots)
    scores = [s["total"] for s in game.scores()]
    if automaton is not None:
        result = game.result()
        win, score = game.ranking()[0] != automaton, result.get("team", result.get("player", scores[0]))
        margin = margin_of(game, automaton)
    else:
        win, score = game.ranking()[0] == me, scores[me]
        margin = float(score - max(x for s, x in enumerate(scores) if s != me))
    out = {"cell": cell, "seed": seed, "win": win, "margin": margin, "score": score, "over": game.is_over,
           "seconds": round(time.process_time() - start, 3), "model": model.version}
    if len(task) > 4:
        out.update(seat=me, against=ValueModel.from_json(task[4]).version)
    return out


def branch_point(task: Task) -> tuple[Game, list[Any], list[int], int, Any]:
    """The game of ``task`` played to a random turn of the first player: that position, the search's lines there
    (best first), the ranks picked to branch (the best and ``alternatives`` of the ``top``), the turn's number among
    the player's, and a function that makes the game's bots afresh (their seeds, their caches empty)."""
    cell, seed, model_json, level, alternatives, top = task
    model = ValueModel.from_json(model_json)
    rng = random.Random(seed)
    game = Game.new(options_of(cell), seed=seed)

    def new_bots() -> dict[int, SearchBot]:
        return bots_for(game, seed, level, model)

    bots = new_bots()
    target = rng.randrange(28)
    seen, last = 0, None
    while not game.is_over:
        now = game.current_step()
        if now is not None and now[0] == "turn" and game.to_act() == 0:
            last = game.copy()
            if seen == target:
                break
            seen += 1
        step(game, bots)
    assert last is not None  # a game has a first turn
    at = last  # the branched turn (the last one reached, if the game ended before the one drawn)
    lines = bots[0].search(at, 0)
    n = min(top, len(lines))
    picks = [0, *sorted(rng.sample(range(1, n), min(alternatives, n - 1)))]
    return at, lines, picks, seen, new_bots


def branch(task: Task, records: bool = False) -> dict[str, Any]:
    """One game played to a random turn of the first player, branched there (see the training tool's doc); with
    ``records``, each branch's whole game as its record too."""
    start = time.process_time()
    at, lines, picks, seen, new_bots = branch_point(task)
    automaton = at.state.rules.mode.automaton(at.state)
    branches = []
    for rank in picks:
        g = at.copy()
        g.apply_unchecked(lines[rank].action)
        bots = new_bots()  # the same bots as the game's (their seeds), their caches empty
        play_out(g, bots, until_turn=at.state.turn)
        rows = [(role, [round(v, 4) for v in x]) for role, x in seat_rows(g.state)]
        play_out(g, bots)
        branches.append({"rank": rank, "action": list(lines[rank].action), "value": round(lines[rank].value, 3),
                         "rows": rows, "margin": margin_of(g, automaton), "over": g.is_over})
        if records:
            branches[-1]["record"] = g.record()
    return {"cell": task[0], "seed": task[1], "turn": seen, "model": ValueModel.from_json(task[2]).version,
            "n_legal": len(lines), "branches": branches, "seconds": round(time.process_time() - start, 2)}
