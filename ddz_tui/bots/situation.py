"""The compact state a policy decides from: what one seat knows, seats made relative.

The normal bot builds one from its `PlayerView`; the hard bot's playouts build one
per decision from a simulated deal, which is why policies read this and not the view
(a view is made for people and the record, a Situation for speed). Everything in it
is what the seat may know: its hand, the cards it has not seen, the counts, the play
to beat and who made it.
"""

from __future__ import annotations

from ddz_tui.engine import PlayerView
from ddz_tui.moves import pack
from ddz_tui.rules import Combo

NEXT, PREV = 1, 2
"""Seats relative to the deciding seat: the one after it and the one before it."""


class Situation:
    """hand, unseen: packed ranks. to_beat: the play to beat, None when leading.
    by: who made it (NEXT or PREV). landlord: 0 for this seat, else NEXT or PREV.
    left: cards left, indexed by relative seat (0 this seat, NEXT, PREV)."""

    __slots__ = ("by", "hand", "landlord", "left", "to_beat", "unseen")

    def __init__(
        self,
        hand: int,
        unseen: int,
        to_beat: Combo | None,
        by: int,
        landlord: int,
        left: tuple[int, int, int],
    ) -> None:
        self.hand = hand
        self.unseen = unseen
        self.to_beat = to_beat
        self.by = by
        self.landlord = landlord
        self.left = left

    @property
    def partner(self) -> int | None:
        """The partner's relative seat, for a peasant."""
        return None if self.landlord == 0 else 3 - self.landlord

    @property
    def opponents(self) -> tuple[int, ...]:
        return (NEXT, PREV) if self.landlord == 0 else (self.landlord,)

    @property
    def by_partner(self) -> bool:
        return self.to_beat is not None and self.by == self.partner

    @classmethod
    def of(cls, view: PlayerView) -> Situation:
        """The situation of the seat whose view it is (the view must be in play)."""
        assert view.landlord is not None
        seat = view.seat
        last = view.last_play
        left = view.cards_left
        return cls(
            hand=pack(view.hand_ranks),
            unseen=pack(view.unseen),
            to_beat=None if last is None else last[1],
            by=0 if last is None else (last[0] - seat) % 3,
            landlord=(view.landlord - seat) % 3,
            left=(left[seat], left[(seat + 1) % 3], left[(seat + 2) % 3]),
        )
