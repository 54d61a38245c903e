"""How fast a key press is answered: the real `ddz` in a real pseudo-terminal.

Each scenario starts the game as a player would (`ddz --seed 5`, `ddz join`, `ddz replay`)
in a pty of the given size, with fresh settings and data folders and sound off, brings it
to the screen measured, then presses keys one every --pace seconds. For each key it
records the time from writing the key to the first byte of the redraw (key-to-first-byte)
and the CPU the game process spent from the key to the next one (every thread, read from
/proc/PID/task/*/schedstat, so nanoseconds, not clock ticks), and in brackets the part of
it spent on the event loop's thread, where keys are read and the screen drawn (a play's
other threads are mostly the bots working out their answers). The table is measured
moving the cursor, selecting a card, a refused play (a 3 and a 4 together), a hint, and
a play (the hint's play, then Enter, each time it is the player's turn again, over --games
games, bidding 3 whenever asked), and first the CPU it spends over --idle seconds with no
key pressed, at its lead; the lobby moving over its rows (with --tables tables in
it, opened by bot players in a helper process); the replay stepping. A bare Textual app
that updates one `Static` per key is measured in the same run, as the floor. Last, the
start: from starting `ddz` to its title screen, beside `python -c "import textual"`.

    .venv/bin/python benchmarks/bench_keys.py [--keys 40] [--pace 0.25]
        [--sizes 80x24,160x50] [--only bare,table,lobby,replay,start] [--starts 7]
        [--games 3] [--idle 5]

Linux only (a pty and /proc). Keys that drew nothing within a second are counted apart
("silent"), not as latencies.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import multiprocessing
import os
import pty
import select
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

RIGHT, LEFT, DOWN, UP, HOME = b"\x1b[C", b"\x1b[D", b"\x1b[B", b"\x1b[A", b"\x1b[H"
ENTER, SPACE, ESCAPE = b"\r", b" ", b"\x1b"
QUIET = 0.05  # no output for this long: the redraw is over
SILENT = 1.0  # no output for this long after a key: the key drew nothing

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    presses = 0

    def compose(self):
        yield Static("ready", id="shown")

    def on_key(self, event):
        self.presses += 1
        self.query_one(Static).update(f"{event.key} {self.presses}")

Bare().run()
"""


@dataclass
class Figures:
    """The keys of one kind in one scenario."""

    latencies: list[float] = field(default_factory=list)  # seconds
    cpu: list[float] = field(default_factory=list)  # seconds, every thread
    drawing: list[float] = field(default_factory=list)  # seconds, the event loop's thread
    silent: int = 0

    def line(self, name: str) -> str:
        if not self.latencies:
            return f"{name:<28} no key drew anything ({self.silent} silent)"
        ms = sorted(x * 1000 for x in self.latencies)
        cut = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
        cpu_ms = [x * 1000 for x in self.cpu]
        silent = f"  silent {self.silent}" if self.silent else ""
        return (
            f"{name:<28} n={len(ms):<3} first byte ms: median {statistics.median(ms):6.1f}"
            f"  p90 {cut[89]:6.1f}  p99 {cut[98]:6.1f}  max {ms[-1]:6.1f}"
            f" | CPU/key ms: mean {statistics.fmean(cpu_ms):5.1f}"
            f"  median {statistics.median(cpu_ms):5.1f}  p99 {_p99(cpu_ms):5.1f}"
            f" (loop {statistics.fmean(self.drawing) * 1000:4.1f}){silent}"
        )


@dataclass
class Idle(Figures):
    """The CPU spent while nothing is pressed (`cpu` and `drawing` hold one figure each,
    seconds per second): a server pays it for every player who sits and thinks."""

    seconds: float = 0.0

    def line(self, name: str) -> str:
        return (
            f"{name:<28} {self.seconds:.0f} s, no key | CPU ms per second:"
            f" {self.cpu[0] * 1000:5.2f} (loop {self.drawing[0] * 1000:4.2f})"
        )


def idle(term: Terminal, seconds: float) -> Idle:
    """The CPU the game spends over `seconds` with no key pressed."""
    term.settle(QUIET, limit=2.0)
    cpu_before, loop_before = cpu_seconds(term.pid), cpu_seconds(term.pid, only=term.pid)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        term._read(end - time.perf_counter())
    cpu = cpu_seconds(term.pid) - cpu_before
    loop = cpu_seconds(term.pid, only=term.pid) - loop_before
    return Idle(cpu=[cpu / seconds], drawing=[loop / seconds], seconds=seconds)


def _p99(values: list[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[98]


class Terminal:
    """A program in a pseudo-terminal of a fixed size, and what it has drawn."""

    def __init__(self, argv: list[str], size: tuple[int, int], env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pty is its terminal
            columns, rows = size
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            os.execvpe(argv[0], argv, env)
        self.pid, self.fd = pid, fd
        self.seen = b""  # everything drawn since the last `clear`

    def clear(self) -> None:
        self.seen = b""

    def _read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:
            raise EOFError("the program closed its terminal") from None
        if not data:
            raise EOFError("the program closed its terminal")
        self.seen += data
        return data

    def wait_for(self, *needles: bytes, limit: float = 20.0) -> bytes:
        """Read until one of `needles` has been drawn (since the last `clear`)."""
        deadline = time.perf_counter() + limit
        while True:
            for needle in needles:
                if needle in self.seen:
                    return needle
            left = deadline - time.perf_counter()
            if left <= 0:
                tail = self.seen[-400:]
                raise TimeoutError(f"never drew any of {needles!r}; last drawn: {tail!r}")
            self._read(min(left, 0.2))

    def settle(self, quiet: float = 0.3, limit: float = 10.0) -> None:
        """Read until nothing has been drawn for `quiet` seconds."""
        deadline = time.perf_counter() + limit
        last = time.perf_counter()
        while time.perf_counter() < deadline:
            if self._read(0.02):
                last = time.perf_counter()
            elif time.perf_counter() - last >= quiet:
                return

    def send(self, key: bytes) -> None:
        os.write(self.fd, key)

    def press(self, key: bytes, figures: Figures, pace: float) -> None:
        """Write `key`, time its first byte back, and the CPU spent until the next key."""
        self.settle(QUIET, limit=2.0)
        self.clear()
        cpu_before = cpu_seconds(self.pid)
        loop_before = cpu_seconds(self.pid, only=self.pid)
        sent = time.perf_counter()
        self.send(key)
        first = None
        while first is None and time.perf_counter() - sent < SILENT:
            if self._read(0.01):
                first = time.perf_counter()
        end = max(sent + pace, time.perf_counter())
        while time.perf_counter() < end:
            self._read(end - time.perf_counter())
        self.settle(QUIET, limit=2.0)
        figures.cpu.append(cpu_seconds(self.pid) - cpu_before)
        figures.drawing.append(cpu_seconds(self.pid, only=self.pid) - loop_before)
        if first is None:
            figures.silent += 1
        else:
            figures.latencies.append(first - sent)

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGTERM)
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline:
            with contextlib.suppress(EOFError):
                self._read(0.05)
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
        else:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def cpu_seconds(pid: int, only: int | None = None) -> float:
    """CPU time of every live thread of `pid` (a thread that ended takes its time along:
    the game's threads live as long as it does), or of thread `only` (the main thread,
    whose id is the pid: the event loop, where the screen is drawn; the others are the
    bots thinking, the history writer, the sound)."""
    total = 0
    tasks = Path(f"/proc/{pid}/task")
    for task in [tasks / str(only)] if only is not None else tasks.iterdir():
        with contextlib.suppress(OSError):
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


@contextlib.contextmanager
def fresh_env(data_dir: Path | None = None) -> Iterator[dict[str, str]]:
    """The environment of a player who has played before, no more: own folders, no
    sound, English, the first-game lesson already offered (its question would cover the
    title)."""
    with tempfile.TemporaryDirectory(prefix="ddz-bench-keys-") as tmp:
        (Path(tmp) / "config").mkdir()
        (Path(tmp) / "config" / "settings.json").write_text('{"tutorial_offered": true}')
        env = dict(os.environ)
        env.update(
            DDZ_CONFIG_DIR=str(Path(tmp) / "config"),
            DDZ_DATA_DIR=str(data_dir or Path(tmp) / "data"),
            DDZ_SOUND="off",
            TERM="xterm-256color",
            LANG="C.UTF-8",
        )
        env.pop("COLORTERM", None)
        env.pop("TEXTUAL", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # a player's install keeps compiled modules
        yield env


DDZ = [sys.executable, "-m", "ddz_tui", "--lang", "en"]


def bare(size: tuple[int, int], args: argparse.Namespace) -> dict[str, Figures]:
    keys = Figures()
    with fresh_env() as env:
        term = Terminal([sys.executable, "-c", BARE_APP], size, env)
        try:
            term.wait_for(b"ready")
            term.settle()
            for i in range(args.keys):
                term.press((RIGHT, SPACE, LEFT, SPACE)[i % 4], keys, args.pace)
        finally:
            term.close()
    return {"bare Textual app": keys}


def table(size: tuple[int, int], args: argparse.Namespace) -> dict[str, Figures]:
    """At the table of `ddz --seed 5` after bidding 3: the player leads with 20 cards; the
    plays are those of --games games (bidding 3 whenever asked)."""
    found = {name: Figures() for name in ("move", "select", "refused play", "hint", "play")}
    with fresh_env() as env:
        term = Terminal([*DDZ, "--seed", "5"], size, env)
        try:
            term.wait_for(b"New game")
            term.settle()
            term.send(ENTER)  # New game...
            term.wait_for(b"Deal")
            term.settle()
            term.clear()
            term.send(ENTER)  # ...deal
            term.wait_for(b"Bid more than")
            term.settle()
            term.clear()
            term.send(b"3")
            term.wait_for(b"Your lead")
            term.settle(1.0)
            found["idle, your lead"] = idle(term, args.idle)
            for i in range(args.keys):
                term.press(RIGHT if i % 2 == 0 else LEFT, found["move"], args.pace)
            for _ in range(args.keys):  # the same card up and down
                term.press(SPACE, found["select"], args.pace)
            term.send(HOME)  # a 3 and a 4 raised: not a combination
            term.send(SPACE)
            term.send(RIGHT)
            term.send(SPACE)
            for _ in range(args.keys // 2):
                term.press(ENTER, found["refused play"], args.pace)
                term.send(SPACE)  # lower the 4 and raise it again: the refusal is over
                term.send(SPACE)
            for _ in range(args.keys // 2):
                term.press(b"h", found["hint"], args.pace)
            term.send(ESCAPE)
            term.settle()
            play_the_game(term, found["play"], args)
            for _ in range(args.games - 1):  # more plays: one game's eight make a noisy tail
                term.settle(QUIET)
                term.clear()
                term.send(b"n")  # the result's Next game
                take_the_lead(term)
                play_the_game(term, found["play"], args)
        finally:
            term.close()
    return found


def take_the_lead(term: Terminal) -> None:
    """Through a new game's bidding, bidding 3 when asked (so no one passes it round to a
    redeal), to the first turn of play."""
    for _ in range(10):
        said = term.wait_for(b"to be the landlord", b"Your turn", b"Your lead", limit=30)
        term.settle(QUIET)
        term.clear()
        if said != b"to be the landlord":
            return
        term.send(b"3")
    raise RuntimeError("the bidding did not end")


def play_the_game(term: Terminal, plays: Figures, args: argparse.Namespace) -> None:
    """Play the hint's first play at every turn (pass where there is none) to the end."""
    for _ in range(60):
        term.clear()
        term.send(b"h")
        said = term.wait_for(b"Enter plays it", b"Nothing in your", b"P passes", limit=10)
        term.settle(QUIET)
        if said == b"Enter plays it":
            term.press(ENTER, plays, args.pace)
        else:
            term.send(b"p")
        term.clear()
        over = term.wait_for(
            b"Your turn", b"Your lead", b"You win", b"You lose", b"Your last cards", limit=30
        )
        if over in (b"You win", b"You lose"):
            return
        if over == b"Your last cards":  # raised for us (要不起 and the last card, on)
            term.settle(QUIET)
            term.press(ENTER, plays, args.pace)
            term.wait_for(b"You win", b"You lose", limit=30)
            return
        term.settle(QUIET)
    raise RuntimeError("the game did not end in 60 turns")


def open_tables(url: str, count: int, ready, done) -> None:  # type: ignore[no-untyped-def]
    """Bot players, each opening a table of their own and sitting there (a helper process)."""
    import asyncio

    from ddz_tui.net.client.lobby import LobbyClient

    async def main() -> None:
        clients = []
        for n in range(count):
            client = await LobbyClient.connect(url, f"Bench{n}")
            await client.create(f"Table {n}")
            clients.append(client)
        ready.set()
        while not done.is_set():
            await asyncio.sleep(0.1)
        for client in clients:
            await client.close()

    asyncio.run(main())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def lobby(size: tuple[int, int], args: argparse.Namespace) -> dict[str, Figures]:
    moves = Figures()
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    with fresh_env() as env:
        server = subprocess.Popen(
            [*DDZ, "server", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        ready, done = multiprocessing.Event(), multiprocessing.Event()
        helper = multiprocessing.Process(target=open_tables, args=(url, args.tables, ready, done))
        try:
            for _ in range(100):
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                    break
                time.sleep(0.1)
            helper.start()
            if not ready.wait(30):
                raise TimeoutError("the helper's tables never opened")
            term = Terminal([*DDZ, "join", url, "--name", "Keys"], size, env)
            try:
                term.wait_for(f"Table {args.tables - 1}".encode())
                term.settle(1.0)
                for i in range(args.keys):
                    term.press(DOWN if (i // (args.tables - 1)) % 2 == 0 else UP, moves, args.pace)
            finally:
                term.close()
        finally:
            done.set()
            helper.join(10)
            server.terminate()
            server.wait(10)
    return {f"lobby ({args.tables} tables)": moves}


def kept_game(data_dir: Path) -> None:
    """One finished game between normal bots, kept in the history as game 1."""
    from ddz_tui.bots import make_bot
    from ddz_tui.bots.runner import play_out
    from ddz_tui.engine import Game
    from ddz_tui.records.store import FILE_NAME, SeatRecord, Store

    game = Game(5)
    play_out(game, [make_bot("normal", seat) for seat in range(3)])
    seats = (SeatRecord("Keys"), SeatRecord("Right", "normal"), SeatRecord("Left", "normal"))
    data_dir.mkdir(parents=True, exist_ok=True)
    with Store.open(data_dir / FILE_NAME) as store:
        store.set_profile_name("Keys")
        store.record_game(game.events, seats, my_seat=0)


def replay(size: tuple[int, int], args: argparse.Namespace) -> dict[str, Figures]:
    steps = Figures()
    with tempfile.TemporaryDirectory(prefix="ddz-bench-keys-data-") as data:
        kept_game(Path(data))
        with fresh_env(Path(data)) as env:
            term = Terminal([*DDZ, "replay", "1"], size, env)
            try:
                term.wait_for(b"Step")
                term.settle(1.0)
                for i in range(args.keys):  # ten steps forward, ten back
                    term.press(RIGHT if (i // 10) % 2 == 0 else LEFT, steps, args.pace)
            finally:
                term.close()
    return {"replay step": steps}


def timed_starts(argv: list[str], drawn: bytes, count: int) -> list[float]:
    """Seconds from starting `argv` in a pty to `drawn` on its screen, `count` times
    after one untimed start (which leaves the modules compiled)."""
    times = []
    for run in range(count + 1):
        with fresh_env() as env:
            term = Terminal(argv, (80, 24), env)
            try:
                term.wait_for(drawn)
                if run:
                    times.append(time.perf_counter() - term.started)
            finally:
                term.close()
    return times


def starts(args: argparse.Namespace) -> None:
    """Wall time from starting `ddz` to its title drawn, and of importing Textual (each
    once first, untimed, so that both start with their modules compiled, as installed)."""
    title = timed_starts(DDZ, b"New game", args.starts)
    bare_app = timed_starts([sys.executable, "-c", BARE_APP], b"ready", args.starts)
    imports = []
    with fresh_env() as env:
        for run in range(args.starts + 1):
            began = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import textual"], check=True, env=env)
            if run:
                imports.append(time.perf_counter() - began)
    for name, times in (
        ("start to the title", title),
        ("bare Textual app's start", bare_app),
        ('python -c "import textual"', imports),
    ):
        ms = sorted(x * 1000 for x in times)
        print(
            f"{name:<28} n={len(ms):<3} ms: median {statistics.median(ms):6.0f}"
            f"  min {ms[0]:6.0f}  max {ms[-1]:6.0f}"
        )


SCENARIOS = {"bare": bare, "table": table, "lobby": lobby, "replay": replay}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=40, help="key presses of each kind")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds from key to key")
    parser.add_argument("--sizes", default="80x24,160x50", help="terminal sizes, COLSxROWS")
    parser.add_argument("--only", default="bare,table,lobby,replay,start")
    parser.add_argument("--tables", type=int, default=8, help="tables in the lobby")
    parser.add_argument("--starts", type=int, default=7, help="starts timed")
    parser.add_argument("--games", type=int, default=3, help="games played for the plays")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds idle at the table")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    chosen = args.only.split(",")
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    results: dict[str, dict[str, list[float]]] = {}
    for columns, rows in sizes:
        print(f"== {columns}x{rows}, a key every {args.pace} s")
        for name, scenario in SCENARIOS.items():
            if name not in chosen:
                continue
            for kind, figures in scenario((columns, rows), args).items():
                print(figures.line(kind), flush=True)
                results[f"{columns}x{rows} {kind}"] = {
                    "latency": figures.latencies,
                    "cpu": figures.cpu,
                    "loop_cpu": figures.drawing,
                }
    if "start" in chosen:
        print("== start")
        starts(args)
    if args.json:
        args.json.write_text(json.dumps(results))


if __name__ == "__main__":
    main()
