"""A session host for the SSH door's tests: each session is a small probe that says
what it was told (who plays, the terminal, resizes, the hang-up) instead of a game."""

from __future__ import annotations

import asyncio
import itertools
import socket
from dataclasses import dataclass, field

from ddz_tui.net.ssh_link import (
    Frame,
    SessionStart,
    exit_frame,
    frame,
    read_frame,
    read_size,
)


@dataclass
class Probe:
    """What one probe session was told."""

    start: SessionStart | None = None
    hangup: str = ""
    got: int = 0  # bytes of input


@dataclass
class ProbeHost:
    """Runs probes. `behaviour`: "probe" answers and ends when hung up; "stubborn" never
    ends by itself; "chatty" writes frames all the time; "exit3" says bye and exits 3;
    "slow" reads no input for `slow_seconds`, then all of it; "lingering" ends
    `slow_seconds` after it is hung up."""

    behaviour: str = "probe"
    slow_seconds: float = 0.5
    live: dict[int, Probe] = field(default_factory=dict)
    ended: list[Probe] = field(default_factory=list)
    opened: int = 0
    done_count: int = 0
    _ids: itertools.count = field(default_factory=itertools.count)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    async def open(self) -> tuple[socket.socket, object]:
        door_end, probe_end = socket.socketpair()
        probe_end.setblocking(False)
        reader, writer = await asyncio.open_connection(sock=probe_end)
        number = next(self._ids)
        probe = self.live[number] = Probe()
        task = asyncio.get_running_loop().create_task(self._run(number, probe, reader, writer))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        self.opened += 1
        return door_end, number

    def done(self, place: object) -> None:
        self.done_count += 1

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _run(self, number, probe, reader, writer) -> None:
        def say(text: str) -> None:
            writer.write(frame(Frame.OUTPUT, text.encode()))

        try:
            kind, payload = await read_frame(reader)
            assert kind is Frame.START
            start = probe.start = SessionStart.decode(payload)
            guest = "guest" if start.guest else "key"
            say(f"ready {start.columns}x{start.rows} {start.term} {guest} lang={start.lang}\n")
            if self.behaviour == "exit3":
                say("bye\n")
                writer.write(exit_frame(3))
                return
            if self.behaviour == "chatty":
                asyncio.get_running_loop().create_task(self._chatter(say))
            if self.behaviour == "slow":
                await asyncio.sleep(self.slow_seconds)
            while (got := await read_frame(reader)) is not None:
                kind, payload = got
                if kind is Frame.RESIZE:
                    say("size {}x{}\n".format(*read_size(payload)))
                elif kind is Frame.INPUT:
                    probe.got += len(payload)
                    if self.behaviour == "slow":
                        say(f"got {probe.got}\n")
                elif kind is Frame.HANGUP:
                    probe.hangup = payload.decode()
                    if self.behaviour == "lingering":
                        await asyncio.sleep(self.slow_seconds)
                    if self.behaviour != "stubborn":
                        writer.write(exit_frame(0, ""))
                        break
        finally:
            self.live.pop(number, None)
            self.ended.append(probe)
            writer.close()

    async def _chatter(self, say) -> None:
        for i in range(3000):
            try:
                say(f"frame {i}\n")
            except Exception:
                return
            await asyncio.sleep(0.01)
