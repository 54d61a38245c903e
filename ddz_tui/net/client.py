"""The client: a lobby session with a game server, and `RemoteTable`, a seat there.

`LobbyClient.connect(url, name)` says hello and keeps the session: the lobby's
tables (pushed on every change), create / join / leave / ready / fill with bots. A
seat is a `RemoteTable`, which implements `TableClient`, so the table screen plays
a networked game exactly as a local one; its actions raise `IllegalAction` with the
server's reason and message.

A dropped connection is retried with the session token for a while (the server
keeps the seat meanwhile); every failure is a `NetError` with a message a player
can act on: a wrong address, nothing listening, not a ddz server, another version.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import socket
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ddz_tui import __version__
from ddz_tui.cards import Card
from ddz_tui.engine import IllegalAction, LandlordMode, Reason
from ddz_tui.i18n import Lang, language, t
from ddz_tui.net import DEFAULT_PORT, ws_url
from ddz_tui.net.errors import CloseCode, ErrorReason, ProtocolError
from ddz_tui.net.protocol import (
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    Message,
    PushType,
    RequestType,
    parse_push,
    request,
)
from ddz_tui.net.states import (
    FinishedGame,
    TableSummary,
    decode_lobby,
    decode_record,
    decode_state,
)
from ddz_tui.table import Listener, TableState, _discard

log = logging.getLogger(__name__)

OPEN_TIMEOUT = 5.0
REPLY_TIMEOUT = 30.0
RECONNECT_FOR = 60.0  # seconds to keep trying after a drop


class NetError(Exception):
    """A networking failure, with a message for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadAddress(NetError):
    """The address is not a ws:// URL, or its host name does not resolve."""


class ServerUnreachable(NetError):
    """Nothing answers there, or what answers is not a ddz server."""


class VersionMismatch(NetError):
    """The server speaks another protocol version."""


class Refused(NetError):
    """The server refused a request (a taken name, a full table, ...)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class ConnectionLost(NetError):
    """The connection dropped and could not be resumed."""


class Status(str, Enum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    CLOSED = "closed"


StatusListener = Callable[[Status, str | None], None]


def normalise_url(address: str) -> str:
    """`ws://host:port` from what a person types: `host`, `host:port` or a ws:// URL."""
    text = address.strip()
    if "://" not in text:
        text = f"ws://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise BadAddress(t("net.client.bad_url", url=address)) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise BadAddress(t("net.client.bad_url", url=address))
    return ws_url(parts.hostname, port or DEFAULT_PORT, parts.scheme, parts.path)


async def _dial(url: str) -> ClientConnection:
    """Open the WebSocket, turning each way it can fail into a specific NetError."""
    where = urlsplit(url).netloc
    try:
        return await connect(
            url,
            max_size=MAX_SERVER_MESSAGE,
            compression=None,
            open_timeout=OPEN_TIMEOUT,
            ping_interval=10,
            ping_timeout=10,
            close_timeout=2,
            proxy=None,
            user_agent_header=f"ddz-tui/{__version__}",
        )
    except InvalidURI:
        raise BadAddress(t("net.client.bad_url", url=url)) from None
    except socket.gaierror:
        host = urlsplit(url).hostname
        raise BadAddress(t("net.client.unknown_host", host=host)) from None
    except InvalidHandshake:
        raise ServerUnreachable(t("net.client.not_ddz", where=where)) from None
    except (TimeoutError, asyncio.TimeoutError):
        raise ServerUnreachable(t("net.client.timeout", where=where)) from None
    except ConnectionRefusedError:
        raise ServerUnreachable(t("net.client.refused", where=where)) from None
    except OSError as error:
        if error.errno in (errno.ECONNREFUSED, errno.EHOSTUNREACH, errno.ENETUNREACH):
            key = (
                "net.client.refused" if error.errno == errno.ECONNREFUSED else "net.client.no_route"
            )
            raise ServerUnreachable(t(key, where=where)) from None
        raise ServerUnreachable(
            t("net.client.os_error", where=where, error=error.strerror or error)
        ) from None


class TokenStore:
    """Session tokens kept on disk, so a restarted client resumes its seat."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def default(cls, data_dir: Path | str | None = None) -> TokenStore:
        """Beside the history: `data_dir`, else $DDZ_DATA_DIR, else the user data folder."""
        from ddz_tui.store import default_path

        return cls(default_path(data_dir).parent / "sessions.json")

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return (
            {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}
        )

    def get(self, url: str, name: str) -> str | None:
        return self._load().get(f"{url}|{name}")

    def put(self, url: str, name: str, token: str) -> None:
        data = self._load()
        data[f"{url}|{name}"] = token
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
            tmp.replace(self.path)
        except OSError as error:
            log.warning("cannot keep the session token in %s: %s", self.path, error)


def _refusal(message: Message) -> NetError:
    reason, text = message.args["reason"], message.args["message"]
    if reason == ErrorReason.VERSION.value:
        return VersionMismatch(text)
    return Refused(reason, text)


class LobbyClient:
    """A player's session with a game server. Create with `await LobbyClient.connect`."""

    def __init__(
        self,
        url: str,
        name: str,
        *,
        lang: Lang | None = None,
        token: str | None = None,
        tokens: TokenStore | None = None,
        reconnect_for: float = RECONNECT_FOR,
    ) -> None:
        self.url = normalise_url(url)
        self.name = name
        self.lang = Lang(lang) if lang else language()
        self.reconnect_for = reconnect_for
        self.tokens = tokens
        self.token = token or (tokens.get(self.url, name) if tokens else None)
        self.tables: tuple[TableSummary, ...] = ()
        self.table: RemoteTable | None = None
        self.status = Status.CLOSED
        self.turn_seconds: float | None = None  # the server's turn timer
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._reconnecting: asyncio.Task[None] | None = None
        self._pending: dict[int, asyncio.Future[Message]] = {}
        self._next_id = 1
        self._states: dict[int, TableState] = {}
        self._lobby_listeners: list[Callable[[tuple[TableSummary, ...]], None]] = []
        self._status_listeners: list[StatusListener] = []
        self._record_listeners: list[Callable[[FinishedGame], None]] = []
        self._closing = False

    @classmethod
    async def connect(cls, url: str, name: str, **options: Any) -> LobbyClient:
        """Connect and say hello; raises a NetError that says what went wrong."""
        client = cls(url, name, **options)
        await client._open()
        return client

    # --- listening -------------------------------------------------------------------

    def on_lobby(self, listener: Callable[[tuple[TableSummary, ...]], None]) -> Callable[[], None]:
        """Call `listener` with the tables whenever the lobby changes (and once now)."""
        self._lobby_listeners.append(listener)
        listener(self.tables)
        return lambda: _discard(self._lobby_listeners, listener)

    def on_status(self, listener: StatusListener) -> Callable[[], None]:
        """Call `listener(status, message)` when the connection drops, comes back or ends.
        Coming back (CONNECTED) has a message when the seat we had is gone."""
        self._status_listeners.append(listener)
        return lambda: _discard(self._status_listeners, listener)

    def on_record(self, listener: Callable[[FinishedGame], None]) -> Callable[[], None]:
        """Call `listener` with each finished game's whole record, as the server sends it
        after the game (to keep it in the player's history)."""
        self._record_listeners.append(listener)
        return lambda: _discard(self._record_listeners, listener)

    def _set_status(self, status: Status, message: str | None = None) -> None:
        self.status = status
        for listener in list(self._status_listeners):
            listener(status, message)

    # --- the lobby -------------------------------------------------------------------

    async def refresh(self) -> tuple[TableSummary, ...]:
        """Ask for the tables now (they are also pushed on every change)."""
        await self._request(RequestType.LIST)
        return self.tables

    async def create(
        self, title: str | None = None, mode: LandlordMode = LandlordMode.BID
    ) -> RemoteTable:
        """Open a new table and sit at it."""
        reply = await self._request(RequestType.CREATE, title=title, mode=LandlordMode(mode).value)
        return self._seated(reply.args["table"], reply.args["seat"], reply.args["title"])

    async def join(self, table: int, seat: int | None = None) -> RemoteTable:
        """Sit at a table: in `seat`, or the first free one."""
        reply = await self._request(RequestType.JOIN, table=table, seat=seat)
        return self._seated(reply.args["table"], reply.args["seat"], reply.args["title"])

    async def leave(self) -> None:
        """Get up from the table (a bot finishes a game in progress) and return to the lobby."""
        await self._request(RequestType.LEAVE)
        self._unseat()

    async def ready(self, ready: bool = True) -> None:
        await self._request(RequestType.READY, ready=ready)

    async def fill(self, level: str) -> None:
        """Seat bots of `level` in the empty seats of your table."""
        await self._request(RequestType.FILL, level=level)

    async def close(self) -> None:
        """End the session (a seat at a table is kept for the grace period)."""
        self._closing = True
        if self._reconnecting is not None:
            self._reconnecting.cancel()
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        self._set_status(Status.CLOSED)

    # --- inside ----------------------------------------------------------------------

    @property
    def _where(self) -> str:
        return urlsplit(self.url).netloc

    def _seated(self, table: int, seat: int, title: str | None = None) -> RemoteTable:
        if self.table is None or (self.table.table_id, self.table.seat) != (table, seat):
            known = next((s.title for s in self.tables if s.id == table), None)
            self.table = RemoteTable(self, table, seat, self._states.get(table), title or known)
        return self.table

    def _unseat(self, notice: str | None = None) -> None:
        table, self.table = self.table, None
        self._states.clear()
        if table is not None:
            table._end(notice)

    async def _request(self, kind: RequestType, **args: Any) -> Message:
        if self._ws is None or self.status is not Status.CONNECTED:
            raise ConnectionLost(t("net.client.not_connected"))
        request_id = self._next_id
        self._next_id += 1
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            await self._ws.send(request(kind, request_id, **args))
            reply = await asyncio.wait_for(future, REPLY_TIMEOUT)
        except ConnectionClosed:
            raise ConnectionLost(t("net.client.not_connected")) from None
        except asyncio.TimeoutError:
            raise NetError(t("net.client.no_reply")) from None
        finally:
            self._pending.pop(request_id, None)
        if reply.type is PushType.ERROR:
            raise _refusal(reply)
        return reply

    async def _open(self) -> None:
        """Dial, say hello, read the welcome, start reading."""
        ws = await _dial(self.url)
        hello = request(
            RequestType.HELLO,
            v=PROTOCOL_VERSION,
            name=self.name,
            token=self.token,
            lang=self.lang.value,
        )
        try:
            await ws.send(hello)
            first = parse_push(await asyncio.wait_for(ws.recv(), OPEN_TIMEOUT))
        except (ConnectionClosed, asyncio.TimeoutError):
            await ws.close()
            raise ServerUnreachable(t("net.client.no_welcome", where=self._where)) from None
        except ProtocolError as bad:
            await ws.close()
            raise ServerUnreachable(
                t("net.client.not_ddz_because", where=self._where, error=bad.message)
            ) from None
        if first.type is PushType.ERROR:
            await ws.close()
            raise _refusal(first)
        if first.type is not PushType.WELCOME:
            await ws.close()
            raise ServerUnreachable(t("net.client.not_ddz", where=self._where))
        self._ws = ws
        notice = self._welcome(first)
        self._reader = asyncio.get_running_loop().create_task(self._read(ws))
        self._set_status(Status.CONNECTED, notice)

    def _welcome(self, welcome: Message) -> str | None:
        """Take the session the server welcomes us to. When the seat we had is not in
        it (the server let it go, or restarted since), we are in the lobby now: the
        notice that says so, also given with the CONNECTED status."""
        args = welcome.args
        self.name = args["name"]
        self.token = args["token"]
        self.turn_seconds = args["turn_seconds"]
        if self.tokens is not None:
            self.tokens.put(self.url, self.name, self.token)
        if args["table"] is not None:
            self._seated(args["table"], args["seat"])
            return None
        if self.table is None:
            return None
        notice = t("net.client.unseated", table=self.table.table_id)
        self._unseat(notice)
        return notice

    async def _read(self, ws: ClientConnection) -> None:
        error: str | None = None
        try:
            async for data in ws:
                try:
                    message = parse_push(data)
                    decoded = _decoded(message)
                except (ProtocolError, ValueError) as bad:
                    error = t("net.client.bad_message", error=getattr(bad, "message", bad))
                    await ws.close(1002, "protocol error")
                    break
                try:
                    self._dispatch(message, decoded)
                except Exception:  # a listener's bug must not end the session
                    log.exception("a listener failed on a %s message", message.type.value)
        except ConnectionClosed:
            pass
        self._ws = None
        for future in self._pending.values():
            if not future.done():
                future.set_exception(ConnectionLost(t("net.client.not_connected")))
        if self._closing:
            return
        if ws.close_code == CloseCode.REPLACED.value:
            self._lost(t("net.client.replaced"))
        elif ws.close_code == CloseCode.GOING_AWAY.value:  # nothing to resume on a restart
            self._lost(t("net.client.shut_down", where=self._where))
        elif error is None and self.reconnect_for > 0:
            self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect())
        else:
            self._lost(error or t("net.client.lost", where=self._where))

    def _dispatch(self, message: Message, decoded: Any) -> None:
        if message.id is not None and message.id in self._pending:
            future = self._pending.pop(message.id)
            if not future.done():
                future.set_result(message)
        if message.type is PushType.LOBBY:
            self.tables = decoded
            for listener in list(self._lobby_listeners):
                listener(self.tables)
        elif message.type is PushType.STATE:
            state = decoded
            table = message.args["table"]
            self._states[table] = state
            if self.table is not None and self.table.table_id == table:
                self.table._update(state)
        elif message.type is PushType.RECORD:
            self._finished(decoded)
        elif message.type is PushType.ERROR and message.id is None:
            log.warning("server: %s", message.args["message"])

    def _finished(self, record: FinishedGame) -> None:
        """Pass on a finished game's record if it is the game this seat saw end."""
        state = self._states.get(record.table)
        try:
            if state is None or state.games != record.games:
                raise ValueError(f"we did not see game {record.games} end")
            if record.final_view() != state.view:
                raise ValueError("it is not the game we saw")
        except ValueError as bad:
            log.warning("a record from the server is not kept: %s", bad)
            return
        for listener in list(self._record_listeners):
            listener(record)

    async def _reconnect(self) -> None:
        """Try again with the session token until the server takes us back or time is up."""
        self._set_status(Status.RECONNECTING, t("net.client.reconnecting"))
        if self.table is not None:
            self.table._notice(t("net.client.reconnecting"))
        loop = asyncio.get_running_loop()
        end = loop.time() + self.reconnect_for
        delay = 0.2
        failure: NetError = ConnectionLost(t("net.client.lost", where=self._where))
        while loop.time() < end:
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)
            try:
                await self._open()
                return
            except (Refused, VersionMismatch) as refused:
                failure = refused
                break
            except NetError as error:
                failure = ConnectionLost(t("net.client.gave_up", error=error.message))
        self._lost(failure.message)

    def _lost(self, message: str) -> None:
        self._unseat(message)
        self._set_status(Status.CLOSED, message)


class RemoteTable:
    """A seat at a table on a game server: the `TableClient` the table screen plays."""

    def __init__(
        self,
        lobby: LobbyClient,
        table_id: int,
        seat: int,
        state: TableState | None = None,
        table_title: str | None = None,
    ) -> None:
        self.lobby = lobby
        self.table_id = table_id
        self.seat = seat
        self.state = state
        self.table_title = table_title  # as the server names it, when known
        self.seated = True
        self._listeners: list[Listener] = []

    @property
    def title(self) -> str:
        """The table as the player reads it: Table 3 · ann's table."""
        number = t("net.table_number", n=self.table_id)
        return f"{number} · {self.table_title}" if self.table_title else number

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        if self.state is not None:
            listener(self.state)
        return lambda: _discard(self._listeners, listener)

    async def bid(self, bid: int) -> None:
        await self._act(RequestType.BID, bid=bid)

    async def play(self, cards: Sequence[Card]) -> None:
        await self._act(RequestType.PLAY, cards=[card.id for card in cards])

    async def pass_turn(self) -> None:
        await self._act(RequestType.PASS)

    async def next_game(self) -> None:
        """Say ready: the server deals once every seat is ready."""
        await self.ready(True)

    async def ready(self, ready: bool = True) -> None:
        await self._act(RequestType.READY, ready=ready)

    async def fill(self, level: str) -> None:
        await self._act(RequestType.FILL, level=level)

    async def close(self) -> None:
        """Leave the table (back to the lobby); the session stays open."""
        if self.seated and self.lobby.table is self and self.lobby.status is Status.CONNECTED:
            with contextlib.suppress(NetError):
                await self.lobby.leave()
        self.seated = False

    async def _act(self, kind: RequestType, **args: Any) -> None:
        if not self.seated:
            raise IllegalAction(ErrorReason.NOT_SEATED, t("net.error.not_seated"))  # type: ignore[arg-type]
        try:
            await self.lobby._request(kind, **args)
        except Refused as refused:
            raise IllegalAction(_reason(refused.reason), refused.message) from None
        except NetError as error:
            raise IllegalAction(ErrorReason.NOT_CONNECTED, error.message) from None  # type: ignore[arg-type]

    def _update(self, state: TableState) -> None:
        self.state = state
        for listener in list(self._listeners):
            listener(state)

    def _notice(self, text: str) -> None:
        if self.state is not None:
            self._update(replace(self.state, notice=text, thinking=None, turn_seconds=None))

    def _end(self, notice: str | None) -> None:
        """The seat is gone (left, freed by the server, connection lost for good)."""
        self.seated = False
        if notice is not None:
            self._notice(notice)


def _decoded(message: Message) -> Any:
    """The lobby or the table state a message carries (checked: ValueError if wrong)."""
    if message.type is PushType.LOBBY:
        return decode_lobby(message.args)
    if message.type is PushType.STATE:
        return decode_state(message.args)
    if message.type is PushType.RECORD:
        return decode_record(message.args)
    return None


def _reason(value: str) -> Reason:
    """The engine's reason when it is one, else the protocol's (both are str enums)."""
    for kind in (Reason, ErrorReason):
        with contextlib.suppress(ValueError):
            return kind(value)  # type: ignore[return-value]
    return ErrorReason.INTERNAL  # type: ignore[return-value]
