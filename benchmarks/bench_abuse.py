"""What hostile clients that never read cost a `ddz server`: its memory, and an honest
player's lobby round trip meanwhile.

Starts `ddz server` (the real command, in its own process) on a free loopback port, then
runs one attack for `--seconds`:

  ping  one client sends WebSocket ping frames as fast as the server takes them and
        never reads a byte (its pongs pile up at the server)
  list  `--tables` tables are opened (a lobby of about 150 KB at 300), then
        `--clients` clients each send `list` 19 times a second (under the rate limit)
        and never read
  churn  `--tables` tables are opened by players who sit at them, then `--clients`
        clients each loop create, fill with bots, ready, leave (their tables play on
        with bots) for `--seconds`; a watcher in the lobby counts the bytes it is sent
  reflood  a ping flooder that never reads and connects again as soon as it is cut
        off, for as long as the attack lasts; beside it, a prober in a process of its
        own times an honest client's hello (connect to welcome) and `list`, first for
        `--seconds` with no attack (the idle figures), then during the attack (the
        prober connects from 127.0.0.2, the flooder from 127.0.0.1)

Prints the server's RSS (from /proc) before, at its peak and after, how many attackers
the server cut off and when, and the round trip of an honest client's `list` request
(p50, p99) during the attack. Linux only (/proc).

    .venv/bin/python benchmarks/bench_abuse.py ping [--seconds 20]
    .venv/bin/python benchmarks/bench_abuse.py list [--seconds 20] [--tables 300] [--clients 3]
    .venv/bin/python benchmarks/bench_abuse.py churn [--seconds 20] [--tables 500] [--clients 6]
    .venv/bin/python benchmarks/bench_abuse.py reflood [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.frames import Frame, Opcode

from ddz_tui.net.client.errors import NetError
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.net.protocol import PROTOCOL_VERSION

PING = Frame(Opcode.PING, b"p" * 125).serialize(mask=True, extensions=[])
PINGS_PER_WRITE = 500
LIST_RATE = 19.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def start_server(data_dir: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "ddz_tui", "--data-dir", data_dir, "server"]
    server = subprocess.Popen(
        [*command, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"ws://127.0.0.1:{port}"
    for _ in range(200):
        try:
            probe = await LobbyClient.connect(url, "probe", reconnect_for=0)
        except Exception:
            await asyncio.sleep(0.05)
            continue
        await probe.close()
        return server, url
    server.kill()
    raise SystemExit("the server did not start")


async def attacker(url: str, name: str) -> ClientConnection:
    """A client that said hello and then stopped reading."""
    ws = await connect(url, compression=None, max_size=None, ping_interval=None)
    await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": name}))
    await ws.recv()
    ws.transport.pause_reading()
    return ws


async def ping_flood(ws: ClientConnection, stop_at: float) -> None:
    blob = PING * PINGS_PER_WRITE
    while time.monotonic() < stop_at and not ws.transport.is_closing():
        if ws.transport.get_write_buffer_size() < 1 << 20:  # do not buffer here either
            ws.transport.write(blob)
        await asyncio.sleep(0)


async def list_flood(ws: ClientConnection, stop_at: float) -> None:
    n = 0
    while time.monotonic() < stop_at and not ws.transport.is_closing():
        n += 1
        try:
            await asyncio.wait_for(ws.send(json.dumps({"type": "list", "id": n})), 1)
        except Exception:
            return
        await asyncio.sleep(1 / LIST_RATE)


async def fill_lobby(url: str, tables: int) -> list[LobbyClient]:
    owners = []
    for number in range(tables):
        owner = await LobbyClient.connect(url, f"owner{number}", reconnect_for=0)
        await owner.create(title=f"a table with a long title {number:04d}")
        owners.append(owner)
    return owners


async def honest_round_trips(url: str, stop_at: float) -> list[float]:
    client = await LobbyClient.connect(url, "honest", reconnect_for=0)
    times = []
    while time.monotonic() < stop_at:
        start = time.perf_counter()
        try:
            await asyncio.wait_for(client.refresh(), 10)
        except Exception:
            times.append(float("inf"))
            continue
        times.append(time.perf_counter() - start)
        await asyncio.sleep(0.1)
    await client.close()
    return times


PROBER_ADDRESS = "127.0.0.2"  # another address than the flooder's (127.0.0.1)


async def hello(url: str, name: str) -> ClientConnection:
    """An honest client's connection, welcomed (and its first lobby read)."""
    ws = await connect(url, compression=None, local_addr=(PROBER_ADDRESS, 0))
    await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": name}))
    welcome = json.loads(await ws.recv())
    if welcome.get("type") != "welcome":
        raise RuntimeError(f"not welcomed: {welcome}")
    await ws.recv()  # the lobby
    return ws


async def probe(url: str, seconds: float) -> None:
    """The prober's own process: time hellos (a new connection each) and `list`s in
    turn, ten a second, for `seconds`; print the times as JSON."""
    hellos: list[float] = []
    lists: list[float] = []
    client = await hello(url, "prober")
    stop_at = time.monotonic() + seconds
    n = 0
    while time.monotonic() < stop_at:
        n += 1
        start = time.perf_counter()
        try:
            if n % 2:
                other = await asyncio.wait_for(hello(url, f"hello{n}"), 10)
                hellos.append(time.perf_counter() - start)
                await other.close()
            else:
                await client.send(json.dumps({"type": "list", "id": n}))
                await asyncio.wait_for(client.recv(), 10)
                lists.append(time.perf_counter() - start)
        except Exception:
            (hellos if n % 2 else lists).append(float("inf"))
        await asyncio.sleep(0.1)
    await client.close()
    print(json.dumps({"hello": hellos, "list": lists}))


async def probed(url: str, seconds: float) -> dict[str, list[float]]:
    """Run the prober in a process of its own (so this one's flooding does not slow it)."""
    prober = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "probe",
        "--url",
        url,
        "--seconds",
        str(seconds),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await prober.communicate()
    times: dict[str, list[float]] = json.loads(out)
    return times


async def reflooder(url: str, stop_at: float) -> int:
    """Flood with pings, never reading; connect again when cut off. The connections
    made (including those turned away)."""
    made = 0
    while time.monotonic() < stop_at:
        made += 1
        try:
            ws = await asyncio.wait_for(attacker(url, f"mal{made}"), 5)
        except Exception:
            await asyncio.sleep(0.01)
            continue
        await ping_flood(ws, stop_at)
        ws.transport.abort()
    return made


def summary(label: str, times: list[float]) -> str:
    finite = sorted(t for t in times if t != float("inf"))
    if not finite:
        return f"{label}: none answered of {len(times)}"
    p99 = finite[min(len(finite) - 1, int(len(finite) * 0.99))]
    return (
        f"{label}: p50 {statistics.median(finite) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {finite[-1] * 1000:.1f} ms, {len(times) - len(finite)} timed out of {len(times)}"
    )


async def reflood(args: argparse.Namespace, server: subprocess.Popen[bytes], url: str) -> None:
    idle = await probed(url, args.seconds)
    cpu_before = server_cpu(server.pid)
    stop_at = time.monotonic() + args.seconds
    flooder = asyncio.ensure_future(reflooder(url, stop_at))
    during = await probed(url, args.seconds)
    made = await flooder
    cpu = server_cpu(server.pid) - cpu_before
    print(f"attack: reflood, {args.seconds:g} s, {made} connections made by the flooder")
    print(f"server CPU during the attack: {cpu / args.seconds:.0%} of a core")
    for kind in ("hello", "list"):
        print("  idle   " + summary(kind, idle[kind]))
        print("  flood  " + summary(kind, during[kind]))


async def churner(url: str, name: str, stop_at: float) -> tuple[int, int]:
    """Open a table, fill it, start, leave; again. (Tables opened, refusals.)"""
    client = await LobbyClient.connect(url, name, reconnect_for=0)
    opened = refused = 0
    while time.monotonic() < stop_at:
        try:
            await client.create(title=f"{name}'s churn")
            opened += 1
            await client.fill("random")
            await client.ready()
            await client.leave()
        except NetError:
            refused += 1
            await asyncio.sleep(0.1)
    await client.close()
    return opened, refused


async def watch_lobby(url: str, stop_at: float) -> tuple[int, int]:
    """A player in the lobby, reading everything: (bytes, messages) it was sent."""
    ws = await connect(url, compression=None, max_size=None, local_addr=(PROBER_ADDRESS, 0))
    await ws.send(json.dumps({"type": "hello", "v": PROTOCOL_VERSION, "name": "watcher"}))
    await ws.recv()  # welcome
    await ws.recv()  # the whole lobby, before the churn
    sent = messages = 0
    kinds: Counter[str] = Counter()
    while (left := stop_at - time.monotonic()) > 0:
        try:
            data = await asyncio.wait_for(ws.recv(), left)
        except asyncio.TimeoutError:
            break
        sent += len(data)
        messages += 1
        kinds[json.loads(data)["type"]] += 1
    await ws.close()
    print("  the watcher's messages: " + ", ".join(f"{n} {kind}" for kind, n in kinds.items()))
    return sent, messages


async def churn(args: argparse.Namespace, server: subprocess.Popen[bytes], url: str) -> None:
    owners = await fill_lobby(url, args.tables)
    stop_at = time.monotonic() + args.seconds
    watcher = asyncio.ensure_future(watch_lobby(url, stop_at))
    churners = [churner(url, f"churn{i}", stop_at) for i in range(args.clients)]
    results = await asyncio.gather(*churners)
    sent, messages = await watcher
    opened = sum(o for o, _ in results)
    refused = sum(r for _, r in results)
    print(f"attack: churn, {args.clients} clients, {args.seconds:g} s, {args.tables} tables")
    print(f"churners: {opened} tables opened, {refused} refused")
    print(
        f"a lobby watcher was sent {sent / args.seconds / 1024:.1f} KiB/s in "
        f"{messages / args.seconds:.1f} messages/s ({sent / max(messages, 1) / 1024:.1f} KiB each)"
    )
    for owner in owners:
        await owner.close()


def server_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def main(args: argparse.Namespace) -> None:
    import tempfile

    if args.attack == "probe":
        await probe(args.url, args.seconds)
        return
    with tempfile.TemporaryDirectory() as data_dir:
        server, url = await start_server(data_dir)
        try:
            if args.attack == "reflood":
                await reflood(args, server, url)
            elif args.attack == "churn":
                await churn(args, server, url)
            else:
                await attack(args, server, url)
        finally:
            server.terminate()
            server.wait(10)


async def attack(args: argparse.Namespace, server: subprocess.Popen[bytes], url: str) -> None:
    owners = await fill_lobby(url, args.tables) if args.attack == "list" else []
    before = rss_mb(server.pid)
    count = 1 if args.attack == "ping" else args.clients
    attackers = [await attacker(url, f"mal{i}") for i in range(count)]
    start = time.monotonic()
    stop_at = start + args.seconds
    flood = ping_flood if args.attack == "ping" else list_flood
    floods = [asyncio.ensure_future(flood(ws, stop_at)) for ws in attackers]
    honest = asyncio.ensure_future(honest_round_trips(url, stop_at))
    peak = before
    cut: dict[int, float] = {}
    while time.monotonic() < stop_at:
        await asyncio.sleep(0.25)
        peak = max(peak, rss_mb(server.pid))
        for i, ws in enumerate(attackers):
            if i not in cut and ws.transport.is_closing():
                cut[i] = time.monotonic() - start
    await asyncio.gather(*floods)
    times = await honest
    after = rss_mb(server.pid)
    for ws in attackers:
        ws.transport.abort()
    for owner in owners:
        await owner.close()
    finite = sorted(t for t in times if t != float("inf"))
    print(f"attack: {args.attack}, {count} client(s), {args.seconds:g} s", end="")
    print(f", lobby of {args.tables} tables" if owners else "")
    print(f"server RSS: before {before:.0f} MB, peak {peak:.0f} MB, after {after:.0f} MB")
    when = ", ".join(f"{t:.1f} s" for t in sorted(cut.values())) or "never"
    print(f"attackers cut off: {len(cut)} of {count} (at {when})")
    if finite:
        p99 = finite[min(len(finite) - 1, int(len(finite) * 0.99))]
        print(
            f"honest lobby round trip: p50 {statistics.median(finite) * 1000:.1f} ms, "
            f"p99 {p99 * 1000:.1f} ms, {len(times) - len(finite)} timed out of {len(times)}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("attack", choices=["ping", "list", "churn", "reflood", "probe"])
    parser.add_argument("--url", help=argparse.SUPPRESS)  # the prober's own process
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--clients", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
