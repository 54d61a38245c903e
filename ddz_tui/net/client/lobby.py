"""The client's session with a game server, and the lobby it sees there.

`LobbyClient.connect(url, name)` says hello and keeps the session: the lobby's
tables (pushed on every change), create / join / leave / ready / fill with bots. A
seat is a `RemoteTable` (`remote`), which the table screen plays as a local table.

A dropped connection is retried with the session token for a while (the server
keeps the seat meanwhile); every failure is a `NetError` with a message a player
can act on: a wrong address, nothing listening, not a ddz server, another version.

At a service of many servers (protocol 10) the session follows a `moved` reply to the
server that holds what was asked, without a word to the player, and when its server
is gone it goes back through one of the `peers` the welcome named.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from ddz_tui.engine import LandlordMode, Rules
from ddz_tui.i18n import Lang, language, t
from ddz_tui.net.client.dial import OPEN_TIMEOUT, dial, normalise_url
from ddz_tui.net.client.errors import (
    BadAddress,
    ConnectionLost,
    NetError,
    Refused,
    ServerUnreachable,
    VersionMismatch,
)
from ddz_tui.net.client.remote import RemoteTable
from ddz_tui.net.client.tokens import TokenStore
from ddz_tui.net.errors import CloseCode, ErrorReason, ProtocolError
from ddz_tui.net.ladder import decode_ladder
from ddz_tui.net.protocol import (
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    Message,
    PushType,
    RequestType,
    decode_chat,
    parse_push,
    request,
)
from ddz_tui.net.states import (
    FinishedGame,
    TableSummary,
    apply_lobby_changes,
    decode_lobby,
    decode_record,
    decode_state,
)
from ddz_tui.records.ladder import Ladder, Period
from ddz_tui.table.chat import HISTORY, ChatLine, ChatListener, QuickPhrase
from ddz_tui.table.host import _discard
from ddz_tui.table.seats import TableState

log = logging.getLogger(__name__)

REPLY_TIMEOUT = 30.0
RECONNECT_FOR = 60.0  # seconds to keep trying after a drop
MAX_MOVES = 3  # `moved` replies one request (or one hello) follows; past them, a NetError
_MOVABLE = frozenset({RequestType.CREATE, RequestType.JOIN, RequestType.WATCH})


class Status(str, Enum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    CLOSED = "closed"


StatusListener = Callable[[Status, str | None], object]


def _refusal(message: Message) -> NetError:
    reason, text = message.args["reason"], message.args["message"]
    if reason == ErrorReason.VERSION.value:
        return VersionMismatch(text)
    return Refused(reason, text)


def _address(url: str) -> str:
    """The URL to dial for a server's address that a server gave (`moved`, `peers`);
    NetError when it is not a ws:// or wss:// URL with a host: it is not followed."""
    try:
        if not url.lower().startswith(("ws://", "wss://")):
            raise BadAddress(url)
        return normalise_url(url)
    except BadAddress:
        raise NetError(t("net.client.bad_move", url=url)) from None


def _where_of(url: str) -> str:
    return urlsplit(url).netloc


def _over_the_limit(closed: ConnectionClosed) -> bool:
    """We closed the connection: the server's message was over `MAX_SERVER_MESSAGE`."""
    return closed.sent is not None and closed.sent.code == CloseCode.TOO_BIG


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
        ticket: str | None = None,
    ) -> None:
        """`ticket`: the SSH door's word that the name is bound to this player's key
        (`GameServer.vouch`), said with every hello: the player then plays ranked."""
        self.url = normalise_url(url)  # the server we are at: the one a `moved` sent us to
        self._dialled = self.url
        self.peers: tuple[str, ...] = (self.url,)  # where to go back: the first, its peers
        self.name = name
        self.ticket = ticket
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
        self._lobby_listeners: list[Callable[[tuple[TableSummary, ...]], object]] = []
        self._status_listeners: list[StatusListener] = []
        self._record_listeners: list[Callable[[FinishedGame], None]] = []
        self._chat_listeners: list[ChatListener] = []
        self.lobby_chat: deque[ChatLine] = deque(maxlen=HISTORY)  # lines said in the lobby
        self._closing = False
        self._moving: asyncio.Event | None = None  # set while we go to another server

    @classmethod
    async def connect(cls, url: str, name: str, **options: Any) -> LobbyClient:
        """Connect and say hello; raises a NetError that says what went wrong."""
        client = cls(url, name, **options)
        await client._open()
        return client

    @property
    def connected(self) -> bool:
        """The session is up: not reconnecting, not closed."""
        return self.status is Status.CONNECTED

    # --- listening -------------------------------------------------------------------

    def on_lobby(
        self, listener: Callable[[tuple[TableSummary, ...]], object]
    ) -> Callable[[], None]:
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
        self,
        title: str | None = None,
        mode: LandlordMode = LandlordMode.BID,
        rules: Rules | None = None,
        chat: bool = True,
        spectators: bool = True,
        code: str | None = None,
    ) -> RemoteTable:
        """Open a new table and sit at it: its house rules are `rules`, else the plain
        game with `mode`; `chat` False turns its chat off, `spectators` False lets
        nobody watch; a `code` makes it private (only who know it sit or watch there)."""
        if rules is None:
            rules = Rules(LandlordMode(mode))
        reply = await self._request(
            RequestType.CREATE,
            title=title,
            rules=rules.to_dict(),
            chat=chat,
            spectators=spectators,
            code=code,
        )
        return self._seated(reply.args["table"], reply.args["seat"], reply.args["title"])

    async def join(
        self, table: int, seat: int | None = None, code: str | None = None
    ) -> RemoteTable:
        """Sit at a table: in `seat`, or the first free one (a private table's `code`)."""
        reply = await self._request(RequestType.JOIN, table=table, seat=seat, code=code)
        return self._seated(reply.args["table"], reply.args["seat"], reply.args["title"])

    async def watch(self, table: int, code: str | None = None) -> RemoteTable:
        """Watch a table from no seat (a private table's `code`): a `RemoteTable` that
        hears the public view, drawn from seat 0's chair, and acts for no one."""
        reply = await self._request(RequestType.WATCH, table=table, code=code)
        return self._seated(reply.args["table"], 0, reply.args["title"], watching=True)

    async def leave(self) -> None:
        """Get up from the table (a bot finishes a game in progress) and return to the lobby."""
        await self._request(RequestType.LEAVE)
        self._unseat()

    async def ready(self, ready: bool = True) -> None:
        await self._request(RequestType.READY, ready=ready)

    async def fill(self, level: str) -> None:
        """Seat bots of `level` in the empty seats of your table."""
        await self._request(RequestType.FILL, level=level)

    async def leaderboard(self, period: Period) -> Ladder:
        """The server's ladder over `period`: its top rows, and ours when not among
        them. Refused (`no_ladder`) by a server that keeps no history."""
        reply = await self._request(RequestType.LEADERBOARD, period=period.value)
        try:
            return decode_ladder(reply.args)
        except ValueError as bad:
            raise NetError(t("net.client.bad_message", error=bad)) from None

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
        return _where_of(self.url)

    def _seated(
        self, table: int, seat: int, title: str | None = None, watching: bool = False
    ) -> RemoteTable:
        here = self.table
        if here is None or (here.table_id, here.seat, here.watching) != (table, seat, watching):
            known = next((s.title for s in self.tables if s.id == table), None)
            state = self._states.get(table)
            if state is not None and state.watching != watching:
                state = None  # what we saw from another place at that table
            here = RemoteTable(self, table, seat, state, title or known, watching=watching)
            self.table = here
        return here

    def _unseat(self, notice: str | None = None) -> None:
        table, self.table = self.table, None
        self._states.clear()
        if table is not None:
            table._end(notice)

    async def _request(self, kind: RequestType, **args: Any) -> Message:
        """Send a request and wait for its reply (a refusal raised as a NetError). One that
        another server of the service must answer (`moved`) is asked again there, the
        session going with it, at most MAX_MOVES times; a new table asked for again
        says it was `placed`, so that server opens it."""
        moves = 0
        while True:
            reply = await self._ask(kind, args)
            if reply.type is not PushType.MOVED:
                break
            moving = self._moving = asyncio.Event()  # later requests wait to be sent there
            try:
                url = self._follow(kind, reply, moves)
                moves += 1
                await self._move(url)
            finally:
                self._moving = None
                moving.set()
            if kind is RequestType.CREATE:
                args = {**args, "placed": True}
        if reply.type is PushType.ERROR:
            raise _refusal(reply)
        return reply

    def _follow(self, kind: RequestType, moved: Message, moves: int) -> str:
        """Where a `moved` reply sends us; NetError when we go no further."""
        if kind not in _MOVABLE:
            why = t("net.client.moved_reply", type=kind.value)
            raise NetError(t("net.client.bad_message", error=why))
        if moves >= MAX_MOVES:
            raise NetError(t("net.client.moved_too_often"))
        return _address(moved.args["url"])

    async def _ask(self, kind: RequestType, args: dict[str, Any]) -> Message:
        """Send a request, its reply (an `error` or a `moved` one too)."""
        while self._moving is not None:  # the session is on its way to another server
            await self._moving.wait()
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
        return reply

    async def _move(self, url: str) -> None:
        """Leave this server for `url` without a word to the player and say hello there
        with our name, token and ticket. A place held here (watching) is left: the
        player asked for one there. NetError when it cannot be reached (the session
        then tries to come back, as after a drop)."""
        others = [future for future in self._pending.values() if not future.done()]
        if others:  # requests already sent here are answered here
            await asyncio.wait(others, timeout=OPEN_TIMEOUT)
        old, reader = self._ws, self._reader
        self._ws = None  # its reader ends without a word: we leave on purpose
        if old is not None:
            await old.close()
        if reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        for future in others:
            if not future.done():
                future.set_exception(ConnectionLost(t("net.client.not_connected")))
        if self.table is not None:
            self._unseat()
        try:
            await self._open(url)
        except NetError as error:
            self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect())
            where = _where_of(url)
            raise NetError(t("net.client.move_failed", where=where, error=error.message)) from None
        if self._closing:  # the player left meanwhile
            await self.close()

    async def _open(self, url: str | None = None) -> None:
        """Dial `url` (ours when None), say hello, read the welcome, start reading. A
        server that sends us on (`moved`) is followed, at most MAX_MOVES times; the
        server that welcomes us is ours from then on."""
        url = self.url if url is None else url
        ws, first = await self._hello(url)
        moves = 0
        while first.type is PushType.MOVED:
            await ws.close()
            if moves >= MAX_MOVES:
                raise NetError(t("net.client.moved_too_often"))
            moves += 1
            url = _address(first.args["url"])
            ws, first = await self._hello(url)
        if first.type is PushType.ERROR:
            await ws.close()
            raise _refusal(first)
        if first.type is not PushType.WELCOME:
            await ws.close()
            raise ServerUnreachable(t("net.client.not_ddz", where=_where_of(url)))
        left, self.url = self.url, url
        self._ws = ws
        notice = self._welcome(first, None if left == url else left)
        self._reader = asyncio.get_running_loop().create_task(self._read(ws))
        if self.status is not Status.CONNECTED or notice is not None:
            self._set_status(Status.CONNECTED, notice)

    async def _hello(self, url: str) -> tuple[ClientConnection, Message]:
        """Dial `url` and say hello: the connection and the server's first answer."""
        where = _where_of(url)
        ws = await dial(url)
        hello = request(
            RequestType.HELLO,
            v=PROTOCOL_VERSION,
            name=self.name,
            token=self.token,
            lang=self.lang.value,
            ticket=self.ticket,
        )
        try:
            await ws.send(hello)
            first = parse_push(await asyncio.wait_for(ws.recv(), OPEN_TIMEOUT))
        except ConnectionClosed as closed:
            await ws.close()
            if _over_the_limit(closed):
                raise ServerUnreachable(self._too_big_words(where)) from None
            raise ServerUnreachable(t("net.client.no_welcome", where=where)) from None
        except asyncio.TimeoutError:
            await ws.close()
            raise ServerUnreachable(t("net.client.timeout", where=where)) from None
        except ProtocolError as bad:
            await ws.close()
            raise ServerUnreachable(
                t("net.client.not_ddz_because", where=where, error=bad.message)
            ) from None
        return ws, first

    def _welcome(self, welcome: Message, left: str | None = None) -> str | None:
        """Take the session the server welcomes us to. When the seat we had is not in
        it (the server let it go, or restarted since; or it is gone, and we came back
        through another server of the service, having `left` it), we are in the lobby
        now: the notice that says so, also given with the CONNECTED status."""
        args = welcome.args
        self.name = args["name"]
        self.token = args["token"]
        self.turn_seconds = args["turn_seconds"]
        if self.tokens is not None:  # kept for where we are and where the player dialled
            for url in dict.fromkeys((self.url, self._dialled)):  # (a service shares tokens)
                self.tokens.put(url, self.name, self.token)
        peers = []
        for peer in args["peers"]:
            try:
                peers.append(_address(peer))
            except NetError:  # not followed; the others are
                log.warning("the server names a peer that is no server address: %s", peer)
        self.peers = tuple(dict.fromkeys((self._dialled, *peers)))
        if args["table"] is not None:
            self._seated(args["table"], args["seat"])
            return None
        if self.table is None:
            return None
        if left is None:
            notice = t("net.client.unseated", table=self.table.table_id)
        else:
            notice = t("net.client.server_gone", table=self.table.table_id, gone=_where_of(left))
        self._unseat(notice)
        return notice

    async def _read(self, ws: ClientConnection) -> None:
        error: str | None = None
        try:
            async for data in ws:
                try:
                    message = parse_push(data)
                    decoded = _decoded(message, self.tables)
                except (ProtocolError, ValueError) as bad:
                    error = t("net.client.bad_message", error=getattr(bad, "message", bad))
                    await ws.close(1002, "protocol error")
                    break
                try:
                    self._dispatch(message, decoded)
                except Exception:  # a listener's bug must not end the session
                    log.exception("a listener failed on a %s message", message.type.value)
        except ConnectionClosed as closed:
            if _over_the_limit(closed):
                error = self._too_big_words()
        if ws is not self._ws:
            return  # a server we left for another (`moved`): nothing ends, nothing resumes
        self._ws = None
        for future in self._pending.values():
            if not future.done():
                future.set_exception(ConnectionLost(t("net.client.not_connected")))
        if self._closing:
            return
        if ws.close_code == CloseCode.REPLACED.value:
            self._lost(t("net.client.replaced"))
        elif ws.close_code == CloseCode.GOING_AWAY.value and not self._elsewhere:
            self._lost(t("net.client.shut_down", where=self._where))  # nothing to resume
        elif error is None and self.reconnect_for > 0:
            self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect())
        else:
            self._lost(error or t("net.client.lost", where=self._where))

    def _too_big_words(self, where: str | None = None) -> str:
        where = self._where if where is None else where
        return t("net.client.too_big", where=where, limit=MAX_SERVER_MESSAGE >> 20)

    @property
    def _elsewhere(self) -> tuple[str, ...]:
        """The other servers of the service we may go back through."""
        return tuple(peer for peer in self.peers if peer != self.url)

    def _dispatch(self, message: Message, decoded: Any) -> None:
        if message.id is not None and message.id in self._pending:
            future = self._pending.pop(message.id)
            if not future.done():
                future.set_result(message)
        if message.type in (PushType.LOBBY, PushType.LOBBY_CHANGES):
            self.tables = decoded
            for listener in list(self._lobby_listeners):
                listener(self.tables)
        elif message.type is PushType.STATE:
            state = decoded
            table = message.args["table"]
            here = self.table
            if here is not None and here.table_id == table and here.watching != state.watching:
                log.warning("a state for a %s place at table %d is not shown", "seat's", table)
                return  # a spectator's state to a seat, or a seat's to a spectator
            self._states[table] = state
            if here is not None and here.table_id == table:
                here._update(state)
        elif message.type is PushType.RECORD:
            self._finished(decoded)
        elif message.type is PushType.CHAT:
            self._heard(message.args["table"], decoded)
        elif message.type is PushType.WATCH_OVER:
            table = self.table
            if table is not None and table.watching and table.table_id == message.args["table"]:
                self._unseat(t("net.error.watch_closed", table=table.table_id))
        elif message.type is PushType.ERROR and message.id is None:
            log.warning("server: %s", message.args["message"])

    def _heard(self, table: int | None, line: ChatLine) -> None:
        """A line said at our table goes to its seat's listeners, one said in the
        lobby to the lobby's (the last HISTORY kept, in `lobby_chat`); any other is stale."""
        if table is None:
            self.lobby_chat.append(line)
            for listener in list(self._chat_listeners):
                listener(line)
        elif self.table is not None and self.table.table_id == table:
            self.table._heard(line)

    def on_chat(self, listener: ChatListener) -> Callable[[], None]:
        """Call `listener` with each line said in the lobby."""
        self._chat_listeners.append(listener)
        return lambda: _discard(self._chat_listeners, listener)

    async def say(self, phrase: QuickPhrase | None = None, text: str | None = None) -> None:
        """Say a quick phrase or your own words in the lobby (at a table, its
        `RemoteTable.say`); Refused says why not."""
        said = None if phrase is None else phrase.value
        await self._request(RequestType.CHAT, phrase=said, text=text)

    def _finished(self, record: FinishedGame) -> None:
        """Pass on a finished game's record if it is the game this seat saw end."""
        state = self._states.get(record.table)
        try:
            if state is None or state.games != record.games:
                raise ValueError(f"we did not see game {record.games} end")
            final = record.final_view()
            if final != state.view:
                raise ValueError("it is not the game we saw")
        except ValueError as bad:
            log.warning("a record from the server is not kept: %s", bad)
            return
        self._lay_open(record.table, replace(state, view=final))
        if state.watching:
            return  # a game watched is not a game played: kept in no history
        for listener in list(self._record_listeners):
            listener(record)

    def _lay_open(self, table: int, state: TableState) -> None:
        """The game we saw end, with every hand laid open (from its record)."""
        self._states[table] = state
        if self.table is not None and self.table.table_id == table:
            self.table._update(state)

    async def _reconnect(self) -> None:
        """Try again with the session token until the server takes us back or time is up.
        While ours cannot be reached (or is shut down), each of its peers is tried too,
        in turn: one that refuses us is passed over this round. A seat on a server that
        is gone is gone: the welcome at a peer says so (`_welcome`)."""
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
            if await self._through_a_peer():
                return
        self._lost(failure.message)

    async def _through_a_peer(self) -> bool:
        """Say hello at each other server of the service in turn until one welcomes us."""
        for peer in self._elsewhere:
            try:
                await self._open(peer)
                return True
            except NetError as error:  # not there, or it refused us: the next one
                log.info("cannot go back through %s: %s", peer, error.message)
        return False

    def _lost(self, message: str) -> None:
        self._unseat(message)
        self._set_status(Status.CLOSED, message)


def _decoded(message: Message, tables: tuple[TableSummary, ...]) -> Any:
    """The lobby (`tables` as the message leaves them) or the table state a message
    carries (checked: ValueError if wrong)."""
    if message.type is PushType.LOBBY:
        return decode_lobby(message.args)
    if message.type is PushType.LOBBY_CHANGES:
        return apply_lobby_changes(tables, message.args)
    if message.type is PushType.STATE:
        return decode_state(message.args)
    if message.type is PushType.RECORD:
        return decode_record(message.args)
    if message.type is PushType.CHAT:
        return decode_chat(message.args)
    return None
