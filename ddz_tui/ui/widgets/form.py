"""The pieces of the app's forms (new game, settings, a new table, joining, the bots
that fill a table): labelled rows and drop-downs with their options."""

from __future__ import annotations

from typing import Any

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Label, Select

from ddz_tui.bots import Level
from ddz_tui.engine import LandlordMode
from ddz_tui.i18n import t
from ddz_tui.ui.names import level_name
from ddz_tui.ui.settings import levels


def level_options() -> list[tuple[str, Level]]:
    return [(level_name(level), level) for level in levels()]


def mode_options() -> list[tuple[str, LandlordMode]]:
    return [(t(f"ui.mode.{mode.value}"), mode) for mode in LandlordMode]


def form_row(label: str, field: Widget) -> Horizontal:
    """A labelled field of a form (new game, settings)."""
    return Horizontal(Label(label, classes="field-label"), field, classes="field")


def choice(options: list[tuple[str, Any]], value: Any, name: str) -> Select[Any]:
    """A one-line drop-down that always holds one of its options."""
    return Select(options, value=value, allow_blank=False, id=name, compact=True)
