"""Judging a play one turn further: by what the seat will have seen at its next turn.

A playout judges a play as if the normal policy made every later choice, the seat's own
included. But the seat's next choice will be searched too, from what it knows then: its
hand and the plays the others made in between. So a play is also worth what the best
next play makes of it, chosen once for every guessed deal that shows the seat the same
plays in between (it cannot tell those deals apart, so it cannot play differently in
them). Choosing the next play per guessed deal instead would credit the seat with
knowing the hidden hands.

`outcome` plays one guessed deal on to the seat's next turn and tries a few next plays
there; a `Tally` adds a candidate's outcomes up, group by group. In each group the next
play is chosen on one half of its deals and counted on the other (both ways round), so
a next play that happens to win on few deals by luck does not flatter the candidate.
"""

from __future__ import annotations

from collections.abc import Callable

from ddz_tui.bots import policy
from ddz_tui.bots.deal import Deal, playout, situation_of
from ddz_tui.bots.packed import going_out, plays_of, size
from ddz_tui.bots.situation import Situation
from ddz_tui.rules import Combo

GROUP_MIN = 4
"""Deals a group needs for its next play to be chosen (two to choose, two to count);
in smaller groups the normal policy's next play counts."""

Seen = tuple[str | None, ...]
"""The plays (their cards; None for a pass) made between a play and the seat's next
turn: what tells guessed deals apart for it."""
Outcome = bool | tuple[Seen, tuple[bool, ...]]
"""Did the seat's side win: at once (the game ended before its next turn, or it goes out
then), or per next play tried, with what it saw."""
NextPlays = Callable[[Situation, list[Combo]], list[Combo | None]]
"""The next plays worth trying, the normal policy's first, from the seat's situation and
its legal plays."""


def outcome(
    deal: Deal, seat: int, next_plays: NextPlays, stop: Callable[[], bool] | None = None
) -> Outcome:
    """Play `deal` (`seat` has just played) with the normal policy on to `seat`'s next
    turn, then each of its next plays to the end. OutOfTime if `stop` says so first."""
    ours = seat == deal.landlord
    seen: list[str | None] = []
    while deal.turn != seat:
        mover = deal.turn
        play = policy.choose(_situation(deal))
        seen.append(None if play is None else play.cards)
        deal = deal.after(play)
        if play is not None and not size(deal.hands[mover]):
            return (mover == deal.landlord) == ours
    hand = deal.hands[seat]
    plays = list(plays_of(hand, deal.to_beat))
    if going_out(hand, plays) is not None:
        return True
    tried = next_plays(_situation(deal), plays) if plays else [None]
    won = tuple(playout(deal.after(p), stop) == ours for p in tried)
    return tuple(seen), won


def _situation(deal: Deal) -> Situation:
    """What the seat to move knows of `deal`."""
    sizes = [size(h) for h in deal.hands]
    return situation_of(deal.hands, sizes, deal.landlord, deal.turn, deal.to_beat, deal.last)


class Tally:
    """One candidate's outcomes over guessed deals, kept by what the seat saw."""

    def __init__(self) -> None:
        self.settled = 0  # deals won before (or at) the next turn
        self.groups: dict[Seen, list[tuple[bool, ...]]] = {}

    def add(self, result: Outcome) -> None:
        if isinstance(result, bool):
            self.settled += result
        else:
            seen, won = result
            self.groups.setdefault(seen, []).append(won)

    def wins(self) -> int:
        """Deals won, each group's next play chosen from the group's own deals."""
        return self.settled + sum(_group_wins(rows) for rows in self.groups.values())


def _group_wins(rows: list[tuple[bool, ...]]) -> int:
    """Wins over one group's deals, the next play chosen on each half and counted on the
    other; the normal policy's next play (the first) in a group too small to halve."""
    if len(rows) < GROUP_MIN:
        return sum(row[0] for row in rows)
    first, second = rows[0::2], rows[1::2]
    return _count(second, _pick(first)) + _count(first, _pick(second))


def _pick(rows: list[tuple[bool, ...]]) -> int:
    """The next play that won most often on `rows` (ties: the earlier)."""
    tried = len(rows[0])
    return max(range(tried), key=lambda j: (_count(rows, j), -j))


def _count(rows: list[tuple[bool, ...]], j: int) -> int:
    return sum(row[j] for row in rows)
