"""The server's ladder, from its lobby (L): today's, this week's and the all-time table
of points, games and win rate, asked of the server on each tab (it answers from its
history). Ranked names are the SSH door's key-bound ones; guests and bots are marked.
Your own row comes below the top rows when it is not among them."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from ddz_tui.i18n import as_shown, t
from ddz_tui.net.client.errors import NetError
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.records.ladder import Ladder, Period, column_titles, standing_cells
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.table_parts import MessageLine

PERIODS = (Period.DAY, Period.WEEK, Period.ALL)
_TAB_KEYS = {Period.DAY: "D", Period.WEEK: "W", Period.ALL: "A"}
_RIGHT = (0, 3, 4, 5)  # the columns of numbers


def ladder_rows(ladder: Ladder) -> list[tuple[Text, ...]]:
    """The rows the list shows: the top ones, then (past a gap) your own in bold."""
    rows = [tuple(_cell(i, cell) for i, cell in enumerate(standing_cells(r))) for r in ladder.rows]
    if ladder.you is not None:
        rows.append(tuple(_cell(i, as_shown("…") if i == 1 else "") for i in range(6)))
        cells = standing_cells(ladder.you)
        rows.append(tuple(_cell(i, cell, "bold") for i, cell in enumerate(cells)))
    return rows


def _cell(index: int, text: str, style: str = "") -> Text:
    if index == 2 and text:
        style = f"{style} dim".strip()
    return Text(text, style=style, justify="right" if index in _RIGHT else "left")


class LadderScreen(AppScreen):
    """Dismissed with Esc, back to the lobby."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d,D", "period('day')", "keys.ladder_day"),
        Binding("w,W", "period('week')", "keys.ladder_week"),
        Binding("a,A", "period('all')", "keys.ladder_all"),
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
        Binding("escape", "back", "keys.back"),
    ]

    def __init__(self, client: LobbyClient, period: Period = Period.WEEK) -> None:
        super().__init__()
        self.client = client
        self.period = period
        self.ladder: Ladder | None = None  # as last heard, for `period`

    def compose(self) -> ComposeResult:
        yield Plain(t("ui.ladder.title", url=self.client.url), classes="screen-title")
        yield Plain(id="ladder-tabs")
        yield MessageLine(id="ladder-status")
        grid: DataTable[Text] = DataTable(id="ladder", cursor_type="row", zebra_stripes=True)
        yield grid
        yield Plain(t("history.ladder.note"), id="ladder-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        grid = self.query_one("#ladder", DataTable)
        for index, title in enumerate(column_titles()):
            grid.add_column(Text(title, justify="right" if index in _RIGHT else "left"))
        grid.focus()
        self._show_tabs()
        self._ask()

    def _show_tabs(self) -> None:
        line = Text()
        for period in PERIODS:
            label = f" {_TAB_KEYS[period]} {t(f'ui.ladder.tab.{period.value}')} "
            line.append(label, style="reverse bold" if period is self.period else "")
            line.append(" ")
        self.query_one("#ladder-tabs", Plain).update(line)

    @work(exclusive=True, group="ladder")
    async def _ask(self) -> None:
        status = self.query_one("#ladder-status", MessageLine)
        status.say(t("ui.ladder.asking"))
        period = self.period
        try:
            ladder = await self.client.leaderboard(period)
        except NetError as error:
            self.ladder = None
            self._show([])
            status.say(error.message, "error")
            return
        if period is not self.period:
            return  # another tab was chosen meanwhile; its own answer comes
        self.ladder = ladder
        self._show(ladder_rows(ladder))
        status.say(t("history.ladder.empty") if not ladder.rows else "")

    def _show(self, rows: list[tuple[Text, ...]]) -> None:
        grid = self.query_one("#ladder", DataTable)
        grid.clear()
        for row in rows:
            grid.add_row(*row)

    def action_period(self, name: str) -> None:
        period = Period(name)
        if period is not self.period:
            self.period = period
            self._show_tabs()
            self._ask()

    def action_step(self, step: int) -> None:
        index = (PERIODS.index(self.period) + step) % len(PERIODS)
        self.action_period(PERIODS[index].value)

    def action_back(self) -> None:
        self.dismiss()
