"""A throwaway PostgreSQL server for the tests: a cluster made with initdb in a temporary folder, on a free port,
stopped at the end. Debian's ``postgresql`` package provides the programs (``run-tests`` installs it); run as root,
the server runs as the ``postgres`` user. Without the programs, ``start()`` returns None (the tests that need the
server are skipped, unless ``$SESTERTIUS_REQUIRE_POSTGRES`` is set: then they fail)."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time


def bindir() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return os.path.dirname(found[-1])
    pg_ctl = shutil.which("pg_ctl")
    return os.path.dirname(pg_ctl) if pg_ctl else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, folder: str, port: int, as_user: list[str]) -> None:
        self.folder, self.port, self.as_user = folder, port, as_user

    def url(self, db: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{db}"

    def create_db(self, name: str) -> str:
        import psycopg
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def restart(self) -> None:
        """Stop the server (its connections ended, as an administrator's restart does) and start it again; returns
        once it accepts connections. Its output goes to its log: a pipe would be held open by the server."""
        subprocess.run([*self.as_user, f"{bindir()}/pg_ctl", "-D", f"{self.folder}/data", "-m", "fast", "-l",
                        f"{self.folder}/log", "-w", "restart"], check=True, capture_output=True)

    def stop(self) -> None:
        subprocess.run([*self.as_user, f"{bindir()}/pg_ctl", "-D", f"{self.folder}/data", "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


def start(durable: bool = False) -> Server | None:
    """A fresh server; ``durable``: with PostgreSQL's own defaults (``fsync=on``: each commit waits for the disk),
    as a deployment runs it, where the tests' server has ``fsync=off`` (faster, and nothing to keep after a crash)."""
    bin_ = bindir()
    if bin_ is None:
        return None
    folder = tempfile.mkdtemp(prefix="sestertius-pg-")
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data = f"{folder}/data"
    subprocess.run([*as_user, f"{bin_}/initdb", "-D", data, "-U", "postgres", "-A", "trust", "--no-sync"],
                   check=True, capture_output=True)
    opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=200"
    if not durable:
        opts += " -c fsync=off"
    subprocess.run([*as_user, f"{bin_}/pg_ctl", "-D", data, "-o", opts, "-l", f"{folder}/log", "-w", "start"],
                   check=True, capture_output=True)
    server = Server(folder, port, as_user)
    for _ in range(50):
        try:
            server.create_db("ready_check")
            break
        except Exception:
            time.sleep(0.1)
    return server
