"""Keeping finished games, for whatever runs tables: the app, and a game server.

`History` holds the store in a thread of its own (or one it shares with other
players' histories in the same process), so the event loop never waits on the disk
(a busy database may take seconds to give up). The first trouble with the database
turns history off for the rest of the session and is reported once, through
`on_problem`; play goes on regardless. Whatever runs a table records each finished
game with `History.record`, giving its seats as `SeatRecord`s (`ddz_tui.table.keeping`
does it for a `TableHost`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ddz_tui.i18n import Phrase
from ddz_tui.records.errors import StoreError

if TYPE_CHECKING:
    from ddz_tui.engine import Event
    from ddz_tui.records.store import Origin, SeatRecord, Store

T = TypeVar("T")


def with_profile_name(
    seats: Sequence[SeatRecord], my_seat: int | None, my_name: str | None
) -> list[SeatRecord]:
    """Who sat where, as kept: `my_name` (the profile's) for the local player when set."""
    return [
        replace(record, name=my_name, label=None) if seat == my_seat and my_name else record
        for seat, record in enumerate(seats)
    ]


def history_thread() -> ThreadPoolExecutor:
    """The one thread a store is used from (sqlite3 connections stay in the thread that
    made them), for one history or for many."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="ddz-history")


class History:
    """The store, used from an asyncio event loop. Every method may be called while
    history is off: reads raise StoreError (with the reason), writes do nothing."""

    def __init__(
        self,
        path: Path,
        on_problem: Callable[[str], None] | None = None,
        thread: ThreadPoolExecutor | None = None,
    ) -> None:
        """`thread`: a one-thread executor to share (many players' histories in one
        process, as at the SSH door: one thread, not one each); default, its own."""
        self.path = path
        self.on_problem = on_problem
        self.problem: str | None = None  # why history is off
        self.profile_name: str | None = None
        self._store: Store | None = None
        self._owns_thread = thread is None
        self._thread = thread or history_thread()
        self._opening: Future[None] | None = None  # opened when first used
        self._writes: set[asyncio.Task[int | None]] = set()

    def _open(self) -> None:
        """In the history thread: sqlite3 connections stay in the thread that made them.
        The store's module (SQLite, the record values) is loaded here too, not by
        whatever made the history: the app's title does not wait for it."""
        from ddz_tui.records.store import Store

        store = Store.open(self.path)
        try:
            self.profile_name = store.profile_name()
        except StoreError:
            store.close()
            raise
        self._store = store

    async def ready(self) -> bool:
        """Wait until the store is open; False when history is off."""
        if self.problem is None:
            if self._opening is None:
                self._opening = self._thread.submit(self._open)
            try:
                await asyncio.wrap_future(self._opening)
            except StoreError as exc:
                self._turn_off(str(exc))
        return self.problem is None

    async def call(self, job: Callable[[Store], T]) -> T:
        """`job(store)` in the history thread. StoreError when history is off or
        turns off now (which is then reported)."""
        if not await self.ready():
            raise StoreError(Phrase.as_is(str(self.problem)))
        store = self._store
        if store is None:
            raise RuntimeError("the history is closed")
        try:
            return await asyncio.wrap_future(self._thread.submit(job, store))
        except StoreError as exc:
            self._turn_off(str(exc))
            raise

    def _turn_off(self, problem: str) -> None:
        if self.problem is not None:
            return
        self.problem = problem
        if self._store is not None:
            self._thread.submit(self._store.close)
        if self.on_problem is not None:
            self.on_problem(problem)

    # --- writing -----------------------------------------------------------------------

    def record(
        self,
        events: Sequence[Event],
        seats: Sequence[SeatRecord],
        my_seat: int | None,
        origin: Origin,
    ) -> asyncio.Task[int | None]:
        """Keep a finished game (the whole record, from `Started` to `GameOver`, or to
        the `Left` of a game left mid-way) in the background. The task gives the game's
        id, or None when history is off."""
        events = tuple(events)
        seats = tuple(seats)

        async def write() -> int | None:
            try:
                return await self.call(
                    lambda store: store.record_game(
                        events,
                        with_profile_name(seats, my_seat, self.profile_name),
                        my_seat,
                        origin,
                    )
                )
            except StoreError:
                return None

        task = asyncio.get_running_loop().create_task(write())
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        return task

    async def set_profile_name(self, name: str) -> str:
        """Keep the local player's name; the name as kept. ValueError (for the player)
        when it is not a name; StoreError when history is off."""

        def keep(store: Store) -> str:
            store.set_profile_name(name)
            kept = store.profile_name()
            assert kept is not None
            return kept

        self.profile_name = await self.call(keep)
        return self.profile_name

    async def flush(self) -> None:
        """Wait for every game being written."""
        while self._writes:
            await asyncio.gather(*self._writes)

    async def close(self) -> None:
        """Finish the writes, then close the store."""
        await self.flush()
        on = self._opening is not None and await self.ready()
        store, self._store = self._store, None
        if on and store is not None:  # turning off has closed it already
            await asyncio.wrap_future(self._thread.submit(store.close))
        if self._owns_thread:
            self._thread.shutdown(wait=False)
