"""The boss key (摸鱼, issue 34): F9 turns any screen into a dull `top` page with no
word of the game on it and holds a game against bots where it is; F9 again brings the
game back, and the bots play on."""

from __future__ import annotations

import datetime as dt
import re

from textual.widgets import Static

from ddz_tui.engine import LandlordMode
from ddz_tui.ui.screens.boss import BossScreen
from ddz_tui.ui.screens.title import TitleScreen
from tests.support.ui import make_app, settle, sit_down, text_of

GAME_WORDS = re.compile(
    r"ddz|dou|dizhu|landlord|peasant|card|bid|bot|pass|play|game|deal|score|trick|"
    r"[\u4e00-\u9fff]|[♠♥♣♦🂠]",
    re.IGNORECASE,
)


async def test_the_boss_key_hides_the_game_and_holds_the_bots() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await sit_down(pilot, LandlordMode.BID)
        host = screen.client.host  # type: ignore[attr-defined]
        events = host.game.events
        await pilot.press("f9")
        assert isinstance(app.screen, BossScreen) and host.paused
        page = text_of(app.screen.query_one("#boss-page", Static))
        assert page.startswith("top - ") and "COMMAND" in page
        assert len(page.splitlines()) == 24
        assert not GAME_WORDS.search(page), GAME_WORDS.search(page)
        assert app.sound.playing is None, "the music stops"  # type: ignore[attr-defined]
        await pilot.press("enter", "p", "escape")  # the game's keys do nothing here
        await settle(pilot)
        assert host.game.events == events and isinstance(app.screen, BossScreen)
        await pilot.press("f9")
        assert app.screen is screen and not host.paused
        await settle(pilot)
        assert screen.view is not None and screen.view.my_turn


async def test_the_boss_key_works_on_any_screen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f9")
        assert isinstance(app.screen, BossScreen)
        await pilot.press("f9")
        assert isinstance(app.screen, TitleScreen)


def test_the_boss_page(snap_compare) -> None:
    """A fixed page and clock: what the boss sees at 80x24."""

    async def boss(pilot) -> None:
        fixed = dt.datetime(2025, 3, 4, 14, 32, 7)
        pilot.app.push_screen(BossScreen(seed=7, now=lambda: fixed))
        await pilot.pause()

    assert snap_compare(make_app(), run_before=boss)
