"""Guessing the host PIN is useless: back-off per address and for the table, one answer everywhere."""

from __future__ import annotations

import logging
import stat

import pytest

from companion.config import ConfigError, parse_config
from companion.webapp import create_app
from companion.webapp.keys import Keys
from companion.webapp.lockout import PIN_TRIES_FILENAME
from tests.test_config import GOOD
from tests.webapp.tables import demo_table

from .conftest import PIN, Phone


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(app) -> Clock:
    clock = Clock()
    app.extensions["companion.pins"].clock = clock
    return clock


def from_address(app, address: str) -> Phone:
    phone = Phone(app)
    phone.client.environ_base["REMOTE_ADDR"] = address
    return phone


def login(phone: Phone, pin: str):
    return phone.post("/api/host/login", {"pin": pin})


def test_after_three_wrong_pins_an_address_waits_longer_each_time_even_with_the_right_pin(app, clock):
    guest = from_address(app, "192.168.1.50")
    for pin in ("000000", "111111", "222222"):
        assert login(guest, pin).get_json()["error"] == "bad_pin"
    refused = login(guest, PIN)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
    assert refused.get_json()["error"] == "pin_locked"
    assert guest.client.get("/api/view/host").status_code == 403, "the right PIN was not accepted while waiting"
    clock.now += 1
    assert login(guest, "333333").status_code == 403
    assert login(guest, PIN).headers["Retry-After"] == "2", "the wait doubles"
    clock.now += 2
    assert login(guest, PIN).status_code == 200
    assert guest.client.get("/api/view/host").status_code == 200


def test_eight_wrong_pins_lock_an_address_out_for_fifteen_minutes_and_warn_the_host(app, clock, host, caplog):
    guest = from_address(app, "192.168.1.51")
    with caplog.at_level(logging.WARNING):
        for n in range(8):  # waiting out each back-off (at most 16 s)
            clock.now += 60
            assert login(guest, f"{n:06d}").status_code == 403
    assert "8 wrong tries from 192.168.1.51" in caplog.text
    clock.now += 60
    assert login(guest, PIN).status_code == 429, "locked out: the right PIN does not help"
    panel = host.client.get("/api/view/host").get_json()["view"]["host"]
    assert panel["pins"]["locked"] == ["192.168.1.51"]
    clock.now += 900
    assert login(guest, PIN).status_code == 200


def test_many_addresses_share_one_limit_so_the_pin_space_takes_years(app, clock, caplog):
    with caplog.at_level(logging.WARNING):
        for n in range(30):
            assert login(from_address(app, f"10.0.{n}.1"), f"{n:06d}").status_code == 403
    assert "every PIN is refused" in caplog.text
    fresh = from_address(app, "10.1.0.1")
    refused = login(fresh, PIN)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) == 900
    # 30 tries per 15 minutes: the million 6-digit PINs need 500,000 tries on average, about 174 days.
    clock.now += 900
    assert login(fresh, PIN).status_code == 200


def test_a_wrong_pin_gets_the_same_answer_on_every_route_and_counts_towards_one_lockout(app, clock):
    guest = from_address(app, "127.0.0.1")
    by_link = guest.client.get("/host?pin=000000")
    by_form = login(guest, "000001")
    assert (by_link.status_code, by_link.get_json()) == (by_form.status_code, by_form.get_json())
    assert "Set-Cookie" not in by_link.headers
    guest.client.get("/host?pin=000002")
    assert guest.client.get(f"/host?pin={PIN}").status_code == 429


def test_the_pin_link_works_only_from_the_computer_itself(app, clock):
    lan = from_address(app, "192.168.1.60")
    refused = lan.client.get(f"/host?pin={PIN}")
    assert refused.status_code == 403 and refused.get_json()["error"] == "pin_link_loopback"
    assert lan.client.get("/api/view/host").status_code == 403
    here = from_address(app, "127.0.0.1")
    assert here.client.get(f"/host?pin={PIN}").status_code == 302
    assert here.client.get("/api/view/host").status_code == 200


def test_a_passphrase_in_the_config_replaces_the_pin_and_must_be_long():
    config = parse_config(GOOD.replace('port = 8123', 'port = 8123\npassphrase = "  three green pumpkins "'))
    assert config.passphrase == "three green pumpkins"
    with pytest.raises(ConfigError, match=r"web\.passphrase.*at least 12"):
        parse_config(GOOD.replace('port = 8123', 'port = 8123\npassphrase = "short"'))


def test_a_restart_forgives_no_wrong_pin(tmp_path, clock):
    """`quacks serve` keeps the wrong tries beside its links: restarting it over and over guesses nothing faster."""

    def serve():  # the server (re)started on the same data folder, as `quacks serve` is
        table, demo = demo_table(["Ana", "Ben"])
        app = create_app(table, host_pin=PIN, keys=Keys.kept_in(tmp_path), demo=demo, test_config={"TESTING": True})
        app.extensions["companion.pins"].clock = clock
        return app

    first = serve()
    guest = from_address(first, "192.168.1.70")
    for pin in ("000000", "111111", "222222"):
        assert login(guest, pin).status_code == 403
    for n in range(27):
        assert login(from_address(first, f"10.0.{n}.1"), f"{n:06d}").status_code == 403
    kept = tmp_path / PIN_TRIES_FILENAME
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600

    second = serve()
    refused = login(from_address(second, "10.1.0.1"), PIN)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) == 900, "the table-wide lock stays"
    clock.now += 900
    assert login(from_address(second, "192.168.1.70"), PIN).status_code == 200

    kept.write_text("{not json", encoding="utf-8")  # a damaged file: counted from zero, with a warning
    assert login(from_address(serve(), "10.2.0.1"), PIN).status_code == 200


def test_wrong_pins_from_ten_addresses_cannot_keep_the_host_out(app, clock):
    """Three wrong PINs from each of ten addresses (0.2 s) made the right PIN answer 429 for 900 s,
    from everywhere, renewable for ever."""
    regular = from_address(app, "192.168.1.20")  # the host's phone, the host's earlier this evening
    assert login(regular, PIN).status_code == 200
    assert regular.post("/api/host/logout", {}).status_code == 200
    for n in range(10):
        for pin in ("000000", "111111", "222222"):
            assert login(from_address(app, f"10.0.{n}.1"), pin).status_code == 403
    stranger = from_address(app, "192.168.1.21")
    refused = login(stranger, PIN)
    assert refused.status_code == 429 and refused.get_json()["error"] == "pin_locked_table"
    assert "recovery passphrase" in refused.get_json()["message"]

    assert login(regular, PIN).status_code == 200, "a browser that was the host's is no stranger"
    assert login(from_address(app, "127.0.0.1"), PIN).status_code == 200, "nor is the table's own computer"
    recovery = app.extensions["companion.game"].keys.recovery
    assert login(stranger, recovery.lower().replace("-", " ")).status_code == 200, "the recovery passphrase opens"
    assert stranger.client.get("/api/view/host").status_code == 200

    clock.now += 60
    for n in range(10):  # the guessing goes on: the host still gets in, the guessers do not
        assert login(from_address(app, f"10.0.{n}.1"), PIN).status_code == 429
        assert login(from_address(app, f"10.1.{n}.1"), "333333").status_code == 429
    assert login(regular, PIN).status_code == 200


def test_the_back_off_follows_the_browser_that_guessed_to_another_address(app, clock):
    guesser = from_address(app, "192.168.1.30")
    for pin in ("000000", "111111", "222222"):
        assert login(guesser, pin).status_code == 403
    guesser.client.environ_base["REMOTE_ADDR"] = "192.168.1.31"
    assert login(guesser, "333333").status_code == 429, "the same browser waits from its new address"
    assert login(from_address(app, "192.168.1.31"), PIN).status_code == 200, "another browser there does not"


def test_a_log_out_ends_the_host_session_for_good_even_in_a_copied_cookie(app):
    """There was no log-out: a host cookie once given opened the host page for as long as the secret lived."""
    host = Phone(app)
    host.login()
    copy = Phone(app)
    copy.client.set_cookie("session", host.client.get_cookie("session").value)
    assert copy.client.get("/api/view/host").status_code == 200
    assert host.post("/api/host/logout", {}).status_code == 200
    assert host.client.get("/api/view/host").status_code == 403
    assert copy.client.get("/api/view/host").status_code == 403
    assert copy.post("/api/host/pause", {"paused": True}).status_code == 403
    assert host.client.get("/host").get_data(as_text=True).count('id="pin"') == 1, "the login again"


def test_a_new_pin_or_passphrase_ends_every_host_session_and_the_same_one_keeps_them(tmp_path):
    """After a restart with a new PIN an old host cookie still paused the game."""
    table, demo = demo_table(["Ana", "Ben"])

    def serve(pin: str):  # the server restarted on the same data folder, as `quacks serve --pin` is
        return create_app(table, host_pin=pin, keys=Keys.kept_in(tmp_path), demo=demo, test_config={"TESTING": True})

    first = Phone(serve(PIN))
    first.login()
    cookie = first.client.get_cookie("session").value

    def host_cookie_opens(app) -> bool:
        browser = Phone(app)
        browser.client.set_cookie("session", cookie)
        return browser.client.get("/api/view/host").status_code == 200

    assert host_cookie_opens(serve(PIN)), "a restart with the same PIN keeps the host logged in"
    assert not host_cookie_opens(serve("a long new passphrase")), "a new passphrase ends it"
    assert not host_cookie_opens(serve(PIN)), "and going back to the old PIN does not bring it back"
