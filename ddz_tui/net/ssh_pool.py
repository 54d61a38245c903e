"""The worker processes that run the SSH door's game sessions.

The door keeps the SSH connections; the games run in a pool of worker processes (one
per core by default), each hosting many sessions as tasks. A new session goes to the
least loaded worker: the door makes a socketpair, keeps one end as the session's link
(`ssh_link`) and passes the other to the worker over its control socket. A worker
that dies takes only its sessions (their links end; the door tells their players) and
is started again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Sequence
from typing import Protocol

from ddz_tui.net.tasks import background

log = logging.getLogger(__name__)

RESTART_WAIT = 1.0  # seconds before a worker that died is started again
STOP_WAIT = 5.0  # seconds a worker has to end its sessions once the door closes


class SessionHost(Protocol):
    """Runs sessions: `open` gives the door's end of a new session's link and the place
    it runs (given back to `done` when the session is over)."""

    async def open(self) -> tuple[socket.socket, object]: ...

    def done(self, place: object) -> None: ...

    async def close(self) -> None: ...


class Worker:
    """One worker process, its control socket and the sessions it runs."""

    def __init__(self, process: asyncio.subprocess.Process, control: socket.socket) -> None:
        self.process = process
        self.control = control
        self.sessions = 0

    async def send_link(self, link: socket.socket) -> None:
        """Pass `link` to the worker (waiting while its control socket is full)."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                socket.send_fds(self.control, [b"L"], [link.fileno()])
                return
            except BlockingIOError:
                writable = loop.create_future()
                loop.add_writer(self.control.fileno(), writable.set_result, None)
                try:
                    await writable
                finally:
                    loop.remove_writer(self.control.fileno())


class WorkerPool:
    """`count` worker processes running `command` (given its control socket's number)."""

    def __init__(self, count: int, command: Sequence[str]) -> None:
        if count < 1:
            raise ValueError("a pool needs a worker")
        self.count = count
        self.command = list(command)
        self.workers: list[Worker] = []
        self._closing = False
        self._watching: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        for _ in range(self.count):
            await self._spawn()

    async def _spawn(self) -> Worker:
        door_end, worker_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            process = await asyncio.create_subprocess_exec(
                *self.command,
                str(worker_end.fileno()),
                pass_fds=[worker_end.fileno()],
                stdin=asyncio.subprocess.DEVNULL,
                start_new_session=True,  # the door's terminal's Ctrl+C is the door's alone
            )
        except BaseException:
            door_end.close()
            raise
        finally:
            worker_end.close()
        door_end.setblocking(False)
        worker = Worker(process, door_end)
        self.workers.append(worker)
        log.info("session worker %d started", process.pid)
        background(self._watch(worker), self._watching)
        return worker

    async def _watch(self, worker: Worker) -> None:
        """When a worker ends: forget it, and start another unless the pool is closing."""
        status = await worker.process.wait()
        worker.control.close()
        if worker in self.workers:
            self.workers.remove(worker)
        if self._closing:
            return
        log.warning(
            "session worker %d ended (status %s) with %d sessions; starting another",
            worker.process.pid,
            status,
            worker.sessions,
        )
        await asyncio.sleep(RESTART_WAIT)
        if not self._closing:
            try:
                await self._spawn()
            except OSError as error:
                log.error("cannot start a session worker: %s", error)

    async def open(self) -> tuple[socket.socket, object]:
        """A new session's link, on the least loaded worker."""
        if not self.workers:
            await self._spawn()
        worker = min(self.workers, key=lambda w: w.sessions)
        door_end, session_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            await worker.send_link(session_end)
        except OSError:
            door_end.close()
            raise
        finally:
            session_end.close()
        worker.sessions += 1
        return door_end, worker

    def done(self, place: object) -> None:
        if isinstance(place, Worker):
            place.sessions -= 1

    async def close(self) -> None:
        """Close every control socket (the workers end their sessions and exit); kill
        a worker that lingers."""
        self._closing = True
        for worker in self.workers:
            with contextlib.suppress(OSError):
                worker.control.shutdown(socket.SHUT_RDWR)
        for worker in list(self.workers):
            try:
                await asyncio.wait_for(worker.process.wait(), STOP_WAIT)
            except asyncio.TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker.process.pid, 9)
                await worker.process.wait()
        if self._watching:
            await asyncio.gather(*list(self._watching), return_exceptions=True)
