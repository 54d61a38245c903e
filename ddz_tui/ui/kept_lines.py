"""A widget's lines, handed to the compositor whole while nothing in it changed.

Textual's compositor asks every widget that meets the region being redrawn for its
lines, and a key at the table changes rows from the top of the screen to its foot, so
every widget there is asked at every play. A widget keeps its lines (its styles cache)
and draws again only the ones marked dirty, but working out that nothing is dirty
(its background from its ancestors, its filters, its borders' titles, each line looked
up, filtered and cut to the crop again) took 0.1-0.3 ms a widget, some twenty of them a
frame. Here a widget's styles cache keeps what it last gave for a crop, and gives it
again until Textual marks any of the widget dirty (a refresh, a restyle, a new size):
the same cue its own lines wait for, so nothing is drawn that Textual would not draw.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual import widget as textual_widget
from textual._styles_cache import StylesCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

_PATCHED = "_ddz_kept_lines"


class KeptStylesCache(StylesCache):
    """Textual's styles cache, which also keeps the last crop's lines whole."""

    _kept: tuple[Hashable, list[Strip]] | None = None  # (what they were drawn for, lines)

    def set_dirty(self, *regions: Region) -> None:
        self._kept = None
        super().set_dirty(*regions)

    def clear(self) -> None:
        self._kept = None
        super().clear()

    @staticmethod
    def _key(widget: Widget, crop: Region) -> Hashable:
        """What the lines depend on besides what marks the widget dirty: the crop, the
        size, the app's line filters (on and off with the app's focus and colours) and
        the link under the mouse."""
        return crop, widget.size, tuple(widget.get_line_filters()), widget.hover_style

    def kept(self, widget: Widget, crop: Region) -> list[Strip] | None:
        """The lines last given for this crop, if nothing in the widget changed since."""
        kept = self._kept
        if kept is not None and kept[0] == self._key(widget, crop):
            return kept[1]
        return None

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        strips = self.kept(widget, crop)
        if strips is None:
            strips = super().render_widget(widget, crop)
            self._kept = self._key(widget, crop), strips
        return strips


def kept_lines(widget: Widget, crop: Region) -> list[Strip] | None:
    """The widget's lines for `crop` if it has not changed since it gave them."""
    cache = widget._styles_cache
    return cache.kept(widget, crop) if isinstance(cache, KeptStylesCache) else None


def keep_widget_lines() -> None:
    """Every widget made from now on, in any app of the process, keeps its lines whole
    (once per process)."""
    if getattr(textual_widget, _PATCHED, False):
        return
    textual_widget.StylesCache = KeptStylesCache  # type: ignore[misc]
    setattr(textual_widget, _PATCHED, True)
