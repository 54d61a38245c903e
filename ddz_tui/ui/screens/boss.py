"""The boss key (摸鱼): the whole screen becomes a dull terminal page, a `top` of a
busy machine, made up afresh each time and ticking as `top` does. Nothing on it says
game: no title, no keys, no words of ours. The same key brings the game back."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.screen import Screen

from ddz_tui.ui.screens.base import SCREENS_CSS
from ddz_tui.ui.widgets.plain import Plain

REFRESH_SECONDS = 3.0  # top's own delay
USERS = ("root", "root", "root", "www-data", "postgres", "deploy", "deploy", "systemd+")
COMMANDS = (
    "postgres",
    "nginx",
    "python3",
    "node",
    "java",
    "dockerd",
    "containerd",
    "redis-server",
    "sshd",
    "systemd-journal",
    "kworker/2:1-events",
    "gunicorn",
    "celery",
    "rsyslogd",
    "cron",
    "prometheus",
    "node_exporter",
    "snapd",
    "irqbalance",
    "kswapd0",
    "bash",
    "vim",
    "git",
    "make",
    "ksoftirqd/0",
    "systemd-udevd",
    "dbus-daemon",
    "polkitd",
    "chronyd",
    "containerd-shim",
)


@dataclass
class _Process:
    pid: int
    user: str
    nice: int
    virt: int  # KiB
    res: int
    shr: int
    cpu: float
    mem: float
    time: float  # seconds of CPU
    command: str


def _time_plus(seconds: float) -> str:
    """TIME+ as top writes it: minutes:seconds.hundredths."""
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:05.2f}"


class BossPage:
    """The made-up machine: its processes, and one `top` frame of it at a time."""

    def __init__(self, rng: random.Random, now: Callable[[], dt.datetime]) -> None:
        self.rng = rng
        self.now = now
        self.uptime = dt.timedelta(days=rng.randint(3, 60), minutes=rng.randint(0, 1439))
        self.started = now()
        self.total_mib = rng.choice((7820.6, 15890.4, 31906.8, 64213.2))
        self.processes = [
            _Process(
                pid=rng.randint(300, 99999),
                user=rng.choice(USERS),
                nice=rng.choice((0, 0, 0, 0, -20, 19)),
                virt=rng.randint(9_000, 4_500_000),
                res=rng.randint(1_000, 900_000),
                shr=rng.randint(500, 60_000),
                cpu=0.0,
                mem=0.0,
                time=rng.uniform(0.5, 50_000),  # under 1000 minutes: TIME+ keeps its width
                command=command,
            )
            for command in rng.sample(COMMANDS, len(COMMANDS))
        ]
        self.tick()

    def tick(self) -> None:
        """Another refresh: a few busy processes, most idle, CPU time running on."""
        rng = self.rng
        for process in self.processes:
            busy = rng.random() < 0.25
            process.cpu = round(rng.uniform(0.3, 38.0) if busy else rng.uniform(0, 0.4), 1)
            process.mem = round(process.res / (self.total_mib * 1024) * 100, 1)
            process.time += process.cpu / 100 * REFRESH_SECONDS

    def lines(self, width: int, height: int) -> list[str]:
        """One frame of `top`, `width` columns by `height` rows."""
        rng = self.rng
        now = self.now()
        up = self.uptime + (now - self.started)
        hours, rest = divmod(up.seconds, 3600)
        loads = ", ".join(f"{rng.uniform(0.2, 2.4):.2f}" for _ in range(3))
        busy = sorted(self.processes, key=lambda p: (-p.cpu, p.pid))
        cpu = sum(p.cpu for p in busy) / 8
        used = self.total_mib * rng.uniform(0.38, 0.42)
        cache = self.total_mib * 0.31
        free = self.total_mib - used - cache
        running = sum(p.cpu > 5 for p in busy) or 1
        head = [
            f"top - {now:%H:%M:%S} up {up.days} days, {hours:2d}:{rest // 60:02d},"
            f"  2 users,  load average: {loads}",
            f"Tasks: {212 + running} total,   {running} running, 212 sleeping,"
            "   0 stopped,   0 zombie",
            f"%Cpu(s): {cpu:4.1f} us,  {cpu / 3:3.1f} sy,  0.0 ni, {100 - cpu * 1.4:4.1f} id,"
            "  0.2 wa,  0.0 hi,  0.1 si,  0.0 st",
            f"MiB Mem : {self.total_mib:8.1f} total, {free:8.1f} free, {used:8.1f} used,"
            f" {cache:8.1f} buff/cache",
            f"MiB Swap:   2048.0 total,   2048.0 free,      0.0 used. {free + cache:8.1f}"
            " avail Mem",
            "",
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
        ]
        rows = [
            f"{p.pid:7d} {p.user:<8.8} {20 + p.nice:>3d} {p.nice:3d} {p.virt:7d} {p.res:6d}"
            f" {p.shr:6d} {'R' if p.cpu > 5 else 'S'} {p.cpu:5.1f} {p.mem:5.1f}"
            f" {_time_plus(p.time):>9} {p.command}"
            for p in busy
        ]
        return [line[:width] for line in (head + rows)[:height]]


class BossScreen(Screen[None]):
    """The boss page over everything; the app's boss key (F9) closes it again."""

    CSS_PATH = SCREENS_CSS

    def __init__(
        self, seed: int | None = None, now: Callable[[], dt.datetime] | None = None
    ) -> None:
        """`seed`, `now`: the same page and clock every time (for a snapshot)."""
        super().__init__()
        self.page = BossPage(random.Random(seed), now or dt.datetime.now)
        self._ticking = now is None

    def compose(self) -> ComposeResult:
        yield Plain(id="boss-page")

    def on_mount(self) -> None:
        self.show_page()
        if self._ticking:
            self.set_interval(REFRESH_SECONDS, self._refresh_page)

    def on_resize(self) -> None:
        self.show_page()

    def _refresh_page(self) -> None:
        self.page.tick()
        self.show_page()

    def show_page(self) -> None:
        width, height = self.app.size
        self.query_one("#boss-page", Plain).update("\n".join(self.page.lines(width, height)))
