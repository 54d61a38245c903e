"""How the cards are dealt: shuffled, or under 不洗牌 (no shuffle) from the order the
last game left them in, cut once and dealt in packets.

A shuffled deal is a random permutation split 17/17/17 with the last 3 the bottom
(as it always was: old records replay from their seeds). A no-shuffle deal takes the
cards as they lie after the game before (`Game.played_order`: every card in the order
it was played, then the hands left), cuts them once at a point drawn from the game's
seed, and deals them round the seats `PACKET` at a time, seat 0 first: five rounds of
3 each, then 2 each, 17 to a seat, the last 3 the bottom. Cards played together stay
together, so bombs and long chains come round again.
"""

from __future__ import annotations

from collections.abc import Sequence

from ddz_tui.cards import DECK

SEATS = (0, 1, 2)
HAND_SIZE = 17
BOTTOM_SIZE = 3
PACKET = 3
"""Cards each seat is dealt at a time in a no-shuffle deal (the last round: 2)."""


def check_order(order: object) -> tuple[int, ...]:
    """`order` as a tuple of card ids if it is the 54 cards, each exactly once (a deck
    given to a game, or read from a record or a peer); ValueError otherwise."""
    if not isinstance(order, (tuple, list)) or not all(type(i) is int for i in order):
        raise ValueError("'deck' must be a list of card ids")
    if sorted(order) != list(range(len(DECK))):
        raise ValueError(f"'deck' must hold each of the {len(DECK)} cards exactly once")
    return tuple(order)


def cut(order: Sequence[int], at: int) -> list[int]:
    """The cards cut at `at`: the `at` cards from the top go to the bottom."""
    if not 0 < at < len(order):
        raise ValueError("a cut leaves cards on both sides")
    return [*order[at:], *order[:at]]


def split(order: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """A shuffled order dealt as it always was: 17 cards to each seat in turn (seat 0
    first), the last 3 to the bottom."""
    hands = [list(order[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in SEATS]
    return hands, list(order[-BOTTOM_SIZE:])


def in_packets(order: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """An order dealt round the seats, seat 0 first, `PACKET` cards at a time until
    each has 17 (the last round is of what each still needs), the last 3 the bottom."""
    hands: list[list[int]] = [[], [], []]
    top = 0
    while top < len(SEATS) * HAND_SIZE:
        for hand in hands:
            take = min(PACKET, HAND_SIZE - len(hand))
            hand += order[top : top + take]
            top += take
    return hands, list(order[top:])
