"""A table: three seats, a run of games, bots that act on their own. The seam between
the engine and whatever shows the game (the table screen, a network connection).

`TableHost` owns the `Game` and the bots, and plays the house rules it was made with.
Humans act through `act(seat, action)`, with the engine's `Action` values (an
illegal action raises `IllegalAction` and changes nothing); bots act by themselves
after `bot_delay` seconds, computing off the event loop (in a thread, or where the
host's `Decider` sends them). A bot that fails is logged and its seat
makes a fallback move; an answer to a position the game has since left (the player
moved while the bot thought) is dropped and the turn taken afresh; an unexpected
error is logged and the bots play on: the game always goes on.
After every change each listener gets a `TableState` for its seat: the seat's view
and what else a player at that seat may know. A local game is a host with one human
seat; the network server is a host whose human seats are connections.

For networked tables the host also keeps the seats' lifecycle: players sit down and
say they are ready (the deal happens when all three are; bots always are), a turn
timer acts for a player who lets it run out, and a player whose connection drops
keeps the seat for a grace period, after which a bot plays it (托管) until they come
back, or, between games, the seat is freed. A player may also hand the seat to the
normal bot themselves (`set_takeover`), and take it back, or make a move of their own.

Every wait of the host (the bots' delay, the turn timer, the grace) and the countdown a
`TableState` shows go by the `Clock` it was given (`timing`): the event loop's real
time, or, in tests, a clock moved by hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeGuard

from ddz_tui.bots import Bot, make_bot
from ddz_tui.bots.deciders import THREADS, Decider
from ddz_tui.bots.runner import cautious, fallback
from ddz_tui.cards import format_ranks
from ddz_tui.engine import (
    YES_OR_NO,
    Action,
    Game,
    IllegalAction,
    IllegalReason,
    LandlordMode,
    Phase,
    Play,
    PlayerView,
    Rules,
)
from ddz_tui.engine.seats import per_seat
from ddz_tui.i18n import Phrase
from ddz_tui.records.names import name_key
from ddz_tui.table.chat import TableChat
from ddz_tui.table.seats import EMPTY_SEAT, Listener, SeatInfo, SeatKind, TableState
from ddz_tui.table.timing import (
    DEFAULT_BOT_DELAY,
    DEFAULT_GRACE,
    REAL_CLOCK,
    THINK_AFTER,
    Clock,
    Timer,
)

log = logging.getLogger(__name__)

TAKEOVER_LEVEL = "normal"  # the bot a player hands the seat to (托管)
MAX_AWAY = 16  # running tallies a table keeps for people who got up between games

ERROR_PAUSE = 0.1
"""Seconds the bots' loop waits after an unexpected error before it takes the turn
again: an error that repeats (a listener that always fails) cannot take all of the
event loop's time."""


@dataclass
class _Seat:
    info: SeatInfo
    bot: Bot | None = None
    grace: Timer | None = None  # runs while a dropped player may come back
    gone: bool = False  # the player left or dropped for good: free the seat after the game


class TableHost:
    """Runs games at one table. Use from one asyncio event loop.

    rules: the house rules of every game (default: the plain game with `landlord_mode`).
    turn_timeout: seconds a human has for each turn (None: no timer). When it runs
    out the seat passes, or plays its lowest card when it leads, passes the bid, and
    declines to call, grab, show or double.
    grace: seconds a dropped player keeps the seat before `takeover_level` plays it.
    decider: where bot decisions run (default: threads); shared, not closed here.
    on_freed: called with (seat, name) when the host frees a seat by itself.
    clock: what every wait and timer of the table goes by (default: the event loop's).
    chat: whether the table's chat (`chat`, quick phrases and players' words) is on.
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
        rules: Rules | None = None,
        clock: Clock = REAL_CLOCK,
        chat: bool = True,
    ) -> None:
        if len(seats) != 3:
            raise ValueError("a table has three seats")
        self.rules = Rules(LandlordMode(landlord_mode)) if rules is None else rules
        self.bot_delay = bot_delay
        self.turn_timeout = turn_timeout
        self.grace = grace
        self.takeover_level = takeover_level
        self.decider = decider
        self.clock = clock
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
        # the tallies of people who got up between games, by `name_key`: theirs again
        # when they sit down at this table again (any seat), at most MAX_AWAY, oldest out
        self._away: dict[str, int] = {}
        self.games = 0
        self.notice: Phrase | str | None = None
        self._thinking: int | None = None
        self._listeners: dict[int, list[Listener]] = {0: [], 1: [], 2: []}
        self._spectators: list[Listener] = []  # who watch from no seat (`spectate`)
        self._watchers: list[Callable[[], None]] = []
        self._bots_task: asyncio.Task[None] | None = None
        self._timer: Timer | None = None
        self._timer_key: tuple[object, ...] | None = None
        self._deadline = 0.0
        self.paused = False  # see `pause`
        # the table's chat (`chat`: off for a table that has none); its bots' rare
        # answers draw from a generator of their own, never the deals'
        chat_rng = random.Random(seed) if seed is not None else None
        self.chat = TableChat(lambda: self.seats, clock, chat_rng, on=chat)

    # --- watching ------------------------------------------------------------------

    def subscribe(self, seat: int, listener: Listener) -> Callable[[], None]:
        """Call `listener` with `seat`'s state after every change (and once now)."""
        self._listeners[seat].append(listener)
        listener(self.state(seat))
        return lambda: _discard(self._listeners[seat], listener)

    def spectate(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` with the spectators' state after every change (and once now):
        the public view only, drawn from seat 0's chair (`public_state`)."""
        self._spectators.append(listener)
        listener(self.public_state())
        return lambda: _discard(self._spectators, listener)

    @property
    def spectators(self) -> int:
        """How many watch the table from no seat."""
        return len(self._spectators)

    def public_state(self, seat: int = 0) -> TableState:
        """What a spectator sees: `seat`'s state with the public view (`Game.public_view`:
        no hand while the game is on, every hand laid open at its end)."""
        return replace(
            self.state(seat),
            view=None if self.game is None else self.game.public_view(seat),
            watching=True,
        )

    def watch(self, watcher: Callable[[], None]) -> Callable[[], None]:
        """Call `watcher` after every change, whoever sits where (a lobby list, say)."""
        self._watchers.append(watcher)
        return lambda: _discard(self._watchers, watcher)

    def state(self, seat: int) -> TableState:
        return TableState(
            seat=seat,
            seats=self.seats,
            view=None if self.game is None else self.game.view(seat),
            thinking=self._thinking,
            totals=per_seat(self.totals),
            games=self.games,
            turn_seconds=self.turn_seconds,
            notice=self.notice,
            redeals=0 if self.game is None else self.game.redeals,
        )

    @property
    def turn_seconds(self) -> float | None:
        """Seconds left on the turn timer, None when it does not run."""
        if self._timer_key is None:
            return None
        return max(0.0, self._deadline - self.clock.now())

    def _publish(self) -> None:
        self._arm_timer()
        for seat, listeners in self._listeners.items():
            if listeners:
                state = self.state(seat)
                for listener in list(listeners):
                    listener(state)
        if self._spectators:
            public = self.public_state()
            for listener in list(self._spectators):
                listener(public)
        for watcher in list(self._watchers):
            watcher()

    # --- seats ---------------------------------------------------------------------

    @property
    def seats(self) -> tuple[SeatInfo, SeatInfo, SeatInfo]:
        return per_seat(s.info for s in self._seats)

    @property
    def has_people(self) -> bool:
        """Whether a person sits here: not one who got up or dropped for good (a bot
        finishes their game), whose seat is freed when it ends."""
        return any(s.info.kind is SeatKind.HUMAN and not s.gone for s in self._seats)

    def set_seat(self, seat: int, info: SeatInfo) -> None:
        """Change who sits in a seat (a bot taking over, a player returning). Deals
        when no game is on and every seat is ready."""
        slot = self._seats[seat]
        if slot.grace is not None and not (info.kind is SeatKind.HUMAN and not info.connected):
            slot.grace.cancel()
            slot.grace = None
        if info.name != slot.info.name:  # a session score is the player's, not the chair's
            self._step_away(seat)
            back = self._away.pop(name_key(info.name), 0) if info.kind is SeatKind.HUMAN else 0
            self.totals[seat] = back
        slot.info = info
        slot.gone = False
        slot.bot = self._new_bot(info) if info.played_by_bot else None
        self._publish()
        self._wake_bots()
        self._deal_if_ready()

    def _step_away(self, seat: int) -> None:
        """A person leaves the seat: their running tally waits for them at this table.
        Kept by name, as a score sheet is: the server holds a name for its player while
        they are connected or seated, which covers stepping away between games."""
        info = self._seats[seat].info
        if info.kind is not SeatKind.HUMAN or not info.name:
            return
        key = name_key(info.name)
        self._away.pop(key, None)
        self._away[key] = self.totals[seat]
        while len(self._away) > MAX_AWAY:
            del self._away[next(iter(self._away))]

    @property
    def landlord_mode(self) -> LandlordMode:
        return self.rules.landlord

    @landlord_mode.setter
    def landlord_mode(self, mode: LandlordMode) -> None:
        """From the next deal on, the landlord is chosen this way."""
        self.rules = replace(self.rules, landlord=LandlordMode(mode))

    def set_takeover(self, seat: int, on: bool) -> None:
        """托管: the seat's player hands it to the normal bot (on), or takes it back.
        The bot plays from where the game is, in every phase, until taken back (or
        the player makes a move of their own)."""
        info = self._human(seat)
        if not info.connected:
            raise IllegalAction(IllegalReason.NO_SUCH_SEAT, Phrase("table.no_player", seat=seat))
        if info.takeover == on:
            return
        self.set_seat(seat, replace(info, takeover=on, level=TAKEOVER_LEVEL if on else None))

    def _new_bot(self, info: SeatInfo) -> Bot:
        return make_bot(info.level or self.takeover_level, self._seeds.getrandbits(32))

    def ready(self, seat: int, ready: bool = True) -> None:
        """A human says they are ready for the next deal (or no longer are)."""
        if self.playing:
            raise IllegalAction(IllegalReason.WRONG_PHASE, Phrase("table.game_on"))
        self._seats[seat].info = replace(self._human(seat), ready=ready)
        self._publish()
        self._deal_if_ready()

    def _human(self, seat: int) -> SeatInfo:
        """The seat's player; IllegalAction when no person sits there."""
        info = self._seats[seat].info
        if info.kind is not SeatKind.HUMAN:
            raise IllegalAction(IllegalReason.NO_SUCH_SEAT, Phrase("table.no_player", seat=seat))
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
        self.notice = Phrase("table.notice.dropped", name=info.name)
        if slot.grace is not None:
            slot.grace.cancel()
        slot.grace = self.clock.call_later(self.grace, lambda: self._grace_over(seat))
        self._publish()

    def resume(self, seat: int) -> None:
        """The seat's player is back: they play it again, from where the game is."""
        info = self._human(seat)
        self.notice = Phrase("table.notice.back", name=info.name)
        self.set_seat(seat, replace(info, connected=True, takeover=False, ready=False))

    def leave(self, seat: int) -> None:
        """The seat's player gets up: at once between games; during a game a bot
        finishes it for them and the seat is freed when it ends."""
        info = self._human(seat)
        if not self.playing:
            self._free(seat, notify=False)
            return
        self.notice = Phrase("table.notice.left_playing", name=info.name)
        self.set_seat(seat, replace(info, connected=False, takeover=True, ready=False))
        self._seats[seat].gone = True

    def _grace_over(self, seat: int) -> None:
        slot = self._seats[seat]
        slot.grace = None
        info = slot.info
        if info.kind is not SeatKind.HUMAN or info.connected:
            return
        if self.playing:
            self.notice = Phrase("table.notice.takeover", name=info.name)
            self.set_seat(seat, replace(info, takeover=True))
            slot.gone = True
        else:
            self._free(seat)

    def _free(self, seat: int, notify: bool = True) -> None:
        name = self._seats[seat].info.name
        self.notice = Phrase("table.notice.left", name=name)
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
        """Deal a new game (the previous one must be over). Under 不洗牌 the deal is cut
        from the previous game's cards as they were played; the first game of the
        table's run is shuffled."""
        if self.playing:
            raise IllegalAction(IllegalReason.WRONG_PHASE, Phrase("illegal.phase.playing"))
        previous = self.game
        deck = previous.played_order() if self.rules.no_shuffle and previous else None
        self.game = Game(self._seeds.getrandbits(63), rules=self.rules, deck=deck)
        self.notice = None
        self._publish()
        self._wake_bots()

    def act(self, seat: int, action: Action) -> None:
        """A person at `seat` takes `action` (IllegalAction, changing nothing, if the
        game refuses it, or if a bot plays the seat that its player did not hand over)."""
        if self.game is None:
            raise IllegalAction(IllegalReason.WRONG_PHASE, Phrase("illegal.phase.over"))
        info = self._seats[seat].info
        if info.played_by_bot and not _took_over_by_choice(info):
            raise IllegalAction(IllegalReason.NOT_YOUR_TURN, Phrase("illegal.bot_plays_seat"))
        self.game.act(seat, action)  # refused: the bot plays on
        if info.played_by_bot:  # a move of their own takes the seat back from the bot
            slot = self._seats[seat]
            slot.info, slot.bot = replace(info, takeover=False, level=None), None
        self._after_action()
        self._wake_bots()

    def _after_action(self) -> None:
        game = self.game
        assert game is not None
        result = game.result if game.phase is Phase.OVER else None
        if result is not None:
            self.games += 1
            self.totals = [a + b for a, b in zip(self.totals, result.scores, strict=True)]
            self._end_takeovers()
        self._thinking = self._bot_to_move()
        self._publish()
        if result is not None:
            self.chat.game_over(frozenset(s for s, score in enumerate(result.scores) if score > 0))
            self._free_absent()

    def _bot_to_move(self) -> int | None:
        """The seat a bot is about to think for (the bots' loop starts next), or None.
        Said in the state of the action before it: one state for both, not a second
        one a moment later (a redraw of every seat's screen each)."""
        game = self.game
        if game is None or not self.playing or self.paused or game.turn is None:
            return None
        return game.turn if self._seats[game.turn].bot is not None else None

    # --- pausing -------------------------------------------------------------------

    def pause(self) -> None:
        """Hold the game where it is (the boss key, at a game against bots): no bot
        acts (one thinking now has its answer dropped) and no turn timer runs until
        `unpause`. A networked table is never paused: its other players play on."""
        if self.paused:
            return
        self.paused = True
        self._publish()  # stops the turn timer

    def unpause(self) -> None:
        """Play on from where `pause` held the game (a turn timer starts afresh)."""
        if not self.paused:
            return
        self.paused = False
        self._publish()
        self._wake_bots()

    # --- the turn timer ------------------------------------------------------------

    def _arm_timer(self) -> None:
        """(Re)start the timer when a new turn falls to a human; stop it otherwise."""
        game = self.game
        key = None
        if (
            self.turn_timeout is not None
            and self.playing
            and not self.paused
            and self._human_turn(game)
        ):
            key = (id(game), len(game.events), game.turn)
        if key == self._timer_key:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._timer_key = key
        if key is not None and self.turn_timeout is not None:
            self._deadline = self.clock.now() + self.turn_timeout
            self._timer = self.clock.call_later(self.turn_timeout, self._time_out)

    def _human_turn(self, game: Game | None) -> TypeGuard[Game]:
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
        action = cautious(game.view(seat))
        if game.decision in YES_OR_NO:
            self.notice = Phrase(f"table.notice.timeout_{game.decision.value}", name=name)
        elif game.phase is Phase.BIDDING:
            self.notice = Phrase("table.notice.timeout_bid", name=name)
        elif isinstance(action, Play):
            cards = format_ranks(action.ranks)
            self.notice = Phrase("table.notice.timeout_play", name=name, cards=cards)
        else:
            self.notice = Phrase("table.notice.timeout_pass", name=name)
        game.act(seat, action)
        self._after_action()
        self._wake_bots()

    # --- bots ----------------------------------------------------------------------

    def _wake_bots(self) -> None:
        """Start the bots' loop if a bot is to act and it is not running."""
        if self._bots_task is None or self._bots_task.done():
            self._bots_task = asyncio.get_running_loop().create_task(self._run_bots())
            self._bots_task.add_done_callback(_log_failure)

    async def _run_bots(self) -> None:
        """Play the bots' turns until a person's turn comes or the game ends. An
        unexpected error is logged and the loop goes on (after `ERROR_PAUSE`): a loop
        that stopped would leave a bot's seat to move and the table stalled until
        someone else acted, which, with only bots to move, is never."""
        while self.playing and not self.paused:
            try:
                if not await self._bot_turn():
                    break
            except Exception:
                log.exception("a bot's turn failed; the bots play on")
                self._thinking = None
                await self.clock.sleep(max(self.bot_delay, ERROR_PAUSE))
        if self._thinking is not None:
            self._thinking = None
            self._publish()

    async def _bot_turn(self) -> bool:
        """The seat whose turn it is plays through its bot; False when no bot plays it.

        The answer is played only if the game is still where the bot was asked (the
        same game, seat, bot and view): while it thought, its player may have moved,
        the others too, and the seat been handed back to a bot, and an answer to that
        older position may be illegal now. Otherwise it is dropped, and the turn is
        taken afresh (True: the loop goes round)."""
        game = self.game
        assert game is not None and game.turn is not None
        seat = game.turn
        bot = self._seats[seat].bot
        if bot is None:
            return False
        view = game.view(seat)
        if self._thinking != seat:  # not yet said with the action before
            self._thinking = seat
            self._publish()
        decision = self._decide_after(min(self.bot_delay, THINK_AFTER), bot, view)
        action, _ = await asyncio.gather(decision, self.clock.sleep(self.bot_delay))
        self._thinking = None
        if not self._still_at(game, seat, bot, view):
            return True  # the table moved on while the bot thought: ask again
        try:
            game.act(seat, action)
        except IllegalAction:
            log.exception("the bot at seat %d chose %r, which is not legal", seat, action)
            game.act(seat, cautious(game.view(seat)))
        self._after_action()
        return True

    def _still_at(self, game: Game, seat: int, bot: Bot, view: PlayerView) -> bool:
        """The table is where `bot` was asked about `view`: an answer to it is an
        answer to the position now (the view is all the seat knows, so a move legal
        at the one is legal at the other)."""
        return (
            not self.paused
            and self.game is game
            and game.turn == seat
            and self._seats[seat].bot is bot
            and game.view(seat) == view
        )

    async def _decide_after(self, pause: float, bot: Bot, view: PlayerView) -> Action:
        """The bot's decision, asked `pause` seconds from now: the move before it is drawn
        first (a bot thinking in a thread of this process holds the interpreter from the
        one that draws)."""
        if pause > 0:
            await self.clock.sleep(pause)
        return await self._decide(bot, view)

    async def _decide(self, bot: Bot, view: PlayerView) -> Action:
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
        self._spectators = []
        self._watchers = []
        self.chat.close()

    def _end_takeovers(self) -> None:
        """托管 asked for ends with the game: the next deal is the player's to play
        (one who dropped is still played for while away)."""
        for slot in self._seats:
            if _took_over_by_choice(slot.info):
                slot.info, slot.bot = replace(slot.info, takeover=False, level=None), None


def _took_over_by_choice(info: SeatInfo) -> bool:
    """The seat's player handed it to the bot and is at the table (托管 by choice)."""
    return info.kind is SeatKind.HUMAN and info.takeover and info.connected


def _log_failure(task: asyncio.Task[None]) -> None:
    """A bots' loop that stopped on an error says so (a listener failed, say): the
    next action at the table starts it again."""
    if not task.cancelled() and (error := task.exception()) is not None:
        log.error("the bots' loop stopped", exc_info=error)


def _discard(items: list, item: object) -> None:
    with contextlib.suppress(ValueError):
        items.remove(item)
