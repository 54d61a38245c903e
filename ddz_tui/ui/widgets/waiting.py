"""Waiting at a shared table before a deal: who sits where, who is ready, and what
the player can do about it (say ready, fill empty seats with bots, leave)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Select

from ddz_tui.bots import Level
from ddz_tui.i18n import as_shown, t
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.ui.names import level_name, seat_mark
from ddz_tui.ui.typed import ddz_app
from ddz_tui.ui.widgets.form import choice, level_options
from ddz_tui.ui.widgets.plain import Plain, keyed, literal


def seat_status(info: SeatInfo) -> Text:
    """How a seat stands for the next deal, in a word or two."""
    if info.is_empty:
        return Text(t("ui.wait.empty"), style="dim")
    if info.kind is SeatKind.BOT:
        return Text(t("ui.wait.bot_ready", level=level_name(info.level or "")), style="green")
    if mark := seat_mark(info):
        return Text(mark, style="yellow")
    if info.ready:
        return Text(as_shown("✓ ") + t("ui.wait.ready"), style="bold green")
    return Text(t("ui.wait.not_ready"), style="dim")


def position(seat: int, me: int) -> str:
    """Where a seat is from the player's chair: you, on the right (下家), on the left."""
    return {0: t("ui.you"), 1: t("ui.seat.right"), 2: t("ui.seat.left")}[(seat - me) % 3]


def waiting_for(state: TableState) -> str:
    """What the deal waits for, as the player should read it."""
    me = state.seat
    empty = [str(seat + 1) for seat, info in enumerate(state.seats) if info.is_empty]
    if not state.seats[me].ready:
        return t("ui.wait.press_ready")
    if empty:
        return t("ui.wait.empty_seats", seats=", ".join(empty))
    names = [info.name for info in state.seats if not info.is_ready]
    return t("ui.wait.for", names=", ".join(names))


def seats_table(state: TableState) -> Table:
    """Who sits where and how each seat stands, with the running totals once a game is
    over; narrow enough for 80 columns with the longest names (1 cell between columns:
    2 each side put a bot's "always ready" past the edge, on a line never shown)."""
    grid = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    grid.add_column(t("ui.wait.seat"), justify="right")
    grid.add_column(t("ui.wait.where"))
    grid.add_column(t("ui.wait.player"))
    grid.add_column(t("ui.wait.status"))
    if state.games:
        grid.add_column(t("ui.result.session"), justify="right")
    for seat, info in enumerate(state.seats):
        name = Text(info.name or as_shown("—"), style="bold" if seat == state.seat else "")
        where = position(seat, state.seat)
        if state.watching and seat == state.seat:
            where = t("ui.watch.where")  # a spectator sits nowhere: the seat drawn below
        row: list[str | Text] = [
            str(seat + 1),
            where,
            name,
            seat_status(info),
        ]
        if state.games:
            row.append("" if info.is_empty else f"{state.totals[seat]:+d}")
        grid.add_row(*row)
    return grid


class WaitingRoom(Vertical):
    """Shown instead of the cards while a shared table waits for the next deal."""

    def compose(self) -> ComposeResult:
        with Vertical(id="wait-box"):
            yield Plain(id="wait-seats")
            yield Plain(id="wait-invite")
            yield from self._buttons()

    def _buttons(self) -> ComposeResult:
        with Horizontal(id="wait-buttons"):
            yield Button(id="ready", compact=True)
            yield Button(keyed("F", t("ui.button.fill")), id="fill", compact=True)
            yield choice(level_options(), self._default_level(), "fill-level")
            yield Button(keyed("Esc", t("ui.button.leave")), id="leave-table", compact=True)

    def _default_level(self) -> Level:
        return ddz_app(self).settings.right_bot

    @property
    def level(self) -> Level:
        return Level(self.query_one("#fill-level", Select).value)

    def show(
        self, state: TableState, title: str, invite: str | None, watching: bool = False
    ) -> None:
        """Who sits where, and the buttons (a spectator's: only Leave)."""
        for button in ("#ready", "#fill", "#fill-level"):  # hidden, their room kept:
            self.query_one(button).visible = not watching  # the box's width is the row's
        self.query_one("#wait-box").border_title = literal(title)
        self.query_one("#wait-seats", Plain).update(seats_table(state))
        invite_line = self.query_one("#wait-invite", Plain)
        invite_line.display = invite is not None
        if invite is not None:
            invite_line.update(t("ui.wait.invite", url=invite))
        ready = state.seats[state.seat].ready
        self.query_one("#ready", Button).label = keyed(
            "Enter", t("ui.button.not_ready") if ready else t("ui.button.ready")
        )
        has_empty = any(info.is_empty for info in state.seats)
        self.query_one("#fill", Button).disabled = not has_empty
        self.query_one("#fill-level", Select).disabled = not has_empty
