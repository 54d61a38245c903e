"""The table's extras, by keys: 托管 (U), the last trick (L), the end laid open with
the result put aside (V), and the hand's order (O)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import step
from ddz_tui.cards import HandOrder, by_count
from ddz_tui.engine import Game, LandlordMode, Phase, PlayerView
from ddz_tui.ui.screens.last_trick import LastTrickScreen, TrickList
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.settings import SettingsStore
from ddz_tui.ui.show.reading import last_trick, on_table
from ddz_tui.ui.theme import theme_names
from ddz_tui.ui.widgets.table_parts import MessageLine, SeatPanel
from tests.support.clock import ManualClock
from tests.support.ui import (
    at_a_scripted_table,
    make_app,
    our_turns,
    settle,
    sit_down,
    table_screen,
    take_a_turn,
    take_turns,
)


def message(pilot: Pilot) -> str:
    return str(table_screen(pilot).query_one(MessageLine).render())


def saved_order(config_dir: str) -> HandOrder:
    return SettingsStore(Path(config_dir)).load(theme_names()).settings.hand_order


async def test_o_lays_the_hand_out_by_count_and_back_and_it_is_remembered(config_dir) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        view = screen.view
        assert screen.hand.cards == tuple(sorted(view.hand))
        await pilot.press("g")
        assert screen.hand.cards == by_count(view.hand) != tuple(sorted(view.hand))
        assert "by count" in message(pilot)
        assert saved_order(config_dir) is HandOrder.COUNT
        await take_turns(pilot, 1)  # the next deal of cards keeps the order
        assert screen.hand.cards == by_count(screen.view.hand)
        await pilot.press("g")
        assert screen.hand.cards == tuple(sorted(screen.view.hand))
        assert saved_order(config_dir) is HandOrder.RANK
    app = make_app(hand_order=HandOrder.COUNT)
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        assert screen.hand.cards == by_count(screen.view.hand)


async def test_l_shows_the_last_trick_until_pressed_again_or_esc() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        await pilot.press("l")
        assert app.screen is screen and "No trick has ended" in message(pilot)
        async for view in our_turns(pilot):
            if last_trick(view):
                break
            await take_a_turn(pilot, view)
        trick = last_trick(screen.view)
        assert len(trick) >= 3 and not trick[-1][1] and not trick[-2][1]  # two passes end it
        await pilot.press("l")
        assert isinstance(app.screen, LastTrickScreen)
        rows = app.screen.query_one(TrickList).rows
        names = {0: "You", 1: "Right", 2: "Left"}
        assert [(who, cards) for who, cards in rows] == [(names[s], c) for s, c in trick]
        await pilot.press("l")
        assert app.screen is screen
        await pilot.press("L", "escape")
        assert app.screen is screen


async def test_the_hands_lie_open_at_the_end_and_v_puts_the_result_aside_and_back() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot)
        await take_turns(pilot)
        assert isinstance(app.screen, ResultScreen)
        view = screen.view
        assert view.phase is Phase.OVER
        for panel, seat in (("#left-seat", 2), ("#right-seat", 1)):
            shown = screen.query_one(panel, SeatPanel).seat
            assert shown.hand == view.hands_at_end[seat]
        assert screen.query_one("#seats").has_class("-laid-open")
        await pilot.press("v")
        assert app.screen is screen and screen.view.phase is Phase.OVER
        await pilot.press("v")
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("v", "v", "enter")  # aside, back, and the next game
        await settle(pilot)
        assert app.screen is screen and screen.view.phase is not Phase.OVER
        assert not screen.query_one("#seats").has_class("-laid-open")
        assert screen.query_one("#left-seat", SeatPanel).seat.hand is None


async def test_the_hands_lie_open_a_moment_before_the_result_shows() -> None:
    game = Game(3, LandlordMode.RANDOM)
    bots = [make_bot("random", seat) for seat in range(3)]
    while game.phase is not Phase.OVER:
        step(game, bots)
    app = make_app(bot_delay=1.5)  # the result comes 3 s after the end
    async with app.run_test() as pilot:
        table = await at_a_scripted_table(pilot)
        screen = table_screen(pilot)
        clock = screen.clock = ManualClock()
        table.publish(game.view(0), games=1)
        await pilot.pause()
        assert app.screen is screen, "the result waits while the hands lie open"
        assert screen.query_one("#right-seat", SeatPanel).seat.hand == game.hand(1)
        clock.advance(2.9)
        await pilot.pause()
        assert app.screen is screen, "still open 2.9 s after the end"
        clock.advance(0.1)
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.pause()  # let it finish mounting before the app closes


async def test_u_hands_the_seat_to_the_bot_for_the_rest_of_the_game() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot)
        client = screen.client
        assert screen.view.my_turn
        await pilot.press("u")
        await settle(pilot)
        assert screen.view.phase is Phase.OVER, "the bot played the whole game for us"
        assert isinstance(app.screen, ResultScreen)
        assert not client.host.seats[0].takeover, "托管 ended with the game"
        assert "托管" not in screen.my_line.words.me
        await pilot.press("v")
        assert not screen.query_one("#takeover", Button).display  # nothing to hand over now
        await pilot.press("v", "enter")  # the result again, then the next game
        await settle(pilot)
        assert screen.view.phase is not Phase.OVER, "the next deal waits for us"
        assert screen.view.my_turn and not isinstance(app.screen, ResultScreen)


async def test_u_again_takes_the_seat_back() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot)
        client = screen.client
        client.host.bot_delay = 60.0  # the bot thinks long enough to be stopped
        assert screen.view.my_turn and screen.view.phase is Phase.BIDDING
        bids = screen.view.bids
        await pilot.press("u")
        await pilot.pause()
        assert client.host.seats[0].takeover
        await pilot.press("u")  # before the bot has made up its mind
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not client.host.seats[0].takeover
        assert screen.view.my_turn and screen.view.bids == bids, "our turn is ours again"
        assert "托管" not in screen.my_line.words.me
        await pilot.press("3")  # the table takes our own bid: the seat is ours
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.view.bids[len(bids)] == (0, 3)


async def test_a_move_of_our_own_takes_the_seat_back() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot)
        client = screen.client
        client.host.bot_delay = 60.0  # the bot thinks long enough for our own move
        view = screen.view
        assert view.my_turn and view.phase is Phase.BIDDING
        assert await pilot.click("#takeover")
        await pilot.pause()
        assert client.host.seats[0].takeover
        assert screen.query_one("#takeover", Button).has_class("-on")
        await pilot.press("3")  # while the bot still thinks: our own bid
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not client.host.seats[0].takeover
        assert (0, 3) in screen.view.bids


async def test_the_takeover_key_is_only_where_the_table_can_do_it() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await at_a_scripted_table(pilot)
        screen = table_screen(pilot)
        assert isinstance(screen, TableScreen) and not screen.query("#takeover")
        assert screen.check_action("takeover", ()) is False


def _ranks(cards) -> str:
    return "".join(card.rank for card in cards)


def test_the_lanes_show_a_play_main_part_first() -> None:
    view = PlayerView(1, "3456", 0, "KKK", [(0, "357777")])
    assert _ranks(on_table(view)[0].cards) == "777735"


def test_the_last_trick_is_the_one_two_passes_ended() -> None:
    hand = "3456789TJQKA"
    history = [(0, "3334"), (1, ""), (2, "KKK5"), (0, ""), (1, "")]
    assert last_trick(PlayerView(1, hand, 0, "", history[:4])) == ()
    trick = last_trick(PlayerView(1, hand, 0, "", [*history, (2, "9")]))
    assert [(seat, _ranks(cards)) for seat, cards in trick] == [
        (0, "3334"),
        (1, ""),
        (2, "KKK5"),
        (0, ""),
        (1, ""),
    ]
    later = [*history, (2, "9"), (0, "T"), (1, ""), (2, "")]
    trick = last_trick(PlayerView(1, hand, 0, "", later))
    assert [(seat, _ranks(cards)) for seat, cards in trick] == [
        (2, "9"),
        (0, "T"),
        (1, ""),
        (2, ""),
    ]
