"""Snapshots of the network screens: the lobby, and a table waiting for players.

The app hosts the game itself (on a free loopback port); the addresses it shows
are then set to fixed ones, so each picture is the same from run to run. Each
baseline was looked at before it was accepted (see test_snapshots.py).
"""

from __future__ import annotations

import random

from textual.pilot import Pilot

from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.ui.online import HostRequest
from ddz_tui.ui.screens.lobby import LobbyScreen
from ddz_tui.ui.screens.table import TableScreen
from tests.support.ui import make_app, wait_for
from tests.ui.test_net import free_port

SHOWN_URL = "ws://192.168.1.20:7744"


def hosting_app():
    """ann hosts; bots would take a minute to act, so a game in progress stays put."""
    return make_app(start=HostRequest("ann", free_port(), "127.0.0.1", bot_delay=60))


async def friend(pilot: Pilot, name: str) -> LobbyClient:
    server = pilot.app.online.server  # type: ignore[attr-defined]
    return await LobbyClient.connect(server.url, name, reconnect_for=0)


async def at_the_table(pilot: Pilot) -> TableScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
    screen = pilot.app.screen
    await wait_for(pilot, lambda: screen.state is not None)
    return screen


def test_the_lobby(snap_compare) -> None:
    async def lobby(pilot: Pilot) -> None:
        await at_the_table(pilot)
        await pilot.press("escape")  # get up: back to the lobby
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
        dan, eve, fay = [await friend(pilot, name) for name in ("dan", "eve", "fay")]
        await dan.create(title="dan's game")
        await dan.fill("random")
        await dan.ready()  # dealt: in play
        await eve.create(title="Friday night")
        await eve.ready()
        await fay.join(3)
        screen = pilot.app.screen
        await wait_for(pilot, lambda: len(screen.tables) == 2 and screen.tables[0].playing)
        await wait_for(pilot, lambda: screen.tables[1].seats[1].name == "fay")
        pilot.app.online.invite = SHOWN_URL  # type: ignore[attr-defined]
        screen.client.url = "ws://127.0.0.1:7744"
        screen._show_head()
        await pilot.pause()

    assert snap_compare(hosting_app(), run_before=lobby)


def test_a_table_waiting_for_players(snap_compare) -> None:
    async def waiting(pilot: Pilot) -> None:
        screen = await at_the_table(pilot)
        bob = await friend(pilot, "bob")
        await bob.join(1)
        await bob.ready()
        await wait_for(pilot, lambda: screen.state.seats[1].ready)
        pilot.app.online.invite = SHOWN_URL  # type: ignore[attr-defined]
        screen._show_waiting()
        await pilot.pause()

    assert snap_compare(hosting_app(), run_before=waiting)


async def in_the_lobby(pilot: Pilot) -> LobbyScreen:
    """ann gets up from the table her app opened: the lobby."""
    await at_the_table(pilot)
    await pilot.press("escape")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
    return pilot.app.screen


def test_the_lobby_with_a_private_table_and_watchers(snap_compare) -> None:
    """A private table's row behind a lock (its code nowhere), a count of who watch."""

    async def lobby(pilot: Pilot) -> None:
        screen = await in_the_lobby(pilot)
        dan, eve, fay, gus = [await friend(pilot, name) for name in ("dan", "eve", "fay", "gus")]
        await dan.create(title="dan's game")
        await dan.fill("random")
        club = await eve.create(title="club night", code="K3Y5")
        await fay.watch(club.table_id, "k3y5")
        await gus.watch(club.table_id, "K3Y5")
        await wait_for(pilot, lambda: [t.watchers for t in screen.tables] == [0, 2])
        pilot.app.online.invite = SHOWN_URL  # type: ignore[attr-defined]
        screen.client.url = "ws://127.0.0.1:7744"
        screen._show_head()
        await pilot.pause()

    assert snap_compare(hosting_app(), run_before=lobby)


def test_watching_a_table(snap_compare) -> None:
    """W at a table in play: the public view from its first seat's chair, no hand, no
    action buttons, the Watching mark on the line below."""

    async def watching(pilot: Pilot) -> None:
        screen = await in_the_lobby(pilot)
        dan = await friend(pilot, "dan")
        table = await dan.create(title="dan's game")
        server = pilot.app.online.server  # type: ignore[attr-defined]
        server.lobby.tables[table.table_id].host._seeds = random.Random(5)  # the same deal
        await dan.fill("random")
        await wait_for(pilot, lambda: len(screen.tables) == 1)  # ann's closed as she left
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        watched = pilot.app.screen
        await table.ready()  # dealt; the bots take a minute: the table stays put
        await wait_for(pilot, lambda: watched.view is not None)
        await pilot.pause()

    assert snap_compare(hosting_app(), run_before=watching)
