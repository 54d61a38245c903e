"""The trick: after a run of plays and passes, what is to beat and who leads.

The one statement of the rule "two passes end the trick": a play is the one to beat
until someone beats it; once the two seats after its player have passed, the trick is
over and that player leads the next one, anything goes. `Game` moves its trick on by
`Trick.after`; views, the table's display, the coach and the bots read a history
through `trick_of` and `tricks`; the bots' searches, where seats always take turns and
every step counts, ask `ends_trick` (the same rule by seats, without an object a step).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ddz_tui.rules import BY_CARDS, Combo

if TYPE_CHECKING:
    from ddz_tui.wild import Reading

PASSES_TO_END = 2
"""Passes in a row after a play that end its trick (every other seat has passed)."""


@dataclass(frozen=True)
class Trick:
    """Where the trick stands after some actions.

    to_beat: the play the next seat must beat; None when the next seat leads.
    by: the seat that made `to_beat`; once a trick has ended, the seat that won it
    (and leads the next); None before any play.
    passes: passes since `to_beat` was played (0 or 1 while the trick is open).
    ended: the last action (a second pass) ended the trick: `by` leads.
    reading: under 癞子, `to_beat` as it was read (what its wilds stood for, its bomb
    class): the plays that follow are compared with it (`ddz_tui.wild.beats`), and
    `to_beat` is the play it reads as. None in the classic game.
    """

    to_beat: Combo | None = None
    by: int | None = None
    passes: int = 0
    ended: bool = False
    reading: Reading | None = None

    @property
    def last_play(self) -> tuple[int, Combo] | None:
        """The play to beat and the seat that made it; None when the next seat leads."""
        if self.to_beat is None or self.by is None:
            return None
        return (self.by, self.to_beat)

    @property
    def leader(self) -> int | None:
        """The seat that leads next because it won the trick just ended; else None (no
        trick has ended since the last play, or none was played: the deal says who
        leads the first trick)."""
        return self.by if self.ended else None

    def after(self, seat: int, play: Combo | None, reading: Reading | None = None) -> Trick:
        """The trick once `seat` has made `play` (under 癞子, as `reading`), or passed
        (None). A play, legal or not, becomes the one to beat; the second pass in a row
        ends the trick. (A pass with nothing to beat is refused by the game; here it
        only counts.)"""
        if play is not None:
            return _made(play, seat, 0, reading)
        passes = self.passes + 1
        if passes == PASSES_TO_END:
            return _ENDED.get(self.by) or Trick(None, self.by, 0, True)  # (a seat out of range)
        return _made(self.to_beat, self.by, passes, self.reading)

    def after_reading(self, seat: int, reading: Reading | None) -> Trick:
        """`after`, under 癞子: `seat` played cards as `reading`, or passed (None)."""
        return self.after(seat, None if reading is None else reading.combo, reading)

    def after_ranks(self, seat: int, ranks: str) -> Trick:
        """`after`, for an entry of a history: `seat` played `ranks`, "" for a pass."""
        return self.after(seat, BY_CARDS[ranks] if ranks else None)


LEAD = Trick()
"""Before the first play: nothing to beat."""

_ENDED: dict[int | None, Trick] = {seat: Trick(None, seat, 0, True) for seat in (None, 0, 1, 2)}
_new = object.__new__


def _made(
    to_beat: Combo | None, by: int | None, passes: int, reading: Reading | None = None
) -> Trick:
    """`Trick(to_beat, by, passes)`, its fields filled in directly (`ended` is the
    class's default): a third of what the dataclass's frozen `__init__` costs, and every
    action of every game makes one."""
    trick = _new(Trick)
    fields = trick.__dict__
    fields["to_beat"] = to_beat
    fields["by"] = by
    if passes:
        fields["passes"] = passes
    if reading is not None:
        fields["reading"] = reading
    return trick


def ends_trick(seat: int, by: int) -> bool:
    """Does a pass by `seat` end the trick whose play to beat `by` made? The same rule as
    `Trick.after`, for searches where the three seats always take turns: the pass of
    the seat just before `by` is the second pass since `by` played."""
    return (seat + 1) % 3 == by


def tricks(history: Iterable[tuple[int, str]]) -> Iterator[Trick]:
    """The trick after each entry of a history of (seat, ranks), "" for a pass."""
    trick = LEAD
    for seat, text in history:
        trick = trick.after_ranks(seat, text)
        yield trick


def tricks_of_readings(history: Iterable[tuple[int, Reading | None]]) -> Iterator[Trick]:
    """The trick after each entry of a history of (seat, reading) under 癞子, None for a
    pass: a play holding wilds may be no play of the classic game (`tricks` would not
    know it), and it is compared as it was read."""
    trick = LEAD
    for seat, reading in history:
        trick = trick.after_reading(seat, reading)
        yield trick


def trick_of_readings(history: Iterable[tuple[int, Reading | None]]) -> Trick:
    """The trick after a whole history of (seat, reading) under 癞子, None for a pass."""
    trick = LEAD
    for seat, reading in history:
        trick = trick.after_reading(seat, reading)
    return trick


def trick_of(history: Iterable[tuple[int, str]]) -> Trick:
    """The trick after a whole history of (seat, ranks), "" for a pass."""
    trick = LEAD
    for seat, text in history:
        trick = trick.after_ranks(seat, text)
    return trick
