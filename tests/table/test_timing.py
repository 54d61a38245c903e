"""The clocks a table goes by: the event loop's, and the one tests move by hand."""

from __future__ import annotations

import asyncio

from ddz_tui.table.timing import REAL_CLOCK
from tests.support.clock import ManualClock


def test_a_manual_clock_runs_what_falls_due_in_order_at_its_own_time() -> None:
    clock = ManualClock()
    ran: list[tuple[str, float]] = []

    def note(name: str):
        return lambda: ran.append((name, clock.now()))

    clock.call_later(2, note("b"))
    clock.call_later(1, note("a"))
    clock.call_later(2, note("b2"))  # the same time: in the order they were set
    clock.call_later(1.5, note("never")).cancel()
    clock.call_later(3, lambda: clock.call_later(0.5, note("set by a callback")))
    clock.advance(0.99)
    assert ran == [] and clock.now() == 0.99
    clock.advance(3)
    assert ran == [("a", 1), ("b", 2), ("b2", 2), ("set by a callback", 3.5)]
    assert clock.now() == 3.99 and clock.pending == []


async def test_a_sleeper_wakes_when_the_clock_reaches_its_time() -> None:
    clock = ManualClock()
    sleeper = asyncio.ensure_future(clock.sleep(5))
    await clock.sleeping()
    assert clock.sleepers == 1 and clock.pending == [5]
    clock.advance(4.9)
    await asyncio.sleep(0)
    assert not sleeper.done()
    clock.advance(0.1)
    assert clock.sleepers == 0
    await sleeper
    cancelled = asyncio.ensure_future(clock.sleep(1))
    await clock.sleeping()
    cancelled.cancel()
    await asyncio.gather(cancelled, return_exceptions=True)
    assert clock.sleepers == 0 and clock.pending == []


async def test_the_real_clock_is_the_event_loops() -> None:
    loop = asyncio.get_running_loop()
    assert abs(REAL_CLOCK.now() - loop.time()) < 1
    fired = asyncio.Event()
    REAL_CLOCK.call_later(0, fired.set)
    await fired.wait()
    await REAL_CLOCK.sleep(0)
