"""The league's Flask app: the tables' API, the public pages, the room screen and the admin pages."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, make_response, render_template, request

from companion.webapp import i18n, web_root

from . import settings
from .database import LeagueDatabase

MAX_PUSH = 4 * 1024 * 1024
"""A game's transcript is some 30 kB; four megabytes leave room and refuse anything absurd."""


def create_league_app(db: LeagueDatabase, *, name: str = "Quacks league", test_config: dict[str, Any] | None = None) -> Flask:
    root = web_root()
    app = Flask(__name__, template_folder=str(root / "templates"), static_folder=str(root / "static"),
                static_url_path="/static")
    with db.connection() as conn:
        secret = settings.secret_key(conn)
    app.config.update(SECRET_KEY=secret, SESSION_COOKIE_SAMESITE="Strict", SESSION_COOKIE_HTTPONLY=True,
                      MAX_CONTENT_LENGTH=MAX_PUSH, SEND_FILE_MAX_AGE_DEFAULT=3600, LEAGUE_NAME=name)
    if test_config:
        app.config.update(test_config)
    app.extensions["league.db"] = db
    from . import admin, api, pages
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(admin.bp)
    admin.init_limits(app)
    i18n.init_babel(app)
    return app


def league_page(template: str, **context: Any):
    """A league page in the visitor's language; never cached (scores change)."""
    lang = i18n.language()
    response = make_response(render_template(
        template, lang=lang, languages=i18n.LANGUAGES, league=current_app.config["LEAGUE_NAME"],
        colour=lambda c: i18n.COLOR_NAMES.get(c, c), path=request.full_path.rstrip("?"), **context))
    response.headers["Cache-Control"] = "no-store"
    return response
