"""Your record: how you have done, your score over time, and the games to replay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import DataTable
from textual_plotext import PlotextPlot

from ddz_tui.i18n import as_shown, ascii_mode, t
from ddz_tui.records.store import GameSummary, Stats, Store, StoreError, unreadable_note
from ddz_tui.text import printable
from ddz_tui.ui.screens.base import AppScreen
from ddz_tui.ui.screens.replay import Replay
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.plain import Plain

RECENT = 100
"""How many of the latest games the list offers to replay."""


@dataclass(frozen=True)
class Overview:
    stats: Stats
    scores: tuple[int, ...]  # the running total after each of your games
    recent: tuple[GameSummary, ...]  # latest first
    unreadable: int = 0  # games skipped because their rows could not be read


def read_overview(store: Store) -> Overview:
    games = store.my_games()  # read once for both the figures and the chart
    recent = store.recent_games(RECENT)
    return Overview(
        store.stats(games),
        tuple(store.score_over_time(games)),
        tuple(recent),
        len({*games.skipped, *recent.skipped}),
    )


def _rate(rate: float | None) -> str:
    return as_shown("–") if rate is None else f"{rate:.0%}"


def figures(stats: Stats) -> Table:
    """The numbers, label on the left, value on the right."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_header=False, expand=True)
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True, style="bold")
    rows = (
        ("ui.stats.games", str(stats.games)),
        ("ui.stats.wins", t("ui.stats.rate", n=stats.wins, rate=_rate(stats.win_rate))),
        (
            "ui.stats.as_landlord",
            t(
                "ui.stats.of",
                n=stats.landlord_wins,
                of=stats.landlord_games,
                rate=_rate(stats.landlord_win_rate),
            ),
        ),
        (
            "ui.stats.as_peasant",
            t(
                "ui.stats.of",
                n=stats.peasant_wins,
                of=stats.peasant_games,
                rate=_rate(stats.peasant_win_rate),
            ),
        ),
        ("ui.stats.total", f"{stats.total_score:+d}"),
        ("ui.stats.bombs", str(stats.bombs)),
        ("ui.stats.springs", str(stats.springs)),
        ("ui.stats.best_streak", str(stats.best_streak)),
        ("ui.stats.streak", str(stats.current_streak)),
    )
    for label, value in rows:
        table.add_row(t(label), value)
    return table


def whole_ticks(low: int, high: int, most: int = 5) -> list[float]:
    """Up to `most` evenly spread whole numbers from low to high: scores and game
    counts are whole, so the axes should not read 7.3."""
    if high <= low:
        return [low]
    step = max(1, -(-(high - low) // (most - 1)))
    ticks = list(range(low, high, step))
    if len(ticks) > 1 and high - ticks[-1] <= step / 2:
        ticks.pop()  # too close to the end to read apart
    return [*ticks, high]


BOX_IN_ASCII = str.maketrans({**dict.fromkeys("┌┐└┘├┤┬┴┼", "+"), "─": "-", "│": "|"})
"""Plotext's frame, axes and ticks (always drawn in box-drawing lines) in ASCII."""


class ScoreChart(PlotextPlot):
    """Your running total, game by game, from zero; in ASCII mode in ASCII (its line
    in stars, not braille)."""

    def __init__(self, scores: tuple[int, ...], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scores = scores
        self.ascii = ascii_mode()

    def on_mount(self) -> None:
        self.border_title = t("ui.stats.chart")
        accent = Color.parse(self.app.theme_variables["accent"]).rgb
        muted = Color.parse(self.app.theme_variables["foreground-muted"]).rgb
        totals = [0, *self.scores]
        plt = self.plt
        plt.hline(0, color=muted)
        marker = "*" if self.ascii else "braille"
        plt.plot(range(len(totals)), totals, marker=marker, color=accent)
        plt.xticks(whole_ticks(0, len(self.scores)))
        plt.yticks(whole_ticks(min(totals), max(totals)))
        plt.xlabel(t("ui.stats.chart_x"))

    def render(self) -> RenderResult:
        drawn = super().render()
        if not self.ascii or not isinstance(drawn, Text):
            return drawn
        # one character for another: the colours' spans stay where they were
        drawn.plain = drawn.plain.translate(BOX_IN_ASCII)
        return drawn


class StatsScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "keys.back")]

    def __init__(self) -> None:
        super().__init__()
        self.overview: Overview | None = None
        self.loaded = False

    def compose(self) -> ComposeResult:
        yield Plain(t("ui.stats.title"), classes="screen-title")
        with Vertical(id="stats-body"):
            yield from self._body()
        yield KeyFooter()

    def on_mount(self) -> None:
        self._load()

    @work(exclusive=True, group="stats")
    async def _load(self) -> None:
        try:
            self.overview = await self.ddz.history.call(read_overview)
        except StoreError:
            self.overview = None  # history is off: the body says why
        self.loaded = True
        body = self.query_one("#stats-body")
        await body.remove_children()
        await body.mount_all(self._body())
        if self.query("#recent"):
            self.query_one("#recent").focus()

    def _body(self) -> list[Widget]:
        problem = self.ddz.history.problem
        if problem is not None:
            return [_note(t("ui.stats.off", problem=problem))]
        if not self.loaded:
            return [_note(t("ui.stats.loading"))]
        overview = self.overview
        assert overview is not None
        note = unreadable_note(overview.unreadable)
        skipped = [] if note is None else [Plain(note, id="stats-unreadable")]
        if not overview.recent:
            return [_note(t("ui.stats.empty")), *skipped]
        chart: Widget
        if overview.scores:
            chart = ScoreChart(overview.scores, id="score-chart")
        else:
            chart = _note(t("ui.stats.no_chart"))
        numbers = Plain(figures(overview.stats), id="figures")
        numbers.border_title = t("ui.stats.figures")
        return [Horizontal(numbers, chart, id="stats-top"), RecentGames(overview.recent), *skipped]

    @on(DataTable.RowSelected, "#recent")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        assert event.row_key.value is not None
        self._open_replay(int(event.row_key.value))

    @work(exclusive=True, group="replay")
    async def _open_replay(self, game_id: int) -> None:
        try:
            kept = await self.ddz.history.call(lambda store: store.game(game_id))
            replay = Replay.of_kept(kept)
        except StoreError:
            self._load()  # history has just turned off: say so here too
            return
        except (KeyError, ValueError) as exc:
            why = str(exc) if isinstance(exc, ValueError) else t("ui.stats.gone")
            self.notify(t("ui.stats.cannot_replay", id=game_id, why=why), severity="error")
            return
        self.ddz.open_replay(replay)

    def action_back(self) -> None:
        self.dismiss()


def _note(text: str) -> Plain:
    return Plain(text, id="stats-note")


class RecentGames(DataTable[Text]):
    """The latest games; Enter (or a click) opens one's replay."""

    def __init__(self, games: tuple[GameSummary, ...]) -> None:
        super().__init__(id="recent", cursor_type="row", zebra_stripes=True)
        self.games = games

    def on_mount(self) -> None:
        self.border_title = t("ui.stats.recent")
        self.border_subtitle = t("ui.stats.recent_keys")
        self.add_column(Text("#", justify="right"), key="id")
        for key in ("when", "where", "role", "result", "score", "x", "players"):
            self.add_column(Text(t(f"ui.stats.col.{key}")), key=key)
        for game in self.games:
            self.add_row(*_row(game), key=str(game.id))


def _row(game: GameSummary) -> tuple[Text, ...]:
    """Every cell a plain Text: a str cell would be read as markup."""
    mine = game.my_seat
    if mine is None:
        role = result = score = ""
    else:
        role = t("role.landlord" if mine == game.landlord else "role.peasant")
        result = t("history.won" if game.i_won else "history.lost")
        if game.left == mine:
            result = t("history.left")
        score = f"{game.my_score:+d}"
    return (
        Text(str(game.id), justify="right"),
        Text(game.finished.astimezone().strftime("%m-%d %H:%M")),
        Text(t(f"origin.{game.origin.value}")),
        Text(role),
        Text(result),
        Text(score, justify="right"),
        Text(as_shown(f"×{game.my_stake}"), justify="right"),
        Text(printable(", ".join(game.names))),  # as written, never as markup
    )
