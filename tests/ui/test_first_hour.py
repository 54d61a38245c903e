"""What a newcomer runs into in the first hour (issue 13): keys typed fast, quitting
mid-game, help that scrolls at once, keys that mean one thing, ASCII mode."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest
from rich.console import Console
from textual import events
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import ProgressBar, TabbedContent

from ddz_tui.bots.coach import review
from ddz_tui.engine import LandlordMode
from ddz_tui.ui.screens.confirm import ConfirmScreen
from ddz_tui.ui.screens.connect import HostScreen
from ddz_tui.ui.screens.replay import ReplayScreen
from ddz_tui.ui.screens.result import ResultScreen
from ddz_tui.ui.screens.title import TitleScreen
from ddz_tui.ui.widgets import coach as coach_widget
from ddz_tui.ui.widgets.coach import CoachBar, CoachState
from ddz_tui.ui.widgets.plain import Plain
from tests.support.history import seed_history
from tests.support.ui import make_app, sit_down, take_turns
from tests.ui.test_house_rules import HOUSE, LEFT_SHOWS

TWO_TENS = 5  # a seed that deals us two tens, and the lead


async def type_at_once(pilot: Pilot, *chars: str) -> None:
    """Keys that arrive in one write, as from a fast typist or a paste: every event
    is queued before the app handles the first."""
    driver = pilot.app._driver
    assert driver is not None
    for char in chars:
        event = events.Key(char, char)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_ten_typed_as_1_0_in_one_write_raises_one_ten() -> None:
    app = make_app(seed=TWO_TENS)
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        hand = screen.hand
        tens = sum(card.rank == "T" for card in hand.cards)
        assert tens >= 2, "with this seed we hold two tens"
        assert screen.view.my_turn
        await type_at_once(pilot, "1", "0")
        assert [card.rank for card in hand.selected_cards] == ["T"]
        await type_at_once(pilot, "1", "0")
        assert [card.rank for card in hand.selected_cards] == ["T", "T"]
        await pilot.press("escape")
        await type_at_once(pilot, "0", "0")
        assert [card.rank for card in hand.selected_cards] == ["T", "T"], "0 alone is a ten"


async def test_ctrl_q_mid_game_asks_first() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = await sit_down(pilot, LandlordMode.RANDOM)
        hand = screen.view.hand
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen), "the game is not lost at one key"
        assert "abandoned" in str(app.screen.query_one("#question", Plain).render())
        await pilot.press("escape")
        assert app.screen is screen and screen.view.hand == hand
        assert app.return_code is None
        await pilot.press("ctrl+q")
        await pilot.click("#yes")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_q_twice_mid_game_quits() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await sit_down(pilot, LandlordMode.RANDOM)
        await pilot.press("ctrl+q", "ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_q_after_the_game_or_on_the_title_quits_at_once() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await sit_down(pilot)
        await take_turns(pilot)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_help_scrolls_at_once_and_the_tabs_still_switch() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        tabs = app.screen.query_one(TabbedContent)
        for _ in range(2):
            await pilot.press("right")
        assert tabs.active == "rules"
        scroll = tabs.active_pane.query_one(VerticalScroll)
        assert scroll.max_scroll_y > 0, "the rules are longer than the screen"
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        await pilot.press("left")
        assert tabs.active == "keys"


async def test_host_and_hint_have_keys_of_their_own() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("h")
        assert isinstance(app.screen, TitleScreen), "H is the hint, not Host"
        await pilot.press("o")
        assert isinstance(app.screen, HostScreen)


def screen_text(app) -> str:
    """Every character on the screen, as a terminal would be sent them."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False)


def assert_ascii(app, where: str) -> None:
    text = screen_text(app)
    odd = sorted({char for char in text if ord(char) >= 128})
    assert not odd, f"{where}: {''.join(odd)} in\n{text}"
    assert text.strip(), where


async def test_ascii_mode_draws_every_screen_of_a_game_in_ascii() -> None:
    app = make_app(ascii_cards=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert_ascii(app, "title")
        screen = await sit_down(pilot)
        assert_ascii(app, "bidding")
        assert "1 Bid 1" in screen_text(app), "the buttons show, in ASCII too"
        await take_turns(pilot, 3)
        await pilot.press("c")
        assert screen.view.landlord is not None
        assert_ascii(app, "playing, with the card counter")
        assert "Enter Play" in screen_text(app)
        for tab in ("plays", "keys", "rules"):
            if tab == "plays":
                await pilot.press("f1")
            else:
                await pilot.press("right")
            await pilot.pause()
            assert_ascii(app, f"help, {tab}")
        await pilot.press("escape", "ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        assert_ascii(app, "the quit question")
        await pilot.press("escape")
        await take_turns(pilot)
        assert isinstance(app.screen, ResultScreen)
        assert_ascii(app, "the result")
        await pilot.resize_terminal(60, 20)
        assert_ascii(app, "too small")


async def test_the_ascii_setting_redraws_the_screens_open_both_ways(config_dir) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        for on in (True, False):
            await pilot.press("s")
            await pilot.click("#ascii_cards")
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            text = screen_text(app)
            if on:
                assert "斗地主" not in text and "+-" in text
            else:
                assert "斗地主" in text and "╭" in text


async def test_ascii_mode_draws_a_house_games_result_in_ascii() -> None:
    """A stake of several parts (a shown hand, grabs) is joined by x, not ×."""
    app = make_app(ascii_cards=True, seed=LEFT_SHOWS)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot, rules=HOUSE)
        assert_ascii(app, "the house rules' questions")
        await take_turns(pilot)
        assert isinstance(app.screen, ResultScreen)
        worth = str(app.screen.query_one("#worth").render())
        assert " x shown x2" in worth, worth
        assert_ascii(app, "the result of a game with a shown hand")


async def test_ascii_mode_draws_statistics_a_replay_and_the_coach_in_ascii(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed_history(data_dir, 12)
    gate = threading.Event()

    def held_review(events, seat, budget, stop):
        """The coach's own review, held after its first verdict until the test has
        looked at its progress bar."""
        for index, judged in enumerate(review(events, seat, budget=budget, stop=stop)):
            yield judged
            if index == 0:
                gate.wait(10)

    monkeypatch.setattr(coach_widget, "BUDGET", 0.1)
    monkeypatch.setattr(coach_widget, "review", held_review)
    app = make_app(ascii_cards=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.query("#score-chart"), "the chart is drawn"
        assert_ascii(app, "statistics, with the chart")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert_ascii(app, "a replay")
        await pilot.press("c")
        bar = app.screen.query_one(CoachBar)
        for _ in range(1000):
            if bar.verdicts:
                break
            await pilot.pause(0.01)
        await pilot.pause()
        assert bar.state is CoachState.WORKING and bar.query_one(ProgressBar).display
        assert_ascii(app, "the coach at work, its progress bar")
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert bar.state is CoachState.DONE and bar.marks
        await pilot.press("n")
        assert app.screen.step == bar.marks[0]
        assert_ascii(app, "a replay at a coach's mark")
        await pilot.press("end")
        await pilot.pause()
        assert "+1" in screen_text(app), "the last step says our score"
        assert_ascii(app, "a replay's last step")
