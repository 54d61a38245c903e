"""Widgets that show cards: the player's hand, and rows of played or bottom cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ddz_tui.cards import Card
from ddz_tui.ui.localized import Localized
from ddz_tui.ui.widgets.chips import (
    CHIP_HEIGHT,
    CHIP_WIDTH,
    Canvas,
    Ink,
    draw_back,
    draw_chip,
    mini_chips,
    row_step,
    row_width,
)


class CardWidget(Widget):
    """A widget that draws cards; the card colours come from the stylesheet."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card--face",
        "card--red",
        "card--edge",
        "card--back",
        "card--lit",
        "card--lit-red",
    }

    ascii: reactive[bool] = reactive(False)

    def on_mount(self) -> None:
        """Cards are drawn as the app's setting says (the app updates it on a change)."""
        self.ascii = getattr(self.app, "ascii_cards", self.ascii)

    def ink(self) -> Ink:
        style = self.get_component_rich_style
        return Ink(
            face=style("card--face"),
            red=style("card--red"),
            edge=style("card--edge"),
            back=style("card--back"),
            lit=style("card--lit"),
            lit_red=style("card--lit-red"),
        )


class Hand(Localized, CardWidget, can_focus=True):
    """The player's cards as chips. Selected chips rise; the cursor chip is lit.

    The player raises and lowers chips here (space, a click); the table sets `cards`
    when the game moves on, raises cards for typed ranks and hints itself, and watches
    `selected` for every change.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "keys.move", key_display="← →"),
        Binding("right", "move(1)", "keys.move", show=False),
        Binding("home", "move_to(0)", show=False),
        Binding("end", "move_to(-1)", show=False),
        Binding("space", "toggle_card", "keys.select"),
    ]

    cards: reactive[tuple[Card, ...]] = reactive(())
    selected: reactive[frozenset[Card]] = reactive(frozenset())
    cursor: reactive[int] = reactive(0)

    _drawn: list[Strip] = []  # noqa: RUF012 (replaced, never changed in place)
    _drawn_for: tuple[object, ...] | None = None  # what `_drawn` shows

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card in self.selected)

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, len(self.cards) - 1))

    def watch_cards(self, cards: tuple[Card, ...]) -> None:
        kept = self.selected & frozenset(cards)
        if kept != self.selected:
            self.selected = kept
        self.cursor = self.cursor  # clamp to the new length

    # --- changing the selection --------------------------------------------------

    def select(self, cards: Iterable[Card]) -> None:
        """Raise exactly these cards (the hint does this)."""
        self.selected = frozenset(cards) & frozenset(self.cards)
        if self.selected:
            self.cursor = self.cards.index(min(self.selected))

    def clear(self) -> None:
        self.selected = frozenset()

    def select_rank(self, rank: str) -> bool:
        """Raise the next card of `rank` not yet raised; False when there is none."""
        for index, card in enumerate(self.cards):
            if card.rank == rank and card not in self.selected:
                self.cursor = index
                self.selected = self.selected | {card}
                return True
        return False

    def toggle(self, index: int) -> None:
        """The player raises or lowers one card."""
        self.selected = self.selected ^ {self.cards[index]}

    def action_move(self, delta: int) -> None:
        self.cursor += delta

    def action_move_to(self, index: int) -> None:
        self.cursor = index if index >= 0 else len(self.cards) + index

    def action_toggle_card(self) -> None:
        if self.cards:
            self.toggle(self.cursor)

    # --- drawing and clicking ----------------------------------------------------

    def _layout(self) -> tuple[int, int]:
        """(x of the first chip, columns from chip to chip) for the current width."""
        width = self.content_size.width
        step = row_step(len(self.cards), width) or 1
        return max(0, (width - row_width(len(self.cards), step)) // 2), step

    def chip_at(self, x: int) -> int | None:
        """The chip whose visible part is at column x (chips overlap to the right)."""
        start, step = self._layout()
        for index in reversed(range(len(self.cards))):
            left = start + index * step
            if left <= x < left + CHIP_WIDTH:
                return index
        return None

    def render_lines(self, crop: Region) -> list[Strip]:
        self._strips()  # once for all the lines asked for
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """The hand is drawn by rows straight from its canvas (the line API), and drawn
        again only when what it shows changed: a cursor move redraws this widget alone,
        without turning hundreds of styled cells into a `Text` and back."""
        strips = self._drawn if self._drawn_for is not None else self._strips()
        return strips[y] if 0 <= y < len(strips) else Strip.blank(self.size.width)

    def _strips(self) -> list[Strip]:
        size = self.content_size
        lit = self.cursor if self.has_focus else None
        ink = self.ink()
        key = (self.cards, self.selected, lit, size, self.ascii, ink, self.rich_style)
        if key != self._drawn_for:
            canvas = Canvas(size.width, size.height, self.rich_style)
            start, step = self._layout()
            for index, card in enumerate(self.cards):
                y = 0 if card in self.selected else 1
                x = start + index * step
                draw_chip(canvas, x, y, card, ink, self.ascii, lit=index == lit)
            self._drawn = [Strip(row, size.width) for row in canvas.segments()]
            self._drawn_for = key
        return self._drawn

    def on_click(self, event: events.Click) -> None:
        index = self.chip_at(event.x)
        if index is not None:
            self.cursor = index
            self.toggle(index)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class CardRow(CardWidget):
    """Cards shown face up or face down, or a word in their place ("pass").

    Full chips when the row is tall and wide enough, one-row chips otherwise.
    """

    cards: reactive[tuple[Card, ...]] = reactive(())
    face_down: reactive[bool] = reactive(False)
    word: reactive[str] = reactive("")

    def __init__(self, cards: Sequence[Card] = (), *, ascii: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_reactive(CardRow.cards, tuple(cards))
        self.set_reactive(CardWidget.ascii, ascii)

    def show(self, cards: Sequence[Card] = (), word: str = "", face_down: bool = False) -> None:
        self.cards = tuple(cards)
        self.word = word
        self.face_down = face_down

    def render(self) -> Text:
        if self.word:
            return Text(self.word, style="bold", end="")
        size = self.content_size
        ink = self.ink()
        step = row_step(len(self.cards), size.width)
        if size.height < CHIP_HEIGHT or step is None:
            return mini_chips(self.cards, ink, self.ascii, size.width, backs=self.face_down)
        canvas = Canvas(row_width(len(self.cards), step), CHIP_HEIGHT, self.rich_style)
        for index, card in enumerate(self.cards):
            if self.face_down:
                draw_back(canvas, index * step, 0, ink, self.ascii)
            else:
                draw_chip(canvas, index * step, 0, card, ink, self.ascii)
        return canvas.text()
