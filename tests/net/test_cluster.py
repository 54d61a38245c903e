"""Servers sharing a real Redis are one service: one lobby, one set of names, a table on
one server reached from any (`moved`), new tables where there are fewest, and what
Redis holds read back as a stranger's word (issue 38). Three servers in this process,
with a short heartbeat; the faults with server processes are in test_cluster_faults."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import redis.asyncio as aioredis

from ddz_tui.bots import make_bot
from ddz_tui.engine import Phase
from ddz_tui.net.client.errors import Refused
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.cluster import Timing
from ddz_tui.net.errors import ErrorReason
from ddz_tui.net.server import GameServer
from tests.support.botclient import BotPlayer
from tests.support.loopback import FAST, until
from tests.support.redis import RedisServer
from tests.support.server_process import ServerProcess

QUICK = Timing(beat=0.1, server_ttl=0.6, row_ttl=3.0, name_ttl=5.0, refresh=0.5, reload=1.0)


@asynccontextmanager
async def service(redis: RedisServer, count: int = 3) -> AsyncIterator[list[GameServer]]:
    """`count` servers on one Redis, each knowing every other before it is handed out."""
    servers = [
        GameServer(replace(FAST, redis_url=redis.url, bot_workers=0), cluster_timing=QUICK)
        for _ in range(count)
    ]
    try:
        for server in servers:
            await server.start()
        await until(lambda: all(_peers(s) == count - 1 for s in servers))
        yield servers
    finally:
        for server in servers:
            await server.close()


async def stored(redis: RedisServer, holds: Callable[[Any], Awaitable[bool]]) -> None:
    """Wait until what Redis holds passes `holds` (a server writes it in the background;
    fails the test past 5 s)."""
    r = aioredis.Redis.from_url(redis.url)
    try:
        for _ in range(500):
            if await holds(r):
                return
            await asyncio.sleep(0.01)
        raise AssertionError("Redis never held what was awaited")
    finally:
        await r.aclose()


def _peers(server: GameServer) -> int:
    assert server.cluster is not None
    return len(server.cluster.peers)


def _on(client: LobbyClient, server: GameServer) -> bool:
    return client.url == server.url


async def test_a_table_opened_on_one_server_is_seen_and_joined_from_another(
    redis_server: RedisServer,
) -> None:
    async with service(redis_server) as (a, _b, c):
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=0)
        cat = await LobbyClient.connect(c.url, "cat", reconnect_for=0)
        table = await ann.create(title="Ann's")
        assert _on(ann, a) and table.table_id in a.lobby.tables
        await until(lambda: [t.title for t in cat.tables] == ["Ann's"])
        seat = await cat.join(table.table_id)
        # the join was answered by `moved`: cat's session is on A now, seated there
        assert _on(cat, a) and seat.table_id == table.table_id and seat.seat == 1
        assert a.lobby.players["cat"].table is a.lobby.tables[table.table_id]
        assert "cat" not in c.lobby.players  # C let the name go
        await until(lambda: seat.state is not None and seat.state.seats[1].name == "cat")
        for client in (ann, cat):
            await client.close()


async def test_a_whole_game_is_played_by_players_who_came_through_three_servers(
    redis_server: RedisServer,
) -> None:
    async with service(redis_server) as servers:
        names = ("ann", "bob", "cat")
        people = [
            await LobbyClient.connect(s.url, n, reconnect_for=0)
            for s, n in zip(servers, names, strict=True)
        ]
        first = await people[0].create()
        home = next(s for s in servers if first.table_id in s.lobby.tables)
        tables = [first]
        for person in people[1:]:
            await until(lambda p=person: any(t.id == first.table_id for t in p.tables))
            tables.append(await person.join(first.table_id))
        assert all(_on(person, home) for person in people)
        players = [BotPlayer(t, make_bot("random", seed)) for seed, t in enumerate(tables)]
        states = await asyncio.wait_for(asyncio.gather(*(p.play(1) for p in players)), 60)
        assert all(s.games == 1 and s.view is not None for s in states)
        assert all(s.view.phase is Phase.OVER for s in states if s.view is not None)
        assert sum(states[0].totals) == 0 and states[0].totals == states[2].totals
        for person in people:
            await person.close()


async def test_a_new_table_goes_to_the_server_with_fewest(redis_server: RedisServer) -> None:
    async with service(redis_server, 2) as (a, b):
        openers = [await LobbyClient.connect(a.url, f"p{i}", reconnect_for=0) for i in range(3)]
        await openers[0].create(title="first")  # A and B have none: A keeps it
        assert len(a.lobby.tables) == 1 and not b.lobby.tables
        await until(lambda: b.cluster is not None and _load(b, a) == 1)
        await openers[1].create(title="second")  # A has one, B none: sent to B
        assert len(b.lobby.tables) == 1 and _on(openers[1], b)
        ids = set(a.lobby.tables) | set(b.lobby.tables)
        assert len(ids) == 2  # ids are the service's: no two servers give the same
        for opener in openers:
            await opener.close()


def _load(server: GameServer, other: GameServer) -> int:
    """How many tables `server` thinks `other` has."""
    assert server.cluster is not None and other.cluster is not None
    peer = server.cluster.peers.get(other.cluster.sid)
    return -1 if peer is None else peer.tables


async def test_a_name_is_taken_once_across_the_service(redis_server: RedisServer) -> None:
    async with service(redis_server, 2) as (a, b):
        ann = await LobbyClient.connect(a.url, "Ann", reconnect_for=0)
        with pytest.raises(Refused) as refused:
            await LobbyClient.connect(b.url, "ＡＮＮ", reconnect_for=0)
        assert refused.value.reason == ErrorReason.NAME_TAKEN.value
        # with the session token, Ann comes back through B: the name is B's now, and A
        # closes the connection it held
        again = await LobbyClient.connect(b.url, "Ann", token=ann.token, reconnect_for=0)
        assert again.token == ann.token and "ann" in b.lobby.players
        await until(lambda: "ann" not in a.lobby.players)
        await again.close()
        await ann.close()


async def test_a_player_seated_on_one_server_who_says_hello_to_another_is_sent_back(
    redis_server: RedisServer,
) -> None:
    async with service(redis_server, 2) as (a, b):
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=0)
        table = await ann.create()

        async def seated(r: Any) -> bool:  # the service hears where Ann sits
            return json.loads(await r.get("ddz:name:ann") or "{}").get("table") == table.table_id

        await stored(redis_server, seated)
        again = await LobbyClient.connect(b.url, "ann", token=ann.token, reconnect_for=0)
        assert _on(again, a) and again.table is not None
        assert again.table.table_id == table.table_id
        await again.close()
        await ann.close()


async def test_a_door_ticket_given_on_one_server_is_good_on_another(
    redis_server: RedisServer,
) -> None:
    async with service(redis_server, 2) as (a, b):
        ticket = a.vouch("ann")
        await stored(redis_server, lambda r: r.exists("ddz:ticket:ann"))
        client = await LobbyClient.connect(b.url, "ann", ticket=ticket, reconnect_for=0)
        assert b.lobby.players["ann"].ranked
        await client.close()
        forged = await LobbyClient.connect(b.url, "bob", ticket=ticket, reconnect_for=0)
        assert not b.lobby.players["bob"].ranked  # a ticket is for its own name only
        await forged.close()


async def test_a_welcome_names_the_other_servers(redis_server: RedisServer) -> None:
    async with service(redis_server) as (a, b, c):
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=0)
        assert set(ann.peers) >= {b.url, c.url}
        await ann.close()


async def test_what_redis_holds_is_checked_like_any_other_input(
    redis_server: RedisServer,
) -> None:
    async with service(redis_server, 2) as (a, b):
        assert a.cluster is not None and b.cluster is not None
        watcher = await LobbyClient.connect(b.url, "wat", reconnect_for=0)
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=0)
        good = await ann.create(title="good")
        await until(lambda: [t.title for t in watcher.tables] == ["good"])
        r = aioredis.Redis.from_url(redis_server.url)
        sid = a.cluster.sid
        row = dict(b.cluster.remote[good.table_id].row)
        bad_rows = [
            {**row, "id": 900, "title": "\x1b[2Jgone"},  # an escape in the title
            {**row, "id": 901, "seats": []},  # no seats
            {**row, "id": 902, "extra": 1},  # a field no row has
            {**row, "id": 903, "games": -1},
        ]
        for bad in bad_rows:
            await r.set(f"ddz:table:{bad['id']}", json.dumps({"server": sid, "row": bad}))
            await r.sadd("ddz:tables", bad["id"])
        await r.set("ddz:table:904", b"\xff\xfe not json")
        await r.set("ddz:table:905", json.dumps({"server": sid, "row": row}) + " " * 70_000)
        await r.sadd("ddz:tables", 904, 905, "not-a-number")
        # a server that is not one: a bad address, a huge load, another version's
        await r.set("ddz:server:aaaaaaaaaaaa", json.dumps({"url": "http://evil", "v": 10}))
        await r.set(
            "ddz:server:bbbbbbbbbbbb",
            json.dumps({"url": "ws://127.0.0.1:1", "v": 10, "tables": -5, "players": 0}),
        )
        await r.sadd("ddz:servers", "aaaaaaaaaaaa", "bbbbbbbbbbbb", "../../etc")
        for message in (
            b"not json",
            json.dumps({"server": sid, "tables": "x", "removed": []}),
            json.dumps({"server": sid, "tables": bad_rows, "removed": ["x", 10**30]}),
            json.dumps({"server": "ffffffffffff", "tables": [row], "removed": []}),
            b"[" * 100_000,
        ):
            await r.publish("ddz:lobby", message)
        await r.set("ddz:name:zed", b"\x00garbage")  # a name's record that is not one
        seen_before = b.cluster._reloaded
        await until(lambda: b.cluster is not None and b.cluster._reloaded > seen_before)
        await watcher.refresh()
        # the row with an escape is shown with its title made printable; no other is
        assert sorted(t.id for t in watcher.tables) == [good.table_id, 900]
        assert [t.title for t in watcher.tables if t.id == 900] == ["[2Jgone"]
        assert b.cluster.up  # nothing of it took the hearing down
        assert set(b.cluster.peers) == {sid}
        # a name whose record is garbage is free
        zed = await LobbyClient.connect(b.url, "zed", reconnect_for=0)
        assert "zed" in b.lobby.players
        for client in (zed, watcher, ann):
            await client.close()
        await r.aclose()


async def test_while_redis_is_out_of_reach_new_tables_and_names_are_refused_and_all_comes_back(
    redis_server: RedisServer,
) -> None:
    async with service(redis_server, 2) as (a, b):
        ann, bob = [await LobbyClient.connect(a.url, n, reconnect_for=0) for n in ("ann", "bob")]
        watcher = await LobbyClient.connect(b.url, "wat", reconnect_for=0)
        table = await ann.create(title="on A")
        await until(lambda: [t.title for t in watcher.tables] == ["on A"])
        await asyncio.to_thread(redis_server.kill)
        await until(lambda: a.cluster is not None and not a.cluster.up)
        with pytest.raises(Refused) as refused:
            await bob.create(title="another")
        assert refused.value.reason == ErrorReason.CLUSTER_DOWN.value
        assert "no new table" in str(refused.value.message)
        with pytest.raises(Refused) as refused:
            await LobbyClient.connect(a.url, "newcomer", reconnect_for=0)
        assert refused.value.reason == ErrorReason.CLUSTER_DOWN.value
        # the table on A plays on: Bob sits down, bots fill the last seat, a game is played
        seat = await bob.join(table.table_id)
        await ann.fill("easy")
        players = [BotPlayer(t, make_bot("random", n)) for n, t in enumerate((ann.table, seat))]
        states = await asyncio.wait_for(asyncio.gather(*(p.play(1) for p in players)), 60)
        assert all(state.games == 1 for state in states)
        await asyncio.to_thread(redis_server.restart)  # back, and empty
        await until(lambda: a.cluster is not None and a.cluster.up, timeout=15)
        await until(lambda: b.cluster is not None and b.cluster.up, timeout=15)
        await until(lambda: [t.title for t in watcher.tables] == ["on A"], timeout=15)
        newcomer = await LobbyClient.connect(b.url, "newcomer", reconnect_for=0)
        other = await newcomer.create(title="after")
        assert other.table_id != table.table_id
        for client in (newcomer, watcher, ann, bob):
            await client.close()


async def test_three_server_processes_play_one_game_across_the_redirect(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """As an operator runs them: `ddz server --redis` processes, a table made on A seen
    from C and joined from there and from B, and a whole game played at it."""
    servers = [ServerProcess(tmp_path / name, redis_server.url) for name in "abc"]
    try:
        await asyncio.gather(*(asyncio.to_thread(server.start) for server in servers))
        a, b, c = servers
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=0)
        bob = await LobbyClient.connect(b.url, "bob", reconnect_for=0)
        cat = await LobbyClient.connect(c.url, "cat", reconnect_for=0)
        first = await ann.create(title="on A")
        assert ann.url == a.url
        for person in (cat, bob):
            await until(lambda p=person: any(t.id == first.table_id for t in p.tables), 15)
        tables = [first, await cat.join(first.table_id), await bob.join(first.table_id)]
        assert cat.url == a.url and bob.url == a.url  # both sent to A, seated there
        players = [BotPlayer(t, make_bot("random", seed)) for seed, t in enumerate(tables)]
        states = await asyncio.wait_for(asyncio.gather(*(p.play(1) for p in players)), 60)
        assert all(s.view is not None and s.view.phase is Phase.OVER for s in states)
        assert len({s.totals for s in states}) == 1 and sum(states[0].totals) == 0
        for person in (ann, bob, cat):
            await person.close()
    finally:
        for server in servers:
            server.kill()


async def test_a_seated_player_is_not_sent_to_another_servers_table(
    redis_server: RedisServer,
) -> None:
    async with service(redis_server, 2) as (a, b):
        ann = await LobbyClient.connect(a.url, "ann", reconnect_for=0)
        bob = await LobbyClient.connect(b.url, "bob", reconnect_for=0)
        other = await ann.create(title="on A")
        await until(lambda: any(t.id == other.table_id for t in bob.tables))
        await until(lambda: _load(b, a) == 1)
        mine = await bob.create(title="on B")  # B has fewer: it keeps it
        assert bob.url == b.url
        with pytest.raises(Refused) as refused:
            await bob.join(other.table_id)
        assert refused.value.reason == ErrorReason.ALREADY_SEATED.value
        assert bob.url == b.url and bob.table is mine  # still at B, still seated
        for client in (ann, bob):
            await client.close()


async def test_a_door_ticket_outlives_the_records_life_while_its_session_lasts(
    redis_server: RedisServer,
) -> None:
    short = replace(QUICK, name_ttl=0.6, refresh=0.2)
    server = GameServer(replace(FAST, redis_url=redis_server.url), cluster_timing=short)
    await server.start()
    r = aioredis.Redis.from_url(redis_server.url)
    try:
        ticket = server.vouch("ann")
        loop = asyncio.get_running_loop()
        end = loop.time() + 3 * short.name_ttl  # three lives of a record: Redis's own clock
        while loop.time() < end:
            await asyncio.sleep(0.05)
            assert await r.exists("ddz:ticket:ann") or loop.time() < end - 2 * short.name_ttl
        assert await r.exists("ddz:ticket:ann")
        server.unvouch("ann", ticket)

        async def gone(r: Any) -> bool:
            return not await r.exists("ddz:ticket:ann")

        await stored(redis_server, gone)
    finally:
        await r.aclose()
        await server.close()


async def test_a_burst_of_players_saying_hello_at_once_is_taken_in(
    redis_server: RedisServer,
) -> None:
    """Each new name is claimed in Redis: 150 at once wait their turn for the server's
    few connections to it, rather than being refused as though Redis were gone; then
    they open 150 tables at once."""
    async with service(redis_server, 1) as (a,):
        names = [f"p{i}" for i in range(150)]
        clients = await asyncio.gather(
            *(LobbyClient.connect(a.url, name, reconnect_for=0) for name in names)
        )
        assert a.cluster is not None and a.cluster.up
        assert {name_key for name_key in a.lobby.players} == set(names)
        # and as many new tables at once: each has an id from the service's counter
        tables = await asyncio.gather(*(client.create() for client in clients))
        assert len({table.table_id for table in tables}) == len(names)
        await asyncio.gather(*(client.close() for client in clients))
