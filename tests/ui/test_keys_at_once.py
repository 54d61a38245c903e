"""A key typed at the table goes to its binding at once; a key some widget reads, or one
a widget's `key_` method answers, goes Textual's way, and no key overtakes another."""

from __future__ import annotations

import pytest
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input

from ddz_tui.ui.keys_at_once import _reads_keys
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.widgets.cards import Hand
from tests.support.ui import make_app, settle
from tests.ui.test_first_hour import type_at_once
from tests.ui.test_redraw import our_lead


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every key handed to a widget or a screen (its class, the key) while the test runs."""
    keys: list[tuple[str, str]] = []
    original = Widget.post_message

    def spy(self: Widget, message: Message) -> bool:
        if isinstance(message, events.Key):
            keys.append((type(self).__name__, message.key))
        return original(self, message)

    monkeypatch.setattr(Widget, "post_message", spy)
    return keys


async def test_a_move_a_raised_card_and_a_play_pass_through_no_widget(
    handed: list[tuple[str, str]],
) -> None:
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        hand = screen.hand
        handed.clear()
        await pilot.press("right")
        await pilot.pause()
        assert hand.cursor == 1
        await pilot.press("space")
        await pilot.pause()
        assert hand.selected_cards == (hand.cards[1],)
        held = len(hand.cards)
        await pilot.press("enter")
        await pilot.pause()
        assert len(hand.cards) == held - 1, "the single played"
        assert handed == [], "each key went straight to its binding"


async def test_a_key_that_goes_the_long_way_is_not_overtaken_by_the_next(
    handed: list[tuple[str, str]],
) -> None:
    """Esc has a `key_` method on every screen (Textual's: it ends a text selection), so
    it passes through the hand and the screen; a space typed right behind it waits its
    turn: the raised card is lowered (Esc) and raised again (space), and Esc does not
    find nothing raised and ask to leave."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        hand = screen.hand
        await pilot.press("space")
        await pilot.pause()
        raised = hand.selected_cards
        assert len(raised) == 1
        handed.clear()
        await type_at_once(pilot, "escape", "space")
        assert hand.selected_cards == raised
        assert pilot.app.screen is screen, "no question about leaving"
        assert ("Hand", "escape") in handed and ("Hand", "space") in handed


def test_widgets_that_read_keys_are_told_from_those_that_only_have_bindings() -> None:
    assert _reads_keys(Input), "an input reads every key typed into it"
    assert not _reads_keys(Hand) and not _reads_keys(TableScreen) and not _reads_keys(Button)


async def test_the_table_screens_news_is_not_handed_up_to_the_app(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new state (yours after a play, each bot's) is the table screen's alone: handed
    up to the app it cost a round of the app's queue for nothing."""
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await our_lead(pilot)
        app = pilot.app
        posted: list[str] = []
        original = type(app).post_message

        def spy(self: object, message: Message) -> bool:
            posted.append(type(message).__name__)
            return original(self, message)  # type: ignore[arg-type]

        monkeypatch.setattr(type(app), "post_message", spy)
        await pilot.press("space", "enter")
        await settle(pilot)
        assert screen.view is not None and screen.view.my_turn, "the bots have played"
        assert "TableUpdated" not in posted
