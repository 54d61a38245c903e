"""超级加倍 (super double) at the table: the S key and its button beside Double and
No, only where the rules have it; a super double's ×4 on the top bar, the seat, the
result and the replay; and a snapshot of the doubling question with its button."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Switch

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Decision, Doubled, Game, LandlordMode, Rules
from ddz_tui.i18n import Lang
from ddz_tui.table.clients import LocalTable
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.replay import Replay, ReplayScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.widgets.table_parts import HouseRules, MessageLine, SeatPanel
from tests.support.ui import (
    SpySound,
    make_app,
    our_turns,
    saved_settings,
    settle,
    sit_down,
    switch_in_settings,
    table_screen,
    take_a_turn,
    text_of,
)
from tests.ui.test_house_rules import answer_until

SUPER = Rules(LandlordMode.GRAB, doubling=True, showing=True, super_double=True)
PLAIN_DOUBLING = Rules(LandlordMode.GRAB, doubling=True, showing=True)
SEED = 11  # Left calls, we grab, Left grabs back: we are a peasant asked to double


async def doubling_due(pilot: Pilot, rules: Rules = SUPER) -> None:
    await sit_down(pilot, rules=rules)
    await answer_until(pilot, Decision.DOUBLE)


async def test_s_super_doubles_and_the_stake_says_x4_everywhere() -> None:
    app = make_app(seed=SEED)
    async with app.run_test() as pilot:
        await doubling_due(pilot)
        screen = table_screen(pilot)
        view = screen.view
        assert view is not None and view.decision is Decision.DOUBLE and view.my_turn
        word = "redouble" if view.landlord == 0 else "double"
        button = screen.query_one(f"#{word}-super", Button)
        assert button.display and not button.disabled
        assert button.label.plain == "S Super double ×4"
        assert "Super double" in str(screen.query_one(HouseRules).render())
        assert "super double (S, ×4)" in str(screen.query_one("#message").render())
        await pilot.press("s")
        await settle(pilot)
        view = screen.view
        assert view is not None and 0 in view.super_doubles
        assert view.multiplier.doubling(0) == 4
        stakes = str(screen.query_one("#stakes").render())
        assert f"Your stake ×{view.multiplier.stake(0, view.landlord)}" in stakes
        async for view in our_turns(pilot):
            await take_a_turn(pilot, view)
        assert isinstance(app.screen, ResultScreen)
        factors = str(app.screen.query_one("#factors").render())
        assert "super doubled ×4" in factors, factors
        assert screen.view is not None and screen.view.multiplier.doubling(0) == 4


async def test_without_the_rule_s_does_nothing_and_no_button_shows() -> None:
    app = make_app(seed=SEED)
    async with app.run_test() as pilot:
        await doubling_due(pilot, PLAIN_DOUBLING)
        screen = table_screen(pilot)
        view = screen.view
        assert view is not None and view.decision is Decision.DOUBLE
        word = "redouble" if view.landlord == 0 else "double"
        assert not screen.query_one(f"#{word}-super", Button).display
        assert screen.check_action("super_double", ()) is False
        await pilot.press("s")
        await settle(pilot)
        assert screen.view == view, "nothing was answered"


LANGS = pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH], ids=["en", "zh"])


@LANGS
def test_super_double_prompt(snap_compare, lang) -> None:
    """The doubling question under 超级加倍: Y Double, S Super double ×4, N Don't double
    (read as text), the rule on the house rules' list."""
    assert snap_compare(make_app(lang=lang, seed=SEED), run_before=doubling_due)


async def test_a_replay_says_the_super_double_at_its_step_and_after() -> None:
    """Seed 2: seat 1 doubles, then the landlord (seat 2) super-doubles."""
    game = Game(2, rules=SUPER)
    play_out(game, [make_bot("random", 2 + seat) for seat in range(3)])
    doubles = [(e.seat, e.level) for e in game.events if isinstance(e, Doubled) and e.double]
    assert doubles == [(1, 1), (2, 2)] and game.landlord == 2
    app = DdzApp(make_app().store, make_sound=SpySound, replay=Replay.of(game.events, my_seat=0))
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        while not (isinstance(screen.frame.action, Doubled) and screen.frame.action.level == 2):
            await pilot.press("right")
        name = screen.name_of(2)
        assert f"{name}: Super double." in str(screen.query_one(MessageLine).render())
        assert screen.frame.super_doubles == (2,)
        calls = str(screen.query_one("#bids").render())
        assert f"Super doubled: {name}" in calls and "Redoubled" not in calls
        panels = [text_of(panel) for panel in screen.query(SeatPanel)]
        assert any("Super doubled" in panel for panel in panels), panels
        stake = game.multiplier.stake(0, 2)
        assert stake == game.multiplier.total * 4  # we did not double; the landlord's ×4
        await pilot.press("end")
        await pilot.pause()
        assert f"Your stake ×{stake}" in str(screen.query_one("#stakes").render())


async def test_super_double_is_chosen_by_keys_in_new_game_and_remembered() -> None:
    """New game's Super double row (after Doubling): on with doubling, a super double
    table; its switch alone, without doubling, is no super doubling."""
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        switch = app.screen.query_one("#super_double", Switch)
        assert not switch.value
        switch.focus()
        await pilot.press("space", "shift+tab", "space")  # super double on, then doubling
        assert switch.value and app.screen.query_one("#doubling", Switch).value
        await pilot.press("enter")  # deal
        await settle(pilot)
        screen = table_screen(pilot)
        assert isinstance(screen.client, LocalTable)
        assert screen.client.host.rules == Rules(doubling=True, super_double=True)
        assert "Super double" in str(screen.query_one(HouseRules).render())
    saved = saved_settings(app)
    assert saved.super_double and saved.rules == Rules(doubling=True, super_double=True)
    assert replace(saved, doubling=False).rules == Rules(), "no super doubling without doubling"


async def test_super_double_is_switched_in_settings() -> None:
    app = make_app(doubling=True)
    async with app.run_test() as pilot:
        await switch_in_settings(pilot, "super_double")
        assert app.settings.rules == Rules(doubling=True, super_double=True)
    saved = saved_settings(app)
    assert saved.super_double
