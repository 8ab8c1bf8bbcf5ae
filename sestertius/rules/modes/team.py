"""Concordia Venus team play: 4 or 6 players in teams of two, partners sitting opposite.

The active player plays a card and performs it, then the partner performs the same card (for a double card, the
other half). The Legatus makes the partner play a card that both perform, the partner first; the Proconsul buys
one card and then lets the partner play a card for themselves only; each player plays at most one card per turn,
so such a call on a partner who played already lapses (A-TEAM-ONE-CARD). The partner performing a Diplomat copies
another pile: in one turn the team never copies one pile twice (A-TEAM-DIPLOMAT-COPIES). Partners may use each
other's sestertii, never goods or cards. A team scores the sum of its partners; Venus scores 1 per province where
both partners have a house.
"""
from __future__ import annotations

from typing import Final

from sestertius.data.catalog import Card
from sestertius.rules.modes.base import Ruleset
from sestertius.rules.scoring import score_all
from sestertius.rules.state import AUTO, GameState
from sestertius.rules.steps import DECIDER, DONE, Action, Pending, Step, auto_step
from sestertius.rules.turn import carry_out, unplayable

# the fields of the steps (their records: TeamRuleset.steps below)
PARTNER_SEAT: Final = 2  # ("partner", AUTO, seat, card): the partner of the seat performs the seat's card
PARTNER_CARD: Final = 3
FOLLOW_SEAT: Final = 2  # ("follow", AUTO, seat, card): the Legatus player performs the card its partner played
FOLLOW_CARD: Final = 3
LEGATUS_SEAT: Final = 2  # ("legatus", partner, seat): the partner of the Legatus player chooses the card


# Team play's sestertii and the Legatus and Proconsul, as functions of the mode: Solitaria's team play (solitaria/
# rulesets.py) is no TeamRuleset but plays them the same way with its own partners.
def team_funds(mode: Ruleset, s: GameState, seat: int) -> int:
    partner = mode.partner(s, seat)
    return s.players[seat].money + (s.players[partner].money if partner is not None else 0)


def team_spend(mode: Ruleset, s: GameState, seat: int, amount: int) -> None:
    p = s.players[seat]
    own = min(p.money, amount)
    p.money -= own
    partner = mode.partner(s, seat)
    if amount > own and partner is not None:
        s.players[partner].money -= amount - own


def team_perform(mode: Ruleset, s: GameState, seat: int, card: Card) -> None:
    """The Legatus and the Proconsul. Their call on the partner to play a card is answered only by a partner
    who has not played a card this turn (A-TEAM-ONE-CARD); otherwise that part lapses (a Proconsul still buys).
    """
    partner = mode.partner(s, seat)
    assert partner is not None  # team play's modes have partners
    if card.action == "legatus":
        if may_play(s, partner):
            s.pending.append(("legatus", partner, seat))
        else:
            s.log("partner", partner, f"{card.title}: the partner has played a card this turn already, so it "
                                      f"plays no other: nothing happens")
    elif card.action == "proconsul":
        if may_play(s, partner):
            s.pending.append(("partner_play", partner))
        else:
            s.log("partner", partner, f"{card.title}: the partner has played a card this turn already, so it "
                                      f"plays no other: only the purchase")
        s.pending.append(("buy", seat, 1, 0))  # buy one card at its own cost first
    else:  # pragma: no cover - the catalogue only has these two team actions
        Ruleset.perform(mode, s, seat, card)


class TeamRuleset(Ruleset):
    name = "team"
    partners_perform = True

    def partner(self, s: GameState, seat: int) -> int:
        return (seat + s.n // 2) % s.n

    def setup(self, s: GameState) -> None:
        half = s.n // 2
        team_money = s.cat.raw["components"]["team"]["money"]
        for seat, p in enumerate(s.players):
            first = seat < half
            p.hand = list(s.cat.hands["team_first" if first else "team_second"])
            p.money = team_money[seat] if first else 0  # one purse per team, held by its first player
        for seat in reversed(range(half, s.n)):  # second-half seats choose where their colonists start
            s.pending.append(("start_city", seat))

    # -- money: a partner's sestertii may be taken when needed ------------------------------------------------
    def funds(self, s: GameState, seat: int) -> int:
        return team_funds(self, s, seat)

    def spend(self, s: GameState, seat: int, amount: int) -> None:
        team_spend(self, s, seat, amount)

    # -- the partner's part of every card ---------------------------------------------------------------------
    def after_card(self, s: GameState, seat: int, card: Card) -> None:
        if card.action not in ("legatus", "proconsul"):  # those two involve the partner in their own way
            s.pending.append(("partner", AUTO, seat, card.key))

    def perform(self, s: GameState, seat: int, card: Card) -> None:
        team_perform(self, s, seat, card)

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """Another player's pile, never the partner's, nor a pile a Diplomat copied this turn (partners never copy
        the same card; A-TEAM-DIPLOMAT-COPIES)."""
        partner = self.partner(s, seat)
        taken = s.turn_info.copied_from
        return [(t, key) for t, key in super().diplomat_targets(s, seat) if t != partner and t not in taken]

    def copy_done(self, s: GameState, seat: int, target: int) -> None:
        s.turn_info.copied_from += (target,)  # partners may not copy the same card in one turn

    def ranking(self, s: GameState) -> list[int]:
        half = s.n // 2
        totals = team_totals(s)
        teams = sorted(range(half), key=lambda t: (-totals[t], min((s.pm - m) % s.n for m in (t, t + half))))
        return [seat for t in teams for seat in (t, t + half)]


def may_play(s: GameState, seat: int) -> bool:
    """May ``seat`` play a card from its hand now, called on by a partner's Legatus or Proconsul? Each player plays at
    most one card per turn (A-TEAM-ONE-CARD): the active player has played the turn's card, the partner one card
    when a Legatus or Proconsul called on it already."""
    ti = s.turn_info
    return seat != ti.seat and ti.partner_card is None


def team_totals(s: GameState) -> list[int]:
    half = s.n // 2
    scores = score_all(s)
    return [scores[t]["total"] + scores[t + half]["total"] for t in range(half)]


def _second_half(key: str, s: GameState) -> str | None:
    """The card a follower performs: the same card, or for a double card the half not chosen (Solitaria's team play:
    for a Diplomat, the card the Diplomat copied)."""
    card = s.cat.cards[key]
    if card.action == "double":
        return card.halves[1 - (s.turn_info.half_index or 0)]
    if card.action == "diplomat" and s.rules.mode.partner_copies_same:
        copied = s.turn_info.copied
        return None if copied is None else _second_half(copied, s)
    return key


# -- steps --------------------------------------------------------------------------------------------------
def legal_start_city(s: GameState, st: Pending) -> list[Action]:
    cap = s.board.capital
    near = {c for r in s.board.routes for c in (r.a, r.b) if cap in (r.a, r.b)}
    return [("start", c) for c in s.board.buildable() if c not in near]


def apply_start_city(s: GameState, st: Pending, a: Action) -> None:
    seat, city = st[DECIDER], a[1]
    s.pending.pop()
    p = s.players[seat]
    assert s.board.capital is not None  # team play is refused on boards without a capital
    at_capital = s.R + s.board.capital
    p.col = [s.R + city if loc == at_capital else loc for loc in p.col]
    s.log("start", seat, f"starts with its colonists in {s.board.cities[city]}")


def apply_partner(s: GameState, st: Pending, a: Action) -> None:
    seat, key = st[PARTNER_SEAT], st[PARTNER_CARD]
    s.pending.pop()
    rs = s.rules.mode
    partner = rs.partner(s, seat)
    assert partner is not None  # a mode that pushes a partner's step has partners
    rs.before_partner(s)
    s.log("partner", partner, f"performs {s.cat.cards[key].title} as partner")
    carry_out(s, partner, _second_half(key, s))


def _partner_cards(s: GameState, seat: int) -> list[Action]:
    seen: list[str] = []
    for key in s.players[seat].hand:
        if key not in seen and s.cat.cards[key].action != "legatus" and unplayable(s, seat, key) is None:
            seen.append(key)
    return [("play", key) for key in seen]


def _partner_plays(s: GameState, seat: int, key: str) -> None:
    p = s.players[seat]
    p.hand.remove(key)
    p.pile.append(key)
    s.turn_info.partner_card = key  # Solitaria: Contrarius reacts to the card the partner played for a Legatus
    s.log("play", seat, f"plays {s.cat.cards[key].title} for the partner's card", card=key)


def legal_legatus(s: GameState, st: Pending) -> list[Action]:
    # a partner without a card they may play (only a Legatus left) plays nothing: the card has no effect
    return _partner_cards(s, st[DECIDER]) or [DONE]


def apply_legatus(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    if a[0] == "done":
        s.log("partner", st[DECIDER], "has no card to play for the Legatus: nothing happens")
        return
    partner, seat, key = st[DECIDER], st[LEGATUS_SEAT], a[1]
    _partner_plays(s, partner, key)
    s.pending.append(("follow", AUTO, seat, key))  # then the Legatus player performs it too
    carry_out(s, partner, key)


def apply_follow(s: GameState, st: Pending, a: Action) -> None:
    seat, key = st[FOLLOW_SEAT], st[FOLLOW_CARD]
    s.pending.pop()
    s.rules.mode.before_partner(s)
    carry_out(s, seat, _second_half(key, s))


def legal_partner_play(s: GameState, st: Pending) -> list[Action]:
    return _partner_cards(s, st[DECIDER]) or [DONE]


def apply_partner_play(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    if a[0] == "done":
        s.log("partner", st[DECIDER], "has no card to play for the Proconsul")
        return
    seat, key = st[DECIDER], a[1]
    _partner_plays(s, seat, key)
    carry_out(s, seat, key)


def words_play(s: GameState, a: Action) -> str:
    return f"play {s.cat.cards[a[1]].title}"


TeamRuleset.steps = (
    Step("start_city", "Team setup", legal_start_city, apply_start_city,
         prompt="Team play: choose the city where your colonists start."),
    auto_step("partner", "Partner", apply_partner, fields=("decider", "seat", "card")),
    auto_step("follow", "Legatus (follow)", apply_follow, fields=("decider", "seat", "card")),
    Step("legatus", "Legatus", legal_legatus, apply_legatus, fields=("partner", "seat"),
         prompt="Legatus: choose a card.",
         words={"play": words_play}),
    Step("partner_play", "Proconsul", legal_partner_play, apply_partner_play,
         prompt="Team play: a decision on your partner's turn.", words={"play": words_play}),
)
