"""叫地主 / 抢地主: who answers next, and who is landlord once everyone has.

The order, as Tencent's 欢乐斗地主 and JJ斗地主 play it:

1. From a random first seat, each seat in turn calls the landlord (叫地主) or not.
   If nobody calls, the cards are dealt again.
2. Once a seat calls, each seat after it that has not been asked yet may grab
   (抢地主) once, in turn. Seats that declined to call cannot grab.
3. If anyone grabbed, the caller may grab back, once, last.
4. The last seat to call or grab is the landlord. The call sets the stake at 1;
   every grab (grabbing back included) doubles it.

One pure function over the answers so far serves the game and every view, so the
two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ddz_tui.engine.house import Decision


@dataclass(frozen=True)
class Calling:
    """Where calling and grabbing stand.

    turn, decision: who answers next and whether it is a call or a grab (None once
    settled, or once all three declined to call: then the cards are dealt again).
    caller: the seat that called first; landlord: the last to call or grab, once
    everyone has answered; grabs: how many grabs so far, grabbing back included.
    """

    turn: int | None
    decision: Decision | None
    caller: int | None
    landlord: int | None
    grabs: int

    @property
    def redeal(self) -> bool:
        return self.turn is None and self.landlord is None


_Answers = Iterator[tuple[int, tuple[int, bool]]]


def calling(first: int, calls: Sequence[tuple[int, bool]]) -> Calling:
    """The state after `calls` ((seat, took) in order) from `first`; ValueError if a
    seat answered out of turn or after everyone had."""
    answers = iter(enumerate(calls))
    caller = None
    for k in range(3):
        seat = (first + k) % 3
        took = _answer(answers, seat)
        if took is None:
            return Calling(seat, Decision.CALL, None, None, 0)
        if took:
            caller = seat
            break
    if caller is None:
        _end(answers)
        return Calling(None, None, None, None, 0)
    landlord, grabs = caller, 0
    for k in range((caller - first) % 3 + 1, 3):  # the seats not asked yet
        seat = (first + k) % 3
        took = _answer(answers, seat)
        if took is None:
            return Calling(seat, Decision.GRAB, caller, None, grabs)
        if took:
            landlord, grabs = seat, grabs + 1
    if grabs:
        took = _answer(answers, caller)
        if took is None:
            return Calling(caller, Decision.GRAB, caller, None, grabs)
        if took:
            landlord, grabs = caller, grabs + 1
    _end(answers)
    return Calling(None, None, caller, landlord, grabs)


def _answer(answers: _Answers, seat: int) -> bool | None:
    """The next answer, which must be `seat`'s; None when there is none yet."""
    found = next(answers, None)
    if found is None:
        return None
    index, (who, took) = found
    if who != seat:
        raise ValueError(f"answer {index + 1} is seat {who}'s, but it was seat {seat}'s turn")
    return took


def _end(answers: _Answers) -> None:
    extra = next(answers, None)
    if extra is not None:
        raise ValueError(f"answer {extra[0] + 1} comes after calling was over")


def doubling_done(doubles: Sequence[tuple[int, bool]]) -> bool:
    """加倍 is over after these answers: all three, or both peasants declined (the
    landlord redoubles only against a peasant who doubled)."""
    return len(doubles) == 3 or (len(doubles) == 2 and not any(d for _, d in doubles))


def doubling_turn(landlord: int, doubles: int) -> int:
    """Who decides about doubling after `doubles` answers: the peasants in turn from
    the landlord's left, then the landlord."""
    return (landlord + 1 + doubles) % 3
