"""Token buckets: how a connection is kept from flooding the server, and a flood of
refusals from flooding the log."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable


class TokenBucket:
    """Allows `rate` messages a second on average and bursts of up to `burst`."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        """Take a token if there is one."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


class ThrottledLog:
    """Info lines at most as fast as a token bucket allows (`burst` at once, then `rate`
    a second). The lines held back are counted, and the count is logged in one line
    `1 / rate` seconds after the first of them: a flood is a handful of lines, and
    none of it goes unmentioned."""

    def __init__(
        self,
        logger: logging.Logger,
        what: str,
        rate: float = 0.2,
        burst: int = 10,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._logger = logger
        self._what = what  # what the lines are about, plural: "SSH connections refused"
        self._bucket = TokenBucket(rate, burst, clock)
        self._held = 0

    def info(self, message: str, *args: object) -> None:
        if self._bucket.allow():
            self._logger.info(message, *args)
            return
        self._held += 1
        if self._held == 1:
            asyncio.get_running_loop().call_later(1 / self._bucket.rate, self._say_held)

    def _say_held(self) -> None:
        self._logger.info("%d more %s (not logged one by one)", self._held, self._what)
        self._held = 0
