"""A table: three seats, a run of games, bots that act on their own. The seam between
the engine and whatever shows the game (the table screen, a network connection).

`TableHost` owns the `Game` and the bots. Humans act through `bid`, `play` and
`pass_turn` (an illegal action raises `IllegalAction` and changes nothing); bots act
by themselves after `bot_delay` seconds, computing off the event loop in a thread.
After every change each listener gets a `TableState` for its seat: the seat's view
and what else a player at that seat may know. A local game is a host with one human
seat; the network server is a host whose human seats are connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ddz_tui.bots import Bot, make_bot
from ddz_tui.cards import Card
from ddz_tui.engine import Game, IllegalAction, LandlordMode, Phase, PlayerView, Reason
from ddz_tui.i18n import t
from ddz_tui.rules import Combo

DEFAULT_BOT_DELAY = 0.6


class SeatKind(str, Enum):
    HUMAN = "human"
    BOT = "bot"


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat, as everyone at the table sees it."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: str | None = None  # the bot's level; for a human, the bot that stands in
    takeover: bool = False  # a bot plays for this human (托管), e.g. after a dropped connection
    connected: bool = True

    @property
    def played_by_bot(self) -> bool:
        return self.kind is SeatKind.BOT or self.takeover


@dataclass(frozen=True)
class TableState:
    """What one seat sees of the table now. `view` is None before the first deal."""

    seat: int
    seats: tuple[SeatInfo, SeatInfo, SeatInfo]
    view: PlayerView | None
    thinking: int | None = None  # a bot-played seat deciding now
    totals: tuple[int, int, int] = (0, 0, 0)  # session scores, this game included once over
    games: int = 0  # games finished at this table
    turn_seconds: float | None = None  # time left on the turn timer, where there is one
    notice: str | None = None  # something every seat should read (a player left, ...)


Listener = Callable[[TableState], None]


@dataclass
class _Seat:
    info: SeatInfo
    bot: Bot | None = None


class TableHost:
    """Runs games at one table. Use from one asyncio event loop."""

    def __init__(
        self,
        seats: list[SeatInfo],
        landlord_mode: LandlordMode | str = LandlordMode.BID,
        bot_delay: float = DEFAULT_BOT_DELAY,
        seed: int | None = None,
    ) -> None:
        if len(seats) != 3:
            raise ValueError("a table has three seats")
        self.landlord_mode = LandlordMode(landlord_mode)
        self.bot_delay = bot_delay
        self._seeds = random.Random(seed)
        self._seats = [_Seat(info) for info in seats]
        for seat in self._seats:
            if seat.info.played_by_bot:
                seat.bot = self._new_bot(seat.info)
        self.game: Game | None = None
        self.totals = [0, 0, 0]
        self.games = 0
        self.notice: str | None = None
        self._thinking: int | None = None
        self._listeners: dict[int, list[Listener]] = {0: [], 1: [], 2: []}
        self._bots_task: asyncio.Task[None] | None = None

    # --- watching ------------------------------------------------------------------

    def subscribe(self, seat: int, listener: Listener) -> Callable[[], None]:
        """Call `listener` with `seat`'s state after every change (and once now)."""
        self._listeners[seat].append(listener)
        listener(self.state(seat))
        return lambda: self._listeners[seat].remove(listener)

    def state(self, seat: int) -> TableState:
        return TableState(
            seat=seat,
            seats=tuple(s.info for s in self._seats),  # type: ignore[arg-type]
            view=None if self.game is None else self.game.view(seat),
            thinking=self._thinking,
            totals=tuple(self.totals),  # type: ignore[arg-type]
            games=self.games,
            notice=self.notice,
        )

    def _publish(self) -> None:
        for seat, listeners in self._listeners.items():
            if listeners:
                state = self.state(seat)
                for listener in list(listeners):
                    listener(state)

    # --- seats ---------------------------------------------------------------------

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return tuple(s.info for s in self._seats)

    def set_seat(self, seat: int, info: SeatInfo) -> None:
        """Change who sits in a seat (a bot taking over, a player returning)."""
        slot = self._seats[seat]
        slot.info = info
        slot.bot = self._new_bot(info) if info.played_by_bot else None
        self._publish()
        self._wake_bots()

    def _new_bot(self, info: SeatInfo) -> Bot:
        return make_bot(info.level or "random", self._seeds.getrandbits(32))

    # --- games ---------------------------------------------------------------------

    def new_game(self) -> None:
        """Deal a new game (the previous one must be over)."""
        if self.game is not None and self.game.phase is not Phase.OVER:
            raise IllegalAction(Reason.WRONG_PHASE, t("illegal.phase.playing"))
        self.game = Game(self._seeds.getrandbits(63), self.landlord_mode)
        self.notice = None
        self._publish()
        self._wake_bots()

    def bid(self, seat: int, bid: int) -> None:
        self._human_acts(seat, lambda game: game.bid(seat, bid))

    def play(self, seat: int, cards: str | Combo | Sequence[Card]) -> None:
        self._human_acts(seat, lambda game: game.play(seat, cards))

    def pass_turn(self, seat: int) -> None:
        self._human_acts(seat, lambda game: game.pass_turn(seat))

    def _human_acts(self, seat: int, action: Callable[[Game], object]) -> None:
        if self.game is None:
            raise IllegalAction(Reason.WRONG_PHASE, t("illegal.phase.over"))
        if self._seats[seat].info.played_by_bot:
            raise IllegalAction(Reason.NOT_YOUR_TURN, t("illegal.bot_plays_seat"))
        action(self.game)
        self._after_action()
        self._wake_bots()

    def _after_action(self) -> None:
        game = self.game
        assert game is not None
        if game.phase is Phase.OVER and game.result is not None:
            self.games += 1
            self.totals = [a + b for a, b in zip(self.totals, game.result.scores, strict=True)]
        self._publish()

    # --- bots ----------------------------------------------------------------------

    def _wake_bots(self) -> None:
        """Start the bots' loop if a bot is to act and it is not running."""
        if self._bots_task is None or self._bots_task.done():
            self._bots_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while (game := self.game) is not None and game.phase is not Phase.OVER:
            seat = game.turn
            assert seat is not None
            slot = self._seats[seat]
            if slot.bot is None:
                return
            view = game.view(seat)
            self._thinking = seat
            self._publish()
            decide = asyncio.to_thread(_decide, slot.bot, view)
            choice, _ = await asyncio.gather(decide, asyncio.sleep(self.bot_delay))
            self._thinking = None
            if self.game is not game or game.turn != seat or slot.bot is None:
                continue  # the table changed while the bot thought
            if game.phase is Phase.BIDDING:
                game.bid(seat, choice)  # type: ignore[arg-type]
            elif choice is None:
                game.pass_turn(seat)
            else:
                game.play(seat, choice)
            self._after_action()
        if self._thinking is not None:
            self._thinking = None
            self._publish()

    async def settled(self) -> None:
        """Wait until no bot is acting (for tests and for shutting down cleanly)."""
        while self._bots_task is not None and not self._bots_task.done():
            await asyncio.shield(self._bots_task)

    async def close(self) -> None:
        if self._bots_task is not None:
            self._bots_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bots_task
        self._listeners = {0: [], 1: [], 2: []}


def _decide(bot: Bot, view: PlayerView) -> int | Combo | None:
    return bot.bid(view) if view.phase is Phase.BIDDING else bot.choose(view)


class TableClient(Protocol):
    """One seat at a table, as the table screen plays it: locally or over the network.

    Actions are coroutines that raise `IllegalAction` (reason and message) when
    refused, leaving the game as it was. `listener` gets a `TableState` after every
    change at the table (and once on subscribing).
    """

    seat: int

    def subscribe(self, listener: Listener) -> Callable[[], None]: ...

    async def bid(self, bid: int) -> None: ...

    async def play(self, cards: Sequence[Card]) -> None: ...

    async def pass_turn(self) -> None: ...

    async def next_game(self) -> None:
        """Deal the next game (locally at once; on a server, once every seat is ready)."""
        ...

    async def close(self) -> None: ...


class LocalTable:
    """A seat at a `TableHost` in this process: a game against bots."""

    def __init__(self, host: TableHost, seat: int = 0) -> None:
        self.host = host
        self.seat = seat

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self.host.subscribe(self.seat, listener)

    async def bid(self, bid: int) -> None:
        self.host.bid(self.seat, bid)

    async def play(self, cards: Sequence[Card]) -> None:
        self.host.play(self.seat, list(cards))

    async def pass_turn(self) -> None:
        self.host.pass_turn(self.seat)

    async def next_game(self) -> None:
        self.host.new_game()

    async def close(self) -> None:
        await self.host.close()
