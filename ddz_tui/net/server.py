"""The game server: many tables behind a lobby, over WebSocket (docs/protocol.md).

The server is authoritative: each table is a `TableHost` that runs the engine and the
bots; a connection only says what its player intends (sit, ready, bid, play, pass)
and hears its own seat's `TableState`. Who is here and who sits where is the
`Lobby`'s (`lobby`); this module connects players to it. Every message is checked before anything
happens; a bad one gets an error reply, a flood or an oversized message closes that
connection, and nothing a connection sends can touch another table.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import ipaddress
import logging
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ddz_tui import __version__
from ddz_tui.bots.deciders import THREADS, Decider, ProcessDecider, cores
from ddz_tui.engine import IllegalAction, Phase
from ddz_tui.i18n import Lang, Phrase, t
from ddz_tui.net import DEFAULT_PORT, ws_url
from ddz_tui.net.backlog import GuardedConnection, Outbox
from ddz_tui.net.cluster import Cluster, ClusterDown, HeldName, Outcome, Timing
from ddz_tui.net.cluster_ladder import ServiceLadder
from ddz_tui.net.errors import CloseCode, ErrorReason, ProtocolError
from ddz_tui.net.ladder import encode_ladder
from ddz_tui.net.lobby import Lobby, Player, Table
from ddz_tui.net.protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_EVENTS,
    MAX_SERVER_MESSAGE,
    MAX_WATCHERS,
    PROTOCOL_VERSION,
    Message,
    PushType,
    RequestType,
    check_code,
    check_name,
    dumps,
    encode_chat,
    encode_error,
    encode_moved,
    encode_ok,
    hello_version,
    parse_request,
    request_id_of,
    table_rules,
)
from ddz_tui.net.ratelimit import Guesses, Penalties, ThrottledLog, TokenBucket
from ddz_tui.net.ssh_limits import source_of
from ddz_tui.net.states import (
    encode_lobby_changes,
    encode_record,
    encode_state,
    encode_summary,
    lobby_text,
)
from ddz_tui.net.tasks import background
from ddz_tui.records.history import History
from ddz_tui.records.ladder import LADDER_ROWS, Identity, Ladder, Period
from ddz_tui.records.names import name_key
from ddz_tui.records.store import Origin, StoreError
from ddz_tui.table.chat import ChatLimit, ChatLine, ChatRefusal, ChatRefused, QuickPhrase, chat_text
from ddz_tui.table.host import TableHost
from ddz_tui.table.keeping import keep_games
from ddz_tui.table.seats import EMPTY_SEAT, SeatKind, TableState
from ddz_tui.table.timing import (
    DEFAULT_BOT_DELAY,
    DEFAULT_GRACE,
    DEFAULT_TURN_SECONDS,
    REAL_CLOCK,
    Clock,
)
from ddz_tui.text import is_printable

log = logging.getLogger(__name__)

OUTBOX_MAX = 512  # messages waiting for a client that does not read: past this, it is closed
# refusals by the rate limit: past this many at once, or past the rate itself on
# average, the connection is closed as a flood
MAX_REFUSED = 100
LOBBY_DELAY = 0.05  # lobby changes are sent at most this often
SHUTTING_DOWN = "the server is shutting down"  # the reason with 1001 when it stops
LADDER_FRESH = 5.0  # seconds a ladder read from the history answers every request
_WHOLE_LADDER = 2**62  # rows: all of them (the server cuts each reply to LADDER_ROWS)
# wrong codes of private tables: so many a minute from a connection, or from an address
# (but 127.0.0.1 and ::1, where the SSH door's players all come from, each counted by
# connection), then no code is heard from it for a minute
WRONG_CODES_PER_CONNECTION = 5
WRONG_CODES_PER_ADDRESS = 20
CODE_WINDOW = CODE_WAIT = 60.0
_SHARED = (ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1"))


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def ladder_for(board: Ladder, name: str, identity: Identity) -> Ladder:
    """A reply's ladder: the top LADDER_ROWS rows of the whole `board`, and the asker's
    own row when it is not among them."""
    top = board.rows[:LADDER_ROWS]
    mine = (row for row in board.rows[LADDER_ROWS:] if (row.name, row.identity) == (name, identity))
    return Ladder(board.period, top, next(mine, None))


@dataclass(frozen=True)
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    turn_seconds: float | None = DEFAULT_TURN_SECONDS  # None: no turn timer
    grace: float = DEFAULT_GRACE
    bot_delay: float = DEFAULT_BOT_DELAY
    takeover_level: str = "random"
    max_tables: int = 500
    tables_left_per_player: int = 2  # tables a player opened and left to bots, still open
    rate: float = 20.0  # messages a second a connection may send on average
    burst: int = 40
    hello_timeout: float = 10.0
    ping_interval: float | None = 10.0  # also the time to notice a silent drop
    # bytes waiting for one client (our outbox and the socket's write buffer): past
    # this it is closed; any message a client accepts fits
    max_queued: int = 2 * MAX_SERVER_MESSAGE
    drain_timeout: float = 10.0  # seconds a client may leave its write buffer full
    bot_workers: int | None = None  # processes for the hard bots: None, one a core; 0, threads
    chat: bool = True  # False: no chat anywhere on the server (every table's is off)
    watchers_per_table: int = MAX_WATCHERS  # spectators a table may have
    max_watchers: int = 2000  # spectators on the server, all tables together
    # servers sharing this Redis are one service (`cluster`): None, this server alone
    redis_url: str | None = None
    # this server's address as players reach it, where the others send them (default:
    # the address it listens on)
    advertise: str | None = None
    redis_prefix: str = "ddz"  # its keys in Redis: one service per prefix


class Moved(Exception):
    """What was asked is on another server of the service: the client goes there."""

    def __init__(self, url: str, table: int | None) -> None:
        super().__init__(url)
        self.url = url
        self.table = table


@dataclass(eq=False)
class Connection:
    """One WebSocket: an outbox written by its own task, bounded in messages and (with
    what the socket still holds) in bytes, and a rate limit on messages and pings."""

    ws: GuardedConnection
    bucket: TokenBucket  # messages and pings
    refusals: TokenBucket  # how much past `bucket` it may go before it is a flood
    on_flood: Callable[[Connection], object] = lambda conn: None
    player: Player[Connection] | None = None
    closing: bool = False
    lobby_version: int = -1  # the lobby as this connection last heard it (-1: none yet)
    # the tables its last lobby push changed (None: it was the whole lobby), which a
    # newer push must say again if it takes the place of that one still unsent
    lobby_touched: frozenset[int] | None = None
    guesses: Guesses | None = None  # its wrong codes of private tables (made by the server)

    def __post_init__(self) -> None:
        self.ws.on_ping = self.allow

    @property
    def outbox(self) -> Outbox:
        return self.ws.outbox

    @property
    def queued(self) -> int:
        """Bytes held for the client: its outbox and the socket's write buffer."""
        return self.ws.queued

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
        if not self.refusals.allow():
            self.flooded()
        return False

    def flooded(self) -> None:
        """Judged a flood: nothing more is read, answered or sent; it ends now."""
        if not self.closing:
            self.closing = True
            self.ws.end_flood()
            self.on_flood(self)

    @property
    def lang(self) -> Lang:
        """The language the connection's player reads (English before the hello)."""
        return self.player.lang if self.player else Lang.EN

    def send_state(self, table: int, state: TableState) -> None:
        self.send(encode_state(table, state, self.lang))

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
    there is one. The tables' timers and the connections' rate limits go by `clock` (tests
    hand in one of their own); the ladder's days and weeks by `now`, the date."""

    def __init__(
        self,
        config: ServerConfig | None = None,
        history: History | None = None,
        clock: Clock = REAL_CLOCK,
        now: Callable[[], dt.datetime] = utc_now,
        cluster_timing: Timing | None = None,
    ) -> None:
        self.config = config or ServerConfig()
        self.cluster: Cluster | None = None  # with other servers on a Redis, once started
        self.service_ladder: ServiceLadder | None = None  # the cluster's ladder, in its Redis
        self._cluster_timing = cluster_timing or Timing()
        self.history = history
        self.clock = clock
        self.now = now
        # the names the SSH door in this process vouches for (by `name_key`): their tickets
        self._vouched: dict[str, str] = {}
        # each period's whole ladder as last read from the history, and when
        self._ladders: dict[Period, tuple[float, asyncio.Future[Ladder]]] = {}
        self.lobby: Lobby[Connection] = Lobby(
            self.config.max_tables, self.config.tables_left_per_player
        )
        self.port = self.config.port
        self._server: Server | None = None
        self._connections: set[Connection] = set()
        self._lobby_timer: asyncio.TimerHandle | None = None
        self._lobby_rows: dict[int, dict[str, Any]] = {}  # each table's row, as last sent
        self._local_rows: dict[int, dict[str, Any]] = {}  # this server's own of them
        self._lobby_version = 0  # how many times the rows changed
        self._lobby_whole: str | None = None  # the whole lobby as the rows stand, once made
        workers = cores() if self.config.bot_workers is None else self.config.bot_workers
        self.decider: Decider = ProcessDecider(workers) if workers else THREADS
        self.penalties = Penalties()  # sources that flooded, turned away for a while
        # each address's wrong codes of private tables (connections keep their own)
        self.code_guesses = Guesses(
            WRONG_CODES_PER_ADDRESS, CODE_WINDOW, CODE_WAIT, clock=self.clock.now
        )
        self._turned_away = ThrottledLog(log, "connections from flooders turned away")
        self._handlers: dict[RequestType, Callable[[Player[Connection], Message], list[str]]] = {
            RequestType.HELLO: self._on_hello_again,
            RequestType.LIST: self._on_list,
            RequestType.CREATE: self._on_create,
            RequestType.JOIN: self._on_join,
            RequestType.LEAVE: self._on_leave,
            RequestType.READY: self._on_ready,
            RequestType.FILL: self._on_fill,
            RequestType.ACT: self._on_act,
            RequestType.TAKEOVER: self._on_takeover,
            RequestType.LEADERBOARD: self._on_leaderboard,
            RequestType.CHAT: self._on_chat,
            RequestType.WATCH: self._on_watch,
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
            # websockets calls it as it would the class (typed `type[ServerConnection]`);
            # the partial adds our limits
            create_connection=functools.partial(  # type: ignore[arg-type]
                GuardedConnection,
                max_queued=cfg.max_queued,
                drain_timeout=cfg.drain_timeout,
                admits=self._admits,
            ),
        )
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("listening on %s", self.url)
        if cfg.redis_url is not None:
            self.cluster = Cluster(
                cfg.redis_url,
                cfg.advertise or self.url,
                rows=lambda: self._local_rows,
                names=self._held_names,
                on_lobby=self._lobby_changed,
                on_name_lost=self._name_lost,
                prefix=cfg.redis_prefix,
                timing=self._cluster_timing,
            )
            await self.cluster.start()
            self.service_ladder = ServiceLadder(self.cluster)

    @property
    def url(self) -> str:
        return ws_url(self.config.host, self.port)

    async def close(self) -> None:
        """Stop: every client hears 1001 (SHUTTING_DOWN), the tables close, and the
        games they finished are written to the history."""
        if self.service_ladder is not None:
            await self.service_ladder.flush()
        if self.cluster is not None:
            await self.cluster.close()
        if self._server is not None:
            for conn in list(self._connections):
                conn.close(CloseCode.GOING_AWAY, SHUTTING_DOWN)
            self._server.close()
            await self._server.wait_closed()
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()
        for table in list(self.lobby.tables.values()):
            await table.host.close()
        self.lobby.tables.clear()
        await self.decider.close()
        if self.history is not None:
            await self.history.close()

    async def __aenter__(self) -> GameServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- connections -----------------------------------------------------------------

    async def _connection(self, ws: ServerConnection) -> None:
        assert isinstance(ws, GuardedConnection)  # made by `create_connection` below
        cfg = self.config
        conn = Connection(
            ws,
            TokenBucket(cfg.rate, cfg.burst, self.clock.now),
            TokenBucket(cfg.rate, MAX_REFUSED, self.clock.now),
            on_flood=self._flooded,
            guesses=Guesses(
                WRONG_CODES_PER_CONNECTION, CODE_WINDOW, CODE_WAIT, clock=self.clock.now
            ),
        )
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

    def _admits(self, host: str) -> bool:
        """Whether a connection from `host` may go on (a flooder's waits a while)."""
        if self.penalties.admits(source_of(host)):
            return True
        self._turned_away.info("turning away a connection from %s: it flooded", host)
        return False

    def _flooded(self, conn: Connection) -> None:
        address = conn.ws.remote_address
        if address:
            seconds = self.penalties.punish(source_of(str(address[0])))
            log.warning("%s flooded: turned away for %g s", address[0], seconds)

    def _allowed(self, conn: Connection, data: str | bytes) -> bool:
        """The rate limit: refuse each message past it, close a flood."""
        if conn.allow():
            return True
        refusal = t("net.error.rate", conn.lang)
        conn.send(encode_error(request_id_of(data), ErrorReason.RATE_LIMITED, refusal))
        return False

    async def _hello(self, conn: Connection) -> Player[Connection] | None:
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
                conn.flooded()
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
            try:
                return await self._claim(conn, message, lang)
            except Moved as moved:
                await ws.send(encode_moved(message.id, moved.url, moved.table))
                await ws.close(CloseCode.MOVED.value, "moved")
                return None
            except ProtocolError as error:
                refusal = error.phrase.render(lang)
                await ws.send(encode_error(message.id, error.reason, refusal))
                await ws.close(CloseCode.REFUSED.value, error.reason.value)
                return None

    async def _claim(self, conn: Connection, hello: Message, lang: Lang) -> Player[Connection]:
        """The player this hello speaks for, now on this connection (a connection it
        had before is closed). With other servers, a name not held here is claimed
        across the service first: Moved when its player sits at another server's table."""
        name, token, ticket = hello.args["name"], hello.args["token"], hello.args["ticket"]
        fresh = None
        if self.cluster is not None and name_key(check_name(name)) not in self.lobby.players:
            fresh = await self._claim_across(name, token)
        player = self.lobby.claim(name, token, lang, fresh)
        player.ranked = self._vouched_for(player.name, ticket)
        if not player.ranked and ticket is not None and self.cluster is not None:
            player.ranked = await self.cluster.vouched(name_key(player.name), ticket)
        if fresh is not None:
            self._tell_cluster(player)
        old = player.conn
        if old is not None:
            old.player = None
            old.close(CloseCode.REPLACED, "replaced by a new connection")
        player.conn = conn
        conn.player = player
        return player

    async def _claim_across(self, name: str, token: str | None) -> str:
        """The token a name not held here gets here (its own, when its player came with
        it from another server; else a new one)."""
        assert self.cluster is not None
        fresh = secrets.token_urlsafe(24)
        try:
            claim = await self.cluster.claim(name_key(name), token, fresh)
        except ClusterDown as down:
            raise ProtocolError(ErrorReason.CLUSTER_DOWN, down.phrase) from None
        if claim.outcome is Outcome.MOVED and claim.url is not None:
            raise Moved(claim.url, claim.table)
        if claim.outcome is Outcome.TAKEN_OVER and token is not None:
            return token
        if claim.outcome is Outcome.NEW:
            return fresh
        raise ProtocolError(ErrorReason.NAME_TAKEN, Phrase("net.error.name_taken", name=name))

    def _name_lost(self, key: str) -> None:
        """Another server took over a name held here (its player came there with the
        token): the connection here, if any, is replaced; a seat here stays theirs."""
        player = self.lobby.players.get(key)
        if player is None or player.table is not None:
            return
        conn = player.conn
        if conn is not None:
            conn.player = None
            conn.close(CloseCode.REPLACED, "replaced by a connection to another server")
        self.lobby.forget(player)
        self._lobby_changed()

    def _held_names(self) -> list[HeldName]:
        return [
            HeldName(key, player.token, None if player.table is None else player.table.id)
            for key, player in self.lobby.players.items()
        ]

    def _tell_cluster(self, player: Player[Connection]) -> None:
        """Tell the service where `player` is now (or that the name is free again)."""
        if self.cluster is None:
            return
        key = name_key(player.name)
        if self.lobby.players.get(key) is player:
            self.cluster.held(key)
        else:
            self.cluster.release(key)

    # --- ranked names ------------------------------------------------------------------

    def vouch(self, name: str) -> str:
        """The SSH door's word, given in this process, that `name` is bound to the key
        its player logged in with: a ticket for that player's hello (`ticket`), which
        then plays ranked. Only the door holds it (it travels to the player's session over
        the door's own link); a remote client can claim a name, never a ticket. It
        replaces any earlier ticket of the name, and holds until `unvouch`."""
        ticket = secrets.token_urlsafe(32)
        self._vouched[name_key(name)] = ticket
        if self.cluster is not None:
            self.cluster.vouch(name_key(name), ticket)
        return ticket

    def unvouch(self, name: str, ticket: str) -> None:
        """The door's session under `name` is over: its ticket is no longer good."""
        key = name_key(name)
        if secrets.compare_digest(self._vouched.get(key, ""), ticket):
            del self._vouched[key]
            if self.cluster is not None:
                self.cluster.unvouch(key)

    def _vouched_for(self, name: str, ticket: str | None) -> bool:
        known = self._vouched.get(name_key(name))
        return ticket is not None and known is not None and secrets.compare_digest(known, ticket)

    def _welcome(self, conn: Connection, player: Player[Connection]) -> None:
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
                    "peers": [] if self.cluster is None else self.cluster.peer_urls(),
                    "limits": {
                        "max_message": MAX_CLIENT_MESSAGE,
                        "rate": self.config.rate,
                        "burst": self.config.burst,
                    },
                }
            )
        )
        if table is None:
            self._sync_lobby()
            self._send_whole_lobby(conn)
            return
        self._watch_seat(player)
        self.lobby.resume(player)

    def _detach(self, conn: Connection) -> None:
        player = conn.player
        if player is None or player.conn is not conn:
            return  # refused at hello, or replaced by a newer connection
        self.lobby.disconnect(player)
        self._tell_cluster(player)

    # --- messages --------------------------------------------------------------------

    def _receive(self, conn: Connection, data: str | bytes) -> None:
        player = conn.player
        if player is None or conn.closing or not self._allowed(conn, data):
            return
        lang = player.lang  # every reply in the player's own language
        request_id = None
        try:
            message = parse_request(data)
            request_id = message.id
            replies = self._handlers[message.type](player, message)
        except ProtocolError as error:
            answers = request_id if error.request_id is None else error.request_id
            replies = [encode_error(answers, error.reason, error.phrase.render(lang))]
        except Moved as moved:
            replies = [encode_moved(request_id, moved.url, moved.table)]
        except IllegalAction as refused:
            replies = [encode_error(request_id, refused.reason.value, refused.phrase.render(lang))]
        except Exception:
            log.exception("error handling a message from %s", player.name)
            replies = [
                encode_error(request_id, ErrorReason.INTERNAL, t("net.error.internal", lang))
            ]
        for reply in replies:
            conn.send(reply)

    def _on_hello_again(self, player: Player[Connection], message: Message) -> list[str]:
        raise ProtocolError(ErrorReason.BAD_MESSAGE, Phrase("net.error.hello_again"))

    def _on_list(self, player: Player[Connection], message: Message) -> list[str]:
        return [self._lobby_reply(player, message.id)]

    def _on_create(self, player: Player[Connection], message: Message) -> list[str]:
        cfg = self.config
        rules = table_rules(message.args["mode"], message.args["rules"])
        code = message.args["code"]
        code = None if code is None else check_code(code)
        self.lobby.not_seated(player)
        table_id = None
        if self.cluster is not None:
            elsewhere = None if message.args["placed"] else self.cluster.place_for_new_table()
            if elsewhere is not None:
                raise Moved(elsewhere.url, None)
            try:
                table_id = self.cluster.next_table_id()
                while table_id in self.lobby.tables:  # Redis came back empty: given before
                    table_id = self.cluster.next_table_id()
            except ClusterDown as down:
                raise ProtocolError(ErrorReason.CLUSTER_DOWN, down.phrase) from None
        self._stop_watching(player)

        def new_host() -> TableHost:
            return TableHost(
                [EMPTY_SEAT, EMPTY_SEAT, EMPTY_SEAT],
                rules=rules,
                bot_delay=cfg.bot_delay,
                turn_timeout=cfg.turn_seconds,
                grace=cfg.grace,
                takeover_level=cfg.takeover_level,
                decider=self.decider,
                clock=self.clock,
                chat=message.args["chat"] and cfg.chat,
            )

        table = self.lobby.open_table(player, message.args["title"], new_host, table_id)
        table.spectators, table.code = message.args["spectators"], code
        host = table.host
        host.chat.subscribe(lambda line: self._relay_chat(table, line))
        host.on_freed = lambda seat, name: self._seat_freed(table, seat, name)
        host.watch(self._lobby_changed)
        if self.history is not None:
            keep_games(
                host,
                self.history,
                my_seat=None,
                origin=Origin.SERVER,
                people_only=True,
                ranked=lambda seat: table.ranked[seat],
            )
        if self.service_ladder is not None:
            self.service_ladder.keep(host, lambda seat: table.ranked[seat], self.now)
        self.lobby.sit(player, table, 0)
        self._watch_seat(player)
        self._tell_cluster(player)
        return [encode_ok(message.id, table=table.id, seat=0, title=table.title)]

    def _table(self, player: Player[Connection], table_id: int) -> Table:
        """A table of this server's, or Moved to the server that holds it (only a player
        seated nowhere goes: a seat here is not left behind by a move)."""
        if self.cluster is not None and table_id not in self.lobby.tables:
            owner = self.cluster.owner_of(table_id)
            if owner is not None:
                self.lobby.not_seated(player)
                raise Moved(owner.url, table_id)
        return self.lobby.table(table_id)

    def _on_join(self, player: Player[Connection], message: Message) -> list[str]:
        table = self._table(player, message.args["table"])
        if player.table is not table:
            self.lobby.not_seated(player)
            if player.left is None or player.left[0] is not table:  # back to one's seat
                self._check_code(player, table, message.args["code"])
            self.lobby.free_seat(table, player, message.args["seat"])
            self._stop_watching(player)
            self.lobby.join(player, table, message.args["seat"])
            self._watch_seat(player)
            self._tell_cluster(player)
        return [encode_ok(message.id, table=table.id, seat=player.seat, title=table.title)]

    def _on_watch(self, player: Player[Connection], message: Message) -> list[str]:
        """Watch a table from no seat: the public view only (`TableHost.spectate`)."""
        table = self._table(player, message.args["table"])
        self.lobby.not_seated(player)
        if not table.spectators:  # said before any code is asked for
            raise ProtocolError(
                ErrorReason.NO_SPECTATORS, Phrase("net.error.no_spectators", table=table.id)
            )
        if player.watching is not table:
            self._check_code(player, table, message.args["code"])
            self.lobby.watch(
                player, table, self.config.watchers_per_table, self.config.max_watchers
            )
            self._spectate(player, table)
            self._lobby_changed()
        return [encode_ok(message.id, table=table.id, seat=None, title=table.title)]

    def _check_code(self, player: Player[Connection], table: Table, code: str | None) -> None:
        """A private table's code, as said (any case): refused when wrong (no code is
        not a guess), and every guess refused while the connection, or its address,
        has guessed wrong too often (`Guesses`)."""
        if table.code is None:
            return
        conn = player.conn
        source = self._guess_source(conn)
        wait = 0.0 if conn is None or conn.guesses is None else conn.guesses.wait_left("")
        if source is not None:
            wait = max(wait, self.code_guesses.wait_left(source))
        if wait > 0:
            raise ProtocolError(
                ErrorReason.CODE_LIMITED,
                Phrase("net.error.code_limited", seconds=math.ceil(wait)),
            )
        said = (code or "").upper().encode()
        if code is not None and secrets.compare_digest(said, table.code.encode()):
            return
        if code is not None:
            if conn is not None and conn.guesses is not None:
                conn.guesses.wrong("")
            if source is not None:
                self.code_guesses.wrong(source)
            log.info("%s: a wrong code for table %d", player.name, table.id)
        raise ProtocolError(ErrorReason.WRONG_CODE, Phrase("net.error.wrong_code", table=table.id))

    @staticmethod
    def _guess_source(conn: Connection | None) -> str | None:
        """The address a connection's guesses count against too, None for 127.0.0.1
        and ::1: the SSH door's players all come from there."""
        address = None if conn is None else conn.ws.remote_address
        if not address:
            return None
        host = str(address[0])
        with contextlib.suppress(ValueError):
            if ipaddress.ip_address(host.split("%", 1)[0]) in _SHARED:
                return None
        return source_of(host)

    def _on_leave(self, player: Player[Connection], message: Message) -> list[str]:
        """Get up from the table, or stop watching one."""
        if player.watching is not None and player.table is None:
            self._stop_watching(player)
            return [encode_ok(message.id), self._lobby_reply(player)]
        self._remove_if_empty(self.lobby.leave(player))
        self._tell_cluster(player)
        return [encode_ok(message.id), self._lobby_reply(player)]

    def _on_ready(self, player: Player[Connection], message: Message) -> list[str]:
        table, seat = self.lobby.seat_of(player)
        table.host.ready(seat, message.args["ready"])
        return [encode_ok(message.id)]

    def _on_fill(self, player: Player[Connection], message: Message) -> list[str]:
        self.lobby.fill(player, message.args["level"])
        return [encode_ok(message.id)]

    def _on_act(self, player: Player[Connection], message: Message) -> list[str]:
        table, seat = self.lobby.seat_of(player)
        table.host.act(seat, message.args["action"])
        return [encode_ok(message.id)]

    def _on_takeover(self, player: Player[Connection], message: Message) -> list[str]:
        table, seat = self.lobby.seat_of(player)
        table.host.set_takeover(seat, message.args["on"])
        return [encode_ok(message.id)]

    def _on_chat(self, player: Player[Connection], message: Message) -> list[str]:
        """A quick phrase or the player's own words (printable, at most CHAT_MAX), said
        to everyone at their table, or, away from the tables, to everyone in the lobby;
        held to the player's rate wherever they say it."""
        phrase, text = message.args["phrase"], message.args["text"]
        if player.watching is not None:
            raise ProtocolError(ErrorReason.WATCHING, Phrase("net.error.watching"))
        if text is not None and not is_printable(text):
            raise ProtocolError(ErrorReason.BAD_FIELD, Phrase("net.error.chat_text"))
        said = None if phrase is None else QuickPhrase(phrase)
        limit = player.chat_limit = player.chat_limit or ChatLimit(self.clock.now)
        table, seat = player.table, player.seat
        try:
            if table is not None and seat is not None:
                table.host.chat.say(seat, said, text, limit)
            else:
                self._say_in_lobby(player, said, text, limit)
        except ChatRefused as refused:
            raise ProtocolError(ErrorReason(refused.refusal.value), refused.phrase) from None
        return [encode_ok(message.id)]

    def _say_in_lobby(
        self,
        player: Player[Connection],
        phrase: QuickPhrase | None,
        text: str | None,
        limit: ChatLimit,
    ) -> None:
        if not self.config.chat:
            raise ChatRefused(ChatRefusal.OFF, Phrase("table.chat.off"))
        if (phrase is None) == (text is None):
            raise ChatRefused(ChatRefusal.BAD_TEXT, Phrase("table.chat.empty"))
        words = None if text is None else chat_text(text)
        limit.check()
        said = encode_chat(None, ChatLine(player.name, None, phrase, words))
        for conn in self.lobby.in_lobby():
            conn.send(said)

    def _relay_chat(self, table: Table, line: ChatLine) -> None:
        """A line said at `table`, to each person seated there (bots hear nothing) and
        each spectator (who read it, and say nothing)."""
        said = encode_chat(table.id, line)
        for watcher in table.watchers:
            if watcher.conn is not None:
                watcher.conn.send(said)
        for seat, info in enumerate(table.host.seats):
            if info.kind is not SeatKind.HUMAN:
                continue
            player = self.lobby.players.get(name_key(info.name))
            if player is None or player.table is not table or player.seat != seat:
                continue
            if player.conn is not None:
                player.conn.send(said)

    def _on_leaderboard(self, player: Player[Connection], message: Message) -> list[str]:
        """Answered once the history is read: after replies to later requests, maybe."""
        conn = player.conn
        if conn is not None:
            background(self._answer_ladder(conn, player, message))
        return []

    async def _answer_ladder(
        self, conn: Connection, player: Player[Connection], message: Message
    ) -> None:
        identity = Identity.RANKED if player.ranked else Identity.GUEST
        try:
            board = await self._whole_ladder(Period(message.args["period"]))
        except StoreError:
            refusal = t("net.error.no_ladder", conn.lang)
            conn.send(encode_error(message.id, ErrorReason.NO_LADDER, refusal))
            return
        conn.send(encode_ladder(ladder_for(board, player.name, identity), message.id))

    def _whole_ladder(self, period: Period) -> asyncio.Future[Ladder]:
        """The period's whole ladder, read at most once every LADDER_FRESH seconds
        however many ask (`_read_ladder`; StoreError without a history or a Redis)."""
        if self.history is None and self.service_ladder is None:
            raise StoreError(Phrase("net.error.no_ladder"))
        now = self.clock.now()
        cached = self._ladders.get(period)
        if cached is None or now - cached[0] >= LADDER_FRESH:
            read = asyncio.ensure_future(self._read_ladder(period, self.now()))
            read.add_done_callback(lambda done: done.cancelled() or done.exception())
            cached = self._ladders[period] = (now, read)
        return asyncio.shield(cached[1])

    async def _read_ladder(self, period: Period, date: dt.datetime) -> Ladder:
        """The service's ladder when servers share a Redis (`cluster_ladder`); this
        server's own history's without one, or while it is out of reach."""
        if self.service_ladder is not None:
            board = await self.service_ladder.read(period, date)
            if board is not None:
                return board
        history = self.history
        if history is None:
            raise StoreError(Phrase("net.error.no_ladder"))
        return await history.call(lambda store: store.ladder(period, date, _WHOLE_LADDER))

    # --- seats and tables ------------------------------------------------------------

    def _watch_seat(self, player: Player[Connection]) -> None:
        player.unwatch()
        conn, table, seat = player.conn, player.table, player.seat
        if conn is None or table is None or seat is None:
            return

        def send(state: TableState) -> None:
            conn.send_state(table.id, state)
            self._send_record(player, conn, table, state)

        player.unsubscribe = table.host.subscribe(seat, send)

    def _spectate(self, player: Player[Connection], table: Table) -> None:
        """Send a spectator the table's public state after every change, and the record
        of each game they saw end (every hand is public then)."""
        player.unwatch()
        player.in_game = None
        conn = player.conn
        if conn is None:
            return
        first = True

        def send(state: TableState) -> None:
            nonlocal first
            view = state.view
            if first and view is not None and view.phase is Phase.OVER:
                # come after the end: the game is public now, its record too, so that
                # every hand lies open to them as to those who saw it played
                player.in_game = (table.id, state.games - 1)
            first = False
            conn.send_state(table.id, state)
            self._send_record(player, conn, table, state)

        player.unsubscribe = table.host.spectate(send)

    def _stop_watching(self, player: Player[Connection]) -> None:
        if self.lobby.stop_watching(player) is not None:
            player.in_game = None
            self._lobby_changed()

    @staticmethod
    def _send_record(
        player: Player[Connection], conn: Connection, table: Table, state: TableState
    ) -> None:
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

    def _seat_freed(self, table: Table, seat: int, name: str) -> None:
        """The host freed a seat whose player stayed away: forget them there."""
        player = self.lobby.players.get(name_key(name))
        conn = self.lobby.seat_freed(table, seat, name)
        if player is not None:
            self._tell_cluster(player)
        self._remove_if_empty(table)
        if conn is not None:
            self._sync_lobby()
            self._send_whole_lobby(conn)

    def _remove_if_empty(self, table: Table) -> None:
        watchers = list(table.watchers)
        if self.lobby.remove_if_empty(table):
            log.info("table %d closed", table.id)
            if watchers:  # they watch nothing now: back in the lobby
                self._sync_lobby()
                over = dumps({"type": PushType.WATCH_OVER.value, "table": table.id})
                for watcher in watchers:
                    if watcher.conn is not None:
                        watcher.conn.send(over)
                        self._send_whole_lobby(watcher.conn)
            background(table.host.close())
            self._lobby_changed()

    # --- the lobby -------------------------------------------------------------------

    def _lobby_changed(self) -> None:
        if self._lobby_timer is None:
            loop = asyncio.get_running_loop()
            self._lobby_timer = loop.call_later(LOBBY_DELAY, self._send_lobby)

    def _send_lobby(self) -> None:
        self._lobby_timer = None
        self._sync_lobby()

    def _sync_lobby(self) -> None:
        """Bring the lobby's rows up to date. Each watcher (a player at no table) in step
        with the rows before hears only what changed (`lobby_changes`), any other the
        whole lobby. A watcher whose last lobby push still waits unsent (a slow reader)
        gets one push in its place: the whole lobby for a whole one, else the changes
        of both."""
        rows = self._local_rows = {s.id: encode_summary(s) for s in self.lobby.summaries()}
        if self.cluster is not None:
            self.cluster.share(rows)
            self.cluster.load = (len(rows), len(self.lobby.players))
            rows = {**self.cluster.remote_rows(), **rows}
        if rows == self._lobby_rows:
            return
        old, before = self._lobby_rows, self._lobby_version
        changed = [row for table_id, row in rows.items() if old.get(table_id) != row]
        removed = [table_id for table_id in old if table_id not in rows]
        self._lobby_rows, self._lobby_version, self._lobby_whole = rows, before + 1, None
        touched = frozenset(row["id"] for row in changed).union(removed)
        changes: str | None = None
        for conn in self.lobby.in_lobby():
            if conn.lobby_version != before:
                self._send_whole_lobby(conn)
            elif not conn.outbox.lobby_waiting:
                changes = changes or encode_lobby_changes(changed, removed)
                conn.send(changes, lobby=True)
                conn.lobby_touched = touched
            elif conn.lobby_touched is None:
                self._send_whole_lobby(conn)  # in place of the whole one still unsent
            else:  # in place of changes still unsent: theirs and these
                conn.lobby_touched |= touched
                conn.send(self._changes_of(conn.lobby_touched), lobby=True)
            conn.lobby_version = self._lobby_version

    def _changes_of(self, touched: frozenset[int]) -> str:
        """`lobby_changes` for the tables `touched`, as they stand."""
        rows = self._lobby_rows
        return encode_lobby_changes(
            [rows[table_id] for table_id in sorted(touched) if table_id in rows],
            sorted(table_id for table_id in touched if table_id not in rows),
        )

    def _send_whole_lobby(self, conn: Connection) -> None:
        """The whole lobby as its rows now stand (synced by the caller), as a push."""
        if self._lobby_whole is None:
            self._lobby_whole = lobby_text(self._lobby_rows.values())
        conn.send(self._lobby_whole, lobby=True)
        conn.lobby_version = self._lobby_version
        conn.lobby_touched = None

    def _lobby_reply(self, player: Player[Connection], request_id: int | None = None) -> str:
        """The whole lobby as a reply (to `list`, `leave`): its player is in step with it."""
        self._sync_lobby()
        if player.conn is not None:
            player.conn.lobby_version = self._lobby_version
        return lobby_text(self._lobby_rows.values(), request_id)


async def run(
    config: ServerConfig,
    announce: Callable[[GameServer], None],
    history: History | None = None,
) -> None:
    """Serve until cancelled (Ctrl-C; SIGTERM too, from the command line)."""
    async with GameServer(config, history) as server:
        announce(server)
        await asyncio.Future()
