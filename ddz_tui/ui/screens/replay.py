"""A finished game, step by step: every hand face up, as the table looked after
each action. Built on the engine's replay (`frames`), drawn with the table's widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Footer

from ddz_tui.cards import Card
from ddz_tui.engine import Bid, Event, Played, PlayerView, Side
from ddz_tui.engine.replay import Frame, frames
from ddz_tui.i18n import t
from ddz_tui.rules import classify
from ddz_tui.store import KeptGame, SeatRecord
from ddz_tui.ui.names import bid_word, level_name, role_name
from ddz_tui.ui.reading import on_table
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.widgets.cards import CardRow
from ddz_tui.ui.widgets.chips import strip_lines
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.table_parts import (
    MessageLine,
    SeatPanel,
    SeatShow,
    TopBar,
    show_lane,
)


@dataclass(frozen=True)
class Replay:
    """A finished game to step through, and who sat where."""

    frames: tuple[Frame, ...]
    names: tuple[str, str, str]
    levels: tuple[str | None, str | None, str | None] = (None, None, None)  # bots' levels
    my_seat: int | None = None
    title: str = ""

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
        names = tuple(t("ui.you") if s == my_seat else info.name for s, info in enumerate(seats))
        levels = tuple(None if s == my_seat else info.bot_level for s, info in enumerate(seats))
        return cls(tuple(frames(events)), names, levels, my_seat, title)  # type: ignore[arg-type]

    @classmethod
    def of_kept(cls, kept: KeptGame) -> Replay:
        summary = kept.summary
        title = t("ui.replay.game", id=summary.id)
        return cls.of(kept.events, kept.seats, summary.my_seat, title)

    def seat_title(self, seat: int) -> str:
        """The name, and the level for a bot, as the table shows it."""
        level = self.levels[seat]
        name = self.names[seat]
        return t("ui.seat.bot", name=name, level=level_name(level)) if level else name


class OpenHand(SeatPanel):
    """A seat as the table shows it, with the hand face up (the game is over)."""

    hand: reactive[tuple[Card, ...]] = reactive(())

    def render(self) -> Text:
        seat = self.seat
        if seat is None:
            return Text(end="")
        out = self.role_line(seat)
        out.append("  " + t("ui.seat.cards", n=len(self.hand)))
        if self.hand:
            out.append("\n")
            out.append(strip_lines(self.hand, self.ink(), self.ascii, self.content_size.width))
        return out


class ReplayScreen(AppScreen):
    """←/→ step, Home/End jump; Esc goes back to where the replay was opened."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "keys.step", key_display="← →"),
        Binding("right", "step(1)", "keys.step", show=False),
        Binding("home", "jump(0)", "keys.first"),
        Binding("end", "jump(-1)", "keys.last"),
        Binding("escape", "back", "keys.back"),
    ]

    step: reactive[int] = reactive(0, init=False)

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay

    @property
    def frame(self) -> Frame:
        return self.replay.frames[self.step]

    @property
    def bottom_seat(self) -> int:
        """The seat along the bottom: the local player's, else the first."""
        return self.replay.my_seat or 0

    def compose(self) -> ComposeResult:
        yield TopBar(id="top")
        yield Plain(id="bids")
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
        yield Footer()

    def on_mount(self) -> None:
        self.show_frame()

    def validate_step(self, step: int) -> int:
        return max(0, min(step, len(self.replay.frames) - 1))

    def watch_step(self) -> None:
        self.show_frame()

    # --- showing a frame ---------------------------------------------------------------

    def show_frame(self) -> None:
        frame = self.frame
        me = self.bottom_seat
        view = PlayerView(
            me,
            frame.hands[me],
            frame.landlord,
            frame.bottom if frame.landlord is not None else (),
            frame.history,
            frame.bids,
            history_cards=frame.history_cards,
        )
        actor = None if frame.action is None else frame.action.seat
        last = len(self.replay.frames) - 1
        where = t("ui.replay.step", i=frame.step, n=last)
        multiplier = None if frame.landlord is None else frame.multiplier.total
        highest = max((bid for _, bid in frame.bids), default=0)
        self.query_one(TopBar).show(
            frame.bottom, highest, multiplier, f"{self.replay.title}  {where}".strip()
        )
        self.query_one("#bids", Plain).update(self._bids_line(frame))
        shown = on_table(view)
        trick_open = view.last_play is not None
        for seat, panel_id, lane_id in (
            ((me + 2) % 3, "#replay-left", "#left-play"),
            ((me + 1) % 3, "#replay-right", "#right-play"),
        ):
            panel = self.query_one(panel_id, OpenHand)
            panel.hand = frame.hands[seat]
            panel.seat = self._seat_show(view, seat, actor)
            panel.border_subtitle = self._score(seat)
            show_lane(self.query_one(lane_id, CardRow), shown.get(seat), trick_open)
        show_lane(self.query_one("#my-play", CardRow), shown.get(me), trick_open)
        self.query_one("#replay-hand", CardRow).show(frame.hands[me])
        self._show_me(view, actor)
        self.query_one(MessageLine).say(self._says(), "info" if frame.result else "")

    def name_of(self, seat: int) -> str:
        return self.replay.names[seat]

    def _seat_show(self, view: PlayerView, seat: int, actor: int | None) -> SeatShow:
        return SeatShow(
            title=self.replay.seat_title(seat),
            role=view.role_of(seat),
            cards_left=len(self.frame.hands[seat]),
            turn=seat == actor,
        )

    def _score(self, seat: int) -> str:
        result = self.frame.result
        return "" if result is None else f" {result.scores[seat]:+d} "

    def _show_me(self, view: PlayerView, actor: int | None) -> None:
        me = self.bottom_seat
        parts = [("▶ " if me == actor else "") + self.replay.seat_title(me)]
        role = view.role_of(me)
        if role is not None:
            parts.append(role_name(role))
        parts.append(t("ui.seat.cards", n=len(self.frame.hands[me])))
        score = self._score(me).strip()
        if score:
            parts.append(score)
        label = self.query_one("#replay-me", Plain)
        label.update(" · ".join(parts))
        label.set_class(me == actor, "-turn")

    def _bids_line(self, frame: Frame) -> str:
        if not frame.bids:
            if frame.landlord is not None:
                return t("ui.replay.drawn", who=self.name_of(frame.landlord))
            return t("ui.replay.no_bids")
        said = " · ".join(
            t("ui.replay.bid_entry", who=self.name_of(seat), n=bid)
            if bid
            else t("ui.replay.pass_entry", who=self.name_of(seat))
            for seat, bid in frame.bids
        )
        return t("ui.replay.bids", bids=said)

    def _says(self) -> str:
        """What happened at this step, in words."""
        frame = self.frame
        action = frame.action
        if action is None:
            if frame.landlord is not None:
                return t("ui.replay.dealt_lot", who=self.name_of(frame.landlord))
            assert frame.turn is not None
            return t("ui.replay.dealt", who=self.name_of(frame.turn))
        who = self.name_of(action.seat)
        before = self.replay.frames[frame.step - 1]
        if isinstance(action, Bid):
            text = t("ui.replay.bid", who=who, bid=bid_word(action.bid))
            if frame.redeals > before.redeals:
                text += " " + t("ui.msg.redeal")
            elif frame.landlord is not None and before.landlord is None:
                text += " " + t("ui.replay.landlord", who=self.name_of(frame.landlord))
            return text
        if isinstance(action, Played):
            combo = classify(action.ranks)
            assert combo is not None
            text = t("ui.replay.played", who=who, play=combo.describe())
        else:
            text = t("ui.replay.passed", who=who)
        if frame.result is not None:
            won = frame.result.side is Side.LANDLORD
            verdict = t("ui.msg.landlord_won") if won else t("ui.msg.peasants_won")
            text += " " + verdict
        return text

    # --- keys --------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.step += delta

    def action_jump(self, step: int) -> None:
        self.step = step if step >= 0 else len(self.replay.frames) + step

    def action_back(self) -> None:
        self.dismiss()
