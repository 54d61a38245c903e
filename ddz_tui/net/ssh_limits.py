"""How many connections the SSH door holds at once, in all and from one source.

Every SSH session runs a child process of its own (tens of MB), so whoever can reach
the port could otherwise open sessions until the machine runs out of memory or
processes. The door holds a place for each connection from the moment it is accepted
(before any key exchange or login) until it is closed and its game is over; a
connection that finds no place is turned away at once (`Places.take`).
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from dataclasses import dataclass
from enum import Enum

DEFAULT_MAX_SESSIONS = 64  # connections (so games) the door holds at once
DEFAULT_MAX_PER_ADDRESS = 4  # of them from one source (see `source_of`)
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

    @property
    def message(self) -> str:
        """The i18n key of what the refused client is told."""
        return {Crowding.ADDRESS: "ssh.too_many_from_address", Crowding.FULL: "ssh.full"}[self]


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
