"""Where a deal stands: its phase, what is to be decided and by whom, and what the
stake is. One statement of the game's order, as `calling` is of 叫地主/抢地主 and
`trick` of the trick: `Game` asks it after every action, and a `PlayerView` built
from public facts (a table on the network, a replay) asks it of those facts, so the
two cannot disagree. A view of a `Game` is handed the game's answer, never works it
out again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ddz_tui.engine.calling import calling, doubling_done, doubling_turn
from ddz_tui.engine.events import Side
from ddz_tui.engine.house import Decision, LandlordMode, Rules
from ddz_tui.engine.phases import Phase
from ddz_tui.engine.score import Multiplier
from ddz_tui.engine.seats import per_seat
from ddz_tui.engine.trick import Trick


def _next(seat: int) -> int:
    return (seat + 1) % 3


@dataclass(frozen=True)
class Progress:
    """The deal's phase, the decision due (None once over) and whose it is."""

    phase: Phase
    decision: Decision | None
    turn: int | None


class Standing(NamedTuple):
    """Where the deal stands, as a `Game` worked it out step by step and hands it to
    its views: the progress, each seat's cards left, the trick."""

    progress: Progress
    cards_left: tuple[int, int, int]
    trick: Trick


_PLAYING = {seat: Progress(Phase.PLAYING, Decision.PLAY, seat) for seat in range(3)}
OVER = Progress(Phase.OVER, None, None)


def progress(
    rules: Rules,
    landlord: int | None,
    first_bidder: int | None,
    bids: Sequence[tuple[int, int]],
    calls: Sequence[tuple[int, bool]],
    shown: bool,
    doubles: Sequence[tuple[int, bool]],
    last_to_act: int | None,
    over: bool,
    *,
    always_redouble: bool = False,
    start_shows: Sequence[tuple[int, tuple[object, ...]]] = (),
) -> Progress:
    """Where the deal stands after these public facts: the landlord (None while it is
    bid for or called), who bid or called first, the bids and the calls so far,
    whether the landlord has answered 明牌 (`shown`), the 加倍 answers, the seat of
    the last play or pass (None before the first), and whether a hand is empty.
    `always_redouble`: the landlord is asked even when no peasant doubled (records
    from before version 4). `start_shows`: the 明牌开始 answers so far, (seat, the hand
    as shown or ()): under that rule every seat answers first, from the first to bid
    (from the landlord when it was drawn by lot), and a landlord who showed then is
    not asked 明牌 again."""
    if last_to_act is not None:  # the play has begun
        return in_play(last_to_act, over)
    if rules.show_start and len(start_shows) < 3:
        first = landlord if landlord is not None else first_bidder
        asked = ((first or 0) + len(start_shows)) % 3
        return Progress(Phase.SHOWING, Decision.SHOW_START, asked)
    if landlord is None:
        if rules.landlord is LandlordMode.GRAB:
            state = calling(first_bidder if first_bidder is not None else 0, calls)
            return Progress(Phase.BIDDING, state.decision, state.turn)
        turn = _next(bids[-1][0]) if bids else first_bidder
        return Progress(Phase.BIDDING, Decision.BID, turn)
    if over:
        return OVER
    if rules.showing and not shown and not any(s == landlord and c for s, c in start_shows):
        return Progress(Phase.SHOWING, Decision.SHOW, landlord)
    doubling = rules.doubling and len(doubles) < 3
    if doubling and (always_redouble or not doubling_done(doubles)):
        return Progress(Phase.DOUBLING, Decision.DOUBLE, doubling_turn(landlord, len(doubles)))
    return _PLAYING[landlord]


def in_play(last_to_act: int, over: bool) -> Progress:
    """Once the play has begun: the next seat after the last play or pass (after two
    passes, the seat that won the trick), until a hand is empty."""
    return OVER if over else _PLAYING[(last_to_act + 1) % 3]


def springs(winner: Side | None, landlord_plays: int, peasant_plays: int) -> tuple[bool, bool]:
    """春天 (the landlord won and no peasant played a card) and 反春天 (the peasants
    won and the landlord played only once), once the game is over (`winner`)."""
    return (
        winner is Side.LANDLORD and peasant_plays == 0,
        winner is Side.PEASANTS and landlord_plays == 1,
    )


def grabs_of(calls: Sequence[tuple[int, bool]]) -> int:
    """How many grabs (抢地主) the calls hold: every answer that took, after the first."""
    return max(sum(took for _, took in calls) - 1, 0)


def stake(
    rules: Rules,
    base: int,
    bombs: int,
    rocket: bool,
    spring: tuple[bool, bool],
    calls: Sequence[tuple[int, bool]],
    shows: Sequence[tuple[int, tuple[object, ...]]],
    doubles: Sequence[tuple[int, bool]],
    super_doubles: Sequence[int] = (),
    *,
    soft_bombs: int = 0,
    wild_bombs: int = 0,
    start_shows: Sequence[tuple[int, tuple[object, ...]]] = (),
) -> Multiplier:
    """The stake's parts from the facts of the deal: the base (the winning bid, 1
    without bidding), bombs and the rocket played, the springs, the grabs (every
    call or grab that took, after the first), a hand shown, who doubled and who of
    them super-doubled (超级加倍). Under 癞子, `bombs` are natural bombs (硬炸),
    `soft_bombs` bombs made with wilds (软炸), `wild_bombs` the four wilds played.
    `start_shows`: the 明牌开始 answers, (seat, the hand as shown or ())."""
    doubled = per_seat(any(s == seat and d for s, d in doubles) for seat in range(3))
    return Multiplier(
        base,
        bombs,
        rocket,
        *spring,
        grabs=grabs_of(calls),
        shown=any(cards for _, cards in shows),
        doubled=doubled,
        super_doubled=per_seat(seat in super_doubles for seat in range(3)),
        factors=rules.factors,
        cap=rules.cap,
        soft_bombs=soft_bombs,
        wild_bombs=wild_bombs,
        shown_start=any(cards for _, cards in start_shows),
    )
