"""TableHost: humans act, bots act by themselves, every seat hears about it."""

from __future__ import annotations

import asyncio

import pytest

from ddz_tui.bots import Bot
from ddz_tui.bots.runner import cautious
from ddz_tui.engine import (
    PASS,
    Action,
    IllegalAction,
    IllegalReason,
    MakeBid,
    Phase,
    Play,
    PlayerView,
)
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from ddz_tui.table.timing import THINK_AFTER
from tests.support.clock import ManualClock, settle


def _table(**kwargs) -> TableHost:
    seats = [
        SeatInfo("you"),
        SeatInfo("left", SeatKind.BOT, "random"),
        SeatInfo("right", SeatKind.BOT, "random"),
    ]
    return TableHost(seats, bot_delay=0, seed=kwargs.pop("seed", 1), **kwargs)


async def _until_my_turn_or_over(host: TableHost) -> TableState:
    await host.settled()
    state = host.state(0)
    assert state.view is not None
    assert state.view.phase is Phase.OVER or state.view.turn == 0
    return state


async def test_a_human_plays_a_whole_game_against_two_bots() -> None:
    host = _table()
    states: list[TableState] = []
    host.subscribe(0, states.append)
    host.new_game()
    while True:
        state = await _until_my_turn_or_over(host)
        view = state.view
        if view.phase is Phase.OVER:
            break
        if view.phase is Phase.BIDDING:
            host.act(0, MakeBid(view.legal_bids[-1]))
        elif view.leads:
            host.act(0, Play(view.legal_plays[0]))
        else:
            host.act(0, PASS)
    assert state.games == 1 and sum(state.totals) == 0 and state.totals != (0, 0, 0)
    assert any(s.thinking in (1, 2) for s in states), "bots were shown thinking"
    assert states[-1].thinking is None
    with pytest.raises(IllegalAction):
        host.act(0, Play("3"))
    host.new_game()
    await host.settled()
    assert host.state(0).view.phase is not Phase.OVER
    await host.close()


async def test_a_refused_action_changes_nothing_and_says_why() -> None:
    host = _table(seed=3)
    host.new_game()
    state = await _until_my_turn_or_over(host)
    before = host.game.events
    with pytest.raises(IllegalAction) as error:
        host.act(0, MakeBid(7)) if state.view.phase is Phase.BIDDING else host.act(0, Play("34"))
    assert error.value.message
    assert host.game.events == before
    await host.close()


async def test_a_bot_seat_cannot_be_played_by_hand() -> None:
    host = _table()
    host.new_game()
    with pytest.raises(IllegalAction) as error:
        host.act(1, MakeBid(1))
    assert error.value.reason is IllegalReason.NOT_YOUR_TURN
    await host.close()


async def test_a_takeover_plays_the_seat_until_the_human_returns() -> None:
    host = _table(seed=5)
    host.new_game()
    await host.settled()
    host.set_seat(0, SeatInfo("you", level="random", takeover=True, connected=False))
    await host.settled()
    assert host.game.phase is Phase.OVER, "with three bots the game plays to its end"
    assert host.state(1).seats[0].takeover
    host.set_seat(0, SeatInfo("you"))
    host.new_game()
    await host.settled()
    assert host.state(0).view.turn == 0 or host.state(0).view.phase is Phase.OVER
    await host.close()


async def test_bots_wait_for_the_delay_and_listeners_see_the_thinking_seat() -> None:
    seats = [SeatInfo(n, SeatKind.BOT, "random") for n in "abc"]
    clock = ManualClock()
    host = TableHost(seats, bot_delay=0.6, seed=2, clock=clock)
    thinking: list[int | None] = []
    host.subscribe(2, lambda s: thinking.append(s.thinking))
    host.new_game()
    await clock.sleeping()
    assert clock.pending == [THINK_AFTER, 0.6], "the first bot thinks soon, waits out the delay"
    clock.advance(0.59)
    await asyncio.sleep(0)
    assert host.game.events[-1].__class__.__name__ == "Dealt", "no move before the delay"
    await settle(host, clock)
    assert host.game.phase is Phase.OVER and {0, 1, 2} <= set(thinking)
    turns = sum(1 for seat in thinking if seat is not None)
    assert clock.now() == pytest.approx(0.6 * turns), "a delay before each move, no more"
    await host.close()


class Asked:
    """A decider that notes each question and answers at once (cautiously)."""

    def __init__(self) -> None:
        self.asked: list[int] = []
        self.any = asyncio.Event()

    async def decide(self, bot: Bot, view: PlayerView) -> Action:
        self.asked.append(view.seat)
        self.any.set()
        return cautious(view)

    async def close(self) -> None:
        pass


async def test_a_bot_starts_thinking_once_the_move_before_can_be_drawn() -> None:
    """A bot thinking in a thread of the process holds the interpreter from the thread
    that draws the move it answers: it is asked a moment later, within its delay."""
    clock = ManualClock()
    decider = Asked()
    seats = [SeatInfo(n, SeatKind.BOT, "random") for n in "abc"]
    host = TableHost(seats, bot_delay=0.6, seed=2, clock=clock, decider=decider)
    host.new_game()
    await clock.sleeping()
    await asyncio.sleep(0)
    assert decider.asked == [], "not asked with the deal still to draw"
    clock.advance(THINK_AFTER)
    await asyncio.wait_for(decider.any.wait(), timeout=10)
    assert decider.asked == [host.game.turn]
    assert host.game.events[-1].__class__.__name__ == "Dealt", "the move waits for the delay"
    await host.close()


async def test_an_action_and_the_next_bot_thinking_are_one_state() -> None:
    """Each state is a redraw of every screen at the table: the one after a person's
    move already says which bot thinks, and so does the one after a bot's move."""
    clock = ManualClock()
    host = _table(clock=clock)
    host.bot_delay = 0.6
    states: list[TableState] = []
    host.subscribe(0, states.append)
    host.new_game()
    await settle(host, clock)  # the bots bid until it is my turn
    if host.state(0).view.phase is Phase.BIDDING:
        host.act(0, MakeBid(3))  # the landlord: my lead
        await settle(host, clock)
    view = host.state(0).view
    assert view.phase is Phase.PLAYING and view.turn == 0
    states.clear()
    host.act(0, next(a for a in view.legal_actions() if isinstance(a, Play)))
    await clock.sleeping()
    assert [s.thinking for s in states] == [1], "one state: my play, and bot 1 thinking"
    clock.advance(0.6)  # bot 1 plays
    await clock.sleeping()
    assert [s.thinking for s in states] == [1, 2], "its move, and bot 2 thinking"
    await host.close()


async def test_local_table_is_a_table_client() -> None:
    from ddz_tui.bots.hints import hints
    from ddz_tui.table.clients import LocalTable

    table = LocalTable(_table(seed=8))
    states: list[TableState] = []
    table.subscribe(states.append)
    await table.next_game()
    while True:
        await table.host.settled()
        view = states[-1].view
        if view.phase is Phase.OVER:
            break
        if view.phase is Phase.BIDDING:
            await table.act(MakeBid(0))
        elif not hints(view):
            await table.act(PASS)
        else:
            first = hints(view)[0]
            cards = [c for c in view.hand if c.rank in first.cards]
            picked = []
            for rank in first.cards:
                card = next(c for c in cards if c.rank == rank and c not in picked)
                picked.append(card)
            await table.act(Play(picked))
    assert states[-1].games == 1
    await table.close()
