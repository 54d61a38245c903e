"""A bot's answer that the game has moved past is never played: the race a hostile
client found (托管 on, a move of one's own, two fast passes, 托管 on again) stalled the
table, the bot's stale answer and the fallback built from the same stale view both
being illegal, and the bots' loop stopped."""

from __future__ import annotations

import asyncio
import logging

import pytest

from ddz_tui.bots import Bot
from ddz_tui.bots.runner import cautious
from ddz_tui.engine import PASS, Action, MakeBid, Phase, Play, PlayerView
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState


class Gated:
    """A decider that answers only once the test opens its gate, so the game can move
    on while a bot 'thinks'. Its answer is the cautious move at the view it was asked
    about: legal then, and (as the test arranges) not any more."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.asked: list[PlayerView] = []
        self.waiting = asyncio.Event()

    async def decide(self, bot: Bot, view: PlayerView) -> Action:
        self.asked.append(view)
        self.waiting.set()
        await self.gate.wait()
        return cautious(view)

    async def close(self) -> None:
        pass


def _lowest_rank_count(view: PlayerView) -> str:
    """Every card of the hand's lowest rank: after playing them, neither the stale
    answer nor a fallback built from the stale view is in the hand."""
    lowest = view.hand_ranks[0]
    return lowest * view.hand_ranks.count(lowest)


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_a_stale_bot_answer_is_discarded_and_the_game_goes_on(
    seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    decider = Gated()
    host = TableHost(
        [SeatInfo("ann"), SeatInfo("bob"), SeatInfo("cat")], bot_delay=0, seed=seed, decider=decider
    )
    host.new_game()
    game = host.game
    assert game is not None
    me = game.turn
    assert me is not None
    host.act(me, MakeBid(3))  # the landlord at once: `me` leads
    assert game.phase is Phase.PLAYING and game.turn == me

    host.set_takeover(me, True)
    await decider.waiting.wait()  # the bot is thinking about the lead
    stale = decider.asked[-1]
    host.act(me, Play(_lowest_rank_count(stale)))  # a move of my own takes the seat back
    host.act((me + 1) % 3, PASS)
    host.act((me + 2) % 3, PASS)
    assert game.turn == me and game.view(me) != stale
    host.set_takeover(me, True)  # and hand it over again while the bot still thinks
    for other in ((me + 1) % 3, (me + 2) % 3):
        host.set_takeover(other, True)  # every seat to the bots: the game can end

    with caplog.at_level(logging.ERROR):
        decider.gate.set()
        await host.settled()
    assert game.phase is Phase.OVER, "the table stalled"
    assert "the bots' loop stopped" not in caplog.text
    assert "not legal" not in caplog.text, "the stale answer was played"
    again = [view for view in decider.asked if view.seat == me and view != stale]
    assert again and len(again[0].history) == len(stale.history) + 3, "asked again, afresh"
    await host.close()


async def test_the_bots_loop_goes_on_after_an_unexpected_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A listener that fails once while a bot thinks: logged, and the bots play on."""
    host = TableHost(
        [SeatInfo(name, SeatKind.BOT, "random") for name in "abc"], bot_delay=0, seed=4
    )
    failed: list[int] = []

    def flaky(state: TableState) -> None:
        if state.thinking is not None and not failed:
            failed.append(state.thinking)
            raise RuntimeError("a listener failed")

    host.subscribe(0, flaky)
    with caplog.at_level(logging.ERROR):
        host.new_game()
        await host.settled()
    assert failed, "the listener failed once"
    assert host.game is not None and host.game.phase is Phase.OVER, "the table stalled"
    assert "a bot's turn failed" in caplog.text
    assert "the bots' loop stopped" not in caplog.text
    await host.close()
