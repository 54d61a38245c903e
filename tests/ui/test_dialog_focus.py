"""Issue 34, the second hour: Enter deals from anywhere in New game (an open drop-down
takes its Enter first), the footer says so, and Settings opens on the name."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from ddz_tui.bots import Level
from ddz_tui.records.store import FILE_NAME, Store
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.widgets.keys import KeyFooter
from tests.support.ui import make_app, settle, table_screen, text_of


async def test_enter_on_a_drop_down_deals_and_an_open_one_chooses_first() -> None:
    app = make_app(left_bot=Level.NORMAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        assert "Deal" in text_of(dialog.query_one(KeyFooter)), "the footer shows Enter deals"
        left = dialog.query_one("#left", Select)
        left.focus()
        await pilot.press("space")  # opened
        await pilot.pause()
        assert left.expanded
        await pilot.press("up", "enter")  # the open list takes Enter: a level chosen
        await pilot.pause()
        assert app.screen is dialog and not left.expanded
        chosen = left.value
        assert chosen is not Level.NORMAL
        await pilot.press("enter")  # on the closed drop-down: the deal, not the list again
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert table_screen(pilot).client.host.seats[2].level == chosen.value


async def test_enter_on_a_switch_deals_and_on_back_goes_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        dialog = app.screen
        dialog.query_one("#back").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen), "Back, as its button says"
        await pilot.press("n")
        app.screen.query_one("#doubling").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert not table_screen(pilot).client.host.rules.doubling, "dealt, not switched"


async def test_settings_opens_on_the_name(data_dir: Path) -> None:
    with Store.open(data_dir / FILE_NAME) as store:
        store.set_profile_name("Tester")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.history.ready()
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        field = app.screen.query_one("#profile_name", Input)
        assert app.screen.focused is field
        await pilot.press(*["backspace"] * 6, *"Mei", "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert app.history.profile_name == "Mei"
