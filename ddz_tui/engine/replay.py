"""Stepping through a finished game: one frame per action, every hand showing.

Built on the engine's own replay, so a frame is exactly the state the game had.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ddz_tui.cards import Card
from ddz_tui.engine.events import Event, played_part
from ddz_tui.engine.game import ActionEvent, Game, Result
from ddz_tui.engine.house import Decision, Rules
from ddz_tui.engine.phases import Phase
from ddz_tui.engine.progress import Standing
from ddz_tui.engine.score import Multiplier
from ddz_tui.engine.seats import per_seat
from ddz_tui.engine.view import ShownHands
from ddz_tui.wild import Reading


@dataclass(frozen=True)
class Frame:
    """The table after `step` actions (step 0: the deal).

    calls, doubles: 叫地主/抢地主 and 加倍 answers so far, as (seat, answer).
    super_doubles: the seats whose double was a super double (超级加倍), in order.
    wild: 癞子, the wild rank once drawn (None before, and without the rule);
    readings: each history entry's reading under 癞子 (None for a pass).
    shown: each seat's hand as it was shown (明牌, or 明牌开始 before the bidding), None
    for a hand not shown; start_shows: the 明牌开始 answers so far, as a view holds them.
    multiplier: the shared stake's parts and who doubled; each seat's own stake is
    `multiplier.stake(seat, landlord)`.
    """

    step: int
    action: ActionEvent | None
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    bottom: tuple[Card, ...]
    landlord: int | None
    bids: tuple[tuple[int, int], ...]
    history: tuple[tuple[int, str], ...]
    history_cards: tuple[tuple[Card, ...], ...]  # the cards of each history entry
    turn: int | None
    phase: Phase
    multiplier: Multiplier
    result: Result | None
    redeals: int
    rules: Rules
    decision: Decision | None
    calls: tuple[tuple[int, bool], ...]
    doubles: tuple[tuple[int, bool], ...]
    shown: ShownHands
    standing: Standing  # where the deal stands, as the game worked it out (for views)
    super_doubles: tuple[int, ...] = ()
    wild: str | None = None
    readings: tuple[Reading | None, ...] = ()
    start_shows: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    def last_action(self, seat: int) -> str | None:
        """What `seat` did last in the current trick: its cards, "" for a pass, None."""
        for who, text in reversed(self.history):
            if who == seat:
                return text
        return None


def _frame(game: Game, step: int, action: ActionEvent | None) -> Frame:
    view = game.view(0)
    return Frame(
        step=step,
        action=action,
        hands=per_seat(game.hand(seat) for seat in range(3)),
        bottom=game.bottom,
        landlord=game.landlord,
        bids=view.bids,
        history=view.history,
        history_cards=view.history_cards,
        turn=game.turn,
        phase=game.phase,
        multiplier=game.multiplier,
        result=game.result,
        redeals=game.redeals,
        rules=game.rules,
        decision=game.decision,
        calls=view.calls,
        doubles=view.doubles,
        shown=view.shown,
        standing=game.standing,
        super_doubles=view.super_doubles,
        wild=view.wild,
        readings=view.readings,
        start_shows=view.start_shows,
    )


def frames(events: Sequence[Event]) -> list[Frame]:
    """Every frame of a record; ValueError if the engine would not have produced it. A
    record of a game left mid-way (ending in `Left`) gives its frames up to the leave;
    what the leave cost is its `Left`'s (see `events.played_part`)."""
    played, left = played_part(events)
    replaying = Game.replaying(played)
    out = [_frame(game, step, action) for step, (game, action) in enumerate(replaying)]
    if left is None and out[-1].phase is not Phase.OVER:
        raise ValueError("the record stops before the game is over")
    if left is not None and out[-1].phase is Phase.OVER:
        raise ValueError("the record says the game was left after it was over")
    return out
