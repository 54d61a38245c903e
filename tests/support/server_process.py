"""`ddz server` as a real process for tests of many servers on one Redis (issue 38):
`kill()` is the fault a machine's crash or the OOM killer makes (SIGKILL: no goodbye,
its rows and names are left in Redis to expire), `stop()` the one a service manager
makes (SIGTERM: the server leaves the service as it should).

`start()` blocks until the server has said where it listens, which it says only once it
has joined the service (its first heartbeat is written): an async test calls it
through `asyncio.to_thread` so its clients' loop goes on meanwhile.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tests.support.process import HOST, LoopbackProcess, free_port

POLL_SECONDS = 0.05
PORT_TRIES = 5
# the line `ddz server` prints once it serves (English), after it joined the service (its
# log's own "listening on" comes before)
LISTENING = "ddz server: listening on ws://"
CANNOT_LISTEN = "cannot listen on"


class ServerProcessError(RuntimeError):
    """The server did not start or stop as asked; the message ends with its output."""


class ServerProcess(LoopbackProcess):
    """`python -m ddz_tui server` on loopback sharing `redis_url`, with its history in
    `folder` (its output in `folder/server.log`). The port is picked free on the first
    start and kept, so `url` still names it after a restart."""

    def __init__(
        self, folder: Path, redis_url: str, *, extra: tuple[str, ...] = (), timeout: float = 30.0
    ) -> None:
        super().__init__(folder, "server.log")
        self.redis_url = redis_url
        self.extra = extra
        self.timeout = timeout

    @property
    def url(self) -> str:
        if self.port is None:
            raise ServerProcessError("the server has no port before its first start()")
        return f"ws://{HOST}:{self.port}"

    def start(self) -> None:
        """Run it (on a free port the first time, on its own port again after) and
        return once it serves; ServerProcessError with its output if it does not within
        `timeout` seconds."""
        if self.running:
            raise ServerProcessError(f"the server at {self.url} already runs")
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.port is not None:
            if not self._start_on(self.port):
                raise ServerProcessError(f"port {self.port} is taken{self._log_tail()}")
            return
        for _ in range(PORT_TRIES):
            port = free_port()
            if self._start_on(port):
                self.port = port
                return
        raise ServerProcessError(f"no free port held in {PORT_TRIES} tries{self._log_tail()}")

    def _start_on(self, port: int) -> bool:
        """True once it serves on `port`; False when the port was taken meanwhile."""
        process = self._spawn(port)
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            output = self._output()
            if process.poll() is not None:
                if CANNOT_LISTEN in output:
                    return False
                raise ServerProcessError(
                    f"the server exited with status {process.returncode}{self._log_tail()}"
                )
            if LISTENING in output:
                self._process = process
                return True
            time.sleep(POLL_SECONDS)
        process.kill()
        process.wait()
        raise ServerProcessError(
            f"the server did not serve within {self.timeout:g} s{self._log_tail()}"
        )

    def _spawn(self, port: int) -> subprocess.Popen[bytes]:
        url = f"ws://{HOST}:{port}"
        data = self.folder / "data"
        return self._launch(
            [
                sys.executable, "-m", "ddz_tui", "--lang", "en", "--data-dir", str(data),
                "server", "--port", str(port), "--bot-workers", "0",
                "--redis", self.redis_url, "--advertise", url, *self.extra,
            ],
            {"PYTHONUNBUFFERED": "1", "DDZ_CONFIG_DIR": str(self.folder / "c")},
        )  # fmt: skip


__all__ = ["ServerProcess", "ServerProcessError"]
