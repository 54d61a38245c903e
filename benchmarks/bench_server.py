"""How the game server holds up: many tables of bot clients playing at once on loopback.

The server runs in its own process (as `ddz server` would). Client processes run
three WebSocket clients per table, each a random bot playing through `RemoteTable`
exactly as a person's client does, acting the moment its turn comes (no thinking
delay, no turn timer, the per-connection rate limit lifted). Prints games completed,
moves per second and the round trip of each move (sending a bid, play or pass until
the server's answer, which comes after the new state).

    .venv/bin/python benchmarks/bench_server.py [--tables 50] [--seconds 20] [--client-processes 2]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import resource
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from ddz_tui.bots import make_bot
from ddz_tui.net.botclient import BotPlayer
from ddz_tui.net.client import LobbyClient
from ddz_tui.net.server import GameServer, ServerConfig


def serve(ports: multiprocessing.Queue, done: multiprocessing.Event) -> None:  # type: ignore[type-arg]
    async def main() -> None:
        config = ServerConfig(
            port=0, turn_seconds=None, bot_delay=0, rate=1e9, burst=10**9, max_tables=10_000
        )
        async with GameServer(config) as server:
            ports.put(server.port)
            while not done.is_set():
                await asyncio.sleep(0.1)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        ports.put(usage.ru_utime + usage.ru_stime)

    asyncio.run(main())


async def one_table(
    url: str, number: int, stop_at: float, level: str
) -> tuple[int, list[BotPlayer]]:
    names = [f"t{number}s{seat}" for seat in range(3)]
    clients = [await LobbyClient.connect(url, name, reconnect_for=0) for name in names]
    first = await clients[0].create(title=f"bench {number}")
    tables = [first] + [await client.join(first.table_id) for client in clients[1:]]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--level", default="random", help="the bots' level")
    args = parser.parse_args()
    ports: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    done = multiprocessing.Event()
    server = multiprocessing.Process(target=serve, args=(ports, done))
    server.start()
    load = os.getloadavg()[0]
    try:
        port = ports.get(timeout=20)
        run(f"ws://127.0.0.1:{port}", args.tables, args.seconds, args.level, args.client_processes)
    finally:
        done.set()
        cpu = ports.get(timeout=20)
        server.join(10)
    print(f"server CPU            {cpu:.1f} s (its own process)")
    print(f"machine               {os.cpu_count()} cores, load average {load:.2f} at the start")


if __name__ == "__main__":
    main()
