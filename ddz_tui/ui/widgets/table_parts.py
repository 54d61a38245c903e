"""The parts of the table around the hand: seats, the top bar, the message line,
the card counter. Each is told what to show by the table screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive

from ddz_tui.cards import DECK, RANKS, Card
from ddz_tui.engine import Role
from ddz_tui.i18n import t
from ddz_tui.ui.names import bid_word, rank_label, role_name
from ddz_tui.ui.reading import Shown
from ddz_tui.ui.widgets.cards import CardRow, CardWidget
from ddz_tui.ui.widgets.plain import Plain, literal

BACKS = DECK[:3]
"""Three cards to draw face down where the bottom cards are still hidden."""
LOW_CARDS = 2
"""A seat this close to going out is shown in warning colours (报单 / 报双)."""


@dataclass(frozen=True)
class SeatShow:
    """Everything a seat panel shows."""

    title: str
    role: Role | None = None
    cards_left: int | None = None
    turn: bool = False
    thinking: bool = False
    mark: str | None = None  # 托管, away
    clock: int | None = None  # seconds left on the turn timer


class SeatPanel(CardWidget):
    """Another player: name, role, cards left (face down), whose turn it is."""

    COMPONENT_CLASSES: ClassVar[set[str]] = CardWidget.COMPONENT_CLASSES | {"seat--low"}
    seat: reactive[SeatShow | None] = reactive(None)

    def watch_seat(self, seat: SeatShow | None) -> None:
        if seat is None:
            return
        title = ("▶ " if seat.turn else "") + seat.title + (f" · {seat.mark}" if seat.mark else "")
        self.border_title = literal(title)
        if seat.thinking:
            self.border_subtitle = t("ui.seat.thinking")
        elif seat.clock is not None:
            self.border_subtitle = " " + t("ui.clock", s=seat.clock) + " "
        else:
            self.border_subtitle = ""
        self.set_class(seat.turn, "-turn")
        self.set_class(seat.mark is not None, "-away")

    @staticmethod
    def role_line(seat: SeatShow) -> Text:
        """The seat's role in bold, or that the bidding decides it."""
        out = Text(end="")
        out.append(role_name(seat.role) if seat.role else t("ui.seat.no_role"), "bold")
        return out

    def render(self) -> Text:
        seat = self.seat
        if seat is None:
            return Text(end="")
        out = self.role_line(seat)
        out.append("\n")
        if seat.cards_left is not None:
            ink = self.ink()
            out.append(" ## " if self.ascii else " ▒▒ ", ink.back)
            low = seat.cards_left <= LOW_CARDS
            out.append("  " + t("ui.seat.cards", n=seat.cards_left), "bold" if low else "")
            if low:
                out.append(" " + t("ui.seat.low"), self.get_component_rich_style("seat--low"))
        return out


class TopBar(Horizontal):
    """The bottom cards, the bid and multiplier, the session score."""

    def compose(self) -> ComposeResult:
        yield Plain(id="stakes")
        yield Plain(t("ui.top.bottom"), id="bottom-label")
        yield CardRow(id="bottom-cards")
        yield Plain(id="session")

    def show(
        self,
        bottom: tuple[Card, ...],
        bid: int,
        multiplier: int | None,
        session: str,
    ) -> None:
        """multiplier: None while bidding; a landlord with no bid was drawn by lot.
        session: the right-hand corner (the score at a table, the step in a replay)."""
        cards = self.query_one("#bottom-cards", CardRow)
        if bottom:
            cards.show(bottom)
        else:
            cards.show(BACKS, face_down=True)
        if bid:
            stakes = t("ui.top.bid", bid=bid)
        else:
            stakes = t("ui.top.no_bid") if multiplier is None else t("ui.top.drawn")
        if multiplier is not None:
            stakes += "  " + t("ui.top.multiplier", x=multiplier)
        self.query_one("#stakes", Plain).update(stakes)
        self.query_one("#session", Plain).update(session)


class MessageLine(Plain):
    """What to do now, or why the last action was refused."""

    def say(self, text: str, kind: str = "") -> None:
        """kind: "" (what to do), "info" (a hint, a redeal), "error" (a refusal)."""
        self.set_classes(f"-{kind}" if kind else "")
        self.update(text)


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


def show_lane(lane: CardRow, shown: Shown | None, trick_open: bool) -> None:
    """trick_open: there is a play to beat, so other plays in the trick are history."""
    if shown is None:
        lane.show()
    elif shown.bid is not None:
        lane.show(word=bid_word(shown.bid))
    elif shown.passed:
        lane.show(word=t("ui.play.pass"))
    else:
        lane.show(shown.cards)
    lane.set_class(shown is not None and shown.passed, "-pass")
    lane.set_class(
        trick_open and shown is not None and bool(shown.cards) and not shown.to_beat, "-stale"
    )
