"""Exact play when few cards remain: who wins a deal with every hand known.

A plain win/lose search: the seat to act wins for its side if one of its moves
leads to a position its side wins, the peasants acting as one team. Positions are
remembered (the same position is reached by many orders of play), and a move that
empties the hand ends the search at once. The caller's `stop` is asked every few
hundred positions so that a search never runs past the bot's time budget.
"""

from __future__ import annotations

from collections.abc import Callable

from ddz_tui.bots.deal import Deal, OutOfTime
from ddz_tui.bots.packed import KEY_OF, going_out, plays_of
from ddz_tui.rules import Combo

CHECK_EVERY = 256
"""Positions searched between two looks at the clock."""


class Solver:
    """Solves deals of one game; keeps what it learns for the next deal it is asked."""

    def __init__(self, stop: Callable[[], bool] | None = None) -> None:
        self.stop = stop
        self.memo: dict[tuple, bool] = {}
        self.positions = 0

    def landlord_wins(self, deal: Deal) -> bool:
        """Does the landlord win this deal if both sides play perfectly? OutOfTime if
        `stop` says so first."""
        return self._solve(deal.hands, deal.landlord, deal.turn, deal.to_beat, deal.last)

    def _solve(
        self,
        hands: tuple[int, int, int],
        landlord: int,
        turn: int,
        to_beat: Combo | None,
        last: int,
    ) -> bool:
        key = (hands, turn, to_beat.cards if to_beat else "", last if to_beat else -1)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.positions += 1
        if self.stop is not None and not self.positions % CHECK_EVERY and self.stop():
            raise OutOfTime
        hand = hands[turn]
        mine = turn == landlord  # True: the landlord acts; a win for "mine" is a landlord win
        plays = plays_of(hand, to_beat)
        if going_out(hand, plays) is not None:
            self.memo[key] = mine
            return mine
        nxt = (turn + 1) % 3
        for play in _ordered(plays):
            new = list(hands)
            new[turn] = hand - KEY_OF[play.cards]
            if self._solve((new[0], new[1], new[2]), landlord, nxt, play, turn) == mine:
                self.memo[key] = mine
                return mine
        if to_beat is not None:  # pass; after two passes the last player leads again
            if last == nxt:
                result = self._solve(hands, landlord, nxt, None, 0)
            else:
                result = self._solve(hands, landlord, nxt, to_beat, last)
            if result == mine:
                self.memo[key] = mine
                return mine
        self.memo[key] = not mine
        return not mine


def _ordered(plays: tuple[Combo, ...]) -> list[Combo]:
    """Try the plays that shed the most cards first, and of those the strongest: they end
    games soonest, so the search finds a win early and stops there."""
    return sorted(plays, key=lambda p: (-p.size, -p.level))
