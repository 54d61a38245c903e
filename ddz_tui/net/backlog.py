"""What the server holds for a peer that reads slowly or not at all: bounded in bytes
and in time.

Two places fill up when a peer stops reading. Our `Outbox` holds the messages its
writer has not handed on yet; the transport's write buffer holds what was handed on
and not yet taken by the peer's socket, and websockets writes the pongs to a peer's
pings there too, without waiting. `GuardedConnection` counts both (`queued`) and
ends a connection that holds more than its bound, or whose write buffer stays over
the high-water mark for `drain_timeout` seconds: it aborts the transport, since a
close frame would wait behind the very bytes that do not drain (and so would the
keepalive's ping). A flood ends at once too (`end_flood`): nothing more is read or
answered, and the peer has a moment to take its last replies and hear why.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import Close, CloseCode, Frame, Opcode

log = logging.getLogger(__name__)

FLOODING = "flooding"  # the close reason, and why a connection was cut off
FLOOD_FLUSH = 2.0  # seconds a flooder has to take its last replies before it is cut
CLOSE_FLOODING = Frame(
    Opcode.CLOSE, Close(CloseCode.POLICY_VIOLATION, FLOODING).serialize()
).serialize(mask=False, extensions=[])


@dataclass(eq=False)
class _Entry:
    data: bytes


class Outbox:
    """Messages waiting for one peer, in order, counted in bytes. A lobby push that
    is still waiting gives way to a newer one, which goes last: the lobby is a state,
    and a slow reader needs only the latest (which also says all the older one did)."""

    def __init__(self) -> None:
        self._entries: deque[_Entry] = deque()
        self._lobby: _Entry | None = None  # the lobby push still waiting, if any
        self._filled = asyncio.Event()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def lobby_waiting(self) -> bool:
        """Whether a lobby push waits unsent (a newer one would take its place)."""
        return self._lobby is not None

    def put(self, data: bytes, lobby: bool = False) -> None:
        if lobby and self._lobby is not None:
            self._entries.remove(self._lobby)
            self.bytes -= len(self._lobby.data)
        entry = _Entry(data)
        self._entries.append(entry)
        self.bytes += len(data)
        if lobby:
            self._lobby = entry
        self._filled.set()

    async def get(self) -> bytes:
        while not self._entries:
            self._filled.clear()
            await self._filled.wait()
        entry = self._entries.popleft()
        if entry is self._lobby:
            self._lobby = None
        self.bytes -= len(entry.data)
        return entry.data

    def take_all(self) -> list[bytes]:
        """Everything waiting, in order, taken out."""
        taken = [entry.data for entry in self._entries]
        self.clear()
        return taken

    def clear(self) -> None:
        """Forget everything waiting (the connection is closing: none of it will go)."""
        self._entries.clear()
        self._lobby = None
        self.bytes = 0


class GuardedConnection(ServerConnection):
    """A server connection that cannot hold more than `max_queued` bytes for its peer
    (its outbox included) nor wait more than `drain_timeout` seconds for the peer to
    take them. `on_ping` hears each ping the peer sends (to count it against the
    rate limit); `cut_off` says why the guard ended the connection, if it did.
    `admits(host)` says whether a peer may connect at all: one that may not is cut off
    as it connects, before its handshake is read."""

    def __init__(
        self,
        *args: Any,
        max_queued: int,
        drain_timeout: float,
        admits: Callable[[str], bool] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.max_queued = max_queued
        self.drain_timeout = drain_timeout
        self.admits = admits
        self.outbox = Outbox()
        self.on_ping: Callable[[], object] | None = None
        self.cut_off: str | None = None
        self._stalled: asyncio.TimerHandle | None = None

    @property
    def buffered(self) -> int:
        """Bytes in the transport's write buffer: written for the peer, not yet taken."""
        return self.transport.get_write_buffer_size()

    @property
    def queued(self) -> int:
        """All the bytes held for the peer: the outbox and the write buffer."""
        return self.outbox.bytes + self.buffered

    def has_room(self, size: int) -> bool:
        return self.queued + size <= self.max_queued

    def abort(self, why: str) -> None:
        """End the connection at the transport, at once: nothing more is written."""
        if self.cut_off is None:
            self.cut_off = why
            log.warning("cutting off %s: %s", self.remote_address, why)
        self.outbox.clear()
        self.transport.abort()

    def end_flood(self) -> None:
        """The peer floods: read and answer nothing more, and end the connection now,
        not after a closing handshake that would go on answering its pings. It gets the
        replies already waiting for it and hears why (1008 "flooding"), if it takes them
        within FLOOD_FLUSH; then, if it has not closed its end, the connection is
        aborted."""
        if self.cut_off is not None:
            return
        self.transport.pause_reading()
        self.cut_off = FLOODING
        log.warning("cutting off %s: %s", self.remote_address, FLOODING)
        for data in self.outbox.take_all():  # its answers so far (bounded), then why
            self.transport.write(Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[]))
        self.transport.write(CLOSE_FLOODING)
        if self.transport.can_write_eof():
            self.transport.write_eof()  # closing with its bytes unread would reset the
            # connection, and the peer could lose the close frame: it closes, or is cut
        else:  # pragma: no cover (TLS; the server speaks plain TCP)
            self.transport.close()
        self.loop.call_later(FLOOD_FLUSH, self.transport.abort)

    # --- asyncio.Protocol ------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        if self.admits is not None and peer and not self.admits(str(peer[0])):
            self.cut_off = "turned away"
            self.transport.abort()

    def pause_writing(self) -> None:
        super().pause_writing()
        self._stalled = self.loop.call_later(
            self.drain_timeout, self.abort, f"nothing read for {self.drain_timeout:g} s"
        )

    def resume_writing(self) -> None:
        super().resume_writing()
        self._stop_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        self.outbox.clear()
        super().connection_lost(exc)

    def eof_received(self) -> None:
        if self.cut_off is not None:
            self.transport.close()  # the flooder has closed too: done
            return
        super().eof_received()

    def data_received(self, data: bytes) -> None:
        if self.cut_off is not None:
            return  # what arrived with the flood, or before the turned-away peer was cut
        super().data_received(data)  # answers pings: their pongs are written here
        if self.queued > self.max_queued and not self.transport.is_closing():
            self.abort(f"over {self.max_queued} bytes waiting to be read")

    def process_event(self, event: Any) -> None:
        if self.cut_off is not None:
            return  # the rest of the chunk a flood was found in
        super().process_event(event)  # the opening handshake's request is an event too
        if isinstance(event, Frame) and event.opcode is Opcode.PING and self.on_ping:
            self.on_ping()

    def _stop_timer(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None
