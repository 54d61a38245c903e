"""Where a table's bot decisions run: in a thread of this process, or in a pool of
worker processes.

A bot's search holds the GIL: in a thread it takes the event loop's time, which is
fine for one player's local game and not for a server, where 40 tables of hard bots
made other tables' players wait half a second for their own moves. A server sends the
hard bots' searches to worker processes, so that its loop only does I/O and rules.

What crosses to a worker is the bot and the view, both small and picklable. The hard
bot may be copied there for each decision: it decides from its seed and the view
alone (its generator is seeded per decision from both), so a copy decides exactly as
the original would, and no worker needs to remember a bot. The other levels answer
in a millisecond, and the random bot carries its generator from one decision to the
next, so they stay in this process: at once in the classic game, in a thread under 癞子
(`ThreadDecider`).

The hard bot's budget counts from when its table asked, not from when a worker took
the decision up: a player waits about the budget for a bot's move however busy the
pool is. A decision that waited long in the queue searches less (with no time left,
it plays the normal policy's pick), which is how the hard bot already plays on a
machine too busy for its fixed work.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Protocol

from ddz_tui.bots import Bot
from ddz_tui.bots.hard import HardBot
from ddz_tui.bots.runner import decide
from ddz_tui.engine import Action, Play, PlayerView
from ddz_tui.rules import BY_CARDS, Combo

log = logging.getLogger(__name__)

WORKER_NICENESS = 5
"""How much lower the workers' scheduling priority is than the server's: with as many
workers as cores, the loop still gets a core the moment a player's message arrives."""


class Decider(Protocol):
    """Runs bot decisions off the event loop."""

    async def decide(self, bot: Bot, view: PlayerView) -> Action:
        """The bot's answer at the view (raises what the bot raised)."""
        ...

    async def close(self) -> None:
        """Stop whatever runs decisions; no decision is asked for afterwards."""
        ...


class ThreadDecider:
    """Each decision in a thread of this process (the local game's way), or at once
    where it is quick: the easy, normal and random bots of the classic game answer in a
    millisecond at most (normal: median 0.07, max ~1.8 ms), less than the crossing to a
    thread and back costs (~0.2 ms of CPU: the thread woken, the interpreter handed
    over, the loop woken by its pipe); the hard bot's search and the 癞子 game's (normal:
    p99 ~13 ms) go to the thread, whose switches let the loop draw meanwhile."""

    async def decide(self, bot: Bot, view: PlayerView) -> Action:
        if is_quick(bot, view):
            return decide(bot, view)
        return await asyncio.to_thread(decide, bot, view)

    async def close(self) -> None:
        pass


def is_quick(bot: Bot, view: PlayerView) -> bool:
    """The bot answers the view in a millisecond or so (see `ThreadDecider`)."""
    return not isinstance(bot, HardBot) and not view.rules.laizi


THREADS = ThreadDecider()


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class ProcessDecider:
    """Hard bots' decisions in a pool of `workers` processes (started on the first
    one), the others in threads. When a worker dies the pool is replaced: the
    decisions it held fail (their tables make a fallback move) and later ones go to
    the new pool."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("a pool needs at least one worker")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._lifeline: tuple[Connection, Connection] | None = None  # the pool's, see below
        self._closed = False

    async def decide(self, bot: Bot, view: PlayerView) -> Action:
        if not isinstance(bot, HardBot):
            return await THREADS.decide(bot, view)
        pool = self._running_pool()
        loop = asyncio.get_running_loop()
        try:
            action = await loop.run_in_executor(pool, _decide_by, bot, view, time.time())
        except BrokenProcessPool:
            self._replace(pool)
            raise
        # the rule book's own Combo, not the copy the worker sent back
        if isinstance(action, Play) and isinstance(action.cards, Combo):
            return Play(BY_CARDS[action.cards.cards])
        return action

    def _running_pool(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the bot workers are shut down")
        if self._pool is None:
            context = _start_context()
            # Each worker holds the reading end and leaves when this process's end
            # closes, however it closes: workers never outlive a server that was killed.
            self._lifeline = context.Pipe(duplex=False)
            # multiprocessing starts its resource tracker here, handing it sys.stderr's
            # descriptor: in the app (`ddz host`) Textual has put an object with none
            # (-1) in its place, and the start would fail.
            with contextlib.redirect_stderr(sys.__stderr__ or sys.stderr):
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=context,
                    initializer=_worker_started,
                    initargs=(self._lifeline[0],),
                )
        return self._pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Drop a broken pool, once however many decisions it failed."""
        if self._pool is broken:
            log.error("a bot worker process died; starting new ones")
            self._pool = None
            broken.shutdown(wait=False, cancel_futures=True)
            self._cut_lifeline()

    async def close(self) -> None:
        """Cancel waiting decisions and wait for the workers to exit."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
        self._cut_lifeline()

    def _cut_lifeline(self) -> None:
        """Any worker of the pool that is still there leaves."""
        if self._lifeline is not None:
            for end in self._lifeline:
                end.close()
            self._lifeline = None


def _start_context() -> multiprocessing.context.BaseContext:
    """Workers start from a clean process, never by forking the server: a fork copies
    its threads' locks in whatever state they are (bot threads, the loop's executor),
    and a child can hang on one. The fork server starts each worker from a small
    process that has no other threads; where there is none, a fresh interpreter."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def _decide_by(bot: HardBot, view: PlayerView, asked: float) -> Action:
    """In a worker: the decision, with the time it waited in the queue taken from the
    budget (`asked` is wall-clock time: comparable between processes)."""
    if bot.budget is not None:
        waited = min(max(0.0, time.time() - asked), bot.budget)
        bot.budget -= waited  # the worker's own copy
    return decide(bot, view)


def _worker_started(lifeline: Connection) -> None:
    """A worker leaves Ctrl-C to the server (which shuts the pool down), gives way to
    the server's loop, and leaves when the server's end of `lifeline` closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_leave_with_server, args=(lifeline,), daemon=True).start()


def _leave_with_server(lifeline: Connection) -> None:
    """Wait for the end of the line (nothing is ever sent on it), then exit at once."""
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv_bytes()
    os._exit(0)
