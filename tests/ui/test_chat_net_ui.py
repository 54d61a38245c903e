"""Chat at a server's table in the app, by keys at 80x24, against a real server on
loopback: what another player says shows on the message line in the waiting room
and beside their seat in a game; E and a number say a phrase to them; a muted
player's lines show nowhere."""

from __future__ import annotations

from ddz_tui.net.client.lobby import LobbyClient
from ddz_tui.table.chat import ChatLine, QuickPhrase
from ddz_tui.ui.online import JoinRequest
from ddz_tui.ui.screens.chat import ChatDialog
from ddz_tui.ui.screens.lobby import LobbyScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.widgets.form import OnOff
from ddz_tui.ui.widgets.table_parts import MessageLine, SeatPanel
from tests.support.clock import ManualClock
from tests.support.loopback import running
from tests.support.ui import make_app, new_table_form, text_of, wait_for
from tests.ui.test_net import seated_alone

SIZE = (80, 24)


async def test_players_at_a_server_table_chat_by_keys_and_mute() -> None:
    clock = ManualClock()  # the server's: each player's rate goes by it
    async with running(clock) as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated_alone(pilot)
            bob = await LobbyClient.connect(server.url, "bob")
            bobs = await bob.join(1)
            bob_heard: list[ChatLine] = []
            bobs.subscribe_chat(bob_heard.append)
            await wait_for(pilot, lambda: screen.state.seats[1].name == "bob")
            # the waiting room has no seats drawn: a line shows on the message line
            await bobs.say(QuickPhrase.AGAIN)
            line = screen.query_one(MessageLine)
            await wait_for(pilot, lambda: "bob: Another game?" in text_of(line))
            await pilot.press("e", "2")  # ann: "Well played!"
            await wait_for(pilot, lambda: len(bob_heard) == 2)
            assert bob_heard[1] == ChatLine("ann", 0, QuickPhrase.WELL_PLAYED)
            # a game: bob's words beside bob's seat (on ann's right)
            await pilot.press("f")
            await wait_for(pilot, lambda: screen.state.seats[2].name != "")
            await pilot.press("enter")
            await bobs.ready()
            await wait_for(pilot, lambda: screen.view is not None)
            right = screen.query_one("#right-seat", SeatPanel)
            clock.advance(1.0)
            await bobs.say(text="good luck!")
            await wait_for(pilot, lambda: "“good luck!”" in text_of(right))
            # E, past the eight phrases to "Mute bob", Enter
            await pilot.press("e", *["down"] * len(QuickPhrase), "enter")
            await wait_for(pilot, lambda: "bob" in screen.muted)
            assert "good luck" not in text_of(right)
            clock.advance(1.0)
            await bobs.say(text="spam")
            clock.advance(1.0)
            await bobs.say(QuickPhrase.HURRY)
            await wait_for(pilot, lambda: len(bob_heard) == 5)  # bob's own lines came back
            await pilot.pause()
            assert "spam" not in text_of(right) and "Hurry" not in text_of(right)
            assert [line.text for line in screen.chat_lines] == [None, None, "good luck!"]
        await bob.close()


async def test_a_new_table_may_have_its_chat_turned_off() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await new_table_form(pilot)
            # from the table's name back round to the Chat switch (before Open and Back)
            await pilot.press("shift+tab", "shift+tab", "shift+tab")
            assert app.screen.focused is app.screen.query_one("#chat", OnOff)
            await pilot.press("space", "tab", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            assert not server.lobby.tables[1].host.chat.on
            await pilot.press("e", "1")
            line = screen.query_one(MessageLine)
            await wait_for(pilot, lambda: "chat is off at this table" in text_of(line))


async def test_players_in_the_lobby_chat_by_keys() -> None:
    clock = ManualClock()
    async with running(clock) as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            cat = await LobbyClient.connect(server.url, "cat")
            cat_heard: list[ChatLine] = []
            cat.on_chat(cat_heard.append)
            await cat.say(text="anyone for a game?")
            status = lobby.query_one("#lobby-status", MessageLine)
            await wait_for(pilot, lambda: "cat: anyone for a game?" in text_of(status))
            await pilot.press("e")
            dialog = app.screen
            assert isinstance(dialog, ChatDialog)
            assert dialog.recent == ("cat: anyone for a game?",)
            await pilot.press("8")  # "Another game?"
            await wait_for(pilot, lambda: len(cat_heard) == 2)
            assert cat_heard[1] == ChatLine("ann", None, QuickPhrase.AGAIN)
            # mute cat: E, past the phrases, Enter; cat's next line is not shown
            await pilot.press("e", *["down"] * len(QuickPhrase), "enter")
            await wait_for(pilot, lambda: "cat" in lobby.muted)
            clock.advance(1.0)
            await cat.say(text="hello?")
            await wait_for(pilot, lambda: len(cat_heard) == 3)
            await pilot.pause()
            assert "hello?" not in text_of(status)
        await cat.close()
