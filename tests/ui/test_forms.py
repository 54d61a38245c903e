"""The app's forms as a player reads them: switches that say on or off, focus that
shows without colour, drop-downs whose Chinese options are drawn whole."""

from __future__ import annotations

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Select, Switch

from ddz_tui.i18n import Lang
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.widgets.form import OnOff
from tests.support.ui import make_app


def screen_lines(app: App) -> list[str]:
    """The text of every line of the screen, as the terminal gets it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def row(app: App, label: str) -> str:
    return next(line for line in screen_lines(app) if label in line)


async def open_settings(pilot: Pilot) -> SettingsScreen:
    await pilot.press("s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def test_a_switch_says_whether_it_is_on_in_words() -> None:
    app = make_app(ascii_cards=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        switch = screen.query_one("#ascii_cards", Switch)
        assert isinstance(switch, OnOff)
        assert "[ ] Off" in row(app, "ASCII cards")
        switch.focus()
        await pilot.press("space")
        await pilot.pause()
        assert app.settings.ascii_cards is True
        assert "[x] On" in row(app, "ASCII cards")
        await pilot.press("enter")
        await pilot.pause()
        assert app.settings.ascii_cards is False
        assert "[ ] Off" in row(app, "ASCII cards")


async def test_a_switch_says_it_in_chinese_too() -> None:
    app = make_app(lang=Lang.ZH)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        screen.query_one("#ascii_cards", Switch).value = True
        await pilot.pause()
        assert "[x] 开" in row(app, "ASCII")


async def test_the_focused_control_is_drawn_in_reverse_video() -> None:
    """Reverse video shows in 16 colours, in 256 and in none: a tint does not."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        switch = screen.query_one("#ascii_cards", Switch)
        delay = screen.query_one("#bot_delay", Select)
        delay.focus()  # Settings opens on the name
        await pilot.pause()
        assert delay.query_one("SelectCurrent").rich_style.reverse
        assert not switch.rich_style.reverse
        switch.focus()
        await pilot.pause()
        assert switch.rich_style.reverse
        assert not delay.query_one("SelectCurrent").rich_style.reverse


async def test_an_open_drop_down_draws_its_chinese_options_whole() -> None:
    """The landlord drop-down in Settings opens over the row of a switch: the switch's
    edge used to cut 叫 in two, drawing `Bidding (  分)`."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        screen.query_one("#landlord_mode", Select).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#landlord_mode", Select).expanded
        assert "Bidding (叫分)" in row(app, "Doubling"), screen_lines(app)
        assert "Call & grab (抢地主)" in row(app, "Show cards"), screen_lines(app)
