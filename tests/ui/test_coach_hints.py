"""Hints from the coach: a setting that makes the first hint the normal bot's play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ddz_tui.bots.hints import coached_hints, hints
from ddz_tui.engine import Phase
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.settings import Settings, SettingsStore
from tests.support.ui import make_app, our_turns, settle, table_screen
from tests.ui.test_pilot import message


@pytest.mark.parametrize("coached", [True, False])
async def test_the_first_hint_follows_the_setting(coached: bool) -> None:
    """A whole game by H, Enter and P: the first hint of every turn is the coach's
    (the normal bot's play or pass) with the setting on, the weakest play without."""
    app = make_app(seed=3, coach_hints=coached)
    differed = 0
    async with app.run_test() as pilot:
        await pilot.press("n", "enter")
        await settle(pilot)
        screen = table_screen(pilot)
        async for view in our_turns(pilot):
            if view.phase is Phase.BIDDING:
                await pilot.press(str(view.legal_bids[-1]))
                continue
            wanted = (coached_hints if coached else hints)(view)
            differed += coached_hints(view)[:1] != hints(view)[:1]
            await pilot.press("h")
            await settle(pilot)
            said = str(message(pilot).render())
            raised = "".join(
                sorted((c.rank for c in screen.hand.selected), key="3456789TJQKA2BR".index)
            )
            if not wanted:
                assert not raised
            elif wanted[0] is None:
                assert not raised and said.startswith(f"Hint 1 of {len(wanted)}: pass.")
            else:
                assert raised == wanted[0].cards and said.startswith(f"Hint 1 of {len(wanted)}:")
            await pilot.press("enter" if raised else "p")
    assert differed, "a game where the coach's first hint is not the weakest play"


async def test_the_setting_is_switched_and_saved(config_dir: Path) -> None:
    app = make_app()
    assert not app.settings.coach_hints and not Settings().coach_hints
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.click("#coach_hints")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.settings.coach_hints
    assert json.loads(SettingsStore(config_dir).path.read_text())["coach_hints"] is True
