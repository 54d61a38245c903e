"""Text shown exactly as written.

Our own strings carry no Rich markup, and text from outside — player names, a
server's notices, file paths, error lines — must never be read as markup: `[/]` as
a name would otherwise crash every screen it reaches.
"""

from __future__ import annotations

from textual.content import Content
from textual.visual import VisualType
from textual.widgets import Static


class Plain(Static):
    """A Static whose text is never parsed as markup."""

    def __init__(self, content: VisualType = "", **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(content, **kwargs)


def literal(text: str) -> Content:
    """Text for a border title or another place Textual would parse as markup."""
    return Content(text)


def keyed(key: str, label: str) -> Content:
    """A button label that shows its key, as the footer does."""
    return Content.assemble((key, "bold"), " ", label)
