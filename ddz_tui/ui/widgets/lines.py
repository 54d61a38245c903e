"""One line of a few styled pieces, drawn straight to a strip (Textual's line API).

Handing Textual a `Text` for a line that changes with every key costs more than the
rest of the redraw: it is turned into its own content model and back into strips.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

ELLIPSIS = "…"


def line_strip(pieces: Sequence[tuple[str, Style]], width: int, blank: Style) -> Strip:
    """The pieces side by side in `width` cells: cut with an ellipsis when they do not
    fit (as `text-overflow: ellipsis` cuts), padded with `blank` when they are short."""
    segments = [Segment(text, style) for text, style in pieces if text]
    used = sum(cell_len(segment.text) for segment in segments)
    if used <= width:
        return Strip(segments, used).extend_cell_length(width, blank)
    kept: list[Segment] = []
    room = width - 1
    for segment in segments:
        size = cell_len(segment.text)
        if size >= room:
            kept.append(Segment(set_cell_size(segment.text, room) + ELLIPSIS, segment.style))
            break
        kept.append(segment)
        room -= size
    return Strip(kept, width)


def text_strips(text: Text, width: int, base: Style) -> list[Strip] | None:
    """`text`, line by line, as strips of `width` cells over `base`; None when a line is
    wider than that or two of its styles overlap (Textual's own rendering, which wraps
    and layers styles, is then the one to use)."""
    rows = span_rows(text, base)
    if rows is None:
        return None
    strips = []
    for row in rows:
        used = sum(cell_len(segment.text) for segment in row)
        if used > width:
            return None
        strips.append(Strip(row, used).extend_cell_length(width, base))
    return strips


def span_rows(text: Text, base: Style) -> list[list[Segment]] | None:
    """`text`'s lines as segments over `base`, as wide as they are; None when two of its
    styles overlap (Rich's rendering, which layers them, is then the one to use)."""
    rows = []
    text_style = base + _style(text.style)
    for line in text.split("\n", allow_blank=True):
        plain = line.plain
        segments = []
        end = 0
        for span in sorted(line.spans):
            if span.start < end:
                return None
            if span.start > end:
                segments.append(Segment(plain[end : span.start], text_style))
            segments.append(Segment(plain[span.start : span.end], text_style + _style(span.style)))
            end = span.end
        if end < len(plain):
            segments.append(Segment(plain[end:], text_style))
        rows.append(segments)
    return rows


def _style(style: str | Style) -> Style:
    return Style.parse(style) if isinstance(style, str) else style
