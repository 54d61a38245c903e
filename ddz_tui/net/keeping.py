"""Keeping finished network games in the history database (`ddz_tui.store`).

A game server keeps every game its tables finish (`Origin.SERVER`, no seat of its
own); a client keeps the games it played, from the record the server sends after
each game (`Origin.CLIENT`, its seat). Writing happens in a worker thread, so a busy
database never holds up the event loop; trouble with the file is reported, never
raised into the game.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from pathlib import Path

from ddz_tui.engine import Event
from ddz_tui.net.tasks import background
from ddz_tui.store import Origin, SeatRecord, Store, StoreError
from ddz_tui.table import SeatInfo, SeatKind

log = logging.getLogger(__name__)


def seat_records(seats: Sequence[SeatInfo]) -> list[SeatRecord]:
    """Who sat where, as the history keeps it: a bot with its level, a person by name."""
    return [
        SeatRecord(info.name, info.level if info.kind is SeatKind.BOT else None) for info in seats
    ]


def keep_game(
    path: Path,
    events: Sequence[Event],
    seats: Sequence[SeatInfo],
    my_seat: int | None,
    origin: Origin,
) -> int:
    """Write one finished game; its id. StoreError says what is wrong with the database."""
    with Store.open(path) as store:
        return store.record_game(events, seat_records(seats), my_seat, origin)


class GameKeeper:
    """Keeps games in the database at `path` in the background. The first failure is
    passed to `on_problem` (once); later games are still tried."""

    def __init__(
        self, path: Path, origin: Origin, on_problem: Callable[[str], None] | None = None
    ) -> None:
        self.path = path
        self.origin = origin
        self.on_problem = on_problem
        self.problem: str | None = None
        self._writing: set[asyncio.Task[None]] = set()

    def keep(
        self, events: Sequence[Event], seats: Sequence[SeatInfo], my_seat: int | None = None
    ) -> None:
        background(self._write(tuple(events), tuple(seats), my_seat), self._writing)

    async def _write(
        self, events: tuple[Event, ...], seats: tuple[SeatInfo, ...], my_seat: int | None
    ) -> None:
        try:
            await asyncio.to_thread(keep_game, self.path, events, seats, my_seat, self.origin)
        except StoreError as error:
            log.warning("a finished game was not kept: %s", error)
            if self.problem is None:
                self.problem = str(error)
                if self.on_problem is not None:
                    self.on_problem(self.problem)

    async def flush(self) -> None:
        """Wait for the games being written."""
        while self._writing:
            await asyncio.gather(*list(self._writing))
