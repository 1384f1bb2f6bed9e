"""A throw-away PostgreSQL cluster for the league's tests and benchmark: Debian's server, not a mock.

`initdb` makes a cluster in a temporary folder, `pg_ctl` starts it on a free port of 127.0.0.1
(its socket in that folder too), and it is stopped and deleted afterwards. PostgreSQL refuses to
run as root, so under root (CI) the cluster belongs to the unprivileged user ``nobody``.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

INSTALL = "apt-get install postgresql"


def server_bin() -> Path | None:
    """The folder of Debian's newest PostgreSQL server programs, or of ``initdb`` on the PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """A running cluster; ``database()`` makes a new empty database and returns its URL."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="quacks-league-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._user: dict[str, object] = {}
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.folder, nobody.pw_uid, nobody.pw_gid)
            self._user = {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        done = subprocess.run([str(self.bindir / args[0]), *args[1:]], capture_output=True, text=True,
                              cwd=self.folder, **self._user)  # type: ignore[call-overload]
        if done.returncode:
            log = self.folder / "server.log"
            raise RuntimeError(f"{args[0]} failed: {done.stderr.strip()} {log.read_text() if log.exists() else ''}")

    def start(self) -> Cluster:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C",
                  "--no-sync")
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c full_page_writes=off -c synchronous_commit=off -c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "server.log"), "-w", "start")
        return self

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def database(self) -> str:
        """A new empty database in the cluster."""
        name = f"league_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
