"""The service's ladder in a real Redis (issue 38): every game any server of the service
finishes counts on every server's ladder, ranked as one server's history ranks it; what
Redis holds is read as a stranger's word; without Redis a server answers from its own
history."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import redis.asyncio as aioredis

from ddz_tui.bots import make_bot
from ddz_tui.engine import Event, GameOver
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.cluster import Cluster, Timing
from ddz_tui.net.cluster_ladder import NAME_LIMIT, ServiceLadder, window
from ddz_tui.net.server import GameServer
from ddz_tui.records.history import History
from ddz_tui.records.ladder import Identity, Ladder, Period
from ddz_tui.records.store import Origin, SeatLabel, SeatRecord, Store
from tests.support.botclient import BotPlayer
from tests.support.history import finished_game
from tests.support.loopback import FAST, until
from tests.support.redis import RedisServer

QUICK = Timing(beat=0.1, server_ttl=0.6, row_ttl=3.0, name_ttl=5.0, refresh=0.5, reload=1.0)
# a Friday no test runs on: a history, which keeps real dates, has no game that day
TODAY = dt.datetime(2100, 1, 8, 15, 0, tzinfo=dt.timezone.utc)
WHOLE = 2**62


@asynccontextmanager
async def cluster(redis: RedisServer) -> AsyncIterator[Cluster]:
    """A started Cluster of no server's (for the ladder's own keys)."""
    found = Cluster(
        redis.url,
        "ws://127.0.0.1:1",
        rows=dict,
        names=list,
        on_lobby=lambda: None,
        on_name_lost=lambda key: None,
        timing=QUICK,
    )
    await found.start()
    try:
        yield found
    finally:
        await found.close()


PEOPLE = [
    SeatRecord("ann", identity=Identity.RANKED),
    SeatRecord("bob", identity=Identity.GUEST),
    SeatRecord("Cát", identity=Identity.RANKED),
    SeatRecord("dan", identity=Identity.GUEST),
    SeatRecord("eve"),  # kept before identities were: a guest
    SeatRecord("Bot 3", "easy", SeatLabel.BOT, Identity.BOT),
    SeatRecord("Bot 2", "random", SeatLabel.BOT, Identity.BOT),
]
# when each game ends: today, earlier this week, last week (Sunday's), long ago
WHEN = [
    TODAY,
    TODAY - dt.timedelta(hours=14, minutes=59, seconds=59),  # today's first second
    TODAY - dt.timedelta(days=2),
    TODAY - dt.timedelta(days=4, hours=15),  # Monday's midnight
    TODAY - dt.timedelta(days=4, hours=15, seconds=1),  # Sunday's last second
    TODAY - dt.timedelta(days=300),
]


# games today whose scores make ties: equal points with equal games, or with fewer
TIES = [
    (("fay", "gus", "hal"), (2, -1, -1)),
    (("gus", "fay", "hal"), (2, -1, -1)),
    (("ivy", "jon", "kim"), (1, 1, -2)),
]


def _scored(events: Sequence[Event], scores: tuple[int, int, int]) -> tuple[Event, ...]:
    over = events[-1]
    assert isinstance(over, GameOver)
    return (*events[:-1], replace(over, scores=scores))


async def test_one_set_of_games_gives_the_same_ladder_from_a_history_and_from_redis(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    async with cluster(redis_server) as shared:
        service = ServiceLadder(shared)
        with Store.open(tmp_path / "server.sqlite3") as store:
            played = [
                (
                    finished_game(seed).events,
                    [PEOPLE[(seed + k * (1 + seed % 3)) % len(PEOPLE)] for k in range(3)],
                    WHEN[seed % len(WHEN)],
                )
                for seed in range(36)
            ]
            for names, scores in TIES:
                seats = [SeatRecord(name, identity=Identity.GUEST) for name in names]
                played.append((_scored(finished_game(0).events, scores), seats, TODAY))
            for events, seats, when in played:
                store.record_game(events, seats, None, Origin.SERVER, finished=when)
                service.add(events, seats, when)
            await service.flush()
            for period in Period:
                from_history = store.ladder(period, TODAY, WHOLE)
                assert await service.read(period, TODAY) == from_history, period
        day = (await _read(service, Period.DAY)).rows
        tied = [(row.name, row.points, row.games) for row in day if row.name in TIED]
        assert tied == [
            ("fay", 1, 2),
            ("gus", 1, 2),  # equal points and games: by name
            ("ivy", 1, 1),  # equal points: more games first
            ("jon", 1, 1),
            ("hal", -2, 2),
            ("kim", -2, 1),
        ], day
        ranks = {row.name: row.rank for row in day}
        assert ranks["fay"] == ranks["gus"] == ranks["ivy"] == ranks["jon"], "one rank"
        assert ranks["hal"] == ranks["kim"] > ranks["fay"] + 3
        games = {
            period: sum(row.games for row in (await _read(service, period)).rows)
            for period in Period
        }
        assert games == {Period.DAY: 3 * 15, Period.WEEK: 3 * 27, Period.ALL: 3 * 39}
        r = aioredis.Redis.from_url(redis_server.url)
        assert 0 < await r.ttl(f"ddz:ladder:{window(Period.DAY, TODAY)}:points") <= 3 * 86400
        assert await r.ttl(f"ddz:ladder:{window(Period.WEEK, TODAY)}:games") > 86400
        assert await r.ttl("ddz:ladder:all:points") == -1, "all time never expires"
        assert window(Period.WEEK, TODAY) == "week:2100-01-04"
        await r.aclose()


TIED = {name for names, _ in TIES for name in names}


async def _read(service: ServiceLadder, period: Period) -> Ladder:
    ladder = await service.read(period, TODAY)
    assert ladder is not None
    return ladder


@asynccontextmanager
async def service(redis: RedisServer, tmp_path: Path) -> AsyncIterator[list[GameServer]]:
    """Two servers on one Redis, each with its own history, the date TODAY."""
    servers = [
        GameServer(
            replace(FAST, redis_url=redis.url, bot_workers=0),
            history=History(tmp_path / f"server{n}.sqlite3"),
            now=lambda: TODAY,
            cluster_timing=QUICK,
        )
        for n in range(2)
    ]
    try:
        for server in servers:
            await server.start()
        await until(lambda: all(s.cluster is not None and s.cluster.peers for s in servers))
        yield servers
    finally:
        for server in servers:
            await server.close()


async def _game_on(server: GameServer, name: str, seed: int) -> tuple[int, int, int]:
    """One game at a table of `server`'s: `name` with two random bots; its totals."""
    person = await LobbyClient.connect(server.url, name, reconnect_for=0)
    table = await person.create()
    assert table.table_id in server.lobby.tables, "the table is on this server"
    await person.fill("random")
    await asyncio.wait_for(BotPlayer(table, make_bot("random", seed)).play(1), 60)
    totals = server.lobby.tables[table.table_id].host.totals
    await person.close()
    assert server.history is not None
    await server.history.flush()
    if server.service_ladder is not None:
        await server.service_ladder.flush()
    return (totals[0], totals[1], totals[2])


async def test_a_game_on_either_server_counts_on_both_servers_ladders(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    async with service(redis_server, tmp_path) as (a, b):
        on_a = await _game_on(a, "ann", 1)
        on_b = await _game_on(b, "bob", 2)
        for n, server in enumerate((a, b)):
            asker = await LobbyClient.connect(server.url, f"zed{n}", reconnect_for=0)
            for period in Period:
                ladder = await asker.leaderboard(period)
                rows = {(row.identity, row.name): row for row in ladder.rows}
                assert set(rows) == {
                    (Identity.GUEST, "ann"),
                    (Identity.GUEST, "bob"),
                    (Identity.BOT, "random"),
                }, (server.url, period)
                assert (rows[Identity.GUEST, "ann"].points, rows[Identity.GUEST, "ann"].games) == (
                    on_a[0],
                    1,
                )
                assert rows[Identity.GUEST, "bob"].points == on_b[0]
                bots = rows[Identity.BOT, "random"]
                assert (bots.points, bots.games) == (on_a[1] + on_a[2] + on_b[1] + on_b[2], 4)
            await asker.close()


async def test_what_the_ladder_holds_in_redis_is_checked_like_any_other_input(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    async with service(redis_server, tmp_path) as (a, _b):
        await _game_on(a, "ann", 1)
        r = aioredis.Redis.from_url(redis_server.url)
        points, games, wins = (f"ddz:ladder:all:{part}" for part in ("points", "games", "wins"))
        hostile: dict[bytes, tuple[float, bytes, bytes | None]] = {
            "guest:\x1b]0;pwned\x07eve\u202e".encode(): (900, b"3", b"2"),  # made printable
            b"ranked:" + b"y" * 200: (800, b"1", None),  # cut to what the protocol carries
            b"guest:\xff\xfe": (700, b"1", b"0"),  # not UTF-8
            b"guest:lots": (650, b"lots", b"0"),  # games that are no number
            b"guest:frac": (600.5, b"1", b"1"),  # points that are no whole number
            b"guest:inf": (float("inf"), b"1", b"1"),
            b"guest:more": (600, b"1", b"2"),  # more wins than games
            b"guest:none": (550, b"0", None),  # no games
            b"guest:huge": (500, b"9" * 30, None),
            b"admin:root": (400, b"1", b"1"),  # an identity no server writes
            b"nocolon": (300, b"1", b"1"),
            b"guest:" + b"z" * 300: (200, b"1", b"1"),  # longer than any member written
        }
        for key, (score, played, won) in hostile.items():
            await r.zadd(points, {key: score})
            await r.hset(games, key, played)
            if won is not None:
                await r.hset(wins, key, won)
        # a day's points that are not a sorted set: the server's own history answers
        await r.set(f"ddz:ladder:{window(Period.DAY, TODAY)}:points", b"garbage")
        asker = await LobbyClient.connect(a.url, "zed", reconnect_for=0)
        ladder = await asker.leaderboard(Period.ALL)
        names = [(row.identity, row.name) for row in ladder.rows]
        assert names[:3] == [
            (Identity.GUEST, "]0;pwnedeve"),
            (Identity.RANKED, "y" * NAME_LIMIT),
            (Identity.GUEST, "\ufffd\ufffd"),
        ]
        assert {name for _, name in names[3:]} == {"ann", "random"}
        assert (ladder.rows[0].rank, ladder.rows[0].games, ladder.rows[0].wins) == (1, 3, 2)
        day = await asker.leaderboard(Period.DAY)
        assert day.rows == (), "the history keeps real dates: no game on TODAY's"
        await asker.close()
        await r.aclose()


async def test_without_redis_a_server_answers_from_its_own_history(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    async with service(redis_server, tmp_path) as (a, b):
        on_a = await _game_on(a, "ann", 1)
        await _game_on(b, "bob", 2)
        asker = await LobbyClient.connect(a.url, "zed", reconnect_for=0)
        both = await asker.leaderboard(Period.DAY)
        assert {row.name for row in both.rows} == {"ann", "bob", "random"}
        await asyncio.to_thread(redis_server.kill)
        mine = await asker.leaderboard(Period.ALL)  # not read yet: no cache
        rows = {(row.identity, row.name): row for row in mine.rows}
        assert set(rows) == {(Identity.GUEST, "ann"), (Identity.BOT, "random")}
        assert rows[Identity.GUEST, "ann"].points == on_a[0]
        await asker.close()
