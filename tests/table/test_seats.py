"""TableHost for networked tables: ready and deal, the turn timer, drops, takeover, leaving."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ddz_tui.engine import (
    PASS,
    IllegalAction,
    IllegalReason,
    LandlordMode,
    MakeBid,
    Phase,
    Play,
    Played,
)
from ddz_tui.i18n import Lang, Phrase
from ddz_tui.table.host import TableHost
from ddz_tui.table.seats import EMPTY_SEAT, SeatInfo, SeatKind, TableState
from tests.support.clock import ManualClock, settle, time_out_to_the_end
from tests.support.loopback import until


def bot(name: str) -> SeatInfo:
    return SeatInfo(name, SeatKind.BOT, "random")


def empty_table(**kwargs) -> TableHost:
    return TableHost([EMPTY_SEAT] * 3, bot_delay=0, seed=kwargs.pop("seed", 1), **kwargs)


async def test_the_deal_waits_until_every_seat_is_ready() -> None:
    host = empty_table()
    host.set_seat(0, SeatInfo("ann"))
    host.set_seat(2, SeatInfo("bob"))
    host.ready(0)
    host.ready(2)
    assert host.game is None, "an empty seat is never ready"
    host.set_seat(1, bot("bot"))
    assert host.game is not None, "filling the last seat with a bot deals"
    assert [s.ready for s in host.seats] == [False, False, False], "ready is for one deal"
    with pytest.raises(IllegalAction) as error:
        host.ready(0)
    assert error.value.reason is IllegalReason.WRONG_PHASE
    await host.close()


async def test_ready_can_be_taken_back_and_bots_cannot_be_made_ready() -> None:
    host = empty_table()
    host.set_seat(0, SeatInfo("ann"))
    host.set_seat(1, SeatInfo("bob"))
    host.ready(0)
    host.ready(0, False)
    host.ready(1)
    host.set_seat(2, bot("bot"))
    assert host.game is None and host.seats[1].ready and not host.seats[0].ready
    with pytest.raises(IllegalAction):
        host.ready(2)
    host.ready(0)
    assert host.game is not None
    await host.close()


async def test_the_turn_timer_acts_for_a_player_who_lets_it_run_out() -> None:
    clock = ManualClock()
    host = TableHost(
        [SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=4, turn_timeout=30, clock=clock
    )
    states: list[TableState] = []
    host.subscribe(0, states.append)
    leads_checked = 0
    notices: set[str] = set()
    for n in range(30):  # games until the timer has bid, passed and led for ann
        # ann never bids, so she is landlord (and leads) only when the landlord is drawn
        host.landlord_mode = LandlordMode.RANDOM if n % 2 else LandlordMode.BID
        states.clear()
        host.new_game()
        await time_out_to_the_end(host, clock)
        mine = [s for s in states if s.view and s.view.turn == 0]
        assert mine and all(s.turn_seconds == 30 for s in mine), "each turn starts the timer"
        assert host.state(0).turn_seconds is None, "no timer after the game"
        others = [s for s in states if s.view and s.view.turn in (1, 2)]
        assert all(s.turn_seconds is None for s in others), "bots have no timer"
        notices |= {s.notice.key for s in states if isinstance(s.notice, Phrase)}
        played = [e for e in host.game.events if isinstance(e, Played) and e.seat == 0]
        for view in (s.view for s in mine if s.view.leads):
            n = sum(1 for seat, text in view.history if seat == 0 and text)
            assert played[n].cards == (view.hand[0].id,), "a timed-out lead is the lowest card"
            leads_checked += 1
        if leads_checked and len(notices) == 3:
            break
    assert leads_checked
    assert notices == {
        "table.notice.timeout_bid",
        "table.notice.timeout_pass",
        "table.notice.timeout_play",
    }
    await host.close()


async def test_the_countdown_reads_the_clock() -> None:
    clock = ManualClock()
    host = TableHost(
        [SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=4, turn_timeout=30, clock=clock
    )
    host.new_game()
    await host.settled()
    assert host.game.turn == 0 and host.state(0).turn_seconds == 30
    clock.advance(29.5)
    assert host.state(0).turn_seconds == 0.5 and host.game.turn == 0
    clock.advance(0.5)
    assert host.state(0).notice.key.startswith("table.notice.timeout_"), "the timer acted"
    assert host.state(0).turn_seconds is None
    await host.close()


async def test_no_timer_unless_asked() -> None:
    clock = ManualClock()
    host = TableHost([SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=4, clock=clock)
    host.new_game()
    await host.settled()
    assert host.state(0).turn_seconds is None and clock.pending == []
    clock.advance(3600)
    await host.settled()
    assert host.game.turn == 0, "without a timer the table waits for the player"
    await host.close()


async def test_a_dropped_player_keeps_the_seat_during_the_grace_then_a_bot_plays() -> None:
    clock = ManualClock()
    host = TableHost(
        [SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=5, grace=20, clock=clock
    )
    freed: list[tuple[int, str]] = []
    host.on_freed = lambda seat, name: freed.append((seat, name))
    seen: list[TableState] = []
    host.subscribe(1, seen.append)
    host.new_game()
    await host.settled()
    host.drop(0)
    assert not host.seats[0].connected and not host.seats[0].takeover
    assert str(host.state(1).notice) == "ann lost the connection"
    clock.advance(19.9)
    await host.settled()
    assert not host.seats[0].takeover and host.game.turn == 0, "the seat waits for ann"
    clock.advance(0.1)
    assert host.seats[0].takeover, "the grace is over: a bot plays for ann"
    await host.settled()
    assert host.game.phase is Phase.OVER
    assert any(s.seats[0].takeover for s in seen), "the others saw the takeover"
    assert host.seats[0].is_empty
    assert freed == [(0, "ann")], "the absent player's seat is freed after the game"
    await host.close()


async def test_coming_back_within_the_grace_keeps_the_seat_for_the_human() -> None:
    clock = ManualClock()
    host = TableHost(
        [SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=5, grace=20, clock=clock
    )
    host.new_game()
    await host.settled()
    before = host.state(0).view
    host.drop(0)
    clock.advance(10)
    host.resume(0)
    assert clock.pending == [], "the grace is called off"
    clock.advance(3600)
    await host.settled()
    assert host.seats[0] == SeatInfo("ann") and host.state(0).view == before
    assert str(host.state(0).notice) == "ann is back"
    await host.close()


async def test_coming_back_after_a_takeover_resumes_the_seat_mid_game() -> None:
    clock = ManualClock()
    host = TableHost(
        [SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0.6, seed=6, grace=20, clock=clock
    )
    host.new_game()
    await settle(host, clock)
    host.drop(0)
    clock.advance(20)
    assert host.seats[0].takeover
    await clock.sleeping()  # the bot waits out its delay at ann's seat
    clock.advance(0.3)
    host.resume(0)
    assert host.seats[0] == SeatInfo("ann")
    await settle(host, clock)
    game = host.game
    if game.phase is not Phase.OVER:
        assert game.turn == 0, "the bot stopped and the table waits for ann"
        assert clock.pending == [] and not clock.sleepers, "nothing left to happen"
    assert not host.seats[0].is_empty
    await host.close()


async def test_a_drop_between_games_frees_the_seat_after_the_grace() -> None:
    clock = ManualClock()
    host = empty_table(grace=20, clock=clock)
    freed: list[tuple[int, str]] = []
    host.on_freed = lambda seat, name: freed.append((seat, name))
    host.set_seat(0, SeatInfo("ann"))
    host.ready(0)
    host.drop(0)
    assert not host.seats[0].ready, "a dropped player is no longer ready"
    clock.advance(19.9)
    assert not host.seats[0].is_empty and freed == []
    clock.advance(0.1)
    assert host.seats[0].is_empty
    assert freed == [(0, "ann")]
    await host.close()


async def play_out_as(host: TableHost, seat: int) -> None:
    """Play `seat` until the game ends: no bid, pass when it may, else the first play."""
    while host.game.phase is not Phase.OVER:
        await until(lambda: host.game.phase is Phase.OVER or host.game.turn == seat)
        if host.game.phase is Phase.OVER:
            break
        view = host.game.view(seat)
        if view.phase is Phase.BIDDING:
            host.act(seat, MakeBid(0))
        elif view.leads:
            host.act(seat, Play(view.legal_plays[0]))
        else:
            host.act(seat, PASS)


async def test_leaving_mid_game_hands_the_seat_to_a_bot_until_the_game_ends() -> None:
    host = TableHost([SeatInfo("ann"), SeatInfo("bob"), bot("b2")], bot_delay=0, seed=7)
    host.new_game()
    host.leave(0)
    assert host.seats[0].takeover and not host.seats[0].connected
    await until(lambda: host.seats[0].is_empty or host.game.turn == 1)
    await play_out_as(host, 1)  # bob passes or plays whatever he must
    await until(lambda: host.seats[0].is_empty)
    assert host.seats[1].name == "bob"
    host.leave(1)
    assert host.seats[1].is_empty, "between games leaving frees the seat at once"
    await host.close()


async def test_a_session_score_belongs_to_the_player_not_the_seat() -> None:
    host = TableHost([SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=5)
    host.new_game()
    await play_out_as(host, 0)
    await host.settled()
    scores = list(host.totals)
    assert any(scores) and sum(scores) == 0
    host.set_seat(0, replace(host.seats[0], takeover=True))
    assert host.totals == scores, "the same player, played by a bot for a while"
    host.set_seat(1, SeatInfo("cat"))
    assert host.totals == [scores[0], 0, scores[2]], "cat starts from nothing"
    assert host.state(1).totals[1] == 0
    await host.close()


async def test_watchers_hear_every_change() -> None:
    host = empty_table()
    calls: list[int] = []
    stop = host.watch(lambda: calls.append(1))
    host.set_seat(0, SeatInfo("ann"))
    host.ready(0)
    assert len(calls) == 2
    stop()
    host.ready(0, False)
    assert len(calls) == 2
    await host.close()


def test_a_notice_is_a_phrase_that_remembers_its_key() -> None:
    notice = Phrase("table.notice.left", name="ann")
    assert str(notice) == "ann left the table"
    assert notice.render(Lang.ZH) == "ann离开了牌桌"
    assert notice.key == "table.notice.left" and notice.fields == {"name": "ann"}
    import copy

    assert copy.deepcopy(notice).key == "table.notice.left"


async def test_a_running_tally_waits_for_a_player_who_steps_away_between_games() -> None:
    host = TableHost([SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=5)
    host.new_game()
    await play_out_as(host, 0)
    await host.settled()
    tally = host.totals[0]
    assert tally != 0
    host.leave(0)
    assert host.seats[0].is_empty and host.totals[0] == 0
    host.set_seat(1, SeatInfo("Ann"))  # back, in another seat, spelt her own way
    assert host.totals[1] == tally, "her tally, where she sits now"
    assert host.state(1).totals[1] == tally
    host.set_seat(0, SeatInfo("cat"))
    assert host.totals[0] == 0, "a newcomer starts from nothing"
    await host.close()
