"""Replays of finished games: every decision of the record, chance outcomes (dice, volcano tiles) included, taken
from the record, in every mode and on every board."""
from __future__ import annotations

import random

import pytest

from sestertius import CHANCE, Game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def finished_game(client, body):
    """A game of these options played to its end through the service (persons decide at random, preferring to build,
    buy and place colonists; chance entered by hand is picked at random); returns its id and its record."""
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    g = r.json()
    service = client.app.state.service
    live = service.get(g["id"])
    rng = random.Random(7)
    for _ in range(20000):
        assert service.bots.idle(timeout=120)  # the bots decide in the background
        game = live.game
        if game.is_over:
            break
        to_act = game.to_act()
        legal = game.legal_actions()
        useful = [a for a in legal if a[0] in ("build", "card", "place")]
        seat = service.dice_seat(live) if to_act == CHANCE else to_act
        service.act(live, seat, list(rng.choice(useful or legal)))
    else:
        raise AssertionError("the game did not end")
    rec = client.get(f"/api/games/{g['id']}/record").json()
    return g["id"], rec


def people(n, people=1):
    return [{"kind": "hotseat"} if i < people else {"kind": "bot", "bot": "random"} for i in range(n)]


GAMES = {
    "solo-italia": {"mode": "solo", "board": "italia"},
    "solo-italia-dice": {"mode": "solo", "board": "italia", "manual_dice": True},
    "solo-sicilia": {"mode": "solo", "board": "sicilia", "difficulty": "expert"},
    "solo-roma": {"mode": "solo", "board": "roma"},
    "solo-imperium-fish": {"mode": "solo", "board": "imperium", "fish_market": "coastal"},
    "contrarius-third": {"mode": "solo", "players": 2, "board": "hellas", "seats": people(2)},
    "coop-team-dice": {"mode": "team", "players": 2, "board": "cyprus", "manual_dice": True, "seats": people(2, 2)},
    "sicilia": {"board": "sicilia", "seats": people(3)},
    "sicilia-tiles": {"board": "sicilia", "manual_dice": True, "seats": people(2)},
    "balearica": {"board": "balearica", "seats": people(3)},
    "roma": {"board": "roma", "seats": people(2)},
    "ionium-fish": {"board": "ionium", "players": 4, "fish_market": "mountain", "seats": people(4)},
    "venus-team": {"mode": "team", "board": "imperium", "venus": True, "seats": people(4)},
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_replay_takes_every_outcome_from_the_record(client, name):
    gid, rec = finished_game(client, {"seed": 13, **GAMES[name]})
    total = len(rec["actions"])
    chance = [i for i, d in enumerate(rec["deciders"]) if d == CHANCE]
    if name.startswith(("solo", "contrarius", "coop", "sicilia")):
        assert chance, "a game of this kind has chance outcomes"
    # steps from the start to the end, in order (the service replays on from where it was): right before and after
    # each chance outcome the view is the record's own position
    check = {0, total, *chance, *(i + 1 for i in chance)}
    for k in sorted(check | set(range(0, total, 23))):
        r = client.get(f"/api/games/{gid}/replay", params={"step": k})
        assert r.status_code == 200, (k, r.text)
        rp = r.json()
        assert rp["step"] == k and rp["total"] == total and rp["view"]["decisions"] == k
        if k < total:
            assert rp["next"]["action"] == rec["actions"][k] and rp["next"]["decider"] == rec["deciders"][k]
        if k in check:
            expected = Game.from_record(rec, upto=k).view(None)
            assert rp["view"]["players"] == expected["players"] and rp["view"]["events"] == expected["events"], k
    end = client.get(f"/api/games/{gid}/replay", params={"step": total}).json()
    assert end["next"] is None and end["view"]["scores"] == Game.from_record(rec).scores()
    # jumping backwards and forwards (a fresh replay, not the cached one) gives the same positions
    for k in (chance[len(chance) // 2] + 1 if chance else total // 2, 1, total):
        rp = client.get(f"/api/games/{gid}/replay", params={"step": k}).json()
        assert rp["view"]["players"] == Game.from_record(rec, upto=k).view(None)["players"]
