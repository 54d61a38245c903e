"""Dialogs of issue 34's second hour: ← → move between a dialog's buttons (only Tab
did), Enter presses the focused one: the leave question and the lesson's offer;
Settings says where each change is kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from ddz_tui.engine import LandlordMode
from ddz_tui.i18n import Lang
from ddz_tui.records.store import FILE_NAME
from ddz_tui.ui.screens.confirm import ConfirmScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.screens.tutorial import TutorialOffer
from tests.support.ui import make_app, sit_down, text_of


def focused_id(pilot: Pilot) -> str | None:
    focused = pilot.app.screen.focused
    return None if focused is None else focused.id


async def test_arrows_move_between_leave_and_stay() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot, LandlordMode.RANDOM)
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        assert focused_id(pilot) == "no"  # Stay, the safe one
        await pilot.press("left")
        assert focused_id(pilot) == "yes"
        await pilot.press("left")  # the first stays the first
        assert focused_id(pilot) == "yes"
        await pilot.press("right")
        assert focused_id(pilot) == "no"
        await pilot.press("left", "enter")  # Leave, pressed by Enter
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_arrows_move_between_the_lesson_offer_s_buttons() -> None:
    app = make_app()
    answers: list[bool] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TutorialOffer(), answers.append)
        await pilot.pause()
        assert focused_id(pilot) == "yes"
        await pilot.press("right")
        assert focused_id(pilot) == "no"
        await pilot.press("enter")
        await pilot.pause()
    assert answers == [False]


@pytest.mark.parametrize("lang", list(Lang))
async def test_settings_say_where_the_name_is_kept(lang: Lang, data_dir: Path) -> None:
    """The settings in settings.json, the name in the history's database (it said all
    was saved in settings.json)."""
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        note = text_of(app.screen.query_one("#saved-in")).replace("\n", "")
    assert "settings.json" in note and FILE_NAME in note, note
    assert ("your name" if lang is Lang.EN else "名字") in note, note
