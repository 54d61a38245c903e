"""A table: three seats, a run of games, bots that act on their own. The seam between
the engine and whatever shows the game (the table screen, a network connection).

`TableHost` owns the `Game` and the bots. Humans act through `bid`, `play` and
`pass_turn` (an illegal action raises `IllegalAction` and changes nothing); bots act
by themselves after `bot_delay` seconds, computing off the event loop (in a thread,
or where the host's `Decider` sends them). A bot that fails is logged and its seat
makes a fallback move: the game always goes on.
After every change each listener gets a `TableState` for its seat: the seat's view
and what else a player at that seat may know. A local game is a host with one human
seat; the network server is a host whose human seats are connections.

For networked tables the host also keeps the seats' lifecycle: players sit down and
say they are ready (the deal happens when all three are; bots always are), a turn
timer acts for a player who lets it run out, and a player whose connection drops
keeps the seat for a grace period, after which a bot plays it (托管) until they come
back, or, between games, the seat is freed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol, runtime_checkable

from ddz_tui.bots import Bot, make_bot
from ddz_tui.bots.deciders import THREADS, Decider
from ddz_tui.bots.runner import Choice, act, cautious, fallback
from ddz_tui.cards import Card, format_ranks
from ddz_tui.engine import Game, IllegalAction, LandlordMode, Phase, PlayerView, Reason
from ddz_tui.i18n import t
from ddz_tui.rules import Combo

log = logging.getLogger(__name__)

DEFAULT_BOT_DELAY = 0.6
DEFAULT_GRACE = 20.0  # seconds a dropped player keeps the seat before a bot takes over
DEFAULT_TURN_SECONDS = 30.0  # the turn timer of networked tables


class SeatKind(str, Enum):
    HUMAN = "human"
    BOT = "bot"
    EMPTY = "empty"  # nobody sits here yet: a networked table waiting for players


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat, as everyone at the table sees it."""

    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: str | None = None  # the bot's level; for a human, the bot that stands in
    takeover: bool = False  # a bot plays for this human (托管), e.g. after a dropped connection
    connected: bool = True
    ready: bool = False  # this human asked for the next deal (bots are always ready)

    @property
    def played_by_bot(self) -> bool:
        return self.kind is SeatKind.BOT or self.takeover

    @property
    def is_empty(self) -> bool:
        return self.kind is SeatKind.EMPTY

    @property
    def is_ready(self) -> bool:
        """Counts towards the deal: a bot, or a human at the table who said so."""
        if self.kind is SeatKind.BOT:
            return True
        return self.kind is SeatKind.HUMAN and self.ready and self.connected and not self.takeover


EMPTY_SEAT = SeatInfo("", SeatKind.EMPTY, connected=False)


class Notice(str):
    """A line every seat should read (a player left, a turn timed out): the text in
    this process's language, plus its i18n key and fields, so that a server can say
    it in each player's own language."""

    key: str
    fields: dict[str, object]

    def __new__(cls, key: str, **fields: object) -> Notice:
        notice = super().__new__(cls, t(key, **fields))
        notice.key = key
        notice.fields = fields
        return notice

    def __reduce__(self) -> tuple[object, ...]:  # keeps copy and pickle working
        return (_notice, (self.key, self.fields))


def _notice(key: str, fields: dict[str, object]) -> Notice:
    return Notice(key, **fields)


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
    grace: asyncio.TimerHandle | None = None  # runs while a dropped player may come back
    gone: bool = False  # the player left or dropped for good: free the seat after the game


class TableHost:
    """Runs games at one table. Use from one asyncio event loop.

    turn_timeout: seconds a human has for each turn (None: no timer). When it runs
    out the seat passes, or plays its lowest card when it leads, or passes the bid.
    grace: seconds a dropped player keeps the seat before `takeover_level` plays it.
    decider: where bot decisions run (default: threads); shared, not closed here.
    on_freed: called with (seat, name) when the host frees a seat by itself.
    """

    def __init__(
        self,
        seats: list[SeatInfo],
        landlord_mode: LandlordMode | str = LandlordMode.BID,
        bot_delay: float = DEFAULT_BOT_DELAY,
        seed: int | None = None,
        turn_timeout: float | None = None,
        grace: float = DEFAULT_GRACE,
        takeover_level: str = "random",
        decider: Decider = THREADS,
    ) -> None:
        if len(seats) != 3:
            raise ValueError("a table has three seats")
        self.landlord_mode = LandlordMode(landlord_mode)
        self.bot_delay = bot_delay
        self.turn_timeout = turn_timeout
        self.grace = grace
        self.takeover_level = takeover_level
        self.decider = decider
        self.on_freed: Callable[[int, str], None] | None = None
        # Unseeded tables draw from the system's randomness: each finished game's seed is
        # made public, and a run of outputs from a seeded generator would predict the next.
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
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
        self._watchers: list[Callable[[], None]] = []
        self._bots_task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._timer_key: tuple[object, ...] | None = None
        self._deadline = 0.0

    # --- watching ------------------------------------------------------------------

    def subscribe(self, seat: int, listener: Listener) -> Callable[[], None]:
        """Call `listener` with `seat`'s state after every change (and once now)."""
        self._listeners[seat].append(listener)
        listener(self.state(seat))
        return lambda: _discard(self._listeners[seat], listener)

    def watch(self, watcher: Callable[[], None]) -> Callable[[], None]:
        """Call `watcher` after every change, whoever sits where (a lobby list, say)."""
        self._watchers.append(watcher)
        return lambda: _discard(self._watchers, watcher)

    def state(self, seat: int) -> TableState:
        return TableState(
            seat=seat,
            seats=self.seats,  # type: ignore[arg-type]
            view=None if self.game is None else self.game.view(seat),
            thinking=self._thinking,
            totals=tuple(self.totals),  # type: ignore[arg-type]
            games=self.games,
            turn_seconds=self.turn_seconds,
            notice=self.notice,
        )

    @property
    def turn_seconds(self) -> float | None:
        """Seconds left on the turn timer, None when it does not run."""
        if self._timer_key is None:
            return None
        return max(0.0, self._deadline - time.monotonic())

    def _publish(self) -> None:
        self._arm_timer()
        for seat, listeners in self._listeners.items():
            if listeners:
                state = self.state(seat)
                for listener in list(listeners):
                    listener(state)
        for watcher in list(self._watchers):
            watcher()

    # --- seats ---------------------------------------------------------------------

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return tuple(s.info for s in self._seats)

    def set_seat(self, seat: int, info: SeatInfo) -> None:
        """Change who sits in a seat (a bot taking over, a player returning). Deals
        when no game is on and every seat is ready."""
        slot = self._seats[seat]
        if slot.grace is not None and not (info.kind is SeatKind.HUMAN and not info.connected):
            slot.grace.cancel()
            slot.grace = None
        if info.name != slot.info.name:
            self.totals[seat] = 0  # a session score is the player's, not the chair's
        slot.info = info
        slot.gone = False
        slot.bot = self._new_bot(info) if info.played_by_bot else None
        self._publish()
        self._wake_bots()
        self._deal_if_ready()

    def _new_bot(self, info: SeatInfo) -> Bot:
        return make_bot(info.level or self.takeover_level, self._seeds.getrandbits(32))

    def ready(self, seat: int, ready: bool = True) -> None:
        """A human says they are ready for the next deal (or no longer are)."""
        if self.playing:
            raise IllegalAction(Reason.WRONG_PHASE, t("table.game_on"))
        self._seats[seat].info = replace(self._human(seat), ready=ready)
        self._publish()
        self._deal_if_ready()

    def _human(self, seat: int) -> SeatInfo:
        """The seat's player; IllegalAction when no person sits there."""
        info = self._seats[seat].info
        if info.kind is not SeatKind.HUMAN:
            raise IllegalAction(Reason.NO_SUCH_SEAT, t("table.no_player", seat=seat))
        return info

    def _deal_if_ready(self) -> None:
        if self.playing or not all(s.info.is_ready for s in self._seats):
            return
        for slot in self._seats:
            if slot.info.ready:
                slot.info = replace(slot.info, ready=False)
        self.new_game()

    def drop(self, seat: int) -> None:
        """The seat's player lost the connection: it keeps the seat for `grace`
        seconds (the turn timer still runs), then a bot plays it or, between games,
        the seat is freed."""
        slot = self._seats[seat]
        info = slot.info
        if info.kind is not SeatKind.HUMAN or not info.connected:
            return
        slot.info = replace(info, connected=False, ready=False)
        self.notice = Notice("table.notice.dropped", name=info.name)
        if slot.grace is not None:
            slot.grace.cancel()
        slot.grace = asyncio.get_running_loop().call_later(self.grace, self._grace_over, seat)
        self._publish()

    def resume(self, seat: int) -> None:
        """The seat's player is back: they play it again, from where the game is."""
        info = self._human(seat)
        self.notice = Notice("table.notice.back", name=info.name)
        self.set_seat(seat, replace(info, connected=True, takeover=False, ready=False))

    def leave(self, seat: int) -> None:
        """The seat's player gets up: at once between games; during a game a bot
        finishes it for them and the seat is freed when it ends."""
        info = self._human(seat)
        if not self.playing:
            self._free(seat, notify=False)
            return
        self.notice = Notice("table.notice.left_playing", name=info.name)
        self.set_seat(seat, replace(info, connected=False, takeover=True, ready=False))
        self._seats[seat].gone = True

    def _grace_over(self, seat: int) -> None:
        slot = self._seats[seat]
        slot.grace = None
        info = slot.info
        if info.kind is not SeatKind.HUMAN or info.connected:
            return
        if self.playing:
            self.notice = Notice("table.notice.takeover", name=info.name)
            self.set_seat(seat, replace(info, takeover=True))
            slot.gone = True
        else:
            self._free(seat)

    def _free(self, seat: int, notify: bool = True) -> None:
        name = self._seats[seat].info.name
        self.notice = Notice("table.notice.left", name=name)
        self.set_seat(seat, EMPTY_SEAT)
        if notify and self.on_freed is not None:
            self.on_freed(seat, name)

    def _free_absent(self) -> None:
        """After a game: free the seats bots played for players who are gone."""
        for seat, slot in enumerate(self._seats):
            if slot.gone:
                self._free(seat)

    # --- games ---------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """A game is on (dealt and not over)."""
        return self.game is not None and self.game.phase is not Phase.OVER

    def new_game(self) -> None:
        """Deal a new game (the previous one must be over)."""
        if self.playing:
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
        result = game.result if game.phase is Phase.OVER else None
        if result is not None:
            self.games += 1
            self.totals = [a + b for a, b in zip(self.totals, result.scores, strict=True)]
        self._publish()
        if result is not None:
            self._free_absent()

    # --- the turn timer ------------------------------------------------------------

    def _arm_timer(self) -> None:
        """(Re)start the timer when a new turn falls to a human; stop it otherwise."""
        game = self.game
        key = None
        if self.turn_timeout is not None and self.playing and self._human_turn(game):
            key = (id(game), len(game.events), game.turn)
        if key == self._timer_key:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._timer_key = key
        if key is not None and self.turn_timeout is not None:
            self._deadline = time.monotonic() + self.turn_timeout
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(self.turn_timeout, self._time_out)

    def _human_turn(self, game: Game | None) -> bool:
        if game is None or game.turn is None:
            return False
        return not self._seats[game.turn].info.played_by_bot

    def _time_out(self) -> None:
        """The turn ran out: pass the bid, pass the play, or lead the lowest card."""
        self._timer = None
        self._timer_key = None
        game = self.game
        if game is None or game.turn is None or game.phase is Phase.OVER:
            return
        seat = game.turn
        name = self._seats[seat].info.name
        choice = cautious(game.view(seat))
        if game.phase is Phase.BIDDING:
            self.notice = Notice("table.notice.timeout_bid", name=name)
        elif isinstance(choice, Combo):
            cards = format_ranks(choice.cards)
            self.notice = Notice("table.notice.timeout_play", name=name, cards=cards)
        else:
            self.notice = Notice("table.notice.timeout_pass", name=name)
        act(game, seat, choice)
        self._after_action()
        self._wake_bots()

    # --- bots ----------------------------------------------------------------------

    def _wake_bots(self) -> None:
        """Start the bots' loop if a bot is to act and it is not running."""
        if self._bots_task is None or self._bots_task.done():
            self._bots_task = asyncio.get_running_loop().create_task(self._run_bots())
            self._bots_task.add_done_callback(_log_failure)

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
            decision = self._decide(slot.bot, view)
            choice, _ = await asyncio.gather(decision, asyncio.sleep(self.bot_delay))
            self._thinking = None
            if self.game is not game or game.turn != seat or slot.bot is None:
                continue  # the table changed while the bot thought
            try:
                act(game, seat, choice)
            except IllegalAction:
                log.exception("the bot at seat %d chose %r, which is not legal", seat, choice)
                act(game, seat, cautious(view))
            self._after_action()
        if self._thinking is not None:
            self._thinking = None
            self._publish()

    async def _decide(self, bot: Bot, view: PlayerView) -> Choice:
        """The bot's decision; if the bot (or where it runs) fails, a fallback move."""
        try:
            return await self.decider.decide(bot, view)
        except Exception:
            log.exception("the bot at seat %d failed; it makes a fallback move", view.seat)
            return await asyncio.to_thread(fallback, view)

    async def settled(self) -> None:
        """Wait until no bot is acting (for tests and for shutting down cleanly)."""
        while self._bots_task is not None and not self._bots_task.done():
            await asyncio.shield(self._bots_task)

    async def close(self) -> None:
        for handle in [self._timer, *(slot.grace for slot in self._seats)]:
            if handle is not None:
                handle.cancel()
        self._timer = self._timer_key = None
        for slot in self._seats:
            slot.grace = None
        if self._bots_task is not None:
            self._bots_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bots_task
        self._listeners = {0: [], 1: [], 2: []}
        self._watchers = []


def _log_failure(task: asyncio.Task[None]) -> None:
    """A bots' loop that stopped on an error says so (a listener failed, say): the
    next action at the table starts it again."""
    if not task.cancelled() and (error := task.exception()) is not None:
        log.error("the bots' loop stopped", exc_info=error)


def _discard(items: list, item: object) -> None:
    with contextlib.suppress(ValueError):
        items.remove(item)


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


@runtime_checkable
class SharedTable(TableClient, Protocol):
    """A seat at a table that other players share: the deal waits until every seat
    is ready, and empty seats can be given to bots. `title` names the table."""

    title: str

    async def ready(self, ready: bool = True) -> None: ...

    async def fill(self, level: str) -> None: ...


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
