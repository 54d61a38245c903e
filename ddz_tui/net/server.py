"""The game server: many tables behind a lobby, over WebSocket (docs/protocol.md).

The server is authoritative: each table is a `TableHost` that runs the engine and the
bots; a connection only says what its player intends (sit, ready, bid, play, pass)
and hears its own seat's `TableState`. Every message is checked before anything
happens; a bad one gets an error reply, a flood or an oversized message closes that
connection, and nothing a connection sends can touch another table.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from websockets.asyncio.server import Server, serve
from websockets.exceptions import ConnectionClosed

from ddz_tui import __version__
from ddz_tui.bots import make_bot
from ddz_tui.bots.deciders import THREADS, Decider, ProcessDecider, cores
from ddz_tui.cards import DECK
from ddz_tui.engine import IllegalAction, LandlordMode, Phase
from ddz_tui.history import History, keep_games
from ddz_tui.i18n import Lang, language, set_language, t
from ddz_tui.net import DEFAULT_PORT, ws_url
from ddz_tui.net.backlog import GuardedConnection, Outbox
from ddz_tui.net.errors import CloseCode, ErrorReason, ProtocolError
from ddz_tui.net.protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_EVENTS,
    MAX_SERVER_MESSAGE,
    PROTOCOL_VERSION,
    Message,
    PushType,
    RequestType,
    check_name,
    dumps,
    encode_error,
    encode_ok,
    hello_version,
    parse_request,
    request_id_of,
)
from ddz_tui.net.ratelimit import TokenBucket
from ddz_tui.net.states import TableSummary, encode_lobby, encode_record, encode_state
from ddz_tui.net.tasks import background
from ddz_tui.store import Origin
from ddz_tui.table import (
    DEFAULT_BOT_DELAY,
    DEFAULT_GRACE,
    DEFAULT_TURN_SECONDS,
    EMPTY_SEAT,
    SeatInfo,
    SeatKind,
    TableHost,
    TableState,
)
from ddz_tui.text import is_printable

log = logging.getLogger(__name__)

OUTBOX_MAX = 512  # messages waiting for a client that does not read: past this, it is closed
# refusals by the rate limit: past this many at once, or past the rate itself on
# average, the connection is closed as a flood
MAX_REFUSED = 100
LOBBY_DELAY = 0.05  # lobby changes are sent at most this often
SHUTTING_DOWN = "the server is shutting down"  # the reason with 1001 when it stops


@dataclass(frozen=True)
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    turn_seconds: float | None = DEFAULT_TURN_SECONDS  # None: no turn timer
    grace: float = DEFAULT_GRACE
    bot_delay: float = DEFAULT_BOT_DELAY
    takeover_level: str = "random"
    max_tables: int = 500
    rate: float = 20.0  # messages a second a connection may send on average
    burst: int = 40
    hello_timeout: float = 10.0
    ping_interval: float | None = 10.0  # also the time to notice a silent drop
    # bytes waiting for one client (our outbox and the socket's write buffer): past
    # this it is closed; any message a client accepts fits
    max_queued: int = 2 * MAX_SERVER_MESSAGE
    drain_timeout: float = 10.0  # seconds a client may leave its write buffer full
    bot_workers: int | None = None  # processes for the hard bots: None, one a core; 0, threads


@contextlib.contextmanager
def speaking(lang: Lang) -> Iterator[None]:
    """Render messages in one player's language for a moment (one event loop, so no
    other request can interleave)."""
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


@dataclass(eq=False)
class Player:
    """A name at the server: connected, or away but still holding a seat."""

    name: str
    token: str
    lang: Lang
    conn: Connection | None = None
    table: Table | None = None
    seat: int | None = None
    unsubscribe: Callable[[], None] | None = None
    in_game: tuple[int, int] | None = None  # (table, games before it): the game they play in
    # the seat they got up from during a game, which a bot finishes: theirs to take
    # back until it is freed (a seat goes back only to its player, never to a name)
    left: tuple[Table, int] | None = None


@dataclass(eq=False)
class Table:
    id: int
    title: str
    host: TableHost

    def summary(self) -> TableSummary:
        return TableSummary(
            id=self.id,
            title=self.title,
            mode=self.host.landlord_mode,
            seats=self.host.seats,  # type: ignore[arg-type]
            playing=self.host.playing,
            games=self.host.games,
        )

    @property
    def has_players(self) -> bool:
        return any(info.kind is SeatKind.HUMAN for info in self.host.seats)


@dataclass(eq=False)
class Connection:
    """One WebSocket: an outbox written by its own task, bounded in messages and (with
    what the socket still holds) in bytes, and a rate limit on messages and pings."""

    ws: GuardedConnection
    bucket: TokenBucket  # messages and pings
    refusals: TokenBucket  # how much past `bucket` it may go before it is a flood
    player: Player | None = None
    closing: bool = False
    lobby: str = ""  # the lobby as this connection last heard it

    def __post_init__(self) -> None:
        self.ws.on_ping = self.allow

    @property
    def outbox(self) -> Outbox:
        return self.ws.outbox

    @property
    def queued(self) -> int:
        """Bytes held for the client: its outbox and the socket's write buffer."""
        return self.ws.queued

    def send_lobby(self, text: str) -> None:
        if text != self.lobby:
            self.lobby = text
            self.send(text, lobby=True)

    def send(self, text: str, lobby: bool = False) -> None:
        """Queue a message; a lobby push replaces one still waiting. A client that
        lets too much pile up is closed (1008) rather than buffered for."""
        if self.closing:
            return
        data = text.encode()
        if len(self.outbox) >= OUTBOX_MAX or not self.ws.has_room(len(data)):
            self.close(CloseCode.POLICY, "too slow: messages piled up")
            return
        self.outbox.put(data, lobby)

    def allow(self) -> bool:
        """The rate limit, for a message or a ping: whether it may be handled. One
        refused past `refusals` closes the connection as a flood."""
        if self.bucket.allow():
            return True
        if not self.refusals.allow() and not self.closing:
            log.warning("closing a flooding connection from %s", self.ws.remote_address)
            self.close(CloseCode.POLICY, "flooding")
        return False

    @property
    def lang(self) -> Lang:
        """The language the connection's player reads (English before the hello)."""
        return self.player.lang if self.player else Lang.EN

    def send_state(self, table: int, state: TableState) -> None:
        with speaking(self.lang):
            self.send(encode_state(table, state))

    def close(self, code: CloseCode, reason: str) -> None:
        """Close with `code` (a client that does not read in time is aborted by the
        guard, which then drops what was still waiting)."""
        if not self.closing:
            self.closing = True
            background(self.ws.close(code.value, reason))

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.ws.send(await self.outbox.get(), text=True)


class GameServer:
    """Hosts tables for players who connect over WebSocket. Use `async with`.
    Every game the tables finish is kept in `history` (closed with the server), if
    there is one."""

    def __init__(self, config: ServerConfig | None = None, history: History | None = None) -> None:
        self.config = config or ServerConfig()
        self.history = history
        self.players: dict[str, Player] = {}
        self.tables: dict[int, Table] = {}
        self.port = self.config.port
        self._next_table = 1
        self._server: Server | None = None
        self._connections: set[Connection] = set()
        self._lobby_timer: asyncio.TimerHandle | None = None
        workers = cores() if self.config.bot_workers is None else self.config.bot_workers
        self.decider: Decider = ProcessDecider(workers) if workers else THREADS
        self._handlers: dict[RequestType, Callable[[Player, Message], list[str]]] = {
            RequestType.HELLO: self._on_hello_again,
            RequestType.LIST: self._on_list,
            RequestType.CREATE: self._on_create,
            RequestType.JOIN: self._on_join,
            RequestType.LEAVE: self._on_leave,
            RequestType.READY: self._on_ready,
            RequestType.FILL: self._on_fill,
            RequestType.BID: self._on_bid,
            RequestType.PLAY: self._on_play,
            RequestType.PASS: self._on_pass,
        }

    # --- running ---------------------------------------------------------------------

    async def start(self) -> None:
        """Listen (on a free port when the config says 0; `port` then tells which)."""
        cfg = self.config
        ping = cfg.ping_interval
        self._server = await serve(
            self._connection,
            cfg.host,
            cfg.port,
            max_size=MAX_CLIENT_MESSAGE,
            max_queue=16,
            compression=None,
            ping_interval=ping,
            ping_timeout=ping,
            close_timeout=2,
            server_header=f"ddz-tui/{__version__}",
            create_connection=functools.partial(
                GuardedConnection, max_queued=cfg.max_queued, drain_timeout=cfg.drain_timeout
            ),
        )
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("listening on %s", self.url)

    @property
    def url(self) -> str:
        return ws_url(self.config.host, self.port)

    async def close(self) -> None:
        """Stop: every client hears 1001 (SHUTTING_DOWN), the tables close, and the
        games they finished are written to the history."""
        if self._server is not None:
            for conn in list(self._connections):
                conn.close(CloseCode.GOING_AWAY, SHUTTING_DOWN)
            self._server.close()
            await self._server.wait_closed()
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()
        for table in list(self.tables.values()):
            await table.host.close()
        self.tables.clear()
        await self.decider.close()
        if self.history is not None:
            await self.history.close()

    async def __aenter__(self) -> GameServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- connections -----------------------------------------------------------------

    async def _connection(self, ws: GuardedConnection) -> None:
        cfg = self.config
        conn = Connection(ws, TokenBucket(cfg.rate, cfg.burst), TokenBucket(cfg.rate, MAX_REFUSED))
        self._connections.add(conn)
        try:
            await self._serve(conn)
        finally:
            self._connections.discard(conn)

    async def _serve(self, conn: Connection) -> None:
        try:
            player = await self._hello(conn)
        except ConnectionClosed:
            return
        if player is None:
            return
        writer = asyncio.get_running_loop().create_task(conn.write())
        try:
            self._welcome(conn, player)
            async for data in conn.ws:
                self._receive(conn, data)
        except ConnectionClosed:
            pass
        finally:
            self._detach(conn)
            writer.cancel()

    def _allowed(self, conn: Connection, data: str | bytes) -> bool:
        """The rate limit: refuse each message past it, close a flood."""
        if conn.allow():
            return True
        with speaking(conn.lang):
            refusal = encode_error(
                request_id_of(data), ErrorReason.RATE_LIMITED, t("net.error.rate")
            )
        conn.send(refusal)
        return False

    async def _hello(self, conn: Connection) -> Player | None:
        """Wait for a valid hello; refuse and close on a wrong version or name."""
        ws = conn.ws
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.hello_timeout
        while True:
            try:
                data = await asyncio.wait_for(ws.recv(), max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                await ws.close(CloseCode.POLICY.value, "no hello")
                return None
            if not conn.bucket.allow():
                await ws.close(CloseCode.POLICY.value, "flooding")
                return None
            version = hello_version(data)
            if version is not None and version != PROTOCOL_VERSION:
                refusal = t("net.error.version", server=PROTOCOL_VERSION, client=version)
                await ws.send(encode_error(request_id_of(data), ErrorReason.VERSION, refusal))
                await ws.close(CloseCode.VERSION.value, ErrorReason.VERSION.value)
                return None
            try:
                message = parse_request(data)
            except ProtocolError as error:
                await ws.send(encode_error(error.request_id, error.reason, error.message))
                continue
            if message.type is not RequestType.HELLO:
                await ws.send(
                    encode_error(message.id, ErrorReason.HELLO_FIRST, t("net.error.hello_first"))
                )
                continue
            lang = Lang(message.args["lang"] or Lang.EN.value)
            with speaking(lang):
                try:
                    return self._claim(conn, message, lang)
                except ProtocolError as error:
                    await ws.send(encode_error(message.id, error.reason, error.message))
                    await ws.close(CloseCode.REFUSED.value, error.reason.value)
                    return None

    def _claim(self, conn: Connection, hello: Message, lang: Lang) -> Player:
        """The player this hello speaks for: new, or back with its session token."""
        name = check_name(hello.args["name"])
        token = hello.args["token"]
        player = self.players.get(name)
        if player is None:
            player = Player(name, secrets.token_urlsafe(24), lang)
            self.players[name] = player
            log.info("%s connected", name)
        elif token is None or not secrets.compare_digest(token, player.token):
            raise ProtocolError(ErrorReason.NAME_TAKEN, t("net.error.name_taken", name=name))
        else:
            old = player.conn
            if old is not None:
                old.player = None
                old.close(CloseCode.REPLACED, "replaced by a new connection")
            log.info("%s reconnected", name)
        player.lang = lang
        player.conn = conn
        conn.player = player
        return player

    def _welcome(self, conn: Connection, player: Player) -> None:
        table = player.table
        conn.send(
            dumps(
                {
                    "type": PushType.WELCOME.value,
                    "v": PROTOCOL_VERSION,
                    "name": player.name,
                    "token": player.token,
                    "server": f"ddz-tui {__version__}",
                    "table": None if table is None else table.id,
                    "seat": player.seat,
                    "turn_seconds": self.config.turn_seconds,
                    "limits": {
                        "max_message": MAX_CLIENT_MESSAGE,
                        "rate": self.config.rate,
                        "burst": self.config.burst,
                    },
                }
            )
        )
        if table is None:
            conn.send_lobby(self._lobby_text())
            return
        self._watch_seat(player)
        assert player.seat is not None
        if not table.host.seats[player.seat].connected:
            table.host.resume(player.seat)

    def _detach(self, conn: Connection) -> None:
        player = conn.player
        if player is None or player.conn is not conn:
            return  # refused at hello, or replaced by a newer connection
        player.conn = None
        self._unwatch(player)
        if player.table is not None and player.seat is not None:
            log.info("%s dropped from table %d", player.name, player.table.id)
            player.table.host.drop(player.seat)
        else:
            log.info("%s disconnected", player.name)
            del self.players[player.name]

    # --- messages --------------------------------------------------------------------

    def _receive(self, conn: Connection, data: str | bytes) -> None:
        player = conn.player
        if player is None or conn.closing or not self._allowed(conn, data):
            return
        with speaking(player.lang):
            request_id = None
            try:
                message = parse_request(data)
                request_id = message.id
                replies = self._handlers[message.type](player, message)
            except ProtocolError as error:
                answers = request_id if error.request_id is None else error.request_id
                replies = [encode_error(answers, error.reason, error.message)]
            except IllegalAction as refused:
                replies = [encode_error(request_id, refused.reason.value, refused.message)]
            except Exception:
                log.exception("error handling a message from %s", player.name)
                replies = [encode_error(request_id, ErrorReason.INTERNAL, t("net.error.internal"))]
        for reply in replies:
            conn.send(reply)

    def _on_hello_again(self, player: Player, message: Message) -> list[str]:
        raise ProtocolError(ErrorReason.BAD_MESSAGE, t("net.error.hello_again"))

    def _on_list(self, player: Player, message: Message) -> list[str]:
        return [self._lobby_text(message.id)]

    def _on_create(self, player: Player, message: Message) -> list[str]:
        self._not_seated(player)
        if len(self.tables) >= self.config.max_tables:
            raise ProtocolError(
                ErrorReason.TOO_MANY_TABLES, t("net.error.too_many_tables", n=len(self.tables))
            )
        title = (message.args["title"] or "").strip() or t("net.table_title", name=player.name)
        if not is_printable(title):
            raise ProtocolError(ErrorReason.BAD_FIELD, t("net.error.title"))
        cfg = self.config
        host = TableHost(
            [EMPTY_SEAT, EMPTY_SEAT, EMPTY_SEAT],
            LandlordMode(message.args["mode"]),
            bot_delay=cfg.bot_delay,
            turn_timeout=cfg.turn_seconds,
            grace=cfg.grace,
            takeover_level=cfg.takeover_level,
            decider=self.decider,
        )
        table = Table(self._next_table, title, host)
        self._next_table += 1
        host.on_freed = lambda seat, name: self._seat_freed(table, seat, name)
        host.watch(self._lobby_changed)
        if self.history is not None:
            keep_games(host, self.history, my_seat=None, origin=Origin.SERVER)
        self.tables[table.id] = table
        log.info("%s created table %d", player.name, table.id)
        self._sit(player, table, 0)
        return [encode_ok(message.id, table=table.id, seat=0, title=table.title)]

    def _on_join(self, player: Player, message: Message) -> list[str]:
        table = self.tables.get(message.args["table"])
        if table is None:
            raise ProtocolError(
                ErrorReason.NO_SUCH_TABLE, t("net.error.no_such_table", table=message.args["table"])
            )
        if player.table is table:
            return [encode_ok(message.id, table=table.id, seat=player.seat, title=table.title)]
        self._not_seated(player)
        seat = self._free_seat(table, player, message.args["seat"])
        self._sit(player, table, seat)
        return [encode_ok(message.id, table=table.id, seat=seat, title=table.title)]

    def _free_seat(self, table: Table, player: Player, wanted: int | None) -> int:
        """A seat the player may take: empty, a bot's between games, or the seat they
        got up from that a bot is finishing for them (by who they are, not by name)."""
        seats = table.host.seats
        playing = table.host.playing

        def open_for(seat: int) -> bool:
            info = seats[seat]
            if info.kind is SeatKind.HUMAN:
                return player.left == (table, seat) and info.name == player.name
            return info.is_empty or not playing

        order = [wanted] if wanted is not None else [*range(3)]
        if wanted is None:  # one's own seat first, then empty seats, then bots
            order.sort(key=lambda s: (player.left != (table, s), not seats[s].is_empty))
        for seat in order:
            if open_for(seat):
                return seat
        if wanted is not None:
            raise ProtocolError(ErrorReason.SEAT_TAKEN, t("net.error.seat_taken", seat=wanted))
        raise ProtocolError(ErrorReason.SEAT_TAKEN, t("net.error.table_full"))

    def _sit(self, player: Player, table: Table, seat: int) -> None:
        info = table.host.seats[seat]
        player.table, player.seat, player.left = table, seat, None
        if info.kind is SeatKind.HUMAN and info.name == player.name:
            table.host.resume(seat)
        else:
            table.host.set_seat(seat, SeatInfo(player.name))
        self._watch_seat(player)

    def _on_leave(self, player: Player, message: Message) -> list[str]:
        table, seat = self._seat_of(player)
        self._unwatch(player)
        player.table = player.seat = None
        player.left = (table, seat)
        table.host.leave(seat)
        self._maybe_remove(table)
        lobby = self._lobby_text()
        if player.conn is not None:
            player.conn.lobby = lobby
        return [encode_ok(message.id), lobby]

    def _on_ready(self, player: Player, message: Message) -> list[str]:
        table, seat = self._seat_of(player)
        table.host.ready(seat, message.args["ready"])
        return [encode_ok(message.id)]

    def _on_fill(self, player: Player, message: Message) -> list[str]:
        table, _ = self._seat_of(player)
        level = message.args["level"]
        try:
            make_bot(level)
        except ValueError as error:
            raise ProtocolError(ErrorReason.BAD_LEVEL, str(error)) from None
        if table.host.playing:
            raise ProtocolError(ErrorReason.GAME_ON, t("table.game_on"))
        for seat, info in enumerate(table.host.seats):
            if info.is_empty:
                name = t("net.bot_name", n=seat + 1)
                table.host.set_seat(seat, SeatInfo(name, SeatKind.BOT, level))
        return [encode_ok(message.id)]

    def _on_bid(self, player: Player, message: Message) -> list[str]:
        table, seat = self._seat_of(player)
        table.host.bid(seat, message.args["bid"])
        return [encode_ok(message.id)]

    def _on_play(self, player: Player, message: Message) -> list[str]:
        table, seat = self._seat_of(player)
        table.host.play(seat, [DECK[i] for i in message.args["cards"]])
        return [encode_ok(message.id)]

    def _on_pass(self, player: Player, message: Message) -> list[str]:
        table, seat = self._seat_of(player)
        table.host.pass_turn(seat)
        return [encode_ok(message.id)]

    @staticmethod
    def _not_seated(player: Player) -> None:
        if player.table is not None:
            raise ProtocolError(
                ErrorReason.ALREADY_SEATED, t("net.error.already_seated", table=player.table.id)
            )

    @staticmethod
    def _seat_of(player: Player) -> tuple[Table, int]:
        if player.table is None or player.seat is None:
            raise ProtocolError(ErrorReason.NOT_SEATED, t("net.error.not_seated"))
        return player.table, player.seat

    # --- seats and tables ------------------------------------------------------------

    def _watch_seat(self, player: Player) -> None:
        self._unwatch(player)
        conn, table, seat = player.conn, player.table, player.seat
        if conn is None or table is None or seat is None:
            return

        def send(state: TableState) -> None:
            conn.send_state(table.id, state)
            self._send_record(player, conn, table, state)

        player.unsubscribe = table.host.subscribe(seat, send)

    @staticmethod
    def _send_record(player: Player, conn: Connection, table: Table, state: TableState) -> None:
        """Once a game the player sat in is over, send its whole record: every hand is
        public then. Sent once per game, also to a player who comes back after the end."""
        view = state.view
        if view is None:
            return
        if view.phase is not Phase.OVER:
            player.in_game = (table.id, state.games)
            return
        game = table.host.game
        if player.in_game != (table.id, state.games - 1) or game is None:
            return
        player.in_game = None
        if len(game.events) <= MAX_EVENTS:
            conn.send(encode_record(table.id, state.seat, state.games, state.seats, game.events))

    @staticmethod
    def _unwatch(player: Player) -> None:
        if player.unsubscribe is not None:
            player.unsubscribe()
            player.unsubscribe = None

    def _seat_freed(self, table: Table, seat: int, name: str) -> None:
        """The host freed a seat whose player stayed away: forget them there."""
        player = self.players.get(name)
        if player is not None and player.table is table and player.seat == seat:
            self._unwatch(player)
            player.table = player.seat = None
            if player.conn is None:
                del self.players[name]
            else:
                player.conn.send_lobby(self._lobby_text())
        self._maybe_remove(table)

    def _maybe_remove(self, table: Table) -> None:
        if table.has_players or self.tables.get(table.id) is not table:
            return
        del self.tables[table.id]
        log.info("table %d closed", table.id)
        background(table.host.close())
        self._lobby_changed()

    # --- the lobby -------------------------------------------------------------------

    def _lobby_text(self, request_id: int | None = None) -> str:
        """The lobby message: pushed to watchers, or the answer to a request."""
        return encode_lobby((table.summary() for table in self.tables.values()), request_id)

    def _lobby_changed(self) -> None:
        if self._lobby_timer is None:
            loop = asyncio.get_running_loop()
            self._lobby_timer = loop.call_later(LOBBY_DELAY, self._send_lobby)

    def _send_lobby(self) -> None:
        """Tell everyone in the lobby (not at a table) what changed."""
        self._lobby_timer = None
        watching = [p.conn for p in self.players.values() if p.table is None and p.conn]
        if watching:
            text = self._lobby_text()
            for conn in watching:
                conn.send_lobby(text)


async def run(
    config: ServerConfig,
    announce: Callable[[GameServer], None],
    history: History | None = None,
) -> None:
    """Serve until cancelled (Ctrl-C; SIGTERM too, from the command line)."""
    async with GameServer(config, history) as server:
        announce(server)
        await asyncio.Future()
