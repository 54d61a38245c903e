"""Network games in the app, against a real game server on loopback: joining and
hosting, the lobby, waiting for players, playing through `RemoteTable` by keys, the
turn countdown, 托管 and away marks, notices, and every way joining can fail."""

from __future__ import annotations

import asyncio
import re
import socket

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, OptionList

import ddz_tui.net.client.lobby as client_module
from ddz_tui.engine import Phase
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.paths import history_file
from ddz_tui.records.store import FILE_NAME, Origin, SeatRecord, Store
from ddz_tui.ui.online import HostRequest, JoinRequest
from ddz_tui.ui.screens.connect import HostScreen, JoinScreen
from ddz_tui.ui.screens.lobby import LobbyScreen, NewTableScreen
from ddz_tui.ui.screens.result import SharedResultScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.widgets.table_parts import MessageLine, SeatPanel
from ddz_tui.ui.widgets.waiting import WaitingRoom
from tests.support.clock import ManualClock
from tests.support.history import finished_game
from tests.support.loopback import crash, running
from tests.support.ui import MAX_TURNS, make_app, take_a_turn, text_of, wait_for

SIZE = (80, 24)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def seconds(text: str) -> int:
    """The seconds a countdown shows ("12s left")."""
    found = re.search(r"(\d+)s left", text)
    assert found, f"no countdown in {text!r}"
    return int(found.group(1))


def message(screen) -> str:
    return text_of(screen.query_one(MessageLine))


def table_screen(pilot: Pilot) -> TableScreen:
    return next(s for s in pilot.app.screen_stack if isinstance(s, TableScreen))


async def join_by_keys(pilot: Pilot, url: str, name: str) -> None:
    """From the title: J, the address and the name, Enter."""
    await pilot.press("j")
    assert isinstance(pilot.app.screen, JoinScreen)
    pilot.app.screen.query_one("#address", Input).value = url
    pilot.app.screen.query_one("#name", Input).value = name
    await pilot.press("enter")


async def seated_alone(pilot: Pilot) -> TableScreen:
    """From the lobby: C, Enter (a new table with the default name): the table screen."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    await pilot.press("c")
    await wait_for(pilot, lambda: isinstance(app.screen, NewTableScreen))
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
    screen = app.screen
    await wait_for(pilot, lambda: screen.state is not None)
    return screen


async def play_by_keys(pilot: Pilot, screen: TableScreen) -> None:
    """Our turns by keys until the game is over: bid the most, play the first legal
    play, pass when nothing beats; the server's bots and players act in between."""
    for _ in range(MAX_TURNS):
        await wait_for(
            pilot,
            lambda: (
                screen.view is not None and (screen.view.phase is Phase.OVER or screen.view.my_turn)
            ),
        )
        view = screen.view
        if view.phase is Phase.OVER:
            return
        await take_a_turn(pilot, view)
        await wait_for(pilot, lambda view=view: screen.view is not view)
    raise AssertionError("the game never ended")


async def test_a_network_game_from_the_lobby_by_keys_and_back() -> None:
    """Join, open a table, fill it with bots, say ready, play a whole game by keys
    through RemoteTable, play on (next game = ready), then leave for the lobby."""
    async with running() as server:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await join_by_keys(pilot, server.url, "ann")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert "you are ann" in text_of(lobby.query_one("#lobby-head"))
            assert lobby.query_one("#no-tables").display, "an empty lobby says so"
            await pilot.press("c")
            assert isinstance(app.screen, NewTableScreen)
            await pilot.press(*"friday", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            await wait_for(pilot, lambda: screen.state is not None)
            assert screen.waiting and screen.has_class("-waiting")
            room = screen.query_one(WaitingRoom)
            assert room.query_one("#wait-box").border_title == "Table 1 · friday"
            assert "Press Enter when you are ready" in message(screen)
            await pilot.press("f")
            await wait_for(pilot, lambda: not any(s.is_empty for s in screen.state.seats))
            assert [s.kind.value for s in screen.state.seats] == ["human", "bot", "bot"]
            assert room.query_one("#fill", Button).disabled, "no empty seat left"
            await pilot.press("enter")  # ready: the bots always are, so the cards are dealt
            await wait_for(pilot, lambda: screen.view is not None)
            assert not screen.has_class("-waiting")
            await play_by_keys(pilot, screen)
            await wait_for(pilot, lambda: isinstance(app.screen, SharedResultScreen))
            assert screen.state.games == 1 and sum(screen.state.totals) == 0
            await app.history.flush()
            with Store.open(history_file()) as store:
                (kept,) = store.recent_games()
            assert (kept.origin, kept.my_seat) == (Origin.CLIENT, 0), "the game is kept"
            assert kept.names == ("ann", "Bot 2", "Bot 3")
            await pilot.press("enter")  # next game: ready again, and the bots are
            await wait_for(pilot, lambda: screen.view.phase is not Phase.OVER)
            assert screen.state.games == 1
            await pilot.press("escape")
            await pilot.click("#yes")  # leave mid-game: a bot finishes it
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_for(pilot, lambda: not server.lobby.tables, timeout=10)
            await wait_for(pilot, lambda: app.screen.query_one("#no-tables").display)
            await pilot.press("escape")  # leave the server (asked first)
            await pilot.click("#yes")
            await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
            await wait_for(pilot, lambda: "ann" not in server.lobby.players)


async def test_the_lobby_lists_tables_live_and_enter_sits_you_down() -> None:
    async with running() as server:
        dan = await LobbyClient.connect(server.url, "dan")
        await dan.create(title="dan's game")
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            grid = app.screen.query_one("#tables", DataTable)
            await wait_for(pilot, lambda: grid.row_count == 1)
            row = [str(cell) for cell in grid.get_row_at(0)]
            assert row[:3] == ["1", "dan's game", "dan"] and "empty" in row[3]
            eve = await LobbyClient.connect(server.url, "eve")
            await eve.create(title="eve's")
            await wait_for(pilot, lambda: grid.row_count == 2)
            await dan.ready()
            await wait_for(pilot, lambda: str(grid.get_row_at(0)[2]) == "dan ✓")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            await wait_for(pilot, lambda: screen.state is not None)
            assert screen.client.seat == 1 and screen.state.seats[0].name == "dan"
            seats = text_of(screen.query_one("#wait-seats"))
            assert "dan" in seats and "✓ ready" in seats and "ann" in seats
            await pilot.press("escape")  # nothing dealt yet: leave at once
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_for(pilot, lambda: server.lobby.tables[1].host.seats[1].is_empty)
        await dan.close()
        await eve.close()


async def test_ready_waits_for_the_other_player_and_shows_who() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated_alone(pilot)
            bob = await LobbyClient.connect(server.url, "bob")
            await bob.join(1)
            await wait_for(pilot, lambda: screen.state.seats[1].name == "bob")
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.state.seats[0].ready)
            assert "Waiting for players in seat 3" in message(screen)
            ready_button = screen.query_one("#ready", Button)
            assert "Not ready" in str(ready_button.label)
            await pilot.press("f")
            await wait_for(pilot, lambda: "Waiting for bob to be ready" in message(screen))
            # the focused Ready button takes Enter, and a button ignores a press while it
            # still shows the last one (Textual's "-active", 0.2 s): a second press, later
            await wait_for(pilot, lambda: not ready_button.has_class("-active"))
            await pilot.press("enter")  # not ready after all
            await wait_for(pilot, lambda: not screen.state.seats[0].ready)
            await bob.ready()
            await wait_for(pilot, lambda: screen.state.seats[1].ready)
            assert screen.view is None, "no deal until ann is ready again"
            await wait_for(pilot, lambda: not ready_button.has_class("-active"))
            await pilot.click("#ready")
            await wait_for(pilot, lambda: screen.view is not None)
        await bob.close()


async def bots_play_on(clock: ManualClock) -> None:
    """Whenever a bot waits its delay on `clock`, the time moves on to it (the bots play
    as real time would make them; nothing else moves the clock)."""
    while True:
        await clock.sleeping()
        clock.advance_to_next()
        await asyncio.sleep(0)


async def test_countdown_away_and_takeover_marks_and_a_notice_shown_once() -> None:
    # the table's timers go by a clock the test moves: the bots wait until it lets them,
    # so the notice is looked at before the game moves on
    clock = ManualClock()
    async with running(clock=clock, turn_seconds=30.0, grace=0.3, bot_delay=0.5) as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated_alone(pilot)
            bob = await LobbyClient.connect(server.url, "bob", reconnect_for=0)
            bob_table = await bob.join(1)
            await bob_table.fill("random")
            await bob.ready()
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.view is not None)
            bots = asyncio.ensure_future(bots_play_on(clock))
            await wait_for(pilot, lambda: screen.view.turn in (0, 1))  # a person's turn
            bots.cancel()
            right = screen.query_one("#right-seat", SeatPanel)  # bob, seat 1
            line = screen.my_line
            if screen.view.my_turn:  # the countdown by your name, going down
                assert seconds(text_of(line)) in (29, 30)
                shown = seconds(text_of(line))
                await wait_for(pilot, lambda: seconds(text_of(line)) < shown, timeout=5)
                if screen.view.phase is Phase.BIDDING:
                    await pilot.press("0")
                    await wait_for(pilot, lambda: screen.view.turn == 1)
                else:  # a hint raised and lowered: the turn is still ours, the hand as it was
                    said = message(screen)
                    hand = screen.view.hand
                    await pilot.press("h")  # worked out in a thread: wait until it is given
                    # (cards raised, or, with nothing that beats the play, words to pass)
                    await wait_for(
                        pilot, lambda: bool(screen.hand.selected_cards) or message(screen) != said
                    )
                    if screen.hand.selected_cards:  # (Esc with none raised leaves the table)
                        await pilot.press("escape")
                    assert not screen.hand.selected_cards
                    assert screen.view.my_turn and screen.view.hand == hand
            else:  # on bob's seat
                assert not re.search(r"\d+s left", text_of(line)), "no countdown by your name"
                assert seconds(str(right.border_subtitle)) in (29, 30)
            await bob.close()  # bob's connection drops
            await wait_for(pilot, lambda: "away" in str(right.border_title))
            assert "bob lost the connection" in message(screen)
            assert "托管" not in str(right.border_title), "not before the grace is over"
            clock.advance(0.3)  # the grace is over: a bot plays for bob
            await wait_for(pilot, lambda: "托管" in str(right.border_title))
            assert right.has_class("-away")
            notice = screen.state.notice
            assert "bob" in notice and notice in message(screen)
            bots = asyncio.ensure_future(bots_play_on(clock))
            await wait_for(pilot, lambda: screen.view.my_turn or screen.view.phase is Phase.OVER)
            before = screen.view
            if before.phase is not Phase.OVER:
                await take_a_turn(pilot, before)
                await wait_for(pilot, lambda: screen.view is not before)
                assert screen.state.notice == notice, "the table's notice has not changed"
                assert notice not in message(screen), "so it is not shown again"
            bots.cancel()


def notifications(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def test_a_connection_lost_for_good_goes_back_to_the_title_and_says_why() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        app.online.reconnect_for = 1.0
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated_alone(pilot)
            server._server.close(close_connections=False)  # no one listens any more
            app.online.client._ws.transport.abort()  # and the network drops us
            await wait_for(pilot, lambda: "reconnecting" in message(screen), timeout=5)
            await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
            assert any("could not be resumed" in note for note in notifications(app))


async def test_the_server_shutting_down_goes_back_to_the_title_at_once() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await seated_alone(pilot)
            where = server.url.removeprefix("ws://")
            await server.close()
            await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen), timeout=5)
            assert f"the server at {where} was shut down" in notifications(app)


async def at_title(pilot: Pilot) -> None:
    """Wait for the title to be shown, its menu built."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.query("#menu"))


def menu_entries(app) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def test_an_app_with_a_home_server_starts_in_its_lobby_and_offers_no_other() -> None:
    async with running() as server:
        app = make_app(home=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert [type(s).__name__ for s in app.screen_stack] == ["Screen", "LobbyScreen"]
            await pilot.press("escape")  # leaving the lobby: the title, built now
            await pilot.click("#yes")
            await at_title(pilot)
            entries = menu_entries(app)
            assert "Lobby: play with others" in entries
            assert "Join a game" not in entries and "Host a game" not in entries
            await pilot.press("j", "o")  # joining or hosting elsewhere: not from here
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            assert not any(isinstance(s, (JoinScreen, HostScreen)) for s in app.screen_stack)
            await pilot.press("l")  # back to the home server's lobby
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.online.client is not None and app.online.client.name == "ann"
            await pilot.press("escape")
            await pilot.click("#yes")
            await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen))
            assert sum(isinstance(s, TitleScreen) for s in app.screen_stack) == 1


async def test_an_app_whose_home_server_is_away_shows_the_title_and_says_why() -> None:
    app = make_app(home=JoinRequest(f"ws://127.0.0.1:{free_port()}", "ann"))
    async with app.run_test(size=SIZE) as pilot:
        await at_title(pilot)
        assert any("nothing is listening" in note for note in app.notices_shown), app.notices_shown
        assert "Lobby: play with others" in menu_entries(app)


async def test_an_app_whose_home_server_shuts_down_goes_to_a_title_it_never_had() -> None:
    async with running() as server:
        app = make_app(home=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await seated_alone(pilot)
            await server.close()
            await wait_for(pilot, lambda: isinstance(app.screen, TitleScreen), timeout=5)
            assert [type(s).__name__ for s in app.screen_stack] == ["Screen", "TitleScreen"]


async def test_back_at_a_restarted_server_the_dead_table_gives_way_to_the_lobby() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated_alone(pilot)
            await pilot.press("f")
            await wait_for(pilot, lambda: not any(s.is_empty for s in screen.state.seats))
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.view is not None)  # a game on, then:
            await crash(server)
            async with running(port=server.port):  # the server is back, without that table
                await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
                assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
                status = app.screen.query_one("#lobby-status")
                why = "you are no longer at table 1: the server let your seat go"
                await wait_for(pilot, lambda: why in text_of(status))
                await wait_for(pilot, lambda: app.screen.query_one("#no-tables").display)


@pytest.mark.parametrize(
    ("address", "name", "says"),
    [
        ("http://example.org", "ann", "is not a server address: use ws://HOST:PORT"),
        ("", "ann", "Type the server's address"),
        ("{server}", "", "a name cannot be empty"),
        ("{server}", "a-name-far-too-long", "at most 16 characters"),
        ("127.0.0.1:{free}", "ann", "nothing is listening at 127.0.0.1:{free}"),
        ("no-such-host.invalid:7744", "ann", "cannot find the host no-such-host.invalid"),
        ("{server}", "dan", "the name dan is taken"),
    ],
)
async def test_joining_that_cannot_work_says_why_and_keeps_the_form(
    address: str, name: str, says: str
) -> None:
    port = free_port()
    async with running() as server:
        dan = await LobbyClient.connect(server.url, "dan")
        fill = {"server": server.url.removeprefix("ws://"), "free": port}
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            form = app.screen
            form.query_one("#address", Input).value = address.format(**fill)
            form.query_one("#name", Input).value = name[:16] if "far" not in name else name
            await pilot.click("#go")
            line = form.query_one("#connect-message", MessageLine)
            await wait_for(pilot, lambda: line.tone == "error")
            assert says.format(**fill) in text_of(line)
            assert app.screen is form and not form.query_one("#go", Button).disabled
        await dan.close()


async def test_another_protocol_version_is_named(monkeypatch) -> None:
    ours = client_module.PROTOCOL_VERSION
    monkeypatch.setattr(client_module, "PROTOCOL_VERSION", ours + 1)
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            line = app.screen.query_one("#connect-message", MessageLine)
            await wait_for(pilot, lambda: line.tone == "error")
            assert f"the server speaks protocol version {ours}" in text_of(line)
            assert isinstance(app.screen, JoinScreen)


async def test_hosting_starts_a_server_and_seats_you_at_a_new_table() -> None:
    """What `ddz host` does: a server in the app, you at table 1, the address to share."""
    port = free_port()
    app = make_app(start=HostRequest("ann", port, host="127.0.0.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.state is not None)
        invite = text_of(screen.query_one("#wait-invite"))
        assert f"ddz join ws://127.0.0.1:{port}" in invite
        bob = await LobbyClient.connect(f"127.0.0.1:{port}", "bob")
        await wait_for(pilot, lambda: bool(bob.tables))
        assert [(t.id, t.seats[0].name) for t in bob.tables] == [(1, "ann")]
        await bob.join(1)
        await wait_for(pilot, lambda: screen.state.seats[1].name == "bob")
        assert "bob" in text_of(screen.query_one("#wait-seats"))
        await bob.close()
        assert app.settings.host_port == port and not app.settings.host_lan
    assert app.online.server is None, "the server stops with the app"


async def test_hosting_on_a_port_in_use_says_so() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = make_app(start=HostRequest("ann", port, host="127.0.0.1"))
        async with app.run_test(size=SIZE) as pilot:
            line = app.screen.query_one("#connect-message", MessageLine)
            await wait_for(pilot, lambda: line.tone == "error")
            assert f"cannot listen on 127.0.0.1:{port}" in text_of(line)
            assert isinstance(app.screen, HostScreen)
            assert app.online.server is None
            await pilot.pause()
            fields = list(app.screen.query(".field"))
            assert fields and all(f.display for f in fields), "the form shows, to put it right"


async def test_a_name_from_the_network_is_never_markup() -> None:
    """A player may call themselves anything printable; it is shown as typed."""
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated_alone(pilot)
            mallory = await LobbyClient.connect(server.url, "[/b][@click=q]")
            await mallory.join(1)
            await wait_for(pilot, lambda: screen.state.seats[1].name.startswith("[/b]"))
            await pilot.pause()
            assert "[/b][@click=q]" in text_of(screen.query_one("#wait-seats"))
            await mallory.close()
            await wait_for(pilot, lambda: "[/b][@click=q] lost" in message(screen))


async def test_the_way_to_a_deal_by_mouse_alone(data_dir) -> None:
    """The title's menu, the dialog's button, the lobby's buttons, a row of the list,
    the waiting room's buttons: every step a click (only the address is typed)."""
    async with running() as server:
        dan = await LobbyClient.connect(server.url, "dan")
        await dan.create(title="dan's game")
        with Store.open(data_dir / FILE_NAME) as store:
            store.set_profile_name("ann")  # the name the dialog offers
        app = make_app(server_address=server.url)
        async with app.run_test(size=SIZE) as pilot:
            assert await pilot.click("#menu", offset=(3, 3))  # "Join a game"
            assert isinstance(app.screen, JoinScreen)
            assert await pilot.click("#go")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            await wait_for(pilot, lambda: len(lobby.tables) == 1)
            assert await pilot.click("#tables", offset=(4, 1))  # dan's table, highlighted
            assert await pilot.click("#join")  # Sit down
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            await wait_for(pilot, lambda: screen.state is not None and screen.client.seat == 1)
            assert await pilot.click("#leave-table")
            await wait_for(pilot, lambda: app.screen is lobby)
            assert await pilot.click("#create")
            assert isinstance(app.screen, NewTableScreen)
            form = app.screen
            await wait_for(pilot, lambda: bool(form.query_one("#open").region))  # laid out
            assert await pilot.click("#open")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            await wait_for(pilot, lambda: screen.state is not None)
            assert screen.client.table_id == 2
            assert await pilot.click("#fill")
            await wait_for(pilot, lambda: not any(s.is_empty for s in screen.state.seats))
            assert await pilot.click("#ready")
            await wait_for(pilot, lambda: screen.view is not None)
        await dan.close()


async def test_names_from_the_network_are_plain_text_in_the_history_too(data_dir) -> None:
    """A game played at a server keeps the other players' names as they chose them:
    the statistics and the replay show them as typed, never as markup."""
    odd = "[/b][@click=q]x"
    game = finished_game(4)
    with Store.open(data_dir / FILE_NAME) as store:
        seats = (SeatRecord(odd), SeatRecord("ann"), SeatRecord("Bot 3", "random"))
        store.record_game(game.events, seats, my_seat=1, origin=Origin.CLIENT)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await wait_for(pilot, lambda: app.screen.query("#recent"))
        recent = app.screen.query_one("#recent", DataTable)
        await wait_for(pilot, lambda: recent.row_count == 1)
        assert odd in text_of(recent)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen.query("#replay-left"))
        await pilot.press("end")
        await pilot.pause()
        assert any(odd in text_of(panel) for panel in app.screen.query(SeatPanel))
