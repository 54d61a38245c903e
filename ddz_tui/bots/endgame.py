"""Exact play when few cards remain: can a side win a deal with every hand known?

The side searched for (`us`: the landlord, or the two peasants as one team) may make any
play. With at most `PERFECT_DEFENCE_CARDS` in all hands, each opponent may make any play
too, so a win found is a win against any defence. With more, each opponent makes the
one play the normal policy makes from what it knows (its hand and the cards it has not
seen): the search is then a best reply to the normal player, as the hard bot's playouts
are (they play all seats as the normal bot), but with our side's every line tried. Since
the opponents do not branch there, a search costs about what a full one does with two
cards fewer (timings: docs/bots.md).

Positions are remembered (the same position is reached by many orders of play), and a
move that empties the hand ends the search at once. The caller's `stop` is asked every
few hundred positions so that a search never runs past the bot's time budget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ddz_tui.bots.deal import Deal, OutOfTime, policy_play
from ddz_tui.bots.packed import KEY_OF, plays_of, size
from ddz_tui.engine.trick import ends_trick
from ddz_tui.rules import Combo

ENDGAME_CARDS = 20
"""With this many cards or fewer in all hands together, the bots solve deals exactly."""
ENDGAME_SAMPLES = 24
"""Guessed deals for an exact endgame (one when the hidden hands are known)."""
CHECK_EVERY = 256
"""Positions searched between two looks at the clock."""
PERFECT_DEFENCE_CARDS = 15
"""With this many cards or fewer in all hands, the opponents' every play is searched."""


def side_of(seat: int, landlord: int) -> frozenset[int]:
    """The seats that win or lose together with `seat`."""
    if seat == landlord:
        return frozenset((seat,))
    return frozenset(s for s in range(3) if s != landlord)


class Solver:
    """Solves deals of one game for the side `us`; keeps what it learns for the next deal
    it is asked."""

    def __init__(
        self,
        us: frozenset[int],
        stop: Callable[[], bool] | None = None,
        perfect_defence: int = PERFECT_DEFENCE_CARDS,
    ) -> None:
        self.us = us
        self.stop = stop
        self.perfect_defence = perfect_defence
        self.memo: dict[tuple, bool] = {}
        self.positions = 0

    def landlord_wins(self, deal: Deal) -> bool:
        """Does the landlord win this deal, `us` playing their best (see the module's
        docstring for the opponents)? OutOfTime if `stop` says so first."""
        hands = deal.hands
        sizes = (size(hands[0]), size(hands[1]), size(hands[2]))
        ours = self._solve(hands, sizes, deal.landlord, deal.turn, deal.to_beat, deal.last)
        return ours == (deal.landlord in self.us)

    def _solve(
        self,
        hands: tuple[int, int, int],
        sizes: tuple[int, int, int],
        landlord: int,
        turn: int,
        to_beat: Combo | None,
        last: int,
    ) -> bool:
        """Does our side win from here?"""
        key = (hands, turn, to_beat.cards if to_beat else "", last if to_beat else -1)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.positions += 1
        if self.stop is not None and not self.positions % CHECK_EVERY and self.stop():
            raise OutOfTime
        if turn in self.us:
            won = any(self._after_each(hands, sizes, landlord, turn, to_beat, last))
        elif sum(sizes) <= self.perfect_defence:
            won = all(self._after_each(hands, sizes, landlord, turn, to_beat, last))
        else:
            reply = policy_play(hands, sizes, landlord, turn, to_beat, last)
            if reply is None:
                won = self._after_pass(hands, sizes, landlord, turn, to_beat, last)
            else:
                won = self._after(hands, sizes, landlord, turn, reply)
        self.memo[key] = won
        return won

    def _after_each(
        self,
        hands: tuple[int, int, int],
        sizes: tuple[int, int, int],
        landlord: int,
        turn: int,
        to_beat: Combo | None,
        last: int,
    ) -> Iterator[bool]:
        """Does our side win after each move `turn` may make: every play (in `_ordered`
        order), then the pass where there is a play to beat? Lazy, so that `any` and
        `all` stop at the first answer that settles them."""
        for play in _ordered(plays_of(hands[turn], to_beat)):
            yield self._after(hands, sizes, landlord, turn, play)
        if to_beat is not None:
            yield self._after_pass(hands, sizes, landlord, turn, to_beat, last)

    def _after(
        self,
        hands: tuple[int, int, int],
        sizes: tuple[int, int, int],
        landlord: int,
        turn: int,
        play: Combo,
    ) -> bool:
        """Does our side win once `turn` has made `play`?"""
        if play.size == sizes[turn]:  # the hand is empty: its side has won
            return turn in self.us
        new, left = list(hands), list(sizes)
        new[turn] -= KEY_OF[play.cards]
        left[turn] -= play.size
        return self._solve(
            (new[0], new[1], new[2]),
            (left[0], left[1], left[2]),
            landlord,
            (turn + 1) % 3,
            play,
            turn,
        )

    def _after_pass(
        self,
        hands: tuple[int, int, int],
        sizes: tuple[int, int, int],
        landlord: int,
        turn: int,
        to_beat: Combo | None,
        last: int,
    ) -> bool:
        """Does our side win once `turn` has passed? After two passes the last player
        leads again."""
        after = None if ends_trick(turn, last) else to_beat
        return self._solve(hands, sizes, landlord, (turn + 1) % 3, after, last)


def _ordered(plays: tuple[Combo, ...]) -> list[Combo]:
    """Try the plays that empty the hand first, then those that shed the most cards and of
    those the strongest: they end games soonest, so the search finds a win early and
    stops there."""
    return sorted(plays, key=lambda p: (-p.size, -p.level))
