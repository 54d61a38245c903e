"""One seat at a table as the table screen plays it: `TableClient`, `SharedTable` (a
table other players share) and `LocalTable` (a seat at a `TableHost` in this process).
The network's `RemoteTable` is the other `TableClient`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ddz_tui.cards import Card
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import Listener


class TableClient(Protocol):
    """One seat at a table, as the table screen plays it: locally or over the network.

    Actions are coroutines that raise `ActionRefused` (a code and a message: the
    game's `IllegalAction`, or a server's refusal) when refused, leaving the game as
    it was. `listener` gets a `TableState` after every
    change at the table (and once on subscribing).
    """

    seat: int

    def subscribe(self, listener: Listener) -> Callable[[], None]: ...

    async def bid(self, bid: int) -> None: ...

    async def call(self, take: bool) -> None:
        """叫地主, or not."""
        ...

    async def grab(self, take: bool) -> None:
        """抢地主, or not."""
        ...

    async def show(self, show: bool) -> None:
        """明牌 (the landlord), or not."""
        ...

    async def double(self, double: bool) -> None:
        """加倍, or not."""
        ...

    async def play(self, cards: Sequence[Card]) -> None: ...

    async def pass_turn(self) -> None: ...

    async def next_game(self) -> None:
        """Deal the next game (locally at once; on a server, once every seat is ready)."""
        ...

    async def close(self) -> None: ...


@runtime_checkable
class SharedTable(TableClient, Protocol):
    """A seat at a table that other players share: the deal waits until every seat
    is ready, and empty seats can be given to bots. `title` names the table."""

    title: str

    async def ready(self, ready: bool = True) -> None: ...

    async def fill(self, level: str) -> None: ...


@runtime_checkable
class Takeover(Protocol):
    """A seat its player can hand to a bot and take back (托管): the bot plays it
    until `takeover(False)`. The seat's `SeatInfo.takeover` says which it is. Both
    `LocalTable` and the network's `RemoteTable` are one."""

    async def takeover(self, on: bool) -> None: ...


class LocalTable:
    """A seat at a `TableHost` in this process: a game against bots."""

    def __init__(self, host: TableHost, seat: int = 0) -> None:
        self.host = host
        self.seat = seat

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self.host.subscribe(self.seat, listener)

    async def bid(self, bid: int) -> None:
        self.host.bid(self.seat, bid)

    async def call(self, take: bool) -> None:
        self.host.call(self.seat, take)

    async def grab(self, take: bool) -> None:
        self.host.grab(self.seat, take)

    async def show(self, show: bool) -> None:
        self.host.show(self.seat, show)

    async def double(self, double: bool) -> None:
        self.host.double(self.seat, double)

    async def takeover(self, on: bool) -> None:
        self.host.set_takeover(self.seat, on)

    async def play(self, cards: Sequence[Card]) -> None:
        self.host.play(self.seat, list(cards))

    async def pass_turn(self) -> None:
        self.host.pass_turn(self.seat)

    async def next_game(self) -> None:
        self.host.new_game()

    async def close(self) -> None:
        await self.host.close()
