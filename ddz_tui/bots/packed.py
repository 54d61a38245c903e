"""Hands as packed ints, the bots' working representation.

A multiset of ranks is one int, four bits per rank (as in `moves`): subtracting a
play is one subtraction, and a hand is its own dictionary key for the caches the
planner and the searches keep. Rank strings are made only when the move generator
or a Combo needs them.
"""

from __future__ import annotations

from functools import lru_cache

from ddz_tui.cards import RANK_INDEX, RANKS
from ddz_tui.moves import BY_KEY, plays_of_key
from ddz_tui.rules import Combo

N_RANKS = len(RANKS)
TWO, SMALL_JOKER, BIG_JOKER, ACE = (RANK_INDEX[rank] for rank in "2BRA")  # rank indexes
_SHIFTS = tuple(4 * r for r in range(N_RANKS))

KEY_OF: dict[str, int] = {combo.cards: key for key, combo in BY_KEY.items()}
"""The packed multiset of every play, by its canonical rank string."""


def counts(key: int) -> list[int]:
    """Cards per rank, indexed like RANKS."""
    return [(key >> s) & 15 for s in _SHIFTS]


def lowest(key: int) -> int:
    """The index of the lowest rank held (the hand must not be empty)."""
    return ((key & -key).bit_length() - 1) // 4


def size(key: int) -> int:
    """How many cards."""
    total = 0
    while key:
        total += key & 15
        key >>= 4
    return total


_TEXT = tuple(tuple(rank * n for n in range(5)) for rank in RANKS)


def ranks(key: int) -> str:
    """The canonical rank string."""
    out = []
    for text in _TEXT:
        if not key:
            break
        out.append(text[key & 15])
        key >>= 4
    return "".join(out)


@lru_cache(maxsize=1 << 13)
def plays_of(key: int, to_beat: Combo | None) -> tuple[Combo, ...]:
    """`legal_plays` for a packed hand, cached: searches ask the same hands again. (Kept
    small: every entry is work for the garbage collector's full passes.)"""
    return tuple(plays_of_key(key, to_beat))


def whole_hand_play(key: int) -> Combo | None:
    """The single play that empties the hand, if the whole hand is one."""
    return BY_KEY.get(key)


def going_out(key: int, plays: tuple[Combo, ...] | list[Combo]) -> Combo | None:
    """The play among `plays` that empties the hand, if there is one (a hand of cards
    is at most one play, so this is `whole_hand_play` when it is allowed now)."""
    whole = BY_KEY.get(key)
    return whole if whole is not None and whole in plays else None
