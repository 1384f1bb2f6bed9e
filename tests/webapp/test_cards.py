"""The Fortune Teller card on the pages: the picker's data in the page's language, and draw one for us."""

from .conftest import Phone


def test_the_host_names_the_turned_up_card_and_the_view_shows_its_text(host):
    assert "B10" in host.view()["cards_available"]
    assert host.host({"kind": "fortune", "card": "B10"}).status_code == 200
    view = host.view()
    assert view["card"] == {"id": "B10", "kind": "blue", "name": "Pumpkin Patch Party",
                            "text": "This round every orange chip moves 1 space further than its value."}
    assert view["phase"] == "brewing" and view["cards_available"] == []


def test_a_card_the_deck_does_not_hold_is_refused_with_its_reason(host):
    reply = host.host({"kind": "fortune", "card": "AP01"})
    assert reply.status_code == 400 and reply.get_json()["error"] == "not_in_deck"
    assert "The Alchemists" in reply.get_json()["message"] and host.view()["fortune"] is None


def test_choose_wisely_in_round_1_is_played_with_the_droplet_alone(host):
    """No purple chip before round 3, so each droplet moves its 2 spaces without a question."""
    assert host.host({"kind": "fortune", "card": "P09"}).status_code == 200
    view = host.view()
    assert view["fortune"] == "P09" and view["phase"] == "brewing"
    assert [seat["droplet"] for seat in view["seats"]] == [2] * len(view["seats"])


def test_draw_one_for_us_records_an_unused_card(host):
    reply = host.post("/api/host/card", {})
    assert reply.status_code == 200
    card = reply.get_json()["card"]
    assert host.view()["fortune"] == card and host.view()["cards_used"] == [card]
    again = host.post("/api/host/card", {})
    assert again.status_code == 409 and again.get_json()["error"] == "no_card_to_draw"


def test_only_the_host_draws_a_card(app):
    guest = Phone(app)
    assert guest.post("/api/host/card", {}).status_code == 403
    assert guest.view()["fortune"] is None


def test_the_picker_lists_the_cards_in_the_page_language(host):
    phone = host  # the table screen is the host's tablet
    english = phone.client.get("/table", follow_redirects=True).get_data(as_text=True)
    assert 'id="cardpicker"' in english and "Living in Luxury" in english and "Draw one for us" in english
    assert "Flask Rabbit" in english  # a later printing's title finds Magic Potion too
    phone.client.get("/lang/es?next=/table")
    spanish = phone.client.get("/table", follow_redirects=True).get_data(as_text=True)
    assert "Vivir a lo grande" in spanish and "Plaga de ratas" in spanish and "Saca una por nosotros" in spanish


def test_the_table_screen_turns_the_card_and_a_garbled_request_changes_nothing(app):
    """The tablet at the table enters the card the group turned up; a request without a card, with a
    list, or naming no card of the deck is refused with its reason and the round still waits."""
    table = Phone(app)
    table.open_table()
    for body, error in (({}, "bad_field"), ({"card": ["P01"]}, "bad_field"), ({"card": 7}, "bad_field"),
                        ({"card": "ZZ99"}, "no_such_card")):
        reply = table.post("/api/table/card", body)
        assert (reply.status_code, reply.get_json()["error"]) == (400, error), body
    assert table.view()["fortune"] is None and table.view()["phase"] == "fortune"
    phone = Phone(app)
    assert phone.post("/api/table/card", {"card": "B10"}).status_code == 403, "a seat's phone does not turn it"
    assert table.post("/api/table/card", {"card": "B10"}).status_code == 200
    assert table.view()["fortune"] == "B10" and table.view()["phase"] == "brewing"
