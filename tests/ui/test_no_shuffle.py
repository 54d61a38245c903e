"""不洗牌 at the table: chosen by keys in New game and Settings, said on the table, and
the second game of a run dealt from the first's cards as they were played."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Switch

from ddz_tui.engine import Phase, Rules, Started
from ddz_tui.i18n import Lang
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.table.clients import LocalTable
from ddz_tui.ui.online import JoinRequest
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.widgets.table_parts import HouseRules
from tests.support.loopback import running
from tests.support.ui import (
    make_app,
    new_table_form,
    our_turns,
    saved_settings,
    settle,
    sit_down,
    switch_in_settings,
    table_screen,
    take_a_turn,
    wait_for,
)
from tests.ui.test_net import SIZE

NO_SHUFFLE = Rules(no_shuffle=True)


async def test_no_shuffle_is_chosen_by_keys_in_new_game_and_remembered() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        switch = app.screen.query_one("#no_shuffle", Switch)
        assert not switch.value
        await pilot.press("shift+tab", "shift+tab")  # from Deal back past 癞子's row
        assert app.screen.focused is switch
        await pilot.press("space", "enter")  # on, deal
        await settle(pilot)
        screen = table_screen(pilot)
        assert isinstance(screen.client, LocalTable)
        assert screen.client.host.rules == NO_SHUFFLE
        assert "No shuffle" in str(screen.query_one(HouseRules).render())
    saved = saved_settings(app)
    assert saved.no_shuffle and saved.rules == NO_SHUFFLE


async def test_no_shuffle_is_switched_in_settings() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await switch_in_settings(pilot, "no_shuffle")
        assert app.settings.no_shuffle and app.settings.rules == NO_SHUFFLE
    saved = saved_settings(app)
    assert saved.no_shuffle


async def _second_game(pilot: Pilot) -> None:
    """A no-shuffle run: the first game played to the end by keys, then the next deal."""
    await sit_down(pilot, rules=NO_SHUFFLE)
    async for view in our_turns(pilot):
        await take_a_turn(pilot, view)
    assert isinstance(pilot.app.screen, ResultScreen)
    await pilot.press("enter")  # next game
    await settle(pilot)


async def test_the_second_game_of_a_run_is_dealt_from_the_first_games_cards() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await sit_down(pilot, rules=NO_SHUFFLE)
        screen = table_screen(pilot)
        assert isinstance(screen.client, LocalTable)
        host = screen.client.host
        first = host.game
        assert first is not None
        async for view in our_turns(pilot):
            await take_a_turn(pilot, view)
        await pilot.press("enter")  # next game
        await settle(pilot)
        second = host.game
        assert second is not first and second is not None
        assert second.phase is not Phase.OVER
        started = second.events[0]
        assert isinstance(started, Started) and started.deck == first.played_order()


def test_a_no_shuffle_table(snap_compare) -> None:
    """The second game of a run, its house rules saying 'No shuffle' (read as text)."""
    assert snap_compare(make_app(), run_before=_second_game)


def test_a_no_shuffle_table_chinese(snap_compare) -> None:
    """The same in Chinese: '不洗牌'."""
    assert snap_compare(make_app(Lang.ZH), run_before=_second_game)


async def test_a_new_table_in_the_lobby_is_opened_without_shuffling() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            dialog = await new_table_form(pilot)
            switch = dialog.query_one("#no_shuffle", Switch)
            assert not switch.value
            switch.value = True  # (chosen by keys in New game's test: the same rows)
            await pilot.pause()
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            bob = await LobbyClient.connect(server.url, "bob")
            await wait_for(pilot, lambda: bool(bob.tables))
            assert bob.tables[0].rules == NO_SHUFFLE
            assert server.lobby.tables[bob.tables[0].id].host.rules == NO_SHUFFLE
            await bob.close()
        assert app.settings.rules == NO_SHUFFLE, "the choice is the next table's default"
