"""Text shown exactly as written, and drawn again only when it changes.

Our own strings carry no Rich markup, and text from outside — player names, a
server's notices, file paths, error lines — must never be read as markup: `[/]` as
a name would otherwise crash every screen it reaches.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.css.scalar import Scalar
from textual.strip import Strip
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from ddz_tui.ui.kept_lines import ancestry
from ddz_tui.ui.widgets.prose import Folded


class Plain(Static):
    """A Static whose text is never parsed as markup.

    Updating it with what it already shows does nothing, and the screen is laid out
    again only when the new text changes the widget's size (its width or height where
    the stylesheet leaves them to the content): a key that changes a line of words
    redraws that line, not the whole screen.
    """

    PLAIN_BOX: ClassVar[bool] = True  # (see ui/kept_lines.py)

    def __init__(self, content: VisualType = "", **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(content, **kwargs)

    _line: tuple[Hashable, Strip] | None = None  # the one line drawn, and what for

    def render_line(self, y: int) -> Strip:
        """One line of plain words that fits is drawn straight to a strip (most of the
        game's Plains: the message line, the top bar's corners); anything else as a
        Static draws it."""
        content = self.content
        styles = self.styles
        width = self.content_size.width
        if (
            not isinstance(content, str)
            or "\n" in content
            or cell_len(content) > width
            or styles.content_align != ("left", "top")
        ):
            return super().render_line(y)
        base = self.line_style()
        if y:
            return Strip.blank(width, base)
        align = styles.text_align
        key = (content, width, base, align)
        if self._line is None or self._line[0] != key:
            room = width - cell_len(content)
            left = room if align in ("right", "end") else room // 2 if align == "center" else 0
            strip = Strip(
                [Segment(" " * left, base), Segment(content, base)], left + cell_len(content)
            )
            self._line = key, strip.extend_cell_length(width, base)
        return self._line[1]

    def line_style(self) -> Style:
        """The style a line that fits is drawn in."""
        return ancestry(self).rich_style

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if same_text(content, self.content):
            return
        if layout and same_room(content, self.content, self.content_size.width):
            layout = False  # (measuring the words, twice, took longer than drawing them)
        sized_before = self._natural_size() if layout else None
        super().update(content, layout=False)
        if layout and self._natural_size() != sized_before:
            self.refresh(layout=True)

    def _natural_size(self) -> tuple[int | None, int | None] | None:
        """The content's width and height where they decide the widget's size (None
        where the stylesheet fixes them); None when no layout can be saved (not shown
        yet, or hidden: then a layout costs little and settles everything)."""
        if not self.is_mounted or not self.display or not self.size:
            return None
        styles = self.styles
        parent = self.parent
        viewport = self.app.size
        container = parent.size if isinstance(parent, Widget) else viewport
        parent_styles = parent.styles if isinstance(parent, Widget) else None
        width = height = None
        if _by_content(styles.width, parent_styles is not None and parent_styles.is_auto_width):
            width = self.get_content_width(container, viewport)
        if _by_content(styles.height, parent_styles is not None and parent_styles.is_auto_height):
            wide = width if width is not None else self.content_size.width
            height = self.get_content_height(container, viewport, wide)
        return width, height


def _by_content(rule: Scalar | None, parent_auto: bool) -> bool:
    """Whether a width or height rule leaves the size to the content: `auto`, or a
    fraction of a parent that takes its own size from its content (no rule: the
    widget fills its parent)."""
    return rule is not None and (rule.is_auto or (rule.is_fraction and parent_auto))


def same_room(new: VisualType, old: VisualType, width: int) -> bool:
    """Whether `new` takes the room `old` takes in a widget `width` cells wide: both one
    line of words, as wide as each other, that fits (a replay's step, a score)."""
    return (
        isinstance(new, str)
        and isinstance(old, str)
        and "\n" not in new
        and "\n" not in old
        and cell_len(new) == cell_len(old) <= width
    )


def same_text(new: VisualType, old: VisualType) -> bool:
    """Whether two contents draw the same: the same words in the same styles (Textual's
    `Content` compares the words alone)."""
    if isinstance(new, str) and isinstance(old, str):
        return new == old
    if isinstance(new, Folded) and isinstance(old, Folded):
        return new == old
    if isinstance(new, Content) and isinstance(old, Content):
        return new.plain == old.plain and new.spans == old.spans
    if isinstance(new, Text) and isinstance(old, Text):
        return new == old and new.style == old.style and new.justify == old.justify
    return False


def literal(text: str) -> Content:
    """Text for a border title or another place Textual would parse as markup."""
    return Content(text)


def keyed(key: str, label: str) -> Content:
    """A button label that shows its key, as the footer does."""
    return Content.assemble((key, "bold"), " ", label)
