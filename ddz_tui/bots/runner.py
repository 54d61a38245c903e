"""Play a game to its end with three bots, headless."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_tui.bots import Bot
from ddz_tui.engine import Game, Phase, Result


def play_out(game: Game, bots: Sequence[Bot]) -> Result:
    """Let each seat's bot act in turn until the game is over; return the result."""
    while game.phase is not Phase.OVER:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        bot = bots[seat]
        if game.phase is Phase.BIDDING:
            game.bid(seat, bot.bid(view))
        else:
            play = bot.choose(view)
            if play is None:
                game.pass_turn(seat)
            else:
                game.play(seat, play)
    result = game.result
    assert result is not None
    return result
