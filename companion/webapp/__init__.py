"""The screens' server side: a Flask app over one live table.

``create_app(table, host_pin=...)`` builds the app; pages and static files come from the
top-level ``web/`` folder (found next to the package in a checkout, or inside the installed
wheel's data). Everything a page shows comes from the table's views; every change goes through
``table.submit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from . import errors, i18n
from .access import KeptSigner
from .game import LiveGame
from .hub import Hub
from .keys import Keys
from .limits import init_limits
from .lockout import PIN_TRIES_FILENAME, PinGuard


def web_root() -> Path:
    """The ``web/`` folder: beside the package in a checkout, or installed as package data."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent.parent / "web", here / "web"):
        if (candidate / "templates").is_dir():
            return candidate
    raise FileNotFoundError("the web/ folder (templates and static files) is missing")


def create_app(table: Any, *, host_pin: str, secret_key: str | None = None, demo: Any = None,
               assist: str = "odds", stir: str = "round9", test_config: Mapping[str, Any] | None = None,
               keys: Keys | None = None) -> Flask:
    """The app for ``table``. ``assist`` and ``stir`` are the table's settings (the host may change them); ``demo`` is the demo's simulated bags (``commands.demo.Demo``), None on a real table;
    ``keys`` keeps the secret and the seat links across restarts (default: in memory, from ``secret_key``); kept
    in a folder, the host PIN's wrong tries and the refusals' rate-limit windows are kept beside them."""
    keys = keys or Keys.in_memory(secret_key, host_pin)
    keys.keep_sessions_for(host_pin)
    root = web_root()
    app = Flask(__name__, template_folder=str(root / "templates"),
                static_folder=str(root / "static"), static_url_path="/static")
    app.config.update(
        SECRET_KEY=keys.secret,
        HOST_PIN=host_pin,
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_HTTPONLY=True,
        MAX_CONTENT_LENGTH=64 * 1024,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    if test_config:
        app.config.update(test_config)
    app.session_interface = KeptSigner()
    game = LiveGame(table, keys, demo, assist, stir)
    hub = Hub(game.render, game.advice)
    game.attach(hub)
    app.extensions["companion.game"] = game
    app.extensions["companion.hub"] = hub
    pins = (PinGuard(on_alert=hub.touch) if keys.path is None
            else PinGuard.kept_in(keys.path.parent / PIN_TRIES_FILENAME, on_alert=hub.touch))
    app.extensions["companion.pins"] = game.pins = pins

    from . import api, disputes, enrolment, newgame, nights, pages, referee, stream
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(enrolment.bp)
    app.register_blueprint(newgame.bp)
    app.register_blueprint(stream.bp)
    errors.install(app)
    i18n.init_babel(app)
    app.register_blueprint(disputes.bp)
    app.register_blueprint(nights.bp)
    init_limits(app, None if keys.path is None else keys.path.parent)
    return app
