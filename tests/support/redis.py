"""A real redis-server for tests: the servers that share a Redis are tested against the
real program, not a fake (issue 38).

Each `RedisServer` runs its own `redis-server` on a free loopback port in a folder of
its own, with nothing written to disk, so tests (and pytest-xdist workers) never share
one, nor touch a Redis the machine may already run. `kill()` and `restart()` are the
faults: a Redis that dies, then one that comes back on the same address, empty, as a
Redis without persistence does.

The methods block for as long as the program takes to start or stop (milliseconds);
an async test whose servers run in its own event loop calls them through
`asyncio.to_thread` so the loop goes on meanwhile.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType

from tests.support.process import HOST, LoopbackProcess, free_port

PROGRAM = "redis-server"
NOT_INSTALLED = (
    "redis-server is not installed: the tests of servers sharing a Redis run a real one; "
    "install the redis-server package; .ci/run does"
)
# how often start() asks the new process whether it answers
POLL_SECONDS = 0.02
# a new port when the free one found was taken before redis-server bound it
PORT_TRIES = 5


class RedisServerError(RuntimeError):
    """redis-server did not start or stop as asked; the message ends with its log."""


def installed() -> bool:
    return shutil.which(PROGRAM) is not None


def _command(*words: str) -> bytes:
    """One command in the Redis protocol (RESP), as an array of bulk strings."""
    parts = [f"*{len(words)}\r\n".encode()]
    for word in words:
        data = word.encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)


def _answering_pid(port: int, timeout: float = 1.0) -> int | None:
    """The process id of the redis-server answering on `port`, or None if none answers.

    INFO rather than PING: a port found free may have been taken by another test's Redis
    before ours bound it, and only the pid tells which one answered."""
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as connection:
            connection.sendall(_command("INFO", "server"))
            reader = connection.makefile("rb")
            header = reader.readline()
            if not header.startswith(b"$"):
                return None  # an error (-LOADING ...) or not a Redis at all
            body = reader.read(int(header[1:]) + 2)
    except (OSError, ValueError):
        return None
    for line in body.decode(errors="replace").splitlines():
        if line.startswith("process_id:"):
            return int(line.partition(":")[2])
    return None


class RedisServer(LoopbackProcess):
    """A redis-server of a test's own, on 127.0.0.1, in `folder` (created if need be).

    `start()` picks a free port; `restart()` comes back on the same one, so a `url`
    given out before a fault still points at it after."""

    def __init__(self, folder: Path, *, start_timeout: float = 10.0) -> None:
        super().__init__(folder, "redis-server.log")
        self.start_timeout = start_timeout

    @property
    def url(self) -> str:
        if self.port is None:
            raise RedisServerError("the Redis server has no port before its first start()")
        return f"redis://{HOST}:{self.port}/0"

    @property
    def pid(self) -> int | None:
        """The running process's id (None once stopped or killed)."""
        return self._process.pid if self.running and self._process else None

    def start(self) -> None:
        """Start on a free port (the first time) or on the port it had (after a stop or a
        kill), and return once it answers; raises RedisServerError with the log's tail
        if it does not within `start_timeout` seconds."""
        if self.running:
            raise RedisServerError(f"the Redis server at {self.url} is already running")
        if not installed():
            raise RedisServerError(NOT_INSTALLED)
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.port is not None:
            self._start_on(self.port, self.start_timeout)
            return
        for _ in range(PORT_TRIES):
            port = free_port()
            if self._start_on(port, self.start_timeout, give_up_if_taken=True):
                self.port = port
                return
        raise RedisServerError(
            f"no free port held for redis-server in {PORT_TRIES} tries{self._log_tail()}"
        )

    def restart(self) -> None:
        """Stop it if it runs, then start it again on the same port: a Redis that comes
        back, with none of its keys (nothing is saved)."""
        if self.running:
            self.stop()
        self.start()

    def _start_on(self, port: int, timeout: float, *, give_up_if_taken: bool = False) -> bool:
        """Run redis-server on `port` until it answers (True). False only when
        `give_up_if_taken` and the port was taken; otherwise a failure raises."""
        deadline = time.monotonic() + timeout
        while True:
            process = self._spawn(port)
            while process.poll() is None:
                if _answering_pid(port) == process.pid:
                    self._process = process
                    return True
                if time.monotonic() > deadline:
                    process.kill()
                    process.wait()
                    raise RedisServerError(
                        f"redis-server on port {port} did not answer within {timeout:g} s"
                        f"{self._log_tail()}"
                    )
                time.sleep(POLL_SECONDS)
            taken = "Address already in use" in self._log_tail()
            if taken and give_up_if_taken:
                return False
            if not taken or time.monotonic() > deadline:
                raise RedisServerError(
                    f"redis-server on port {port} exited with status {process.returncode}"
                    f"{self._log_tail()}"
                )
            # our own port, still held a moment by something else: try again until the deadline
            time.sleep(POLL_SECONDS)

    def _spawn(self, port: int) -> subprocess.Popen[bytes]:
        return self._launch(
            [
                PROGRAM,
                "--bind", HOST,
                "--port", str(port),
                "--dir", str(self.folder),
                "--save", "",
                "--appendonly", "no",
                "--daemonize", "no",
                "--logfile", "",
            ]
        )  # fmt: skip

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


__all__ = ["NOT_INSTALLED", "RedisServer", "RedisServerError", "installed"]
