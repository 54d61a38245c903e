"""Let bots act on a game, one action or a whole game, headless."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import cast

from ddz_tui.bots import Bot
from ddz_tui.bots.answers import YES_OR_NO
from ddz_tui.bots.normal import NormalBot
from ddz_tui.engine import Decision, Game, Phase, PlayerView, Result
from ddz_tui.rules import BY_CARDS, Combo

log = logging.getLogger(__name__)

Choice = bool | int | Combo | None
"""A bid, yes or no (to calling, grabbing, showing, doubling), or a play (None: pass).
What it answers is the game's decision, never the type (a bool is an int)."""


def decide(bot: Bot, view: PlayerView) -> Choice:
    """The bot's answer to the decision the view is at: a bid, yes or no, or a play
    or pass."""
    decision = view.decision
    if decision is Decision.BID:
        return bot.bid(view)
    if decision in YES_OR_NO:
        return bool(bot.answer(view))
    return bot.choose(view)


def cautious(view: PlayerView) -> Choice:
    """The move that is always legal and needs no thought: pass the bid, decline to
    call, grab, show or double, pass the trick, or lead the lowest card (what a turn
    timer does)."""
    if view.decision is Decision.BID:
        return 0
    if view.decision in YES_OR_NO:
        return False
    if view.leads:
        return BY_CARDS[view.hand_ranks[0]]
    return None


def fallback(view: PlayerView) -> Choice:
    """A move for a seat whose bot failed, so that the game goes on: the normal bot's,
    or the cautious move if that fails too."""
    try:
        return decide(NormalBot(), view)
    except Exception:
        log.exception("the normal bot failed too; seat %d makes the cautious move", view.seat)
        return cautious(view)


def act(game: Game, seat: int, choice: Choice) -> None:
    """Make `seat`'s decided move (IllegalAction if the game refuses it)."""
    decision = game.decision
    if decision is Decision.BID:
        game.bid(seat, cast(int, choice))
    elif decision in (Decision.CALL, Decision.GRAB):
        game.call(seat, cast(bool, choice))
    elif decision is Decision.SHOW:
        game.show(seat, cast(bool, choice))
    elif decision is Decision.DOUBLE:
        game.double(seat, cast(bool, choice))
    elif choice is None:
        game.pass_turn(seat)
    else:
        game.play(seat, cast(Combo, choice))  # and play after it


def step(game: Game, bots: Sequence[Bot]) -> None:
    """The seat whose turn it is acts through its bot."""
    seat = game.turn
    assert seat is not None
    act(game, seat, decide(bots[seat], game.view(seat)))


def play_out(game: Game, bots: Sequence[Bot]) -> Result:
    """Let each seat's bot act in turn until the game is over; return the result."""
    while game.phase is not Phase.OVER:
        step(game, bots)
    result = game.result
    assert result is not None
    return result
