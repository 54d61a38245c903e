"""Drawing cards as chips: a small canvas of styled cells, and the chip shapes.

A full chip is four rows: a frame, the rank, the suit, the frame. Chips in a row
may overlap so that only their left three columns show (enough for `10` and the
suit); a selected chip is drawn one row higher. A mini chip is one row: the rank
and suit on the card's face, for places with no room for full chips.

The discreet card style (`CardStyle.DISCREET`, for playing at work) draws no chips at
all: each card is its rank in plain text, `3 4 4 10 J 大`, no frame, no colour, no suit
(suits never matter in Dou Dizhu), with `PLAIN_INK`, whose only style is the reverse
video of a raised card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from ddz_tui.cards import Card, format_rank

CHIP_WIDTH = 4
CHIP_HEIGHT = 4
MIN_STEP = 3  # the visible part of an overlapped chip: its left edge, two cells of face
MAX_STEP = CHIP_WIDTH + 1  # a chip and a one-column gap, when there is room

_FRAMES = {False: ("╭──╮", "│", "╰──╯"), True: ("+--+", "|", "+--+")}
_JOKER_FACES = {
    False: {"B": ("小", "王"), "R": ("大", "王")},
    True: {"B": ("BJ", "  "), "R": ("RJ", "  ")},
}
_BACK_FILL = {False: "▒▒", True: "##"}
WILD_MARK = {False: "癞", True: "W"}
"""癞子: a wild card's mark, in place of its suit (suits never matter), after its rank in
one-row chips and the discreet style; ASCII mode's "W" stands for wild."""
WILD_LOOK = Style(reverse=True, bold=True)
"""癞子: the mark is drawn in reverse video over the card's own ink: it stands out in
every theme, in colour or not, and in the discreet style."""


_WIDTHS: dict[str, int] = {}


def _cell_width(char: str) -> int:
    """Cells one character takes (remembered: a hand draws hundreds a key)."""
    width = _WIDTHS.get(char)
    if width is None:
        width = _WIDTHS[char] = cell_len(char)
    return width


@dataclass(frozen=True)
class Ink:
    """The styles a card is drawn with (read from the widget's component classes)."""

    face: Style  # black ink on the card's face
    red: Style  # red ink on the face
    edge: Style  # the frame
    back: Style  # a face-down card
    lit: Style  # the face under the cursor
    lit_red: Style


class CardStyle(str, Enum):
    """How cards are drawn: as chips (framed, in colour), or discreetly, as plain text."""

    CHIPS = "chips"
    DISCREET = "discreet"


PLAIN_INK = Ink(Style(), Style(), Style(), Style(), Style(reverse=True), Style(reverse=True))
"""The discreet style's ink: the text's own colours; only the lit card stands out, in
reverse video (which every terminal has, colour or not)."""
PLAIN_BACK = "?"
"""A face-down card in the discreet style."""


def face_rows(card: Card, ascii: bool, wild: str = "") -> tuple[str, str]:
    """The rank and the suit as printed on a chip, each two cells wide. `wild` (癞子):
    the card is a wild standing for that rank, printed with the wild's mark."""
    if wild:
        mark = WILD_MARK[ascii]
        return format_rank(wild).ljust(2), mark + " " * (2 - _cell_width(mark))
    if card.suit is None:
        return _JOKER_FACES[ascii][card.rank]
    suit = card.suit.letter if ascii else card.suit.glyph
    return format_rank(card.rank).ljust(2), suit.ljust(2)


def mini_label(card: Card, ascii: bool, plain: bool = False, wild: str = "") -> str:
    """A card in one short piece of text: `10♥`, `3S`, `大王`, `RJ`; `plain` (the
    discreet style): the rank alone, `10`, `3`, `大`, `RJ`; a wild (癞子) standing for
    `wild`: that rank and the mark, `7癞`, `7W`, in every style."""
    if plain or wild:
        return plain_label(card, ascii, wild)
    return card.label if ascii else card.glyph


def plain_label(card: Card, ascii: bool, wild: str = "") -> str:
    """A card in the discreet style: its rank, `10`, `J`, `小` / `大` (`BJ` / `RJ`); a
    wild (癞子) standing for `wild`: that rank and the mark, `7癞` (`7W`)."""
    if wild:
        return format_rank(wild) + WILD_MARK[ascii]
    return face_rows(card, ascii)[0].strip()


def wild_at(marks: Sequence[str], index: int) -> str:
    """The rank the card at `index` stands for as a wild (癞子), "" for a natural card
    (and for every card when `marks` is empty)."""
    return marks[index] if index < len(marks) else ""


def ink_for(card: Card, ink: Ink, lit: bool = False) -> Style:
    if lit:
        return ink.lit_red if card.is_red else ink.lit
    return ink.red if card.is_red else ink.face


class Canvas:
    """A grid of styled cells, drawn on in order (later drawing covers earlier)."""

    def __init__(self, width: int, height: int, blank: Style) -> None:
        self.width = width
        self.height = height
        self._cells: list[list[tuple[str, Style]]] = [[(" ", blank)] * width for _ in range(height)]
        self._wide_rows: set[int] = set()  # rows holding a wide character

    def put(self, x: int, y: int, text: str, style: Style) -> None:
        if not 0 <= y < self.height:
            return
        row = self._cells[y]
        wide_row = y in self._wide_rows
        for char in text:
            width = _cell_width(char)
            if x >= 0 and x + width <= self.width:
                if wide_row:
                    self._clear_wide(row, x)
                    if width == 2:
                        self._clear_wide(row, x + 1)
                row[x] = (char, style)
                if width == 2:
                    row[x + 1] = ("", style)  # the right half of a wide character
                    self._wide_rows.add(y)
                    wide_row = True
            x += width

    @staticmethod
    def _clear_wide(row: list[tuple[str, Style]], x: int) -> None:
        """Before covering cell x, blank the other half of a wide character there."""
        char, style = row[x]
        if char == "":
            row[x - 1] = (" ", row[x - 1][1])
        elif _cell_width(char) == 2 and x + 1 < len(row):
            row[x + 1] = (" ", style)

    def segments(self) -> list[list[Segment]]:
        """The rows as segments, each run of one style a single segment (blanks apart
        from ink, as `text` has them): a widget that draws these directly skips turning
        a cell-by-cell `Text` into segments again. (Styles are compared by identity
        first: a chip's cells share a few style objects, and comparing two styles by
        value is a Python call.)"""
        out = []
        for row in self._cells:
            segments: list[Segment] = []
            run: list[str] = []
            run_style: Style | None = None
            run_blank = False
            for char, style in row:
                if not char:
                    continue  # the right half of a wide character
                blank = char == " "
                if run and (
                    blank is not run_blank or (style is not run_style and style != run_style)
                ):
                    segments.append(Segment("".join(run), run_style))
                    run = []
                if not run:
                    run_style, run_blank = style, blank
                run.append(char)
            if run:
                segments.append(Segment("".join(run), run_style))
            out.append(segments)
        return out

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop", end="")
        for index, row in enumerate(self._cells):
            if index:
                out.append("\n")
            for char, style in row:
                if char:
                    out.append(char, style)
        return out


def draw_chip(
    canvas: Canvas,
    x: int,
    y: int,
    card: Card,
    ink: Ink,
    ascii: bool,
    lit: bool = False,
    wild: str = "",
) -> None:
    """`wild` (癞子): the card is a wild standing for that rank: the rank it stands for
    over the wild's mark (in reverse video) where the suit goes."""
    top, side, bottom = _FRAMES[ascii]
    rank, suit = face_rows(card, ascii, wild)
    face = ink_for(card, ink, lit)
    edge = face if lit else ink.edge
    canvas.put(x, y, top, edge)
    for row, text in ((1, rank), (2, suit)):
        canvas.put(x, y + row, side, edge)
        canvas.put(x + 1, y + row, text, face + WILD_LOOK if wild and row == 2 else face)
        canvas.put(x + 3, y + row, side, edge)
    canvas.put(x, y + 3, bottom, edge)


Placed = tuple[int, int, "Card | None", bool, str]
"""A chip where `chip_rows` draws it: x, y, the card (None: its back), lit, and the rank
it stands for as a wild (癞子; "" for a natural card)."""

_Pieces = tuple[tuple[tuple[Segment, ...], ...], ...]
"""A chip's rows, each as its segments cut to `MIN_STEP` cells, one more, ... up to the
whole chip: the cells it shows where the next chip covers it, or where none does."""
_PIECES: dict[tuple[Ink, bool], dict[tuple[int, bool, str], _Pieces]] = {}
_MOST_PIECES = 256  # chips kept per ink: a deck's faces, lit or not, and a few wilds


def _pieces(card: Card | None, ink: Ink, ascii: bool, lit: bool, wild: str) -> _Pieces:
    """One chip's rows as a canvas of each width from `MIN_STEP` to the chip's gives
    them (a cell that a character does not fit in is left out, as a canvas does)."""
    cuts = []
    for width in range(MIN_STEP, CHIP_WIDTH + 1):
        canvas = Canvas(width, CHIP_HEIGHT, ink.face)
        _draw_placed(canvas, (0, 0, card, lit, wild), ink, ascii)
        cuts.append([tuple(row) for row in canvas.segments()])
    return tuple(zip(*cuts, strict=True))


def chip_rows(
    chips: Sequence[Placed], ink: Ink, ascii: bool, width: int, height: int, blank: Style
) -> list[list[Segment]]:
    """The rows of segments that a `Canvas` of `width` x `height` over `blank` gives
    once these chips are drawn on it in order (`draw_chip`, `draw_back`), from each
    chip's rows drawn once: a hand drawn cell by cell took ~0.35 ms, on every key that
    moves a card. The chips go left to right (a later one covers the right of the one
    before, where it is on the same row) and fit in the width, and only a chip's
    right edge is ever covered (steps of `MIN_STEP` or more): no wide character is
    cut. Chips closer together or past the width (a terminal too narrow for them) are
    drawn on a canvas."""
    xs = [x for x, *_ in chips]
    if xs and (
        xs[0] < 0 or xs[-1] + CHIP_WIDTH > width or any(b - a < MIN_STEP for a, b in pairwise(xs))
    ):
        canvas = Canvas(width, height, blank)
        for chip in chips:
            _draw_placed(canvas, chip, ink, ascii)
        return canvas.segments()
    kept = _PIECES.get((ink, ascii))
    if kept is None or len(kept) > _MOST_PIECES:
        kept = _PIECES[ink, ascii] = {}
    placed = []
    for x, y, card, lit, wild in chips:
        key = (-1 if card is None else card.id, lit, wild)
        pieces = kept.get(key)
        if pieces is None:
            pieces = kept[key] = _pieces(card, ink, ascii, lit, wild)
        placed.append((x, y, pieces))
    out = []
    for row in range(height):
        on_row = [(x, pieces[row - y]) for x, y, pieces in placed if 0 <= row - y < CHIP_HEIGHT]
        segments: list[Segment] = []
        at = 0
        for index, (x, by_width) in enumerate(on_row):
            if x > at:
                _join(segments, (Segment(" " * (x - at), blank),))
            end = on_row[index + 1][0] if index + 1 < len(on_row) else width
            shown = min(CHIP_WIDTH, end - x)
            _join(segments, by_width[shown - MIN_STEP])
            at = x + shown
        if at < width:
            _join(segments, (Segment(" " * (width - at), blank),))
        out.append(segments)
    return out


def _draw_placed(canvas: Canvas, chip: Placed, ink: Ink, ascii: bool) -> None:
    x, y, card, lit, wild = chip
    if card is None:
        draw_back(canvas, x, y, ink, ascii)
    else:
        draw_chip(canvas, x, y, card, ink, ascii, lit, wild)


def _join(segments: list[Segment], more: Sequence[Segment]) -> None:
    """Add `more` to a row, the first joined to the last one there as a canvas joins
    cells: of one style, and both blanks or both ink."""
    if not more:
        return
    if segments:
        last, first = segments[-1], more[0]
        if (last.style is first.style or last.style == first.style) and (last.text[0] == " ") is (
            first.text[0] == " "
        ):
            segments[-1] = Segment(last.text + first.text, last.style)
            segments.extend(more[1:])
            return
    segments.extend(more)


def draw_back(canvas: Canvas, x: int, y: int, ink: Ink, ascii: bool) -> None:
    top, side, bottom = _FRAMES[ascii]
    canvas.put(x, y, top, ink.back)
    for row in (1, 2):
        canvas.put(x, y + row, side + _BACK_FILL[ascii] + side, ink.back)
    canvas.put(x, y + 3, bottom, ink.back)


def row_step(count: int, width: int) -> int | None:
    """Columns from one chip to the next so `count` chips fit in `width`; None if
    they do not fit even overlapped."""
    if count <= 1:
        return MAX_STEP if width >= CHIP_WIDTH else None
    step = min(MAX_STEP, (width - CHIP_WIDTH) // (count - 1))
    return step if step >= MIN_STEP else None


def row_width(count: int, step: int) -> int:
    return 0 if count == 0 else (count - 1) * step + CHIP_WIDTH


def mini_chips(
    cards: Sequence[Card],
    ink: Ink,
    ascii: bool,
    width: int,
    backs: bool = False,
    plain: bool = False,
    marks: Sequence[str] = (),
) -> Text:
    """Cards as one-row chips, wrapped to `width`; `plain`: as ranks in plain text;
    `marks` (癞子): what each card stands for as a wild, "" for a natural card."""
    if plain:
        labels = (
            (PLAIN_BACK if backs else plain_label(card, ascii, wild_at(marks, i)), i)
            for i, card in enumerate(cards)
        )
        return wrapped(
            (
                (label, ink.face + WILD_LOOK if wild_at(marks, i) else ink.face)
                for label, i in labels
            ),
            width,
        )
    if backs:
        return wrapped(((f" {_BACK_FILL[ascii]} ", ink.back) for _ in cards), width)
    return wrapped(
        (
            (
                f" {mini_label(card, ascii, wild=wild_at(marks, i))} ",
                ink_for(card, ink) + WILD_LOOK if wild_at(marks, i) else ink_for(card, ink),
            )
            for i, card in enumerate(cards)
        ),
        width,
    )


def wrapped(labels: Iterable[tuple[str, Style]], width: int) -> Text:
    """Styled labels one space apart, wrapped to lines of `width` cells."""
    out = Text(end="")
    used = 0
    for label, style in labels:
        size = cell_len(label)
        if used and used + 1 + size > width:
            out.append("\n")
            used = 0
        elif used:
            out.append(" ")
            used += 1
        out.append(label, style)
        used += size
    return out


def strip_of(
    cards: Sequence[Card], ink: Ink, ascii: bool, plain: bool = False, wild: str | None = None
) -> Text:
    """Cards side by side on one face, as in a fanned hand seen edge on: `3♠ 3♥ 4♣`
    (`plain`, the discreet style: ` 3 3 4 `); `wild` (癞子): the wild rank, whose cards
    are marked (`K癞`)."""
    out = Text(end="")
    out.append(" ", ink.face)
    for index, card in enumerate(cards):
        if index:
            out.append(" ", ink.face)
        if card.rank == wild:
            out.append(mini_label(card, ascii, plain, card.rank), ink_for(card, ink) + WILD_LOOK)
            continue
        out.append(mini_label(card, ascii, plain), ink_for(card, ink))
    out.append(" ", ink.face)
    return out


def strip_lines(
    cards: Sequence[Card],
    ink: Ink,
    ascii: bool,
    width: int,
    plain: bool = False,
    wild: str | None = None,
) -> Text:
    """Cards as strips (see `strip_of`), as many on each line as fit in `width`."""
    lines: list[list[Card]] = []
    used = width
    for card in cards:
        size = cell_len(mini_label(card, ascii, plain, card.rank if card.rank == wild else "")) + 1
        if used + size > width:
            lines.append([])
            used = 1  # the strip's opening space
        lines[-1].append(card)
        used += size
    return Text("\n", end="").join(strip_of(line, ink, ascii, plain, wild) for line in lines)


def plain_row(
    cards: Sequence[Card], ascii: bool, width: int, wild: str | None = None
) -> list[tuple[int, str]]:
    """The discreet style's hand: each card's column and label, one space apart (none
    where `width` has no room for the spaces), centred in `width`; `wild` (癞子): the
    wild rank, whose cards are marked."""
    labels = [plain_label(card, ascii, card.rank if card.rank == wild else "") for card in cards]
    sizes = [cell_len(label) for label in labels]
    gap = 1 if sum(sizes) + len(sizes) - 1 <= width else 0
    x = max(0, (width - sum(sizes) - gap * (len(sizes) - 1)) // 2)
    out = []
    for label, size in zip(labels, sizes, strict=True):
        out.append((x, label))
        x += size + gap
    return out
