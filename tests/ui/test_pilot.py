"""The app driven as a player drives it: by keys, and by mouse clicks alone."""

from __future__ import annotations

import json

from textual.pilot import Pilot
from textual.widgets import Button, Select
from textual.widgets._select import SelectCurrent

from ddz_tui.bots import Level
from ddz_tui.bots.hints import hints
from ddz_tui.cards import lowest_suits
from ddz_tui.engine import LandlordMode, MakeBid, Phase, PlayerView
from ddz_tui.i18n import Lang
from ddz_tui.table.seats import SeatInfo, SeatKind
from ddz_tui.ui.screens.base import TooSmall
from ddz_tui.ui.screens.confirm import ConfirmScreen
from ddz_tui.ui.screens.help import HelpScreen
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.settings import SettingsStore
from ddz_tui.ui.widgets.cards import CardRow, Hand
from ddz_tui.ui.widgets.table_parts import CardCounter, MessageLine
from tests.support.ui import (
    ScriptedTable,
    keys_for,
    make_app,
    our_turns,
    saved_settings,
    settle,
    sit_down,
    table_screen,
    take_turns,
    wait_for,
)


def message(pilot: Pilot) -> MessageLine:
    return table_screen(pilot).query_one(MessageLine)


async def test_a_whole_game_by_keys_with_hints() -> None:
    """From the title to the result and into the next game, by keys only: bid with
    the number keys, play with H (hint) and Enter, pass with P when nothing beats."""
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")  # Deal is focused
        await settle(pilot)
        screen = table_screen(pilot)
        async for view in our_turns(pilot):
            if view.phase is Phase.BIDDING:
                await pilot.press(str(view.legal_bids[-1]))
            else:
                await pilot.press("h")
                await settle(pilot)
                if screen.hand.selected:
                    await pilot.press("enter")
                else:
                    assert "pass" in str(message(pilot).render()).lower()
                    await pilot.press("p")
        assert isinstance(app.screen, ResultScreen)
        state = screen.state
        assert state is not None and state.games == 1 and sum(state.totals) == 0
        await pilot.press("enter")  # next game
        await settle(pilot)
        assert app.screen is screen and screen.view.phase is not Phase.OVER
        await pilot.press("escape")  # nothing raised: leave, after a question
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("tab", "enter")  # from "Stay" to "Leave"
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_new_game_shows_the_bots_level_and_remembers_the_choice() -> None:
    """A new player's New game offers Normal bots; what they deal with is the next
    game's default, kept in the settings file."""
    app = make_app(left_bot=Level.NORMAL, right_bot=Level.NORMAL)
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        left = app.screen.query_one("#left", Select)
        assert left.value is Level.NORMAL
        assert "Normal" in str(left.query_one(SelectCurrent).query_one("#label").render())
        left.value = Level.EASY
        app.screen.query_one("#mode", Select).value = LandlordMode.RANDOM
        await pilot.pause()
        await pilot.click("#deal")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    saved = saved_settings(app)
    assert saved.left_bot is Level.EASY and saved.right_bot is Level.NORMAL
    assert saved.landlord_mode is LandlordMode.RANDOM


async def click_chips(pilot: Pilot, hand: Hand, cards) -> None:
    for card in cards:
        index = hand.cards.index(card)
        start, step = hand._layout()
        assert await pilot.click(hand, offset=(start + index * step + 1, 2))


async def test_a_whole_game_by_mouse_alone() -> None:
    """Menu, dialog, bids, chips and buttons: every step a click."""
    app = make_app(seed=5)
    async with app.run_test() as pilot:
        assert await pilot.click("#menu", offset=(3, 1))  # "New game against bots"
        assert isinstance(app.screen, NewGameScreen)
        deal = app.screen.query_one("#deal")
        await wait_for(pilot, lambda: bool(deal.region))  # placed, on a loaded machine too
        assert await pilot.click("#deal")
        await settle(pilot)
        screen = table_screen(pilot)
        async for view in our_turns(pilot):
            if view.phase is Phase.BIDDING:
                assert await pilot.click(f"#bid-{view.legal_bids[-1]}")
                continue
            suggestions = hints(view)
            if not suggestions:
                assert await pilot.click("#pass")
                continue
            if not screen.hand.selected:  # a last hand that is one play is raised for us
                await click_chips(pilot, screen.hand, lowest_suits(suggestions[0].cards, view.hand))
            assert not screen.query_one("#play", Button).disabled
            assert await pilot.click("#play")
        assert isinstance(app.screen, ResultScreen)
        assert await pilot.click("#leave")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_a_refused_play_says_why_and_keeps_the_cards_raised() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        await take_turns(pilot, 1)
        view = screen.view
        low, high = view.hand_ranks[0], view.hand_ranks[-1]
        assert low != high
        await pilot.press(*keys_for(low + high))
        raised = screen.hand.selected
        assert len(raised) == 2
        await pilot.press("enter")
        await settle(pilot)
        line = message(pilot)
        assert line.tone == "error"
        assert "not a valid combination" in str(line.render())
        assert screen.hand.selected == raised
        assert screen.view.hand == view.hand, "nothing was played"
        await pilot.press("escape")
        assert not screen.hand.selected


async def test_passing_a_lead_is_refused_with_the_reason() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        await take_turns(pilot, 1)
        while not screen.view.leads:
            await take_turns(pilot, 1)
        assert screen.query_one("#pass", Button).disabled
        await pilot.press("p")
        await settle(pilot)
        assert "you lead" in str(message(pilot).render())


async def test_bidding_by_keys_allows_only_legal_bids() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot)
        view = screen.view
        assert view.phase is Phase.BIDDING and view.my_turn
        assert screen.query_one("#bid-buttons").display, "the bids' buttons show"
        assert not screen.query_one("#play-buttons").display
        high = view.highest_bid
        assert high, "with this seed a bot bids before us"
        for bid in range(1, high + 1):
            assert screen.query_one(f"#bid-{bid}", Button).disabled
            await pilot.press(str(bid))  # not a legal bid: refused, and it says why
            await settle(pilot)
            assert screen.view.bids == view.bids
            assert message(pilot).tone == "error"
            assert str(message(pilot).render()) == f"bid more than {high}, or pass"
        await pilot.press("3")
        await settle(pilot)
        view = screen.view
        assert view.landlord == view.seat and view.highest_bid == 3
        assert len(view.hand) == 20 and not screen.query_one("#bid-buttons").display
        assert screen.query_one("#play-buttons").display


async def test_typing_ranks_raises_cards_and_ten_can_be_typed_as_1_0() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        hand = screen.hand
        tens = sum(card.rank == "T" for card in hand.cards)
        assert tens, "with this seed we hold a ten"
        await pilot.press("1", "0")
        assert [card.rank for card in hand.selected_cards] == ["T"]
        assert "No more" not in str(message(pilot).render()), "the 0 of 10 was not a new key"
        await pilot.press("escape")
        await pilot.press(*["t"] * (tens + 1))
        assert len(hand.selected) == tens
        assert "No more" in str(message(pilot).render())


async def test_the_card_counter_opens_and_closes() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        counter = screen.query_one(CardCounter)
        assert not counter.display
        await pilot.press("c")
        assert counter.display
        unseen = screen.view.unseen
        assert str(unseen.count("3")) in str(counter.render())
        await pilot.press("c")
        assert not counter.display


async def test_help_opens_from_the_table_and_returns() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is screen


async def test_a_terminal_too_small_shows_a_notice_and_blocks_the_keys() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        assert not screen.query(TooSmall), "no notice until one is needed"
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        notice = screen.query_one(TooSmall)
        assert notice.display and "79×30" in str(notice.render())
        hand_before = screen.view.hand
        await pilot.press(*keys_for(hand_before[0].rank), "c", "enter")
        await settle(pilot)
        assert screen.view.hand == hand_before and not screen.hand.selected
        assert not screen.query_one(CardCounter).display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice.display and app.focused is screen.hand


async def test_settings_are_saved_and_the_language_changes_at_once(config_dir) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.click("#ascii_cards")
        app.screen.query_one("#language").value = Lang.ZH.value
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "人机对战" in str(app.screen.query_one("#menu").get_option_at_index(0).prompt)
    saved = json.loads((SettingsStore(config_dir).path).read_text())
    assert saved["ascii_cards"] is True and saved["language"] == "zh"


async def test_ascii_cards_switch_on_the_screens_already_open(config_dir) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        fan = app.screen.query_one("#fan", CardRow)
        assert not fan.ascii
        await pilot.press("s")
        await pilot.click("#ascii_cards")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.query_one("#fan", CardRow).ascii, "drawn again, in ASCII"


async def test_a_broken_settings_file_is_reported_and_replaced(config_dir) -> None:
    store = SettingsStore(config_dir)
    store.directory.mkdir(parents=True)
    store.path.write_text("{ not json")
    from ddz_tui.ui.app import DdzApp

    app = DdzApp(store, lang=Lang.EN, seed=1)
    async with app.run_test() as pilot:
        await pilot.pause()
        notices = [n.message for n in app._notifications]
        assert any("could not be used" in text for text in notices)
        assert isinstance(app.screen, TitleScreen)
    assert json.loads(store.path.read_text())["version"] == 1
    assert (store.directory / "settings.json.broken").read_text() == "{ not json"


async def test_quitting_from_the_title() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_leaving_mid_game_stops_the_table() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot)
        host = screen.client.host
        await pilot.press("escape")
        await pilot.click("#yes")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not isinstance(app.screen, TableScreen)
        await host.settled()


async def test_any_table_client_can_be_played_through() -> None:
    seats = (SeatInfo("me"), SeatInfo("Ann"), SeatInfo("Bo", SeatKind.BOT, "random"))
    table = ScriptedTable(seats)
    app = make_app()
    async with app.run_test() as pilot:
        app.open_table(table)
        await pilot.pause()
        assert table.asked == ["next game"], "a new table asks for the first deal"
        bidding = PlayerView(0, "3456789TJQKA2BR33", None, "", (), ((1, 0), (2, 0)))
        table.publish(bidding, thinking=None)
        await pilot.pause()
        assert "Your bid" in str(message(pilot).render())
        table.publish(PlayerView(0, "44556677889TJQKA2", None, "", (), (), first_bidder=1))
        await pilot.pause()
        assert "Nobody bid" in str(message(pilot).render())
        table.publish(PlayerView(0, "44556677889TJQKA2", None, "", (), (), 1), thinking=1)
        await pilot.pause()
        right = table_screen(pilot).query_one("#right-seat")
        assert "thinking" in str(right.border_subtitle) and "Ann" in str(right.border_title)
        assert "Nobody bid" in str(message(pilot).render()), "news stays until the game moves"
        table.publish(PlayerView(0, "44556677889TJQKA2", None, "", (), ((1, 1),), 1), thinking=2)
        await pilot.pause()
        assert "Bo is bidding" in str(message(pilot).render())
        table.publish(bidding, notice="Ann left the table")
        await pilot.pause()
        assert "Ann left the table" in str(message(pilot).render())
        await pilot.press("3")
        await pilot.pause()
        assert table.asked[-1] == MakeBid(3)
        await pilot.press("escape")
        await pilot.click("#yes")
        await pilot.pause()
        assert table.asked[-1] == "close" and isinstance(app.screen, TitleScreen)
