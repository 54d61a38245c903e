"""A layout that resizes widgets is not followed by a second one.

When a layout gives a widget a new size, Textual sets the widget's virtual size (the
size of what it could scroll over) through a reactive attribute that asks for a layout
when it changes: every layout that resizes anything is followed, one tick later, by a
second layout of the whole screen and a full frame, which change nothing where no
scrollbar can appear. At the table the game's end (the seats grow to lay the hands open,
the buttons go) paid ~10 ms for it, and so does every resize of the terminal.

Here a widget that can show no scrollbar (overflow hidden both ways) takes its new
virtual size without that layout, as Textual itself does for widgets a scroll exposes.
A widget that may scroll goes Textual's way: its scrollbars follow its virtual size.
"""

from __future__ import annotations

from textual import widget as textual_widget
from textual.geometry import Size
from textual.widget import Widget

_PATCHED = "_ddz_one_layout"


def _size_updated(
    self: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
) -> bool:
    styles = self.styles
    if layout and styles.overflow_x == "hidden" and styles.overflow_y == "hidden":
        layout = False
    return _TEXTUAL_SIZE_UPDATED(self, size, virtual_size, container_size, layout)


_TEXTUAL_SIZE_UPDATED = Widget._size_updated


def one_layout() -> None:
    """Every widget of every app of the process that cannot scroll takes its new size
    in one layout (once per process)."""
    if getattr(textual_widget, _PATCHED, False):
        return
    Widget._size_updated = _size_updated  # type: ignore[method-assign]
    setattr(textual_widget, _PATCHED, True)
