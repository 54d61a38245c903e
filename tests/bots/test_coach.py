"""The coach: which of a seat's decisions it marks, with what chances, repeatably."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_tui.bots import policy
from ddz_tui.bots.coach import (
    MARGIN,
    Moment,
    judge,
    moments,
    play_text,
    review,
    samples_for,
)
from ddz_tui.bots.hints import coached_hints, hints
from ddz_tui.bots.situation import Situation
from ddz_tui.engine import Event, Game, Passed, Played, loads
from ddz_tui.rules import classify
from tests.support.scenes import scene

RECORD = Path(__file__).parent.parent / "core" / "records" / "v1_random.jsonl"
SMALL = 0.1  # seconds' worth of search: a dozen deals, enough for these positions


def _events() -> list[Event]:
    return loads(RECORD.read_text(encoding="utf-8"))


def _moment(view, played: str | None) -> Moment:
    return Moment(1, 1, 1, view, None if played is None else classify(played))


def _lead_the_pair_first():
    """The landlord holds 2 2 3, each peasant one card: 2 2 first, then the 3, wins;
    the 3 first lets a peasant out."""
    return scene("223", landlord=0, left={1: 1, 2: 1}, unseen="45")


def _partner_is_winning():
    """The partner (one card left) played a 2, and the landlord (one 5 left) plays next:
    passing lets the partner lead its last card; the black joker over it loses, as the
    landlord beats any single led after it."""
    return scene("B34", landlord=1, left={1: 1, 2: 1}, unseen="55", last=(2, "2"))


def test_a_missed_winning_line_is_marked() -> None:
    verdict = judge(_moment(_lead_the_pair_first(), "3"), budget=SMALL)
    assert verdict.coach is not None and verdict.coach.cards == "22"
    assert verdict.played_chance == 0.0 and verdict.coach_chance == 1.0
    assert verdict.differs and verdict.marked


def test_playing_over_a_winning_partner_is_marked_against_a_pass() -> None:
    verdict = judge(_moment(_partner_is_winning(), "B"), budget=SMALL)
    assert verdict.coach is None
    assert verdict.coach_chance == 1.0 and verdict.played_chance == 0.0
    assert verdict.marked


@pytest.mark.parametrize(
    ("make", "played"), [(_lead_the_pair_first, "22"), (_partner_is_winning, None)]
)
def test_the_best_decision_is_not_marked(make, played: str | None) -> None:
    verdict = judge(_moment(make(), played), budget=SMALL)
    assert not verdict.differs and not verdict.marked
    assert verdict.played_chance == verdict.coach_chance == 1.0


def test_a_small_gain_is_not_marked() -> None:
    verdict = judge(_moment(_lead_the_pair_first(), "3"), budget=SMALL)
    close = type(verdict)(**{**verdict.__dict__, "coach_chance": MARGIN / 2})
    assert close.differs and not close.marked


def test_moments_are_the_seats_own_decisions_with_a_choice() -> None:
    events = _events()
    steps = list(Game.replaying(events))
    for seat in range(3):
        found = moments(events, seat)
        assert found and [m.decision for m in found] == list(range(1, len(found) + 1))
        for m in found:
            action = steps[m.step][1]
            assert isinstance(action, (Played, Passed)) and action.seat == seat
            assert m.view.seat == seat and m.view.my_turn
            assert len(m.view.legal_plays) + (not m.view.leads) > 1
            played = None if isinstance(action, Passed) else action.ranks
            assert (m.played and m.played.cards) == played
        tricks = [m.trick for m in found]
        assert tricks == sorted(tricks) and tricks[0] >= 1


def test_a_review_is_the_same_every_time_for_a_seed() -> None:
    first = list(review(_events(), 0, seed=3, budget=SMALL))
    again = list(review(_events(), 0, seed=3, budget=SMALL))
    assert first == again
    assert {total for total, _ in first} == {len(first)}
    assert any(v.marked for _, v in first)  # the random bot's game leaves marks


def test_a_review_can_be_stopped() -> None:
    from ddz_tui.bots.deal import OutOfTime

    with pytest.raises(OutOfTime):
        next(review(_events(), 0, budget=SMALL, stop=lambda: True))


@pytest.mark.parametrize("budget", [0, -1, 1e9])
def test_a_budget_out_of_range_is_refused(budget: float) -> None:
    with pytest.raises(ValueError, match="budget"):
        samples_for(budget)


def test_a_verdict_says_both_moves_with_their_chances() -> None:
    verdict = judge(_moment(_partner_is_winning(), "B"), budget=SMALL)
    assert verdict.line() == "you: small joker, 0% — coach: pass, 100%"


def test_a_play_is_written_as_its_ranks() -> None:
    assert play_text(classify("89TJQ")) == "8 9 10 J Q"
    assert play_text(None) == "pass"


def test_a_play_is_written_main_part_first() -> None:
    """As the table lays it down and the README writes it: the trio before its
    kickers, `5 5 5 4 4`, not `4 4 5 5 5` (issue 34)."""
    assert play_text(classify("44555")) == "5 5 5 4 4"
    assert play_text(classify("33JJJ")) == "J J J 3 3"
    assert play_text(classify("3777")) == "7 7 7 3"
    assert play_text(classify("357777")) == "7 7 7 7 3 5"


# --- hints from the coach ---------------------------------------------------------------


def test_coached_hints_start_with_the_normal_bots_pass() -> None:
    view = _partner_is_winning()
    assert policy.choose(Situation.of(view)) is None
    assert [p and p.cards for p in coached_hints(view)] == [None, "B"]
    assert [p.cards for p in hints(view)] == ["B"]


@pytest.mark.parametrize(
    "view",
    [
        scene(
            "3456789TQQKK2",
            landlord=1,
            left={1: 10, 2: 8},
            unseen="3344556677TJJJ889A",
            last=(1, "J"),
        ),
        scene("3456789TQQKK2", landlord=0, left={1: 10, 2: 8}, unseen="3344556677TJJJ889A"),
    ],
    ids=["following", "leading"],
)
def test_coached_hints_are_the_normal_bots_play_then_the_rest(view) -> None:
    choice = policy.choose(Situation.of(view))
    coached = coached_hints(view)
    assert coached[0] == choice and choice is not None
    assert coached[1:] == [p for p in hints(view) if p != choice]
    if view.leads:
        assert coached == hints(view)  # leading, the plain hints start with the bot's lead


def test_no_coached_hint_when_nothing_beats() -> None:
    view = scene("34", landlord=1, left={1: 5, 2: 3}, unseen="55667788", last=(1, "R"))
    assert coached_hints(view) == [] == hints(view)


def test_a_wildcards_game_is_refused_with_its_reason() -> None:
    from ddz_tui.bots.coach import refusal
    from ddz_tui.engine import Rules
    from tests.support.house_play import played_out

    events = played_out(3, Rules(laizi=True)).events
    assert refusal(events) == "the coach does not review games with wildcards (癞子)"
    with pytest.raises(ValueError, match="wildcards"):
        list(review(events, 0, budget=0.1))
