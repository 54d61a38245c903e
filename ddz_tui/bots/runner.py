"""Let bots act on a game, one action or a whole game, headless."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ddz_tui.bots import Bot
from ddz_tui.bots.normal import NormalBot
from ddz_tui.engine import Game, Phase, PlayerView, Result
from ddz_tui.rules import BY_CARDS, Combo

log = logging.getLogger(__name__)

Choice = int | Combo | None  # a bid, or a play (None: pass)


def decide(bot: Bot, view: PlayerView) -> Choice:
    """The bot's answer to the decision the view is at: a bid, or a play or pass."""
    return bot.bid(view) if view.phase is Phase.BIDDING else bot.choose(view)


def cautious(view: PlayerView) -> Choice:
    """The move that is always legal and needs no thought: pass the bid, pass the
    trick, or lead the lowest card (what a turn timer does)."""
    if view.phase is Phase.BIDDING:
        return 0
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
    if game.phase is Phase.BIDDING:
        game.bid(seat, choice)  # type: ignore[arg-type]
    elif choice is None:
        game.pass_turn(seat)
    else:
        game.play(seat, choice)  # type: ignore[arg-type]


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
