"""Token buckets: how a connection is kept from flooding the server, and a flood of
refusals from flooding the log; and the penalty for a source that flooded."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
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


class Penalties:
    """Sources that flooded, turned away as they connect for a while: `first` seconds
    after a flood, twice as long for each further one while they are remembered (until
    `forget` seconds after their last), at most `longest`. A flooder that reconnects each
    time it is cut off then costs an accepted socket, not a handshake and thousands of
    answered pings. At most `max_kept` sources are remembered (the oldest go first)."""

    def __init__(
        self,
        first: float = 1.0,
        longest: float = 60.0,
        forget: float = 600.0,
        max_kept: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.first = first
        self.longest = longest
        self.forget = forget
        self.max_kept = max_kept
        self._clock = clock
        self._kept: dict[str, tuple[float, int]] = {}  # source: (last flood, floods)

    def punish(self, source: str) -> float:
        """A flood from `source`: the seconds it is now turned away for."""
        now = self._clock()
        last, floods = self._kept.pop(source, (now, 0))
        floods = floods + 1 if now - last < self.forget else 1
        if len(self._kept) >= self.max_kept:
            self._kept.pop(next(iter(self._kept)))
        self._kept[source] = (now, floods)
        return self._length(floods)

    def admits(self, source: str) -> bool:
        """Whether a connection from `source` may go on now."""
        kept = self._kept.get(source)
        if kept is None:
            return True
        last, floods = kept
        since = self._clock() - last
        if since >= self.forget:
            del self._kept[source]
            return True
        return since >= self._length(floods)

    def _length(self, floods: int) -> float:
        return min(self.longest, self.first * 2 ** (floods - 1))


class Guesses:
    """Wrong guesses of a secret (a private table's code) by each key (a connection, an
    address): `allowed` of them within `window` seconds, and then every guess from that
    key, right or wrong, is refused for `wait` seconds after the last wrong one. A right
    guess is never heard while refused, so waiting out the refusals is the only way on.
    At most `max_kept` keys are remembered (the oldest go first)."""

    def __init__(
        self,
        allowed: int = 5,
        window: float = 60.0,
        wait: float = 60.0,
        max_kept: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.allowed = allowed
        self.window = window
        self.wait = wait
        self.max_kept = max_kept
        self._clock = clock
        self._kept: dict[str, deque[float]] = {}  # key: its last `allowed` wrong guesses

    def wait_left(self, key: str) -> float:
        """Seconds before `key` may guess again; 0 when it may now."""
        times = self._kept.get(key)
        if times is None:
            return 0.0
        now = self._clock()
        if self._refusing(times) and now < times[-1] + self.wait:
            return times[-1] + self.wait - now
        if self._refusing(times):
            times.clear()  # waited out: a fresh start
        while times and now - times[0] >= self.window:
            times.popleft()
        if not times:
            del self._kept[key]
        return 0.0

    def wrong(self, key: str) -> None:
        """`key` guessed wrong."""
        times = self._kept.pop(key, None) or deque(maxlen=self.allowed)
        times.append(self._clock())
        if len(self._kept) >= self.max_kept:
            self._kept.pop(next(iter(self._kept)))
        self._kept[key] = times  # the most recent last

    def _refusing(self, times: deque[float]) -> bool:
        """`allowed` wrong guesses within `window`: refused."""
        return len(times) >= self.allowed and times[-1] - times[0] < self.window
