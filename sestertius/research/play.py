"""What the research interfaces share: the options of a game, the seats that agents play, who won, the rewards, and
:func:`play_game`, the one way simulations (``concordia simulate``, tournaments, :mod:`sestertius.research.parallel`)
play a game with bots. Only the engine's public interface is used (``Game``, ``legal_actions``, ``apply``, ``view``,
``scores``, ``ranking``)."""
from __future__ import annotations

from typing import Any

from sestertius import Game, GameOptions, check_options
from sestertius.bots import load_bot
from sestertius.research.actions import encode

REWARDS = ("win", "score", "margin")
MAX_DECISIONS = 10_000  # a game is cut off (truncated) after this many decisions: agents can stall a game forever
MAX_TURNS = 3000  # a guard for simulations: weak bots can hold a game forever (nobody builds or buys)


def play_game(options: GameOptions, seed: int, bots: list[str], max_turns: int = MAX_TURNS) -> Game:
    """Play one game to its end, or stop it after ``max_turns`` turns (then ``game.is_over`` is False).
    ``bots`` names one bot per seat (or one for all): names of ``BOTS`` or ``module:factory`` (``load_bot``)."""
    game = Game.new(options, seed=seed)
    seats = max(options.players, 1)
    names = bots if len(bots) == seats else [bots[0]] * seats
    players = [load_bot(name)(seed * 31 + i) for i, name in enumerate(names)]
    while not game.is_over and game.state.turn < max_turns:
        legal = game.legal_actions()
        seat = game.to_act()
        assert seat is not None and seat >= 0  # chance and the automaton are resolved inside the engine
        action = legal[0] if len(legal) == 1 else players[seat].choose(game, legal)
        game.apply_unchecked(action)
    return game


def game_options(options: GameOptions | dict[str, Any] | None) -> GameOptions:
    """Checked options (dice are always sampled by the engine: ``manual_dice`` is refused)."""
    if options is None:
        opts = GameOptions().validate()
    elif isinstance(options, GameOptions):
        opts = options.validate()
    else:
        opts = GameOptions.from_dict(dict(options))
    if opts.manual_dice:
        raise ValueError("manual_dice does not apply: the environments sample every chance outcome")
    why = check_options(opts.to_dict())
    if why is not None:
        raise ValueError(why)
    return opts


def agent_seats(options: GameOptions) -> list[int]:
    """The seats that decide: one per player of the options (Contrarius, the automaton, is the seat after them)."""
    return list(range(max(options.players, 1)))


def winning_seats(game: Game) -> set[int]:
    """The winner's seat and, in team play, their partner's (Contrarius' seat when it wins)."""
    winner = game.ranking()[0]
    partner = game.state.rules.mode.partner(game.state, winner)  # (as the view shows it, without making a view)
    return {winner} if partner is None else {winner, partner}


def final_reward(game: Game, seat: int, reward: str) -> float:
    """``win``: +1 for the winning side, -1 for every other seat. ``score``, ``margin``: 0 (their rewards came
    during play)."""
    if reward == "win":
        return 1.0 if seat in winning_seats(game) else -1.0
    return 0.0


def own_scores(game: Game, seats: list[int], reward: str = "score") -> list[float]:
    """What the dense rewards follow, in hundreds of VP, for each seat if the game ended now: ``score``, the seat's
    own score; ``margin``, its score minus the best score of the seats not on its side (rewards are the changes)."""
    totals = [s["total"] for s in game.scores()]
    if reward != "margin":
        return [float(totals[seat]) / 100.0 for seat in seats]
    partners = [p["partner"] for p in game.view(None)["players"]]
    out = []
    for seat in seats:
        others = [t for i, t in enumerate(totals) if i != seat and i != partners[seat]]
        out.append(float(totals[seat] - max(others, default=0)) / 100.0)
    return out


def legal_ids(game: Game) -> list[int]:
    return sorted(encode(a) for a in game.legal_actions())


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward
