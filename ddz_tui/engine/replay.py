"""Stepping through a finished game: one frame per action, every hand showing.

Built on the engine's own replay, so a frame is exactly the state the game had.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ddz_tui.cards import Card
from ddz_tui.engine.events import Bid, Event, Passed, Played
from ddz_tui.engine.game import Game, Result
from ddz_tui.engine.score import Multiplier
from ddz_tui.engine.view import Phase


@dataclass(frozen=True)
class Frame:
    """The table after `step` actions (step 0: the deal)."""

    step: int
    action: Bid | Played | Passed | None
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

    def last_action(self, seat: int) -> str | None:
        """What `seat` did last in the current trick: its cards, "" for a pass, None."""
        for who, text in reversed(self.history):
            if who == seat:
                return text
        return None


def _frame(game: Game, step: int, action: Bid | Played | Passed | None) -> Frame:
    view = game.view(0)
    return Frame(
        step=step,
        action=action,
        hands=tuple(game.hand(seat) for seat in range(3)),  # type: ignore[arg-type]
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
    )


def frames(events: Sequence[Event]) -> list[Frame]:
    """Every frame of a record; ValueError if the engine would not have produced it."""
    out = [_frame(game, step, action) for step, (game, action) in enumerate(Game.replaying(events))]
    if out[-1].phase is not Phase.OVER:
        raise ValueError("the record stops before the game is over")
    return out
