"""The redeal limit: after `REDEALS_BEFORE_LOT` redeals in a row the landlord is drawn
by lot, and a record keeps only the last deal declined. Three colluding seats that
never bid redealt 439 times in 26 s, each redeal adding to a record written whole."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import (
    Dealt,
    Decision,
    Game,
    LandlordChosen,
    LandlordMode,
    Phase,
    Rules,
    Started,
    dumps,
    loads,
)
from ddz_tui.engine.game import REDEALS_BEFORE_LOT

NOBODY_TAKES = (LandlordMode.BID, LandlordMode.GRAB)


def _decline(game: Game) -> None:
    """The seat whose turn it is passes the bid, or does not call."""
    seat = game.turn
    assert seat is not None
    if game.decision is Decision.BID:
        game.bid(seat, 0)
    else:
        game.call(seat, False)


def _decline_all(game: Game, deals: int) -> None:
    for _ in range(deals * 3):
        _decline(game)


@pytest.mark.parametrize("mode", NOBODY_TAKES)
def test_three_redeals_then_the_landlord_is_drawn_by_lot(mode: LandlordMode) -> None:
    game = Game(21, rules=Rules(mode))
    _decline_all(game, REDEALS_BEFORE_LOT - 1)
    assert game.phase is Phase.BIDDING and game.landlord is None, "still bidding"
    _decline_all(game, 1)
    assert game.redeals == REDEALS_BEFORE_LOT
    dealt, chosen = game.events[-2:]
    assert isinstance(dealt, Dealt) and dealt.number == REDEALS_BEFORE_LOT
    assert dealt.first is None, "nobody bids first: there is no bidding"
    assert isinstance(chosen, LandlordChosen) and chosen.base == 1
    assert game.landlord == chosen.seat and game.phase is Phase.PLAYING
    assert game.turn == game.landlord and game.multiplier.total == 1
    # the same cards as the deal would have had without the limit: only who is landlord differs
    unlimited = Game(21, rules=Rules(mode), redeal_limit=False)
    _decline_all(unlimited, REDEALS_BEFORE_LOT)
    assert unlimited.events[-1] == Dealt(dealt.number, dealt.hands, dealt.bottom, unlimited.turn)


def test_the_record_keeps_only_the_last_deal_declined() -> None:
    game = Game(4)
    _decline_all(game, 1)
    one = game.events
    assert [type(e) for e in one].count(Dealt) == 2 and not one[0].limited, "one redeal: as before"
    assert json.loads(dumps(one[:1]))["version"] == 1
    _decline_all(game, REDEALS_BEFORE_LOT - 1)
    events = game.events
    started, declined = events[:2]
    assert isinstance(started, Started) and started.limited and started.version == 3
    assert isinstance(declined, Dealt) and declined.number == REDEALS_BEFORE_LOT - 1
    assert [type(e) for e in events].count(Dealt) == 2
    assert len(events) == 1 + 1 + 3 + 1 + 1  # started, declined deal and its passes, lot
    play_out(game, [make_bot("random", s) for s in range(3)])
    text = dumps(game.events)
    assert loads(text) == list(game.events)
    assert Game.replay(loads(text)).events == game.events


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    mode=st.sampled_from(NOBODY_TAKES),
    takes=st.lists(st.booleans(), max_size=20),
)
def test_any_run_of_declines_is_bounded_and_replays(
    seed: int, mode: LandlordMode, takes: list[bool]
) -> None:
    """Whatever the seats decline or take (an answer each, 'take' bidding the least it
    may), there are at most `REDEALS_BEFORE_LOT` redeals, the record holds at most two
    deals, and it replays to the same game."""
    game = Game(seed, rules=Rules(mode))
    for take in takes:
        if game.phase is not Phase.BIDDING:
            break
        seat = game.turn
        assert seat is not None
        if not take:
            _decline(game)
        elif game.decision is Decision.BID:
            game.bid(seat, game.view(seat).legal_bids[1])
        else:
            game.call(seat, True)
    events = game.events
    assert game.redeals <= REDEALS_BEFORE_LOT
    assert [type(e) for e in events].count(Dealt) <= 2
    started = events[0]
    assert isinstance(started, Started) and started.limited == (game.redeals >= 2)
    if game.phase is not Phase.BIDDING and game.redeals == REDEALS_BEFORE_LOT:
        assert game.multiplier.base == 1 and game.view(0).bids == game.view(0).calls == ()
    assert Game.replay(loads(dumps(events))).events == events


def test_a_record_from_before_the_limit_replays_every_redeal() -> None:
    """A version 1 record of a game that redealt five times: no lot, nothing dropped."""
    game = Game(8, redeal_limit=False)
    _decline_all(game, 5)
    assert game.phase is Phase.BIDDING and game.redeals == 5
    play_out(game, [make_bot("random", s) for s in range(3)])
    text = dumps(game.events)
    assert text.startswith('{"event": "started", "seed": 8, "landlord_mode": "bid", "version": 1}')
    events = loads(text)
    assert [type(e) for e in events].count(Dealt) == 6
    replayed = Game.replay(events)
    assert replayed.events == tuple(events) and replayed.redeals == 5


@pytest.mark.parametrize("number", [0, REDEALS_BEFORE_LOT, 10**9])
def test_a_record_cannot_ask_for_endless_redeals(number: int) -> None:
    """A hostile record naming its first deal a billion-th is refused, not dealt."""
    game = Game(4)
    _decline_all(game, REDEALS_BEFORE_LOT - 1)
    started, dealt, *rest = game.events
    assert isinstance(dealt, Dealt)
    forged = [started, Dealt(number, dealt.hands, dealt.bottom, dealt.first), *rest]
    with pytest.raises(ValueError, match=f"starts with deal {number}"):
        Game.replay(forged)
