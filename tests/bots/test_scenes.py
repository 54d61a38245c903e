"""Bots in made-up moments of a game: team play, blocking, finishing."""

from __future__ import annotations

import pytest

from ddz_tui.bots import make_bot
from tests.support.scenes import scene

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

# The two reported fights between partners, each from both peasant seats. The landlord
# is seat 0 (a player at the bottom of the screen), Right is seat 1 and Left seat 2; play
# goes 0 -> 1 -> 2. So Right plays just after the landlord, and Left just before it.


@pytest.mark.parametrize("level", EVERY)
def test_right_leaves_lefts_kings_alone_once_the_landlord_passed(level: str) -> None:
    # Reported: Right played A A over partner Left's K K after the landlord had passed.
    view = scene(
        "AA3JJ925", seat=1, landlord=0, left={0: 5, 2: 11}, unseen="6243T74QR967Q3BK",
        last=(2, "KK"),
    )  # fmt: skip
    assert _choice(level, view) is None


@pytest.mark.parametrize("level", EVERY)
def test_left_leaves_rights_kings_alone_before_the_landlord(level: str) -> None:
    view = scene(
        "AA486", seat=2, landlord=0, left={0: 9, 1: 9}, unseen="TT2B895JTJK67T7A83",
        last=(1, "KK"),
    )  # fmt: skip
    assert _choice(level, view) is None


@pytest.mark.parametrize("level", EVERY)
def test_right_does_not_spend_its_twos_on_lefts_fours_the_landlord_passed(level: str) -> None:
    # Reported: Left played 2 2 over its partner's 4 4. Here Right, after the landlord.
    view = scene(
        "22Q8", seat=1, landlord=0, left={0: 10, 2: 11}, unseen="7B35AJ526Q9T52838Q64A",
        last=(2, "44"),
    )  # fmt: skip
    assert _choice(level, view) is None


@pytest.mark.parametrize("level", EVERY)
def test_left_does_not_take_rights_fours_that_the_landlord_cannot_answer(level: str) -> None:
    # The landlord, next, holds one card: it cannot beat a pair, so the 4 4 wins the trick.
    view = scene(
        "22Q4JTTQ", seat=2, landlord=0, left={0: 1, 1: 7}, unseen="K" + "A98Q8JK", last=(1, "44")
    )
    assert _choice(level, view) is None


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_takes_its_partners_trick_when_that_lets_it_go_out(level: str) -> None:
    # Nothing beats the 2 2; the 3 then goes out. Passing would hand the lead to the partner.
    view = scene("223", seat=1, landlord=0, left={0: 9, 2: 5}, unseen="3347TTKA2" + "789JQ",
                 last=(2, "KK"))  # fmt: skip
    assert _choice(level, view) == "22"


@pytest.mark.parametrize("level", EVERY)
def test_a_peasant_leaves_the_trick_to_a_partner_with_one_card_left(level: str) -> None:
    # Left played a 4 and holds one card; the landlord passed. Left leads next and goes out.
    view = scene("5689JQ", seat=1, landlord=0, left={0: 9, 2: 1}, unseen="3347TTKA2" + "7",
                 last=(2, "4"))  # fmt: skip
    assert _choice(level, view) is None


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_feeds_a_pair_to_its_partner_with_two_cards(level: str) -> None:
    # The landlord (seat 2) holds the bottom cards T T R, so the partner holds 9 9. A low
    # single lets the landlord win with the joker and go out with its tens; 6 6 does not.
    view = scene("3566TT", landlord=2, left={1: 2, 2: 3}, unseen="TTR" + "99", bottom="TTR")
    assert _choice(level, view) == "66"


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
