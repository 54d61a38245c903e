"""How the game server holds up: many tables of bot clients playing at once on loopback.

The server runs in its own process (as `ddz server` would). Client processes run
three WebSocket clients per table, each a random bot playing through `RemoteTable`
exactly as a person's client does, acting the moment its turn comes (no thinking
delay, no turn timer, the per-connection rate limit lifted). Prints games completed,
moves per second and the round trip of each move (sending a bid, play or pass until
the server's answer, which comes after the new state).

    .venv/bin/python benchmarks/bench_server.py [--tables 50] [--seconds 20] [--client-processes 2]

`--mixed` asks instead whether the server's own bots starve its players: tables of
hard bots the server plays, beside tables of three people. A table needs a person to
exist (the server closes a table nobody sits at), so each bot table is one client that
creates it, fills the two other seats with server-side hard bots and plays its own
seat with a random bot the moment its turn comes: two thirds of the moves there are
hard-bot searches, run by the server with its real settings (the 0.6 s bot delay, the
1 s search budget). The people's tables are three clients each that think `--think`
seconds before each move, as a person would. A fresh client connects every second and
asks for the lobby (`list`). Prints the people's move round trips, the bot tables'
clients' round trips, the fresh clients' connect and `list` round trips, and the games
the bot tables finished (the bots' own speed).

    .venv/bin/python benchmarks/bench_server.py --mixed [--bot-tables 40] [--human-tables 10]
        [--seconds 45] [--think 0.5] [--bot-workers N]

`--servers N --redis` asks what sharing one Redis costs (docs/deploy.md). It starts a
real redis-server of its own (tests/support/redis.py: a free loopback port, a
temporary folder, nothing saved) and N server processes on it, each as `ddz server
--redis URL` would be (advertising its own loopback address), and measures:
1. lobby convergence: a client on the first server creates a table (`--creations`
   times, each left before the next, which closes it) while a watcher sits in the
   lobby of the last; the time from sending `create` until the watcher's lobby shows
   the table, and from sending `leave` until it is gone from there;
2. the --mixed load spread over the servers: `--bot-tables` bot tables and
   `--human-tables` people's tables in all (not per server), every client dialling
   the servers in turn and following `moved` where a table is placed or sits
   elsewhere; and first, in the same run, the same load on one server without Redis,
   so that the people's move round trips can be compared (the p99 ratio).
Each load is reported as --mixed reports it; then both side by side (median, mean,
p99). The full size, for a machine with cores to spare (3 x 100 bot tables beside 30
people):

    .venv/bin/python benchmarks/bench_server.py --servers 3 --redis --bot-tables 300
        --human-tables 10 [--seconds 60] [--creations 200] [--bot-workers N]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ddz_tui.bots import Bot, make_bot
from ddz_tui.net.client.errors import NetError
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.client.remote import RemoteTable
from ddz_tui.net.server import GameServer, ServerConfig
from ddz_tui.net.states import TableSummary
from ddz_tui.table.host import DEFAULT_BOT_DELAY
from ddz_tui.table.seats import TableState
from tests.support.botclient import BotPlayer
from tests.support.redis import RedisServer


def serve(
    ports: multiprocessing.Queue,  # type: ignore[type-arg]
    done: multiprocessing.Event,  # type: ignore[valid-type]
    options: dict[str, object],
) -> None:
    """The server process: puts its port, then (once done) the CPU seconds of its own
    process (not its bot workers') on `ports`. A server that fails to stop says so."""

    async def main() -> None:
        config = ServerConfig(
            port=0, turn_seconds=None, rate=1e9, burst=10**9, max_tables=10_000, **options
        )
        async with GameServer(config) as server:
            ports.put(server.port)
            while not done.is_set():
                await asyncio.sleep(0.1)

    try:
        asyncio.run(main())
    except Exception as error:
        print(f"the server failed as it stopped: {error!r}")
    usage = resource.getrusage(resource.RUSAGE_SELF)
    ports.put(usage.ru_utime + usage.ru_stime)


async def seat_three(
    urls: Sequence[str], name: str, title: str, offset: int = 0
) -> tuple[list[LobbyClient], list[RemoteTable]]:
    """Three clients (NAME + s0, s1, s2) at a new table, dialling `urls` in turn from
    `offset` (with several servers, `moved` takes them to the table's)."""
    clients = [
        await LobbyClient.connect(urls[(offset + s) % len(urls)], f"{name}s{s}", reconnect_for=0)
        for s in range(3)
    ]
    first = await clients[0].create(title=title)
    if len(urls) > 1:  # as a person would, join it once one's own lobby shows it
        await asyncio.gather(*(listed(client, first.table_id) for client in clients[1:]))
    return clients, [first] + [await client.join(first.table_id) for client in clients[1:]]


async def listed(client: LobbyClient, table_id: int, timeout: float = 15.0) -> None:
    """Return once `client`'s lobby lists table `table_id` (made on another server, it
    comes there through Redis)."""
    shown = asyncio.Event()

    def heard(tables: tuple[TableSummary, ...]) -> None:
        if any(table.id == table_id for table in tables):
            shown.set()

    stop = client.on_lobby(heard)
    try:
        await asyncio.wait_for(shown.wait(), timeout)
    finally:
        stop()


async def one_table(
    url: str, number: int, stop_at: float, level: str
) -> tuple[int, list[BotPlayer]]:
    clients, tables = await seat_three([url], f"t{number}", f"bench {number}")
    players = [BotPlayer(t, make_bot(level, number * 3 + i)) for i, t in enumerate(tables)]
    finals = await asyncio.gather(
        *(p.play(10**9, until=lambda: time.time() > stop_at) for p in players)
    )
    for client in clients:
        await client.close()
    return max(state.games for state in finals), players


def play_tables(
    url: str, numbers: list[int], stop_at: float, level: str
) -> tuple[int, list[float], int]:
    """One client process: its tables' games, move latencies (s) and refusals."""

    async def main() -> list[tuple[int, list[BotPlayer]]]:
        return await asyncio.gather(*(one_table(url, n, stop_at, level) for n in numbers))

    results = asyncio.run(main())
    players = [p for _, table in results for p in table]
    latencies = [s for p in players for s in p.latencies]
    return sum(n for n, _ in results), latencies, sum(p.refused for p in players)


def run(url: str, tables: int, seconds: float, level: str, processes: int) -> None:
    start = time.time()
    shares = [list(range(tables))[k::processes] for k in range(processes)]
    with ProcessPoolExecutor(processes) as pool:
        futures = [pool.submit(play_tables, url, share, start + seconds, level) for share in shares]
        results = [f.result() for f in futures]
    elapsed = time.time() - start
    games = sum(r[0] for r in results)
    latencies = sorted(s * 1000 for r in results for s in r[1])
    moves = len(latencies)
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"tables                {tables} ({3 * tables} connections in {processes} client processes)"
    )
    print(f"bots                  {level}")
    print(f"wall time             {elapsed:.1f} s (no game starts after {seconds:g} s)")
    print(f"games completed       {games} ({games / elapsed:.1f}/s)")
    print(f"moves                 {moves} ({moves / elapsed:,.0f}/s)")
    print(
        f"move latency (ms)     p50 {cuts[49]:.1f}  p90 {cuts[89]:.1f}  p99 {cuts[98]:.1f}"
        f"  max {latencies[-1]:.1f}"
    )
    print(f"refused moves         {sum(r[2] for r in results)}")


# --- the mixed scenario: the server's hard bots beside people -------------------------


class Thinking(BotPlayer):
    """A client that waits `think` seconds before each of its moves, as a person does."""

    def __init__(self, table: RemoteTable, bot: Bot, think: float) -> None:
        super().__init__(table, bot)
        self.think = think

    async def _step(self, state: TableState) -> None:
        view = state.view
        if self.think and view is not None and view.turn == self.table.seat:
            await asyncio.sleep(self.think)  # no turn after the game: view.turn is None
        await super()._step(state)


async def until_stop(player: BotPlayer, stop_at: float) -> int:
    """Let `player` play until `stop_at`, mid-game or not; the games its table finished."""
    games = 0

    def count(state: TableState) -> None:
        nonlocal games
        games = state.games

    unsubscribe = player.table.subscribe(count)
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(player.play(10**9), max(0.0, stop_at - time.time()))
    unsubscribe()
    return games


async def bot_table(url: str, number: int, stop_at: float) -> tuple[int, list[float]]:
    """One client at a table it filled with the server's hard bots: (games, latencies)."""
    client = await LobbyClient.connect(url, f"b{number}", reconnect_for=0)
    table = await client.create(title=f"hard bots {number}")
    await client.fill("hard")
    player = BotPlayer(table, make_bot("random", number))
    games = await until_stop(player, stop_at)
    await client.close()
    return games, player.latencies


async def human_table(
    urls: Sequence[str], number: int, stop_at: float, think: float
) -> tuple[int, list[float]]:
    """Three clients playing each other, thinking before each move: (games, latencies)."""
    clients, tables = await seat_three(urls, f"h{number}", f"people {number}", 3 * number)
    players = [
        Thinking(t, make_bot("random", 1000 + number * 3 + i), think) for i, t in enumerate(tables)
    ]
    games = await asyncio.gather(*(until_stop(p, stop_at) for p in players))
    for client in clients:
        await client.close()
    return max(games), [s for p in players for s in p.latencies]


async def lobby_probes(urls: Sequence[str], stop_at: float) -> tuple[list[float], list[float]]:
    """A fresh client every second, at the servers in turn: (connect times, `list`
    round trips)."""
    connects, lists = [], []
    number = 0
    while time.time() < stop_at:
        number += 1
        start = time.perf_counter()
        url = urls[number % len(urls)]
        client = await LobbyClient.connect(url, f"probe{number}", reconnect_for=0)
        connects.append(time.perf_counter() - start)
        start = time.perf_counter()
        await client.refresh()
        lists.append(time.perf_counter() - start)
        await client.close()
        await asyncio.sleep(1.0)
    return connects, lists


def mixed_bots(urls: list[str], numbers: list[int], stop_at: float) -> tuple[int, list[float]]:
    """A client process for bot tables (dialling `urls` in turn): their games and the
    clients' latencies."""

    async def main() -> list[tuple[int, list[float]]]:
        tables = (bot_table(urls[n % len(urls)], n, stop_at) for n in numbers)
        return await asyncio.gather(*tables)

    try:
        results = asyncio.run(main())
    except NetError as error:  # said in words: a Refused does not come back through pickle
        raise RuntimeError(f"a bot table's client: {error.message}") from None
    return sum(g for g, _ in results), [s for _, lat in results for s in lat]


def mixed_people(
    urls: list[str], numbers: list[int], stop_at: float, think: float
) -> tuple[int, list[float], list[float], list[float]]:
    """A client process for the people's tables and the lobby probes."""

    async def main() -> tuple[list[tuple[int, list[float]]], tuple[list[float], list[float]]]:
        tables = asyncio.gather(*(human_table(urls, n, stop_at, think) for n in numbers))
        return await asyncio.gather(tables, lobby_probes(urls, stop_at))

    try:
        results, (connects, lists) = asyncio.run(main())
    except NetError as error:
        raise RuntimeError(f"a person's client: {error.message}") from None
    return sum(g for g, _ in results), [s for _, lat in results for s in lat], connects, lists


def spread(seconds: list[float]) -> str:
    """p50, p99 and max, in milliseconds."""
    ms = sorted(s * 1000 for s in seconds)
    if len(ms) < 2:
        return "too few samples"
    cuts = statistics.quantiles(ms, n=100, method="inclusive")
    return f"p50 {cuts[49]:6.1f}  p99 {cuts[98]:6.1f}  max {ms[-1]:6.1f}  ({len(ms)} samples)"


@dataclass(frozen=True)
class Mixed:
    """What one --mixed load measured (latencies in seconds)."""

    bot_tables: int
    human_tables: int
    seconds: float
    think: float
    elapsed: float
    bot_games: int
    human_games: int
    human_latencies: list[float]
    bot_latencies: list[float]
    connects: list[float]
    lists: list[float]


def mixed_load(
    urls: list[str], bot_tables: int, human_tables: int, seconds: float, think: float
) -> Mixed:
    """The --mixed load, its clients dialling `urls` in turn."""
    start = time.time()
    stop_at = start + seconds
    with ProcessPoolExecutor(2) as pool:
        bots = pool.submit(mixed_bots, urls, list(range(bot_tables)), stop_at)
        people = pool.submit(mixed_people, urls, list(range(human_tables)), stop_at, think)
        bot_games, bot_latencies = bots.result()
        human_games, human_latencies, connects, lists = people.result()
    elapsed = time.time() - start
    return Mixed(
        bot_tables,
        human_tables,
        seconds,
        think,
        elapsed,
        bot_games,
        human_games,
        human_latencies,
        bot_latencies,
        connects,
        lists,
    )


def report_mixed(load: Mixed) -> None:
    think, seconds = load.think, load.seconds
    print(f"bot tables            {load.bot_tables} (1 client + 2 server-side hard bots each)")
    print(
        f"people's tables       {load.human_tables} (3 clients each, {think:g} s to think a move)"
    )
    print(f"wall time             {load.elapsed:.1f} s (all stop after {seconds:g} s, mid-game)")
    print(f"games completed       bot tables {load.bot_games}, people's tables {load.human_games}")
    print(f"people's moves (ms)   {spread(load.human_latencies)}")
    print(f"bot tables' client    {spread(load.bot_latencies)}")
    print(f"fresh client connect  {spread(load.connects)}")
    print(f"lobby list (ms)       {spread(load.lists)}")


def run_mixed(url: str, bot_tables: int, human_tables: int, seconds: float, think: float) -> None:
    report_mixed(mixed_load([url], bot_tables, human_tables, seconds, think))


# --- many servers on one Redis -------------------------------------------------------


@contextlib.contextmanager
def servers(count: int, options: dict[str, object], cpu: list[float]) -> Iterator[list[str]]:
    """`count` server processes (as `serve` runs one): their addresses. Once they have
    stopped, `cpu` holds the CPU seconds of each one's own process."""
    done = multiprocessing.Event()
    queues: list[multiprocessing.Queue] = [multiprocessing.Queue() for _ in range(count)]  # type: ignore[type-arg]
    processes = [
        multiprocessing.Process(target=serve, args=(queue, done, options)) for queue in queues
    ]
    for process in processes:
        process.start()
    try:
        yield [f"ws://127.0.0.1:{queue.get(timeout=20)}" for queue in queues]
    finally:
        done.set()
        for queue, process in zip(queues, processes, strict=True):
            cpu.append(queue.get(timeout=60))
            process.join(10)


async def until_peers(urls: list[str], timeout: float = 30.0) -> None:
    """Return once every server names all the others as its peers (in its welcome):
    each has heard the others' heartbeats, so tables may be placed anywhere."""
    deadline = time.monotonic() + timeout
    for number, url in enumerate(urls):
        while True:
            client = await LobbyClient.connect(url, f"peers{number}", reconnect_for=0)
            known = len(client.peers)  # the one dialled, then its peers
            await client.close()
            if known == len(urls):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"{url} knows {known - 1} of {len(urls) - 1} peers")
            await asyncio.sleep(0.2)


@dataclass(frozen=True)
class Convergence:
    """How long a table made on one server took to show in another's lobby, and to
    leave it (seconds); how many were made on the watcher's own server (moved there)."""

    shown: list[float]
    gone: list[float]
    missed: int
    on_watchers_server: int


async def convergence(maker_url: str, watcher_url: str, creations: int) -> Convergence:
    """A maker at `maker_url` creates and leaves a table `creations` times; a watcher
    in the lobby of `watcher_url` is timed hearing each appear and go."""
    loop = asyncio.get_running_loop()
    shown: list[float] = []
    gone: list[float] = []
    missed = mine = 0
    appearing: dict[str, asyncio.Future[float]] = {}
    leaving: dict[int, asyncio.Future[float]] = {}

    def heard(tables: tuple[TableSummary, ...]) -> None:
        now = time.perf_counter()
        titles = {table.title: table.id for table in tables}
        for title, future in appearing.items():
            if title in titles and not future.done():
                future.set_result(now)
        for table_id, future in leaving.items():
            if table_id not in titles.values() and not future.done():
                future.set_result(now)

    watcher = await LobbyClient.connect(watcher_url, "watcher", reconnect_for=0)
    watcher.on_lobby(heard)
    maker = await LobbyClient.connect(maker_url, "maker", reconnect_for=0)
    for number in range(creations):
        title = f"converging {number}"
        appearing[title] = loop.create_future()
        start = time.perf_counter()
        table = await maker.create(title=title)
        mine += maker.url == watcher.url
        try:
            shown.append(await asyncio.wait_for(appearing[title], 15.0) - start)
        except asyncio.TimeoutError:
            missed += 1
        del appearing[title]
        leaving[table.table_id] = loop.create_future()
        start = time.perf_counter()
        await maker.leave()
        try:
            gone.append(await asyncio.wait_for(leaving[table.table_id], 15.0) - start)
        except asyncio.TimeoutError:
            missed += 1
        del leaving[table.table_id]
    await maker.close()
    await watcher.close()
    return Convergence(shown, gone, missed, mine)


def summary(seconds: list[float]) -> str:
    """Median, mean, p99 and max, in milliseconds."""
    ms = sorted(s * 1000 for s in seconds)
    if len(ms) < 2:
        return "too few samples"
    p99 = statistics.quantiles(ms, n=100, method="inclusive")[98]
    return (
        f"median {statistics.median(ms):6.1f}  mean {statistics.fmean(ms):6.1f}"
        f"  p99 {p99:6.1f}  max {ms[-1]:6.1f}  ({len(ms)} samples)"
    )


def p99(seconds: list[float]) -> float:
    return statistics.quantiles(seconds, n=100, method="inclusive")[98]


def run_cluster(args: argparse.Namespace, seconds: float, options: dict[str, object]) -> None:
    """The --mixed load on one server without Redis, then on `--servers` servers
    sharing a Redis of our own, after timing the lobby's convergence there."""
    count = args.servers
    load = os.getloadavg()
    alone_cpu: list[float] = []
    print(f"== one server, no Redis: {args.bot_tables} bot tables, {args.human_tables} people's")
    with servers(1, options, alone_cpu) as urls:
        alone = mixed_load(urls, args.bot_tables, args.human_tables, seconds, args.think)
    report_mixed(alone)
    print(f"server CPU            {alone_cpu[0]:.1f} s (its own process)")
    cluster_cpu: list[float] = []
    folder = tempfile.TemporaryDirectory(prefix="bench-redis-")
    with folder, RedisServer(Path(folder.name)) as redis:
        print(f"\n== {count} servers on one Redis ({redis.url}, redis-server pid {redis.pid})")
        with servers(count, {**options, "redis_url": redis.url}, cluster_cpu) as urls:
            asyncio.run(until_peers(urls))
            converged = asyncio.run(convergence(urls[0], urls[-1], args.creations))
            shared = mixed_load(urls, args.bot_tables, args.human_tables, seconds, args.think)
    print(
        f"lobby convergence     {args.creations} tables made at server 1 and left, watched"
        f" from server {count} ({converged.on_watchers_server} placed there; "
        f"{converged.missed} not heard within 15 s)"
    )
    print(f"  table shown (ms)    {summary(converged.shown)}")
    print(f"  table gone (ms)     {summary(converged.gone)}")
    report_mixed(shared)
    print(f"servers' CPU          {', '.join(f'{c:.1f}' for c in cluster_cpu)} s (each one's own)")
    print("\n== people's moves (ms), the same load")
    print(f"  {'1 server':<20}{summary(alone.human_latencies)}")
    print(f"  {f'{count} servers, Redis':<20}{summary(shared.human_latencies)}")
    ratio = p99(shared.human_latencies) / p99(alone.human_latencies)
    shown_p99 = p99(converged.shown) * 1000
    print(f"  p99 ratio           {ratio:.2f} (target at most 1.5)")
    print(f"lobby convergence p99 {shown_p99:.1f} ms (target at most 200)")
    print(
        f"machine               {os.cpu_count()} cores, load average "
        f"{load[0]:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, help="how long to play (20 s; --mixed 45 s)")
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--level", default="random", help="the bots' level")
    parser.add_argument("--mixed", action="store_true", help="server hard bots beside people")
    parser.add_argument("--bot-tables", type=int, default=40)
    parser.add_argument("--human-tables", type=int, default=10)
    parser.add_argument("--think", type=float, default=0.5, help="a person's seconds per move")
    parser.add_argument("--bot-workers", type=int, help="the server's bot processes")
    parser.add_argument(
        "--servers", type=int, help="with --redis: this many servers on one Redis (see above)"
    )
    parser.add_argument("--redis", action="store_true", help="run a redis-server of our own")
    parser.add_argument(
        "--creations", type=int, default=200, help="with --servers: tables made to time the lobby"
    )
    args = parser.parse_args()
    if (args.servers is None) != (not args.redis) or (args.servers or 1) < 1:
        parser.error("--servers N and --redis go together (N at least 1)")
    seconds = args.seconds or (45.0 if args.mixed else 20.0)
    options: dict[str, object] = {"bot_delay": DEFAULT_BOT_DELAY if args.mixed else 0}
    if args.bot_workers is not None:
        options["bot_workers"] = args.bot_workers
    if args.servers is not None:
        options["bot_delay"] = DEFAULT_BOT_DELAY  # the --mixed load
        run_cluster(args, args.seconds or 45.0, options)
        return
    ports: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    done = multiprocessing.Event()
    server = multiprocessing.Process(target=serve, args=(ports, done, options))
    server.start()
    load = os.getloadavg()
    try:
        url = f"ws://127.0.0.1:{ports.get(timeout=20)}"
        if args.mixed:
            run_mixed(url, args.bot_tables, args.human_tables, seconds, args.think)
        else:
            run(url, args.tables, seconds, args.level, args.client_processes)
    finally:
        done.set()
        cpu = ports.get(timeout=60)
        server.join(10)
    print(f"server CPU            {cpu:.1f} s (its own process)")
    print(
        f"machine               {os.cpu_count()} cores, load average "
        f"{load[0]:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"
    )


if __name__ == "__main__":
    main()
