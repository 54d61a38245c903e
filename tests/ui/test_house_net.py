"""A shared table's house rules chosen in the app: the lobby's New table dialog and
the Host dialog offer 叫地主/抢地主, 加倍 and 明牌 (from the player's settings), and the
table is opened with the rules chosen (on loopback only)."""

from __future__ import annotations

from textual.widgets import Select, Switch

from ddz_tui.engine import LandlordMode, Rules
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.ui.online import HostRequest, JoinRequest
from ddz_tui.ui.screens.table import TableScreen
from tests.support.loopback import running
from tests.support.ui import make_app, new_table_form, wait_for
from tests.ui.test_net import SIZE, free_port

HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)


async def test_a_new_table_in_the_lobby_has_the_rules_chosen() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            dialog = await new_table_form(pilot)
            assert dialog.query_one("#mode", Select).value is LandlordMode.BID
            dialog.query_one("#mode", Select).value = LandlordMode.GRAB
            dialog.query_one("#doubling", Switch).value = True
            dialog.query_one("#showing", Switch).value = True
            await pilot.pause()
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            bob = await LobbyClient.connect(server.url, "bob")
            await wait_for(pilot, lambda: bool(bob.tables))
            assert bob.tables[0].rules == HOUSE
            await bob.close()
        assert app.settings.rules == HOUSE, "the choice is the next table's default"


async def test_hosting_opens_a_table_with_the_rules_in_the_settings() -> None:
    port = free_port()
    app = make_app(
        start=HostRequest("ann", port, host="127.0.0.1"),
        landlord_mode=LandlordMode.GRAB,
        doubling=True,
        showing=True,
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        bob = await LobbyClient.connect(f"127.0.0.1:{port}", "bob")
        await wait_for(pilot, lambda: bool(bob.tables))
        assert bob.tables[0].rules == HOUSE
        await bob.close()
