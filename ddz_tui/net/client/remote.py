"""`RemoteTable`: a seat at a table on a game server, the `TableClient` the table screen
plays, so that a networked game plays exactly as a local one. Its actions raise
`TableRefused` with the server's reason and message."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ddz_tui.engine import Action, ActionRefused, IllegalReason, Play
from ddz_tui.i18n import Phrase, as_shown, t
from ddz_tui.net.checks import action_fields
from ddz_tui.net.client.errors import NetError, Refused
from ddz_tui.net.errors import ErrorReason
from ddz_tui.net.protocol import RequestType
from ddz_tui.table.chat import ChatLine, ChatListener, QuickPhrase
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
        *,
        watching: bool = False,
    ) -> None:
        self.lobby = lobby
        self.table_id = table_id
        self.seat = seat
        self.state = state
        self.table_title = table_title  # as the server names it, when known
        self.seated = True
        # a spectator: hears the public view from `seat`'s chair, acts for no one
        self.watching = watching
        self._listeners: list[Listener] = []
        self._chat_listeners: list[ChatListener] = []

    @property
    def title(self) -> str:
        """The table as the player reads it: Table 3 · ann's table."""
        number = t("net.table_number", n=self.table_id)
        return as_shown(" · ").join((number, self.table_title)) if self.table_title else number

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        if self.state is not None:
            listener(self.state)
        return lambda: _discard(self._listeners, listener)

    async def act(self, action: Action) -> None:
        if isinstance(action, Play) and not action.cards:
            # as the engine says it at a local table, not the wire's check
            raise TableRefused(IllegalReason.NOTHING_SELECTED, Phrase("illegal.nothing_selected"))
        await self._act(RequestType.ACT, action=action_fields(action))

    def subscribe_chat(self, listener: ChatListener) -> Callable[[], None]:
        self._chat_listeners.append(listener)
        return lambda: _discard(self._chat_listeners, listener)

    async def say(self, phrase: QuickPhrase | None = None, text: str | None = None) -> None:
        """A quick phrase or your own words, to everyone at the table (refused as an
        action is: the server's reason and words)."""
        said = None if phrase is None else phrase.value
        await self._act(RequestType.CHAT, phrase=said, text=text)

    def _heard(self, line: ChatLine) -> None:
        for listener in list(self._chat_listeners):
            listener(line)

    async def takeover(self, on: bool) -> None:
        """托管: the server's normal bot plays the seat (on), or no longer."""
        await self._act(RequestType.TAKEOVER, on=on)

    async def next_game(self) -> None:
        """Say ready: the server deals once every seat is ready."""
        await self.ready(True)

    async def ready(self, ready: bool = True) -> None:
        await self._act(RequestType.READY, ready=ready)

    async def fill(self, level: str) -> None:
        await self._act(RequestType.FILL, level=level)

    async def close(self) -> None:
        """Leave the table, or stop watching it (back to the lobby); the session stays
        open."""
        if self.seated and self.lobby.table is self and self.lobby.connected:
            with contextlib.suppress(NetError):
                await self.lobby.leave()
        self.seated = False

    async def _act(self, kind: RequestType, **args: Any) -> None:
        if not self.seated:
            raise TableRefused(ErrorReason.NOT_SEATED, Phrase("net.error.not_seated"))
        if self.watching:  # said here: the server would refuse it as well
            reason = ErrorReason.WATCHING if kind is RequestType.CHAT else ErrorReason.NOT_SEATED
            words = "net.error.watching" if kind is RequestType.CHAT else "net.error.not_seated"
            raise TableRefused(reason, Phrase(words))
        try:
            await self.lobby._request(kind, **args)
        except Refused as refused:
            raise TableRefused(_reason(refused.reason), Phrase.as_is(refused.message)) from None
        except NetError as error:
            raise TableRefused(ErrorReason.NOT_CONNECTED, Phrase.as_is(error.message)) from None

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


class TableRefused(ActionRefused):
    """An action refused at a server's table: by its game (an `IllegalReason`, in the
    server's words for this player) or by the server itself (an `ErrorReason`: not
    seated, not connected, ...). The table screen handles both as it does a local
    game's `IllegalAction`."""

    def __init__(self, reason: IllegalReason | ErrorReason, phrase: Phrase) -> None:
        super().__init__(reason.value, phrase)
        self.reason = reason


def _reason(value: str) -> IllegalReason | ErrorReason:
    """The engine's reason when it is one, else the protocol's."""
    with contextlib.suppress(ValueError):
        return IllegalReason(value)
    with contextlib.suppress(ValueError):
        return ErrorReason(value)
    return ErrorReason.INTERNAL
