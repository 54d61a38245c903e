"""Widgets that show cards: the player's hand, and rows of played or bottom cards."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.geometry import Region
from textual.reactive import reactive
from textual.renderables.tint import Tint
from textual.strip import Strip
from textual.widget import Widget

from ddz_tui.cards import Card
from ddz_tui.ui.kept_lines import ancestry, kept_lines
from ddz_tui.ui.localized import Localized
from ddz_tui.ui.widgets.chips import (
    CHIP_HEIGHT,
    CHIP_WIDTH,
    PLAIN_INK,
    WILD_LOOK,
    Canvas,
    CardStyle,
    Ink,
    Placed,
    chip_rows,
    mini_chips,
    plain_row,
    row_step,
    row_width,
    wild_at,
)
from ddz_tui.ui.widgets.lines import span_rows

CARD_STYLES = ("card--face", "card--red", "card--edge", "card--back", "card--lit", "card--lit-red")
"""The card colours, in `Ink`'s order: component classes of the app (`DdzApp`), read
once per theme. Textual restyles a widget's component classes with the widget, so
cards widgets carrying them paid seven restyles for every class they changed."""


class CardWidget(Widget):
    """A widget that draws cards; the card colours come from the stylesheet."""

    ascii: reactive[bool] = reactive(False)
    card_style: reactive[CardStyle] = reactive(CardStyle.CHIPS)

    def on_mount(self) -> None:
        """Cards are drawn as the app's settings say (the app updates them on a change)."""
        self.ascii = getattr(self.app, "ascii_cards", self.ascii)
        self.card_style = getattr(self.app, "card_style", self.card_style)

    @property
    def plain(self) -> bool:
        """The discreet style: ranks in plain text, no frames, no colours."""
        return self.card_style is CardStyle.DISCREET

    _ink: tuple[str, Ink] | None = None  # the theme the ink was read for, and the ink

    def ink(self) -> Ink:
        """The card styles, read again only for another theme: they come from the
        theme's card colours alone, and reading them takes longer than drawing a hand.
        The discreet style has none of the theme's card colours."""
        if self.plain:
            return PLAIN_INK
        app = self.app
        theme = app.theme
        if self._ink is None or self._ink[0] != theme:
            self._ink = (
                theme,
                Ink(*(app.get_component_styles(name).rich_style for name in CARD_STYLES)),
            )
        return self._ink[1]


class DrawnInRows(CardWidget):
    """A card widget that draws its rows of segments itself (Textual's line API) and
    keeps them until what they show changes.

    Chips are drawn cell by cell; handed to Textual as a `Text` with a style per
    cell, turning them into strips again cost more than drawing them (~3 ms for a
    hand of 20 chips, on every redraw).
    """

    PLAIN_BOX: ClassVar[bool] = True  # (see ui/kept_lines.py)
    _drawn: tuple[Hashable, list[Strip]] | None = None  # what the rows show, and the rows

    def draw_key(self) -> Hashable:
        """Everything the rows depend on."""
        raise NotImplementedError

    def draw(self) -> list[Strip]:
        """The content area's rows."""
        raise NotImplementedError

    _drawing_style: Style | None = None  # the widget's style while it is drawn

    @property
    def base_style(self) -> Style:
        """The widget's style (`rich_style`), worked out once while it is drawn: Textual
        works it out from every ancestor each time it is asked, and the key, the rows
        and each blank line below them asked again."""
        style = self._drawing_style
        return ancestry(self).rich_style if style is None else style

    def render_lines(self, crop: Region) -> list[Strip]:
        kept = kept_lines(self, crop)
        if kept is not None:  # nothing changed: no need to ask what the rows show
            return kept
        self._drawing_style = ancestry(self).rich_style
        try:
            key = self.draw_key(), self.card_style
            if self._drawn is None or self._drawn[0] != key:
                self._drawn = key, self.draw()
            return super().render_lines(crop)
        finally:
            self._drawing_style = None

    def render_line(self, y: int) -> Strip:
        rows = [] if self._drawn is None else self._drawn[1]
        return rows[y] if 0 <= y < len(rows) else Strip.blank(self.size.width, self.base_style)


class Hand(Localized, DrawnInRows, can_focus=True):
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
    in_play: reactive[bool] = reactive(True)
    """The cards can still be played: once the game is over the keys that move and raise
    them do nothing, the footer leaves them out, and no cursor is lit."""
    wild: reactive[str | None] = reactive(None)
    """癞子: the wild rank once drawn; its cards are drawn with the wild's mark."""

    _PLAY_KEYS = frozenset({"move", "move_to", "toggle_card"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.in_play or action not in self._PLAY_KEYS

    def watch_in_play(self) -> None:
        self.refresh_bindings()

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

    PLAIN_MARK = "^"
    """Under a raised card in the discreet style (which raises nothing a row)."""
    PLAIN_CURSOR = Style(underline=True, bold=True)
    """The card under the cursor in the discreet style: no colour to light it with."""

    def _layout(self) -> tuple[int, int]:
        """(x of the first chip, columns from chip to chip) for the current width."""
        width = self.content_size.width
        step = row_step(len(self.cards), width) or 1
        return max(0, (width - row_width(len(self.cards), step)) // 2), step

    def chip_at(self, x: int) -> int | None:
        """The chip whose visible part is at column x (chips overlap to the right)."""
        if self.plain:
            row = plain_row(self.cards, self.ascii, self.content_size.width, self.wild)
            for index, (left, label) in enumerate(row):
                if left <= x < left + cell_len(label) + 1:  # the label and the gap after it
                    return index
            return None
        start, step = self._layout()
        for index in reversed(range(len(self.cards))):
            left = start + index * step
            if left <= x < left + CHIP_WIDTH:
                return index
        return None

    def draw_key(self) -> Hashable:
        lit = self.cursor if self.has_focus and self.in_play else None
        key = self.cards, self.selected, lit, self.content_size, self.ascii, self.base_style
        return *key, self.wild

    def draw(self) -> list[Strip]:
        if self.plain:
            return self.draw_plain()
        size = self.content_size
        start, step = self._layout()
        lit = self.cursor if self.has_focus and self.in_play else None
        wild, selected = self.wild, self.selected
        chips = [
            (
                start + index * step,
                0 if card in selected else 1,
                card,
                index == lit,
                card.rank if card.rank == wild else "",
            )
            for index, card in enumerate(self.cards)
        ]
        rows = chip_rows(chips, self.ink(), self.ascii, size.width, size.height, self.base_style)
        return [Strip(row, size.width) for row in rows]

    def draw_plain(self) -> list[Strip]:
        """The discreet style: the ranks on one row, a raised card in reverse video and
        marked on the row below, the cursor's card underlined."""
        size = self.content_size
        base = self.base_style
        canvas = Canvas(size.width, size.height, base)
        lit = self.cursor if self.has_focus and self.in_play else None
        raised = base + PLAIN_INK.lit
        wild = self.wild
        for index, (x, label) in enumerate(plain_row(self.cards, self.ascii, size.width, wild)):
            up = self.cards[index] in self.selected
            style = raised if up else base
            if self.cards[index].rank == wild:
                style += WILD_LOOK
            if index == lit:
                style += self.PLAIN_CURSOR
            canvas.put(x, 0, label, style)
            if up:
                canvas.put(x, 1, self.PLAIN_MARK * cell_len(label), base)
        return [Strip(row, size.width) for row in canvas.segments()]

    def on_click(self, event: events.Click) -> None:
        index = self.chip_at(event.x) if self.in_play else None
        if index is not None:
            self.cursor = index
            self.toggle(index)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class CardRow(DrawnInRows):
    """Cards shown face up or face down, or a word in their place ("pass").

    Full chips when the row is tall and wide enough, one-row chips otherwise; placed
    in the content area as the stylesheet's `content-align` says.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"card-row--pass", "card-row--stale"}

    cards: reactive[tuple[Card, ...]] = reactive(())
    face_down: reactive[bool] = reactive(False)
    word: reactive[str] = reactive("")
    passed: reactive[bool] = reactive(False)
    """The word says a pass (drawn as `card-row--pass` says)."""
    stale: reactive[bool] = reactive(False)
    """An earlier play of the trick, not the one to beat: tinted as `card-row--stale`
    says. Both are drawn here, not set as classes: a class restyles the widget, and
    the lanes change at every play."""
    marks: reactive[tuple[str, ...]] = reactive(())
    """癞子: what each card stands for as a wild, "" for a natural card (empty: none)."""

    def __init__(self, cards: Sequence[Card] = (), *, ascii: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_reactive(CardRow.cards, tuple(cards))
        self.set_reactive(CardWidget.ascii, ascii)

    def show(
        self,
        cards: Sequence[Card] = (),
        word: str = "",
        face_down: bool = False,
        marks: Sequence[str] = (),
        passed: bool = False,
        stale: bool = False,
    ) -> None:
        """Show all of it at once: one comparison and at most one redraw, where setting
        each went through Textual's reactive machinery six times (four lanes a move)."""
        shown = (tuple(cards), word, face_down, tuple(marks), passed, stale)
        if shown == tuple(getattr(self, name) for name in self._SHOWN):
            return
        for name, value in zip(self._SHOWN, shown, strict=True):
            self.set_reactive(getattr(CardRow, name), value)
        self.refresh()

    _SHOWN: ClassVar[tuple[str, ...]] = ("cards", "word", "face_down", "marks", "passed", "stale")

    def draw_key(self) -> Hashable:
        key = (self.cards, self.word, self.face_down, self.ascii, self.content_size, self.marks)
        return *key, self.passed, self.stale, self.base_style, self.styles.content_align

    def draw(self) -> list[Strip]:
        strips = self._draw_rows()
        if not self.stale:
            return strips
        tint = self.get_component_styles("card-row--stale").tint
        return tinted(strips, tint, self.app.ansi_theme, ancestry(self).background_colors[1])

    def _draw_rows(self) -> list[Strip]:
        size = self.content_size
        base = self.base_style
        if self.word:
            look = base + self.get_component_rich_style("card-row--pass") if self.passed else base
            rows = [[Segment(self.word, look + BOLD)]]
        else:
            ink = self.ink()
            step = row_step(len(self.cards), size.width)
            if self.plain or size.height < CHIP_HEIGHT or step is None:
                chips = mini_chips(
                    self.cards, ink, self.ascii, size.width, self.face_down, self.plain, self.marks
                )
                rows = text_rows(chips, base, self.app.console)
            else:
                face_down, marks = self.face_down, self.marks
                placed: list[Placed] = [
                    (
                        index * step,
                        0,
                        None if face_down else card,
                        False,
                        "" if face_down else wild_at(marks, index),
                    )
                    for index, card in enumerate(self.cards)
                ]
                width = row_width(len(self.cards), step)
                rows = chip_rows(placed, ink, self.ascii, width, CHIP_HEIGHT, base)
        strips = [Strip(row).crop(0, size.width) for row in rows]
        horizontal, vertical = self.styles.content_align
        return list(Strip.align(strips, base, size.width, size.height, horizontal, vertical))


BOLD = Style(bold=True)


def tinted(
    strips: Sequence[Strip], tint: Color, theme: TerminalTheme, background: Color
) -> list[Strip]:
    """The strips under `tint`, as Textual's `Tint` draws them, with each style tinted
    once: chips come in a handful of styles over many segments, and tinting a segment
    costs as much as drawing it (a lane of twenty cards went stale in ~2 ms)."""
    looks: dict[Style | None, Style | None] = {}

    def look(style: Style | None) -> Style | None:
        if style not in looks:
            (done,) = Tint.process_segments([Segment(" ", style)], tint, theme, background)
            looks[style] = done.style
        return looks[style]

    return [
        Strip(
            [
                segment if segment.control else Segment(segment.text, look(segment.style))
                for segment in strip
            ],
            strip.cell_length,
        )
        for strip in strips
    ]


def text_rows(text: Text, base: Style, console: Console) -> list[list[Segment]]:
    """A `Text` of a few styled pieces as rows of segments over `base` (cut from its
    spans: Rich's rendering, ~0.3 ms a lane, only where they overlap)."""
    rows = span_rows(text, base)
    if rows is not None:
        return rows
    segments = Segment.apply_style(text.render(console, end=""), base)
    return [list(row) for row in Segment.split_lines(segments)]
