"""A seat's action as one value: what a view offers, what the game takes."""

from __future__ import annotations

import pytest

from ddz_tui.engine import (
    PASS,
    Answer,
    Decision,
    Game,
    IllegalAction,
    IllegalReason,
    MakeBid,
    Phase,
    Play,
    PlayerView,
    parse_rules,
)
from ddz_tui.rules import BY_CARDS


def test_a_view_offers_the_bids_above_the_highest() -> None:
    view = PlayerView(1, "3456789TJQKA2BR33", None, "", [], [(0, 1)])
    assert view.legal_actions() == (MakeBid(0), MakeBid(2), MakeBid(3))
    assert PlayerView(2, "3456789TJQKA2BR33", None, "", [], [(0, 1)]).legal_actions() == ()


def test_a_leader_may_not_pass_and_a_follower_may() -> None:
    leading = PlayerView(0, "3456789TJQKA2BR334", 0, "4", [])
    assert PASS not in leading.legal_actions()
    assert Play(BY_CARDS["3"]) in leading.legal_actions()
    following = PlayerView(1, "3344556677889TJQK", 0, "4", [(0, "2")])
    assert following.legal_actions() == (PASS,), "nothing in this hand beats a 2"
    higher = PlayerView(1, "3344556677889TJQKA", 0, "4", [(0, "K")])
    assert higher.legal_actions() == (PASS, Play(BY_CARDS["A"]))


def test_a_question_is_answered_yes_or_no() -> None:
    game = Game(3, rules=parse_rules("grab,double,show"))
    view = game.view(game.turn)
    assert view.legal_actions() == (Answer(Decision.CALL, True), Answer(Decision.CALL, False))


def test_the_game_takes_every_action_it_offers_and_nothing_else() -> None:
    game = Game(11, rules=parse_rules("grab,double,show"))
    while game.phase is not Phase.OVER:
        seat = game.turn
        assert seat is not None
        offered = game.view(seat).legal_actions()
        other = (seat + 1) % 3
        with pytest.raises(IllegalAction) as refused:
            game.act(other, offered[0])
        assert refused.value.reason is IllegalReason.NOT_YOUR_TURN
        game.act(seat, offered[-1])  # the last: no to questions, the strongest play


def test_an_answer_to_another_question_is_refused_with_the_one_due() -> None:
    game = Game(3, rules=parse_rules("grab,double"))
    before = game.events
    with pytest.raises(IllegalAction) as refused:
        game.act(game.turn, Answer(Decision.DOUBLE, True))
    assert refused.value.reason is IllegalReason.WRONG_PHASE
    with pytest.raises(IllegalAction) as refused:
        game.act(game.turn, Answer(Decision.GRAB, True))  # nobody has called yet
    assert refused.value.reason is IllegalReason.WRONG_PHASE
    with pytest.raises(IllegalAction) as refused:
        game.act(game.turn, Answer(Decision.PLAY, True))
    assert refused.value.reason is IllegalReason.NOT_YES_OR_NO
    assert game.events == before
