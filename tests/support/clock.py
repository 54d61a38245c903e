"""A clock the test moves: a `TableHost` given one waits for nothing real, and its
timers (the turn timer, a dropped player's grace, the bots' delay) run when the test
says the time has come, in the order they fall due."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from ddz_tui.table.host import TableHost


@dataclass(order=True)
class _Timer:
    when: float
    order: int  # the order of calls for the same time: first set, first run
    callback: Callable[[], object] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)
    fired: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A `Clock` whose time moves only by `advance`. Starts at 0."""

    def __init__(self) -> None:
        self._now = 0.0
        self._timers: list[_Timer] = []
        self._order = itertools.count()
        self.sleepers = 0  # coroutines sleeping on this clock now
        self._sleep_watchers: list[asyncio.Future[None]] = []

    def now(self) -> float:
        return self._now

    def call_later(self, delay: float, callback: Callable[[], object]) -> _Timer:
        timer = _Timer(self._now + max(0.0, delay), next(self._order), callback)
        heapq.heappush(self._timers, timer)
        return timer

    async def sleep(self, delay: float) -> None:
        if delay <= 0:
            await asyncio.sleep(0)
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            self.sleepers -= 1  # at once: the sleeper no longer waits on the clock
            if not woken.done():  # not cancelled meanwhile
                woken.set_result(None)

        timer = self.call_later(delay, wake)
        self.sleepers += 1
        for watcher in self._sleep_watchers:
            if not watcher.done():
                watcher.set_result(None)
        self._sleep_watchers.clear()
        try:
            await woken
        finally:
            if not timer.fired:  # cancelled while it slept
                timer.cancel()
                self.sleepers -= 1

    async def sleeping(self) -> None:
        """Return once a coroutine sleeps on this clock."""
        while not self.sleepers:
            watcher = asyncio.get_running_loop().create_future()
            self._sleep_watchers.append(watcher)
            await watcher

    @property
    def pending(self) -> list[float]:
        """When the timers still to run fall due, soonest first."""
        return sorted(t.when for t in self._timers if not t.cancelled)

    def advance(self, seconds: float) -> None:
        """Move the time on by `seconds`, running each timer that falls due on the way
        (those the callbacks set too), in order, at its own time. A sleeper woken here
        goes on when the test next yields to the event loop."""
        end = self._now + seconds
        while self._timers and self._timers[0].when <= end:
            timer = heapq.heappop(self._timers)
            if not timer.cancelled:
                self._now = timer.when
                timer.fired = True
                timer.callback()
        self._now = end

    def advance_to_next(self) -> None:
        """Move the time to the soonest timer, and run it (and any due with it)."""
        self.advance(self.pending[0] - self._now)


async def settle(host: TableHost, clock: ManualClock) -> None:
    """`host.settled()` at a table whose bots wait `bot_delay` by `clock`: whenever the
    bots wait on the clock (not while one decides), the time moves on to the soonest
    timer, the bots' or any other (a grace), as real time would."""
    settled = asyncio.ensure_future(host.settled())
    while not settled.done():
        sleeping = asyncio.ensure_future(clock.sleeping())
        await asyncio.wait({settled, sleeping}, return_when=asyncio.FIRST_COMPLETED)
        if sleeping.done():
            clock.advance_to_next()
        else:
            sleeping.cancel()
    await settled


async def time_out_to_the_end(host: TableHost, clock: ManualClock) -> None:
    """Let the turn timer act for the people at each of their turns until the game ends
    (bots that act at once, `bot_delay` 0)."""
    await host.settled()
    while host.playing:
        assert host.turn_timeout is not None
        assert clock.pending == [clock.now() + host.turn_timeout], "only the turn timer runs"
        clock.advance(host.turn_timeout)
        await host.settled()
