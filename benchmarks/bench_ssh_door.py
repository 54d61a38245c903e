"""How the SSH door holds up against a flood of connections, on loopback.

The door (with a game server, as `ddz serve-ssh` runs them) is in its own process, with
its default limits unless told otherwise. Flood tasks open TCP connections from
--flood-addresses loopback addresses (127.0.1.x) as fast as they can: each sends an
SSH version line, reads what it is told for up to half a second and hangs up. At the
same time --session-flood guests from one address (127.0.3.1) log in and start a game
each, and keep it. Then, during the flood, players connect from their own addresses
(127.0.2.x) one after the other and start a session running the real game, which must
reach the lobby.

Prints the connections the door took and turned away, the most it held at once (places,
children, open files) against its limits, its memory and CPU, each game child's memory,
and how long a player took from connecting to seeing the lobby while the flood went on.

    .venv/bin/python benchmarks/bench_ssh_door.py [--seconds 10] [--flood-addresses 4]
        [--flood-tasks 60] [--session-flood 12] [--players 6] [--max-sessions 64]
        [--max-per-address 4]
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
from pathlib import Path

import asyncssh

from ddz_tui.net.server import GameServer, ServerConfig
from ddz_tui.net.ssh import SshDoor, load_host_key
from ddz_tui.net.ssh_limits import DoorLimits


def rss_kib(pid: int | str) -> int:
    """Resident memory of a process, in KiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def door_process(limits: DoorLimits, ports: multiprocessing.Queue, done) -> None:  # type: ignore[type-arg]
    async def main() -> None:
        os.environ["DDZ_DATA_DIR"] = tempfile.mkdtemp(prefix="ddz-bench-ssh-")
        key, _ = load_host_key(Path(os.environ["DDZ_DATA_DIR"]) / "host_key")
        config = ServerConfig(host="127.0.0.1", port=0)
        async with (
            GameServer(config) as server,
            SshDoor(server.url, key, port=0, limits=limits) as door,
        ):
            taken = refused = 0
            take = door.places.take

            def counted(source: str):  # type: ignore[no-untyped-def]
                nonlocal taken, refused
                crowding = take(source)
                taken, refused = taken + (crowding is None), refused + (crowding is not None)
                return crowding

            door.places.take = counted  # type: ignore[method-assign]
            ports.put(door.port)
            peak = dict.fromkeys(
                ("places", "children", "turning_away", "files", "child_kib", "children_kib"), 0
            )
            while not done.is_set():
                peak["places"] = max(peak["places"], len(door.places))
                peak["children"] = max(peak["children"], len(door.children))
                peak["turning_away"] = max(peak["turning_away"], door.turning_away)
                peak["files"] = max(peak["files"], len(os.listdir("/proc/self/fd")))
                sizes = [rss_kib(pid) for pid in list(door.children)]
                peak["child_kib"] = max([peak["child_kib"], *sizes])
                peak["children_kib"] = max(peak["children_kib"], sum(sizes))
                await asyncio.sleep(0.02)
            usage = resource.getrusage(resource.RUSAGE_SELF)
            ports.put(
                {
                    **peak,
                    "taken": taken,
                    "refused": refused,
                    "door_kib": usage.ru_maxrss,
                    "cpu": usage.ru_utime + usage.ru_stime,
                }
            )

    asyncio.run(main())


async def flood(port: int, source: str, stop_at: float, tally: list[int]) -> None:
    """Knock again and again from `source` until `stop_at`."""
    while time.monotonic() < stop_at:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            tally[1] += 1
            await asyncio.sleep(0.01)
            continue
        writer.write(b"SSH-2.0-flood\r\n")
        with contextlib.suppress(asyncio.TimeoutError, ConnectionError):
            await asyncio.wait_for(reader.read(4096), 0.5)
        writer.close()
        tally[0] += 1


class Guest(asyncssh.SSHClient):
    """A guest, as OpenSSH logs in without a key: keyboard-interactive with no prompt."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):  # type: ignore[no-untyped-def]
        return None if prompts else []


async def player(
    port: int, source: str, name: str, hold: asyncio.Event | None = None
) -> float | None:
    """Seconds from connecting as `name` to seeing the lobby (then staying there until
    `hold` is set, if given); None if turned away."""
    start = time.monotonic()
    try:
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=name,
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            local_addr=(source, 0),
            client_factory=Guest,
        )
    except asyncssh.DisconnectError:
        return None
    async with conn:
        process = await conn.create_process(term_type="xterm-256color", encoding="utf-8")
        seen = ""
        while f"you are {name}" not in seen:
            seen += await asyncio.wait_for(process.stdout.read(65536), 60)
        took = time.monotonic() - start
        if hold is not None:
            await hold.wait()
        process.close()
    return took


Waits = list[float | None]


async def clients(port: int, args: argparse.Namespace) -> tuple[Waits, Waits, list[int]]:
    stop_at = time.monotonic() + args.seconds
    tally = [0, 0]  # knocks made, connections that failed to open
    sources = [f"127.0.1.{i + 1}" for i in range(args.flood_addresses)]
    floods = [
        asyncio.create_task(flood(port, sources[i % len(sources)], stop_at, tally))
        for i in range(args.flood_tasks)
    ]
    hold = asyncio.Event()
    squatters = [  # sessions from one address, kept open: one game child each
        asyncio.create_task(player(port, "127.0.3.1", f"s{i}", hold))
        for i in range(args.session_flood)
    ]
    await asyncio.sleep(1)  # the flood is on
    waits = []
    for i in range(args.players):
        waits.append(await player(port, f"127.0.2.{i + 1}", f"p{i}"))
    await asyncio.gather(*floods)
    hold.set()
    return waits, await asyncio.gather(*squatters), tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--flood-addresses", type=int, default=4)
    parser.add_argument("--flood-tasks", type=int, default=60)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--session-flood", type=int, default=12)
    parser.add_argument("--max-sessions", type=int, default=DoorLimits().max_sessions)
    parser.add_argument("--max-per-address", type=int, default=DoorLimits().max_per_address)
    args = parser.parse_args()
    limits = DoorLimits(args.max_sessions, args.max_per_address)
    ports: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    done = multiprocessing.Event()
    door = multiprocessing.Process(target=door_process, args=(limits, ports, done))
    door.start()
    port = ports.get(timeout=30)
    waits, squatted, (knocks, failed) = asyncio.run(clients(port, args))
    done.set()
    stats = ports.get(timeout=30)
    door.join(30)

    print(
        f"flood: {args.flood_tasks} tasks from {args.flood_addresses} addresses for "
        f"{args.seconds:g} s: {knocks} connections ({knocks / args.seconds:.0f}/s), "
        f"{failed} failed to open"
    )
    print(
        f"door: took {stats['taken']}, turned away {stats['refused']}; at most "
        f"{stats['places']} places held (limit {limits.max_sessions}, "
        f"{limits.max_per_address} per address), {stats['turning_away']} being turned "
        f"away, {stats['children']} children, {stats['files']} open files"
    )
    print(
        f"door process: {stats['door_kib'] / 1024:.0f} MiB at most, {stats['cpu']:.1f} s CPU; "
        f"a game child: {stats['child_kib'] / 1024:.0f} MiB at most, all of them: "
        f"{stats['children_kib'] / 1024:.0f} MiB at most"
    )
    print(
        f"session flood: {len(squatted)} sessions from one address, "
        f"{sum(w is not None for w in squatted)} started a game"
    )
    came_in = [w for w in waits if w is not None]
    print(
        f"players from other addresses, during the flood: {len(came_in)} of {len(waits)} "
        "reached the lobby"
        + (
            f", median {statistics.median(came_in):.2f} s, slowest {max(came_in):.2f} s"
            if came_in
            else ""
        )
        + f"; {len(waits) - len(came_in)} turned away"
    )


if __name__ == "__main__":
    main()
