"""Let bots act on a game, one action or a whole game, headless."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ddz_tui.bots import Bot
from ddz_tui.bots.normal import NormalBot
from ddz_tui.engine import (
    PASS,
    YES_OR_NO,
    Action,
    Answer,
    Decision,
    Game,
    MakeBid,
    Phase,
    Play,
    PlayerView,
    Result,
)
from ddz_tui.rules import BY_CARDS

log = logging.getLogger(__name__)


def decide(bot: Bot, view: PlayerView) -> Action:
    """The bot's action at the decision the view is at: a bid, yes or no, or a play
    or pass."""
    decision = view.decision
    if decision is Decision.BID:
        return MakeBid(bot.bid(view))
    if decision in YES_OR_NO:
        yes = bool(bot.answer(view))
        if yes and decision is Decision.DOUBLE and view.rules.super_double:
            return Answer(decision, yes, 2 if bot.super_double(view) else 1)
        return Answer(decision, yes)
    if view.wild is not None:  # 癞子: a play with its reading
        reading = bot.choose_wild(view)
        return PASS if reading is None else view.play_of(reading)
    combo = bot.choose(view)
    return PASS if combo is None else Play(combo)


def cautious(view: PlayerView) -> Action:
    """The action that is always legal and needs no thought: pass the bid, decline to
    call, grab, show or double, pass the trick, or lead the lowest card (what a turn
    timer does)."""
    decision = view.decision
    if decision is Decision.BID:
        return MakeBid(0)
    if decision in YES_OR_NO:
        return Answer(decision, False)
    if view.leads:
        return Play(BY_CARDS[view.hand_ranks[0]])
    return PASS


def fallback(view: PlayerView) -> Action:
    """An action for a seat whose bot failed, so that the game goes on: the normal
    bot's, or the cautious one if that fails too."""
    try:
        return decide(NormalBot(), view)
    except Exception:
        log.exception("the normal bot failed too; seat %d makes the cautious move", view.seat)
        return cautious(view)


def step(game: Game, bots: Sequence[Bot]) -> None:
    """The seat whose turn it is acts through its bot."""
    seat = game.turn
    assert seat is not None
    game.act(seat, decide(bots[seat], game.view(seat)))


def play_out(game: Game, bots: Sequence[Bot]) -> Result:
    """Let each seat's bot act in turn until the game is over; return the result."""
    while game.phase is not Phase.OVER:
        step(game, bots)
    result = game.result
    assert result is not None
    return result
