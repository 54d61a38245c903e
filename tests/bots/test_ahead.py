"""Judging a play one turn further: what the seat sees by its next turn, and how the
next plays tried there are counted."""

from __future__ import annotations

import random

import pytest

from ddz_tui.bots import ahead, hard
from ddz_tui.bots.ahead import GROUP_MIN, Tally, outcome
from ddz_tui.bots.deal import Deal
from ddz_tui.bots.hard import HardBot
from ddz_tui.bots.sampling import Hidden
from ddz_tui.engine import Game, LandlordMode, PlayerView
from ddz_tui.moves import pack
from ddz_tui.rules import classify


def _first_two(situation, plays):
    return [*plays[:2]]


@pytest.mark.parametrize(("landlord", "won"), [(0, False), (2, True)])
def test_a_game_that_ends_before_the_next_turn_is_settled(landlord: int, won: bool) -> None:
    # seat 0 has led a 3; seat 1 beats it with its last card (the landlord, or its partner)
    deal = Deal((pack("KK"), pack("5"), pack("99")), landlord, 1, classify("3"), 0)
    assert outcome(deal, 0, _first_two) is won


def test_the_seat_that_can_go_out_at_its_next_turn_wins() -> None:
    # seat 0 (the landlord) has led a 2; nobody can beat it, and seat 0 then goes out
    deal = Deal((pack("K"), pack("33"), pack("44")), 0, 1, classify("2"), 0)
    assert outcome(deal, 0, _first_two) is True


def test_the_next_plays_are_tried_after_what_the_seat_saw() -> None:
    # seat 0 (a peasant) has led a 2: the others pass, then seat 0 leads from 5 6 8 8
    deal = Deal((pack("5688"), pack("33"), pack("4477")), 2, 1, classify("2"), 0)
    tried: list[list] = []

    def next_plays(situation, plays):
        tried.append(plays[:2])
        assert situation.to_beat is None and situation.hand == pack("5688")
        return [*plays[:2]]

    seen, won = outcome(deal, 0, next_plays)
    assert seen == (None, None)
    assert len(tried) == 1 and len(won) == 2


def test_small_groups_count_the_policys_next_play() -> None:
    tally = Tally()
    for _ in range(GROUP_MIN - 1):
        tally.add((("9",), (False, True)))
    tally.add(True)
    assert tally.wins() == 1


def test_a_next_play_that_wins_throughout_a_group_is_credited() -> None:
    tally = Tally()
    for _ in range(GROUP_MIN):
        tally.add((("9",), (False, True)))
    tally.add((("T",), (True, False)))  # another group, too small: the first play
    assert tally.wins() == GROUP_MIN + 1


def test_a_next_play_that_won_only_where_it_was_chosen_is_not_credited() -> None:
    """Chosen on one half of the group and counted on the other: luck does not count."""
    tally = Tally()
    for won in [(False, True), (False, False)] * (GROUP_MIN // 2):
        tally.add((("9",), won))
    assert tally.wins() == 0


def test_the_second_stage_judges_by_the_best_next_play(monkeypatch) -> None:
    """A candidate whose policy continuation always loses but whose second next play
    always wins beats one that wins half its deals however it goes on."""
    game = Game(5, LandlordMode.RANDOM)
    view = game.view(game.turn)
    first, second = view.legal_plays[:2]
    dealt = iter(range(10_000))

    def fake(deal: Deal, seat: int, next_plays, stop=None):
        if deal.to_beat == first:
            return next(dealt) % 2 == 0
        return (("9",), (False, True))

    monkeypatch.setattr(ahead, "outcome", fake)
    bot = HardBot(seed=1, budget=None, samples=60)
    chosen = bot._vote_ahead(
        hard.deal_for(view), Hidden.of(view), [first, second], random.Random(1), hard._Clock(None)
    )
    assert chosen == 1
    assert bot.deals == round(60 * hard.AHEAD_SHARE)


def _views() -> dict[str, PlayerView]:
    """The landlord's first lead, and the next seat's turn (a peasant) after it."""
    game = Game(5, LandlordMode.RANDOM)
    landlord = game.view(game.turn)
    game.play(game.turn, landlord.legal_plays[0])
    return {"landlord": landlord, "peasant": game.view(game.turn)}


@pytest.mark.parametrize(
    ("role", "samples", "first", "ahead_stage"),
    [
        ("landlord", hard.FIRST_DEALS // 2, hard.FIRST_DEALS // 2, False),
        ("landlord", hard.FIRST_DEALS, hard.FIRST_DEALS, False),
        ("landlord", hard.FIRST_DEALS + 1, hard.FIRST_DEALS, True),
        ("peasant", hard.FIRST_DEALS + 1, hard.FIRST_DEALS + 1, False),
        ("peasant", 5 * hard.FIRST_DEALS, 5 * hard.FIRST_DEALS, False),
    ],
)
def test_the_landlord_searches_in_two_stages_when_the_budget_allows(
    monkeypatch, role: str, samples: int, first: int, ahead_stage: bool
) -> None:
    """Few deals split in two played worse than one stage, and peasants did not gain
    from the second: both search in one stage of all their deals, as before."""
    view = _views()[role]
    assert (view.seat == view.landlord) == (role == "landlord")
    stages: list[tuple[str, int]] = []

    def vote(self, deal, hidden, candidates, rng, clock, deals, judge):
        stages.append(("first", deals))
        return 0, [0, 1]

    def vote_ahead(self, deal, hidden, candidates, rng, clock):
        stages.append(("ahead", len(candidates)))
        return 1

    monkeypatch.setattr(HardBot, "_vote", vote)
    monkeypatch.setattr(HardBot, "_vote_ahead", vote_ahead)
    HardBot(seed=1, budget=None, samples=samples).choose(view)
    assert stages == [("first", first)] + ([("ahead", 2)] if ahead_stage else [])
