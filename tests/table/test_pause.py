"""Pausing a table (the boss key at a game against bots): no bot acts and no turn
timer runs until it is unpaused; then the game goes on from where it was."""

from __future__ import annotations

from ddz_tui.engine import Phase
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind
from tests.support.clock import ManualClock, settle

BOTS = [SeatInfo(name, SeatKind.BOT, "random") for name in ("Ann", "Bo", "Cy")]


async def test_paused_bots_do_not_act_and_play_on_when_unpaused() -> None:
    host = TableHost(BOTS, bot_delay=0, seed=3)
    host.new_game()
    host.pause()
    await host.settled()
    assert host.game is not None and len(host.game.events) == 2, "only the deal"
    host.unpause()
    await host.settled()
    assert host.game.phase is Phase.OVER
    await host.close()


async def test_a_bot_thinking_as_the_table_pauses_has_its_answer_dropped() -> None:
    clock = ManualClock()
    host = TableHost(BOTS, bot_delay=1.0, seed=3, clock=clock)
    host.new_game()
    await clock.sleeping()  # a bot waits out its delay, its decision made
    host.pause()
    clock.advance(5)
    await host.settled()
    assert host.game is not None and len(host.game.events) == 2, "nothing was played"
    host.unpause()
    await settle(host, clock)
    assert host.game.phase is Phase.OVER
    await host.close()


async def test_the_turn_timer_stops_while_paused_and_starts_afresh() -> None:
    clock = ManualClock()
    me = SeatInfo("me")
    host = TableHost([me, *BOTS[:2]], bot_delay=0, seed=3, clock=clock, turn_timeout=20)
    host.new_game()
    await settle(host, clock)
    assert host.game is not None and host.game.turn == 0 and host.turn_seconds == 20
    events = host.game.events
    host.pause()
    assert host.turn_seconds is None
    clock.advance(60)
    assert host.game.events == events, "the timer did not act for me"
    host.unpause()
    assert host.turn_seconds == 20
    await host.close()
