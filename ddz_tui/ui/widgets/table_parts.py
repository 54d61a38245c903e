"""The parts of the table around the hand: seats, the top bar, the message line,
the card counter. Each is told what to show by the table screen."""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Horizontal
from textual.content import Content
from textual.css.scalar import Scalar
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as TextualStyle
from textual.visual import Visual, visualize
from textual.widget import Widget

from ddz_tui.cards import DECK, RANKS, Card
from ddz_tui.engine import Role
from ddz_tui.i18n import as_shown, t
from ddz_tui.ui.kept_lines import ancestry
from ddz_tui.ui.names import rank_label, role_name
from ddz_tui.ui.show.table import Lane, SeatShow, Selection, TableShow, Top
from ddz_tui.ui.widgets.cards import CardRow, DrawnInRows
from ddz_tui.ui.widgets.chips import (
    CHIP_HEIGHT,
    CHIP_WIDTH,
    Canvas,
    Ink,
    draw_back,
    ink_for,
    strip_lines,
    wrapped,
)
from ddz_tui.ui.widgets.lines import line_strip, text_strips
from ddz_tui.ui.widgets.looks import KeptComponentStyles, class_if
from ddz_tui.ui.widgets.plain import Plain, literal

BACKS = DECK[:3]
"""Three cards to draw face down where the bottom cards are still hidden."""
BACK_STEP = 2
"""Columns from one face-down card to the next in a seat's fanned hand."""
_TURN_RULES = (
    "border_top",
    "border_right",
    "border_bottom",
    "border_left",
    "border_title_color",
    "auto_border_title_color",
    "border_title_style",
)
"""The rules a seat panel sets on its own styles while it is its turn (the border's
four sides first)."""
_BOLD = Style(bold=True)


class SeatPanel(DrawnInRows):
    """Another player: name, role, cards left (face down), whose turn it is."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"seat--low", "seat--turn"}
    seat: reactive[SeatShow | None] = reactive(None)

    def draw_key(self) -> Hashable:
        inside = None if self.seat is None else self.seat.inside
        return inside, self.content_size, self.ascii, self.base_style

    def draw(self) -> list[Strip]:
        """The panel's words and cards (see `content`), drawn as rows."""
        size = self.content_size
        return self._rows(size.width)[: size.height]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the content takes (a laid-open hand's panel is as tall as its cards)."""
        return len(self._rows(width))

    _kept_rows: tuple[Hashable, list[Strip]] | None = None  # (what they show, the rows)

    def _rows(self, width: int) -> list[Strip]:
        """The content's rows at `width`, kept for what they show: a layout asks for the
        panel's height more than once (its row's height, then its own), then draws it."""
        key = (self.draw_key(), self.card_style, width)  # as the drawn rows are kept
        kept = self._kept_rows
        if kept is not None and kept[0] == key:
            return kept[1]
        text = self.content()
        strips = text_strips(text, width, self.base_style)
        if strips is None:  # a line too wide: wrapped, as Textual wraps
            strips = Visual.to_strips(self, visualize(self, text), width, None, self.visual_style)
        self._kept_rows = key, strips
        return strips

    _titles: tuple[str, str] | None = None  # the border's title and subtitle shown

    def watch_seat(self, seat: SeatShow | None) -> None:
        if seat is None:
            return
        mark = as_shown(" · ") + seat.mark if seat.mark else ""
        self.show_titles((as_shown("▶ ") if seat.turn else "") + seat.title + mark)
        class_if(self, seat.mark is not None, "-away")
        class_if(self, seat.shown is not None and seat.hand is None, "-shown")
        self._show_turn()

    def watch_ascii(self) -> None:
        self._show_turn()

    def on_mount(self) -> None:  # (Textual calls CardWidget's too)
        self.app.theme_changed_signal.subscribe(self, lambda _: self._turn_look_changed())

    def _turn_look_changed(self) -> None:
        self._turn_look = None
        self._show_turn()

    def notify_style_update(self) -> None:
        """The stylesheet was applied again (the away class, a theme): the turn's look is
        read from it afresh, once its component styles are (Textual applies those after;
        a new theme's also by its signal, which comes once the theme is applied)."""
        super().notify_style_update()
        self.call_later(self._turn_look_changed)

    _turn_look: tuple[bool, bool, bool] | None = None  # (turn, away, ascii) as set

    def _show_turn(self) -> None:
        """Whose turn it is: the border's line heavy (ASCII's the same) in the accent
        colour of `seat--turn`, the title bold and in that colour (unless away: the
        stylesheet's warning colour stays). Set on the panel's own styles, not as a
        class: Textual matches the whole stylesheet against a widget whose classes
        change, about a millisecond, and the turn moves at every play."""
        seat = self.seat
        turn = seat is not None and seat.turn
        away = self.has_class("-away")
        look = (turn, away, self.ascii)
        if look == self._turn_look or not self.is_mounted:
            return
        self._turn_look = look
        styles = self.styles
        for rule in _TURN_RULES:
            styles.clear_rule(rule)
        if turn:  # the rules as their properties set them, without their redraw each
            accent = self.get_component_styles("seat--turn").color
            edge = ("ascii" if self.ascii else "heavy", accent)
            for side in _TURN_RULES[:4]:
                styles.set_rule(side, edge)
            styles.set_rule("border_title_style", _BOLD)
            if not away:  # (the stylesheet's colour, $text, is an automatic one)
                styles.set_rule("auto_border_title_color", False)
                styles.set_rule("border_title_color", accent)
        self.refresh()  # the same room for the border, whatever its line: no layout

    _said: str | None = None  # a chat line from this seat, shown on the border a while

    def speak(self, words: str | None) -> None:
        """Show what this seat said (a chat line) on the bottom border, or no longer:
        the border is drawn again, nothing is laid out."""
        if words != self._said:
            self._said = words
            if self._titles is not None:
                self.show_titles(self._titles[0])

    def has_room_for(self, said: str) -> bool:
        """Whether a chat line fits whole on the border beside what it says now."""
        said_before = self._said
        self._said = said
        try:
            needed = cell_len(self.subtitle()) + 6  # the corners, a rule each side, spaces
        finally:
            self._said = said_before
        return needed <= self.size.width

    def subtitle(self) -> str:
        """What the bottom of the border says: thinking, the clock or a shown hand's
        count, then what the seat said lately (chat), cut first where room is short."""
        said, status = self._said, self._status()
        if said is None:
            return status
        quoted = as_shown("“") + said + as_shown("”")
        return f"{status.rstrip()} {quoted}" if status.strip() else quoted

    def _status(self) -> str:
        seat = self.seat
        if seat is None:
            return ""
        if seat.thinking:
            return t("ui.seat.thinking")
        if seat.clock is not None:
            return " " + t("ui.clock", s=seat.clock) + " "
        if seat.shown is not None and seat.hand is None and seat.cards_left is not None:
            return t("ui.seat.shown") + as_shown(" · ") + t("ui.seat.cards", n=seat.cards_left)
        return ""

    def show_titles(self, title: str) -> None:
        """The border's title and subtitle, set only when they change (setting either
        draws the panel again)."""
        titles = title, self.subtitle()
        if titles != self._titles:
            self._titles = titles
            self.border_title, self.border_subtitle = literal(titles[0]), literal(titles[1])

    @staticmethod
    def role_line(seat: SeatShow) -> Text:
        """The seat's role in bold, or that the bidding (or calling) decides it."""
        out = Text(end="")
        waiting = t("ui.seat.no_call") if seat.calling else t("ui.seat.no_role")
        out.append(role_name(seat.role) if seat.role else waiting, "bold")
        if seat.doubled:  # the landlord's 加倍 is a redouble, as its question says
            mark = "ui.seat.redoubled" if seat.role is Role.LANDLORD else "ui.seat.doubled"
            if seat.super_doubled:  # 超级加倍, whoever said it
                mark = "ui.seat.super_doubled"
            out.append(as_shown(" · ") + t(mark), "bold")
        return out

    def content(self) -> Text:
        seat = self.seat
        if seat is None:
            return Text(end="")
        out = self.role_line(seat)
        if seat.hand is not None:
            out.append("  " + t("ui.seat.cards", n=len(seat.hand)))
            if seat.hand:
                out.append("\n")
                width = self.content_size.width
                out.append(strip_lines(seat.hand, self.ink(), self.ascii, width, self.plain))
            return out
        out.append("\n")
        if seat.shown is not None:  # 明牌: what is shown and how many are left is on the border
            width = max(self.content_size.width, 8)
            out.append_text(rank_lines(seat.shown, self.ink(), self.ascii, width))
            return out
        if seat.cards_left is not None:
            ink = self.ink()
            # the discreet style draws no card backs: the count says it all
            if self.content_size.height >= 2 + CHIP_HEIGHT and not self.plain:  # fanned
                out.append_text(self.backs(seat.cards_left, ink))
                out.append("\n")
            elif seat.backs and not self.plain:
                out.append(" ## " if self.ascii else " ▒▒ ", ink.back)
                out.append("  ")
            else:
                out.append("      ")
            low = seat.low
            out.append(t("ui.seat.cards", n=seat.cards_left), "bold" if low else "")
            if low:
                out.append(" " + t("ui.seat.low"), self.get_component_rich_style("seat--low"))
        return out

    def backs(self, count: int, ink: Ink) -> Text:
        """The seat's hand face down, one card per card held, fanned to fit the panel
        (where there is room for full chips: a large terminal)."""
        width = self.content_size.width
        if count == 0:
            return Text("\n" * (CHIP_HEIGHT - 1), end="")
        step = max(1, min(BACK_STEP, (width - CHIP_WIDTH) // max(1, count - 1)))
        canvas = Canvas(min(width, (count - 1) * step + CHIP_WIDTH), CHIP_HEIGHT, self.base_style)
        for index in range(count):
            draw_back(canvas, index * step, 0, ink, self.ascii)
        return canvas.text()


_LAID_OPEN_HEIGHT = Scalar.parse("auto")
_LAID_OPEN_MIN_HEIGHT = Scalar.parse("4")


def lay_open(seats: Widget, panels: Sequence[SeatPanel], laid_open: bool, grow: bool) -> None:
    """Mark the seats' row and panels laid open at the game's end (the class `-laid-open`)
    or no longer, and where they `grow`, make them as tall as the hands laid open (a
    panel four rows at least), over the stylesheet's heights; else give those back.
    Set on their own styles: a class that the stylesheet reads restyles the row and its
    panels, which took 2 to 4 ms at the game's last play."""
    for node in (seats, *panels):
        node.set_class(laid_open, "-laid-open", update=False)
        styles = node.styles
        if laid_open and grow:
            styles.height = _LAID_OPEN_HEIGHT
            if node is not seats:
                styles.min_height = _LAID_OPEN_MIN_HEIGHT
        elif styles.clear_rule("height") | styles.clear_rule("min_height"):
            node.refresh(layout=True)  # (a rule cleared asks for no layout, as one set does)


def rank_lines(cards: tuple[Card, ...], ink: Ink, ascii: bool, width: int) -> Text:
    """Cards face up as their ranks, in the card's colour, wrapped to `width`: the
    most compact way to lay a hand open (`3 3 4 10 J 2 大`)."""
    return wrapped(((rank_label(card.rank, ascii), ink_for(card, ink)) for card in cards), width)


class HouseRules(Plain):
    """The house rules in force, between the other two seats, and your own stake once
    someone doubled (hidden for the plain game, whose top bar says all)."""

    def show(self, text: str) -> None:
        self.update(text)
        self.display = bool(text)


class TopBar(Horizontal):
    """The bottom cards, the bid and multiplier, the session score."""

    def compose(self) -> ComposeResult:
        yield Plain(id="stakes")
        yield Plain(t("ui.top.bottom"), id="bottom-label")
        yield CardRow(id="bottom-cards")
        yield Plain(id="session")

    def show(self, top: Top) -> None:
        """A landlord with no bid was drawn by lot."""
        cards = self.query_one("#bottom-cards", CardRow)
        if top.bottom:
            cards.show(top.bottom)
        else:
            cards.show(BACKS, face_down=True)
        if top.bid:
            stakes = t("ui.top.bid", bid=top.bid)
        else:
            stakes = t("ui.top.no_bid") if top.multiplier is None else t("ui.top.drawn")
        if top.multiplier is not None:
            stakes += "  " + t("ui.top.multiplier", x=top.multiplier)
        self.query_one("#stakes", Plain).update(stakes if top.house is None else top.house)
        self.query_one("#session", Plain).update(top.session)


@dataclass(frozen=True)
class MyWords:
    """What the line by your hand says: your name (and role, cards left, 托管), the
    turn clock on your turn, the raised cards in words."""

    me: str = ""
    brief: str = ""  # `me` without your role: said instead when the row is too narrow
    my_turn: bool = False
    clock: str | None = None  # None: not your turn, or no timer
    clock_low: bool = False
    selection: Selection | None = None
    said: str | None = None  # a chat line of yours, shown a while after your name


_TWO_DIGITS = re.compile(r"\d+")
"""A number in your line (the cards you have left), kept room for as two digits: the
count going from 10 to 9 would lay the screen out again."""


class MyLine(KeptComponentStyles):
    """The line by your hand, drawn as one widget: three widgets of their own widths
    made the whole screen lay out again whenever one grew or shrank, as your name does
    with every first raised card.

    It takes the room the buttons leave, but never less than your name and the clock
    need while no card is raised (the room the raised cards' words then use): that
    room changes with the game, not with each key. Where the buttons leave too little
    for your role as well (80 columns, the countdown and 托管), the line goes without
    it: the buttons are never pushed off the row.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "my-line--me",
        "my-line--turn",
        "my-line--clock",
        "my-line--clock-low",
        "my-line--selection",
        "my-line--invalid",
    }
    words: reactive[MyWords] = reactive(MyWords)
    PLAIN_BOX: ClassVar[bool] = True  # (see ui/kept_lines.py)

    def watch_words(self, words: MyWords) -> None:
        if words.selection is None:
            me = _TWO_DIGITS.sub(lambda number: number[0].rjust(2, "0"), words.brief or words.me)
            room = cell_len(self._me_and_clock(words, me))
            if self.styles.min_width != Scalar.from_number(room):
                self.styles.min_width = room

    @staticmethod
    def _me_and_clock(words: MyWords, me: str) -> str:
        """Your name (`me`) and the clock as drawn, with room for the turn's mark (`▶ `)
        when it is not there: the room stays when the turn passes."""
        turn_mark = "" if words.my_turn else "  "
        return f" {me} {turn_mark}" + ("" if words.clock is None else f" {words.clock} ")

    def render_line(self, y: int) -> Strip:
        base = ancestry(self).rich_style
        if y:
            return Strip.blank(self.size.width, base)
        words = self.words

        def style(name: str) -> Style:
            return self.component_style(name, base)

        me = words.me
        if words.brief and cell_len(self._me_and_clock(words, me)) > self.size.width:
            me = words.brief
        pieces = [(f" {me} ", style("my-line--turn" if words.my_turn else "my-line--me"))]
        if words.clock is not None:
            low = "my-line--clock-low" if words.clock_low else "my-line--clock"
            pieces.append((f" {words.clock} ", style(low)))
        chosen = words.selection
        if chosen is not None:
            kind = "my-line--selection" if chosen.valid else "my-line--invalid"
            said = chosen.text
            head = sum(cell_len(text) for text, _ in pieces)
            if chosen.short is not None and head + 1 + cell_len(said) > self.size.width:
                said = chosen.short  # a play with wilds: the wilds alone where all won't fit
            pieces.append((" " + said, style(kind)))
        elif words.said is not None and self.has_room_for(words.said):  # raised cards first
            pieces.append((self._quoted(words.said), style("my-line--selection")))
        return line_strip([(text, base + look) for text, look in pieces], self.size.width, base)

    @staticmethod
    def _quoted(said: str) -> str:
        return " " + as_shown("“") + said + as_shown("”")

    def has_room_for(self, said: str) -> bool:
        """Whether a chat line of yours fits whole after your name and the clock (else
        the table says it on the message line instead)."""
        words = self.words
        width = self.size.width
        head = self._me_and_clock(words, words.me)
        if words.brief and cell_len(head) > width:
            head = self._me_and_clock(words, words.brief)
        return cell_len(head) + cell_len(self._quoted(said)) <= width


class MessageLine(Plain, KeptComponentStyles):
    """What to do now, or why the last action was refused.

    The tone is drawn from a component class, not set as a class of the widget: a
    class change restyles the widget (a millisecond), and the table's line changes
    tone at most plays."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"message--info", "message--error"}
    DEFAULT_CSS = """
    MessageLine > .message--info { color: $accent; }
    MessageLine > .message--error { color: $error; text-style: bold; }
    """

    tone = ""
    """What was said last: "" (what to do), "info" (a hint, a redeal), "error" (a refusal)."""

    def say(self, text: str, kind: str = "") -> None:
        """kind: the tone (see `tone`)."""
        if kind != self.tone:
            self.tone = kind
            self._line = None
            self.refresh()
        self.update(text)

    def line_style(self) -> Style:
        base = ancestry(self).rich_style
        return base + self.component_style(f"message--{self.tone}", base) if self.tone else base

    def render(self) -> RenderResult:
        """Words that do not fit one line, drawn as a Static draws them, in the tone."""
        content = self.content
        if self.tone and isinstance(content, str):
            toned = self.get_component_rich_style(f"message--{self.tone}", partial=True)
            return Content.styled(content, TextualStyle.from_rich_style(toned))
        return super().render()


class CardCounter(Plain):
    """记牌器: how many of each rank you have not seen (in the others' hands)."""

    def on_mount(self) -> None:
        self.border_title = t("ui.counter.title")

    def show(self, unseen: str, landlord_holds: str, ascii: bool) -> None:
        heads = Text(end="")
        counts = Text(end="")
        for rank in RANKS:
            n = unseen.count(rank)
            heads.append(f"{rank_label(rank, ascii):>3}", "bold")
            counts.append(f"{n:>3}", "dim" if n == 0 else "")
        self.update(heads + Text("\n") + counts)
        self.border_subtitle = (
            t("ui.counter.holds", cards=" ".join(rank_label(r, ascii) for r in landlord_holds))
            if landlord_holds
            else ""
        )


def show_lane(row: CardRow, lane: Lane) -> None:
    if lane.word:
        row.show(word=lane.word, passed=lane.passed, stale=lane.stale)
    else:
        row.show(lane.cards, marks=lane.marks, passed=lane.passed, stale=lane.stale)


def show_table(root: Widget, show: TableShow, seats: Sequence[SeatPanel]) -> None:
    """The layout the table screen and the replay screen share: the top bar (`#top`),
    the two `seats` (left, right) and the three lanes."""
    root.query_one("#top", TopBar).show(show.top)
    for panel, seat in zip(seats, show.seats, strict=True):
        panel.seat = seat
    for lane_id, lane in zip(("#left-play", "#right-play", "#my-play"), show.lanes, strict=True):
        show_lane(root.query_one(lane_id, CardRow), lane)
