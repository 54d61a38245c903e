"""Reading a PlayerView for display: what lies on the table in front of each seat.

Nothing here decides a rule; it only arranges what the view already says.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ddz_tui.cards import Card
from ddz_tui.engine import PlayerView, Side
from ddz_tui.engine.view import cards_for


@dataclass(frozen=True)
class Shown:
    """One seat's latest action in the current trick (or bid, while bidding)."""

    cards: tuple[Card, ...] = ()  # empty for a pass
    bid: int | None = None  # set for a bid (0 = pass)
    to_beat: bool = False  # the play the next player must beat

    @property
    def passed(self) -> bool:
        return not self.cards and self.bid in (None, 0)


def on_table(view: PlayerView) -> dict[int, Shown]:
    """Each seat's latest action in the trick being played, or the bids before the
    first play. After two passes the finished trick stays until the next lead."""
    if not view.history:
        return {seat: Shown(bid=bid) for seat, bid in view.bids}
    plays = _history_cards(view)
    shown: dict[int, Shown] = {}
    passes = 0
    for (seat, text), cards in zip(view.history, plays, strict=True):
        if passes == 2:
            shown, passes = {}, 0
        passes = passes + 1 if not text else 0
        shown[seat] = Shown(cards=cards)
    last = view.last_play
    if last is not None:
        shown[last[0]] = Shown(cards=shown[last[0]].cards, to_beat=True)
    return shown


def _history_cards(view: PlayerView) -> Sequence[tuple[Card, ...]]:
    """The cards of each play: the real ones when the view has them, else by rank."""
    if len(view.history_cards) == len(view.history):
        return view.history_cards
    return [cards_for(text) if text else () for _, text in view.history]


def won(view: PlayerView) -> bool:
    """Whether this seat's side won the game (which must be over)."""
    assert view.winner is not None and view.landlord is not None
    return (view.seat == view.landlord) == (view.winner is Side.LANDLORD)


def pick(hand: Sequence[Card], ranks: str) -> tuple[Card, ...]:
    """Cards from the hand making up `ranks`, the lowest suits of each rank first."""
    chosen: list[Card] = []
    for rank in ranks:
        card = next(c for c in hand if c.rank == rank and c not in chosen)
        chosen.append(card)
    return tuple(chosen)
