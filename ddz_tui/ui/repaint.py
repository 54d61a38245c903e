"""A widget's repaint, and its need of a layout, handed to its screen at once.

Textual answers a widget's `refresh()` in three hops: the widget posts itself a
`Prompt`, its own message queue wakes, goes idle and posts an `Update` (or a `Layout`)
to the screen, whose queue wakes and marks the widget dirty (or the screen's layout
needed) for the next frame. A play at the table repaints some ten widgets, and the hops
woke some twenty tasks between the key and the frame (~0.1 ms each); and where some of
them also asked for a layout (the game's end: the seats grow, the buttons go) the
screen could hear of the repaints before the layout and draw a frame of them first,
then the whole screen again once laid out.

Here a mounted widget with nothing else pending (no recompose, no new styles, no scroll)
marks itself dirty on its screen as the `Update` would have, and tells the screen of a
layout as the `Layout` message would have: the same frame, drawn from the same dirty
regions and the same layout, without the rounds through the queues. Anything else goes
Textual's way, and so does a layout asked for while the screen lays out (a scrollbar
that comes with a new size): the screen forgets its need of one when it is done.
"""

from __future__ import annotations

from weakref import WeakSet

from textual import widget as textual_widget
from textual.dom import NoScreen
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.widget import Widget

_PATCHED = "_ddz_repaint_at_once"


def _refresh(
    self: Widget,
    *regions: Region,
    repaint: bool = True,
    layout: bool = False,
    recompose: bool = False,
) -> Widget:
    screen = None if recompose or not (repaint or layout) else _screen_now(self)
    if (
        screen is None
        or (self._layout_required and not layout)
        or (layout and screen in _LAYING_OUT)
    ):
        return _TEXTUAL_REFRESH(self, *regions, repaint=repaint, layout=layout, recompose=recompose)
    # what Textual's refresh does at once, then what the widget's idle and the
    # screen's Update or Layout do once their queues come round to it
    self._layout_cache.clear()
    if repaint:
        _set_dirty(self, regions)
        self.clear_cached_dimensions()
        self._rich_style_cache.clear()
        self._repaint_required = False
        if self.display:
            screen._dirty_widgets.add(self)
    if layout:
        self._layout_required = False
        self._layout_updates += 1
        _layout_needed(self, screen)
    screen.check_idle()
    return self


def _set_dirty(widget: Widget, regions: tuple[Region, ...]) -> None:
    """Textual's `_set_dirty`, without its look-up of the widget's content size on the
    screen (~4 µs) when the whole widget is dirty: the size only marks lines of the
    styles cache dirty, which it has just emptied."""
    if regions:
        widget._set_dirty(*regions)
        return
    widget._dirty_regions.clear()
    widget._repaint_regions.clear()
    widget._styles_cache.clear()
    whole = widget.outer_size.region
    widget._dirty_regions.add(whole)
    if whole:
        widget._repaint_regions.add(whole)


def _screen_now(widget: Widget) -> Screen[object] | None:
    """The screen a widget's refresh can be handed to at once, if there is one: the
    widget mounted on it, drawn by it and waiting for nothing that goes Textual's way."""
    if (
        not widget._is_mounted
        or widget._closing
        or widget._recompose_required
        or widget._refresh_styles_required
        or widget._scroll_required
        or isinstance(widget, Screen)
    ):
        return None
    try:
        screen = widget.screen
    except NoScreen:
        return None
    return screen if screen in screen._compositor else None


def _layout_needed(widget: Widget, screen: Screen[object]) -> None:
    """What the widget's idle and then the screen do with a `Layout` message: the
    arrangements it was part of forgotten, and the screen's layout asked for."""
    waiting = screen._layout_widgets  # (a scroll with none waiting reflows what shows)
    for ancestor in widget.ancestors:
        if not isinstance(ancestor, Widget):
            break
        ancestor._clear_arrangement_cache()
        ancestor._layout_updates += 1
        if widget not in waiting:
            waiting.setdefault(ancestor, set()).add(widget)
            screen._layout_required = True
        if not ancestor.styles.auto_dimensions:
            break
        widget = ancestor


_LAYING_OUT: WeakSet[Screen[object]] = WeakSet()
"""Screens in the middle of a layout: one asked for there (a scrollbar that comes or goes
with a new size) goes Textual's way, by the queues, to follow this one; the screen
forgets its need of a layout once this one is done."""


def _refresh_layout(self: Screen[object], size: Size | None = None, scroll: bool = False) -> None:
    _LAYING_OUT.add(self)
    try:
        _TEXTUAL_REFRESH_LAYOUT(self, size, scroll)
    finally:
        _LAYING_OUT.discard(self)


_TEXTUAL_REFRESH = Widget.refresh
_TEXTUAL_REFRESH_LAYOUT = Screen._refresh_layout


def repaint_at_once() -> None:
    """Every widget of every app of the process hands its repaints and layouts to its
    screen at once (once per process)."""
    if getattr(textual_widget, _PATCHED, False):
        return
    Widget.refresh = _refresh  # type: ignore[method-assign,assignment]
    Screen._refresh_layout = _refresh_layout  # type: ignore[method-assign,assignment]
    setattr(textual_widget, _PATCHED, True)
