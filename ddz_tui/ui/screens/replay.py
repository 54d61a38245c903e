"""A finished game, step by step: every hand face up, as the table looked after
each action. Built on the engine's replay (`frames`), drawn with the table's widgets.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive, var

from ddz_tui.bots.coach import whose as coach_whose
from ddz_tui.cards import Card
from ddz_tui.engine import (
    Bid,
    Called,
    Doubled,
    Event,
    LandlordMode,
    Phase,
    Played,
    PlayerView,
    Role,
    Shown,
    ShownAtStart,
    Side,
)
from ddz_tui.engine.events import Left, played_part
from ddz_tui.engine.replay import Frame, frames
from ddz_tui.engine.seats import per_seat
from ddz_tui.i18n import as_shown, sentences, t
from ddz_tui.records.store import KeptGame, SeatRecord
from ddz_tui.rules import classify
from ddz_tui.table.keeping import left_game
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.table.timing import REAL_CLOCK, Clock, Timer
from ddz_tui.ui.names import bid_word
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.show.reading import call_words, double_word
from ddz_tui.ui.show.table import (
    TableShow,
    Top,
    bot_title,
    house_marks,
    me_line,
    play_words,
    sides,
    table_show,
)
from ddz_tui.ui.widgets.cards import CardRow
from ddz_tui.ui.widgets.chips import strip_lines
from ddz_tui.ui.widgets.coach import CoachBar, CoachState
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.table_parts import MessageLine, SeatPanel, TopBar, show_table

AUTOPLAY_SECONDS = (2.0, 1.0, 0.5)
"""The waits between steps that autoplay offers, slowest first: `-` and `+` move along
them. A step a second follows a game; 2 s leaves time to read the hands; 0.5 s skims."""
AUTOPLAY_START = 1  # a step a second
STEPPING = frozenset({"step", "jump", "mark"})
"""The actions that choose a step: each pauses autoplay (and leaves the footer while it
plays)."""


@dataclass(frozen=True)
class Replay:
    """A finished game to step through, and who sat where."""

    frames: tuple[Frame, ...]
    names: tuple[str, str, str]
    levels: tuple[str | None, str | None, str | None] = (None, None, None)  # bots' levels
    my_seat: int | None = None
    title: str = ""
    events: tuple[Event, ...] = ()  # the record as played, for the coach
    left: Left | None = None  # how it ended when a seat got up mid-game (逃跑)

    @classmethod
    def of(
        cls,
        events: Sequence[Event],
        seats: Sequence[SeatRecord] | None = None,
        my_seat: int | None = None,
        title: str = "",
    ) -> Replay:
        """ValueError when the record is not a finished game this engine plays. Without
        `seats` (a record from a file) the seats are numbered."""
        if seats is None:
            seats = [SeatRecord(t("ui.replay.seat", n=seat + 1)) for seat in range(3)]
        names = per_seat(t("ui.you") if s == my_seat else info.name for s, info in enumerate(seats))
        levels = per_seat(None if s == my_seat else info.bot_level for s, info in enumerate(seats))
        steps = frames(events)
        played, left = played_part(events)
        last = steps[-1]
        if left is not None and left != left_game(
            left.seat, last.landlord, last.multiplier, last.bids
        ):
            raise ValueError("the record scores the leave otherwise than the game stood")
        return cls(tuple(steps), names, levels, my_seat, title, played, left)

    @classmethod
    def of_kept(cls, kept: KeptGame) -> Replay:
        summary = kept.summary
        title = t("ui.replay.game", id=summary.id)
        return cls.of(kept.events, kept.seats, summary.my_seat, title)

    def seats(self) -> tuple[SeatInfo, SeatInfo, SeatInfo]:
        """The seats as a table would list them (the replay's names, bots with a level)."""
        return per_seat(
            SeatInfo(name, SeatKind.BOT if level else SeatKind.HUMAN, level)
            for name, level in zip(self.names, self.levels, strict=True)
        )

    def seat_title(self, seat: int) -> str:
        """The name, and the level for a bot, as the table shows it."""
        return bot_title(self.names[seat], self.levels[seat])


class OpenHand(SeatPanel):
    """A seat as the table shows it, with the hand face up (the game is over)."""

    hand: reactive[tuple[Card, ...]] = reactive(())
    score: reactive[str] = reactive("")
    """The seat's score in the game, under the panel once the game is over."""
    wild: reactive[str | None] = reactive(None)
    """癞子: the wild rank once drawn, whose cards are marked."""

    def subtitle(self) -> str:
        return self.score

    def watch_score(self) -> None:
        if self._titles is not None:
            self.show_titles(self._titles[0])

    def draw_key(self) -> Hashable:
        return super().draw_key(), self.hand, self.wild

    def content(self) -> Text:
        seat = self.seat
        if seat is None:
            return Text(end="")
        out = self.role_line(seat)
        out.append("  " + t("ui.seat.cards", n=len(self.hand)))
        if self.hand:
            out.append("\n")
            width = self.content_size.width
            out.append(strip_lines(self.hand, self.ink(), self.ascii, width, self.plain, self.wild))
        return out


class ReplayScreen(AppScreen):
    """←/→ step, Home/End jump, Space plays and pauses (at a speed that - and + change);
    Esc goes back to where the replay was opened."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"replay--turn"}
    """Your line while it is your turn (drawn in its words, not a class: a class would
    restyle the line at every step)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "keys.step", key_display="← →"),
        Binding("right", "step(1)", "keys.step", show=False),
        Binding("home", "jump(0)", "keys.first"),
        Binding("end", "jump(-1)", "keys.last"),
        Binding("space", "play", "keys.play"),
        Binding("space", "pause", "keys.pause"),
        Binding("minus", "speed(-1)", "keys.speed", key_display="- +"),
        Binding("plus,equals_sign", "speed(1)", "keys.speed", show=False),
        Binding("escape", "back", "keys.back"),
        Binding("c,C", "coach", "keys.coach"),
        Binding("n,N", "mark(1)", "keys.next_mark"),
        Binding("p,P", "mark(-1)", "keys.previous_mark"),
    ]

    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (25, "-tall")]  # type: ignore[misc]
    """Under 25 rows the coach's line takes the bids' line: there is no room for both."""

    step: var[int] = var(0, init=False)
    """The step shown: a change redraws what the step changed (a `reactive` would also
    repaint the whole screen)."""

    speed = AUTOPLAY_START
    """Autoplay's wait, as an index into AUTOPLAY_SECONDS (kept while paused)."""
    _timer: Timer | None = None

    def __init__(self, replay: Replay, clock: Clock = REAL_CLOCK) -> None:
        """`clock`: what autoplay waits by (a test hands in one it moves itself)."""
        super().__init__()
        self.replay = replay
        self.clock = clock

    @property
    def frame(self) -> Frame:
        return self.replay.frames[self.step]

    @property
    def bottom_seat(self) -> int:
        """The seat along the bottom: the local player's, else the first."""
        return self.replay.my_seat or 0

    def compose(self) -> ComposeResult:
        yield TopBar(id="top")
        with Horizontal(id="replay-info"):
            yield Plain(id="bids")
            yield Plain(id="replay-rules")  # the house rules, as the table lists them
        with Vertical(id="table"):
            with Horizontal(id="replay-seats"):
                yield OpenHand(id="replay-left")
                yield OpenHand(id="replay-right")
            with Horizontal(id="lanes"):
                yield CardRow(id="left-play")
                yield CardRow(id="right-play")
            yield CardRow(id="my-play")
        yield MessageLine(id="message")
        yield Plain(id="replay-me")
        yield CardRow(id="replay-hand")
        seat = self.bottom_seat
        whose = coach_whose(seat == self.replay.my_seat, self.replay.names[seat])
        yield CoachBar(self.replay.events, seat, whose, id="coach")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_frame()

    def validate_step(self, step: int) -> int:
        return max(0, min(step, len(self.replay.frames) - 1))

    def watch_step(self) -> None:
        self.show_frame()

    # --- showing a frame ---------------------------------------------------------------

    def show_frame(self) -> None:
        frame = self.frame
        panels = self.query_one("#replay-left", OpenHand), self.query_one("#replay-right", OpenHand)
        shown = self._table_show(frame)
        show_table(self, shown, panels)
        rules = self.query_one("#replay-rules", Plain)
        rules.update(as_shown(" · ").join(shown.house.splitlines()))
        rules.display = bool(shown.house)
        for seat, panel in zip(sides(self.bottom_seat), panels, strict=True):
            panel.hand = frame.hands[seat]
            panel.wild = frame.wild
            panel.score = self._score(seat)
        self.query_one("#bids", Plain).update(self._bids_line(frame))
        hand = frame.hands[self.bottom_seat]
        marks = [card.rank if card.rank == frame.wild else "" for card in hand]
        self.query_one("#replay-hand", CardRow).show(hand, marks=marks if frame.wild else ())
        self._show_me()
        ended = frame.result is not None or self._left is not None
        self.query_one(MessageLine).say(self._says(), "info" if ended else "")
        self.query_one(CoachBar).show(frame.step)

    def _table_show(self, frame: Frame) -> TableShow:
        """The table as it looked after this step, with every hand face up: the bottom
        cards shown from the start, the seat that just acted marked."""
        me = self.bottom_seat
        view = PlayerView(
            me,
            frame.hands[me],
            frame.landlord,
            frame.bottom if frame.landlord is not None else (),
            frame.history,
            frame.bids,
            history_cards=frame.history_cards,
            rules=frame.rules,
            calls=frame.calls,
            shows=_shows(frame),
            doubles=frame.doubles,
            super_doubles=frame.super_doubles,
            wild=frame.wild,
            readings=frame.readings,
            start_shows=frame.start_shows,
            standing=frame.standing,  # as the game stood then, even under older rules
        )
        shown = table_show(TableState(me, self.replay.seats(), view), None, None)
        where = t("ui.replay.step", i=frame.step, n=len(self.replay.frames) - 1)
        top = Top(
            frame.bottom,
            max((bid for _, bid in frame.bids), default=0),
            None if frame.landlord is None else frame.multiplier.total,
            f"{self.replay.title}  {where}".strip(),
            shown.top.house,
        )
        actor = self.actor
        left, right = (
            replace(show, turn=seat == actor)
            for seat, show in zip(sides(me), shown.seats, strict=True)
        )
        return replace(shown, top=top, seats=(left, right))

    @property
    def actor(self) -> int | None:
        """The seat that acted in this step (None for the deal)."""
        action = self.frame.action
        return None if action is None else action.seat

    def name_of(self, seat: int) -> str:
        return self.replay.names[seat]

    @property
    def _left(self) -> Left | None:
        """The leave that ended the game, at the last step of a game left mid-way."""
        return self.replay.left if self.at_the_end else None

    def _score(self, seat: int) -> str:
        result = self.frame.result or self._left
        return "" if result is None else f" {result.scores[seat]:+d} "

    def _show_me(self) -> None:
        me = self.bottom_seat
        turn = me == self.actor
        landlord = self.frame.landlord
        role = None if landlord is None else Role.LANDLORD if me == landlord else Role.PEASANT
        frame = self.frame
        shown = frame.shown[me] is not None
        marks = house_marks(frame.doubles, me, shown, me == landlord, frame.super_doubles)
        cards = len(frame.hands[me])
        line = me_line(self.replay.seat_title(me), role, cards, turn, False, None, marks)
        score = self._score(me).strip()
        words = as_shown(" · ").join((line, score)) if score else line
        label = self.query_one("#replay-me", Plain)
        if turn:
            label.update(Text(words, self.get_component_rich_style("replay--turn", partial=True)))
        else:
            label.update(words)

    def _bids_line(self, frame: Frame) -> str:
        if frame.rules.landlord is LandlordMode.GRAB:
            return self._calls_line(frame)
        if not frame.bids:
            if frame.landlord is not None:
                return t("ui.replay.drawn", who=self.name_of(frame.landlord))
            return ""  # the top bar says no bid yet
        said = as_shown(" · ").join(
            t("ui.replay.bid_entry", who=self.name_of(seat), n=bid)
            if bid
            else t("ui.replay.pass_entry", who=self.name_of(seat))
            for seat, bid in frame.bids
        )
        return t("ui.replay.bids", bids=said)

    def _calls_line(self, frame: Frame) -> str:
        """叫地主/抢地主 so far, and who doubled (加倍)."""
        if not frame.calls:
            return ""  # the top bar says no call yet
        said = as_shown(" · ").join(
            t("ui.replay.said", who=self.name_of(seat), word=t(f"ui.said.{word}"))
            for (seat, _), word in zip(frame.calls, call_words(frame.calls), strict=True)
        )
        line = t("ui.replay.calls", calls=said)
        supers = frame.super_doubles
        names = [
            self.name_of(seat)
            for seat, took in frame.doubles
            if took and seat != frame.landlord and seat not in supers
        ]
        if names:
            line += "  " + t("ui.replay.doubled", names=", ".join(names))
        landlord = frame.landlord
        if landlord is not None and (landlord, True) in frame.doubles and landlord not in supers:
            line += "  " + t("ui.replay.redoubled", name=self.name_of(landlord))
        if supers:  # 超级加倍, peasants and landlord alike
            names = [self.name_of(seat) for seat in supers]
            line += "  " + t("ui.replay.super_doubled", names=", ".join(names))
        return line

    def _answered(self, action: Called | ShownAtStart | Shown | Doubled, before: Frame) -> str:
        """A yes-or-no answer of the house rules, in words, with what it led to."""
        frame = self.frame
        if isinstance(action, ShownAtStart):
            word = "show_start" if action.cards else "no_show_start"
        elif isinstance(action, Shown):
            word = "show" if action.cards else "no_show"
        elif isinstance(action, Doubled):
            word = double_word(action.double, action.seat == frame.landlord, action.level == 2)
        else:
            word = call_words((*before.calls, (action.seat, action.take)))[-1]
        text = t("ui.replay.said", who=self.name_of(action.seat), word=t(f"ui.said.{word}"))
        if frame.redeals > before.redeals:
            text = sentences(
                text, t("ui.msg.drawn_by_lot" if frame.landlord is not None else "ui.msg.recalled")
            )
        elif frame.landlord is not None and before.landlord is None:
            text = sentences(text, t("ui.replay.landlord", who=self.name_of(frame.landlord)))
        return text

    def _says(self) -> str:
        """What happened at this step, in words (at the last step of a game left
        mid-way, that it was left there)."""
        left = self._left
        if left is None:
            return self._happened()
        return sentences(self._happened(), t("ui.replay.left", who=self.name_of(left.seat)))

    def _happened(self) -> str:
        frame = self.frame
        action = frame.action
        if action is None:
            if frame.landlord is not None:
                return t("ui.replay.dealt_lot", who=self.name_of(frame.landlord))
            assert frame.turn is not None
            calling = frame.rules.landlord is LandlordMode.GRAB
            dealt = "ui.replay.dealt_call" if calling else "ui.replay.dealt"
            return t(dealt, who=self.name_of(frame.turn))
        who = self.name_of(action.seat)
        before = self.replay.frames[frame.step - 1]
        if isinstance(action, Bid):
            text = t("ui.replay.bid", who=who, bid=bid_word(action.bid))
            if frame.redeals > before.redeals:  # and, after too many, the landlord by lot
                redeal = "ui.msg.drawn_by_lot" if frame.landlord is not None else "ui.msg.redeal"
                text = sentences(text, t(redeal))
            elif frame.landlord is not None and before.landlord is None:
                text = sentences(text, t("ui.replay.landlord", who=self.name_of(frame.landlord)))
            return text
        if isinstance(action, (Called, ShownAtStart, Shown, Doubled)):
            return self._answered(action, before)
        if isinstance(action, Played):
            reading = frame.readings[-1] if frame.readings else None
            combo = classify(action.ranks) if reading is None else reading.combo
            assert combo is not None
            text = t("ui.replay.played", who=who, play=play_words(combo, reading))
        else:
            text = t("ui.replay.passed", who=who)
        if frame.result is not None:
            won = frame.result.side is Side.LANDLORD
            verdict = t("ui.msg.landlord_won") if won else t("ui.msg.peasants_won")
            text = sentences(text, verdict)
        return text

    # --- keys --------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.pause()  # the player takes the steps over
        self.step += delta

    def action_jump(self, step: int) -> None:
        self.pause()
        self.step = step if step >= 0 else len(self.replay.frames) + step

    def action_back(self) -> None:
        self.pause()
        self.dismiss()

    # --- autoplay ----------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self._timer is not None

    @property
    def wait(self) -> float:
        """Seconds between two steps of autoplay."""
        return AUTOPLAY_SECONDS[self.speed]

    @property
    def at_the_end(self) -> bool:
        return self.step == len(self.replay.frames) - 1

    def action_play(self) -> None:
        """Step on by itself; from the end, the game again from the deal."""
        if self.at_the_end:
            self.step = 0
        self._timer = self.clock.call_later(self.wait, self._autostep)
        self._keys_changed()

    def action_pause(self) -> None:
        self.pause()

    def pause(self) -> None:
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
            self._keys_changed()

    def action_speed(self, faster: int) -> None:
        """Slower (-1) or faster (1), from the next step on."""
        speed = max(0, min(self.speed + faster, len(AUTOPLAY_SECONDS) - 1))
        if speed != self.speed:
            self.speed = speed
            self.pause()
            self.action_play()

    def _autostep(self) -> None:
        self._timer = None
        if self.is_attached:
            self.step += 1
            if self.at_the_end:
                self._keys_changed()
            else:
                self._timer = self.clock.call_later(self.wait, self._autostep)

    def on_screen_suspend(self) -> None:
        """Another screen over this one (help): autoplay waits for the player."""
        self.pause()

    def on_unmount(self) -> None:
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()

    def _keys_changed(self) -> None:
        self.localize_bindings()
        self.refresh_bindings()

    def localize_bindings(self) -> None:
        """The keys in words, with autoplay's speed. One line of 80 columns holds them
        only if some leave the footer (they still work): while autoplay plays, the keys
        that choose a step (each pauses it); once the coach has marks, Home and End (the
        marks' keys jump instead)."""
        super().localize_bindings()
        bindings = self._bindings.key_to_bindings
        speed = t("keys.speed", s=f"{self.wait:g}")
        left_out = STEPPING if self.playing else {"jump"} if self._marked() else set()
        for key, items in bindings.items():
            bindings[key] = [
                replace(binding, description=speed)
                if binding.action.startswith("speed(")
                else replace(binding, show=False)
                if binding.action.split("(")[0] in left_out
                else binding
                for binding in items
            ]

    def _marked(self) -> bool:
        coach = self.query(CoachBar)  # none before the screen is composed
        return bool(coach and coach.first().marks)

    # --- the coach ---------------------------------------------------------------------

    def action_coach(self) -> None:
        self.query_one(CoachBar).start()
        self.add_class("-coached")
        self.refresh_bindings()

    def action_mark(self, direction: int) -> None:
        """Step to the next (1) or previous (-1) decision the coach marked."""
        self.pause()
        marks = self.query_one(CoachBar).marks
        ahead = (
            [s for s in marks if s > self.step]
            if direction > 0
            else [s for s in reversed(marks) if s < self.step]
        )
        if ahead:
            self.step = ahead[0]
        else:
            self.notify(t("ui.coach.no_more"))

    @on(CoachBar.Judged)
    @on(CoachBar.Finished)
    def _coach_said(self) -> None:
        self._keys_changed()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The coach's key until it is asked; the keys to its marks once there are some;
        Space to play while paused and to pause while playing, - and + while playing
        (the footer shows only the keys that work)."""
        allowed = super().check_action(action, parameters)
        if allowed and action in ("play", "pause", "speed"):
            return self.playing == (action != "play")
        if not allowed or action not in ("coach", "mark"):
            return allowed
        coach = self.query_one(CoachBar)
        if action == "coach":
            return coach.state in (CoachState.IDLE, CoachState.FAILED)
        return bool(coach.marks)


def _shows(frame: Frame) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The landlord's 明牌 answer as a view holds it, once it was given (a landlord who
    showed before the bidding, 明牌开始, is not asked)."""
    landlord = frame.landlord
    if not frame.rules.showing or landlord is None or frame.phase in (Phase.BIDDING, Phase.SHOWING):
        return ()
    if any(seat == landlord and cards for seat, cards in frame.start_shows):
        return ()
    return ((landlord, frame.shown[landlord] or ()),)
