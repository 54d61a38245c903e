"""Bots in made-up moments of a game: team play, blocking, finishing."""

from __future__ import annotations

import pytest

from ddz_tui.bots import make_bot
from tests.scenes import scene

THINKING = ["normal", "hard"]
EVERY = ["easy", "normal", "hard"]


def _bot(level: str):
    options = {"budget": None, "samples": 12} if level == "hard" else {}
    return make_bot(level, seed=5, **options)


def _choice(level: str, view):
    play = _bot(level).choose(view)
    assert play is None or play in view.legal_plays
    return None if play is None else play.cards


# --- a single winning play left --------------------------------------------------------


@pytest.mark.parametrize("level", EVERY)
@pytest.mark.parametrize("hand", ["3334", "345678", "BR", "99", "777788"])
def test_a_bot_that_can_go_out_in_one_lead_does(level: str, hand: str) -> None:
    view = scene(hand, landlord=0, left={1: 9, 2: 12}, unseen="3456TJQQKA2222" + "AKQJ" + "TJQ")
    assert _choice(level, view) == hand


@pytest.mark.parametrize("level", EVERY)
def test_a_bot_that_can_go_out_following_does(level: str) -> None:
    view = scene("KK", landlord=2, left={1: 6, 2: 8}, unseen="3345679TTJQA2B", last=(2, "99"))
    assert _choice(level, view) == "KK"


@pytest.mark.parametrize("level", THINKING)
def test_a_bot_bombs_to_go_out(level: str) -> None:
    view = scene("5555", landlord=1, left={1: 5, 2: 7}, unseen="3467789TJQKA", last=(1, "22"))
    assert _choice(level, view) == "5555"


@pytest.mark.parametrize("level", THINKING)
def test_a_bot_plays_its_unbeatable_card_first_and_goes_out_with_the_other(level: str) -> None:
    # Nobody can beat the 2 (every joker and 2 is gone). A 3 led first loses: the next
    # seat holds one card, and every card left beats a 3.
    view = scene("23", landlord=0, left={1: 1, 2: 6}, unseen="4455667")
    assert _choice(level, view) == "2"


# --- team play -------------------------------------------------------------------------


@pytest.mark.parametrize("level", EVERY)
def test_a_peasant_does_not_bomb_its_partners_winning_play(level: str) -> None:
    # Seat 0 and seat 2 are peasants; seat 2 led its ace and holds two cards more.
    view = scene("4777789", landlord=1, left={1: 6, 2: 2}, unseen="3568TJ" + "QK", last=(2, "A"))
    assert _choice(level, view) is None


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_leaves_its_partners_strong_pair_alone(level: str) -> None:
    view = scene(
        "3568AA9", landlord=2, left={1: 8, 2: 9}, unseen="4467TTJQQ" + "34579JK2", last=(1, "KK")
    )
    assert _choice(level, view) is None


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_before_a_landlord_with_one_card_does_not_lead_a_low_single(
    level: str,
) -> None:
    # Seat 0 plays just before the landlord (seat 1), who holds one card.
    view = scene("3588QQ", landlord=1, left={1: 1, 2: 9}, unseen="A" + "46799TJK2")
    play = _choice(level, view)
    assert play is not None and play not in ("3", "5")


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_feeds_its_partner_about_to_go_out(level: str) -> None:
    # Seat 1 (the partner) plays next and holds one card; the landlord holds many.
    # Left to itself it would lead its pairs in a row first.
    view = scene("3445566JK", landlord=2, left={1: 1, 2: 12}, unseen="8" + "3778TTJQAA22")
    assert _choice(level, view) == "3"


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_blocks_a_landlord_about_to_go_out_with_its_highest_single(
    level: str,
) -> None:
    # The landlord (seat 2, just before us) led a 6 and holds one card; our partner is
    # after the landlord's turn would come round.
    view = scene("489KQ2", landlord=2, left={1: 7, 2: 1}, unseen="3557TTJ" + "A", last=(2, "6"))
    assert _choice(level, view) == "2"


@pytest.mark.parametrize("level", THINKING)
def test_a_landlord_does_not_lead_a_single_to_a_peasant_with_one_card(level: str) -> None:
    view = scene("3499TT", landlord=0, left={1: 1, 2: 8}, unseen="K" + "35678JQA")
    play = _choice(level, view)
    assert play is not None and len(play) > 1


# --- following well --------------------------------------------------------------------


def test_normal_follows_with_the_cheapest_play_that_breaks_no_better_group() -> None:
    # 34567 is a chain, JJ a pair, 9 a lone card: a 3 led by the landlord is beaten by
    # the 9, not by a card out of the chain or the pair.
    view = scene(
        "345679JJ", landlord=2, left={1: 10, 2: 12}, unseen="4568TQQKKAA2" + "3789TTQK2B",
        last=(2, "3"),
    )  # fmt: skip
    assert _choice("normal", view) == "9"


def test_normal_keeps_its_bomb_while_the_opponent_is_far_from_out() -> None:
    view = scene(
        "3456888892", landlord=1, left={1: 15, 2: 9}, unseen="3457TTJJQQKKAA22B" + "679TJQK",
        last=(1, "R"),
    )  # fmt: skip
    assert _choice("normal", view) is None


def test_normal_bombs_the_landlord_about_to_go_out() -> None:
    view = scene("4TTTT7", landlord=2, left={1: 9, 2: 2}, unseen="35689JQKA" + "BR", last=(2, "KK"))
    assert _choice("normal", view) == "TTTT"


@pytest.mark.parametrize(("hand", "lead"), [("3456799", "3"), ("4456799", "44")])
def test_easy_leads_its_lowest_single_or_pair(hand: str, lead: str) -> None:
    view = scene(hand, landlord=0, left={1: 9, 2: 9}, unseen="3456789TJQKA2BRQK8")
    assert _choice("easy", view) == lead
