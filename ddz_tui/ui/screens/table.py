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
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Footer

from ddz_tui.bots import hints
from ddz_tui.cards import RANKS, Card
from ddz_tui.engine import IllegalAction, Phase, PlayerView, Reason, Side
from ddz_tui.i18n import t
from ddz_tui.rules import Combo, classify, rank_name
from ddz_tui.sound import Effect, Music
from ddz_tui.table import SeatKind, SharedTable, TableClient, TableState
from ddz_tui.ui.cues import table_cues
from ddz_tui.ui.names import bid_word, keyed, level_name, role_name, seat_mark
from ddz_tui.ui.reading import on_table, pick
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.widgets.cards import CardRow, Hand
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.table_parts import (
    CardCounter,
    MessageLine,
    SeatPanel,
    SeatShow,
    TopBar,
    show_lane,
)
from ddz_tui.ui.widgets.waiting import WaitingRoom, waiting_for

log = logging.getLogger(__name__)

RANK_KEYS = {rank: rank.lower() + ("," + rank if rank.isalpha() else "") for rank in RANKS}
RANK_KEYS["T"] = "0,t,T"
RANK_KEYS["B"] = "b,B"
RANK_KEYS["R"] = "r,R"
CLOCK_TICK = 0.25  # seconds between redraws of the turn countdown
CLOCK_WARN = 10  # seconds left when the countdown turns to a warning


class TableUpdated(Message):
    """The table changed: here is what this seat sees now."""

    def __init__(self, state: TableState) -> None:
        super().__init__()
        self.state = state


class ActionButton(Button, can_focus=False):
    """A button for the mouse; the keyboard has a key for each of them."""


class TableScreen(AppScreen):
    MUSIC = Music.GAME
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (34, "-tall")]

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
        Binding("f1,question_mark", "help", "keys.help"),
        *(Binding(keys, f"rank('{rank}')", show=False) for rank, keys in RANK_KEYS.items()),
        Binding("1", "rank('T', True)", show=False),
    ]

    def __init__(self, client: TableClient) -> None:
        super().__init__()
        self.client = client
        self.state: TableState | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._alert: tuple[str, str] | None = None  # (text, kind) until the player acts
        self._hints: list[Combo] = []
        self._hints_for: PlayerView | None = None
        self._hint_index = -1
        self._ten_armed = False  # "1" selected a ten: a "0" right after it is the same ten
        self._result_for_game: int | None = None
        self._result_open = False
        self._deadline: float | None = None  # when the turn timer runs out (monotonic)
        self._clock: int | None = None  # the seconds left, as shown

    @property
    def shared(self) -> bool:
        """A table other players sit at: the deal waits until everyone is ready."""
        return isinstance(self.client, SharedTable)

    @property
    def waiting(self) -> bool:
        """Between games at a shared table (and past the result): the waiting room shows."""
        view = self.view
        if not self.shared or self.state is None:
            return False
        return view is None or (view.phase is Phase.OVER and not self._result_open)

    # --- building --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TopBar(id="top")
        with Vertical(id="table"):
            with Horizontal(id="seats"):
                yield SeatPanel(id="left-seat")
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
            yield Plain(id="me")
            yield Plain(id="clock")
            yield Plain(id="selection")
            with Horizontal(id="play-buttons"):
                yield ActionButton(keyed("Enter", t("ui.button.play")), id="play", compact=True)
                yield ActionButton(keyed("P", t("ui.button.pass")), id="pass", compact=True)
                yield ActionButton(keyed("H", t("ui.button.hint")), id="hint", compact=True)
            with Horizontal(id="bid-buttons"):
                for bid in range(4):
                    yield ActionButton(
                        keyed(str(bid), bid_word(bid)), id=f"bid-{bid}", compact=True
                    )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Hand).focus()
        self.watch(self.hand, "selected", self._raised, init=False)
        self._unsubscribe = self.client.subscribe(self._on_table)
        self.set_interval(CLOCK_TICK, self._tick)

    async def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
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
        return self.query_one(Hand)

    def on_table_updated(self, message: TableUpdated) -> None:
        previous, self.state = self.state, message.state
        state = message.state
        view = state.view
        news = _news(previous, state)
        self._start_clock(state)
        if view is None:
            self._show_clock()
            if self.shared:
                if news:
                    self._alert = (news, "info")
                self._show_waiting()
                return
            if previous is None:
                self._act(self.client.next_game)
            self._say(t("ui.msg.dealing"))
            return
        before = None if previous is None else previous.view
        for effect in table_cues(before, view):
            self._sound(effect)
        if before is None or _moved(before, view):
            self._alert = None
        if before is not None and _redealt(before, view):
            self._alert = (t("ui.msg.redeal"), "info")
        if news:
            self._alert = (news, "info")
        self.hand.cards = view.hand
        self._show_top(state, view)
        self._show_seats(state, view)
        self._show_clock()
        self._show_actions(view)
        self._show_counter(view)
        if view.phase is Phase.OVER and self._result_for_game != state.games:
            self._result_for_game = state.games
            self._show_result(state)
        if not self._show_waiting():
            self._show_message()
            self.refresh_bindings()

    def _show_waiting(self) -> bool:
        """Between games at a shared table: who sits where and who is ready (shown,
        with the message line and the keys, when it returns True)."""
        waiting = self.waiting
        if waiting != self.has_class("-waiting"):
            self.set_class(waiting, "-waiting")
            focus = self.query_one("#ready") if waiting else self.hand
            if not self.too_small:
                focus.focus()
        if not waiting:
            return False
        state = self.state
        assert state is not None
        client: SharedTable = self.client  # type: ignore[assignment]
        online = getattr(self.app, "online", None)
        invite = None if online is None else online.invite
        self.query_one(WaitingRoom).show(state, client.title, invite)
        self._show_message()
        self.refresh_bindings()
        return True

    # --- the turn timer --------------------------------------------------------------

    def _start_clock(self, state: TableState) -> None:
        """The timer's time left comes with each state; it is counted down here."""
        seconds = state.turn_seconds
        running = seconds is not None and state.view is not None
        self._deadline = time.monotonic() + seconds if running else None  # type: ignore[operator]
        self._clock = self._seconds_left()

    def _seconds_left(self) -> int | None:
        if self._deadline is None:
            return None
        return max(0, math.ceil(self._deadline - time.monotonic()))

    def _tick(self) -> None:
        left = self._seconds_left()
        if left != self._clock:
            self._clock = left
            self._show_clock()

    def _show_clock(self) -> None:
        """The countdown: by your name on your turn, on the seat whose turn it is else."""
        view = self.view
        turn = None if view is None or self._clock is None else view.turn
        mine = turn is not None and view is not None and turn == view.seat
        clock = self.query_one("#clock", Plain)
        clock.display = mine
        clock.update(t("ui.clock", s=self._clock) if mine else "")
        clock.set_class(mine and self._clock is not None and self._clock <= CLOCK_WARN, "-low")
        for panel in self.query(SeatPanel):
            shown = panel.seat
            if shown is None:
                continue
            ticking = shown.turn and turn is not None and not mine
            clock_now = self._clock if ticking else None
            if shown.clock != clock_now:
                panel.seat = replace(shown, clock=clock_now)

    def _show_top(self, state: TableState, view: PlayerView) -> None:
        multiplier = None if view.landlord is None else view.multiplier.total
        session = t("ui.top.session", games=state.games, total=state.totals[state.seat])
        self.query_one(TopBar).show(view.bottom, view.highest_bid, multiplier, session)

    @staticmethod
    def _seat_name(state: TableState, seat: int) -> str:
        return t("ui.you") if seat == state.seat else state.seats[seat].name

    def _seat_title(self, state: TableState, seat: int) -> str:
        """The name, and the level for a bot."""
        info = state.seats[seat]
        if seat != state.seat and info.kind is SeatKind.BOT and info.level:
            return t("ui.seat.bot", name=info.name, level=level_name(info.level))
        return self._seat_name(state, seat)

    def _show_seats(self, state: TableState, view: PlayerView) -> None:
        shown = on_table(view)
        trick_open = view.last_play is not None
        me = state.seat
        for seat, panel_id, lane_id in (
            ((me + 2) % 3, "#left-seat", "#left-play"),
            ((me + 1) % 3, "#right-seat", "#right-play"),
        ):
            self.query_one(panel_id, SeatPanel).seat = SeatShow(
                title=self._seat_title(state, seat),
                role=view.role_of(seat),
                cards_left=view.cards_left[seat],
                turn=view.turn == seat,
                thinking=state.thinking == seat,
                mark=seat_mark(state.seats[seat]),
                clock=self._clock if view.turn == seat else None,
            )
            show_lane(self.query_one(lane_id, CardRow), shown.get(seat), trick_open)
        show_lane(self.query_one("#my-play", CardRow), shown.get(me), trick_open)
        parts = [("▶ " if view.my_turn else "") + t("ui.you")]
        if view.role is not None:
            parts.append(role_name(view.role))
        parts.append(t("ui.seat.cards", n=len(view.hand)))
        me_label = self.query_one("#me", Plain)
        me_label.update(" · ".join(parts))
        me_label.set_class(view.my_turn, "-turn")

    def _show_actions(self, view: PlayerView) -> None:
        bidding = view.phase is Phase.BIDDING
        self.set_class(bidding, "-bidding")
        mine = view.my_turn
        for bid in range(4):
            button = self.query_one(f"#bid-{bid}", Button)
            button.disabled = not (mine and bid in view.legal_bids)
        playing = mine and view.phase is Phase.PLAYING
        self.query_one("#play", Button).disabled = not (playing and self.hand.selected)
        self.query_one("#pass", Button).disabled = not playing or view.leads
        self.query_one("#hint", Button).disabled = not playing
        self._show_selection()

    def _show_selection(self) -> None:
        chosen = self.hand.selected_cards
        label = self.query_one("#selection", Plain)
        if not chosen:
            label.update("")
            return
        combo = classify(chosen)
        label.update(combo.describe() if combo else t("ui.selection.not_a_play"))
        label.set_class(combo is None, "-invalid")

    def _show_counter(self, view: PlayerView) -> None:
        ascii = self.app.ascii_cards  # type: ignore[attr-defined]
        self.query_one(CardCounter).show(view.unseen, view.landlord_holds, ascii)

    def _status(self) -> str:
        """What to do now, when nothing more pressing is to be said."""
        state, view = self.state, self.view
        assert state is not None and view is not None
        if view.phase is Phase.OVER:
            won = view.winner is Side.LANDLORD
            return t("ui.msg.landlord_won") if won else t("ui.msg.peasants_won")
        turn = view.turn
        assert turn is not None
        who = self._seat_name(state, turn)
        if view.phase is Phase.BIDDING:
            if not view.my_turn:
                return t("ui.msg.bidding", who=who)
            if view.highest_bid:
                return t("ui.msg.your_bid_over", high=view.highest_bid)
            return t("ui.msg.your_bid")
        if not view.my_turn:
            if state.thinking == turn:
                return t("ui.msg.thinking", who=who)
            return t("ui.msg.their_turn", who=who)
        if view.leads:
            return t("ui.msg.your_lead")
        last = view.last_play
        assert last is not None
        return t("ui.msg.beat", play=last[1].describe(), who=self._seat_name(state, last[0]))

    def _show_message(self) -> None:
        if self._alert is not None:
            self._say(*self._alert)
        elif self.waiting:
            assert self.state is not None
            self._say(waiting_for(self.state))
        elif self.view is not None:
            self._say(self._status())

    def _say(self, text: str, kind: str = "") -> None:
        self.query_one(MessageLine).say(text, kind)

    def _warn(self, text: str, kind: str = "error") -> None:
        self._alert = (text, kind)
        self._show_message()

    def _show_result(self, state: TableState) -> None:
        from ddz_tui.ui.screens.result import ResultScreen, SharedResultScreen

        kind = SharedResultScreen if self.shared else ResultScreen
        self._result_open = True
        self.app.push_screen(kind(state, self._seat_title), self._after_result)

    def _after_result(self, again: bool | None) -> None:
        self._result_open = False
        if again:
            self._alert = None
            self._act(self.client.next_game)
            self._show_waiting()
        else:
            self.dismiss()

    # --- the player's gestures ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        view = self.view
        phase = None if view is None else view.phase
        if action in ("play", "pass", "hint"):
            if phase is not Phase.PLAYING:
                return False
            return True if view.my_turn else None  # type: ignore[union-attr]
        if action == "bid":
            if phase is not Phase.BIDDING:
                return False
            return True if view.my_turn and parameters[0] in view.legal_bids else None  # type: ignore[union-attr]
        if action == "rank":
            return phase is Phase.PLAYING
        if action == "ready":
            return self.waiting
        if action == "fill":
            if not self.waiting:
                return False
            return True if any(info.is_empty for info in self.state.seats) else None  # type: ignore[union-attr]
        if action == "clear":
            return bool(self.hand.selected)
        if action == "leave":
            return not self.hand.selected
        if action == "counter":
            return view is not None
        return True

    def on_key(self, event: events.Key) -> None:
        if event.key == "0" and self._ten_armed:
            event.stop()  # the "0" of a "10" typed out
        self._ten_armed = False

    @work(group="act")
    async def _act(self, action: Callable[[], Awaitable[None]]) -> None:
        """Ask the table to do something; a refusal is shown, never raised."""
        try:
            await action()
        except IllegalAction as refused:
            if refused.reason is Reason.NOT_YOUR_TURN:
                return  # a key pressed twice as the turn passed: nothing to explain
            self._warn(refused.message)

    @on(Button.Pressed, "#play")
    def action_play(self) -> None:
        cards = self.hand.selected_cards
        self._act(lambda: self.client.play(cards))

    @on(Button.Pressed, "#pass")
    def action_pass(self) -> None:
        self._act(self.client.pass_turn)

    def action_bid(self, bid: int) -> None:
        self._act(lambda: self.client.bid(bid))

    def action_rank(self, rank: str, by_one: bool = False) -> None:
        if self.hand.select_rank(rank):
            self._selection_changed()
        else:
            self._warn(t("ui.msg.no_more", rank=rank_name(rank, plural=True)), "info")
        self._ten_armed = by_one

    def action_clear(self) -> None:
        self.hand.clear()
        self._selection_changed()

    @on(Button.Pressed, "#hint")
    def action_hint(self) -> None:
        if self.view is not None:
            self._hint(self.view)

    @work(exclusive=True, group="hint")
    async def _hint(self, view: PlayerView) -> None:
        """Raise the next suggested play; suggestions are worked out off the event loop."""
        if self._hints_for is not view:
            self._hints = await asyncio.to_thread(_suggestions, view)
            self._hints_for, self._hint_index = view, -1
        if self.view is not view:
            return
        if not self._hints:
            last = view.to_beat
            assert last is not None
            self._warn(t("ui.msg.no_hint", play=last.describe()), "info")
            return
        self._hint_index = (self._hint_index + 1) % len(self._hints)
        combo = self._hints[self._hint_index]
        self.hand.select(pick(view.hand, combo.cards))
        self._selection_changed()
        self._warn(
            t("ui.msg.hint", i=self._hint_index + 1, n=len(self._hints), play=combo.describe()),
            "info",
        )

    def action_counter(self) -> None:
        counter = self.query_one(CardCounter)
        counter.display = not counter.display

    @on(Button.Pressed, "#ready")
    def action_ready(self) -> None:
        state = self.state
        assert state is not None
        client: SharedTable = self.client  # type: ignore[assignment]
        self._alert = None
        ready = not state.seats[state.seat].ready
        self._act(lambda: client.ready(ready))

    @on(Button.Pressed, "#fill")
    def action_fill(self) -> None:
        client: SharedTable = self.client  # type: ignore[assignment]
        level = self.query_one(WaitingRoom).level
        self._alert = None
        self._act(lambda: client.fill(level.value))

    @on(Button.Pressed, "#leave-table")
    def action_leave(self) -> None:
        from ddz_tui.ui.screens.confirm import ConfirmScreen

        view = self.view
        if view is None or view.phase is Phase.OVER:
            self.dismiss()
            return
        text = t("ui.leave.question_shared") if self.shared else t("ui.leave.question")
        question = ConfirmScreen(text, t("ui.leave.yes"), t("ui.leave.no"))
        self.app.push_screen(question, lambda leave: self.dismiss() if leave else None)

    def _raised(self, before: frozenset[Card], after: frozenset[Card]) -> None:
        """A chip rose (by a key, a click or a hint): the select sound."""
        if after - before:
            self._sound(Effect.SELECT)

    def _sound(self, effect: Effect) -> None:
        self.app.sound.effect(effect)  # type: ignore[attr-defined]

    @on(Hand.Changed)
    def _player_changed_selection(self) -> None:
        self._alert = None
        self._selection_changed()

    def _selection_changed(self) -> None:
        if self.view is not None:
            self._show_actions(self.view)
            self._show_message()
        self.refresh_bindings()

    @on(Button.Pressed, "#bid-buttons Button")
    def _bid_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.action_bid(int(event.button.id.removeprefix("bid-")))


def _suggestions(view: PlayerView) -> list[Combo]:
    """The hints for the view; if working them out fails, every legal play, weakest
    first (and the failure is logged): the hint key never breaks a game."""
    try:
        return hints(view)
    except Exception:
        log.exception("working out hints failed; suggesting every legal play")
        return view.legal_plays


def _news(before: TableState | None, now: TableState) -> str | None:
    """The table's notice when it is new: each is shown once, not with every change."""
    if now.notice and (before is None or before.notice != now.notice):
        return now.notice
    return None


def _moved(before: PlayerView, after: PlayerView) -> bool:
    """The game moved on (a bid, a play, a pass, a new deal) between two views."""
    return before.history != after.history or before.bids != after.bids or before.hand != after.hand


def _redealt(before: PlayerView, after: PlayerView) -> bool:
    """Everyone passed in the bidding, and the cards were dealt again."""
    return (
        before.phase is Phase.BIDDING
        and after.phase is Phase.BIDDING
        and len(after.bids) < len(before.bids)
    )
