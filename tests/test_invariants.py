"""Invariants over 10,000 random games, checked by an independent reading of each record.

The checker below re-derives, from the events alone, what must hold in every game:
cards conserved, each play legal when made, turn order, no three passes in a row,
an end, one winning side, zero-sum scores, and redeals only when all three pass.
The games run in two processes to keep CI time down.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.cards import DECK
from ddz_tui.engine import (
    Bid,
    Dealt,
    Event,
    Game,
    GameOver,
    LandlordChosen,
    LandlordMode,
    Passed,
    Played,
    Side,
    Started,
    TrickWon,
)
from ddz_tui.rules import beats, classify

GAMES = 10_000


def check_record(events: list[Event]) -> None:
    """Raise AssertionError if the record breaks a rule of the game."""
    started = events[0]
    assert isinstance(started, Started)
    random_mode = started.landlord_mode is LandlordMode.RANDOM
    hands: list[set[int]] = []
    bottom: set[int] = set()
    bids: list[tuple[int, int]] = []
    turn = landlord = None
    last: tuple[int, object] | None = None
    passes = plays_by_landlord = plays_by_peasants = doublings = 0
    ended = False
    for event in events[1:]:
        assert not ended, "an event after the game ended"
        if isinstance(event, Dealt):
            if hands:  # a redeal: only after three passes in bid mode
                assert not random_mode and [n for _, n in bids] == [0, 0, 0]
            hands = [set(h) for h in event.hands]
            bottom = set(event.bottom)
            assert [len(h) for h in hands] == [17, 17, 17] and len(bottom) == 3
            assert set().union(*hands, bottom) == set(range(54)), "54 cards, each once"
            bids, turn = [], event.first
        elif isinstance(event, Bid):
            assert event.seat == turn, "bid out of turn"
            high = max((n for _, n in bids), default=0)
            assert event.bid == 0 or high < event.bid <= 3
            bids.append((event.seat, event.bid))
            turn = (event.seat + 1) % 3
        elif isinstance(event, LandlordChosen):
            if random_mode:
                assert event.base == 1 and not bids
            else:
                high = max(n for _, n in bids)
                assert high > 0 and (high == 3 or len(bids) == 3)
                assert (event.seat, event.base) == max(bids, key=lambda b: b[1])
            landlord = turn = event.seat
            assert set(event.bottom) == bottom
            hands[landlord] |= bottom
        elif isinstance(event, Played):
            assert event.seat == turn, "play out of turn"
            cards = set(event.cards)
            assert len(cards) == len(event.cards) and cards <= hands[event.seat], "cards not held"
            combo = classify([DECK[i] for i in event.cards])
            assert combo is not None, "not a valid combination"
            assert beats(combo, None if last is None else last[1]), "does not beat"
            hands[event.seat] -= cards
            last, passes = (event.seat, combo), 0
            doublings += combo.is_bomb
            if event.seat == landlord:
                plays_by_landlord += 1
            else:
                plays_by_peasants += 1
            turn = (event.seat + 1) % 3
        elif isinstance(event, Passed):
            assert event.seat == turn and last is not None, "pass out of turn or while leading"
            passes += 1
            assert passes <= 2, "three passes in a row"
            turn = (event.seat + 1) % 3
        elif isinstance(event, TrickWon):
            assert passes == 2 and last is not None and event.seat == last[0]
            last, passes, turn = None, 0, event.seat
        elif isinstance(event, GameOver):
            assert not hands[event.seat], "the game ended with cards in hand"
            assert all(hands[s] for s in range(3) if s != event.seat)
            assert event.side is (Side.LANDLORD if event.seat == landlord else Side.PEASANTS)
            spring = event.side is Side.LANDLORD and plays_by_peasants == 0
            anti_spring = event.side is Side.PEASANTS and plays_by_landlord == 1
            assert (event.spring, event.anti_spring) == (spring, anti_spring)
            base = 1 if random_mode else max(n for _, n in bids)
            assert event.multiplier == base * 2 ** (doublings + (spring or anti_spring))
            assert sum(event.scores) == 0
            sign = 1 if event.side is Side.LANDLORD else -1
            assert event.scores[landlord] == 2 * event.multiplier * sign
            ended = True
    assert ended, "the game never ended"


def _play_and_check(seeds: range) -> int:
    checked = 0
    for seed in seeds:
        mode = LandlordMode.RANDOM if seed % 5 == 0 else LandlordMode.BID
        game = Game(seed, mode)
        play_out(game, [make_bot("random", seed * 7 + s) for s in range(3)])
        check_record(list(game.events))
        checked += 1
    return checked


def test_invariants_hold_over_ten_thousand_random_games() -> None:
    half = GAMES // 2
    with ProcessPoolExecutor(max_workers=2) as pool:
        counts = list(pool.map(_play_and_check, [range(half), range(half, GAMES)]))
    assert sum(counts) == GAMES


def test_the_checker_catches_broken_records() -> None:
    game = Game(1, LandlordMode.RANDOM)
    play_out(game, [make_bot("random", s) for s in range(3)])
    good = list(game.events)
    check_record(good)
    broken = {
        "a turn skipped": [e for e in good if not isinstance(e, Passed)],
        "no end": good[:-1],
    }
    first_play = next(i for i, e in enumerate(good) if isinstance(e, Played))
    played = good[first_play]
    other = next(
        i for i in range(54) if i not in good[1].hands[played.seat] and i not in good[1].bottom
    )
    broken["a card not held"] = [
        *good[:first_play],
        Played(played.seat, (other,)),
        *good[first_play + 1 :],
    ]
    chosen = next(i for i, e in enumerate(good) if isinstance(e, LandlordChosen))
    leader = good[chosen].seat
    broken["a pass while leading"] = [*good[: chosen + 1], Passed(leader), *good[chosen + 1 :]]
    for name, events in broken.items():
        try:
            check_record(events)
        except AssertionError:
            continue
        raise AssertionError(f"the checker missed: {name}")
