"""One seat at a table as the table screen plays it: `TableClient`, `SharedTable` (a
table other players share) and `LocalTable` (a seat at a `TableHost` in this process).
The network's `RemoteTable` is the other `TableClient`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ddz_tui.engine import Action
from ddz_tui.engine.events import Left
from ddz_tui.table.chat import ChatListener, QuickPhrase
from ddz_tui.table.host import TableHost
from ddz_tui.table.keeping import left_now
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

    async def act(self, action: Action) -> None:
        """Take `action` at this seat (a bid, an answer, a play or a pass)."""
        ...

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


@runtime_checkable
class Chatting(Protocol):
    """A seat that can chat at its table (`table.chat`): say a quick phrase or the
    player's own words (ChatRefused, an `ActionRefused`, says why not), and hear every
    line said there. `LocalTable` and the network's `RemoteTable` are one."""

    def subscribe_chat(self, listener: ChatListener) -> Callable[[], None]: ...

    async def say(self, phrase: QuickPhrase | None = None, text: str | None = None) -> None: ...


class LocalTable:
    """A seat at a `TableHost` in this process: a game against bots.

    on_leave: what getting up mid-game costs (`keeping.keep_local_games`: the game is
    kept, lost); None for a table whose games are not kept."""

    def __init__(
        self, host: TableHost, seat: int = 0, on_leave: Callable[[], None] | None = None
    ) -> None:
        self.host = host
        self.seat = seat
        self.on_leave = on_leave

    def leaving(self) -> Left | None:
        """What getting up now costs, as the game would be kept (lost); None when it
        costs nothing: no game on, or this table's games are not kept."""
        return None if self.on_leave is None else left_now(self.host, self.seat)

    def leave(self) -> None:
        """The player gets up, the game unfinished (once they have said yes to it)."""
        if self.on_leave is not None and self.host.playing:
            self.on_leave()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self.host.subscribe(self.seat, listener)

    async def act(self, action: Action) -> None:
        self.act_here(action)

    def act_here(self, action: Action) -> None:
        """`act`, done before this returns: the host is in this process, so a screen
        needs no task (a worker, some half a millisecond a move) to wait for it."""
        self.host.act(self.seat, action)

    async def takeover(self, on: bool) -> None:
        self.host.set_takeover(self.seat, on)

    def subscribe_chat(self, listener: ChatListener) -> Callable[[], None]:
        return self.host.chat.subscribe(listener)

    async def say(self, phrase: QuickPhrase | None = None, text: str | None = None) -> None:
        self.host.chat.say(self.seat, phrase, text)

    async def next_game(self) -> None:
        self.host.new_game()

    async def close(self) -> None:
        await self.host.close()
