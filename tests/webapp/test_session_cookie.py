"""The host's session cookie opens the host's view only while it is signed under the app's secret
(or one it still accepts while a new one is rolled out)."""

from __future__ import annotations

from .conftest import SECRET


def host_view(phone) -> int:
    return phone.client.get("/api/view/host").status_code


def test_the_host_cookie_altered_or_signed_under_another_secret_opens_nothing(app, host):
    assert host_view(host) == 200
    signed = host.client.get_cookie("session").value
    payload, signature = signed.rsplit(".", 1)
    host.client.set_cookie("session", f"{payload}.{'B' if signature[0] == 'A' else 'A'}{signature[1:]}")
    assert host_view(host) == 403, "a cookie whose signature was changed"
    host.client.set_cookie("session", signed)
    assert host_view(host) == 200, "the cookie as the server signed it, again"
    app.secret_key = "another secret"
    assert host_view(host) == 403, "signed under a secret the app no longer has"
    app.config["SECRET_KEY_FALLBACKS"] = [SECRET]
    assert host_view(host) == 200, "the old secret still accepted while the new one is rolled out"
