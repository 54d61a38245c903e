"""The service's ladder in Redis: with servers sharing a Redis (`cluster`), every game
any server's tables finish counts on every server's ladder (issue 38).

Each server adds the games its tables finish (the very games its history keeps:
`table.keeping.each_game`) to three windows: the game's day, its week (calendar, UTC,
as `records.ladder` reckons them) and all time. A window is a sorted set of points,
`{prefix}:ladder:{window}:points`, and hashes of games and of wins, `…:games` and
`…:wins`, each by member `{identity}:{name}` (a bot's name is its level); a window is
`day:2026-11-27`, `week:2026-11-23` (its Monday) or `all`. A day's keys expire a few
days after its last game, a week's a few weeks after. A game is added in one
transaction, in the background: when Redis is out of reach that is logged, and the game
is left off the service's ladder (the server's own history keeps it).

Reading builds the `Ladder` that `records.ladder.read_ladder` builds from a history,
with the same ranks and order, from a window's top MAX_MEMBERS by points. What Redis
holds is a stranger's word: a member too long or of an identity this version does not
write is skipped, and so is a row whose counts are not whole numbers within the
protocol's bounds; a name is made printable and cut to what the protocol carries.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ddz_tui.engine import Event, GameOver
from ddz_tui.engine.events import Left
from ddz_tui.net.cluster import Cluster
from ddz_tui.net.protocol import LEVEL_MAX
from ddz_tui.net.ratelimit import ThrottledLog
from ddz_tui.net.tasks import background
from ddz_tui.records.ladder import Identity, Ladder, Period, Standing, window_start
from ddz_tui.records.names import NAME_MAX
from ddz_tui.records.store import SeatRecord
from ddz_tui.table.host import TableHost
from ddz_tui.table.keeping import each_game
from ddz_tui.text import printable

log = logging.getLogger(__name__)

MAX_MEMBERS = 10_000  # rows of a window read at most, the most points first
MAX_MEMBER = 256  # bytes of a member read back (a server writes fewer than 80)
NAME_LIMIT = max(NAME_MAX * 4, LEVEL_MAX)  # characters of a name, as the protocol carries
MAX_POINTS = 2**40  # points either way, as the protocol carries
MAX_COUNT = 2**31 - 1  # games or wins, as the protocol carries
# how long a window's keys outlive its last game (all time's never expire)
KEEP = {Period.DAY: dt.timedelta(days=3), Period.WEEK: dt.timedelta(weeks=3)}
_WHOLE = re.compile(rb"-?[0-9]{1,19}")
_PARTS = ("points", "games", "wins")


def member(seat: SeatRecord) -> str:
    """A seat as the ladder counts it, as `records.ladder` groups a history's seats: a
    bot by its level, a person by identity (none kept: a guest) and name as the store
    keeps it."""
    if seat.bot_level is not None:
        return f"{Identity.BOT.value}:{printable(seat.bot_level)}"
    who = seat.identity or Identity.GUEST
    return f"{who.value}:{'' if seat.label else printable(seat.name)}"


def window(period: Period, when: dt.datetime) -> str:
    """The window of `period` that `when` falls in, as its keys name it."""
    start = window_start(period, when)
    return period.value if start is None else f"{period.value}:{start.date().isoformat()}"


@dataclass(frozen=True)
class _Row:
    identity: Identity
    shown: str  # as read (made printable when shown)
    points: int
    games: int
    wins: int


class ServiceLadder:
    """The service's ladder through this server's `cluster` (started)."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self._tasks: set[asyncio.Task[Any]] = set()
        self._unsent = ThrottledLog(log, "games left off the service's ladder")
        self._unread = ThrottledLog(log, "service's ladders not read")
        self._bad = ThrottledLog(log, "ladder rows from Redis dropped")

    def _keys(self, period: Period, when: dt.datetime) -> tuple[str, str, str]:
        name = window(period, when)
        points, games, wins = (self.cluster.key("ladder", name, part) for part in _PARTS)
        return points, games, wins

    # --- adding ------------------------------------------------------------------------

    def keep(
        self, host: TableHost, ranked: Callable[[int], bool], now: Callable[[], dt.datetime]
    ) -> Callable[[], None]:
        """Add every game `host` finishes from now on that a server's history keeps (one
        a person sat through; `ranked` says whose name is bound to their key), dated by
        `now`; returns a function that stops it."""

        def add(events: Sequence[Event], seats: tuple[SeatRecord, ...]) -> None:
            self.add(events, seats, now())

        return each_game(host, add, people_only=True, ranked=ranked)

    def add(self, events: Sequence[Event], seats: Sequence[SeatRecord], when: dt.datetime) -> None:
        """Add a finished game (its events and seats, as a history keeps them) to its
        day, week and all time, in the background."""
        over = events[-1]
        if not isinstance(over, GameOver | Left):
            return  # not over (a history would refuse it too)
        counted = [(member(seat), score) for seat, score in zip(seats, over.scores, strict=True)]
        background(self._write(counted, when), self._tasks)

    async def _write(self, counted: list[tuple[str, int]], when: dt.datetime) -> None:
        cluster = self.cluster
        try:
            pipe = cluster.redis.pipeline(transaction=True)
            for period in Period:
                keys = points, games, wins = self._keys(period, when)
                for name, score in counted:
                    pipe.zincrby(points, score, name)
                    pipe.hincrby(games, name, 1)
                    if score > 0:
                        pipe.hincrby(wins, name, 1)
                keep = KEEP.get(period)
                if keep is not None:
                    for key in keys:
                        pipe.expire(key, keep)
            await asyncio.wait_for(pipe.execute(), cluster.timing.socket_timeout)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._unsent.info("a game was left off the service's ladder: %r", error)

    async def flush(self) -> None:
        """Wait for the games being added (each gives up within the socket timeout)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # --- reading -------------------------------------------------------------------------

    async def read(self, period: Period, now: dt.datetime) -> Ladder | None:
        """The service's whole ladder of `period` as of `now` (its top MAX_MEMBERS rows by
        points); None when Redis is out of reach (logged)."""
        cluster = self.cluster
        if not cluster.up:
            return None
        try:
            found = await asyncio.wait_for(
                self._read(*self._keys(period, now)), cluster.timing.socket_timeout
            )
        except asyncio.CancelledError:
            raise
        except Exception as error:
            self._unread.info("the service's ladder is out of reach: %r", error)
            return None
        return Ladder(period, self._ranked(found))

    async def _read(self, points: str, games: str, wins: str) -> list[tuple[Any, ...]]:
        redis = self.cluster.redis
        top = await redis.zrevrange(points, 0, MAX_MEMBERS - 1, withscores=True)
        if not top:
            return []
        names = [name for name, _ in top]
        pipe = redis.pipeline(transaction=True)
        pipe.hmget(games, names)
        pipe.hmget(wins, names)
        played, won = await pipe.execute()
        return [(*pair, g, w) for pair, g, w in zip(top, played, won, strict=True)]

    def _ranked(self, found: list[tuple[Any, ...]]) -> tuple[Standing, ...]:
        """The rows as `read_ladder` ranks and orders them: by points (equal points, one
        rank), then games, then name."""
        rows = [row for row in map(self._row, found) if row is not None]
        rows.sort(key=lambda row: (-row.points, -row.games, row.shown, row.identity.value))
        standings: list[Standing] = []
        for place, row in enumerate(rows, start=1):
            tied = standings and standings[-1].points == row.points
            rank = standings[-1].rank if tied else place
            name = printable(row.shown, NAME_LIMIT)
            standings.append(Standing(rank, name, row.identity, row.points, row.games, row.wins))
        return tuple(standings)

    def _row(self, found: tuple[Any, ...]) -> _Row | None:
        raw, score, games, wins = found
        if not isinstance(raw, bytes) or len(raw) > MAX_MEMBER:
            self._bad.info("a ladder member in Redis is too long or not text")
            return None
        who, colon, shown = raw.decode("utf-8", "replace").partition(":")
        try:
            identity = Identity(who)
        except ValueError:
            identity = None
        points = _whole(score, -MAX_POINTS, MAX_POINTS)
        played = _whole(games, 1, MAX_COUNT)
        won = 0 if wins is None else _whole(wins, 0, MAX_COUNT)
        if not colon or identity is None:
            self._bad.info("a ladder member in Redis of no identity this version writes")
        elif points is None or played is None or won is None or won > played:
            self._bad.info("a ladder row in Redis whose counts are not counts")
        else:
            return _Row(identity, shown, points, played, won)
        return None


def _whole(value: object, low: int, high: int) -> int | None:
    """A count read from Redis (a sorted set's score, a hash's text), when it is a whole
    number within bounds."""
    if isinstance(value, float):
        number = int(value) if value.is_integer() else None
    elif isinstance(value, bytes) and _WHOLE.fullmatch(value):
        number = int(value)
    else:
        number = None
    return number if number is not None and low <= number <= high else None
