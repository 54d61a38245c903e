"""The app's network session: a lobby client, and when hosting, a game server too.

Joining connects a `LobbyClient` to someone's server; hosting starts a `GameServer`
inside the app (on this machine's network, or loopback only), connects to it like
any other player and opens a table. Either way the games played are kept in the
history from the record the server sends after each game, and a connection lost for
good is reported once, through `on_lost`.
"""

from __future__ import annotations

import contextlib
import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass

from ddz_tui.engine import Rules
from ddz_tui.i18n import t
from ddz_tui.net import DEFAULT_PORT, ws_url
from ddz_tui.net.client.errors import NetError
from ddz_tui.net.client.lobby import RECONNECT_FOR, LobbyClient, Status
from ddz_tui.net.client.tokens import TokenStore
from ddz_tui.net.server import GameServer, ServerConfig
from ddz_tui.net.states import FinishedGame
from ddz_tui.records.history import History
from ddz_tui.records.store import Origin
from ddz_tui.table.keeping import seat_records
from ddz_tui.table.timing import DEFAULT_GRACE, DEFAULT_TURN_SECONDS

log = logging.getLogger(__name__)

EVERYWHERE = "0.0.0.0"
LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class JoinRequest:
    """Connect to a server as a player."""

    address: str  # ws://HOST:PORT, HOST:PORT or HOST
    name: str  # "" from the command line: the dialog asks with the profile's
    ticket: str | None = None  # the SSH door's word that the name is the player's (ranked)


@dataclass(frozen=True)
class HostRequest:
    """Start a server in the app, and sit down at a new table on it."""

    name: str  # "" from the command line: the dialog hosts with the profile's
    port: int = DEFAULT_PORT
    host: str = EVERYWHERE  # the address to listen on: everywhere, loopback only, or one
    turn_seconds: float | None = DEFAULT_TURN_SECONDS
    grace: float = DEFAULT_GRACE
    bot_delay: float | None = None  # None: the player's own setting
    bot_workers: int | None = None  # processes for the hard bots (None: one a core)
    rules: Rules | None = None  # the house rules of the table opened there (None: plain)
    chat: bool = True  # False: no chat anywhere on the server (ddz host --no-chat)


class HostError(NetError):
    """The server cannot start (the port is taken, say)."""


def lan_address() -> str | None:
    """This machine's address on its network, as friends would type it: the address
    of the interface that would carry traffic out (no packet is sent to find it)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 1))
        address = probe.getsockname()[0]
        if not address.startswith("127."):
            return address
    return None


def is_loopback(host: str) -> bool:
    return host in (LOOPBACK, "localhost", "::1")


def invite_address(host: str, port: int) -> str:
    """The address friends type to join a server on this machine listening on `host`."""
    if host in (EVERYWHERE, "::", ""):
        host = lan_address() or socket.gethostname()
    return ws_url(host, port)


class Online:
    """At most one session (and one hosted server) at a time; `close` ends both."""

    def __init__(
        self, tokens: TokenStore | None, history: History, on_lost: Callable[[str], None]
    ) -> None:
        self.tokens = tokens
        self.history = history
        self.on_lost = on_lost
        self.client: LobbyClient | None = None
        self.server: GameServer | None = None
        self.invite: str | None = None  # the address friends use, while hosting
        self.reconnect_for = RECONNECT_FOR  # seconds to try again after a drop

    async def join(self, request: JoinRequest) -> LobbyClient:
        """Connect (raises a NetError that says what went wrong)."""
        await self.close()
        client = await self._connect(request.address, request.name, request.ticket)
        self._attach(client)
        return client

    async def host(self, request: HostRequest, bot_delay: float) -> LobbyClient:
        """Start a server on `request.port`, connect to it and open a table there: the
        client comes back seated. HostError when the port cannot be used; on any
        failure (or if cancelled) nothing is left running."""
        await self.close()
        config = ServerConfig(
            host=request.host,
            port=request.port,
            turn_seconds=request.turn_seconds,
            grace=request.grace,
            bot_delay=bot_delay if request.bot_delay is None else request.bot_delay,
            bot_workers=request.bot_workers,
            chat=request.chat,
        )
        server = GameServer(config)
        try:
            await server.start()
        except OSError as error:
            reason = error.strerror or str(error)
            raise HostError(
                t("net.cli.cannot_listen", host=config.host, port=config.port, error=reason)
            ) from None
        self.server = server
        self.invite = invite_address(request.host, server.port)
        try:
            client = await self._connect(f"ws://{LOOPBACK}:{server.port}", request.name)
            self._attach(client)
            await client.create(rules=request.rules)
        except BaseException:  # a NetError, or the player went back meanwhile
            await self.close()
            raise
        return client

    async def _connect(self, url: str, name: str, ticket: str | None = None) -> LobbyClient:
        return await LobbyClient.connect(
            url, name, tokens=self.tokens, reconnect_for=self.reconnect_for, ticket=ticket
        )

    def _attach(self, client: LobbyClient) -> None:
        self.client = client
        client.on_status(self._status)
        client.on_record(self._keep)

    def _status(self, status: Status, message: str | None) -> None:
        if status is Status.CLOSED and message is not None:
            self.on_lost(message)

    def _keep(self, record: FinishedGame) -> None:
        self.history.record(record.events, seat_records(record.seats), record.seat, Origin.CLIENT)

    async def close(self) -> None:
        """End the session and stop the hosted server (players there are disconnected)."""
        client, self.client = self.client, None
        server, self.server = self.server, None
        self.invite = None
        if client is not None:
            await client.close()
        if server is not None:
            await server.close()
