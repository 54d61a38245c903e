"""Issue 35: the house-rules forms grow with every mode. At 80×24 every control of New
game, Settings, Host and New table is reached by Tab, Shift+Tab and the arrow keys in
reading order and is on the screen when focused (the form scrolls to it), and New
game still fits whole with two more rule rows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.containers import Horizontal
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from ddz_tui.engine import Rules
from ddz_tui.i18n import Lang
from ddz_tui.ui.online import JoinRequest
from ddz_tui.ui.screens import connect, lobby, new_game
from ddz_tui.ui.screens.connect import HostScreen
from ddz_tui.ui.screens.new_game import NewGameScreen
from ddz_tui.ui.screens.settings import SettingsScreen
from ddz_tui.ui.widgets.form import OnOff, form_row, rules_rows
from ddz_tui.ui.widgets.keys import KeyFooter
from tests.support.loopback import running
from tests.support.ui import make_app, new_table_form

SIZE = (80, 24)


def on_screen(screen: Screen[Any], widget: Widget) -> bool:
    """The widget is drawn whole where the player sees it: inside the screen, above the
    footer, and what the screen shows at its corners is the widget (not scrolled away,
    not under another widget)."""
    region = widget.region
    footer = screen.query_one(KeyFooter).region
    if not region or not screen.region.contains_region(region) or region.overlaps(footer):
        return False
    corners = [region.offset, (region.right - 1, region.bottom - 1)]
    for x, y in corners:
        shown, _ = screen.get_widget_at(x, y)
        if shown is not widget and widget not in shown.ancestors:
            return False
    return True


async def walk(pilot: Pilot, key: str, steps: int) -> Iterator[Widget]:
    """The focused widget after each press of `key`, checked to be on the screen."""
    screen = pilot.app.screen
    seen = []
    for _ in range(steps):
        await pilot.press(key)
        await pilot.pause()
        focused = screen.focused
        assert focused is not None
        assert on_screen(screen, focused), f"{focused!r} focused by {key} is not on the screen"
        seen.append(focused)
    return iter(seen)


async def every_control_by_keys(
    pilot: Pilot,
    ahead: tuple[str, ...] = ("tab", "down"),
    back: tuple[str, ...] = ("shift+tab", "up"),
) -> None:
    """Tab and ↓ go through every control in reading order, Shift+Tab and ↑ back (→ and ←
    too where no text field takes them), each control on the screen when focused."""
    screen = pilot.app.screen
    chain = list(screen.focus_chain)
    assert len(chain) > 3
    start = screen.focused
    assert start is not None and on_screen(screen, start)
    at = chain.index(start)
    forward = chain[at + 1 :] + chain[: at + 1]
    backward = list(reversed(chain[:at])) + list(reversed(chain[at:]))
    for key in ahead:
        assert list(await walk(pilot, key, len(chain))) == forward, key
    for key in back:
        assert list(await walk(pilot, key, len(chain))) == backward, key


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
async def test_new_game_by_keys_at_80x24(lang: Lang) -> None:
    app = make_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await every_control_by_keys(pilot, ("tab", "down", "right"), ("shift+tab", "up", "left"))


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
async def test_settings_by_keys_at_80x24(lang: Lang) -> None:
    app = make_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("tab")  # from the name field, whose ← → move its cursor
        await every_control_by_keys(pilot)


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
async def test_settings_shows_its_notes_at_its_last_control(lang: Lang) -> None:
    """The notes after the last control (sound, where the settings are kept) have no
    focus of their own: the last control scrolls them into view, the first back up."""
    app = make_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        saved_in = screen.query_one("#saved-in")
        assert not on_screen(screen, saved_in), "Settings is taller than 80x24"
        await pilot.press("up")  # from the first control round to the last
        await pilot.pause()
        assert screen.focused is screen.focus_chain[-1]
        assert on_screen(screen, saved_in)
        await pilot.press("down")
        await pilot.pause()
        assert screen.query_one("#settings-scroll").scroll_y == 0, "the form from its top"


async def test_host_by_keys_at_80x24() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, HostScreen)
        await every_control_by_keys(pilot)


async def test_new_table_by_keys_at_80x24() -> None:
    async with running() as server:
        app = make_app(start=JoinRequest(server.url, "ann"))
        async with app.run_test(size=SIZE) as pilot:
            await new_table_form(pilot)
            await every_control_by_keys(pilot)


LABEL_ROOM = 25
"""A row's label column is 26 cells (screens.tcss): a longer label wraps out of its line,
one as long leaves no gap before the control."""


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
@pytest.mark.parametrize("key", ["n", "s", "o"])
async def test_every_row_label_fits_its_column(lang: Lang, key: str) -> None:
    app = make_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        labels = [str(label.content) for label in app.screen.query(".field-label")]
        assert len(labels) > 5
        too_long = [text for text in labels if Text(text).cell_len > LABEL_ROOM]
        assert not too_long


def two_more_rows(rules: Rules) -> list[Horizontal]:
    """The rule rows with two more (as 癞子's and 明牌开始's will be)."""
    more = [form_row(f"Rule {n} (规则{n})", OnOff(id=f"more{n}")) for n in (1, 2)]
    return [*rules_rows(rules), *more]


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
async def test_new_game_fits_whole_with_two_more_rule_rows(monkeypatch, lang: Lang) -> None:
    monkeypatch.setattr(new_game, "rules_rows", two_more_rows)
    app = make_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        dialog = screen.query_one("#new-game")
        footer = screen.query_one(KeyFooter).region
        assert screen.region.contains_region(dialog.region)
        assert not dialog.region.overlaps(footer), "no scrolling needed"
        await every_control_by_keys(pilot)


async def test_host_and_new_table_take_two_more_rule_rows(monkeypatch) -> None:
    monkeypatch.setattr(connect, "rules_rows", two_more_rows)
    monkeypatch.setattr(lobby, "rules_rows", two_more_rows)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert app.screen.query("#more2")
        await every_control_by_keys(pilot)


def test_settings_chinese(snap_compare, config_dir, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(Path(config_dir).parent))  # the path shown is ~/config/...
    assert snap_compare(make_app(Lang.ZH), press=["s"])


def test_new_game_large(snap_compare) -> None:
    """A tall terminal keeps the rows spaced."""
    assert snap_compare(make_app(), press=["n"], terminal_size=(160, 50))


def test_host_chinese(snap_compare) -> None:
    assert snap_compare(make_app(Lang.ZH), press=["o"])
