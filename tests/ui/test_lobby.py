"""The lobby of a server, as a newcomer meets it: Esc asks before it leaves, and the
list of tables fits 80 columns whatever the names (issue 34)."""

from __future__ import annotations

from textual.widgets import DataTable

from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.ui.online import JoinRequest
from ddz_tui.ui.screens.confirm import ConfirmScreen
from ddz_tui.ui.screens.lobby import LobbyScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.widgets.plain import Plain
from tests.support.loopback import running
from tests.support.ui import make_app, wait_for
from tests.ui.test_first_hour import assert_ascii, screen_text
from tests.ui.test_net import SIZE


async def test_esc_in_the_lobby_asks_before_leaving_the_server() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            await pilot.press("escape")
            assert isinstance(app.screen, ConfirmScreen), "not gone at one key"
            question = str(app.screen.query_one("#question", Plain).render())
            assert "Leave the server" in question and server.url in question
            await pilot.press("escape")  # Esc again: stay
            assert app.screen is lobby and "ann" in server.lobby.players
            await pilot.press("escape")
            await pilot.click("#yes")
            await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
            await wait_for(pilot, lambda: "ann" not in server.lobby.players)


LONG_TITLE = "Friday night with the whole gang"  # 32, the most a title may have
LONG_NAMES = ("MaximilianOkafor", "Genevieve Lindqv", "Bartholomew Chen")  # 16 each


def shown_cells(app, grid: DataTable) -> list[list[str]]:
    """Each row's cells as the screen shows them, the lines of a wrapped cell joined."""
    lines = screen_text(app).splitlines()
    x0, y = grid.region.x, grid.region.y + grid.header_height
    rows = []
    for row in grid.ordered_rows:
        cells = []
        x = x0
        for column in grid.ordered_columns:
            width = column.get_render_width(grid)
            parts = [line[x : x + width].strip() for line in lines[y : y + row.height]]
            cells.append(" ".join(part for part in parts if part))
            x += width
        rows.append(cells)
        y += row.height
    return rows


async def test_the_lobby_fits_80_columns_with_nothing_cut() -> None:
    """Long titles and names, bots, a table playing and one waiting: every cell whole
    on the screen, wrapped if need be, the statuses on one line."""
    async with running() as server:
        guests = [await LobbyClient.connect(server.url, name) for name in LONG_NAMES]
        first, second, third = guests
        await first.create(title=LONG_TITLE)
        await second.join(1)
        await first.ready()
        await second.ready()
        await third.create(title="alice's table")
        await third.fill("normal")  # bots sit down, and the game begins
        await third.ready()
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            await wait_for(pilot, lambda: len(lobby.tables) == 2 and lobby.tables[1].playing)
            await pilot.pause()
            text = screen_text(app)
            grid = lobby.query_one("#tables", DataTable)
            assert grid.virtual_size.width <= grid.scrollable_content_region.width, text
            assert "waiting for players" in text and "playing game 1" in text, text
            assert "…" not in text
            shown = shown_cells(app, grid)
            for index, cells in enumerate(shown):
                wanted = [cell.plain for cell in grid.get_row_at(index)]
                # words wrap at spaces; a name longer than its column folds
                assert [c.replace(" ", "") for c in cells] == [
                    w.replace(" ", "") for w in wanted
                ], text
            assert any("Bartholomew" in cell for cells in shown for cell in cells)
        for guest in guests:
            await guest.close()


async def test_the_lobby_and_a_shared_table_in_ascii() -> None:
    async with running() as server:
        bob = await LobbyClient.connect(server.url, "bob")
        await bob.create(title="bob's table")
        await bob.ready()
        eve = await LobbyClient.connect(server.url, "eve")
        await eve.create(title="eve's table")
        await eve.fill("normal")
        app = make_app(start=JoinRequest(server.url, "ann"), ascii_cards=True)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            await wait_for(pilot, lambda: len(lobby.tables) == 2)
            await pilot.pause()
            assert "bob" in screen_text(app)
            assert_ascii(app, "the lobby")
            await pilot.press("escape")
            assert_ascii(app, "the question before leaving")
            await pilot.press("escape", "enter")  # sit down at bob's table
            await wait_for(pilot, lambda: app.screen is not lobby and app.screen.state is not None)
            await pilot.pause()
            assert_ascii(app, "a shared table, waiting for players")
        await bob.close()
        await eve.close()
