"""Leaving a game against bots mid-way in the app (issue 34, item 17): the question
says what it costs, and the game is kept lost, read so by the statistics and the
replay; quitting with Ctrl+Q mid-game costs the same."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static

from ddz_tui.engine import LandlordMode
from ddz_tui.engine.events import Left
from ddz_tui.records.store import FILE_NAME, Store
from ddz_tui.ui.screens.confirm import ConfirmScreen
from ddz_tui.ui.screens.replay import ReplayScreen
from ddz_tui.ui.screens.stats import StatsScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.widgets.plain import Plain
from ddz_tui.ui.widgets.table_parts import MessageLine
from tests.support.ui import make_app, sit_down, text_of


async def test_leaving_mid_game_is_kept_as_lost_and_read_so(data_dir: Path) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        cost = screen.client.leaving()  # type: ignore[attr-defined]
        assert cost is not None
        score = f"{cost.scores[0]:+d}"
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query_one("#question", Plain).render())
        assert "counts as lost" in question and score in question
        await pilot.click("#yes")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await app.history.flush()
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        recent = app.screen.query_one("#recent", DataTable)
        row = [str(cell) for cell in recent.get_row_at(0)]
        assert "left, lost" in row and score in row
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("end")
        assert "You left the game here, and lost it." in text_of(replay.query_one(MessageLine))
        assert score in text_of(replay.query_one("#replay-me", Static))
    with Store.open(data_dir / FILE_NAME) as store:
        [summary] = store.recent_games()
        assert summary.left == 0 and summary.my_score == cost.scores[0]


async def test_quitting_mid_game_says_so_and_keeps_it_lost(data_dir: Path) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await sit_down(pilot, LandlordMode.RANDOM)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        assert "counts as lost" in str(app.screen.query_one("#question", Plain).render())
        await pilot.click("#yes")
        await pilot.pause()
    assert app.return_code == 0
    with Store.open(data_dir / FILE_NAME) as store:
        [summary] = store.recent_games()
        assert summary.left == 0 and summary.i_won is False
        assert isinstance(store.game(summary.id).events[-1], Left)


async def test_staying_costs_nothing(data_dir: Path) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        await pilot.press("escape")
        await pilot.click("#no")
        await pilot.pause()
        assert app.screen is screen
        await app.history.flush()
    with Store.open(data_dir / FILE_NAME) as store:
        assert store.recent_games() == []
