"""Servers that share one Redis are one service (`ddz server --redis URL`).

Each table lives on the server that opened it; what the servers share is kept in Redis:
- each server's heartbeat, `{prefix}:server:{sid}` (its public address and load), which
  expires when the server stops refreshing it, and the set of servers, `{prefix}:servers`;
- the lobby's rows, `{prefix}:table:{id}` (each names its server), refreshed by their
  server and expiring without it, and every change to them published on
  `{prefix}:lobby` (deltas), which every server hands on to its own lobby's watchers;
- the names in use, `{prefix}:name:{key}` (by `name_key`: the server holding the player,
  a hash of the session token, the table they sit at), so a name is taken once across
  the service and a player comes back through any server with their token; a server
  taking over a name says so on `{prefix}:names`;
- the SSH door's tickets (hashed), so a ranked player stays ranked on any server;
- the next table id, handed out in blocks, so ids are unique across the service.

Redis is a peer like any other: every value read from it is checked (sizes, types, the
lobby row against the protocol's schema) and a bad one is dropped and logged. When
Redis cannot be reached the server goes on with what it has (its tables play on), refuses
what needs Redis (`ClusterDown`: new tables, new names), and writes everything again
once Redis is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import math
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ddz_tui.i18n import Phrase, PhrasedError
from ddz_tui.net.protocol import PROTOCOL_VERSION
from ddz_tui.net.ratelimit import ThrottledLog
from ddz_tui.net.states import check_row
from ddz_tui.net.tasks import background

log = logging.getLogger(__name__)

MAX_VALUE = 64 * 1024  # bytes of one value read from Redis (a lobby row is ~1 KiB)
MAX_DELTA = 4 * 1024 * 1024  # bytes of one published lobby change
MAX_URL = 200
MAX_PEERS = 16  # servers named to a client as places to reconnect
# table ids taken from Redis at once, and again when fewer than ID_LOW are left: more
# than a server's tables at most (`ServerConfig.max_tables`, 500), so that a burst of new
# tables never finds none while more are on their way
ID_BLOCK = 1024
ID_LOW = ID_BLOCK // 2
REDIS_CONNECTIONS = 32  # a server's connections to Redis at most (one of them hears)
_SID = re.compile(r"[0-9a-f]{12}")
_URL = re.compile(r"wss?://[A-Za-z0-9.\-\[\]:]+(/[\x21-\x7e]*)?")


class ClusterDown(PhrasedError):
    """Redis cannot be reached now: what needs it is refused, its phrase says so."""


@dataclass(frozen=True)
class Timing:
    """How often the shared state is refreshed and how long it outlives its server
    (tests shorten them; a dead server's rows leave every lobby within `server_ttl` +
    `beat`)."""

    beat: float = 1.0  # heartbeat, and every lobby's check for servers gone
    server_ttl: float = 5.0  # a heartbeat's life
    row_ttl: float = 15.0  # a lobby row's life, refreshed every `refresh`
    name_ttl: float = 30.0  # a name's life, refreshed every `refresh`
    refresh: float = 5.0
    reload: float = 10.0  # every lobby read again whole (heals a lost change)
    socket_timeout: float = 2.0


@dataclass(frozen=True)
class Peer:
    """Another live server of the service, as its heartbeat says."""

    sid: str
    url: str
    tables: int
    players: int


class Outcome(Enum):
    NEW = "new"  # the name was free: it is this server's now, with a new token
    TAKEN_OVER = "taken_over"  # the player came here with their token
    MOVED = "moved"  # the player sits at a table on another server: send them there
    TAKEN = "taken"  # someone else holds it


@dataclass(frozen=True)
class Claim:
    outcome: Outcome
    url: str | None = None  # where to go, when MOVED
    table: int | None = None


@dataclass(frozen=True)
class HeldName:
    """A player this server holds, as the service should know them."""

    key: str
    token: str
    table: int | None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def good_url(value: object) -> str | None:
    """A server's public address as read from Redis, or None when it is not one."""
    if isinstance(value, str) and len(value) <= MAX_URL and _URL.fullmatch(value):
        return value
    return None


def _count(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31:
        return value
    return None


@dataclass
class _Remote:
    server: str
    row: dict[str, Any]
    heard: float  # when (monotonic) it was heard


@dataclass
class Cluster:
    """This server's part in the service. `start()` it on the server's event loop.
    `rows` and `names` say what this server holds (asked when everything is written
    again); `on_lobby` is called when other servers' rows change, `on_name_lost` with the
    key of a name another server took over from this one."""

    redis_url: str
    advertise: str
    rows: Callable[[], Mapping[int, dict[str, Any]]]
    names: Callable[[], Iterable[HeldName]]
    on_lobby: Callable[[], None]
    on_name_lost: Callable[[str], None]
    prefix: str = "ddz"
    timing: Timing = field(default_factory=Timing)
    sid: str = field(default_factory=lambda: secrets.token_hex(6))

    def __post_init__(self) -> None:
        self.up = False
        self.peers: dict[str, Peer] = {}
        self.remote: dict[int, _Remote] = {}
        self._shared: dict[int, dict[str, Any]] = {}  # own rows as last shared
        self._unsent: dict[int, dict[str, Any] | None] = {}  # own rows to write (None: gone)
        self._dirty_names: set[str] = set()
        self._released: set[str] = set()
        self._tickets: dict[str, str] = {}  # the door's tickets here, hashed, by name key
        self._unsent_tickets: dict[str, str | None] = {}  # to write (None: to delete)
        self._ids: list[int] = []  # table ids taken, not yet used
        self._redis: Any = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._flushing: asyncio.Task[Any] | None = None
        self._wake = asyncio.Event()
        self._bad = ThrottledLog(log, "values from Redis dropped")
        self._scripts: dict[str, Any] = {}
        self.load = (0, 0)  # this server's tables and players, said with its heartbeat
        # when rows and names were last written whole, and the others' rows read whole
        self._refreshed = self._reloaded = -math.inf
        self._closed = False

    # --- keys ------------------------------------------------------------------------

    def _key(self, *parts: object) -> str:
        return ":".join([self.prefix, *map(str, parts)])

    def key(self, *parts: object) -> str:
        """A key of this service's, for its other shared state (`cluster_ladder`)."""
        return self._key(*parts)

    @property
    def redis(self) -> Any:
        """The Redis client (None before `start`), for the service's other shared state."""
        return self._redis

    @property
    def _lobby_channel(self) -> str:
        return self._key("lobby")

    @property
    def _names_channel(self) -> str:
        return self._key("names")

    # --- running ---------------------------------------------------------------------

    async def start(self) -> None:
        """Connect; runs on without Redis (it is tried again every beat)."""
        try:
            import redis.asyncio as aioredis
            from redis.backoff import NoBackoff
            from redis.retry import Retry
        except ImportError:  # pragma: no cover - the extra is missing
            raise RuntimeError(
                "--redis needs the redis extra: pip install 'ddz-tui[redis]'"
            ) from None
        timing = self.timing
        # a burst of hellos waits its turn for one of a few connections (the default pool
        # refuses the 101st at once, which read as Redis out of reach)
        pool = aioredis.BlockingConnectionPool.from_url(
            self.redis_url,
            max_connections=REDIS_CONNECTIONS,
            timeout=timing.socket_timeout,
            socket_timeout=timing.socket_timeout,
            socket_connect_timeout=timing.socket_timeout,
            retry=Retry(NoBackoff(), 0),  # out of reach is said at once: the beat tries again
        )
        self._redis = aioredis.Redis(connection_pool=pool)
        self._scripts["release"] = self._redis.register_script(_RELEASE)
        self._scripts["raise"] = self._redis.register_script(_RAISE)
        self._scripts["swap"] = self._redis.register_script(_SWAP)
        with contextlib.suppress(Exception):
            await self._beat_once()
        if not self.up:
            log.warning(
                "Redis at %s is out of reach: serving alone until it answers", self.redis_url
            )
        for loop in (self._beating(), self._listening()):
            background(loop, self._tasks)

    async def close(self) -> None:
        """Leave the service: this server's rows, names and heartbeat go now (the
        others drop its rows at once rather than when they expire)."""
        self._closed = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:  # the redis client may take a cancel for its own timeout: not forever
            await asyncio.wait(tasks, timeout=2 * self.timing.socket_timeout)
        if self._redis is None:
            return
        with contextlib.suppress(Exception):
            removed = sorted(self._shared)
            pipe = self._redis.pipeline(transaction=False)
            for table_id in removed:
                pipe.delete(self._key("table", table_id))
            if removed:
                pipe.srem(self._key("tables"), *removed)
                pipe.publish(self._lobby_channel, _delta(self.sid, [], removed))
            for key in self._tickets:
                pipe.delete(self._key("ticket", key))
            pipe.delete(self._key("server", self.sid))
            pipe.srem(self._key("servers"), self.sid)
            await asyncio.wait_for(pipe.execute(), self.timing.socket_timeout)
            for held in self.names():
                await self._release_now(held.key)
        with contextlib.suppress(Exception):
            await self._redis.aclose(close_connection_pool=True)

    def _went_down(self, error: BaseException) -> None:
        if self.up and not self._closed:
            log.warning("Redis is out of reach (%s): running tables play on", error)
        self.up = False

    def _came_up(self) -> None:
        if not self.up:
            log.info("Redis reached at %s as server %s", self.redis_url, self.sid)
        self.up = True

    async def _beating(self) -> None:
        beat = self.timing.beat
        while not self._closed:  # a cancel that redis swallowed ends it here
            await asyncio.sleep(beat)
            try:
                await self._beat_once()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._went_down(error)

    async def _beat_once(self) -> None:
        """The heartbeat, and what goes with it: rows and names refreshed when due
        (all of them again after Redis was out of reach), the live servers read, the
        rows of servers gone dropped, the next table ids taken when few are left."""
        timing = self.timing
        was_up = self.up
        now = time.monotonic()
        redis = self._redis
        try:
            tables, players = self.load
            beat = json.dumps(
                {"url": self.advertise, "v": PROTOCOL_VERSION, "tables": tables, "players": players}
            )
            pipe = redis.pipeline(transaction=False)
            pipe.set(self._key("server", self.sid), beat, px=int(timing.server_ttl * 1000))
            pipe.sadd(self._key("servers"), self.sid)
            await pipe.execute()
        except Exception as error:
            self._went_down(error)
            return
        self._came_up()
        if not was_up or now - self._refreshed >= timing.refresh:
            self._refreshed = now
            self._unsent.update(self.rows())
            self._dirty_names.update(held.key for held in self.names())
            self._unsent_tickets.update(self._tickets)
        await self._flush()
        heard_before = time.monotonic()
        await self._read_peers(heard_before)
        if not was_up or now - self._reloaded >= timing.reload:
            self._reloaded = now
            await self._reload_rows()
        if not was_up:
            await self._ids_after_a_break()
        await self._take_ids()

    async def _ids_after_a_break(self) -> None:
        """Redis may have come back empty (no persistence): the next id is raised past
        every id this server gave or holds, and its unused ids, which another server may
        now be handed too, are let go."""
        top = max([*self._shared, *self._ids, *self.remote, 0])
        self._ids = []
        await self._scripts["raise"](keys=[self._key("next_table")], args=[top])

    async def _take_ids(self) -> None:
        if len(self._ids) < ID_LOW:
            last = int(await self._redis.incrby(self._key("next_table"), ID_BLOCK))
            self._ids.extend(range(last - ID_BLOCK + 1, last + 1))

    async def _read_peers(self, heard_before: float) -> None:
        redis = self._redis
        members = [m.decode("ascii", "replace") for m in await redis.smembers(self._key("servers"))]
        sids = [sid for sid in members if _SID.fullmatch(sid) and sid != self.sid]
        values = await redis.mget([self._key("server", sid) for sid in sids]) if sids else []
        peers: dict[str, Peer] = {}
        gone: list[str] = []
        for sid, raw in zip(sids, values, strict=True):
            if raw is None:
                gone.append(sid)
                continue
            peer = self._peer(sid, raw)
            if peer is not None:
                peers[sid] = peer
        bad = [m for m in members if not _SID.fullmatch(m)]
        if gone or bad:
            await redis.srem(self._key("servers"), *gone, *bad)
        self.peers = peers
        dropped = [
            table_id
            for table_id, remote in self.remote.items()
            if remote.server not in peers and remote.heard < heard_before
        ]
        for table_id in dropped:
            del self.remote[table_id]
        if dropped:
            log.info("tables of servers gone left the lobby: %s", dropped[:20])
            self.on_lobby()

    def _peer(self, sid: str, raw: bytes) -> Peer | None:
        beat = self._json(raw, "a heartbeat")
        if not isinstance(beat, dict):
            return None
        url = good_url(beat.get("url"))
        tables, players = _count(beat.get("tables")), _count(beat.get("players"))
        if url is None or tables is None or players is None:
            self._bad.info("a heartbeat of server %s is not one", sid)
            return None
        if beat.get("v") != PROTOCOL_VERSION:
            return None  # another version (an upgrade under way): its players stay there
        return Peer(sid, url, tables, players)

    async def _reload_rows(self) -> None:
        """Every other server's rows, read again whole."""
        redis = self._redis
        ids = [int(m) for m in await redis.smembers(self._key("tables")) if m.isdigit()]
        ids = [table_id for table_id in ids if table_id not in self._shared]
        values = await redis.mget([self._key("table", i) for i in ids]) if ids else []
        now = time.monotonic()
        fresh: dict[int, _Remote] = {}
        gone: list[int] = []
        for table_id, raw in zip(ids, values, strict=True):
            if raw is None:
                gone.append(table_id)
                continue
            remote = self._remote_row(self._json(raw, "a lobby row"), now)
            if remote is not None and remote.row["id"] == table_id:
                fresh[table_id] = remote
        if gone:
            await redis.srem(self._key("tables"), *gone)
        if fresh != self.remote:
            self.remote = fresh
            self.on_lobby()

    def _remote_row(self, value: object, now: float) -> _Remote | None:
        """A row of another live server's, checked as a client checks a lobby row."""
        if not isinstance(value, dict) or set(value) != {"server", "row"}:
            self._bad.info("a lobby row in Redis is not one")
            return None
        server = value["server"]
        if not isinstance(server, str) or server == self.sid or server not in self.peers:
            return None
        try:
            row = check_row(value["row"])
        except ValueError as bad:
            self._bad.info("a lobby row of server %s dropped: %s", server, bad)
            return None
        return _Remote(server, row, now)

    def _json(self, raw: object, what: str) -> object:
        if raw is None:
            return None
        if not isinstance(raw, bytes) or len(raw) > MAX_VALUE:
            self._bad.info("%s in Redis is too long or not text", what)
            return None
        value = _loads(raw)
        if value is None:
            self._bad.info("%s in Redis is not JSON", what)
        return value

    # --- hearing the others ------------------------------------------------------------

    async def _listening(self) -> None:
        """Other servers' lobby changes and names taken over, as they are published
        (after a break, the next beat reads every row again)."""
        while not self._closed:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(self._lobby_channel, self._names_channel)
                self._reloaded = -math.inf  # what was said meanwhile, read whole
                while not self._closed:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is not None:
                        try:
                            self._heard(message)
                        except Exception:  # a bug must not stop the hearing
                            log.exception("a published message could not be read")
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._went_down(error)
                await asyncio.sleep(self.timing.beat)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _heard(self, message: Mapping[str, Any]) -> None:
        channel, data = message.get("channel"), message.get("data")
        if not isinstance(data, bytes) or len(data) > MAX_DELTA:
            self._bad.info("a published message is too long or not text")
            return
        if channel == self._names_channel.encode():
            said = self._json(data, "a name taken over") if len(data) <= MAX_VALUE else None
            if isinstance(said, dict) and said.get("server") != self.sid:
                key = said.get("key")
                if isinstance(key, str) and len(key) <= 256:
                    self.on_name_lost(key)
            return
        delta = _loads(data)
        if not isinstance(delta, dict) or delta.get("server") == self.sid:
            return
        server, rows, removed = delta.get("server"), delta.get("tables"), delta.get("removed")
        if not isinstance(rows, list) or not isinstance(removed, list) or server not in self.peers:
            return
        now = time.monotonic()
        changed = False
        for table_id in removed:
            remote = self.remote.get(table_id) if isinstance(table_id, int) else None
            if remote is not None and remote.server == server:
                del self.remote[table_id]
                changed = True
        for row in rows:
            remote = self._remote_row({"server": server, "row": row}, now)
            if remote is None:
                continue
            table_id = remote.row["id"]
            if table_id in self._shared:
                continue  # ours: another server may not speak for it
            self.remote[table_id] = remote
            changed = True
        if changed:
            self.on_lobby()

    # --- the lobby ---------------------------------------------------------------------

    def share(self, rows: Mapping[int, dict[str, Any]]) -> None:
        """This server's rows as they stand now: what changed is written and published."""
        for table_id, row in rows.items():
            if self._shared.get(table_id) != row:
                self._unsent[table_id] = row
        for table_id in self._shared:
            if table_id not in rows:
                self._unsent[table_id] = None
        self._shared = dict(rows)
        if self._unsent:
            self._kick()

    def remote_rows(self) -> dict[int, dict[str, Any]]:
        return {table_id: remote.row for table_id, remote in self.remote.items()}

    def owner_of(self, table_id: int) -> Peer | None:
        """The live server that holds another server's table, if the lobby knows it."""
        remote = self.remote.get(table_id)
        return None if remote is None else self.peers.get(remote.server)

    def place_for_new_table(self) -> Peer | None:
        """The least loaded server, by its tables (None: this one, which wins a tie)."""
        if not self.up:
            return None  # the table is refused here (`next_table_id`), not sent on
        mine = self.load[0]
        best = min(self.peers.values(), key=lambda peer: (peer.tables, peer.sid), default=None)
        return best if best is not None and best.tables < mine else None

    def peer_urls(self) -> list[str]:
        return sorted(peer.url for peer in self.peers.values())[:MAX_PEERS]

    def next_table_id(self) -> int:
        """A table id no other server gives (ClusterDown while Redis is out of reach)."""
        while self._ids and (self._ids[0] in self.remote or self._ids[0] in self._shared):
            del self._ids[0]  # given elsewhere while Redis was away and came back empty
        if not self.up or not self._ids:
            raise ClusterDown(Phrase("net.error.cluster_tables"))
        table_id = self._ids.pop(0)
        if len(self._ids) < ID_LOW:
            self._kick()
        return table_id

    # --- names -------------------------------------------------------------------------

    async def claim(self, key: str, token: str | None, fresh: str) -> Claim:
        """Whether a hello's name may be held here: free (held now with the token
        `fresh`), this player's with `token` (taken over, or MOVED to their table's
        server), or someone else's. ClusterDown while Redis is out of reach."""
        if not self.up:
            raise ClusterDown(Phrase("net.error.cluster_names"))
        try:
            for _ in range(3):  # again when its record changed as we read it
                claim = await self._claim_once(key, token, fresh)
                if claim is not None:
                    return claim
            return Claim(Outcome.TAKEN)
        except Exception as error:
            self._went_down(error)
            raise ClusterDown(Phrase("net.error.cluster_names")) from None

    async def _claim_once(self, key: str, token: str | None, fresh: str) -> Claim | None:
        """`claim`, or None when the name's record changed between reading and writing."""
        name_key = self._key("name", key)
        ttl = int(self.timing.name_ttl * 1000)
        raw = await self._redis.get(name_key)
        held = _held(self._json(raw, "a name"))
        ours = (
            held is not None
            and token is not None
            and secrets.compare_digest(held["token"], token_hash(token))
        )
        if held is None or (held["server"] == self.sid and not ours):
            # free, a record that is none (dropped), or ours that we no longer hold
            record = _name_record(self.sid, fresh, None)
            if raw is None:
                won = await self._redis.set(name_key, record, px=ttl, nx=True)
            else:
                won = await self._scripts["swap"](keys=[name_key], args=[raw, record, ttl])
            return Claim(Outcome.NEW) if won else None
        if not ours or token is None:
            return Claim(Outcome.TAKEN)
        owner = self.peers.get(held["server"])
        if owner is not None and held["table"] is not None:
            return Claim(Outcome.MOVED, owner.url, held["table"])
        record = _name_record(self.sid, token, None)
        if not await self._scripts["swap"](keys=[name_key], args=[raw, record, ttl]):
            return None
        said = json.dumps({"key": key, "server": self.sid})
        await self._redis.publish(self._names_channel, said)
        return Claim(Outcome.TAKEN_OVER)

    def held(self, key: str) -> None:
        """A name this server holds changed seat: the service hears it soon."""
        self._released.discard(key)
        self._dirty_names.add(key)
        self._kick()

    def release(self, key: str) -> None:
        """This server no longer holds the name (unless another took it since)."""
        self._dirty_names.discard(key)
        self._released.add(key)
        self._kick()

    async def _release_now(self, key: str) -> None:
        await self._scripts["release"](keys=[self._key("name", key)], args=[self.sid])

    # --- tickets -------------------------------------------------------------------------

    def vouch(self, key: str, ticket: str) -> None:
        """The SSH door's ticket for a name, for every server to check (hashed; kept
        fresh while the door's session lasts, written again after Redis was away)."""
        self._tickets[key] = self._unsent_tickets[key] = token_hash(ticket)
        self._kick()

    def unvouch(self, key: str) -> None:
        self._tickets.pop(key, None)
        self._unsent_tickets[key] = None
        self._kick()

    async def vouched(self, key: str, ticket: str) -> bool:
        """Whether a ticket another server's door gave is good (False without Redis)."""
        try:
            known = await self._redis.get(self._key("ticket", key))
        except Exception as error:
            self._went_down(error)
            return False
        return isinstance(known, bytes) and secrets.compare_digest(
            known, token_hash(ticket).encode()
        )

    # --- writing -----------------------------------------------------------------------

    def _kick(self) -> None:
        if self._closed:
            return  # the server is closing: it left the service already
        if self._flushing is None or self._flushing.done():
            self._flushing = background(self._flush_soon(), self._tasks)

    async def _flush_soon(self) -> None:
        try:
            await self._flush()
            if self.up:
                await self._take_ids()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._went_down(error)

    async def _flush(self) -> None:
        """Write the rows and names that changed, and publish the rows' change."""
        if not self.up or self._redis is None:
            return
        unsent, self._unsent = self._unsent, {}
        dirty, self._dirty_names = self._dirty_names, set()
        released, self._released = self._released, set()
        tickets, self._unsent_tickets = self._unsent_tickets, {}
        try:
            await self._write(unsent, dirty, tickets)
            for key in released:
                await self._release_now(key)
        except BaseException:
            for table_id, row in unsent.items():  # written again when Redis is back
                self._unsent.setdefault(table_id, row)
            for key, ticket in tickets.items():
                self._unsent_tickets.setdefault(key, ticket)
            self._dirty_names |= dirty
            self._released |= released
            raise

    async def _write(
        self,
        unsent: dict[int, dict[str, Any] | None],
        dirty: set[str],
        tickets: dict[str, str | None],
    ) -> None:
        timing = self.timing
        pipe = self._redis.pipeline(transaction=False)
        changed = [row for row in unsent.values() if row is not None]
        removed = [table_id for table_id, row in unsent.items() if row is None]
        for row in changed:
            value = json.dumps({"server": self.sid, "row": row})
            pipe.set(self._key("table", row["id"]), value, px=int(timing.row_ttl * 1000))
        if changed:
            pipe.sadd(self._key("tables"), *(row["id"] for row in changed))
        for table_id in removed:
            pipe.delete(self._key("table", table_id))
        if removed:
            pipe.srem(self._key("tables"), *removed)
        if changed or removed:
            pipe.publish(self._lobby_channel, _delta(self.sid, changed, removed))
        if dirty:
            names = {held.key: held for held in self.names() if held.key in dirty}
            for held in names.values():
                pipe.set(
                    self._key("name", held.key),
                    _name_record(self.sid, held.token, held.table),
                    px=int(timing.name_ttl * 1000),
                )
        for key, ticket in tickets.items():
            if ticket is None:
                pipe.delete(self._key("ticket", key))
            else:
                pipe.set(self._key("ticket", key), ticket, px=int(timing.name_ttl * 1000))
        await pipe.execute()


# deletes a name only while this server holds it (another may have taken it over)
_RELEASE = """
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local ok, record = pcall(cjson.decode, held)
if ok and type(record) == 'table' and record.server == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


# a name's record replaced by ARGV[2] (for ARGV[3] ms) only while it is still ARGV[1]
_SWAP = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""

# the next table id, raised to at least ARGV[1]
_RAISE = """
local now = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if now < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 0
"""


def _loads(data: bytes) -> object:
    """JSON as Redis holds it, None when it is not (NaN and Infinity are not JSON)."""

    def no_constant(name: str) -> None:
        raise ValueError(name)

    try:
        return json.loads(data, parse_constant=no_constant)
    except (ValueError, RecursionError):
        return None


def _delta(sid: str, rows: list[dict[str, Any]], removed: list[int]) -> str:
    return json.dumps({"server": sid, "tables": rows, "removed": removed})


def _name_record(sid: str, token: str, table: int | None) -> str:
    return json.dumps({"server": sid, "token": token_hash(token), "table": table})


def _held(value: object) -> dict[str, Any] | None:
    """A name's record, checked (None when absent or not one: then it is free)."""
    if not isinstance(value, dict) or set(value) != {"server", "token", "table"}:
        return None
    server, token, table = value["server"], value["token"], value["table"]
    if not isinstance(server, str) or not _SID.fullmatch(server):
        return None
    if not isinstance(token, str) or not re.fullmatch(r"[0-9a-f]{64}", token):
        return None
    if table is not None and _count(table) is None:
        return None
    return value
