"""The table: you along the bottom, the other two seats left and right.

The screen plays only through a `TableClient` and shows only `TableState`s, so a
local game against bots and a game over the network look and play the same. State
arrives as a message (from whatever thread the table speaks in) and is handed down
to the widgets as attributes; the widgets report the player's gestures back up.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button

from ddz_tui.bots.hints import coached_hints, hints, wild_hints
from ddz_tui.cards import RANKS, Card, HandOrder, arrange, lowest_suits
from ddz_tui.engine import (
    PASS,
    YES_OR_NO,
    Action,
    ActionRefused,
    Answer,
    Decision,
    IllegalReason,
    MakeBid,
    Phase,
    Play,
    PlayerView,
)
from ddz_tui.i18n import t
from ddz_tui.rules import Combo, classify
from ddz_tui.sound.clips import Effect, Music
from ddz_tui.table.chat import HISTORY, SHOWN_SECONDS, ChatLine
from ddz_tui.table.clients import Chatting, LocalTable, SharedTable, TableClient, Takeover
from ddz_tui.table.seats import TableState
from ddz_tui.table.timing import REAL_CLOCK, Clock, Timer
from ddz_tui.ui.names import bid_word
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.show.reading import last_trick
from ddz_tui.ui.show.table import (
    ANSWER_WORDS,
    SUPER_DOUBLE_WORDS,
    Alert,
    Buttons,
    Raised,
    TableShow,
    Tone,
    bid_first,
    legal_readings,
    news,
    play_words,
    raised_show,
    rank_missing,
    reading_line,
    seat_name,
    seat_title,
    sides,
    status,
    table_show,
)
from ddz_tui.ui.widgets.cards import CardRow, Hand
from ddz_tui.ui.widgets.chips import CardStyle
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.looks import KeptLooks, class_if, enabled_if, shown_if
from ddz_tui.ui.widgets.plain import keyed
from ddz_tui.ui.widgets.table_parts import (
    CardCounter,
    HouseRules,
    MessageLine,
    MyLine,
    SeatPanel,
    TopBar,
    lay_open,
    show_table,
)
from ddz_tui.ui.widgets.waiting import WaitingRoom, waiting_for
from ddz_tui.wild import Reading

log = logging.getLogger(__name__)

RANK_KEYS = {rank: rank.lower() + ("," + rank if rank.isalpha() else "") for rank in RANKS}
RANK_KEYS["T"] = "0,t,T"
RANK_KEYS["B"] = "b,B"
RANK_KEYS["R"] = "r,R"
CLOCK_TICK = 0.25  # seconds between redraws of the turn countdown
CLOCK_WARN = 10  # seconds left when the countdown turns to a warning
REVEAL_PACES = 2  # the hands lie open this many bot delays before the result shows
AUTO_PASS_PAUSE = 1.2  # seconds "can't beat" shows before the pass made for you


class TableUpdated(Message, bubble=False):
    """The table changed: here is what this seat sees now (the screen's own news: not
    handed up to the app, a round of its queue for nothing)."""

    def __init__(self, state: TableState) -> None:
        super().__init__()
        self.state = state


class ChatHeard(Message, bubble=False):
    """A line said at the table (`Chatting`)."""

    def __init__(self, line: ChatLine) -> None:
        super().__init__()
        self.line = line


class ActionButton(Button, KeptLooks, can_focus=False):
    """A button for the mouse; the keyboard has a key for each of them.

    Greyed and back without a restyle: Textual matches the whole stylesheet against a
    widget again whenever `disabled` changes (a millisecond a button), and the table
    turns Play, Pass and Hint on and off at every turn. The look a disabled button
    has (Button's `:disabled` rule: `text-opacity: 0.6`, the not-allowed pointer) is
    set on the button's own styles instead. Each look (lit, grey) is drawn once."""

    def watch_disabled(self, disabled: bool) -> None:
        if disabled and self.mouse_hover and self.app.mouse_over is not None:
            self._message_queue.put_nowait(events.Leave(self.app.mouse_over))
        self.styles.text_opacity = 0.6 if disabled else 1.0
        self.styles.pointer = "not-allowed" if disabled else "pointer"

    def look(self) -> Hashable:
        return self.label, self.styles.text_opacity


@dataclass(frozen=True)
class TableParts:
    """The table screen's widgets that each state sets."""

    hand: Hand
    seats: Widget
    seat_panels: tuple[SeatPanel, SeatPanel]  # left, right
    house: HouseRules
    message: MessageLine
    counter: CardCounter
    bid_buttons: Widget
    play_buttons: Widget
    bids: tuple[Button, ...]  # 0 to 3
    play_button: Button
    pass_button: Button
    hint_button: Button
    answers: dict[str, tuple[Widget, Button, Button, Button | None]]
    """Each decision's row of buttons: the row, yes, no, and super double where it has one."""

    @classmethod
    def of(cls, screen: TableScreen) -> TableParts:
        find = screen.query_one
        return cls(
            hand=find("#hand", Hand),
            seats=find("#seats"),
            seat_panels=(find("#left-seat", SeatPanel), find("#right-seat", SeatPanel)),
            house=find("#house", HouseRules),
            message=find(MessageLine),
            counter=find(CardCounter),
            bid_buttons=find("#bid-buttons"),
            play_buttons=find("#play-buttons"),
            bids=tuple(find(f"#bid-{bid}", Button) for bid in range(4)),
            play_button=find("#play", Button),
            pass_button=find("#pass", Button),
            hint_button=find("#hint", Button),
            answers={
                word: (
                    find(f"#{word}-buttons"),
                    find(f"#{word}-yes", Button),
                    find(f"#{word}-no", Button),
                    find(f"#{word}-super", Button) if word in SUPER_DOUBLE_WORDS else None,
                )
                for word in ANSWER_WORDS
            },
        )


class TableScreen(AppScreen):
    MUSIC = Music.GAME
    # Textual declares them `ClassVar[...] | None`, which mypy reads as instance variables
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (34, "-tall")]  # type: ignore[misc]
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (140, "-wide")]  # type: ignore[misc]
    AT_STAKE: ClassVar[bool] = True
    """A game here counts: quitting the app mid-way asks first (the lesson's does not)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", show=False),  # the buttons show these keys
        Binding("p,P", "pass", show=False),
        Binding("h,H", "hint", show=False),
        *(Binding(str(bid), f"bid({bid})", show=False) for bid in range(4)),
        Binding("enter", "ready", "keys.ready"),
        Binding("f,F", "fill", "keys.fill"),
        Binding("escape", "clear", "keys.clear"),
        Binding("escape", "leave", "keys.leave"),
        Binding("c,C", "counter", "keys.counter"),
        Binding("l,L", "last_trick", "keys.last_trick", show=False),  # Help lists it
        Binding("v,V", "result", "keys.result"),
        Binding("e,E", "chat", "keys.chat", show=False),  # Help lists it
        Binding("g,G", "hand_order", "keys.hand_order", show=False),  # O is Host on the title
        Binding("d,D", "card_style", show=False),  # Help lists it
        Binding("u,U", "takeover", show=False),  # the button shows this key
        Binding("f1,question_mark", "help", "keys.help"),
        *(Binding(keys, f"rank('{rank}')", show=False) for rank, keys in RANK_KEYS.items()),
        Binding("1", "rank('T')", show=False),
        # the buttons beside the hand show these keys, as they do the bids'
        Binding("y,Y", "answer(True)", show=False),
        Binding("s,S", "super_double", show=False),  # 超级加倍, where the rules have it
        Binding("n,N", "answer(False)", show=False),
    ]

    def __init__(self, client: TableClient, clock: Clock = REAL_CLOCK) -> None:
        """`clock`: what the pause before a pass made for you and the turn's countdown
        go by (a test hands in one it moves itself)."""
        super().__init__()
        self.client = client
        self.shared = isinstance(client, SharedTable)
        """A table other players sit at: the deal waits until everyone is ready. (Asked
        at every update: a protocol's `isinstance` takes some 50 µs.)"""
        self.clock = clock
        self._auto_pass: Timer | None = None
        self._assisted: tuple[int, int] | None = None  # the turn passed or raised for you
        self.state: TableState | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._alert: Alert | None = None  # said over the state line (see Alert)
        self._hints: list[Combo | Reading | None] = []
        self._hints_for: PlayerView | None = None
        self._hint_index = -1
        self._ten_armed = False  # "1" selected a ten: a "0" right after it is the same ten
        self._result_for_game: int | None = None
        self._result_open = False
        self._result_aside = False  # the result was put aside to look at the table
        self._deadline: float | None = None  # when the turn timer runs out (monotonic)
        self._clock: int | None = None  # the seconds left, as shown
        self._drawing_table = False  # see _drawing
        # chat: the lines heard (muted senders' left out), what each seat said last
        # and until when it shows beside the seat (by `clock`), the names muted
        self.chat_lines: deque[ChatLine] = deque(maxlen=HISTORY)
        self._bubbles: dict[int, tuple[str, float]] = {}
        self.muted: set[str] = set()
        self._unsubscribe_chat: Callable[[], None] | None = None
        # a spectator at a server's table: the public view from seat 0's chair, no hand
        # while the game is on, no move, Esc back to the lobby
        self.watching: bool = getattr(client, "watching", False) is True

    @property
    def waiting(self) -> bool:
        """Between games at a shared table (and past the result): the waiting room shows."""
        view = self.view
        if not self.shared or self.state is None:
            return False
        if view is None:
            return True
        return view.phase is Phase.OVER and not (self._result_open or self._result_aside)

    @property
    def can_take_over(self) -> bool:
        """The player can hand the seat to a bot here (托管)."""
        return isinstance(self.client, Takeover) and not self.watching

    @property
    def taken_over(self) -> bool:
        """A bot plays this seat for the player now (托管)."""
        state = self.state
        return state is not None and state.seats[state.seat].takeover

    # --- building --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TopBar(id="top")
        with Vertical(id="table"):
            with Horizontal(id="seats"):
                yield SeatPanel(id="left-seat")
                yield HouseRules(id="house")
                yield SeatPanel(id="right-seat")
            with Horizontal(id="lanes"):
                yield CardRow(id="left-play")
                yield CardCounter(id="counter")
                yield CardRow(id="right-play")
            yield CardRow(id="my-play")
        if self.shared:
            yield WaitingRoom(id="waiting")
        yield MessageLine(id="message")
        yield Hand(id="hand")
        with Horizontal(id="actions"):
            yield MyLine(id="my-line")
            with Horizontal(id="play-buttons"):
                yield ActionButton(keyed("Enter", t("ui.button.play")), id="play", compact=True)
                yield ActionButton(keyed("P", t("ui.button.pass")), id="pass", compact=True)
                yield ActionButton(keyed("H", t("ui.button.hint")), id="hint", compact=True)
            with Horizontal(id="bid-buttons"):
                for bid in range(4):
                    yield ActionButton(
                        keyed(str(bid), bid_word(bid)), id=f"bid-{bid}", compact=True
                    )
            for word in ANSWER_WORDS:
                with Horizontal(id=f"{word}-buttons", classes="answer-buttons"):
                    yes, no = t(f"ui.answer.{word}"), t(f"ui.answer.no_{word}")
                    yield ActionButton(keyed("Y", yes), id=f"{word}-yes", compact=True)
                    if word in SUPER_DOUBLE_WORDS:  # shown where the rules have it
                        yield ActionButton("", id=f"{word}-super", compact=True)
                    yield ActionButton(keyed("N", no), id=f"{word}-no", compact=True)
            if self.can_take_over:
                yield ActionButton(keyed("U", t("ui.button.takeover")), id="takeover", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self.watching:  # a spectator's hand, hidden, would lend the footer its keys
            self.query_one(Hand).focus()
        self.watch(self.hand, "selected", self._raised, init=False)
        self._unsubscribe = self.client.subscribe(self._on_table)
        if isinstance(self.client, Chatting):
            self._unsubscribe_chat = self.client.subscribe_chat(self._on_chat)
        self._ticker = self.set_interval(CLOCK_TICK, self._tick, pause=True)

    async def on_unmount(self) -> None:
        if self._auto_pass is not None:
            self._auto_pass.cancel()
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self._unsubscribe_chat is not None:
            self._unsubscribe_chat()
        # A shared seat is left only when the player gets up: when the app quits, the
        # session just ends, and the server holds the seat for a comeback.
        if self.app.return_code is None or not self.shared:
            await self.client.close()

    def _on_table(self, state: TableState) -> None:
        """The table's listener: may be called from any thread, so only post."""
        self.post_message(TableUpdated(state))

    # --- showing the table -------------------------------------------------------------

    @property
    def view(self) -> PlayerView | None:
        return None if self.state is None else self.state.view

    @property
    def hand(self) -> Hand:
        return self.query_one("#hand", Hand)

    @property
    def my_line(self) -> MyLine:
        return self.query_one("#my-line", MyLine)

    @property
    def _seat_panels(self) -> tuple[SeatPanel, SeatPanel]:
        """The other two seats: left, right."""
        return self.query_one("#left-seat", SeatPanel), self.query_one("#right-seat", SeatPanel)

    _found: TableParts | None = None

    @property
    def _parts(self) -> TableParts:
        """The widgets every state sets, found once the screen is mounted (some thirty
        lookups a state took a quarter of a millisecond)."""
        found = self._found
        if found is None:
            found = self._found = TableParts.of(self)
        return found

    def on_table_updated(self, message: TableUpdated) -> None:
        previous, self.state = self.state, message.state
        state = message.state
        view = state.view
        self._start_clock(state)
        if view is None:
            self._show_clock()
            if self.shared:
                self._alert = news(previous, state) or self._alert
                self._show_waiting()
                return
            if previous is None:
                self._act(self.client.next_game)
            self._say(t("ui.msg.dealing"))
            return
        if view.phase is not Phase.OVER:
            self._result_aside = False
            self._close_watched_result()
        with self._drawing():  # the whole table is drawn next, your line with it
            if self.watching:  # the bottom seat's cards only as they are public
                public = view.hand or view.shown_hands[view.seat] or ()
                self.hand.cards = arrange(public, self._hand_order)
                # a class, not `display`: set on the widget, that would beat the waiting
                # room's rule that hides the hand (and the class changes once a game)
                self.hand.set_class(not public, "-unheld")
            else:
                self.hand.cards = arrange(view.hand, self._hand_order)
            self.hand.wild = view.wild
            raised = self._raise_last_play(state)
        shown = self._show_table(previous)
        for effect in shown.cues:
            self._sound(effect)
        if shown.moved:
            self._alert = None
        self._alert = shown.news or self._alert
        if raised:
            self._alert = Alert(t("ui.msg.last_play_raised"), Tone.INFO)
        self._pass_if_nothing_beats(state)
        self._show_counter(view)
        if view.phase is Phase.OVER and self._result_for_game != state.games:
            self._result_for_game = state.games
            self._reveal_then_result(state)
        if not self._show_waiting():
            self._show_message()
            self.refresh_bindings()

    def _show_table(self, previous: TableState | None) -> TableShow:
        """Draw the table as `table_show` has it; `previous`: the state drawn before."""
        assert self.state is not None
        shown = table_show(self.state, previous, self._clock, self.hand.selected_cards)
        show_table(self, shown, self._seat_panels)
        middle = "\n".join(part for part in (shown.redealt, shown.house) if part)
        parts = self._parts
        parts.house.show(middle)
        class_if(parts.seats, shown.others_shown, "-shown")
        self._show_raised(shown.raised)
        self._show_clock()
        buttons = shown.buttons
        view = self.state.view
        assert view is not None
        # once the game is over the table is only looked at (the hands laid open): no
        # button of the game shows, nor the keys that raise cards
        playing = view.phase is not Phase.OVER
        parts.hand.in_play = playing
        # which buttons show is set on them, not by a class of the screen: a screen's
        # class restyles every widget on it
        answering = buttons.answer is not None
        watching = self.watching  # a spectator moves nothing
        shown_if(parts.bid_buttons, buttons.bidding and not answering and not watching)
        shown_if(
            parts.play_buttons,
            playing and not buttons.bidding and not answering and not watching,
        )
        for button, enabled in zip(parts.bids, buttons.bids, strict=True):
            enabled_if(button, enabled)
        enabled_if(parts.pass_button, buttons.pass_turn)
        enabled_if(parts.hint_button, buttons.hint)
        for word, (row, yes, no, super_double) in parts.answers.items():
            shown_if(row, word == buttons.answer and not watching)
            enabled_if(yes, buttons.answering)
            enabled_if(no, buttons.answering)
            if super_double is not None:
                self._show_super_double(super_double, buttons)
        laid_open = bool(view.hands_at_end)
        if parts.seats.has_class("-laid-open") != laid_open:
            self._lay_open(laid_open)
        self._show_takeover(view)
        return shown

    def _lay_open(self, laid_open: bool) -> None:
        """The seats laid open at the game's end (`lay_open`): as tall as the hands,
        except in the tall and wide layout, whose panels hold a hand laid open as they
        are."""
        parts = self._parts
        tall_and_wide = self.has_class("-tall") and self.has_class("-wide")
        lay_open(parts.seats, parts.seat_panels, laid_open, grow=not tall_and_wide)

    def on_resize(self, event: events.Resize) -> None:  # after AppScreen's (Textual calls both)
        """The layout may have changed (`HORIZONTAL_BREAKPOINTS`): the laid-open seats
        follow it."""
        if self.is_mounted and self._parts.seats.has_class("-laid-open"):
            self._lay_open(True)

    def _show_raised(self, raised: Raised) -> None:
        """What the raised cards change: your line (its words for them) and Play."""
        line = self.my_line
        line.words = replace(
            line.words,
            me=raised.me,
            brief=raised.me_brief,
            my_turn=raised.my_turn,
            selection=raised.selection,
        )
        enabled_if(self._parts.play_button, raised.play)

    def _show_waiting(self) -> bool:
        """Between games at a shared table: who sits where and who is ready (shown,
        with the message line and the keys, when it returns True)."""
        waiting = self.waiting
        if waiting != self.has_class("-waiting"):
            self.set_class(waiting, "-waiting")
            first = "#leave-table" if self.watching else "#ready"
            focus = self.query_one(first) if waiting else self.hand
            if not self.too_small:
                if self.watching and not waiting:  # its hand, hidden, would lend the
                    self.set_focus(None)  # footer its keys
                else:
                    focus.focus()
        if not waiting:
            return False
        state = self.state
        assert state is not None
        client = self.client
        assert isinstance(client, SharedTable)  # only a shared table has a waiting room
        online = getattr(self.app, "online", None)
        invite = None if online is None else online.invite
        self.query_one(WaitingRoom).show(state, client.title, invite, watching=self.watching)
        self._show_message()
        self.refresh_bindings()
        return True

    # --- the turn timer --------------------------------------------------------------

    def _start_clock(self, state: TableState) -> None:
        """The timer's time left comes with each state; it is counted down here."""
        seconds = state.turn_seconds if state.view is not None else None
        self._deadline = None if seconds is None else self.clock.now() + seconds
        self._clock = self._seconds_left()
        if self._deadline is not None:
            self._ticker.resume()

    def _seconds_left(self) -> int | None:
        if self._deadline is None:
            return None
        return max(0, math.ceil(self._deadline - self.clock.now()))

    def _tick(self) -> None:
        """Count the turn down and let chat lines go; with neither to do, the ticks
        stop until one comes (ticking for nothing, a screen cost its process some 1.2 ms
        of CPU a second: a server with many players pays it for each)."""
        left = self._seconds_left()
        if left != self._clock:
            self._clock = left
            self._show_clock()
        if self._bubbles and min(until for _, until in self._bubbles.values()) <= self.clock.now():
            self._show_bubbles()
        if self._deadline is None and not self._bubbles:
            self._ticker.pause()

    def _show_clock(self) -> None:
        """The countdown: by your name on your turn, on the seat whose turn it is else."""
        view = self.view
        turn = None if view is None or self._clock is None else view.turn
        mine = turn is not None and view is not None and turn == view.seat
        line = self.my_line
        low = mine and self._clock is not None and self._clock <= CLOCK_WARN
        clock = t("ui.clock", s=self._clock) if mine else None
        line.words = replace(line.words, clock=clock, clock_low=low)
        for panel in self._seat_panels:
            shown = panel.seat
            if shown is None:
                continue
            ticking = shown.turn and turn is not None and not mine
            clock_now = self._clock if ticking else None
            if shown.clock != clock_now:
                panel.seat = replace(shown, clock=clock_now)

    def _show_takeover(self, view: PlayerView) -> None:
        """The 托管 button: it stands out while the bot plays the seat, and is gone once
        the game is over."""
        if not self.can_take_over:
            return
        takeover = self.query_one("#takeover", Button)
        takeover.display = view.phase is not Phase.OVER
        takeover.set_class(self.taken_over, "-on")

    def _show_counter(self, view: PlayerView) -> None:
        """The counter's figures, while it shows (hidden, as it starts, it is filled as
        it opens: counting at every move for no one took a third of a millisecond)."""
        counter = self._parts.counter
        if counter.display:
            counter.show(view.unseen, view.landlord_holds, self.ddz.ascii_cards)

    def _show_message(self) -> None:
        if self._alert is not None:
            self._say(self._alert.text, self._alert.tone)
        elif self.waiting and self.watching:
            self._say(t("ui.watch.waiting"))
        elif self.waiting:
            assert self.state is not None
            self._say(waiting_for(self.state))
        elif self.state is not None and self.view is not None:
            self._say(status(self.state))

    def _say(self, text: str, tone: Tone = Tone.PLAIN) -> None:
        self._parts.message.say(text, tone.value)

    def _warn(self, text: str, tone: Tone = Tone.ERROR) -> None:
        """Say `text` over the state line, until the game moves or the selection changes."""
        self._alert = Alert(text, tone)
        self._show_message()

    def _reveal_then_result(self, state: TableState) -> None:
        """The other hands lie open on the table a moment, then the result shows."""
        pause = REVEAL_PACES * self.ddz.settings.bot_delay
        games = state.games
        self._result_open = True  # on its way: the waiting room stays away meanwhile
        if pause <= 0:
            self._show_result(state)
            return

        def show() -> None:
            now = self.state
            view = None if now is None or now.games != games else now.view
            if now is not None and view is not None and view.phase is Phase.OVER:
                self._show_result(now)
            else:
                self._result_open = False

        self.clock.call_later(pause, show)

    def _show_result(self, state: TableState) -> None:
        from ddz_tui.ui.screens.result import ResultScreen, SharedResultScreen, WatchedResultScreen

        kind = SharedResultScreen if self.shared else ResultScreen
        if self.watching:
            kind = WatchedResultScreen
        self._result_open = True
        self._result_aside = False
        self.app.push_screen(kind(state, seat_title), self._after_result)

    def _close_watched_result(self) -> None:
        """A spectator's result of the game before closes once the next is dealt: the
        players, not the spectator, decide when that is."""
        from ddz_tui.ui.screens.result import WatchedResultScreen

        shown = self.app.screen
        if (
            self.watching
            and isinstance(shown, WatchedResultScreen)
            and self in self.app.screen_stack
        ):
            shown.dismiss(True)

    def _after_result(self, again: bool | str | None) -> None:
        from ddz_tui.ui.screens.result import PUT_ASIDE

        self._result_open = False
        if again is True and self.watching:  # watch on: the waiting room, or the next deal
            self._show_waiting()
            self._show_message()
            self.refresh_bindings()
            return
        if again == PUT_ASIDE:
            self._result_aside = True
            self._show_waiting()
            self._show_message()
            self.refresh_bindings()
            return
        if again:
            self._alert = None
            self._act(self.client.next_game)
            self._show_waiting()
        else:
            self.dismiss()

    # --- moves made for you (the auto_pass setting) -------------------------------------

    def _assisting(self, state: TableState) -> PlayerView | None:
        """The view, when a move may be made for you in it: the setting is on, it is your
        turn to play, no bot plays your seat (托管), and none was made this turn yet. Never
        for a spectator: the seat it is drawn from is another's."""
        view = state.view
        if self.watching or not self.ddz.settings.auto_pass or self.taken_over or view is None:
            return None
        if view.phase is not Phase.PLAYING or not view.my_turn:
            return None
        return None if self._assisted == _turn_of(state) else view

    def _raise_last_play(self, state: TableState) -> bool:
        """Your whole hand is one legal play: it is raised, so Enter plays it (True)."""
        view = self._assisting(state)
        if view is None or self.hand.selected or classify(view.hand) is None:
            return False
        if not any(len(combo.cards) == len(view.hand) for combo in view.legal_plays):
            return False
        self._assisted = _turn_of(state)
        self.hand.select(view.hand)
        return True

    def _pass_if_nothing_beats(self, state: TableState) -> None:
        """Nothing in your hand beats the play: "can't beat" shows, and after a pause to
        read it you pass, unless the turn has moved on or a bot took the seat meanwhile."""
        view = self._assisting(state)
        if view is None or view.to_beat is None or _can_play(view):
            return
        turn = self._assisted = _turn_of(state)
        play = play_words(view.to_beat, view.trick.reading)
        self._alert = Alert(t("ui.msg.cant_beat", play=play), Tone.INFO)

        def pass_now() -> None:
            self._auto_pass = None
            now = self.state
            if now is None or _turn_of(now) != turn or not self.is_attached:
                return
            view = now.view
            if self.taken_over or not self.ddz.settings.auto_pass or view is None:
                return
            if view.my_turn and view.to_beat is not None and not _can_play(view):
                self._send(PASS)

        if self._auto_pass is not None:
            self._auto_pass.cancel()
        self._auto_pass = self.clock.call_later(AUTO_PASS_PAUSE, pass_now)

    # --- the player's gestures ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        view = self.view
        phase = None if view is None else view.phase
        if self.watching and action in _NOT_WATCHING:
            return False
        if action in _KEY_DECISIONS:
            return self._game_key(action)
        if action == "rank":
            return phase is Phase.PLAYING
        if action == "ready":
            return self.waiting
        if action == "fill":
            if not self.waiting or self.state is None:
                return False
            return True if any(info.is_empty for info in self.state.seats) else None
        if action == "clear":
            return bool(self.hand.selected)
        if action == "leave":
            return not self.hand.selected
        if action == "counter":
            return view is not None
        if action == "last_trick":  # the laid-open table too: the game looked back at
            return phase is Phase.PLAYING or (phase is Phase.OVER and self._result_aside)
        if action == "result":
            return phase is Phase.OVER and self._result_aside
        if action == "hand_order":
            return view is not None
        if action == "takeover":
            return self.can_take_over and view is not None and phase is not Phase.OVER
        if action == "chat":
            return isinstance(self.client, Chatting)
        return True

    def _game_key(self, action: str) -> bool | None:
        """Whether a key of the game (play, pass, hint, a bid, yes or no) works now: when
        what it answers is due (None, greyed, on another's turn). Play, pass and hint
        also while the landlord is chosen or a question is due, to say that comes
        first; a bid while a question is due, for the game to say which. The super
        double (S) only where the rules have it."""
        view = self.view
        due = None if view is None else view.decision
        if view is None or due is None:
            return False
        if action == "super_double" and not view.rules.super_double:
            return False
        if due in _KEY_DECISIONS[action]:
            return True if view.my_turn else None
        if action in ("play", "pass", "hint"):
            return True
        return action == "bid" and due in YES_OR_NO and view.my_turn

    def notice_key(self, key: str) -> bool:
        """Every key typed comes here in order, before its binding runs, even when
        several arrive in one write (a paste, a fast typist): so the "0" of a "10" is
        recognised here (and goes no further), not by the action of the "1", which may
        not have run yet."""
        armed = self._ten_armed
        self._ten_armed = key == "1" and self.check_action("rank", ("T",)) is True
        return not (key == "0" and armed)

    @work(group="act")
    async def _act(self, action: Callable[[], Awaitable[None]]) -> None:
        """Ask the table to do something; a refusal is shown, never raised."""
        try:
            await action()
        except ActionRefused as refused:  # by the game here, or by the table's server
            self._refused(refused)

    def _send(self, action: Action) -> None:
        """Make a move: at a table in this process at once, else by `_act`."""
        client = self.client
        if not isinstance(client, LocalTable):
            self._act(lambda: client.act(action))
            return
        try:
            client.act_here(action)
        except ActionRefused as refused:
            self._refused(refused)

    def _refused(self, refused: ActionRefused) -> None:
        if refused.code != IllegalReason.NOT_YOUR_TURN.value:  # not a key pressed twice
            self._warn(refused.message)  # as the turn passed: nothing to explain

    def _bidding(self) -> bool:
        """While the landlord is chosen, or a yes-or-no question of the house rules is
        due, play, pass and hint say so and do nothing."""
        view = self.view
        if view is None or view.decision in (Decision.PLAY, None):
            return False
        assert self.state is not None
        self._warn(bid_first(self.state), Tone.INFO)
        return True

    def _move(self, action: Action) -> None:
        """A move the player makes: if a bot was playing for them (托管), it stops."""
        client = self.client
        if not self.taken_over:
            self._send(action)
            return
        assert isinstance(client, Takeover)  # a seat taken over can be taken back

        async def take_back_and_move() -> None:
            await client.takeover(False)
            await client.act(action)

        self._act(take_back_and_move)

    @on(Button.Pressed, "#play")
    def action_play(self) -> None:
        if self._bidding():
            return
        cards = tuple(self.hand.selected_cards)
        view = self.view
        if view is None or view.wild is None or not cards:
            self._move(Play(cards))
            return
        # 癞子: the reading the hint offered, the one legal reading, or the player's choice
        legal = legal_readings(view, cards)
        hinted = self._hinted(cards)
        if hinted is not None and hinted in legal:
            self._move(Play(cards, hinted))
        elif len(legal) > 1:
            self._choose_reading(view, cards, legal)
        else:
            self._move(Play(cards, legal[0] if legal else None))

    def _hinted(self, cards: tuple[Card, ...]) -> Reading | None:
        """The reading the hint key offered last, if these are the cards it raised."""
        if self._hints_for is not self.view or not 0 <= self._hint_index < len(self._hints):
            return None
        hint = self._hints[self._hint_index]
        if not isinstance(hint, Reading) or self._hints_for is None:
            return None
        return hint if lowest_suits(hint.cards, self._hints_for.hand) == cards else None

    def _choose_reading(
        self, view: PlayerView, cards: tuple[Card, ...], legal: list[Reading]
    ) -> None:
        """癞子: the raised cards are read several ways: the player chooses (the
        strongest first); Esc leaves the hand as it was."""
        from ddz_tui.ui.screens.reading_choice import ReadingChoice

        def chosen(index: int | None) -> None:
            if index is not None and self.view is view:
                self._move(Play(cards, legal[index]))

        self.app.push_screen(ReadingChoice([reading_line(cards, r) for r in legal]), chosen)

    @on(Button.Pressed, "#pass")
    def action_pass(self) -> None:
        if not self._bidding():
            self._move(PASS)

    def action_bid(self, bid: int) -> None:
        self._move(MakeBid(bid))

    def action_answer(self, yes: bool) -> None:
        """Yes or no to the question due: call, grab, show or double."""
        view = self.view
        if view is not None and view.decision in YES_OR_NO:
            self._move(Answer(view.decision, yes))

    def action_super_double(self) -> None:
        """超级加倍: a double worth `Factors.super_double` (×4), where the rules have it."""
        view = self.view
        if view is not None and view.decision is Decision.DOUBLE and view.rules.super_double:
            self._move(Answer(Decision.DOUBLE, True, 2))

    @on(Button.Pressed, ".answer-buttons Button")
    def _answer_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        if event.button.id.endswith("-super"):
            self.action_super_double()
        else:
            self.action_answer(event.button.id.endswith("-yes"))

    @staticmethod
    def _show_super_double(button: Button, buttons: Buttons) -> None:
        """The super double button (超级加倍) shows only where the rules have it, and
        says its factor; its label is set only when that changes (no layout per state)."""
        factor = buttons.super_double
        shown_if(button, factor is not None)
        enabled_if(button, buttons.answering)
        label = None if factor is None else keyed("S", t("ui.answer.super_double", x=factor))
        if label is not None and label.plain != str(button.label):
            button.label = label

    def action_rank(self, rank: str) -> None:
        if not self.hand.select_rank(rank):
            self._warn(rank_missing(self.hand.cards, rank), Tone.INFO)

    def action_clear(self) -> None:
        self.hand.clear()

    @on(Button.Pressed, "#hint")
    def action_hint(self) -> None:
        if self._bidding():
            return
        if self.view is not None:
            self._hint(self.view)

    @work(exclusive=True, group="hint")
    async def _hint(self, view: PlayerView) -> None:
        """Raise the next suggested play; suggestions are worked out off the event loop."""
        if self._hints_for is not view:
            coached = self.ddz.settings.coach_hints
            self._hints = await asyncio.to_thread(_suggestions, view, coached)
            self._hints_for, self._hint_index = view, -1
        if self.view is not view:
            return
        if not self._hints:
            last = view.to_beat
            assert last is not None
            self._warn(t("ui.msg.no_hint", play=last.describe()), Tone.INFO)
            return
        self._hint_index = (self._hint_index + 1) % len(self._hints)
        combo = self._hints[self._hint_index]
        self.hand.select(() if combo is None else lowest_suits(combo.cards, view.hand))
        i, n = self._hint_index + 1, len(self._hints)
        if combo is None:  # the coach's first hint may be to pass
            self._warn(t("ui.msg.hint_pass", i=i, n=n), Tone.INFO)
        elif isinstance(combo, Reading):  # 癞子: the play with what its wilds stand for
            play = reading_line(lowest_suits(combo.cards, view.hand), combo)
            self._warn(t("ui.msg.hint", i=i, n=n, play=play), Tone.INFO)
        else:
            self._warn(t("ui.msg.hint", i=i, n=n, play=combo.describe()), Tone.INFO)

    def action_counter(self) -> None:
        counter = self.query_one(CardCounter)
        counter.display = not counter.display
        if self.view is not None:  # (drawn after this: it opens with the figures)
            self._show_counter(self.view)

    # --- chat --------------------------------------------------------------------------

    def _on_chat(self, line: ChatLine) -> None:
        """The chat's listener: as the table's, only posts."""
        self.post_message(ChatHeard(line))

    def on_chat_heard(self, message: ChatHeard) -> None:
        """A line said at the table shows beside its sender's seat for SHOWN_SECONDS
        (also on the message line when it does not fit there whole, and only there in
        the waiting room, where no seat is drawn); a muted sender's is not shown at
        all."""
        line = message.line
        state = self.state
        mine = state is not None and line.seat == state.seat
        if line.seat is None or (line.name in self.muted and not mine):
            return
        self.chat_lines.append(line)
        words = line.words()
        self._bubbles[line.seat] = (words, self.clock.now() + SHOWN_SECONDS)
        self._ticker.resume()  # to let it go in time
        if self.waiting or not self._room_beside(line.seat, words):
            self._warn(t("ui.chat.said", name=line.name, words=words), Tone.INFO)
        if not self.waiting:
            self._show_bubbles()

    def _show_bubbles(self) -> None:
        """What each seat said lately, beside it: on the other seats' borders, on your
        line for your own; gone once its time is up."""
        now = self.clock.now()
        self._bubbles = {seat: said for seat, said in self._bubbles.items() if said[1] > now}
        state = self.state
        if state is None:
            return
        for panel, seat in zip(self._seat_panels, sides(state.seat), strict=True):
            panel.speak(self._said(seat))
        line = self.my_line
        mine = self._said(state.seat)
        if line.words.said != mine:
            line.words = replace(line.words, said=mine)

    def _room_beside(self, seat: int, words: str) -> bool:
        """Whether `words` show whole beside `seat` (else the message line says them)."""
        state = self.state
        if state is None or seat == state.seat:
            return self.my_line.has_room_for(words)
        panel = dict(zip(sides(state.seat), self._seat_panels, strict=True))[seat]
        return panel.has_room_for(words)

    def _said(self, seat: int) -> str | None:
        said = self._bubbles.get(seat)
        return None if said is None else said[0]

    def action_chat(self) -> None:
        """The chat dialog: a quick phrase, your own words, or a seat to mute."""
        from ddz_tui.ui.screens.chat import ChatDialog

        state = self.state
        others: list[tuple[str, bool]] = []
        if state is not None:
            for seat, info in enumerate(state.seats):
                if seat != state.seat and info.name and not info.is_empty:
                    others.append((info.name, info.name in self.muted))
        recent = [t("ui.chat.said", name=line.name, words=line.words()) for line in self.chat_lines]
        self.app.push_screen(ChatDialog(recent, others), self._chat_chosen)

    def _chat_chosen(self, choice: object) -> None:
        from ddz_tui.ui.screens.chat import ChatChoice

        client = self.client
        if not isinstance(choice, ChatChoice) or not isinstance(client, Chatting):
            return
        if choice.mute is not None:
            name = choice.mute
            if name in self.muted:
                self.muted.discard(name)
                self._warn(t("ui.chat.unmuted", name=name), Tone.INFO)
            else:
                self.muted.add(name)
                self._bubbles = {
                    seat: said
                    for seat, said in self._bubbles.items()
                    if self.state is None or self.state.seats[seat].name != name
                }
                self._show_bubbles()
                self._warn(t("ui.chat.muted", name=name), Tone.INFO)
            return
        self._act(lambda: client.say(choice.phrase, choice.text))

    def action_last_trick(self) -> None:
        """The trick before this one, over the table, until the key is pressed again."""
        from ddz_tui.ui.screens.last_trick import LastTrickScreen

        state, view = self.state, self.view
        assert state is not None and view is not None
        trick = last_trick(view)
        if not trick:
            self._warn(t("ui.msg.no_last_trick"), Tone.INFO)
            return
        rows = [(seat_name(state, seat), cards) for seat, cards in trick]
        self.app.push_screen(LastTrickScreen(rows, view.wild))

    def action_result(self) -> None:
        """The result put aside comes back."""
        if self.state is not None:
            self._show_result(self.state)

    @property
    def _hand_order(self) -> HandOrder:
        return self.ddz.settings.hand_order

    def action_hand_order(self) -> None:
        """By rank or by count: the hand is laid out again, and the choice remembered."""
        order = HandOrder.RANK if self._hand_order is HandOrder.COUNT else HandOrder.COUNT
        self.ddz.update_settings(hand_order=order)
        if self.view is not None:
            self.hand.cards = arrange(self.view.hand, order)
        self._warn(t(f"ui.msg.hand_order.{order.value}"), Tone.INFO)

    def action_card_style(self) -> None:
        """The discreet style (plain ranks, no frames, no colours) or the chips, at once
        for every card on screen (the app redraws them), and remembered."""
        style = CardStyle.CHIPS if self.ddz.card_style is CardStyle.DISCREET else CardStyle.DISCREET
        self.ddz.update_settings(card_style=style)
        self._warn(t(f"ui.msg.card_style.{style.value}"), Tone.INFO)

    @on(Button.Pressed, "#takeover")
    def action_takeover(self) -> None:
        """托管 on or off: the normal bot plays this seat until it is pressed again."""
        client = self.client
        assert isinstance(client, Takeover)  # the key and button are there only then
        on = not self.taken_over
        self._alert = None
        self._act(lambda: client.takeover(on))

    @on(Button.Pressed, "#ready")
    def action_ready(self) -> None:
        state = self.state
        assert state is not None
        client = self.client
        assert isinstance(client, SharedTable)  # the Ready button is a shared table's
        self._alert = None
        ready = not state.seats[state.seat].ready
        self._act(lambda: client.ready(ready))

    @on(Button.Pressed, "#fill")
    def action_fill(self) -> None:
        client = self.client
        assert isinstance(client, SharedTable)  # filling seats is a shared table's
        level = self.query_one(WaitingRoom).level
        self._alert = None
        self._act(lambda: client.fill(level.value))

    @on(Button.Pressed, "#leave-table")
    def action_leave(self) -> None:
        from ddz_tui.ui.screens.confirm import ConfirmScreen

        view = self.view
        if view is None or view.phase is Phase.OVER or self.watching:
            self.dismiss()  # a spectator leaves nothing behind: no question asked
            return
        client = self.client
        left = client.leaving() if isinstance(client, LocalTable) else None
        if self.shared:
            text = t("ui.leave.question_shared")
        elif left is not None:
            text = t("ui.leave.question_lost", score=f"{left.scores[left.seat]:+d}")
        else:
            text = t("ui.leave.question")
        question = ConfirmScreen(text, t("ui.leave.yes"), t("ui.leave.no"))
        self.app.push_screen(question, self._leave_answered)

    def _leave_answered(self, yes: bool | None) -> None:
        """Yes: a game against bots is kept as left, lost (`LocalTable.leave`)."""
        if yes and isinstance(self.client, LocalTable):
            self.client.leave()
        self.dismiss_if(yes)

    def _raised(self, before: frozenset[Card], after: frozenset[Card]) -> None:
        """Other cards are raised (by a key, a click or a hint; watched, so the table
        is drawn again in the same step as the hand, one frame): the select sound when
        a chip rose, and the table as the selection has it."""
        if after - before:
            self._sound(Effect.SELECT)
        if not self._drawing_table:
            self._selection_changed()

    @contextmanager
    def _drawing(self) -> Iterator[None]:
        """While the table is drawn whole: a selection the new hand changes is drawn
        with it, not on its own first."""
        self._drawing_table = True
        try:
            yield
        finally:
            self._drawing_table = False

    def _sound(self, effect: Effect) -> None:
        self.ddz.sound.effect(effect)

    def _selection_changed(self) -> None:
        """Other cards are raised: whatever was said is over (see Alert)."""
        self._alert = None
        if self.state is not None and self.view is not None:
            self._show_raised(raised_show(self.state, self.hand.selected_cards))
            self._show_message()
        self.refresh_bindings()

    @on(Button.Pressed, "#bid-buttons Button")
    def _bid_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.action_bid(int(event.button.id.removeprefix("bid-")))


def _can_play(view: PlayerView) -> bool:
    """Something in the hand beats the play to beat: under 癞子 a play with wilds too
    (`legal_plays` holds only the plays without them)."""
    return bool(view.wild_plays if view.wild is not None else view.legal_plays)


def _turn_of(state: TableState) -> tuple[int, int]:
    """A turn of play, told apart from every other at the table: the game, and the
    plays and passes made in it before."""
    view = state.view
    return state.games, 0 if view is None else len(view.history)


_KEY_DECISIONS: dict[str, frozenset[Decision]] = {
    "play": frozenset({Decision.PLAY}),
    "pass": frozenset({Decision.PLAY}),
    "hint": frozenset({Decision.PLAY}),
    "bid": frozenset({Decision.BID}),
    "answer": YES_OR_NO,
    "super_double": frozenset({Decision.DOUBLE}),
}
"""The decisions each key of the game answers (see `TableScreen._game_key`)."""

_NOT_WATCHING = frozenset(
    {*_KEY_DECISIONS, "rank", "ready", "fill", "clear", "takeover", "chat", "hand_order"}
)
"""The keys that do nothing for a spectator: it holds no cards and moves nothing (it reads
the table's chat beside the seats, and says nothing there)."""


def _suggestions(view: PlayerView, coached: bool = False) -> list[Combo | Reading | None]:
    """The hints for the view (`coached`: the normal bot's play first; under 癞子 every
    play with its reading, `wild_hints`); if working them out fails, every legal play,
    weakest first (and the failure is logged): the hint key never breaks a game."""
    try:
        if view.wild is not None:
            return list(wild_hints(view))
        return list(coached_hints(view) if coached else hints(view))
    except Exception:
        log.exception("working out hints failed; suggesting every legal play")
        return list(view.legal_plays)
