"""Where sessions run: a worker process's loop, or the door's own (`InProcessHost`).

A worker (`python -m ddz_tui.ui.sessions.host FD`) is started by the door's pool
(`net/ssh_pool.py`) with one end of a control socket as FD. The door sends each new
session's link over it (a socket, passed as SCM_RIGHTS) and the worker runs the session
as a task (`run_session`) until the link ends. When the control socket closes (the
door has gone) the worker ends its sessions and exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import socket
import sys

from ddz_tui.net.tasks import background
from ddz_tui.ui.app import YOUNG_OBJECTS, preload
from ddz_tui.ui.sessions.session import run_session

log = logging.getLogger(__name__)

MAX_FDS = 32  # links one message of the door may carry
ENDED_BEFORE_COLLECTING = 16  # sessions ended (at least) before a full collection


class Collector:
    """When a worker's garbage collector runs. Python's defaults look for cycles every
    700 new objects and walk the whole heap every hundred looks: in a worker drawing
    dozens of screens, a walk of 200-300 ms every 2-3 s, which every player there felt
    as a key that took that long. Most of what a key makes dies by reference counting
    within a frame, so young collections are made rare (`YOUNG_OBJECTS`), and the whole
    heap is walked when what it would free is worth it: once sessions ended since the
    last walk are a quarter of those running (an ended game's screens are cycles only a
    full collection frees), and as Python would, when the heap has grown by a quarter."""

    def __init__(self, sessions: set[asyncio.Task[None]]) -> None:
        self.sessions = sessions
        self.ended = 0
        gc.set_threshold(YOUNG_OBJECTS)

    def session_ended(self, _task: object) -> None:
        self.ended += 1
        if self.ended >= max(ENDED_BEFORE_COLLECTING, len(self.sessions) // 4):
            self.ended = 0
            gc.collect()


async def host_link(
    sock: socket.socket,
    sessions: set[asyncio.Task[None]],
    collector: Collector | None = None,
) -> None:
    """Run the session on the far end of `sock` as a task among `sessions`."""
    sock.setblocking(False)
    reader, writer = await asyncio.open_connection(sock=sock)
    task = background(run_session(reader, writer), sessions)
    if collector is not None:
        task.add_done_callback(collector.session_ended)


class InProcessHost:
    """Sessions run in the door's own process and loop (`--workers 0`, and tests)."""

    def __init__(self) -> None:
        self.sessions: set[asyncio.Task[None]] = set()

    async def open(self) -> tuple[socket.socket, object]:
        door_end, session_end = socket.socketpair()
        await host_link(session_end, self.sessions)
        return door_end, self

    def done(self, _place: object) -> None:
        """A session it hosted is over (the door counts no load here)."""

    async def close(self) -> None:
        if self.sessions:
            await asyncio.wait(list(self.sessions), timeout=5.0)


async def serve_door(control: socket.socket) -> None:
    """Take the links the door sends over `control` until it closes, then end."""
    loop = asyncio.get_running_loop()
    sessions: set[asyncio.Task[None]] = set()
    collector = Collector(sessions)
    gone = loop.create_future()
    control.setblocking(False)

    def readable() -> None:
        try:
            message, fds, _flags, _address = socket.recv_fds(control, 64, MAX_FDS)
        except BlockingIOError:
            return
        except OSError as error:
            log.warning("the door's control socket: %s", error)
            message, fds = b"", []
        for fd in fds:
            background(host_link(socket.socket(fileno=fd), sessions, collector), sessions)
        if not message and not fds and not gone.done():
            gone.set_result(None)

    loop.add_reader(control.fileno(), readable)
    try:
        await gone
    finally:
        loop.remove_reader(control.fileno())
        for task in list(sessions):
            task.cancel()
        if sessions:
            await asyncio.wait(list(sessions), timeout=5.0)


def main(argv: list[str]) -> int:
    """A worker's life: load the game once, then host what the door sends."""
    for number in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)  # never inherit an ignored one
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s worker %(process)d: %(message)s", datefmt="%H:%M:%S"
    )
    try:
        control = socket.socket(fileno=int(argv[1]))
    except (IndexError, ValueError, OSError) as error:
        print(f"ddz session worker: needs the door's control socket ({error})", file=sys.stderr)
        return 2
    preload()
    gc.collect()
    gc.freeze()  # what every session shares is left out of the collector's walks
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_door(control))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
