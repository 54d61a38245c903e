"""A widget's repaint handed to its screen at once.

Textual answers a widget's `refresh()` in three hops: the widget posts itself a
`Prompt`, its own message queue wakes, goes idle and posts an `Update` to the screen,
whose queue wakes and marks the widget dirty for the next frame. A play at the table
repaints some ten widgets, and the hops woke some twenty tasks between the key and the
frame (~0.1 ms each). Here a mounted widget that only needs repainting (no layout, no
recompose, no new styles, no scroll pending) is marked dirty on its screen as the
`Update` would have marked it: the same frame, drawn from the same dirty regions,
without the round through the two queues. Anything else goes Textual's way.
"""

from __future__ import annotations

from textual import widget as textual_widget
from textual.dom import NoScreen
from textual.geometry import Region
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
    if (
        layout
        or recompose
        or not repaint
        or not self._is_mounted
        or self._layout_required
        or self._recompose_required
        or self._refresh_styles_required
        or self._scroll_required
        or isinstance(self, Screen)
    ):
        return _TEXTUAL_REFRESH(self, *regions, repaint=repaint, layout=layout, recompose=recompose)
    try:
        screen = self.screen
    except NoScreen:
        return _TEXTUAL_REFRESH(self, *regions, repaint=repaint, layout=layout, recompose=recompose)
    if self._closing or screen not in screen._compositor:
        return _TEXTUAL_REFRESH(self, *regions, repaint=repaint, layout=layout, recompose=recompose)
    # what Textual's refresh does at once, then what the widget's idle and the
    # screen's Update do once their queues come round to it
    self._layout_cache.clear()
    self._set_dirty(*regions)
    self.clear_cached_dimensions()
    self._rich_style_cache.clear()
    self._repaint_required = False
    if self.display:
        screen._dirty_widgets.add(self)
        screen.check_idle()
    return self


_TEXTUAL_REFRESH = Widget.refresh


def repaint_at_once() -> None:
    """Every widget of every app of the process hands its repaints to its screen at
    once (once per process)."""
    if getattr(textual_widget, _PATCHED, False):
        return
    Widget.refresh = _refresh  # type: ignore[method-assign,assignment]
    setattr(textual_widget, _PATCHED, True)
