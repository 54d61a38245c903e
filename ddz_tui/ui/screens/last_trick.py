"""The last trick, looked back at: each seat's play or pass in order, over the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Size

from ddz_tui.cards import Card
from ddz_tui.i18n import t
from ddz_tui.ui.screens.base import AppModal
from ddz_tui.ui.widgets.cards import CardWidget
from ddz_tui.ui.widgets.chips import strip_of
from ddz_tui.ui.widgets.keys import KeyFooter

TrickRows = Sequence[tuple[str, tuple[Card, ...]]]
"""(who, the cards played) for each turn of the trick; no cards for a pass."""


class TrickList(CardWidget):
    """The trick's turns, one a line: who, and their cards (or that they passed)."""

    def __init__(self, rows: TrickRows, wild: str | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.rows = tuple(rows)
        self.wild = wild  # 癞子: the wild rank, whose cards are marked

    def render(self) -> Text:
        ink = self.ink()
        width = max((cell_len(who) for who, _ in self.rows), default=0) + 2
        lines = []
        for who, cards in self.rows:
            line = Text(end="")
            line.append(who, "bold")
            line.append(" " * (width - cell_len(who)))
            if cards:
                line.append_text(strip_of(cards, ink, self.ascii, self.plain, self.wild))
            else:
                line.append(" " + t("ui.play.pass"), "italic")  # where the strip's face begins
            lines.append(line)
        return Text("\n", end="").join(lines)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((cell_len(line.plain) for line in self.render().split()), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows)


class LastTrickScreen(AppModal):
    """Shown until the same key (or Esc) is pressed again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l,L,escape", "close", "keys.back"),
    ]

    def __init__(self, rows: TrickRows, wild: str | None = None) -> None:
        super().__init__()
        self.rows = rows
        self.wild = wild

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="last-trick") as dialog:
            dialog.border_title = t("ui.trick.title")
            yield TrickList(self.rows, self.wild)
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss()
