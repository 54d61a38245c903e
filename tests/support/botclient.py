"""A bot that plays a seat through a `TableClient`, as a person at a terminal would:
it reads pushed states, acts on its turn, and says ready between games. Used to load
the server (benchmarks/bench_server.py) and in the network tests."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from ddz_tui.bots import Bot
from ddz_tui.bots.runner import decide
from ddz_tui.cards import lowest_suits
from ddz_tui.engine import ActionRefused, Phase, Play
from ddz_tui.table.clients import TableClient
from ddz_tui.table.seats import TableState


class BotPlayer:
    """Plays `table`'s seat with `bot`. `latencies` collects each move's round trip
    (seconds from sending a bid, play or pass to the server's answer)."""

    def __init__(self, table: TableClient, bot: Bot) -> None:
        self.table = table
        self.bot = bot
        self.latencies: list[float] = []
        self.refused = 0
        self._latest: TableState | None = None
        self._changed = asyncio.Event()

    def _on_state(self, state: TableState) -> None:
        self._latest = state
        self._changed.set()

    async def play(self, games: int, until: Callable[[], bool] = lambda: False) -> TableState:
        """Play until `games` more games have ended at the table, or until `until()` is
        true between games; returns the last state."""
        unsubscribe = self.table.subscribe(self._on_state)
        try:
            await self._changed.wait()
            assert self._latest is not None
            target = self._latest.games + games
            while True:
                await self._changed.wait()
                self._changed.clear()
                state = self._latest
                if state.games >= target or (self._between_games(state) and until()):
                    return state
                await self._step(state)
        finally:
            unsubscribe()

    @staticmethod
    def _between_games(state: TableState) -> bool:
        return state.view is None or state.view.phase is Phase.OVER

    async def _step(self, state: TableState) -> None:
        seat = self.table.seat
        view = state.view
        if view is None or view.phase is Phase.OVER:
            if not state.seats[seat].ready:
                await self._act(self.table.next_game(), move=False)
            return
        if view.turn != seat or state.seats[seat].played_by_bot:
            return
        action = decide(self.bot, view)
        if isinstance(action, Play):  # a person plays cards, not ranks
            action = Play(lowest_suits(action.ranks, view.hand), action.reading)
        await self._act(self.table.act(action))

    async def _act(self, action: object, move: bool = True) -> None:
        start = time.perf_counter()
        try:
            await action  # type: ignore[misc]
        except ActionRefused:
            self.refused += 1  # the turn timer or a takeover acted first; read on
            await asyncio.sleep(0.01)
            self._changed.set()
            return
        if move:
            self.latencies.append(time.perf_counter() - start)
