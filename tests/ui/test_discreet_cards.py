"""The discreet card style (issue 34, for playing at work): every card as its rank in
plain text on one row, no frames, no colours, the raised cards in reverse video and
marked under; a setting kept with the others, D at the table, for one app alone."""

from __future__ import annotations

import json
from pathlib import Path

from rich.style import Style
from textual.pilot import Pilot
from textual.widgets import Select

from ddz_tui.engine import LandlordMode
from ddz_tui.i18n import Lang
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.screens.table import TableScreen
from ddz_tui.ui.settings import Settings, SettingsStore
from ddz_tui.ui.theme import theme_names
from ddz_tui.ui.widgets.cards import CardRow, CardWidget, Hand
from ddz_tui.ui.widgets.chips import CardStyle, plain_row
from tests.support.ui import keys_for, make_app, sit_down, table_screen, take_turns, text_of

SIZE = (80, 24)
FRAMES = set("╭╮╰╯│+|")


def hand_rows(screen: TableScreen) -> list[str]:
    return text_of(screen.hand).split("\n")


def ranks_shown(screen: TableScreen) -> str:
    """The hand's ranks as the discreet style writes them, in the hand's order."""
    assert screen.view is not None
    return " ".join(label for _, label in plain_row(screen.hand.cards, False, 200))


async def mid_game(pilot: Pilot) -> TableScreen:
    """A few turns into a game with the landlord drawn by lot, a pair raised."""
    await sit_down(pilot, LandlordMode.RANDOM)
    await take_turns(pilot, 3)
    screen = table_screen(pilot)
    view = screen.view
    assert view is not None
    pair = next(rank for rank in view.hand_ranks if view.hand_ranks.count(rank) >= 2)
    await pilot.press(*keys_for(pair * 2))
    await pilot.pause()
    return screen


def test_the_table_in_the_discreet_style(snap_compare) -> None:
    """Read as text: one row of ranks with `^` under the raised pair, the lanes and
    the bottom cards in plain ranks, no card frames."""
    app = make_app(card_style=CardStyle.DISCREET)
    assert snap_compare(app, run_before=mid_game, terminal_size=SIZE)


async def test_d_at_the_table_redraws_every_card_at_once_and_is_remembered() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await mid_game(pilot)
        raised = len(screen.hand.selected)
        assert FRAMES & set(text_of(screen.hand)), "chips, framed"
        await pilot.press("d")
        await pilot.pause()
        rows = hand_rows(screen)
        assert rows[0].strip() == ranks_shown(screen)
        assert rows[1].count("^") == raised, "the raised cards are still marked"
        assert not FRAMES & set(text_of(screen.hand))
        assert screen.hand.size.height == 2, "small: two rows"
        bottom = screen.query_one("#bottom-cards", CardRow)
        assert screen.view is not None
        assert text_of(bottom).split() == [
            label for _, label in plain_row(screen.view.bottom, False, 40)
        ]
        assert "Discreet cards" in text_of(screen.query_one("#message"))
        saved = json.loads(Path(app.store.path).read_text(encoding="utf-8"))
        assert saved["card_style"] == "discreet"
        await pilot.press("d")
        await pilot.pause()
        assert FRAMES & set(text_of(screen.hand)), "and back to the chips"
        assert screen.hand.size.height == 5


async def test_no_colour_but_the_raised_cards_in_reverse() -> None:
    async with make_app(card_style=CardStyle.DISCREET).run_test(size=SIZE) as pilot:
        screen = await mid_game(pilot)
        hand = screen.hand
        base = hand.rich_style
        for segment in hand.render_line(0):
            if segment.text.strip():
                style = segment.style or Style()
                assert style.color == base.color and style.bgcolor == base.bgcolor, segment
        reversed_text = " ".join(
            segment.text
            for segment in hand.render_line(0)
            if segment.style and segment.style.reverse
        )
        assert reversed_text.split() == [card.rank for card in hand.selected_cards]


async def test_a_click_raises_the_card_under_it() -> None:
    async with make_app(card_style=CardStyle.DISCREET).run_test(size=SIZE) as pilot:
        await sit_down(pilot)
        screen = table_screen(pilot)
        hand = screen.hand
        hand.clear()
        x, _ = plain_row(hand.cards, False, hand.content_size.width)[4]
        await pilot.click(Hand, offset=(x, 0))
        await pilot.pause()
        assert hand.selected_cards == (hand.cards[4],)


async def test_at_80x24_in_ascii_and_chinese() -> None:
    app = make_app(lang=Lang.ZH, ascii_cards=True, card_style=CardStyle.DISCREET)
    async with app.run_test(size=SIZE) as pilot:
        screen = await mid_game(pilot)
        for widget in screen.query(CardWidget):
            assert widget.card_style is CardStyle.DISCREET
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        hand = hand_rows(screen)[0]
        assert hand.isascii() and hand.strip()
        assert "^" in hand_rows(screen)[1]
        assert any("出牌" in line for line in lines), "the buttons still fit"


async def test_the_settings_screen_switches_it_for_the_next_table() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#card_style", Select).value = CardStyle.DISCREET
        await pilot.pause()
        assert app.settings.card_style is CardStyle.DISCREET
        assert app.has_class("-discreet")
        await pilot.press("escape")
        screen = await sit_down(pilot)
        assert not FRAMES & set(text_of(screen.hand))


async def test_one_app_discreet_leaves_another_in_the_same_process_as_it_was(tmp_path) -> None:
    """The SSH door runs many players' apps in one process: the style is each app's."""
    quiet = make_app(card_style=CardStyle.DISCREET)
    other_store = SettingsStore(tmp_path)
    other_store.save(Settings(bot_delay=0.0))
    other = type(quiet)(other_store, seed=1)
    async with quiet.run_test(size=SIZE) as pilot, other.run_test(size=SIZE) as other_pilot:
        await sit_down(pilot)
        await sit_down(other_pilot)
        assert quiet.has_class("-discreet") and not other.has_class("-discreet")
        assert not FRAMES & set(text_of(table_screen(pilot).hand))
        assert FRAMES & set(text_of(table_screen(other_pilot).hand))


def test_the_setting_is_kept_and_a_wrong_value_falls_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.save(Settings(card_style=CardStyle.DISCREET))
    assert json.loads(store.path.read_text())["card_style"] == "discreet"
    assert store.load(theme_names()).settings.card_style is CardStyle.DISCREET
    store.path.write_text(json.dumps({"card_style": "holographic"}))  # a later version's
    loaded = store.load(theme_names())
    assert loaded.settings.card_style is CardStyle.CHIPS and loaded.problem is None
    store.path.write_text(json.dumps({"card_style": 3, "ascii_cards": True}))
    loaded = store.load(theme_names())
    assert loaded.settings.card_style is CardStyle.CHIPS and loaded.settings.ascii_cards
    assert loaded.problem is not None and "card_style" in loaded.problem
