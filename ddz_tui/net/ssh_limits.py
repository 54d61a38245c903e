"""How many connections the SSH door holds at once, in all and from one source, and
how fast one source may open them.

Every SSH session runs a game (a few MB in a worker), so whoever can reach the port
could otherwise open sessions until the machine runs out of memory. The door holds a
place for each connection from the moment it is accepted (before any key exchange or
login) until it is closed and its game is over; a connection that finds no place is
turned away at once (`Places.take`), as is one from a source that opened its share of
connections in the last minute (`LoginRate.take`).
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

DEFAULT_MAX_SESSIONS = 1000  # connections (so games) the door holds at once
DEFAULT_MAX_PER_ADDRESS = 8  # of them from one source (see `source_of`)
DEFAULT_LOGINS_PER_MINUTE = 30  # connections one source may open in a minute
MAX_SOURCES_WATCHED = 100_000  # sources whose recent logins are remembered
IPV6_SHARE = 64  # prefix length of the IPv6 network one host usually has to itself


@dataclass(frozen=True)
class DoorLimits:
    """The most connections the door holds at once, in all and from one source."""

    max_sessions: int = DEFAULT_MAX_SESSIONS
    max_per_address: int = DEFAULT_MAX_PER_ADDRESS

    def __post_init__(self) -> None:
        if self.max_sessions < 1 or self.max_per_address < 1:
            raise ValueError("the door must hold at least one connection")


class Crowding(Enum):
    """Why a connection finds no place at the door."""

    ADDRESS = "address"  # its source holds max_per_address connections already
    FULL = "full"  # the door holds max_sessions connections already
    RATE = "rate"  # its source opened its share of connections in the last minute

    @property
    def message(self) -> str:
        """The i18n key of what the refused client is told."""
        return {
            Crowding.ADDRESS: "ssh.too_many_from_address",
            Crowding.FULL: "ssh.full",
            Crowding.RATE: "ssh.too_many_logins",
        }[self]


def source_of(host: str) -> str:
    """What a connection from `host` counts against: an IPv4 address (also when it
    arrives as an IPv4-mapped IPv6 one), or the /64 IPv6 network around it, since one
    host usually has a whole /64 and could otherwise take a new address per connection."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])  # a link-local scope is no help
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_SHARE), strict=False))
    return str(address)


class Places:
    """The places the door holds, taken and given back by connections, by source."""

    def __init__(self, limits: DoorLimits) -> None:
        self.limits = limits
        self._held: Counter[str] = Counter()
        self._total = 0

    def __len__(self) -> int:
        return self._total

    def held_by(self, source: str) -> int:
        return self._held[source]

    def take(self, source: str) -> Crowding | None:
        """A place for a connection from `source`; why not, if there is none."""
        if self._held[source] >= self.limits.max_per_address:
            return Crowding.ADDRESS
        if self._total >= self.limits.max_sessions:
            return Crowding.FULL
        self._held[source] += 1
        self._total += 1
        return None

    def give_back(self, source: str) -> None:
        """A connection from `source` that held a place is gone, and its game with it."""
        if self._held[source] <= 0:
            raise ValueError(f"no place held by {source}")
        self._held[source] -= 1
        if not self._held[source]:
            del self._held[source]
        self._total -= 1


class LoginRate:
    """At most `per_minute` connections from one source in any minute."""

    def __init__(
        self,
        per_minute: int = DEFAULT_LOGINS_PER_MINUTE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if per_minute < 1:
            raise ValueError("a source must be let in at least once a minute")
        self.per_minute = per_minute
        self._clock = clock
        self._recent: dict[str, deque[float]] = {}

    def take(self, source: str) -> Crowding | None:
        """Count a connection from `source`; Crowding.RATE if it is one too many."""
        now = self._clock()
        recent = self._recent.get(source)
        if recent is None:
            if len(self._recent) >= MAX_SOURCES_WATCHED:
                self._forget(now)
            recent = self._recent[source] = deque()
        while recent and now - recent[0] >= 60.0:
            recent.popleft()
        if len(recent) >= self.per_minute:
            return Crowding.RATE
        recent.append(now)
        return None

    def _forget(self, now: float) -> None:
        """Forget sources with no connection in the last minute (and, if that is not
        enough, the oldest half)."""
        for source in [s for s, times in self._recent.items() if now - times[-1] >= 60.0]:
            del self._recent[source]
        if len(self._recent) >= MAX_SOURCES_WATCHED:
            for source in list(self._recent)[: len(self._recent) // 2]:
                del self._recent[source]
