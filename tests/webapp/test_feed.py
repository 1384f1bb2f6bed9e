"""The live feed: what the table screen and the phones show of each journal write, in words."""

from __future__ import annotations

import json
import re

from .conftest import Phone, feed_after


def draw(host: Phone, seat: int, chip: str) -> None:
    host.read(seat, chip)


def test_the_feed_narrates_each_draw_and_the_explosion(host):
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    for chip in ("white-3-01", "white-2-01", "white-2-02", "white-1-01"):
        draw(host, 0, chip)
    lines = [line for entry in feed_after(host, "table", 0) for line in entry["lines"]]
    assert "Ana: draws white 3 → space 3" in lines
    assert lines[-1] == "Ana: EXPLODES: whites 8 > 7"


def test_a_phone_gets_the_same_lines_and_corrections_are_named(host):
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    table = host.game.table
    draw(host, 1, next(c for c in table.state.seats[1].bag if c.startswith("orange")))
    table.void(table.seq)
    entries = feed_after(host, "seat:1", 1)
    assert entries[0]["lines"] == ["Ben: draws orange 1 → space 1"]
    assert entries[1]["lines"] == ["#3 void #2"]



def test_a_page_opened_mid_game_starts_with_the_journal_feed(host, phone):
    assert host.host({"kind": "fortune", "card": None}).status_code == 200
    for chip in ("white-3-01", "white-2-01"):
        draw(host, 0, chip)
    table = host.game.table
    table.void(table.seq)  # the white 2 no longer counts
    for url in (f"/table/{host.game.table_token}", f"/s/{host.token(1)}"):
        html = phone.client.get(url).get_data(as_text=True)
        feed = json.loads(re.search(r'<script type="application/json" id="feed">(.*?)</script>', html).group(1))
        assert feed["seq"] == table.seq
        assert "Ana: draws white 3 → space 3" in feed["lines"]
        assert not any("white 2" in line for line in feed["lines"]), "a voided draw is not in the feed"
