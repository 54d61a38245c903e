"""A program a test runs as a real process on a loopback port (redis-server, `ddz
server`), its output appended to one log in a folder of its own: the faults a test makes
(`kill`: SIGKILL, no goodbye; `stop`: SIGTERM, as a service manager stops it) and the
log's tail that a failure to start shows."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

HOST = "127.0.0.1"


def free_port() -> int:
    """A port nothing listens on now; another process may take it before the program
    binds it, which each starter notices and retries."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class LoopbackProcess:
    """The process, its folder and log, and its port once it has one (kept after a stop
    or a kill, so that a `url` given out before a fault still names it after)."""

    def __init__(self, folder: Path, log_name: str) -> None:
        self.folder = Path(folder)
        self.log = self.folder / log_name
        self.port: int | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._log_from = 0  # where the latest process's output begins in the log

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def kill(self) -> None:
        """SIGKILL: it dies at once, its connections cut without a word."""
        process = self._process
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()

    def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM, as a service manager stops it (SIGKILL after `timeout` s); its exit
        status (None when it never ran)."""
        process = self._process
        if process is None:
            return None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        return process.returncode

    def _launch(
        self, argv: Sequence[str], env: Mapping[str, str] | None = None
    ) -> subprocess.Popen[bytes]:
        """Run `argv` in the folder, its output appended to the log; in a session of its
        own, so a Ctrl-C at the terminal reaches pytest, which stops it."""
        with self.log.open("ab") as log:
            self._log_from = log.tell()
            return subprocess.Popen(
                list(argv),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.folder,
                env=None if env is None else {**os.environ, **env},
                start_new_session=True,
            )

    def _output(self) -> str:
        """What the latest process wrote."""
        try:
            with self.log.open("rb") as log:
                log.seek(self._log_from)
                return log.read().decode(errors="replace")
        except OSError:
            return ""

    def _log_tail(self, lines: int = 20) -> str:
        tail = self._output().splitlines()[-lines:]
        return "\n--- " + str(self.log) + " ---\n" + "\n".join(tail) if tail else ""
