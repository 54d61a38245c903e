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

A widget that draws its own rows (`PLAIN_BOX`) and has no outline, tint or opacity is
also drawn without Textual's styling of each line, which works out the border,
outline, hatch and tint of every row again to add nothing (~0.2 ms for a hand of five
rows, more than drawing it): its rows, the padding around them in the background's
colour, its border's sides and the app's line filters, as Textual would give them. A
border's top and bottom rows (its title and subtitle) are Textual's own, kept for what
they show: a seat panel's border goes back and forth between a few looks as the turn
goes round (~0.4 ms a panel drawn by Textual).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from contextlib import suppress
from functools import wraps
from typing import NamedTuple
from weakref import WeakKeyDictionary

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import widget as textual_widget
from textual._border import get_box
from textual._context import NoActiveAppError
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.dom import DOMNode
from textual.filter import LineFilter
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget

_PATCHED = "_ddz_kept_lines"


class Ancestry(NamedTuple):
    """What a widget's look takes from its ancestors' styles and its own."""

    rich_style: RichStyle
    background_colors: tuple[Color, Color]  # (under the widget, the widget's)
    opacity: float


RESTYLES = "_ddz_restyles"
"""An app's count of the styles applied to its nodes so far (an attribute of the app: a
restyle in one app of the process, one player's, changes nothing in another's)."""


def ancestry(widget: Widget) -> Ancestry:
    """The widget's style, background colours and opacity, kept until the stylesheet is
    next applied to any node of its app: Textual works each out by walking every
    ancestor, each time it is asked (~10-25 µs), and a frame asked some thirty times. A
    restyle of the widget or of an ancestor (a class, a pseudo-class, a theme) is a
    stylesheet applied; nothing here sets a colour or an opacity on a node's own
    styles."""
    cache = widget._styles_cache
    restyles: int = getattr(widget.app, RESTYLES, 0)
    kept = getattr(cache, "_ancestry", None)
    if kept is not None and kept[0] == restyles:
        return kept[1]
    found = Ancestry(widget.rich_style, widget.background_colors, widget.opacity)
    if isinstance(cache, KeptStylesCache):
        cache._ancestry = (restyles, found)
    return found


def _counting_restyles(notify: Callable[[DOMNode], None]) -> Callable[[DOMNode], None]:
    @wraps(notify)
    def notify_style_update(self: DOMNode) -> None:
        with suppress(NoActiveAppError):
            app = self.app
            setattr(app, RESTYLES, getattr(app, RESTYLES, 0) + 1)
        notify(self)

    return notify_style_update


class KeptStylesCache(StylesCache):
    """Textual's styles cache, which also keeps the last crop's lines whole, and a plain
    box's border rows (see `plain_box_lines`)."""

    _kept: tuple[Hashable, list[Strip]] | None = None  # (what they were drawn for, lines)
    _ancestry: tuple[int, Ancestry] | None = None  # (as of which restyle, what: see ancestry)
    _edges: dict[Hashable, Strip] | None = None  # a border's top or bottom row, by look

    MOST_EDGES = 16
    """Border rows kept: a seat panel's few looks (its turn or not, the clock)."""

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
        the link under the mouse. The size is the whole widget's (its content's follows
        from it and the styles, and new styles mark it dirty): the content's is looked up
        on the screen (~4 µs)."""
        return crop, widget.outer_size, tuple(widget.get_line_filters()), widget.hover_style

    def kept(self, widget: Widget, crop: Region) -> list[Strip] | None:
        """The lines last given for this crop, if nothing in the widget changed since."""
        kept = self._kept
        if kept is not None and kept[0] == self._key(widget, crop):
            return kept[1]
        return None

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        strips = self.kept(widget, crop)
        if strips is None:
            strips = plain_box_lines(widget, crop) if getattr(widget, "PLAIN_BOX", False) else None
            if strips is None:
                strips = super().render_widget(widget, crop)
            else:  # no line Textual keeps is current any more
                self._cache.clear()
                self._dirty_lines.clear()
            self._kept = self._key(widget, crop), strips
        return strips

    def edge_row(self, widget: Widget, y: int, base_background: Color, background: Color) -> Strip:
        """A border's top (y = 0) or bottom row, with its title or subtitle, as Textual
        draws it (no filter yet), kept for everything it is drawn from (the backgrounds
        under and of the widget, as `plain_box_lines` has them)."""
        top = y == 0
        label = widget._border_title if top else widget._border_subtitle
        information = (
            None
            if label is None
            else (
                widget._get_title_style_information(base_background)
                if top
                else widget._get_subtitle_style_information(base_background)
            )
        )
        styles = widget.styles
        border = styles.border
        size = widget.region.size
        key = (
            top,
            size,
            border[0] if top else border[2],
            border[1][0],
            border[3][0],
            None if label is None else (label.plain, tuple(label.spans)),
            information,
            styles.border_title_align if top else styles.border_subtitle_align,
            base_background,
            background,
        )
        edges = self._edges
        if edges is None:
            edges = self._edges = {}
        row = edges.get(key)
        if row is None:
            if len(edges) >= self.MOST_EDGES:
                edges.clear()
            titled = None if label is None or information is None else (label, *information)
            app = widget.app
            row = edges[key] = self.render_line(
                styles,
                y,
                size,
                widget.content_region.size,
                styles.padding,
                base_background,
                background,
                widget.render_line,
                titled if top else None,
                None if top else titled,
                ancestry(widget).opacity,
                app.ansi_theme,
                app.native_ansi_color,
            )
        return row


def plain_box_lines(widget: Widget, crop: Region) -> list[Strip] | None:
    """The widget's lines for `crop` as Textual's styles cache draws them, for a widget
    with no outline, hatch, tint, opacity nor link under the mouse (None for any other):
    its content rows made as wide as its content, its padding blank in its background,
    its border's sides and rows, the app's line filters applied."""
    styles = widget.styles
    kin = ancestry(widget)
    if (
        any(edge for edge, _ in styles.outline)
        or styles.tint.a
        or kin.opacity != 1.0
        or styles.text_opacity != 1.0
        or (styles.has_rule("hatch") and styles.hatch != "none")
        or (widget.auto_links and widget.hover_style._link_id)
    ):
        return None
    base_background, background = kin.background_colors
    inner_style = Style(background=base_background + background)
    inner = inner_style.rich_style
    width, height = widget.region.size
    content_width, content_height = widget.content_region.size
    (top_edge, _), (right_edge, right_color), (bottom_edge, _), (left_edge, left_color) = (
        styles.border
    )
    gutter = styles.gutter
    _, right, _, left = styles.padding
    sides: list[Segment] = []  # the border's left and right, as Textual draws them
    if left_edge or right_edge:
        outer = Style(background=base_background)
        if left_edge:
            sides.append(
                get_box(left_edge, inner_style, outer, _ink(base_background, left_color))[1][0]
            )
        if right_edge:
            sides.append(
                get_box(right_edge, inner_style, outer, _ink(base_background, right_color))[1][2]
            )
    cache = widget._styles_cache
    filters = widget.get_line_filters()
    render_line = widget.render_line
    lines = []
    sources: list[Strip] = []  # the rows drawn by the widget or kept (a border's)
    for y in crop.line_range:
        if (top_edge and y == 0) or (bottom_edge and y == height - 1):
            if not isinstance(cache, KeptStylesCache):
                return None
            edge = cache.edge_row(widget, y, base_background, background)
            sources.append(edge)
            lines.append(edge)
            continue
        if y < gutter.top or y >= height - gutter.bottom:
            line = [Segment(" " * (width - len(sides)), inner)]
        else:
            row = y - gutter.top
            if row < content_height:
                drawn = render_line(row)
                sources.append(drawn)
                line = [*drawn.adjust_cell_length(content_width, inner)]
            else:
                line = [Segment(" " * content_width, inner)]
            if left:
                line.insert(0, Segment(" " * left, inner))
            if right:
                line.append(Segment(" " * right, inner))
        if left_edge:
            line.insert(0, sides[0])
        if right_edge:
            line.append(sides[-1])
        lines.append(Strip(line, width))
    filtering = False  # once a filter changed the lines, the next ones see them changed
    for line_filter in filters:
        filtering = filtering or not (
            _changes_none(line_filter, background, (inner, *(side.style for side in sides)))
            and all(_leaves(line_filter, background, source) for source in sources)
        )
        if filtering:
            lines = [line.apply_filter(line_filter, background) for line in lines]
    if crop.column_span != (0, width):
        x1, x2 = crop.column_span
        lines = [strip.crop(x1, x2) for strip in lines]
    return lines


def _ink(base_background: Color, color: Color) -> Style:
    """A border's colour over what is under the widget, as Textual draws it."""
    return Style(foreground=base_background + color)


_verdicts: WeakKeyDictionary[LineFilter, dict[tuple[Color, RichStyle | None], bool]]
_verdicts = WeakKeyDictionary()
"""Each line filter's verdicts (an app's own filters: they go with the app)."""
_MOST_VERDICTS = 512
_rows_left: WeakKeyDictionary[LineFilter, dict[tuple[Color, int], tuple[Strip, bool]]]
_rows_left = WeakKeyDictionary()
"""Each line filter's verdicts on the rows drawn lately, by the row's id (the row kept)."""
_MOST_ROWS = 256


def _changes_none(
    line_filter: LineFilter, background: Color, styles: Iterable[RichStyle | None]
) -> bool:
    """Whether the filter leaves every one of these styles as it is (each judged once
    per filter and background: Textual's filters restyle a segment by its style alone)."""
    verdicts = _verdicts.get(line_filter)
    if verdicts is None:
        verdicts = _verdicts[line_filter] = {}
    for style in styles:
        key = (background, style)
        verdict = verdicts.get(key)
        if verdict is None:
            if len(verdicts) >= _MOST_VERDICTS:
                verdicts.clear()
            probe = [Segment(" ", style)]
            (after,) = line_filter.apply(probe, background)
            verdict = verdicts[key] = after.style == style
        if not verdict:
            return False
    return True


def _leaves(line_filter: LineFilter, background: Color, row: Strip) -> bool:
    """Whether the filter leaves the row as it is: no control codes (a filter drops
    them) and no style it changes. Judged once per row drawn: a widget's rows are kept
    while it shows the same, and the one filter always on (ANSI colours made true
    colours) changes nothing drawn in the theme's colours, yet would make every
    segment of every line again."""
    rows = _rows_left.get(line_filter)
    if rows is None:
        rows = _rows_left[line_filter] = {}
    key = (background, id(row))
    kept = rows.get(key)
    if kept is not None and kept[0] is row:
        return kept[1]
    verdict = not any(control for _, _, control in row) and _changes_none(
        line_filter, background, {style for _, style, _ in row}
    )
    if len(rows) >= _MOST_ROWS:
        rows.clear()
    rows[key] = row, verdict  # the row kept alive with its id
    return verdict


def kept_lines(widget: Widget, crop: Region) -> list[Strip] | None:
    """The widget's lines for `crop` if it has not changed since it gave them."""
    cache = widget._styles_cache
    return cache.kept(widget, crop) if isinstance(cache, KeptStylesCache) else None


def keep_widget_lines() -> None:
    """Every widget made from now on, in any app of the process, keeps its lines whole,
    and every restyle is counted (once per process)."""
    if getattr(textual_widget, _PATCHED, False):
        return
    textual_widget.StylesCache = KeptStylesCache  # type: ignore[misc]
    DOMNode.notify_style_update = _counting_restyles(DOMNode.notify_style_update)  # type: ignore[method-assign,assignment]
    setattr(textual_widget, _PATCHED, True)
