"""`RemoteTable`: a seat at a table on a game server, the `TableClient` the table screen
plays, so that a networked game plays exactly as a local one. Its actions raise
`IllegalAction` with the server's reason and message."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ddz_tui.cards import Card
from ddz_tui.engine import IllegalAction, IllegalReason
from ddz_tui.i18n import Phrase, t
from ddz_tui.net.client.errors import NetError, Refused
from ddz_tui.net.errors import ErrorReason
from ddz_tui.net.protocol import RequestType
from ddz_tui.table.host import _discard
from ddz_tui.table.seats import Listener, TableState

if TYPE_CHECKING:
    from ddz_tui.net.client.lobby import LobbyClient


class RemoteTable:
    """A seat at a table on a game server: the `TableClient` the table screen plays."""

    def __init__(
        self,
        lobby: LobbyClient,
        table_id: int,
        seat: int,
        state: TableState | None = None,
        table_title: str | None = None,
    ) -> None:
        self.lobby = lobby
        self.table_id = table_id
        self.seat = seat
        self.state = state
        self.table_title = table_title  # as the server names it, when known
        self.seated = True
        self._listeners: list[Listener] = []

    @property
    def title(self) -> str:
        """The table as the player reads it: Table 3 · ann's table."""
        number = t("net.table_number", n=self.table_id)
        return f"{number} · {self.table_title}" if self.table_title else number

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        if self.state is not None:
            listener(self.state)
        return lambda: _discard(self._listeners, listener)

    async def bid(self, bid: int) -> None:
        await self._act(RequestType.BID, bid=bid)

    async def call(self, take: bool) -> None:
        await self._act(RequestType.CALL, call=take)

    async def grab(self, take: bool) -> None:
        await self._act(RequestType.GRAB, grab=take)

    async def show(self, show: bool) -> None:
        await self._act(RequestType.SHOW, show=show)

    async def double(self, double: bool) -> None:
        await self._act(RequestType.DOUBLE, double=double)

    async def takeover(self, on: bool) -> None:
        """托管: the server's normal bot plays the seat (on), or no longer."""
        await self._act(RequestType.TAKEOVER, on=on)

    async def play(self, cards: Sequence[Card]) -> None:
        if not cards:  # as the engine says it at a local table, not the wire's check
            raise IllegalAction(IllegalReason.NOTHING_SELECTED, Phrase("illegal.nothing_selected"))
        await self._act(RequestType.PLAY, cards=[card.id for card in cards])

    async def pass_turn(self) -> None:
        await self._act(RequestType.PASS)

    async def next_game(self) -> None:
        """Say ready: the server deals once every seat is ready."""
        await self.ready(True)

    async def ready(self, ready: bool = True) -> None:
        await self._act(RequestType.READY, ready=ready)

    async def fill(self, level: str) -> None:
        await self._act(RequestType.FILL, level=level)

    async def close(self) -> None:
        """Leave the table (back to the lobby); the session stays open."""
        if self.seated and self.lobby.table is self and self.lobby.connected:
            with contextlib.suppress(NetError):
                await self.lobby.leave()
        self.seated = False

    # A refusal from the protocol rather than the game (not seated, not connected) is
    # raised as the game's IllegalAction with the protocol's ErrorReason: the table
    # screen handles both alike. IllegalAction (in the engine, below net) is typed with
    # the engine's reasons only, hence the ignores here and in `_reason`.
    async def _act(self, kind: RequestType, **args: Any) -> None:
        if not self.seated:
            raise IllegalAction(ErrorReason.NOT_SEATED, Phrase("net.error.not_seated"))  # type: ignore[arg-type]
        try:
            await self.lobby._request(kind, **args)
        except Refused as refused:
            raise IllegalAction(_reason(refused.reason), Phrase.as_is(refused.message)) from None
        except NetError as error:
            raise IllegalAction(ErrorReason.NOT_CONNECTED, Phrase.as_is(error.message)) from None  # type: ignore[arg-type]

    def _update(self, state: TableState) -> None:
        self.state = state
        for listener in list(self._listeners):
            listener(state)

    def _notice(self, text: str) -> None:
        if self.state is not None:
            self._update(replace(self.state, notice=text, thinking=None, turn_seconds=None))

    def _end(self, notice: str | None) -> None:
        """The seat is gone (left, freed by the server, connection lost for good)."""
        self.seated = False
        if notice is not None:
            self._notice(notice)


def _reason(value: str) -> IllegalReason:
    """The engine's reason when it is one, else the protocol's (both are str enums)."""
    for kind in (IllegalReason, ErrorReason):
        with contextlib.suppress(ValueError):
            return kind(value)  # type: ignore[return-value]
    return ErrorReason.INTERNAL  # type: ignore[return-value]
