"""The game: deal, bidding, turns, passes, refusals, winner and score."""

from __future__ import annotations

import copy
import random

import pytest

from ddz_tui.cards import DECK, ranks_of
from ddz_tui.engine import (
    Bid,
    Dealt,
    Game,
    GameOver,
    IllegalAction,
    IllegalReason,
    LandlordChosen,
    LandlordMode,
    Multiplier,
    Passed,
    Phase,
    Played,
    Side,
    Started,
    TrickWon,
    bubble_in,
    bubble_sort,
    scores,
)
from ddz_tui.engine.seats import per_seat
from ddz_tui.i18n import Lang, language
from ddz_tui.rules import classify
from tests.support.rigging import rigged


def test_deal_follows_a_random_permutation_of_the_ids() -> None:
    game = Game(seed=42)
    order = list(range(54))
    random.Random(42).shuffle(order)
    started, dealt = game.events
    assert started == Started(42, LandlordMode.BID)
    assert isinstance(dealt, Dealt) and dealt.number == 0
    for seat in range(3):
        assert dealt.hands[seat] == tuple(sorted(order[seat * 17 : seat * 17 + 17]))
        assert [c.id for c in game.hand(seat)] == sorted(order[seat * 17 : seat * 17 + 17])
    assert dealt.bottom == tuple(sorted(order[51:]))
    assert game.phase is Phase.BIDDING and game.landlord is None


def test_the_same_seed_deals_the_same_game() -> None:
    assert Game(seed=5).events == Game(seed=5).events
    assert Game(seed=5).events != Game(seed=6).events
    unseeded = Game()
    assert Game(seed=unseeded.seed).events == unseeded.events


def test_bubble_sorts() -> None:
    items = [5, 3, 9, 1, 1, 0]
    assert bubble_sort(items) == [0, 1, 1, 3, 5, 9] and items == [0, 1, 1, 3, 5, 9]
    assert bubble_in([1, 4, 8], [0, 9, 5]) == [0, 1, 4, 5, 8, 9]


def test_random_mode_picks_a_landlord_who_takes_the_bottom_and_leads() -> None:
    landlords = set()
    for seed in range(30):
        game = Game(seed=seed, landlord_mode="random")
        chosen = game.events[2]
        assert isinstance(chosen, LandlordChosen) and chosen.base == 1
        assert game.landlord == chosen.seat == game.turn
        assert len(game.hand(game.landlord)) == 20
        assert set(game.bottom) <= set(game.hand(game.landlord))
        assert [c.id for c in game.hand(game.landlord)] == sorted(
            c.id for c in game.hand(game.landlord)
        )
        landlords.add(game.landlord)
    assert landlords == {0, 1, 2}


def _bidding_game(first: int = 0) -> Game:
    hands = ["33334444555566667", "77788889999TTTTJJ", "JJQQQQKKKKAAAA22B"]
    return rigged(hands, "22R", first)


def test_bidding_the_highest_bidder_wins_once_all_have_answered() -> None:
    game = _bidding_game(first=1)
    assert game.turn == 1
    game.bid(1, 1)
    game.bid(2, 0)
    events = game.bid(0, 2)
    assert events == (Bid(0, 2), LandlordChosen(0, 2, tuple(c.id for c in game.bottom)))
    assert game.landlord == 0 and game.turn == 0 and game.multiplier.base == 2
    assert game.view(2).legal_bids == ()


def test_a_bid_of_three_ends_bidding_at_once() -> None:
    game = _bidding_game(first=2)
    game.bid(2, 3)
    assert game.landlord == 2 and game.phase is Phase.PLAYING


def test_all_pass_redeals_from_a_new_permutation() -> None:
    game = Game(seed=11)
    first = game.turn
    old = game.events[1]
    for k in range(3):
        game.bid((first + k) % 3, 0)
    assert game.redeals == 1
    new = game.events[-1]
    assert isinstance(new, Dealt) and new.number == 1 and new.hands != old.hands
    assert game.phase is Phase.BIDDING and game.turn == new.first
    assert game.view(0).bids == ()


def test_the_highest_bid_wins_even_if_a_later_seat_passes() -> None:
    game = _bidding_game(first=0)
    game.bid(0, 2)
    game.bid(1, 0)
    game.bid(2, 0)
    assert game.landlord == 0 and game.multiplier.base == 2


def _state(game: Game) -> object:
    return copy.deepcopy(
        {k: v for k, v in vars(game).items() if k != "_rng"} | {"rng": game._rng.getstate()}
    )


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (lambda g: g.bid(1, 1), IllegalReason.NOT_YOUR_TURN),
        (lambda g: g.bid(0, 4), IllegalReason.BID_OUT_OF_RANGE),
        (lambda g: g.bid(0, -1), IllegalReason.BID_OUT_OF_RANGE),
        (lambda g: g.play(0, "3"), IllegalReason.WRONG_PHASE),
        (lambda g: g.pass_turn(0), IllegalReason.WRONG_PHASE),
        (lambda g: g.bid(5, 1), IllegalReason.NO_SUCH_SEAT),
    ],
)
def test_illegal_bids_leave_the_game_unchanged(action, reason: IllegalReason) -> None:
    game = _bidding_game(first=0)
    before = _state(game)
    with pytest.raises(IllegalAction) as error:
        action(game)
    assert error.value.reason is reason and error.value.message
    assert _state(game) == before


def test_a_bid_must_be_higher() -> None:
    game = _bidding_game(first=0)
    game.bid(0, 2)
    before = _state(game)
    with pytest.raises(IllegalAction) as error:
        game.bid(1, 2)
    assert error.value.reason is IllegalReason.BID_NOT_HIGHER
    assert error.value.message == "bid more than 2, or pass"
    assert _state(game) == before


def _playing_game() -> Game:
    game = _bidding_game(first=0)
    game.bid(0, 3)  # seat 0: 3333 4444 5555 6666 7 + bottom 2 2 R
    return game


@pytest.mark.parametrize(
    ("prepare", "action", "reason", "message"),
    [
        (None, lambda g: g.play(1, "7"), IllegalReason.NOT_YOUR_TURN,
         "it is seat 0's turn, not seat 1's"),
        (None, lambda g: g.play(0, "8"), IllegalReason.NOT_IN_HAND, "you do not hold 8"),
        (None, lambda g: g.play(0, "77"), IllegalReason.NOT_IN_HAND, "you do not hold 7 7"),
        (None, lambda g: g.play(0, [DECK[53], DECK[53]]), IllegalReason.NOT_IN_HAND,
         "you do not hold R"),
        (None, lambda g: g.play(0, [DECK[52]]), IllegalReason.NOT_IN_HAND, "you do not hold B"),
        (None, lambda g: g.play(0, "34"), IllegalReason.INVALID_COMBINATION, "3 4 is not a valid"),
        (None, lambda g: g.play(0, "3x"), IllegalReason.INVALID_COMBINATION, "unknown card"),
        (None, lambda g: g.play(0, ""), IllegalReason.NOTHING_SELECTED, "select the cards"),
        (None, lambda g: g.pass_turn(0), IllegalReason.MUST_PLAY, "you lead, so you must play"),
        (None, lambda g: g.bid(0, 1), IllegalReason.WRONG_PHASE, "bidding is over"),
        (lambda g: g.play(0, "7"), lambda g: g.play(1, "77"), IllegalReason.WRONG_KIND,
         "a pair of 7s cannot answer a single 7: it needs a single or a bomb"),
        (lambda g: g.play(0, "7"), lambda g: g.play(1, "7"), IllegalReason.NOT_STRONGER,
         "a single 7 does not beat a single 7"),
    ],
)  # fmt: skip
def test_illegal_plays_leave_the_game_unchanged(prepare, action, reason, message) -> None:
    game = _playing_game()
    if prepare:
        prepare(game)
    before = _state(game)
    with pytest.raises(IllegalAction) as error:
        action(game)
    assert error.value.reason is reason
    assert message in error.value.message
    assert _state(game) == before


def test_an_illegal_action_carries_a_phrase_said_in_either_language() -> None:
    """The refusal is a value: a server says it to each player in theirs, and the
    process's own language stays as it is."""
    game = _playing_game()
    game.play(0, "7")
    with pytest.raises(IllegalAction) as error:
        game.play(1, "JJ")
    phrase = error.value.phrase
    assert (
        phrase.render(Lang.EN)
        == "a pair of Js cannot answer a single 7: it needs a single or a bomb"
    )
    assert phrase.render(Lang.ZH) == "一对J管不上单张7：需要单张或炸弹"
    assert error.value.message == phrase.render(Lang.EN) == str(error.value)
    with pytest.raises(IllegalAction) as error:
        game.bid(1, 1)
    assert error.value.phrase.render(Lang.ZH) == "叫分已经结束"
    assert error.value.phrase.render(Lang.EN) == "bidding is over"
    assert language() is Lang.EN


def test_turns_run_round_and_two_passes_give_the_lead_back() -> None:
    game = _playing_game()
    seven = next(card for card in game.hand(0) if card.rank == "7")
    assert game.play(0, "7") == (Played(0, (seven.id,)),)
    assert game.turn == 1
    assert game.to_beat == classify("7")
    game.play(1, "8")
    assert game.turn == 2
    assert game.pass_turn(2) == (Passed(2),)
    assert game.turn == 0
    assert game.pass_turn(0) == (Passed(0), TrickWon(1))
    assert game.turn == 1 and game.to_beat is None
    view = game.view(1)
    assert view.leads and view.last_play is None
    with pytest.raises(IllegalAction):
        game.pass_turn(1)


def test_play_takes_the_lowest_suits_for_ranks_and_exact_cards_when_given() -> None:
    game = _playing_game()
    game.play(0, "33")
    played = game.events[-1]
    assert isinstance(played, Played) and played.cards == (0, 1)  # 3♠ 3♥
    game.play(1, [c for c in game.hand(1) if c.rank == "8"][2:])
    assert game.events[-1].cards == (22, 23)


def test_spring_with_bombs_doubles_each_time() -> None:
    game = rigged(["R2222AAAAKKKKQQQQ", "33445566778899TTJ", "33445566778899TTB"], "JJJ", first=0)
    game.bid(0, 3)
    for bomb in ("2222", "AAAA", "KKKK", "QQQQ"):
        game.play(0, bomb)
        assert game.multiplier.total == 3 * 2 ** ("2AKQ".index(bomb[0]) + 1)
        game.pass_turn(1)
        game.pass_turn(2)
    events = game.play(0, "JJJR")
    over = events[-1]
    assert isinstance(over, GameOver)
    assert over.side is Side.LANDLORD and over.seat == 0
    assert over.spring and not over.anti_spring
    assert over.multiplier == 3 * 2**4 * 2
    assert over.scores == (192, -96, -96) and sum(over.scores) == 0
    assert game.phase is Phase.OVER and game.turn is None
    assert game.result is not None and game.result.multiplier == Multiplier(
        3, 4, False, True, False
    )
    with pytest.raises(IllegalAction) as error:
        game.play(1, "3")
    assert error.value.reason is IllegalReason.WRONG_PHASE


def test_anti_spring_and_the_rocket() -> None:
    game = rigged(["33344556677889TTJ", "BR2222AAAAKKKKQQQ", "344556677889TTJJ9"], "JQ9", first=0)
    game.bid(0, 1)
    game.bid(1, 0)
    game.bid(2, 0)
    assert game.landlord == 0
    game.play(0, "3")
    game.play(1, "BR")
    for bomb_or_trio in ("2222", "AAAA", "KKKK"):
        game.pass_turn(2)
        game.pass_turn(0)
        game.play(1, bomb_or_trio)
    game.pass_turn(2)
    game.pass_turn(0)
    over = game.play(1, "QQQ")[-1]
    assert isinstance(over, GameOver)
    assert over.side is Side.PEASANTS and over.anti_spring and not over.spring
    assert game.multiplier == Multiplier(1, 3, True, False, True)
    assert over.multiplier == 2**5
    assert over.scores == (-64, 32, 32)


@pytest.mark.parametrize(
    ("landlord", "winner", "multiplier", "expected"),
    [
        (0, Side.LANDLORD, Multiplier(1), (2, -1, -1)),
        (1, Side.PEASANTS, Multiplier(3, bombs=1), (6, -12, 6)),
        (2, Side.PEASANTS, Multiplier(2, rocket=True, anti_spring=True), (8, 8, -16)),
    ],
)
def test_scores(landlord: int, winner: Side, multiplier: Multiplier, expected) -> None:
    assert scores(landlord, winner, multiplier) == expected
    assert sum(expected) == 0


def test_view_of_a_game_in_progress() -> None:
    game = _playing_game()
    game.play(0, "3333")
    view = game.view(1)
    assert view.hand_ranks == ranks_of(game.hand(1))
    assert view.cards_left == (16, 17, 17)
    assert view.last_play == (0, classify("3333"))
    assert view.multiplier == Multiplier(3, 1)
    assert view.role.value == "peasant" and view.partner == 2 and view.opponents == (0,)
    assert view.landlord_holds == "22R"
    assert "3" not in view.unseen and view.unseen.count("2") == 4


def test_per_seat_holds_exactly_one_value_for_each_seat() -> None:
    assert per_seat(x * 2 for x in range(3)) == (0, 2, 4)
    for wrong in ([], [1, 2], [1, 2, 3, 4]):
        with pytest.raises(ValueError, match="three seats"):
            per_seat(wrong)
