"""Test scaffolding: a PlayerView for a made-up moment of a game, via the public constructor.

`scene` fabricates a public history that puts the game exactly where a test wants
it: whose turn, how many cards each seat holds, which cards are still unseen, and
the play to beat. Every other card has been played as a single that won its trick
(the seat plays it, the other two pass). The history need not be a sensible game,
only a consistent record of one.
"""

from __future__ import annotations

from collections import Counter

from ddz_tui.cards import DECK, RANKS, parse_ranks, ranks_of
from ddz_tui.engine import PlayerView

_FULL = ranks_of(DECK)


def scene(
    hand: str,
    *,
    landlord: int,
    left: dict[int, int],
    unseen: str,
    seat: int = 0,
    last: tuple[int, str] | None = None,
    bottom: str | None = None,
) -> PlayerView:
    """The view of `seat`, holding `hand`, to act now.

    left: cards held by each of the two other seats; unseen: the ranks they hold.
    last: (seat, ranks) of the play to beat, made by another seat; None: `seat` leads
    (it must then have played a card already, or be the landlord at the start).
    bottom: the bottom cards (default: the first three cards the landlord played).
    """
    hand, unseen = parse_ranks(hand), parse_ranks(unseen)
    beat = parse_ranks(last[1]) if last else ""
    assert sorted(left) == sorted({0, 1, 2} - {seat}) and sum(left.values()) == len(unseen)
    counts = {**left, seat: len(hand)}
    played = Counter(_FULL)
    for text in (hand, unseen, beat):
        played.subtract(text)
    assert min(played.values()) >= 0, "more than four of a rank"
    pool = [rank for rank in RANKS for _ in range(played[rank])]
    history: list[tuple[int, str]] = []
    for s in sorted(range(3), key=lambda s: s == seat):  # our own plays last: we lead
        gone = (20 if s == landlord else 17) - counts[s]
        if last is not None and last[0] == s:
            gone -= len(beat)
        for _ in range(gone):
            history += [(s, pool.pop()), ((s + 1) % 3, ""), ((s + 2) % 3, "")]
    assert not pool, "the counts do not add up"
    if bottom is None:
        bottom = "".join(text for s, text in history if s == landlord and text)[:3]
    if last is not None:
        history.append(last)
        if last[0] == (seat + 1) % 3:  # the seat after us played; the one before passed
            history.append(((seat + 2) % 3, ""))
    view = PlayerView(seat, hand, landlord, bottom, history)
    assert view.my_turn and view.cards_left[seat] == len(hand)
    assert all(view.cards_left[s] == n for s, n in left.items())
    return view
