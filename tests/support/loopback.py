"""Network test scaffolding: a server on a free loopback port, clients, waiting."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace

from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.server import GameServer, ServerConfig
from ddz_tui.table.timing import REAL_CLOCK, Clock

# bot clients act as fast as the loop lets them: far past a person's rate limit
FAST = ServerConfig(
    host="127.0.0.1", port=0, bot_delay=0, turn_seconds=None, grace=5.0, rate=1e6, burst=10**6
)


@asynccontextmanager
async def running(clock: Clock = REAL_CLOCK, **changes: object) -> AsyncIterator[GameServer]:
    """A game server on loopback, configured as FAST with `changes`, its tables' timers
    going by `clock`."""
    server = GameServer(replace(FAST, **changes), clock=clock)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


async def crash(server: GameServer) -> None:
    """The server dies as a killed process does: nobody hears a close frame."""
    server._server.close(close_connections=False)
    for ws in server._server.connections:
        ws.transport.abort()
    await server._server.wait_closed()


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait for the event loop to make `condition` true (fails the test if it never does)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError("the condition never came true")
        await asyncio.sleep(0.005)


async def clients(server: GameServer, *names: str, **options: object) -> list[LobbyClient]:
    return [await LobbyClient.connect(server.url, name, **options) for name in names]
