"""The server's ladder from its lobby (L): today, this week and all time, guests and
bots marked, fitting 80×24 in English, Chinese and ASCII; a server with no history
says so; Esc goes back to the lobby."""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game
from ddz_tui.i18n import Lang
from ddz_tui.net.server import GameServer
from ddz_tui.records.history import History
from ddz_tui.records.ladder import Identity, Ladder, Period, Standing
from ddz_tui.records.store import Origin, SeatLabel, SeatRecord, Store
from ddz_tui.ui.online import JoinRequest
from ddz_tui.ui.screens.ladder import LadderScreen, ladder_rows
from ddz_tui.ui.screens.lobby import LobbyScreen
from ddz_tui.ui.widgets.plain import Plain
from tests.support.loopback import FAST
from tests.support.ui import make_app, wait_for
from tests.ui.test_first_hour import screen_text
from tests.ui.test_net import SIZE

MONDAY = dt.datetime(2026, 11, 23, 10, tzinfo=dt.timezone.utc)
FRIDAY = dt.datetime(2026, 11, 27, 10, tzinfo=dt.timezone.utc)
NOW = dt.datetime(2026, 11, 27, 18, tzinfo=dt.timezone.utc)
PEOPLE = [
    SeatRecord("MaximilianOkafor", identity=Identity.RANKED),  # 16, the longest name
    SeatRecord("小明", identity=Identity.GUEST),
    SeatRecord("Bot 3", "hard", SeatLabel.BOT, identity=Identity.BOT),
]


def _keep_games(path: Path) -> None:
    """Two games at the server on Monday, one today."""
    with Store.open(path) as store:
        for seed, when in ((1, MONDAY), (2, MONDAY), (3, FRIDAY)):
            game = Game(seed)
            play_out(game, [make_bot("random", seed + s) for s in range(3)])
            store.record_game(game.events, PEOPLE, None, Origin.SERVER, finished=when)


@asynccontextmanager
async def serving(tmp_path: Path, history: bool = True) -> AsyncIterator[GameServer]:
    kept = None
    if history:
        _keep_games(tmp_path / "server.sqlite3")
        kept = History(tmp_path / "server.sqlite3")
    server = GameServer(replace(FAST), history=kept, now=lambda: NOW)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


async def open_ladder(pilot: Pilot) -> LadderScreen:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    await pilot.press("l")
    await wait_for(pilot, lambda: isinstance(app.screen, LadderScreen))
    screen = app.screen
    assert isinstance(screen, LadderScreen)
    await wait_for(pilot, lambda: screen.ladder is not None)
    await pilot.pause()
    return screen


def assert_fits(app, screen: LadderScreen) -> None:
    grid = screen.query_one("#ladder", DataTable)
    text = screen_text(app)
    assert grid.virtual_size.width <= grid.scrollable_content_region.width, text
    lines = text.splitlines()
    top = grid.region.y + grid.header_height
    for index in range(grid.row_count):
        line = lines[top + index]
        for cell in grid.get_row_at(index):
            assert cell.plain in line, text  # whole, never cut at the edge


async def test_l_in_the_lobby_opens_the_ladder_and_its_tabs_by_keys(tmp_path: Path) -> None:
    async with serving(tmp_path) as server:
        app = make_app(start=JoinRequest(server.url, "zed"))
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_ladder(pilot)
            assert screen.period is Period.WEEK and screen.ladder is not None
            assert {row.games for row in screen.ladder.rows} == {3}
            text = screen_text(app)
            assert "This week" in text and "MaximilianOkafor" in text and "guest" in text
            assert "Hard" in text and "bot" in text and "won" in text, text
            assert_fits(app, screen)
            await pilot.press("d")
            await wait_for(
                pilot, lambda: screen.ladder is not None and screen.ladder.period is Period.DAY
            )
            assert {row.games for row in screen.ladder.rows} == {1}, "Friday's game only"
            await pilot.press("right")  # Today -> This week
            await wait_for(pilot, lambda: screen.ladder.period is Period.WEEK)
            await pilot.press("a")
            await wait_for(pilot, lambda: screen.ladder.period is Period.ALL)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_the_ladder_in_chinese_fits_and_in_ascii_is_ascii(tmp_path: Path) -> None:
    async with serving(tmp_path) as server:
        app = make_app(lang=Lang.ZH, start=JoinRequest(server.url, "zed"))
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_ladder(pilot)
            text = screen_text(app)
            assert "本周" in text and "游客" in text and "电脑" in text and "小明" in text, text
            assert_fits(app, screen)
        app = make_app(start=JoinRequest(server.url, "zed"), ascii_cards=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_ladder(pilot)
            text = screen_text(app)
            odd = {char for char in text if ord(char) >= 128}
            assert odd == {"小", "明"}, f"only a player's own name is not ASCII:\n{text}"
            assert "guest" in text and "..." not in text.split("\n")[0]


async def test_a_server_without_history_says_it_has_no_ladder(tmp_path: Path) -> None:
    async with serving(tmp_path, history=False) as server:
        app = make_app(start=JoinRequest(server.url, "zed"))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("l")
            await wait_for(pilot, lambda: "no history" in screen_text(app))
            assert isinstance(app.screen, LadderScreen)


def test_your_own_row_comes_after_the_top_in_bold() -> None:
    top = (Standing(1, "ann", Identity.RANKED, 9, 3, 2),)
    you = Standing(70, "zed", Identity.GUEST, -20, 5, 1)
    rows = ladder_rows(Ladder(Period.ALL, top, you))
    assert [row[1].plain for row in rows] == ["ann", "…", "zed"]
    assert [row[2].plain for row in rows] == ["", "", "guest"]
    assert "bold" in str(rows[2][1].style) and rows[2][3].plain == "-20"
    assert rows[2][5].plain == "20%"


@contextmanager
def server_in_a_thread(tmp_path: Path) -> Iterator[str]:
    """A server with the kept games, on its own event loop (a snapshot's app runs its
    own): its URL, until it is stopped."""
    _keep_games(tmp_path / "server.sqlite3")
    loop = asyncio.new_event_loop()
    started = threading.Event()
    holder: list[GameServer] = []

    async def serve() -> None:
        history = History(tmp_path / "server.sqlite3")
        server = GameServer(replace(FAST), history=history, now=lambda: NOW)
        await server.start()
        holder.append(server)
        started.set()

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(serve(), loop).result(10)
    try:
        yield holder[0].url
    finally:
        asyncio.run_coroutine_threadsafe(holder[0].close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def test_the_ladder_snapshot(snap_compare, tmp_path: Path) -> None:
    async def ladder(pilot: Pilot) -> None:
        screen = await open_ladder(pilot)
        screen.query_one(".screen-title", Plain).update("Ladder · ws://192.168.1.20:7744")
        await pilot.pause()

    with server_in_a_thread(tmp_path) as url:
        app = make_app(start=JoinRequest(url, "zed"))
        assert snap_compare(app, run_before=ladder, terminal_size=SIZE)
