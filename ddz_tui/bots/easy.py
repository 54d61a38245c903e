"""The easy bot: plays like a beginner.

It goes out whenever one play empties its hand; else it follows with the smallest
play that beats (never over its partner), leads its lowest single or pair, keeps its
bombs for when an opponent is nearly out, and bids, calls, grabs and doubles only with
an obviously strong hand (it never shows it). No plan, no counting.
"""

from __future__ import annotations

from ddz_tui.bots.laizi import lowest_wild
from ddz_tui.bots.packed import (
    BIG_JOKER,
    SMALL_JOKER,
    TWO,
    counts,
    going_out,
    lowest,
    whole_hand_play,
)
from ddz_tui.bots.situation import Situation
from ddz_tui.engine import YES_OR_NO, Decision, PlayerView
from ddz_tui.moves import BY_KEY, UNIT, pack
from ddz_tui.rules import Combo
from ddz_tui.wild import Reading

BOMB_WHEN_LEFT = 3
"""An opponent with this many cards or fewer gets bombed, if nothing else beats it."""


class EasyBot:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the easy bot has no chance in it; the seed is accepted for the API

    def choose(self, view: PlayerView) -> Combo | None:
        s = Situation.of(view)
        if s.to_beat is None:
            return whole_hand_play(s.hand) or _lowest_lead(s.hand)
        if (out := going_out(s.hand, view.legal_plays)) is not None:
            return out  # even over its partner, even with a bomb: the game is won
        if s.by_partner:
            return None
        plays = view.legal_plays
        ordinary = [p for p in plays if not p.is_bomb]
        if ordinary:
            return ordinary[0]
        if plays and s.left[s.by] <= BOMB_WHEN_LEFT:
            return plays[0]
        return None

    def choose_wild(self, view: PlayerView) -> Reading | None:
        """Under 癞子: as it plays without wilds (`bots.laizi.lowest_wild`)."""
        return lowest_wild(view)

    def bid(self, view: PlayerView) -> int:
        if not _obviously_strong(pack(view.hand_ranks)):
            return 0
        return min((b for b in view.legal_bids if b), default=0)

    def answer(self, view: PlayerView) -> bool:
        """Calls, grabs and doubles with an obviously strong hand; never shows it."""
        if view.decision not in YES_OR_NO:
            raise ValueError(f"not a yes-or-no decision: {view.decision}")
        if view.decision in (Decision.SHOW, Decision.SHOW_START):
            return False
        return _obviously_strong(pack(view.hand_ranks))

    def super_double(self, view: PlayerView) -> bool:
        """Never: a plain double is all the risk it takes (超级加倍 is for the levels
        that weigh the hand)."""
        return False


def _lowest_lead(hand: int) -> Combo:
    """The lowest rank held: as a pair if there are two or more of it, else a single."""
    low = lowest(hand)
    if (hand >> (4 * low)) & 15 >= 2:
        return BY_KEY[2 * UNIT[low]]
    return BY_KEY[UNIT[low]]


def _obviously_strong(hand: int) -> bool:
    """The rocket, a bomb with a 2, or three 2s with a joker."""
    held = counts(hand)
    jokers = held[SMALL_JOKER] + held[BIG_JOKER]
    bombs = sum(1 for r in range(TWO + 1) if held[r] == 4)
    return jokers == 2 or (bombs and held[TWO] >= 1) or (held[TWO] >= 3 and jokers >= 1)
