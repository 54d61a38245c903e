"""Invariants over 10,000 random games, checked by an independent reading of each record.

The checker below re-derives, from the events alone, what must hold in every game:
cards conserved, each play legal when made, turn order, no three passes in a row,
an end, one winning side, zero-sum scores, and redeals only when all three pass (or
all three decline to call). Under house rules it also follows calling and grabbing
(叫地主/抢地主), showing (明牌) and doubling (加倍), written out again here rather
than taken from the engine. The games run in two processes to keep CI time down.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.cards import DECK
from ddz_tui.engine import (
    Bid,
    Called,
    Dealt,
    Doubled,
    Event,
    Game,
    GameOver,
    LandlordChosen,
    LandlordMode,
    Passed,
    Played,
    Rules,
    Shown,
    Side,
    Started,
    TrickWon,
)
from ddz_tui.rules import beats, classify
from tests.support.house_play import ALL_RULES, random_game

GAMES = 10_000


def check_record(events: list[Event]) -> None:
    """Raise AssertionError if the record breaks a rule of the game."""
    started = events[0]
    assert isinstance(started, Started)
    rules = started.rules
    assert rules.factors == type(rules.factors)(), "the checker knows the ×2 factors only"
    random_mode = started.landlord_mode is LandlordMode.RANDOM
    grab_mode = started.landlord_mode is LandlordMode.GRAB
    hands: list[set[int]] = []
    bottom: set[int] = set()
    bids: list[tuple[int, int]] = []
    calls: list[tuple[int, bool]] = []
    grabbers: list[int] = []  # who may still answer in calling and grabbing, in turn
    caller = None
    shown = False
    doubles: list[tuple[int, bool]] = []
    turn = landlord = None
    last: tuple[int, object] | None = None
    passes = plays_by_landlord = plays_by_peasants = doublings = 0
    ended = False
    for event in events[1:]:
        assert not ended, "an event after the game ended"
        decided = landlord is not None and (
            (not rules.showing or shown is not None)
            and (not rules.doubling or len(doubles) == 3 or _both_declined(doubles))
        )
        if isinstance(event, (Played, Passed)):
            assert decided, "a play before showing and doubling were over"
        if isinstance(event, Dealt):
            if hands:  # a redeal: only after three passes, or three seats not calling
                assert not random_mode
                answers = calls if grab_mode else [(s, n > 0) for s, n in bids]
                assert [took for _, took in answers] == [False, False, False]
            hands = [set(h) for h in event.hands]
            bottom = set(event.bottom)
            assert [len(h) for h in hands] == [17, 17, 17] and len(bottom) == 3
            assert set().union(*hands, bottom) == set(range(54)), "54 cards, each once"
            bids, calls, turn, caller, shown = [], [], event.first, None, None
            grabbers = [] if event.first is None else [(event.first + k) % 3 for k in range(3)]
        elif isinstance(event, Called):
            assert grab_mode and grabbers and event.seat == grabbers[0], "call out of turn"
            grabbers.pop(0)
            if event.take and caller is None:  # the call: the seats not asked yet may grab
                caller = event.seat
            elif event.take and caller != event.seat and caller not in grabbers:
                grabbers.append(caller)  # the first grab: the caller may grab back, last
            calls.append((event.seat, event.take))
            turn = grabbers[0] if grabbers else None
        elif isinstance(event, Shown):
            assert rules.showing and shown is None and event.seat == landlord == turn
            assert not event.cards or set(event.cards) == hands[landlord], "the whole hand"
            shown = bool(event.cards)
            turn = (landlord + 1) % 3 if rules.doubling else landlord
        elif isinstance(event, Doubled):
            assert rules.doubling and landlord is not None and event.seat == turn
            assert not rules.showing or shown is not None, "doubling before showing"
            assert event.seat == (landlord + 1 + len(doubles)) % 3, "peasants, then the landlord"
            assert not _both_declined(doubles), "no redouble unless a peasant doubled"
            doubles.append((event.seat, event.double))
            turn = landlord if len(doubles) == 3 else (event.seat + 1) % 3
        elif isinstance(event, Bid):
            assert not grab_mode and not random_mode
            assert event.seat == turn, "bid out of turn"
            high = max((n for _, n in bids), default=0)
            assert event.bid == 0 or high < event.bid <= 3
            bids.append((event.seat, event.bid))
            turn = (event.seat + 1) % 3
        elif isinstance(event, LandlordChosen):
            if random_mode:
                assert event.base == 1 and not bids and not calls
            elif grab_mode:
                assert caller is not None and not grabbers, "calling not over"
                takers = [s for s, took in calls if took]
                assert event.base == 1 and event.seat == takers[-1], "the last to take"
            else:
                high = max(n for _, n in bids)
                assert high > 0 and (high == 3 or len(bids) == 3)
                assert (event.seat, event.base) == max(bids, key=lambda b: b[1])
            landlord = turn = event.seat
            if not rules.showing and rules.doubling:
                turn = (landlord + 1) % 3
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
            base = max((n for _, n in bids), default=1)
            grabs = max(sum(took for _, took in calls) - 1, 0)
            raised = doublings + (spring or anti_spring) + grabs + bool(shown)
            assert event.multiplier == base * 2**raised
            assert sum(event.scores) == 0
            sign = 1 if event.side is Side.LANDLORD else -1
            doubled = {seat for seat, yes in doubles if yes}
            for seat in range(3):
                if seat != landlord:
                    own = event.multiplier * 2 ** (seat in doubled) * 2 ** (landlord in doubled)
                    assert event.scores[seat] == -sign * own
            if not doubled:
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


def _play_and_check_house_games(seeds: range) -> int:
    for seed in seeds:
        check_record(list(random_game(seed, ALL_RULES[seed % len(ALL_RULES)]).events))
    return len(seeds)


def _both_declined(doubles: list[tuple[int, bool]]) -> bool:
    """Both peasants said no to 加倍: the landlord has nothing to redouble against."""
    return len(doubles) == 2 and not any(doubled for _, doubled in doubles)


def test_invariants_hold_under_every_house_rule() -> None:
    games = 2_400  # 200 for each set of rules
    with ProcessPoolExecutor(max_workers=2) as pool:
        counts = list(
            pool.map(_play_and_check_house_games, [range(0, games, 2), range(1, games, 2)])
        )
    assert sum(counts) == games


def _all_caught(broken: dict[str, list[Event]]) -> None:
    for name, events in broken.items():
        try:
            check_record(events)
        except AssertionError:
            continue
        raise AssertionError(f"the checker missed: {name}")


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
    _all_caught(broken)


def _a_house_record_with_a_grab() -> list[Event]:
    rules = Rules(LandlordMode.GRAB, doubling=True, showing=True)
    for seed in range(200):
        events = list(random_game(seed, rules).events)
        if sum(isinstance(e, Called) and e.take for e in events) > 1:
            return events
    raise AssertionError("no grab in 200 games")


def test_the_checker_catches_broken_house_records() -> None:
    good = _a_house_record_with_a_grab()
    check_record(good)
    over = good[-1]
    assert isinstance(over, GameOver)
    at = {
        kind: [i for i, e in enumerate(good) if isinstance(e, kind)]
        for kind in (Called, Shown, Doubled)
    }
    first_double, second_double = at[Doubled][:2]
    swapped = list(good)
    swapped[first_double], swapped[second_double] = good[second_double], good[first_double]
    landlord = next(e.seat for e in good if isinstance(e, LandlordChosen))
    peasant = (landlord + 1) % 3
    moved = list(over.scores)
    moved[peasant] += 1
    moved[landlord] -= 1
    broken = {
        "no show decision": [e for e in good if not isinstance(e, Shown)],
        "doubles out of order": swapped,
        "a call missing": [e for i, e in enumerate(good) if i != at[Called][-1]],
        "a doubled score wrong": [*good[:-1], GameOver(over.side, over.seat, over.spring,
                                                      over.anti_spring, over.multiplier,
                                                      tuple(moved))],
    }  # fmt: skip
    _all_caught(broken)
