"""The themes the settings offer (issue 34): the game's own, a light one and dark ones,
each drawn and tested; a drop-down that fits its dialog; a stored theme no longer
offered falls back without a fuss."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.color import Color
from textual.geometry import Region
from textual.widgets import Button, Select

from ddz_tui.engine import LandlordMode
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.settings import DEFAULT_THEME, Settings, SettingsStore
from ddz_tui.ui.theme import theme_names
from tests.support.ui import NotingApp, SpySound, make_app, sit_down, table_screen, take_turns


def luminance(colour: Color) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour.rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(one: Color, two: Color) -> float:
    """The WCAG contrast ratio of two colours (1: the same, 21: black on white)."""
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("theme", theme_names())
async def test_a_disabled_play_button_says_play_in_every_theme(theme: str) -> None:
    """With ansi-light (offered once) the disabled Play button had no label."""
    app = make_app(theme=theme)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot, LandlordMode.RANDOM)
        await take_turns(pilot, 3)
        play = table_screen(pilot).query_one("#play", Button)
        assert play.disabled, "nothing raised"
        region = Region(0, 0, *play.outer_size)
        segments = [s for strip in play.render_lines(region) for s in strip if s.text.strip()]
        label = [s for s in segments if any(c.isalpha() for c in s.text)]
        assert label, "the label is drawn"
        for segment in label:
            style = segment.style
            assert style is not None and style.color and style.bgcolor
            fg = Color.from_rich_color(style.color)
            bg = Color.from_rich_color(style.bgcolor)
            assert contrast(fg, bg) >= 2.5, (theme, segment.text, fg.hex, bg.hex)


async def test_the_theme_drop_down_fits_the_dialog_and_offers_the_games_themes() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        select = screen.query_one("#theme", Select)
        select.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert select.expanded
        overlay = select.query_one("SelectOverlay")
        options = [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]
        assert options == ["Felt (dark green)", "Night (dark)", "Paper (light)"]
        form = screen.query_one("#settings-form").region
        assert form.contains_region(overlay.region), "within the dialog's border"
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.settings.theme == "ddz-paper" and app.theme == "ddz-paper"
        assert not app.current_theme.dark


async def test_a_stored_theme_no_longer_offered_opens_in_the_default() -> None:
    store = SettingsStore(Path(os.environ["DDZ_CONFIG_DIR"]))
    store.save(Settings(bot_delay=0.0))
    saved = {**json.loads(store.path.read_text()), "theme": "ansi-light"}
    store.path.write_text(json.dumps(saved))
    app = NotingApp(store, make_sound=SpySound)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == DEFAULT_THEME
        await pilot.press("s")
        assert app.screen.query_one("#theme", Select).value == DEFAULT_THEME
    assert not app.notices_shown, "no broken-settings notice"
