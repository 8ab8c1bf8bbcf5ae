"""The rulesets against Contrarius: solo play (``SoloRuleset``), Contrarius as a third player with two players
(``ThirdPlayerRuleset``) and the cooperative team play (``TeamSoloRuleset``); the engine's hooks, answered by
Contrarius' rules."""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.catalog import Card
from sestertius.data.solitaria import SoloData
from sestertius.rules.modes.base import Ruleset
from sestertius.rules.modes.solitaria.contrarius import (
    PLAYER,
    con,
    cseat,
    data,
    face_up_index,
    face_up_target,
    humans,
    last_card_after_its_end,
    part,
    say,
    summary,
    total,
)
from sestertius.rules.modes.solitaria.fish import fish_points, take_paid_fish
from sestertius.rules.modes.solitaria.setup import set_up
from sestertius.rules.modes.solitaria.steps import STEPS
from sestertius.rules.modes.solitaria.words import die_view
from sestertius.rules.modes.team import TeamRuleset, team_funds, team_perform, team_spend
from sestertius.rules.state import AUTOMATON, NOBODY, GameState
from sestertius.rules.turn import effective_top


def face_up_targets(s: GameState, refused: tuple[str, ...]) -> list[tuple[int, str]]:
    """Contrarius' face-up cards a Diplomat may copy (one target per distinct card; not the actions ``refused``)."""
    out: list[tuple[int, str]] = []
    seen: set[str] = set()
    for i, key in enumerate(con(s).hand):
        if key not in seen and s.cat.cards[key].action not in refused:
            seen.add(key)
            out.append((face_up_target(i), key))
    return out


TEAM_PLAY: Final = TeamRuleset()  # team.py's rules where they do not depend on the seats (the partner's step)


class SoloRuleset(Ruleset):
    name = "solo"
    title = "Solitaria"
    steps = STEPS

    def automaton(self, s: GameState) -> int:
        return cseat(s)

    def automaton_track(self, s: GameState) -> tuple[int, ...]:
        return tuple(s.parts["contrarius"].track)

    def setup(self, s: GameState) -> None:
        set_up(s, self)

    # -- what the modes against Contrarius set up differently ------------------------------------------------------
    def config(self, d: SoloData) -> dict[str, Any] | None:
        """The two-player modes' own section of solitaria.toml (stacks, money and hand per seat); None in solo."""
        return None

    def pm_start(self, d: SoloData) -> int:
        return NOBODY  # the Praefectus Magnus is a card of the player's hand here, not a token

    def setup_extra(self, s: GameState, d: SoloData) -> None:
        pass

    def reaction(self, d: SoloData, key: str) -> dict[str, Any] | None:
        """Contrarius' reaction to a card (data: [card_reactions] by card, else [reactions] by action)."""
        return d.reaction(key)

    def whose(self, s: GameState) -> str:
        return "your"

    # -- hooks ------------------------------------------------------------------------------------------------
    def after_card(self, s: GameState, seat: int, card: Card) -> None:
        if last_card_after_its_end(s):
            say(s, "does not react to your last card: it ended the game")
            return
        s.pending.append(("contrarius_react", AUTOMATON))

    def pm_bonus(self, s: GameState, seat: int) -> bool:
        performed = s.turn_info.performed
        return bool(performed) and seat == PLAYER and performed[-1] in data(s).double_bonus

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """Contrarius' face-up cards (not a Diplomat), as targets FACE_UP, FACE_UP - 1, ... (one per distinct
        card)."""
        return face_up_targets(s, ("diplomat", "magister")) if seat == PLAYER else []

    def copy_done(self, s: GameState, seat: int, target: int) -> None:
        p = con(s)
        key = p.hand.pop(face_up_index(target))
        p.pile.append(key)
        say(s, f"flips its {s.cat.cards[key].title} face down: it cannot be copied again", card=key)

    def on_end_trigger(self, s: GameState, seat: int) -> None:
        if s.concordia != NOBODY:
            return
        s.concordia = seat
        if seat == cseat(s):
            s.final_turns = 2  # this turn, then one last card of the player without reaction
            s.log("concordia", seat, "takes the Concordia card and ends the game: you play one last card, without "
                                     "reaction")  # the entry's seat is its subject
        else:
            s.final_turns = 1  # the game ends with Contrarius' reaction to this card
            s.log("concordia", seat, "takes the Concordia card and ends the game: Contrarius reacts one last time")

    def next_seat(self, s: GameState, seat: int) -> int:
        return PLAYER

    def receives_goods(self, s: GameState, seat: int) -> bool:
        return seat != cseat(s)

    def fish_paid(self, s: GameState, seat: int, n: int) -> None:
        """Fish market: the fish a player pays go to Contrarius instead of the supply."""
        if n:
            take_paid_fish(s, seat, n)

    def final_extras(self, s: GameState, seat: int) -> dict[str, int]:
        if seat == cseat(s):  # Contrarius starts with none
            return {"starting points": 0, **({"fish": fish_points(s)} if s.rules.uses("fish_market") else {})}
        # a player's points from play hold the points the game started with: shown apart, the total unchanged (the
        # greedy bot scores every candidate: kept cheap)
        start = s.options.start_vp
        if start is None:
            start = data(s).difficulty[part(s).difficulty]["start_vp"]
        return {"during play": s.players[seat].vp - start, "starting points": start}

    def ranking(self, s: GameState) -> list[int]:
        """The player and Contrarius by total points; a tie goes to the holder of the Concordia card."""
        seats = (PLAYER, cseat(s))
        totals = {seat: total(s, seat) for seat in seats}
        return sorted(seats, key=lambda seat: (-totals[seat], s.concordia != seat))

    def result(self, s: GameState) -> dict[str, float]:
        return {"contrarius": total(s, cseat(s)), "player": total(s, PLAYER)}

    def public(self, s: GameState) -> dict[str, Any]:
        die = die_view(s)
        return {**summary(s), "die": die} if die else summary(s)


# ------------------------------------------------------------------------------------------------------------
# Two players against Contrarius
# ------------------------------------------------------------------------------------------------------------
class ThirdPlayerRuleset(SoloRuleset):
    """Contrarius as a third player in a two-player game (solitaria-solo.txt, last section): seat 0 (the starting
    player) plays the base cards without reaction, seat 1 the Solitaria cards, and Contrarius (seat 2) reacts to each
    card of seat 1. Praefectus Magnus passes between the two players; the Diplomat copies the other player; each
    player has one veto card (re-roll a die of Contrarius once per game)."""
    name = "solo_third"
    title = "Solitaria, Contrarius as a third player"

    def config(self, d: SoloData) -> dict[str, Any] | None:
        return d.third

    def pm_start(self, d: SoloData) -> int:
        return int(d.third.get("pm_start", 1))

    def setup_extra(self, s: GameState, d: SoloData) -> None:
        part(s).veto = [int(d.third.get("veto_cards", 1))] * s.options.players

    def reaction(self, d: SoloData, key: str) -> dict[str, Any] | None:
        if key in d.third.get("regular_cards", ()):  # the Prefect with PM is a regular Prefect here
            return d.reactions.get(d.catalog.cards[key].action)
        return d.reaction(key)

    def whose(self, s: GameState) -> str:
        return f"seat {(1 if s.turn_info.seat is None else s.turn_info.seat) + 1}'s"  # a page names the seat

    def after_card(self, s: GameState, seat: int, card: Card) -> None:
        if seat not in data(s).third.get("reacting_seats", (1,)):
            return  # the starting player's cards never cause a reaction, bought cards included
        if last_card_after_its_end(s):
            say(s, f"does not react to seat {seat + 1}'s last card: it ended the game")
            return
        s.pending.append(("contrarius_react", AUTOMATON))

    def pm_bonus(self, s: GameState, seat: int) -> bool:
        return s.pm == seat  # the token; the Prefect with PM card is a regular Prefect

    def pm_next(self, s: GameState, seat: int) -> int:
        return 1 - seat  # it circulates between the two players only (so does Praefectus Piscatus: A-TWO-FISH)

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """Regular Concordia: the top of the other player's pile (never Contrarius)."""
        if seat not in humans(s):
            return []
        other = 1 - seat
        card = effective_top(s, s.players[other].pile)
        return [] if card is None else [(other, card)]

    def copy_done(self, s: GameState, seat: int, target: int) -> None:
        pass

    def on_end_trigger(self, s: GameState, seat: int) -> None:
        if s.concordia != NOBODY:
            return
        s.concordia = seat
        if seat == cseat(s):
            s.final_turns = 3  # this turn, then one last card of each player, without reaction (A-THIRD-END)
            s.log("concordia", seat, "takes the Concordia card and ends the game: each player plays one last card, "
                                     "without reaction")
        else:
            s.final_turns = 2  # this turn and one more turn of the other player (regular Concordia)
            s.log("concordia", seat, "takes the Concordia card and ends the game: the other player has one more "
                                     "turn")

    def next_seat(self, s: GameState, seat: int) -> int:
        return 1 - seat

    def ranking(self, s: GameState) -> list[int]:
        """Both players and Contrarius by total points; a tie goes to the holder of the Concordia card, then to the
        holder of Praefectus Magnus."""
        seats = (*humans(s), cseat(s))
        totals = {seat: total(s, seat) for seat in seats}
        return sorted(seats, key=lambda seat: (-totals[seat], s.concordia != seat, s.pm != seat, seat))

    def result(self, s: GameState) -> dict[str, float]:
        return {"contrarius": total(s, cseat(s)), **{f"player {seat + 1}": total(s, seat) for seat in humans(s)}}


class TeamSoloRuleset(SoloRuleset):
    """Cooperative team play against Contrarius (solitaria-team.txt): seats 0 and 1 are a team, Contrarius is seat 2.
    Each card is performed by the active player, then by the partner (team.py's steps); Contrarius reacts to the
    first action only. The team scores the middle of the partners' scores."""
    name = "solo_team"
    title = "Solitaria team play"
    partner_copies_same = True  # the partner of a Diplomat copies the same card of Contrarius
    # the fish market: each partner uses it right before carrying out the card, as in Venus team play (A-TWO-FISH)
    partners_perform = True
    steps = STEPS + TeamRuleset.steps  # the partner performs, and plays for a Legatus or Proconsul

    def config(self, d: SoloData) -> dict[str, Any] | None:
        return d.team

    # -- the team (team.py's rules, with seat 2 being Contrarius) --------------------------------------------------
    def partner(self, s: GameState, seat: int) -> int | None:
        return 1 - seat if seat in humans(s) else None

    # team play's sestertii and performances (calls, not aliases: a compiled class takes no borrowed methods)
    def funds(self, s: GameState, seat: int) -> int:
        return team_funds(self, s, seat)

    def spend(self, s: GameState, seat: int, amount: int) -> None:
        team_spend(self, s, seat, amount)

    def perform(self, s: GameState, seat: int, card: Card) -> None:
        team_perform(self, s, seat, card)

    def venus_with(self, s: GameState, seat: int) -> tuple[int, ...] | None:
        if seat == cseat(s):
            return tuple(humans(s))  # Contrarius: 1 VP per province where it and one of you have a house
        return (1 - seat,)

    def after_card(self, s: GameState, seat: int, card: Card) -> None:
        if last_card_after_its_end(s):
            say(s, "does not react to your last card: it ended the game")
        else:
            s.pending.append(("contrarius_react", AUTOMATON))  # after both partners acted
        TEAM_PLAY.after_card(s, seat, card)  # the partner performs the card (not Legatus, Proconsul)

    def before_partner(self, s: GameState) -> None:
        """Keep what the first action did: Contrarius reacts to it, not to the partner's."""
        ti = s.turn_info
        if ti.first is None:
            ti.first = ti.copy()

    def pm_bonus(self, s: GameState, seat: int) -> bool:
        """The Prefect with Praefectus Magnus: a double bonus for its owner (who played it), not for the partner
        performing it too (A-TEAM-PM)."""
        performed = s.turn_info.performed
        if not performed or performed[-1] not in data(s).team.get("double_bonus", ()):
            return False
        pile = s.players[seat].pile
        return bool(pile) and pile[-1] == performed[-1]

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """A face-up card of Contrarius, not a Diplomat nor a card that brings in the partner (A-TEAM-DIPLOMAT)."""
        if seat == cseat(s):
            return []
        return face_up_targets(s, ("diplomat", "magister", "legatus", "proconsul"))

    def next_seat(self, s: GameState, seat: int) -> int:
        return 1 - seat

    def ranking(self, s: GameState) -> list[int]:
        """The team (both seats, the better first) against Contrarius: the team's score is the middle of its two
        scores; a tie goes to the holder of the Concordia card."""
        c = cseat(s)
        a, b = (total(s, seat) for seat in humans(s))
        contra = total(s, c)
        team = [0, 1] if a >= b else [1, 0]
        team_first = a + b > 2 * contra or (a + b == 2 * contra and s.concordia != c)
        return team + [c] if team_first else [c] + team

    def result(self, s: GameState) -> dict[str, float]:
        """Contrarius, each partner, and the team: the middle of the partners' scores."""
        a, b = (total(s, seat) for seat in humans(s))
        return {"contrarius": total(s, cseat(s)), "player 1": a, "player 2": b, "team": (a + b) / 2}
