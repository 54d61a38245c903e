"""How long a table waits, and the clock it waits by: apart from the host, so that
settings and command lines can name these without loading the game.

A `TableHost` reads the time and sets every timer of its own (the turn timer, a dropped
player's grace, the bots' delay) through a `Clock`. The server and the app use
`REAL_CLOCK`, the event loop's own time; a test hands in one that it moves by hand
(`tests/support/clock.py`'s `ManualClock`), and waits for nothing.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

DEFAULT_BOT_DELAY = 0.6  # seconds a bot waits before it acts, so its play can be followed
THINK_AFTER = 0.05
"""Seconds a bot waits before it starts thinking (within its delay): the move it answers
is drawn first, where its search would hold the interpreter from the drawing thread."""
DEFAULT_GRACE = 20.0  # seconds a dropped player keeps the seat before a bot takes over
DEFAULT_TURN_SECONDS = 30.0  # the turn timer of networked tables


class Timer(Protocol):
    """A callback to come (`Clock.call_later`); cancelled, it never runs."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """The time a table goes by, in seconds."""

    def now(self) -> float:
        """The time now (only differences between two readings mean anything)."""
        ...

    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer:
        """Call `callback` on the event loop once `delay` seconds have passed."""
        ...

    async def sleep(self, delay: float) -> None:
        """Return once `delay` seconds have passed (0 or less: after a yield to the loop)."""
        ...


class LoopClock:
    """The event loop's real time: asyncio's, which `time.monotonic` measures."""

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback)

    async def sleep(self, delay: float) -> None:
        await asyncio.sleep(delay)


REAL_CLOCK: Clock = LoopClock()
