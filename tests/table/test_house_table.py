"""TableHost under house rules: every phase with people and bots, the turn timer's
answers, and the 托管 switch."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ddz_tui.engine import (
    PASS,
    Answer,
    Called,
    Decision,
    Doubled,
    IllegalAction,
    IllegalReason,
    LandlordMode,
    MakeBid,
    Phase,
    Play,
    Rules,
    Shown,
    ShownAtStart,
    parse_rules,
)
from ddz_tui.i18n import Phrase
from ddz_tui.table.host import TAKEOVER_LEVEL, TableHost
from ddz_tui.table.seats import SeatInfo, SeatKind, TableState
from tests.support.clock import ManualClock, time_out_to_the_end
from tests.support.loopback import until

SPECS = ["bid", "random", "grab", "bid,double,show", "random,double,show", "grab,double,show"]
HOUSE = Rules(LandlordMode.GRAB, doubling=True, showing=True)


def bot(name: str, level: str = "normal") -> SeatInfo:
    return SeatInfo(name, SeatKind.BOT, level)


def _kinds(host: TableHost) -> set[type]:
    return {type(event) for event in host.game.events}


@pytest.mark.parametrize("spec", SPECS)
async def test_bots_play_every_mode_to_the_end(spec: str) -> None:
    rules = parse_rules(spec)
    seats = [bot("a", "random"), bot("b", "easy"), bot("c", "normal")]
    host = TableHost(seats, bot_delay=0, seed=2, rules=rules)
    for _ in range(3):
        host.new_game()
        await until(lambda: host.game.phase is Phase.OVER)
        kinds = _kinds(host)
        assert (Doubled in kinds) == rules.doubling and (Shown in kinds) == rules.showing
        assert (Called in kinds) == (rules.landlord is LandlordMode.GRAB)
        assert host.game.rules == rules
    assert host.games == 3 and sum(host.totals) == 0
    await host.close()


async def _answer_everything_yes(host: TableHost, seen: set[Decision]) -> None:
    """Seat 0 calls, grabs, shows and doubles whenever asked, and plays the first play."""
    for _ in range(200):  # a game has far fewer turns of one seat
        await until(lambda: host.game.phase is Phase.OVER or host.game.turn == 0)
        view = host.game.view(0)
        if view.phase is Phase.OVER:
            return
        seen.add(view.decision)
        if view.decision is Decision.BID:
            host.act(0, MakeBid(view.legal_bids[-1]))
        elif view.decision is Decision.CALL:
            host.act(0, Answer(Decision.CALL, True))
        elif view.decision is Decision.GRAB:
            host.act(0, Answer(Decision.GRAB, True))
        elif view.decision is Decision.SHOW:
            host.act(0, Answer(Decision.SHOW, True))
        elif view.decision is Decision.DOUBLE:
            host.act(0, Answer(Decision.DOUBLE, True))
        elif view.leads:
            host.act(0, Play(view.legal_plays[0]))
        else:
            host.act(0, PASS)
    raise AssertionError("the game did not end")


async def test_a_person_plays_every_phase_against_bots() -> None:
    host = TableHost([SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=3, rules=HOUSE)
    seen: set[Decision] = set()
    for _ in range(4):
        host.new_game()
        await _answer_everything_yes(host, seen)
        events = host.game.events
        assert any(isinstance(e, Called) and e.seat == 0 and e.take for e in events)
        doubles = [e for e in events if isinstance(e, Doubled)]
        if host.game.landlord == 0 and not any(e.double for e in doubles):
            assert len(doubles) == 2, "nobody doubled against ann: she is not asked"
        else:
            assert any(e.seat == 0 and e.double for e in doubles)
        if host.game.landlord == 0:
            assert any(isinstance(e, Shown) and e.seat == 0 and e.cards for e in events)
    assert {Decision.CALL, Decision.SHOW, Decision.DOUBLE, Decision.PLAY} <= seen
    await host.close()


async def test_a_person_answers_out_of_turn_are_refused_and_change_nothing() -> None:
    clock = ManualClock()  # the bots never move
    host = TableHost(
        [SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=5, seed=3, rules=HOUSE, clock=clock
    )
    host.new_game()
    before = host.game.events
    for action in (
        lambda: host.act(0, Answer(Decision.SHOW, True)),
        lambda: host.act(0, Answer(Decision.DOUBLE, True)),
    ):
        with pytest.raises(IllegalAction) as error:
            action()
        assert error.value.reason is IllegalReason.WRONG_PHASE
    assert host.game.decision is Decision.CALL
    with pytest.raises(IllegalAction) as error:
        host.act(
            host.game.turn, Answer(Decision.GRAB, True)
        )  # nobody has called: there is nothing to grab
    assert error.value.reason in (IllegalReason.WRONG_PHASE, IllegalReason.NOT_YOUR_TURN)
    if host.game.turn != 0:
        with pytest.raises(IllegalAction) as error:
            host.act(0, Answer(Decision.CALL, True))
        assert error.value.reason is IllegalReason.NOT_YOUR_TURN
    assert host.game.events == before
    await host.close()


async def test_the_timer_declines_every_decision_it_answers() -> None:
    clock = ManualClock()
    host = TableHost(
        [SeatInfo("ann"), bot("b1", "random"), bot("b2", "random")],
        bot_delay=0,
        seed=4,
        turn_timeout=30,
        rules=HOUSE,
        clock=clock,
    )
    states: list[TableState] = []
    host.subscribe(0, states.append)
    wanted = {f"table.notice.timeout_{d}" for d in ("call", "grab", "show", "double")}
    notices: set[str] = set()
    for n in range(40):  # games until the timer has answered each kind of decision
        # ann never calls, so she shows only where the landlord is drawn by lot
        host.landlord_mode = LandlordMode.RANDOM if n % 2 else LandlordMode.GRAB
        host.new_game()
        await time_out_to_the_end(host, clock)
        mine = [e for e in host.game.events if getattr(e, "seat", None) == 0]
        for event in mine:
            if isinstance(event, Called):
                assert not event.take
            if isinstance(event, Doubled):
                assert not event.double
            if isinstance(event, Shown):
                assert event.cards == ()
        notices |= {s.notice.key for s in states if isinstance(s.notice, Phrase)}
        if wanted <= notices:
            break
    assert wanted <= notices
    await host.close()


async def test_takeover_hands_the_seat_to_the_normal_bot_and_back() -> None:
    host = TableHost([SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=6, rules=HOUSE)
    host.new_game()
    await until(lambda: host.game.turn == 0)
    host.set_takeover(0, True)
    info = host.seats[0]
    assert info.takeover and info.level == TAKEOVER_LEVEL and info.connected
    assert host.state(1).seats[0].takeover, "the others see the 托管"
    await until(lambda: host.game.phase is Phase.OVER)
    assert host.games == 1, "the bot played ann's seat to the end, every phase"
    host.set_takeover(0, True)  # already on: nothing changes
    host.set_takeover(0, False)
    assert not host.seats[0].takeover
    host.new_game()
    await host.settled()
    assert host.game.turn == 0 or host.game.phase is Phase.OVER
    if host.game.turn == 0:
        events = len(host.game.events)
        await host.settled()
        assert len(host.game.events) == events, "taken back: the table waits for ann"
    await host.close()


async def test_a_move_of_ones_own_takes_the_seat_back() -> None:
    clock = ManualClock()
    host = TableHost(
        [SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=6, rules=HOUSE, clock=clock
    )
    host.new_game()
    await until(lambda: host.game.turn == 0)
    host.bot_delay = 5  # the bot waits for a clock that never moves: ann answers first
    host.set_takeover(0, True)
    decision = host.game.decision
    assert decision in (Decision.CALL, Decision.GRAB)
    host.act(0, Answer(decision, False))
    assert not host.seats[0].takeover, "ann's own answer took the seat back"
    assert Called(0, False) in host.game.events
    await host.close()


async def test_only_a_person_at_the_table_can_hand_over_a_seat() -> None:
    host = TableHost([SeatInfo("ann"), bot("b1"), bot("b2")], bot_delay=0, seed=6)
    with pytest.raises(IllegalAction):
        host.set_takeover(1, True)
    host.new_game()
    host.drop(0)
    with pytest.raises(IllegalAction):
        host.set_takeover(0, True)
    await host.close()


async def test_takeover_asked_for_ends_with_the_game_and_a_dropped_players_does_not() -> None:
    host = TableHost([SeatInfo("ann"), SeatInfo("bob"), bot("b2")], bot_delay=0, seed=6)
    host.ready(0)
    host.ready(1)
    assert host.playing
    host.set_takeover(0, True)  # ann hands her seat over (托管)
    host.drop(1)  # bob's line drops: a bot plays for him once his grace is over
    host.set_seat(1, replace(host.seats[1], takeover=True))
    await host.settled()
    assert host.game is not None and host.game.phase is Phase.OVER
    assert not host.seats[0].takeover, "ann's 托管 ended with the game"
    assert host.seats[1].takeover, "bob is still away: still played for"
    host.ready(0)
    host.new_game()
    await host.settled()
    assert host.game.phase is not Phase.OVER, "the new deal waits for ann: no bot plays her"
    await host.close()


async def test_the_timer_declines_to_show_at_the_start() -> None:
    """明牌开始: a seat whose turn runs out keeps its hand hidden, and the table says so."""
    clock = ManualClock()
    host = TableHost(
        [SeatInfo("ann"), bot("b1", "easy"), bot("b2", "easy")],  # easy never shows
        bot_delay=0,
        seed=4,
        turn_timeout=30,
        rules=Rules(LandlordMode.BID, show_start=True),
        clock=clock,
    )
    states: list[TableState] = []
    host.subscribe(0, states.append)
    host.new_game()
    await time_out_to_the_end(host, clock)
    said = [e for e in host.game.events if isinstance(e, ShownAtStart)]
    assert len(said) >= 3 and all(e.cards == () for e in said)
    assert not host.game.multiplier.shown_start
    notices = {s.notice.key for s in states if isinstance(s.notice, Phrase)}
    assert "table.notice.timeout_show_start" in notices
    await host.close()
