"""叫地主 / 抢地主: every legal sequence of calls and grabs, its landlord and its stake."""

from __future__ import annotations

import copy

import pytest

from ddz_tui.engine import (
    Called,
    Dealt,
    Decision,
    Factors,
    Game,
    IllegalAction,
    IllegalReason,
    LandlordChosen,
    LandlordMode,
    Phase,
    Rules,
    calling,
)
from ddz_tui.engine.game import REDEALS_BEFORE_LOT
from tests.support.rigging import rigged

GRAB = Rules(LandlordMode.GRAB)

# Every legal sequence from seat 0 ("1y" = seat 1 takes, "1n" = declines), with the
# landlord (None: nobody called, a redeal) and the number of grabs. Written out by
# hand from the rules: a seat that declined to call cannot grab; after a grab, the
# caller may grab back, last.
SEQUENCES = [
    ("0n 1n 2n", None, 0),
    ("0n 1n 2y", 2, 0),
    ("0n 1y 2n", 1, 0),
    ("0n 1y 2y 1n", 2, 1),
    ("0n 1y 2y 1y", 1, 2),
    ("0y 1n 2n", 0, 0),
    ("0y 1y 2n 0n", 1, 1),
    ("0y 1y 2n 0y", 0, 2),
    ("0y 1n 2y 0n", 2, 1),
    ("0y 1n 2y 0y", 0, 2),
    ("0y 1y 2y 0n", 2, 2),
    ("0y 1y 2y 0y", 0, 3),
]


def _answers(text: str, first: int) -> list[tuple[int, bool]]:
    return [((int(word[0]) + first) % 3, word[1] == "y") for word in text.split()]


def _game(first: int, rules: Rules = GRAB) -> Game:
    hands = ["33334444555566667", "77788889999TTTTJJ", "JJQQQQKKKKAAAA22B"]
    return rigged(hands, "22R", first, rules)


def _state(game: Game) -> object:
    return copy.deepcopy(
        {k: v for k, v in vars(game).items() if k != "_rng"} | {"rng": game._rng.getstate()}
    )


@pytest.mark.parametrize("first", [0, 1, 2])
@pytest.mark.parametrize(("text", "landlord", "grabs"), SEQUENCES)
def test_each_sequence_settles_its_landlord_and_stake(
    text: str, landlord: int | None, grabs: int, first: int
) -> None:
    game = _game(first)
    answers = _answers(text, first)
    called = False
    for i, (seat, take) in enumerate(answers):
        view = game.view(seat)
        assert game.turn == view.turn == seat and view.my_turn
        expected = Decision.GRAB if called else Decision.CALL
        assert game.decision is view.decision is expected
        assert view.legal_bids == () and view.phase is Phase.BIDDING
        for other in {0, 1, 2} - {seat}:  # nobody else may answer now
            with pytest.raises(IllegalAction) as error:
                game.call(other, True)
            assert error.value.reason is IllegalReason.NOT_YOUR_TURN
        events = game.call(seat, take)
        assert events[0] == Called(seat, take)
        called = called or take
        if i < len(answers) - 1:
            assert events == (Called(seat, take),)
    if landlord is None:
        assert game.redeals == 1 and isinstance(game.events[-1], Dealt)
        assert game.phase is Phase.BIDDING and game.view(0).calls == ()
        assert game.decision is Decision.CALL and game.turn == game.events[-1].first
        return
    landlord = (landlord + first) % 3
    chosen = game.events[-1]
    assert chosen == LandlordChosen(landlord, 1, tuple(c.id for c in game.bottom))
    assert game.landlord == landlord and game.turn == landlord
    assert game.phase is Phase.PLAYING and game.decision is Decision.PLAY
    assert game.multiplier.grabs == grabs and game.multiplier.total == 2**grabs
    assert len(game.hand(landlord)) == 20
    for seat in range(3):
        view = game.view(seat)
        assert view.landlord == landlord and view.multiplier == game.multiplier
        assert view.grabs == grabs and view.calls == tuple(answers)


def test_the_written_sequences_are_all_there_are() -> None:
    """Walk every answer at every turn through the game itself: the finished sequences
    are exactly the twelve above, from each first seat."""
    for first in range(3):
        found = set()
        pending = [()]
        for _ in range(200):  # far more than the 2^5 paths there can be
            if not pending:
                break
            answers = pending.pop()
            game = _game(first)
            for seat, take in answers:
                game.call(seat, take)
            if game.redeals or game.landlord is not None:
                found.add(answers)
                continue
            pending += [(*answers, (game.turn, take)) for take in (True, False)]
        assert not pending
        assert found == {tuple(_answers(text, first)) for text, _, _ in SEQUENCES}


def test_the_calling_function_refuses_answers_out_of_turn_or_after_the_end() -> None:
    assert calling(1, []).turn == 1
    with pytest.raises(ValueError, match="answer 1 is seat 0's, but it was seat 1's turn"):
        calling(1, [(0, True)])
    with pytest.raises(ValueError, match="answer 3 is seat 0's, but it was seat 2's turn"):
        calling(0, [(0, True), (1, False), (0, True)])  # seat 2 grabs before seat 0
    with pytest.raises(ValueError, match="answer 4 comes after calling was over"):
        calling(0, [(0, True), (1, False), (2, False), (0, True)])
    with pytest.raises(ValueError, match="answer 4 comes after"):
        calling(0, [(0, False), (1, False), (2, False), (0, True)])


def test_a_grab_stake_counts_the_rules_grab_factor() -> None:
    rules = Rules(LandlordMode.GRAB, factors=Factors(grab=3))
    game = _game(0, rules)
    for seat, take in _answers("0y 1y 2y 0y", 0):
        game.call(seat, take)
    assert game.landlord == 0 and game.multiplier.total == 27


def test_redeals_are_counted_and_a_new_first_seat_is_drawn() -> None:
    game = Game(5, rules=GRAB)
    for deal in range(1, REDEALS_BEFORE_LOT):
        first = game.turn
        for k in range(3):
            game.call((first + k) % 3, False)
        assert game.redeals == deal
        new = game.events[-1]
        assert isinstance(new, Dealt) and new.number == deal and game.turn == new.first
    assert Game.replay(game.events).events == game.events


def test_after_three_redeals_nobody_calls_for_the_landlord_drawn_by_lot() -> None:
    game = Game(5, rules=GRAB)
    for _ in range(REDEALS_BEFORE_LOT):
        first = game.turn
        for k in range(3):
            game.call((first + k) % 3, False)
    assert game.redeals == REDEALS_BEFORE_LOT
    dealt, chosen = game.events[-2:]
    assert isinstance(dealt, Dealt) and dealt.first is None
    assert isinstance(chosen, LandlordChosen) and chosen.base == 1
    assert game.landlord == chosen.seat and game.phase is Phase.PLAYING
    assert game.multiplier.total == 1 and game.view(0).calls == ()
    assert Game.replay(game.events).events == game.events


@pytest.mark.parametrize(
    ("rules", "action", "reason", "message"),
    [
        (GRAB, lambda g: g.bid(0, 1), IllegalReason.WRONG_PHASE, "call the landlord or not"),
        (GRAB, lambda g: g.play(0, "3"), IllegalReason.WRONG_PHASE, "call the landlord or not"),
        (GRAB, lambda g: g.double(0, True), IllegalReason.WRONG_PHASE, "call the landlord or not"),
        (GRAB, lambda g: g.show(0, True), IllegalReason.WRONG_PHASE, "call the landlord or not"),
        (GRAB, lambda g: g.call(1, True), IllegalReason.NOT_YOUR_TURN,
         "seat 0's turn, not seat 1's"),
        (GRAB, lambda g: g.call(0, 1), IllegalReason.NOT_YES_OR_NO, "answer yes or no"),
        (GRAB, lambda g: g.call(0, None), IllegalReason.NOT_YES_OR_NO, "answer yes or no"),
        (GRAB, lambda g: g.call(3, True), IllegalReason.NO_SUCH_SEAT, "there is no seat 3"),
        (Rules(), lambda g: g.call(0, True), IllegalReason.WRONG_PHASE, "bid first"),
    ],
)  # fmt: skip
def test_refused_answers_leave_the_game_unchanged(rules, action, reason, message) -> None:
    game = _game(0, rules)
    before = _state(game)
    with pytest.raises(IllegalAction) as error:
        action(game)
    assert error.value.reason is reason and message in error.value.message
    assert _state(game) == before


def test_a_grab_refused_says_it_is_grabbing_time() -> None:
    game = _game(0)
    game.call(0, True)
    with pytest.raises(IllegalAction, match="grab the landlord or not"):
        game.play(1, "7")
    game.call(1, False)
    game.call(2, False)
    with pytest.raises(IllegalAction, match="the play has begun: play or pass"):
        game.call(0, True)


def test_every_refusal_of_a_decision_out_of_time_reads_in_both_languages() -> None:
    from ddz_tui.engine.game import _not_now
    from ddz_tui.i18n import set_language

    try:
        for lang in ("en", "zh"):
            set_language(lang)
            texts = {_not_now(due, tried) for due in (*Decision, None) for tried in Decision}
            # one per decision due, "bidding is over", and "the game is over" (none due)
            assert all(texts) and len(texts) == len(Decision) + 2
    finally:
        set_language("en")
