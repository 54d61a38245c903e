"""A game in progress with every hand known: what the hard bot searches on.

A `Deal` is a guessed (or known) position: three packed hands, the landlord, whose
turn it is and the play to beat. It is a plain value, so searches copy it freely;
`playout` plays it to the end with the normal policy for every seat, each seat
deciding only from what it would know (its hand and the cards it has not seen).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ddz_tui.bots import policy
from ddz_tui.bots.packed import KEY_OF, size
from ddz_tui.bots.situation import Situation
from ddz_tui.engine.trick import ends_trick
from ddz_tui.rules import Combo


class OutOfTime(Exception):
    """A search was told to stop before it finished."""


@dataclass(frozen=True)
class Deal:
    """hands: packed, by seat. to_beat: the play to beat (None: `turn` leads), made by
    `last`."""

    hands: tuple[int, int, int]
    landlord: int
    turn: int
    to_beat: Combo | None = None
    last: int = 0

    def after(self, play: Combo | None) -> Deal:
        """The deal once the seat to act has played (or passed, with None)."""
        seat = self.turn
        nxt = (seat + 1) % 3
        if play is None:
            if ends_trick(seat, self.last):  # the last player leads again
                return replace(self, turn=nxt, to_beat=None)
            return replace(self, turn=nxt)
        hands = list(self.hands)
        hands[seat] -= KEY_OF[play.cards]
        return Deal((hands[0], hands[1], hands[2]), self.landlord, nxt, play, seat)


def playout(deal: Deal, stop: Callable[[], bool] | None = None) -> bool:
    """Play the deal to its end with the normal policy; does the landlord win?
    OutOfTime if `stop` says so first (it is asked before every move)."""
    hands = list(deal.hands)
    sizes = [size(h) for h in hands]
    landlord = deal.landlord
    seat, to_beat, last = deal.turn, deal.to_beat, deal.last
    while True:
        if stop is not None and stop():
            raise OutOfTime
        nxt = (seat + 1) % 3
        play = policy_play(hands, sizes, landlord, seat, to_beat, last)
        if play is None:
            if ends_trick(seat, last):
                to_beat = None
        else:
            hands[seat] -= KEY_OF[play.cards]
            sizes[seat] -= play.size
            if not sizes[seat]:
                return seat == landlord
            to_beat, last = play, seat
        seat = nxt


def policy_play(
    hands: Sequence[int],
    sizes: Sequence[int],
    landlord: int,
    seat: int,
    to_beat: Combo | None,
    last: int,
) -> Combo | None:
    """What the normal policy plays for `seat` (None: a pass)."""
    return policy.choose(situation_of(hands, sizes, landlord, seat, to_beat, last))


def situation_of(
    hands: Sequence[int],
    sizes: Sequence[int],
    landlord: int,
    seat: int,
    to_beat: Combo | None,
    last: int,
) -> Situation:
    """What `seat` knows of the deal: its hand, and the other two hands only as the
    cards it has not seen."""
    nxt, prv = (seat + 1) % 3, (seat + 2) % 3
    return Situation(
        hands[seat],
        hands[nxt] + hands[prv],
        to_beat,
        (last - seat) % 3,
        (landlord - seat) % 3,
        (sizes[seat], sizes[nxt], sizes[prv]),
    )
