"""Watching a server's table in the app, by keys at 80x24, against a real server on
loopback: W in the lobby watches the highlighted table (no hand, no action buttons, a
Watching mark, Esc back to the lobby), the lobby counts who watch and locks a private
table (its code never shown), whose code a small dialog asks before sitting or watching;
a game watched to its end shows its result as to the players; the New table dialog's
Spectators switch and Private code field."""

from __future__ import annotations

import random

from textual.widgets import Button

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import decide
from ddz_tui.engine import Answer, Decision, Game, LandlordMode, Phase, Rules
from ddz_tui.i18n import Lang
from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.table.seats import SeatInfo, TableState
from ddz_tui.ui.online import JoinRequest
from ddz_tui.ui.screens.lobby import CodeDialog, LobbyScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.screens.table import TableScreen, TableUpdated
from ddz_tui.ui.show.table import table_show
from ddz_tui.ui.widgets.cards import Hand
from ddz_tui.ui.widgets.keys import KeyFooter
from ddz_tui.ui.widgets.table_parts import MessageLine, MyLine
from tests.support.loopback import running
from tests.support.ui import make_app, new_table_form, text_of, wait_for
from tests.ui.test_first_hour import assert_ascii, screen_text

SIZE = (80, 24)
SEED = 1
ACTION_BUTTONS = ("#play-buttons", "#bid-buttons", ".answer-buttons", "#takeover")


def no_action_button_shows(screen: TableScreen) -> bool:
    return not any(
        widget.display and widget.region.area
        for selector in ACTION_BUTTONS
        for widget in screen.query(selector)
    )


async def in_the_lobby(pilot, tables: int = 1) -> LobbyScreen:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    screen = app.screen
    await wait_for(pilot, lambda: len(screen.tables) == tables)
    return screen


async def test_w_watches_the_highlighted_table_with_no_hand_nor_buttons_and_esc_leaves() -> None:
    async with running() as server:
        ann = await LobbyClient.connect(server.url, "ann")
        table = await ann.create(title="ann's game")
        await ann.fill("random")
        await table.ready()  # dealt: ann (a person who waits) bids first or soon
        app = make_app(start=JoinRequest(server.url, "carl"))
        async with app.run_test(size=SIZE) as pilot:
            lobby = await in_the_lobby(pilot)
            footer = text_of(lobby.query_one(KeyFooter))
            assert "W Watch" in footer.replace("w ", "W ")
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            await wait_for(pilot, lambda: screen.view is not None)
            await pilot.pause()
            assert screen.watching and screen.state.watching
            assert not screen.query_one(Hand).display, "no hand while the game is on"
            assert no_action_button_shows(screen)
            assert "Watching · ann" in text_of(screen.query_one(MyLine))
            assert server.lobby.tables[1].watchers
            dora = await LobbyClient.connect(server.url, "dora")  # in the lobby: its count
            await wait_for(pilot, lambda: [t.watchers for t in dora.tables] == [1])
            await dora.close()
            # the keys of the game do nothing here
            await pilot.press("enter", "p", "3", "space", "e")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and "carl" not in str(
                server.lobby.tables[1].host.seats
            )
            await pilot.press("escape")  # no question: a spectator leaves nothing behind
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_for(pilot, lambda: not server.lobby.tables[1].watchers)
            watch = app.screen.query_one("#watch", Button)
            assert "Watch" in str(watch.label) and not watch.disabled
        await ann.close()


async def test_a_game_watched_to_its_end_shows_the_hands_and_the_result() -> None:
    async with running() as server:
        ann = await LobbyClient.connect(server.url, "ann")
        table = await ann.create()
        # the same deal every run, a game ann's seat ends with cards in hand
        server.lobby.tables[table.table_id].host._seeds = random.Random(SEED)
        await ann.fill("random")
        app = make_app(start=JoinRequest(server.url, "carl"))
        async with app.run_test(size=SIZE) as pilot:
            await in_the_lobby(pilot)
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            await table.takeover(True)  # a bot plays ann's seat: the game runs to its end
            await table.ready()
            await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
            result = app.screen
            await pilot.pause()
            assert "Game over" in text_of(result.query_one("#verdict"))
            assert "You won" not in text_of(result) and "You lost" not in text_of(result)
            assert "Watch on" in text_of(result.query_one("#next"))
            keys = text_of(result.query_one(KeyFooter))
            assert "Watch on" in keys and "Next game" not in keys
            view = screen.view
            assert view.phase is Phase.OVER and len(view.hands_at_end) == 3
            assert view.hand, "the first seat's cards left, laid open below the table"
            assert screen.query_one(Hand).region.area
            await pilot.press("enter")  # watch on: back at the table, between games
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.pause()
            assert screen.waiting and not screen.query_one("#ready").visible
            assert not screen.query_one(Hand).region.area, "no cards under the waiting room"
            assert screen.focused is screen.query_one("#leave-table")
            await pilot.press("tab", "tab")
            assert screen.focused is screen.query_one("#leave-table"), "nothing else to go to"
            assert "You are watching" in text_of(screen.query_one(MessageLine))
            # the next game, to its end; its result closes by itself as the players deal
            # again, which is theirs to decide
            await table.takeover(True)
            await table.ready()
            await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
            assert screen.state.games == 2
            await table.ready()
            await wait_for(pilot, lambda: app.screen is screen)
            await wait_for(pilot, lambda: screen.view.phase is not Phase.OVER)
        await ann.close()


async def test_a_private_table_is_locked_in_the_lobby_and_asks_its_code() -> None:
    async with running() as server:
        ann = await LobbyClient.connect(server.url, "ann")
        await ann.create(title="secret club", code="AB12")
        app = make_app(start=JoinRequest(server.url, "carl"))
        async with app.run_test(size=SIZE) as pilot:
            lobby = await in_the_lobby(pilot)
            grid = text_of(lobby.query_one("#tables"))
            assert "🔒 secret club" in grid and "AB12" not in grid.upper()
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, CodeDialog))
            await pilot.pause()
            assert "Table 1 is private" in text_of(app.screen.query_one("#code-prompt"))
            await pilot.press(*"zz-9z", "enter")  # the field takes letters and digits only
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            status = lobby.query_one("#lobby-status", MessageLine)
            await wait_for(pilot, lambda: "not its code" in text_of(status))
            assert not server.lobby.tables[1].watchers
            await pilot.press("enter")  # sitting down asks too; Esc goes back
            await wait_for(pilot, lambda: isinstance(app.screen, CodeDialog))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("enter", *"ab12", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            assert not app.screen.watching
            await wait_for(pilot, lambda: server.lobby.tables[1].host.seats[1].name == "carl")
        await ann.close()


async def test_a_new_table_may_forbid_spectators_and_have_a_private_code() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            dialog = await new_table_form(pilot)
            # from the table's name back round: Back, Open, Chat, Private code, Spectators
            await pilot.press(*["shift+tab"] * 5)
            assert dialog.focused is dialog.query_one("#spectators")
            await pilot.press("space", "tab", *"x9")
            await pilot.press("enter")  # too short: said, and the dialog stays
            await pilot.pause()
            assert app.screen is dialog
            await pilot.press(*"k7q", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            table = server.lobby.tables[1]
            assert (table.spectators, table.code) == (False, "X9K7Q")
            bob = await LobbyClient.connect(server.url, "bob")
            await wait_for(pilot, lambda: len(bob.tables) == 1)
            row = bob.tables[0]
            assert (row.spectators, row.private, row.watchers) == (False, True, 0)
            await bob.close()


async def test_nothing_is_passed_for_a_spectator_when_the_seat_below_cannot_beat() -> None:
    """The auto-pass setting passes for you when nothing in your hand beats the play: a
    spectator holds no hand, and the seat drawn below is another's."""
    game = Game(3)
    bots = [make_bot("random", seat) for seat in range(3)]
    while not (game.phase is Phase.PLAYING and game.turn == 0 and game.to_beat is not None):
        game.act(game.turn, decide(bots[game.turn], game.view(game.turn)))
    async with running() as server:
        ann = await LobbyClient.connect(server.url, "ann")
        await ann.create()
        app = make_app(start=JoinRequest(server.url, "carl"))
        async with app.run_test(size=SIZE) as pilot:
            await in_the_lobby(pilot)
            app.update_settings(auto_pass=True)
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            await wait_for(pilot, lambda: screen.state is not None)
            seats = screen.state.seats
            screen.post_message(
                TableUpdated(TableState(0, seats, game.public_view(0), watching=True))
            )
            await wait_for(pilot, lambda: screen.view is not None)
            await pilot.pause()
            line = text_of(screen.query_one(MessageLine))
            assert "passing for you" not in line and "ann to play" in line.replace("’", "'"), line
        await ann.close()


async def test_a_locked_and_watched_row_in_ascii_mode_and_in_chinese() -> None:
    async with running() as server:
        ann, eve = [await LobbyClient.connect(server.url, name) for name in ("ann", "eve")]
        club = await ann.create(title="club", code="K3Y5")
        await eve.watch(club.table_id, "k3y5")
        app = make_app(start=JoinRequest(server.url, "carl"), ascii_cards=True)
        async with app.run_test(size=SIZE) as pilot:
            lobby = await in_the_lobby(pilot)
            await wait_for(pilot, lambda: lobby.tables[0].watchers == 1)
            await pilot.pause()
            assert "[P] club | 1 watching" in screen_text(app)
            assert_ascii(app, "a locked table with a spectator")
        app = make_app(Lang.ZH, start=JoinRequest(server.url, "dora"))
        async with app.run_test(size=SIZE) as pilot:
            lobby = await in_the_lobby(pilot)
            await pilot.pause()
            assert "🔒 club · 1人观战" in screen_text(app)
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, CodeDialog))
            await pilot.press(*"K3Y5", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await wait_for(pilot, lambda: app.screen.state is not None)
            await pilot.pause()
            assert "你在观战" in screen_text(app)
        for client in (ann, eve):
            await client.close()


def test_a_spectators_top_bar_says_the_shared_stake_not_a_seats_own() -> None:
    game = Game(2, rules=Rules(LandlordMode.GRAB, doubling=True))
    while game.decision is not Decision.DOUBLE:
        game.act(game.turn, Answer(game.decision, True))
    seats = (SeatInfo("ann"), SeatInfo("bob"), SeatInfo("cy"))
    watched = table_show(TableState(0, seats, game.public_view(0), watching=True), None, None)
    played = table_show(TableState(0, seats, game.view(0)), None, None)
    assert "Your stake" in played.top.house and "Your stake" not in watched.top.house
    assert f"×{game.view(0).multiplier.total}" in watched.top.house
    assert "Watching · ann" in watched.me and "You" not in watched.me


def test_a_spectators_top_bar_counts_the_games_and_no_score() -> None:
    game = Game(2, rules=Rules())
    seats = (SeatInfo("ann"), SeatInfo("bob"), SeatInfo("cy"))
    totals = (-12, 24, -12)
    watched = TableState(0, seats, game.public_view(0), games=1, totals=totals, watching=True)
    played = TableState(0, seats, game.view(0), games=1, totals=totals)
    assert table_show(watched, None, None).top.session == "Games 1"
    assert table_show(played, None, None).top.session == "Games 1 · Score -12"
