"""封顶 at the table: the cap chosen by keys in New game, said on the table, and a game
whose stake the cap cut, on the top bar and in the result."""

from __future__ import annotations

from textual.widgets import Select

from ddz_tui.engine import Decision, Factors, LandlordMode, Rules
from ddz_tui.i18n import Lang
from ddz_tui.table.clients import LocalTable
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.widgets.table_parts import HouseRules
from tests.support.ui import (
    make_app,
    our_turns,
    saved_settings,
    settle,
    sit_down,
    table_screen,
    take_a_turn,
)

CAPPED = Rules(LandlordMode.BID, doubling=True, factors=Factors(5, 5, 5, 5, 5, 5), cap=32)
"""Every factor ×5: a double and a redouble, or a bomb, take a stake over the cap."""
CAPPED_SEED = 3  # a game under CAPPED in which our stake went over the cap


async def test_the_cap_is_chosen_by_keys_in_new_game_and_remembered() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#cap", Select).value == 0  # no cap
        await pilot.press("shift+tab", "shift+tab", "shift+tab")  # back past 癞子, 不洗牌
        assert app.screen.focused is app.screen.query_one("#cap", Select)
        await pilot.press("space", "down", "enter")  # open, ×32, choose
        assert app.screen.query_one("#cap", Select).value == 32
        await pilot.press("enter")  # deal
        await settle(pilot)
        screen = table_screen(pilot)
        assert isinstance(screen.client, LocalTable)
        assert screen.client.host.rules == Rules(cap=32)
        assert "Cap ×32" in str(screen.query_one(HouseRules).render())
    saved = saved_settings(app)
    assert saved.cap == 32 and saved.rules == Rules(cap=32)


async def test_a_capped_game_says_so_on_the_top_bar_and_in_the_result() -> None:
    app = make_app(seed=CAPPED_SEED)
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, rules=CAPPED)
        async for view in our_turns(pilot):
            if view.decision is Decision.DOUBLE:
                await pilot.press("y")
                await settle(pilot)
                continue
            await take_a_turn(pilot, view)
        assert isinstance(app.screen, ResultScreen)
        view = screen.view
        assert view is not None and view.landlord is not None
        multiplier = view.multiplier
        assert multiplier.capped(0, view.landlord), "the seed's game went over the cap"
        assert "(capped)" in str(screen.query_one("#stakes").render())
        factors = str(app.screen.query_one("#factors").render())
        mine = multiplier.stake(0, view.landlord)
        assert "capped at ×32" in factors and f"= ×{mine}" in factors
        assert mine == (32 if view.landlord else sum(multiplier.stakes(0)[1:]))


def test_new_game_with_a_cap_chosen(snap_compare) -> None:
    """The New game dialog's rows, 封顶 last, ×64 chosen (read as text: 'Stake cap')."""
    assert snap_compare(make_app(cap=64), press=["n"])


def test_new_game_with_a_cap_chosen_chinese(snap_compare) -> None:
    assert snap_compare(make_app(Lang.ZH, cap=64), press=["n"])
