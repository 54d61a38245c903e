"""Widgets that go back and forth between a few looks, each drawn once and kept.

Textual draws a widget again, whole, whenever it is refreshed, even to a look it had a
moment ago: Play, Pass and Hint go grey and back at every turn, and the footer gains
and loses "Clear" with every raised card. Drawing a button's label (aligned, faded)
or the footer's keys costs more than the rest of their row; a kept look is a lookup.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from ddz_tui.ui.kept_lines import ancestry, kept_lines

if TYPE_CHECKING:
    from textual.widgets import Button


class KeptLooks(Widget):
    """A widget whose lines are kept for each look (`look`), a few at most.

    A look is what the widget shows (`look`) with what the stylesheet gives it (the
    theme, whose colours its component classes take too, and its `rich_style`, which a
    hover or a pressed button change), its size and the part of it asked for.

    Listed after a Textual widget class among the bases (`ActionButton(Button,
    KeptLooks)`): Textual takes a widget's stylesheet defaults down its first bases."""

    MOST_LOOKS: ClassVar[int] = 8

    _looks: dict[Hashable, list[Strip]] | None = None

    def look(self) -> Hashable:
        """Everything the widget's lines depend on besides its style and size."""
        raise NotImplementedError

    def render_lines(self, crop: Region) -> list[Strip]:
        kept = kept_lines(self, crop)
        if kept is not None:  # nothing changed: no need to work out the look
            return kept
        key = (crop, self.outer_size, self.app.theme, ancestry(self).rich_style, self.look())
        looks = self._looks
        if looks is None:
            looks = self._looks = {}
        lines = looks.get(key)
        if lines is None:
            if len(looks) >= self.MOST_LOOKS:
                looks.clear()
            lines = looks[key] = super().render_lines(crop)
        return lines


class KeptComponentStyles(Widget):
    """A widget that keeps its component classes' styles across redraws.

    Textual forgets them at every refresh, and working one out again walks every
    ancestor (~0.05 ms): your line asks two or three at each raised card. Kept here by
    the widget's own style, which carries what its ancestors give it (background,
    colour), until the stylesheet is applied to the widget again (a theme, a class)."""

    _kept_components: dict[tuple[str, Style], Style] | None = None

    def component_style(self, name: str, base: Style) -> Style:
        """`get_component_rich_style(name)`, for a widget whose own style is `base` now."""
        kept = self._kept_components
        if kept is None:
            kept = self._kept_components = {}
        style = kept.get((name, base))
        if style is None:
            if len(kept) >= 32:  # a few names, a style or two each: only themes add more
                kept.clear()
            style = kept[name, base] = self.get_component_rich_style(name)
        return style

    def notify_style_update(self) -> None:
        self._kept_components = None
        super().notify_style_update()


def shown_if(widget: Widget, shown: bool) -> None:
    """Show or hide `widget`, touching its styles only when that changes."""
    if widget.display != shown:
        widget.display = shown


def enabled_if(button: Button, enabled: bool) -> None:
    """Grey a button or light it, setting it only when that changes (a reactive's set
    validates and compares, and the table sets some twenty buttons a state)."""
    if button.disabled == enabled:
        button.disabled = not enabled


def class_if(widget: Widget, on: bool, name: str) -> None:
    """Add or remove a class only when that changes (Textual checks the name against a
    pattern before it finds nothing to do)."""
    if widget.has_class(name) != on:
        widget.set_class(on, name)
