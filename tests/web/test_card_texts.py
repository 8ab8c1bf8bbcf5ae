"""Cards explain themselves: the catalog the browser gets holds every card's full text (the project's own words,
from data/card_texts.toml, its numbers from the card data) and, for the cards a player may play in Solitaria,
Contrarius' reaction (worded from the Solitaria reaction data)."""
from __future__ import annotations

from sestertius.data.solitaria import solo_data
from sestertius.web.routes.data import catalog_json


def test_every_card_has_its_full_text():
    cards = catalog_json()["cards"]
    missing = [k for k, c in cards.items() if not c["text"] or "{" in c["text"]]
    assert missing == []
    assert cards["mercator"]["text"].startswith(f"Take {cards['mercator']['money']} sestertii")
    assert "Each of your houses in a brick city produces one brick." == cards["mason"]["text"]
    assert cards["senator"]["text"].startswith("Buy up to 2 cards")


def test_solitaria_reactions_come_from_its_data():
    cards = catalog_json()["cards"]
    d = solo_data()
    assert cards["mason"]["reaction"] == f"Contrarius scores {d.reactions['specialist']['vp']} VP."
    assert cards["mason"]["reaction_short"] == f"{d.reactions['specialist']['vp']} VP"
    assert "blue Architect die" in cards["architect"]["reaction"] and cards["architect"]["reaction_short"] == \
        "takes a card (blue die)"
    # the Prefect with Praefectus Magnus has its own reaction: at least 2 VP when the player produced
    assert "at least 2" in cards["prefect_pm"]["reaction"] and "at least 1" in cards["prefect"]["reaction"]
    assert cards["diplomat_1"]["reaction"] == "Contrarius reacts as to the card you copied."
    assert cards["magister"]["reaction"] == "Contrarius does not react to this card."
    # Contrarius' own cards are never played by a player: no reaction
    assert all(cards[k]["reaction"] is None for k in d.contrarius_cards)
    assert not any("{" in (c["reaction"] or "") + (c["reaction_short"] or "") for c in cards.values())


def test_the_api_serves_them(client):
    cards = client.get("/api/catalog").json()["cards"]
    assert cards["tribune"]["text"] and cards["tribune"]["reaction"] and cards["tribune"]["reaction_short"]


def test_the_rules_page_is_served_without_outside_resources(client):
    r = client.get("/rules")
    assert r.status_code == 200 and "How to play" in r.text
    assert "http://" not in r.text and "https://" not in r.text
