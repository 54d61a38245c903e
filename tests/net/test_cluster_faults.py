"""Faults of a service of many servers on one Redis (issue 38, item 3), against a real
redis-server and, where the fault is a process dying, real `ddz server` processes:

- a server killed with SIGKILL: its tables leave every other lobby within 10 s (the
  default heartbeat's life and beat), and its players, told the connection is lost,
  come back by themselves through another server, in its lobby, under the same name;
- Redis killed under a game: the game plays on to its end, what needs Redis (a new
  table, a new name) is refused saying why, what does not (the lobby) still answers;
  Redis back (empty) and every server writes its part again: the tables are seen
  across the service again and new tables and names are taken again;
- a server stopped with SIGTERM: it leaves the service at once (its rows are deleted,
  not left to expire), its players go on through another server, and it joins again
  when it is started again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.engine import Phase
from ddz_tui.i18n import t
from ddz_tui.net.client.errors import Refused
from ddz_tui.net.client.lobby import LobbyClient, Status
from ddz_tui.net.cluster import Timing
from ddz_tui.net.errors import ErrorReason
from ddz_tui.net.server import GameServer
from ddz_tui.net.states import FinishedGame
from ddz_tui.records.history import History
from ddz_tui.records.store import Store
from tests.support.botclient import BotPlayer
from tests.support.loopback import FAST, until
from tests.support.redis import RedisServer
from tests.support.server_process import ServerProcess

# with the default Timing (beat 1 s, a heartbeat lives 5 s) a dead server's rows are
# gone from every lobby within 6 s; the issue asks for 10
GONE_WITHIN = 10.0
# the longest any test waits for a thing to happen (it fails past it)
WAIT = 15.0
# a server stopped with SIGTERM deletes its rows itself: they go at once, while rows left
# to expire cannot go before the last heartbeat (at most one beat old) has expired, 4 s
AT_ONCE = 3.0


@pytest.fixture
def processes() -> Iterator[list[ServerProcess]]:
    """The `ddz server` processes a test starts (append them): killed after it."""
    started: list[ServerProcess] = []
    yield started
    for server in started:
        server.kill()


async def run_servers(
    processes: list[ServerProcess], tmp_path: Path, redis: RedisServer, *names: str
) -> list[ServerProcess]:
    """Start one server process per name, all at once, sharing `redis`."""
    servers = [ServerProcess(tmp_path / name, redis.url) for name in names]
    processes.extend(servers)
    await asyncio.gather(*(asyncio.to_thread(server.start) for server in servers))
    return servers


def ids(client: LobbyClient) -> set[int]:
    return {table.id for table in client.tables}


class Statuses:
    """Every status a client goes through, with its message."""

    def __init__(self, client: LobbyClient) -> None:
        self.seen: list[tuple[Status, str | None]] = []
        client.on_status(lambda status, message: self.seen.append((status, message)))


async def test_a_server_killed_leaves_every_lobby_and_its_players_land_on_another(
    redis_server: RedisServer, processes: list[ServerProcess], tmp_path: Path
) -> None:
    b, c = await run_servers(processes, tmp_path, redis_server, "b", "c")
    (a,) = await run_servers(processes, tmp_path, redis_server, "a")  # it knows b and c
    async with AsyncExitStack() as stack:
        ann = await LobbyClient.connect(a.url, "ann")
        stack.push_async_callback(ann.close)
        assert {b.url, c.url} <= set(ann.peers), "the welcome names the other servers"
        cat = await LobbyClient.connect(c.url, "cat")
        stack.push_async_callback(cat.close)
        bea = await LobbyClient.connect(b.url, "bea")
        stack.push_async_callback(bea.close)
        table = await ann.create("ann's table")
        assert ann.url == a.url, "a new service: the server asked opens the table"
        await until(lambda: table.table_id in ids(cat) and table.table_id in ids(bea), WAIT)
        statuses = Statuses(ann)

        loop = asyncio.get_running_loop()
        killed = loop.time()
        await asyncio.to_thread(a.kill)
        await until(lambda: not {table.table_id} & (ids(cat) | ids(bea)), WAIT)
        gone_after = loop.time() - killed
        print(f"a killed server's table left the other lobbies after {gone_after:.2f} s")
        assert gone_after < GONE_WITHIN

        await until(lambda: ann.status is Status.CONNECTED and ann.url != a.url, WAIT)
        print(f"its player was in another lobby after {loop.time() - killed:.2f} s")
        assert statuses.seen[0] == (Status.RECONNECTING, t("net.client.reconnecting"))
        notice = t("net.client.server_gone", table=table.table_id, gone=urlsplit(a.url).netloc)
        assert statuses.seen[-1] == (Status.CONNECTED, notice), "told the seat is gone"
        assert ann.url in (b.url, c.url)
        assert (ann.name, ann.table, table.seated) == ("ann", None, False)
        assert table.state is not None and table.state.notice == notice, "the table says so"
        await ann.refresh()
        assert table.table_id not in ids(ann)
        again = await ann.create("ann's second table")
        assert again.table_id != table.table_id and ann.url in (b.url, c.url)
        await until(lambda: again.table_id in ids(cat) and again.table_id in ids(bea), WAIT)


async def test_a_server_stopped_leaves_the_service_at_once_and_joins_again(
    redis_server: RedisServer, processes: list[ServerProcess], tmp_path: Path
) -> None:
    (b,) = await run_servers(processes, tmp_path, redis_server, "b")
    (a,) = await run_servers(processes, tmp_path, redis_server, "a")
    async with AsyncExitStack() as stack:
        ann = await LobbyClient.connect(a.url, "ann")
        stack.push_async_callback(ann.close)
        bea = await LobbyClient.connect(b.url, "bea")
        stack.push_async_callback(bea.close)
        table = await ann.create("ann's table")
        assert ann.url == a.url
        await until(lambda: table.table_id in ids(bea), WAIT)

        loop = asyncio.get_running_loop()
        stopped = loop.time()
        stopping = asyncio.ensure_future(asyncio.to_thread(a.stop))
        await until(lambda: table.table_id not in ids(bea), WAIT)
        gone_after = loop.time() - stopped
        print(f"a stopped server's table left the other lobby after {gone_after:.2f} s")
        assert gone_after < AT_ONCE
        assert await stopping == 0, "SIGTERM stops it cleanly"
        await until(lambda: ann.status is Status.CONNECTED and ann.url == b.url, WAIT)
        assert (ann.name, ann.table) == ("ann", None)

        await asyncio.to_thread(a.start)  # the same address again
        dan = await LobbyClient.connect(a.url, "dan")
        stack.push_async_callback(dan.close)
        assert b.url in dan.peers
        back = await dan.create("dan's table")
        assert dan.url == a.url
        await until(lambda: back.table_id in ids(bea), WAIT)
        assert back.table_id != table.table_id, "table ids stay unique across restarts"


# Redis's faults with servers in this process, on short timings: the test waits on the
# servers' own view of Redis (`cluster.up`) to ask what must then be refused
QUICK = Timing(
    beat=0.1, server_ttl=0.6, row_ttl=3.0, name_ttl=5.0, refresh=0.5, reload=1.0, socket_timeout=0.5
)


async def in_process(
    stack: AsyncExitStack, redis: RedisServer, history: Path | None = None
) -> GameServer:
    config = replace(FAST, redis_url=redis.url, bot_workers=0)
    kept = None if history is None else History(history)
    server = GameServer(config, history=kept, cluster_timing=QUICK)
    await server.start()
    stack.push_async_callback(server.close)
    return server


async def connected(stack: AsyncExitStack, url: str, name: str) -> LobbyClient:
    client = await LobbyClient.connect(url, name)
    stack.push_async_callback(client.close)
    return client


def playing(client: LobbyClient) -> bool:
    state = client.table.state if client.table is not None else None
    return state is not None and state.view is not None and state.view.phase is not Phase.OVER


async def test_without_redis_games_play_on_new_tables_and_names_wait_and_all_resyncs(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    games = tmp_path / "one.sqlite3"
    async with AsyncExitStack() as stack:
        one = await in_process(stack, redis_server, games)
        two = await in_process(stack, redis_server)
        ann = await connected(stack, one.url, "ann")
        bob = await connected(stack, one.url, "bob")
        wes = await connected(stack, two.url, "wes")
        table = await ann.create("ann's table")
        assert ann.url == one.url
        await until(lambda: table.table_id in ids(wes), WAIT)
        await ann.fill("easy")
        records: list[FinishedGame] = []
        ann.on_record(records.append)
        play = asyncio.ensure_future(BotPlayer(table, make_bot("easy", 7)).play(2))
        await until(lambda: playing(ann), WAIT)

        await asyncio.to_thread(redis_server.kill)
        clusters = [server.cluster for server in (one, two)]
        await until(lambda: not any(cluster is not None and cluster.up for cluster in clusters))
        assert playing(ann) or play.done()

        with pytest.raises(Refused) as no_table:
            await bob.create("bob's table")
        assert no_table.value.reason == ErrorReason.CLUSTER_DOWN.value
        assert no_table.value.message == t("net.error.cluster_tables")
        assert (bob.url, bob.table, bob.status) == (one.url, None, Status.CONNECTED)
        with pytest.raises(Refused) as no_table_there:
            await wes.create("wes's table")
        assert no_table_there.value.message == t("net.error.cluster_tables")
        with pytest.raises(Refused) as no_name:
            await LobbyClient.connect(one.url, "newcomer")
        assert no_name.value.reason == ErrorReason.CLUSTER_DOWN.value
        assert no_name.value.message == t("net.error.cluster_names")
        await bob.refresh()
        assert table.table_id in ids(bob), "those already here still see the lobby"

        final = await asyncio.wait_for(play, WAIT)
        assert final.games >= 2 and len(records) == 2, "the game went on to its end, and one more"

        await asyncio.to_thread(redis_server.restart)  # back, and empty
        await until(lambda: all(cluster is not None and cluster.up for cluster in clusters), WAIT)
        three = await in_process(stack, redis_server)  # knows only what is in Redis now
        vic = await connected(stack, three.url, "vic")
        await until(lambda: table.table_id in ids(vic) and table.table_id in ids(wes), WAIT)
        with pytest.raises(Refused) as taken:
            await LobbyClient.connect(three.url, "ann")
        assert taken.value.reason == ErrorReason.NAME_TAKEN.value, "names are written again"
        newcomer = await connected(stack, two.url, "newcomer")
        assert newcomer.connected
        val = await connected(stack, three.url, "val")
        vals = await val.create("val's table")  # at the least loaded: the new server
        assert val.url == three.url
        bobs = await bob.create("bob's table")
        made = [table.table_id, vals.table_id, bobs.table_id]
        assert len(set(made)) == 3, f"a Redis that came back empty gave an id again: {made}"
        await until(lambda: {*made} <= ids(vic) and {*made} <= ids(wes), WAIT)
        await one.close()
    with Store.open(games) as store:
        kept = store.recent_games()
    assert len(kept) == 2, "the server kept both games, the one Redis died under too"
