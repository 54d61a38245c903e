"""Small things of the second hour (issue 34): Ctrl+Q in the lesson, where nothing is
at stake, and the Settings screen's ASCII switch under the command line's --ascii."""

from __future__ import annotations

from textual.pilot import Pilot

from ddz_tui.i18n import Lang
from ddz_tui.ui.screens.confirm import ConfirmScreen
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.tutorial import TutorialScreen
from ddz_tui.ui.widgets.form import OnOff
from tests.support.ui import make_app

SIZE = (80, 24)


def screen_lines(pilot: Pilot) -> list[str]:
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


def row(pilot: Pilot, label: str) -> str:
    return next(line for line in screen_lines(pilot) if label in line)


async def test_ctrl_q_in_the_lesson_quits_at_once() -> None:
    """The lesson is no game at stake: no "the game will be lost" question."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        for _ in range(200):
            if isinstance(app.screen, TutorialScreen) and app.screen.view is not None:
                break
            await pilot.pause(0.01)
        await pilot.press("3")  # bid: the hand is under way
        await app.workers.wait_for_complete()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
    assert app.return_code == 0


async def test_settings_show_ascii_on_when_the_command_line_turned_it_on() -> None:
    """--ascii wins over the setting for the session: the switch shows it on, says it is
    the command line's, and cannot be switched off here (it would do nothing)."""
    for lang, label in ((Lang.EN, "ASCII cards (--ascii)"), (Lang.ZH, "ASCII牌面（--ascii）")):
        app = make_app(lang=lang, ascii_cards=True)  # the saved setting is off
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            switch = app.screen.query_one("#ascii_cards", OnOff)
            assert switch.value and switch.disabled
            assert "[x]" in row(pilot, label)
    app = make_app(ascii_cards=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        switch = app.screen.query_one("#ascii_cards", OnOff)
        assert not switch.value and not switch.disabled, "the setting, where nothing overrides it"
