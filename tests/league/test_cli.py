"""`quacks league …` from the shell, against a real PostgreSQL."""

from __future__ import annotations

import re

from companion.cli import main
from companion.codes import normalise
from companion.league import settings, tables

from .postgres import free_port


def test_tables_players_and_the_admin_password_from_the_shell(league_url, league, capsys, tmp_path):
    assert main(["league", "table", "add", "Table 1", "--database", league_url]) == 0
    key = re.search(r"key (qlt_\S+)", capsys.readouterr().out).group(1)
    config = tmp_path / "league.toml"
    config.write_text(f'[league]\nname = "Thursday club"\ndatabase = "{league_url}"\n')
    assert main(["league", "player", "add", "Ann", "--config", str(config)]) == 0
    code = re.search(r"code (\S+)", capsys.readouterr().out).group(1)
    assert normalise(code)
    assert main(["league", "password", "--database", league_url]) == 0
    password = capsys.readouterr().out.split(": ")[1].strip()
    with league.connection() as conn:
        assert tables.authenticate(conn, key) is not None
        assert settings.password_ok(conn, password)
    assert main(["league", "table", "revoke", "Table 1", "--database", league_url]) == 0
    assert "1 key(s) revoked" in capsys.readouterr().out
    with league.connection() as conn:
        assert tables.authenticate(conn, key) is None
    assert main(["league", "table", "add", "Table 1", "--database", league_url]) == 1
    assert "already a table called 'Table 1'" in capsys.readouterr().err


def test_an_unreachable_league_or_a_bad_config_is_one_clear_line(tmp_path, capsys):
    assert main(["league", "serve", "--database", f"postgresql://quacks:pw@127.0.0.1:{free_port()}/league"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("quacks league serve: cannot reach the league's database") and "pw" not in err
    bad = tmp_path / "league.toml"
    bad.write_text('[league]\ndatabase = "mysql://x"\nport = 0\n')
    assert main(["league", "serve", "--config", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "league.database: must be a PostgreSQL URL" in err and "league.port: must be a port number" in err
    assert main(["league", "serve"]) == 1
    assert "name the league's database" in capsys.readouterr().err
