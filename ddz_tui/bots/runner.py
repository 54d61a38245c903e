"""Let bots act on a game, one action or a whole game, headless."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_tui.bots import Bot
from ddz_tui.engine import Game, Phase, PlayerView, Result
from ddz_tui.rules import Combo

Choice = int | Combo | None  # a bid, or a play (None: pass)


def decide(bot: Bot, view: PlayerView) -> Choice:
    """The bot's answer to the decision the view is at: a bid, or a play or pass."""
    return bot.bid(view) if view.phase is Phase.BIDDING else bot.choose(view)


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
