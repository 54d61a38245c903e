"""What SSH sessions cost the door, and how quickly it answers them, on loopback.

Runs the real `ddz serve-ssh` as a subprocess (its data in a temporary folder, on free
ports, its limits on sessions and logins raised so that they never refuse these
clients, which all come from 127.0.0.1). Guests log in as OpenSSH does without a key
(keyboard-interactive, no prompt, no compression), ask for an 80x24 xterm-256color
terminal, and count what the game writes to them. All clients run in this one process
(asyncssh), which also says how busy it was: its CPU, and how late its event loop ran
(a late loop would make the client, not the door, the bottleneck).

1. Memory and CPU per session: for each N in --sessions, a fresh door; the resident
   memory of its process tree (the door and its workers, from /proc) once its workers
   have started and its memory is steady, then again once N guests have all reached
   the lobby (at most --parallel logging in at once) and the memory is steady again.
   The difference divided by N, for the tree, the door and the workers; the CPU
   seconds (user and system) the tree spent per session brought to the lobby, and how
   long that took; the CPU the tree then spends in 5 s with all N idle in the lobby,
   as a share of one core; and, once all N hang up at once, how long the tree stays
   busy ending their games, and the CPU that takes per session.
2. Connect to lobby: on a fresh door, --arrivals guests arriving at --rate a second,
   each timed from the start of its TCP connect to the first "Lobby" in its output.
3. Key to redraw: on the same door, --active guests in the lobby each press --key once
   a second, staggered evenly, for --seconds; each press is timed from writing the key
   to the first byte of output after it (keys that got none before the next key are
   counted). Tab (the default) moves the lobby's focus to and fro, a small redraw, as
   moving the cursor is (about 10 ms of CPU); F1 opens help and closes it again, a
   whole screen composed each time (about 100 ms).

    .venv/bin/python benchmarks/bench_ssh_door.py [--sessions 10,100,500] [--rate 20]
        [--arrivals 100] [--active 100] [--seconds 20] [--key tab|f1] [--parallel 16]
        [--workers N] [--ddz PATH]

The soft limit on open files is raised to the hard limit, for the clients and for the
door, which inherits it and needs it: it holds about three sockets per session, and
each worker two. Each run ends with its guests hanging up once their screens are drawn,
and waits for the door to end their games. What the door logs beyond its routine lines
(a session started, a player connected...) is shown after each door stops.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import asyncssh

KEYS = {
    "tab": b"\t",  # moves the lobby's focus to and fro
    "f1": b"\x1bOP",  # opens help in the lobby, and closes it again
}
LOBBY = b"Lobby"
LOBBY_TIMEOUT = 120.0  # seconds a guest may take to reach the lobby
QUIET = 1.0  # seconds without output after which a screen is drawn
IDLE_SECONDS = 5.0  # how long the CPU of N sessions idle in the lobby is measured
TICK = os.sysconf("SC_CLK_TCK")
PAGE_KIB = os.sysconf("SC_PAGE_SIZE") // 1024

# Lines the door logs as a matter of course; any other line is shown after its run.
ROUTINE = re.compile(
    r"session worker \d+ started|listening on |: session started$| connected$"
    r"| disconnected$|: the client's input ended$|^ddz |^host key |^names kept |^at most "
    r"|^games run in |^game server: |^only this machine |^ddz server: stopped$"
)


# --- the door's process tree -------------------------------------------------------


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def tree(pid: int) -> list[int]:
    """`pid` and all its descendants."""
    pids, i = [pid], 0
    while i < len(pids):
        pids += children(pids[i])
        i += 1
    return pids


def rss_kib(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_KIB
    except (OSError, IndexError, ValueError):
        return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of `pid` (not of its children)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


@dataclass(frozen=True)
class Sample:
    door_kib: int
    others_kib: int  # the workers (and any other process the door started)
    cpu: float  # seconds, the whole tree
    door_cpu: float  # seconds, the door's own process (SSH, the game server)
    processes: int

    @property
    def kib(self) -> int:
        return self.door_kib + self.others_kib


def sample(pid: int) -> Sample:
    pids = tree(pid)
    others = pids[1:]
    return Sample(
        rss_kib(pid),
        sum(rss_kib(p) for p in others),
        sum(cpu_seconds(p) for p in pids),
        cpu_seconds(pid),
        len(pids),
    )


# --- the door ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Door:
    """`ddz serve-ssh` in a subprocess, its data and log in a temporary folder."""

    def __init__(self, ddz: str, workers: int | None) -> None:
        self.ddz = ddz
        self.workers = workers
        self.folder = Path(tempfile.mkdtemp(prefix="ddz-bench-ssh-"))
        self.log_path = self.folder / "door.log"
        self.port = free_port()
        self.game_port = free_port()
        while self.game_port == self.port:
            self.game_port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    async def __aenter__(self) -> Door:
        command = [
            self.ddz,
            "--lang",
            "en",
            "--data-dir",
            str(self.folder / "data"),
            "serve-ssh",
            "--port",
            str(self.port),
            "--game-port",
            str(self.game_port),
            "--max-sessions",
            "100000",
            "--max-per-address",
            "100000",
            "--logins-per-minute",
            "10000000",
            "--idle-minutes",
            "600",
        ]
        if self.workers is not None:
            command += ["--workers", str(self.workers)]
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
            )
        give_up = time.monotonic() + 60
        while b"players connect with" not in self.log_path.read_bytes():
            if self.process.poll() is not None or time.monotonic() > give_up:
                self.stop()
                raise RuntimeError(f"the door did not start:\n{self.log()}")
            await asyncio.sleep(0.1)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.stop()

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def sample(self) -> Sample:
        return sample(self.pid)

    async def steady(self, limit: float = 60.0) -> Sample:
        """A sample once the tree's memory has moved less than 0.5% (at least 256 KiB)
        over two seconds, or after `limit` seconds."""
        samples = [self.sample()]
        give_up = time.monotonic() + limit
        while time.monotonic() < give_up:
            await asyncio.sleep(0.5)
            samples.append(self.sample())
            last = samples[-5:]
            sizes = [s.kib for s in last]
            if (
                len(last) == 5
                and len({s.processes for s in last}) == 1
                and max(sizes) - min(sizes) <= max(256, max(sizes) // 200)
            ):
                break
        return samples[-1]

    async def idle(self, limit: float = 60.0) -> float:
        """Wait until the tree spends under 20 ms of CPU in half a second (its games
        have ended, say), or `limit` passes; the seconds it was busy until then."""
        started = busy = time.perf_counter()
        cpu = self.sample().cpu
        while time.perf_counter() - started < limit:
            await asyncio.sleep(0.5)
            now = self.sample().cpu
            if now - cpu < 0.02:
                break
            cpu, busy = now, time.perf_counter()
        return busy - started

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        """SIGTERM, as an operator would stop it; killed (with its tree) if it lingers."""
        if self.process is None or self.process.poll() is not None:
            return
        pids = tree(self.pid)
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            print("  the door did not stop within 30 s of SIGTERM; killed", file=sys.stderr)
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            self.process.wait()

    def unexpected(self) -> list[str]:
        """The lines of its log that are not routine."""
        return [line for line in self.log().splitlines() if line and not ROUTINE.search(line)]


# --- the clients ---------------------------------------------------------------------


class Guest(asyncssh.SSHClient):
    """A guest, as OpenSSH logs in without a key: keyboard-interactive with no prompt."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):  # type: ignore[no-untyped-def]
        return None if prompts else []


class Screen(asyncssh.SSHClientSession[bytes]):
    """What a guest's terminal receives: counted, searched for "Lobby" until it comes,
    and timed after each key."""

    def __init__(self, lobby: asyncio.Future[float]) -> None:
        self.lobby = lobby
        self.tail = b""
        self.bytes = 0
        self.last = time.perf_counter()  # when output last came
        self.pressed: list[float] = []  # when each key still waiting for output was written
        self.redraws: list[float] = []
        self.late = 0  # keys that got no output before the next one
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    def connection_made(self, chan: asyncssh.SSHClientChannel[bytes]) -> None:  # type: ignore[override]
        self.chan = chan

    def data_received(self, data: bytes, datatype: object) -> None:
        now = time.perf_counter()
        self.bytes += len(data)
        self.last = now
        if self.pressed:
            self.redraws += [now - pressed for pressed in self.pressed]
            self.pressed.clear()
        if not self.lobby.done():
            seen = self.tail + data
            if LOBBY in seen:
                self.lobby.set_result(now)
            else:
                self.tail = seen[-len(LOBBY) :]

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.lobby.done():
            self.lobby.set_exception(exc or ConnectionError("the session ended before the lobby"))

    def press(self, key: bytes) -> None:
        self.late += bool(self.pressed)
        assert self.chan is not None
        self.pressed.append(time.perf_counter())
        self.chan.write(key)


@dataclass
class Player:
    conn: asyncssh.SSHClientConnection
    screen: Screen
    started: float
    in_lobby: float

    @property
    def took(self) -> float:
        return self.in_lobby - self.started


names = (f"g{n}" for n in range(10**9))


async def arrive(port: int) -> Player:
    """A guest, from the start of its connect until the lobby is on its screen."""
    loop = asyncio.get_running_loop()
    started = time.perf_counter()
    lobby: asyncio.Future[float] = loop.create_future()
    async with asyncio.timeout(LOBBY_TIMEOUT):
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=next(names),
            known_hosts=None,
            client_factory=Guest,
            client_keys=None,
            agent_path=None,
            password=None,
            preferred_auth="keyboard-interactive",
            compression_algs=None,  # as OpenSSH, which compresses nothing unless told
        )
        try:
            _chan, screen = await conn.create_session(
                lambda: Screen(lobby),
                term_type="xterm-256color",
                term_size=(80, 24),
                encoding=None,
            )
            in_lobby = await lobby
        except BaseException:
            conn.close()
            raise
    return Player(conn, screen, started, in_lobby)


async def bring(port: int, count: int, parallel: int) -> tuple[list[Player], list[str]]:
    """`count` guests to the lobby, at most `parallel` logging in at once; the players
    and the failures."""
    gate = asyncio.Semaphore(parallel)

    async def one() -> Player:
        async with gate:
            return await arrive(port)

    return settled(await asyncio.gather(*(one() for _ in range(count)), return_exceptions=True))


def settled(results: Sequence[Player | BaseException]) -> tuple[list[Player], list[str]]:
    players = [r for r in results if isinstance(r, Player)]
    failures = [f"{type(r).__name__}: {r}" for r in results if not isinstance(r, Player)]
    return players, failures


async def quiet(players: Sequence[Player], limit: float = 30.0) -> None:
    """Until no screen has had output for QUIET seconds (or `limit` passes)."""
    give_up = time.perf_counter() + limit
    while time.perf_counter() < give_up:
        latest = max((p.screen.last for p in players), default=0.0)
        wait = latest + QUIET - time.perf_counter()
        if wait <= 0:
            return
        await asyncio.sleep(wait)


async def answered(players: Sequence[Player], limit: float = 30.0) -> None:
    """Until every key pressed has had output after it (or `limit` passes)."""
    give_up = time.perf_counter() + limit
    while time.perf_counter() < give_up and any(p.screen.pressed for p in players):
        await asyncio.sleep(0.05)


async def leave(players: Sequence[Player], door: Door) -> tuple[float, float]:
    """Close every connection once its screen is drawn, and wait until the door has
    ended their games (what one run leaves undone must not slow the next); how long
    the door was busy ending them (to the nearest half second), and the CPU it spent."""
    await quiet(players)
    before = door.sample()
    for player in players:
        player.conn.close()
    await asyncio.gather(*(p.conn.wait_closed() for p in players), return_exceptions=True)
    busy = await door.idle()
    return busy, door.sample().cpu - before.cpu


class Busy:
    """How busy this client process is while it runs: its CPU seconds, and how late its
    event loop wakes from a 10 ms sleep."""

    STEP = 0.01

    def __enter__(self) -> Busy:
        self.late: list[float] = []
        self.cpu = time.process_time()
        self.wall = time.perf_counter()
        self._task = asyncio.get_running_loop().create_task(self._watch())
        return self

    async def _watch(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(self.STEP)
            self.late.append(time.perf_counter() - before - self.STEP)

    def __exit__(self, *exc: object) -> None:
        self._task.cancel()
        self.cpu = time.process_time() - self.cpu
        self.wall = time.perf_counter() - self.wall

    def __str__(self) -> str:
        late = sorted(self.late) or [0.0]
        return (
            f"client: {self.cpu:.1f} s CPU in {self.wall:.1f} s ({self.cpu / self.wall:.0%} "
            f"of a core); its loop late by {ms(pct(late, 0.99))} at p99, {ms(late[-1])} at most"
        )


# --- figures -------------------------------------------------------------------------


def pct(values: Sequence[float], p: float) -> float:
    """The nearest-rank percentile of sorted `values`."""
    return values[max(0, math.ceil(p * len(values)) - 1)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def latency_row(label: str, values: Sequence[float]) -> list[str]:
    if not values:
        return [label, "0", "-", "-", "-", "-"]
    values = sorted(values)
    return [
        label,
        str(len(values)),
        ms(statistics.median(values)),
        ms(statistics.fmean(values)),
        ms(pct(values, 0.99)),
        ms(values[-1]),
    ]


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]

    def line(row: Sequence[str]) -> str:
        cells = [
            str(c).ljust(w) if i == 0 else str(c).rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(cells)

    return "\n".join([line(head), "  ".join("-" * w for w in widths), *map(line, rows)])


def mib(kib: float) -> str:
    return f"{kib / 1024:.2f} MiB"


def door_busy(before: Sample, after: Sample, wall: float) -> str:
    spent = after.cpu - before.cpu
    return f"door: {spent:.1f} s CPU in {wall:.1f} s ({spent / wall:.0%} of a core)"


def report_door(door: Door) -> None:
    """Show what the door logged that is not routine, and keep its folder then; else
    remove its folder."""
    lines = door.unexpected()
    if door.process is not None and door.process.returncode:
        lines.append(f"(the door exited with status {door.process.returncode})")
    if not lines:
        shutil.rmtree(door.folder, ignore_errors=True)
        return
    print(f"  the door logged {len(lines)} lines that are not routine ({door.log_path}):")
    for line in lines[:20]:
        print(f"    {line}")
    if len(lines) > 20:
        print(f"    ... and {len(lines) - 20} more")


def report_failures(failures: Sequence[str]) -> None:
    if failures:
        print(f"  {len(failures)} guests did not reach the lobby; first: {failures[0]}")


# --- the runs ------------------------------------------------------------------------


async def memory(args: argparse.Namespace) -> list[list[str]]:
    rows = []
    for count in args.sessions:
        print(f"memory and CPU with {count} sessions in the lobby...", flush=True)
        async with Door(args.ddz, args.workers) as door:
            empty = await door.steady()
            with Busy() as busy:
                started = time.perf_counter()
                players, failures = await bring(door.port, count, args.parallel)
                took = time.perf_counter() - started
                await quiet(players)
                full = await door.steady()
            print(f"  {busy}")
            await asyncio.sleep(IDLE_SECONDS)
            idle = door.sample().cpu - full.cpu
            report_failures(failures)
            n = len(players) or 1
            rows.append(
                [
                    f"{len(players)} of {count}",
                    str(empty.processes),
                    mib(empty.kib),
                    mib(full.kib),
                    mib((full.kib - empty.kib) / n),
                    mib((full.door_kib - empty.door_kib) / n),
                    mib((full.others_kib - empty.others_kib) / n),
                    f"{(full.cpu - empty.cpu) / n * 1000:.0f} ms",
                    f"{(full.door_cpu - empty.door_cpu) / n * 1000:.0f} ms",
                    f"{took:.1f} s",
                    f"{idle / IDLE_SECONDS:.1%}",
                ]
            )
            ending, spent = await leave(players, door)
            rows[-1] += [f"{ending:.1f} s", f"{spent / n * 1000:.0f} ms"]
        report_door(door)
    return rows


async def latency(args: argparse.Namespace) -> list[list[str]]:
    rows = []
    async with Door(args.ddz, args.workers) as door:
        await door.steady()
        print(f"connect to lobby: {args.arrivals} guests at {args.rate:g} a second...", flush=True)
        before = door.sample()
        with Busy() as busy:
            begin = time.perf_counter()
            arrivals = []
            for i in range(args.arrivals):
                await asyncio.sleep(max(0.0, begin + i / args.rate - time.perf_counter()))
                arrivals.append(asyncio.ensure_future(arrive(door.port)))
            players, failures = settled(await asyncio.gather(*arrivals, return_exceptions=True))
        print(f"  {busy}")
        print(f"  {door_busy(before, door.sample(), busy.wall)}")
        report_failures(failures)
        rows.append(latency_row(f"connect to lobby ({args.rate:g}/s)", [p.took for p in players]))
        await leave(players, door)

        print(
            f"key to redraw: {args.active} guests pressing {args.key} once a second "
            f"for {args.seconds:g} s...",
            flush=True,
        )
        players, failures = await bring(door.port, args.active, args.parallel)
        report_failures(failures)
        await quiet(players)
        before = door.sample()
        with Busy() as busy:
            begin = time.perf_counter() + 0.5
            end = begin + args.seconds

            async def press(player: Player, offset: float) -> None:
                at = begin + offset
                while at < end:
                    await asyncio.sleep(max(0.0, at - time.perf_counter()))
                    player.screen.press(KEYS[args.key])
                    at += 1.0

            count = len(players) or 1
            await asyncio.gather(*(press(p, i / count) for i, p in enumerate(players)))
            await answered(players)
            await quiet(players)
        print(f"  {busy}")
        print(f"  {door_busy(before, door.sample(), busy.wall)}")
        redraws = [r for p in players for r in p.screen.redraws]
        late = sum(p.screen.late for p in players)
        unanswered = sum(len(p.screen.pressed) for p in players)
        if late or unanswered:
            print(f"  {late} keys got no output before the next key; {unanswered} got none at all")
        rows.append(latency_row(f"key to redraw ({args.key}, {len(players)} active)", redraws))
        await leave(players, door)
    report_door(door)
    return rows


async def run(args: argparse.Namespace) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    most = 1 << 20 if hard == resource.RLIM_INFINITY else hard
    if most > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (most, hard))
    print(
        f"{os.cpu_count()} cores; door: {args.ddz}, workers: "
        f"{'its default' if args.workers is None else args.workers}; open files: "
        f"{resource.getrlimit(resource.RLIMIT_NOFILE)[0]}"
    )
    memory_rows = await memory(args) if args.sessions else []
    latency_rows = await latency(args)
    if memory_rows:
        print()
        print(
            table(
                [
                    "sessions",
                    "processes",
                    "tree empty",
                    "tree full",
                    "per session",
                    "door",
                    "workers",
                    "CPU/session",
                    "in the door",
                    "to bring up",
                    "idle CPU",
                    "to end all",
                    "CPU/end",
                ],
                memory_rows,
            )
        )
    print()
    print(table(["", "n", "median", "mean", "p99", "max"], latency_rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sessions",
        type=lambda text: [int(n) for n in text.split(",") if n.strip()],
        default=[10, 100, 500],
        help="session counts for the memory runs, comma-separated (default 10,100,500)",
    )
    parser.add_argument("--rate", type=float, default=20, help="guests arriving a second")
    parser.add_argument("--arrivals", type=int, default=100)
    parser.add_argument("--active", type=int, default=100, help="guests pressing keys")
    parser.add_argument("--seconds", type=float, default=20, help="how long they press keys")
    parser.add_argument("--key", choices=sorted(KEYS), default="tab", help="the key pressed")
    parser.add_argument("--parallel", type=int, default=16, help="guests logging in at once")
    parser.add_argument("--workers", type=int, help="the door's --workers (default: its own)")
    parser.add_argument(
        "--ddz", default=str(Path(sys.executable).parent / "ddz"), help="the ddz command"
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
