"""Where bot decisions run: hard bots in worker processes for a server, the rest in
threads; a worker that dies is replaced and its table goes on."""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from ddz_tui.bots.deciders import THREADS, ProcessDecider, cores
from ddz_tui.bots.hard import HardBot
from ddz_tui.bots.normal import NormalBot
from ddz_tui.bots.runner import decide
from ddz_tui.engine import Game, LandlordMode, MakeBid, Phase, PlayerView, Rules
from ddz_tui.rules import BY_CARDS, Combo
from ddz_tui.table import host as table_module
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind
from tests.support.loopback import clients, running


def _views(seed: int = 2) -> list[PlayerView]:
    """Every decision's view of a game the normal bots play."""
    game = Game(seed, LandlordMode.BID)
    bots = [NormalBot() for _ in range(3)]
    views = []
    while game.phase is not Phase.OVER:
        view = game.view(game.turn)
        views.append(view)
        game.act(game.turn, decide(bots[game.turn], view))
    return views


def _exact() -> HardBot:
    """A hard bot with no time limit: what it decides depends on nothing but its seed."""
    return HardBot(seed=9, budget=None, samples=4)


class CrashOnce(HardBot):
    """A hard bot that kills the worker it runs in, the first time only (a file says it
    did: each decision runs on a fresh copy of the bot)."""

    def __init__(self, marker: Path, seed: int | None = None) -> None:
        super().__init__(seed, budget=0.05)
        self.marker = marker

    def choose(self, view: PlayerView) -> Combo | None:
        self._crash_once()
        return super().choose(view)

    def bid(self, view: PlayerView) -> int:
        self._crash_once()
        return super().bid(view)

    def _crash_once(self) -> None:
        if not self.marker.exists():
            self.marker.touch()
            os._exit(3)


class Where(HardBot):
    """A hard bot that writes down the process it decided in."""

    def __init__(self, notes: Path) -> None:
        super().__init__(1, budget=None, samples=1)
        self.notes = notes

    def bid(self, view: PlayerView) -> int:
        self.notes.write_text(str(os.getpid()))
        return 0


class Counting:
    """A bot that is not the hard bot: counts its decisions (in this process, or not)."""

    def __init__(self) -> None:
        self.pids: list[int] = []

    def choose(self, view: PlayerView) -> Combo | None:
        self.pids.append(os.getpid())
        return view.legal_plays[0] if view.leads else None

    def bid(self, view: PlayerView) -> int:
        self.pids.append(os.getpid())
        return 0


def test_what_crosses_to_a_worker_is_small_and_decides_the_same() -> None:
    bot = _exact()
    for view in _views()[::7]:
        sent = pickle.dumps((bot, view))
        assert len(sent) < 4096
        copy, same_view = pickle.loads(sent)
        assert same_view == view and same_view.legal_plays == view.legal_plays
        assert decide(copy, same_view) == decide(bot, view)


async def test_the_pool_decides_as_the_hard_bot_would_here() -> None:
    decider = ProcessDecider(1)
    try:
        bot = _exact()
        for view in _views()[::5]:
            choice = await decider.decide(bot, view)
            assert choice == decide(bot, view)
            if isinstance(choice, Combo):
                assert choice is BY_CARDS[choice.cards], "the rule book's own play"
    finally:
        await decider.close()


async def test_the_other_levels_decide_in_threads_of_this_process() -> None:
    decider = ProcessDecider(1)
    bot = Counting()
    for view in _views()[:4]:
        await decider.decide(bot, view)
    assert bot.pids == [os.getpid()] * 4, "the bot itself decided, here"
    assert decider._pool is None, "no worker was started for them"
    await decider.close()


async def test_a_hard_decision_that_waited_in_the_queue_searches_for_less() -> None:
    """Its budget counts from when the table asked: asked a budget ago, the bot plays
    the normal policy's pick at once (what a search with no time left plays)."""
    from ddz_tui.bots.deciders import _decide_by

    view = next(v for v in _views() if v.phase is Phase.PLAYING and len(v.legal_plays) > 3)
    bot = HardBot(seed=4, budget=30.0)
    loop = asyncio.get_running_loop()
    started = loop.time()
    choice = _decide_by(bot, view, asked=time.time() - 30.0)
    assert loop.time() - started < 5.0, "no 30 s search"
    assert choice == decide(NormalBot(), view)
    assert bot.budget == 0.0 and bot.cut_short == 1


async def test_a_worker_that_dies_is_logged_and_replaced(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    decider = ProcessDecider(1)
    bot = CrashOnce(tmp_path / "crashed")
    view = _views()[0]
    try:
        with pytest.raises(BrokenProcessPool):
            await decider.decide(bot, view)
        assert any("worker process died" in r.getMessage() for r in caplog.records)
        assert await decider.decide(bot, view) in view.legal_actions(), "a new pool decides"
    finally:
        await decider.close()


async def test_a_table_goes_on_when_its_bots_worker_dies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    marker = tmp_path / "crashed"
    monkeypatch.setattr(table_module, "make_bot", lambda level, seed=None: CrashOnce(marker, seed))
    decider = ProcessDecider(2)
    seats = [SeatInfo(name, SeatKind.BOT, "hard") for name in "abc"]
    host = TableHost(seats, bot_delay=0, seed=5, decider=decider)
    try:
        host.new_game()
        await asyncio.wait_for(host.settled(), 120)
        assert host.game.phase is Phase.OVER and host.games == 1
    finally:
        await host.close()
        await decider.close()
    assert marker.exists()
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("worker process died" in m for m in logged)
    assert any("fallback move" in m for m in logged)


def _running(pid: int) -> bool:
    """Is the process there and not a zombie waiting to be reaped?"""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def _gone(pid: int, seconds: float = 20.0) -> bool:
    """Wait (bounded) for the process to end."""
    for _ in range(int(seconds / 0.05)):
        if not _running(pid):
            return True
        time.sleep(0.05)
    return False


async def test_closing_the_decider_ends_its_workers(tmp_path: Path) -> None:
    decider = ProcessDecider(1)
    notes = tmp_path / "pid"
    assert await decider.decide(Where(notes), _views()[0]) == MakeBid(0)
    worker = int(notes.read_text())
    assert worker != os.getpid() and _running(worker)
    await decider.close()
    assert _gone(worker)
    with pytest.raises(RuntimeError):
        await decider.decide(Where(notes), _views()[0])


KILLED_SERVER = """
import asyncio, os, signal, sys
from pathlib import Path
from ddz_tui.bots.deciders import ProcessDecider
from tests.bots.test_deciders import Where, _views

async def main():
    decider = ProcessDecider(1)
    await decider.decide(Where(Path(sys.argv[1])), _views()[0])
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def test_workers_leave_when_their_server_is_killed(tmp_path: Path) -> None:
    """No clean shutdown at all (SIGKILL): the workers notice and exit."""
    notes = tmp_path / "pid"
    root = Path(__file__).resolve().parents[2]
    server = subprocess.run(
        [sys.executable, "-c", KILLED_SERVER, str(notes)], cwd=root, timeout=60, check=False
    )
    assert server.returncode == -signal.SIGKILL
    worker = int(notes.read_text())
    assert _gone(worker), "the worker outlived its server"


async def test_a_server_sends_its_hard_bots_to_its_workers() -> None:
    async with running(bot_workers=0) as server:
        assert server.decider is THREADS
    async with running(bot_workers=None) as server:
        assert isinstance(server.decider, ProcessDecider) and server.decider.workers == cores()
    async with running(bot_workers=1) as server:
        decider = server.decider
        assert isinstance(decider, ProcessDecider) and decider.workers == 1
        (ann,) = await clients(server, "ann")
        table = await ann.create(title="ann vs hard bots")
        await ann.fill("hard")
        await table.ready()
        host = server.lobby.tables[table.table_id].host
        assert host.decider is decider
        for _ in range(1200):  # bounded: until a hard bot has bid (through a worker)
            view = host.game.view(0)
            if any(seat != 0 for seat, _ in view.bids):
                break
            if view.turn == 0:
                await table.act(MakeBid(0))
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("no hard bot ever bid")
        assert decider._pool is not None
        await ann.close()
    assert decider._pool is None and decider._closed, "the server shut its workers down"


@pytest.mark.parametrize("command", ["server", "host", "serve-ssh"])
def test_bot_workers_is_an_option_of_every_server(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from ddz_tui.cli import build_parser
    from ddz_tui.cli.net import _server_config

    parser = build_parser()
    assert _server_config(parser.parse_args([command]), "h", 1).bot_workers is None
    given = parser.parse_args([command, "--bot-workers", "3"])
    assert given.bot_workers == 3 and _server_config(given, "h", 1).bot_workers == 3
    assert parser.parse_args([command, "--bot-workers", "0"]).bot_workers == 0
    for bad in ("-1", "many", "257"):
        with pytest.raises(SystemExit):
            parser.parse_args([command, "--bot-workers", bad])
        assert f"bot workers are a number from 0 to 256, not {bad}" in capsys.readouterr().err


NO_STDERR = """
import asyncio, io, sys
from ddz_tui.bots.deciders import ProcessDecider
from ddz_tui.engine import MakeBid
from tests.bots.test_deciders import _exact, _views


class Captured(io.TextIOBase):
    def write(self, text):
        return len(text)

    def fileno(self):
        return -1  # what Textual's capture of stderr answers


async def main():
    sys.stderr = Captured()
    decider = ProcessDecider(1)
    try:
        print(await decider.decide(_exact(), _views()[0]), file=sys.__stdout__)
    finally:
        await decider.close()


asyncio.run(main())
"""


def test_workers_start_inside_the_app_whose_stderr_has_no_descriptor() -> None:
    """`ddz host` runs the server in the Textual app, which replaces sys.stderr."""
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, "-c", NO_STDERR], cwd=root, timeout=60, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(decide(_exact(), _views()[0]))


class _Where(NormalBot):
    """A normal bot that notes the thread each of its decisions ran in."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[int] = []

    def bid(self, view: PlayerView) -> int:
        self.threads.append(threading.get_ident())
        return super().bid(view)

    def choose_wild(self, view: PlayerView):  # type: ignore[no-untyped-def]
        self.threads.append(threading.get_ident())
        return super().choose_wild(view)


async def test_a_quick_bot_decides_at_once_and_the_wild_game_in_a_thread() -> None:
    """The classic game's normal bot answers on the event loop (quicker than the
    crossing to a thread); under 癞子, where it may think for tens of milliseconds, and
    the hard bot always, in a thread."""
    bot = _Where()
    view = Game(4, LandlordMode.BID).view(0)
    assert isinstance(await THREADS.decide(bot, view), MakeBid)
    assert bot.threads == [threading.get_ident()]
    wild = Game(4, rules=Rules(laizi=True))
    for _ in range(20):  # the bids, then the landlord's first play, with the wild drawn
        if wild.phase is Phase.PLAYING:
            break
        wild.act(wild.turn, decide(NormalBot(), wild.view(wild.turn)))
    assert wild.view(wild.turn).wild is not None
    bot.threads.clear()
    await THREADS.decide(bot, wild.view(wild.turn))
    assert bot.threads and bot.threads[0] != threading.get_ident()
