"""The blunders reported in issue 36, each with its mirror: a bot must not let an
opponent go out on the next play when a play of its own (a bomb or the rocket
included) stops it, and must never pass up a play that empties its hand."""

from __future__ import annotations

import random

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.packed import plays_of
from ddz_tui.bots.policy import _one_play_of
from ddz_tui.cards import RANKS
from ddz_tui.moves import pack, plays_of_key
from tests.support.scenes import scene

THINKING = ["normal", "hard"]
EVERY = ["easy", "normal", "hard"]


def _choice(level: str, view):
    options = {"budget": None, "samples": 12} if level == "hard" else {}
    play = make_bot(level, seed=5, **options).choose(view)
    assert play is None or play in view.legal_plays
    return play


def _stops(play, hand: str) -> bool:
    """Is `play` one that `hand` cannot beat?"""
    return play is not None and not plays_of(pack(hand), play)


def _goes_out_over(hand: str, play) -> bool:
    """Could `hand` beat `play` with all its cards at once?"""
    return any(p.size == len(hand) for p in plays_of(pack(hand), play))


# --- the rocket against a single 2, the player with it at 8 cards ---------------------


@pytest.mark.parametrize("level", THINKING)
def test_a_landlord_with_the_rocket_stops_a_peasant_who_goes_out_next(level: str) -> None:
    # Reported: the landlord, holding the rocket, passed a peasant's single 2 when that
    # peasant held 8 cards (5 5 8 8 8 8 J J, four with two pairs) and went out next.
    peasant = "558888JJ"
    view = scene(
        "3469TTJQKBR", landlord=0, left={1: 8, 2: 9}, unseen=peasant + "34679TQKA",
        last=(1, "2"),
    )  # fmt: skip
    assert _stops(_choice(level, view), peasant)


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_with_the_rocket_stops_a_landlord_who_goes_out_next(level: str) -> None:
    landlord = "558888JJ"
    view = scene(
        "3469TTJQKBR", seat=1, landlord=0, left={0: 8, 2: 9}, unseen=landlord + "34679TQKA",
        last=(0, "2"),
    )  # fmt: skip
    assert _stops(_choice(level, view), landlord)


# --- A 2 2 2 led by a player at 8 cards (4 5 7 7 7 8 8 8, a plane with two wings) ----------


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_bombs_the_landlords_trio_when_the_landlord_goes_out_next(level: str) -> None:
    # Reported: a peasant holding 3446678999JJQKABR passed the landlord's A 2 2 2 with the
    # landlord at 8 cards (4 5 7 7 7 8 8 8); the landlord went out on the next play.
    landlord = "45777888"
    view = scene(
        "3446678999JJQKABR", seat=1, landlord=0, left={0: 8, 2: 12},
        unseen=landlord + "3355TTQQKKA6", last=(0, "A222"),
    )  # fmt: skip
    assert _stops(_choice(level, view), landlord)


@pytest.mark.parametrize("level", THINKING)
def test_a_landlord_bombs_a_peasants_trio_when_the_peasant_goes_out_next(level: str) -> None:
    peasant = "45777888"
    view = scene(
        "3446678999JJQKABR", landlord=0, left={1: 8, 2: 12},
        unseen=peasant + "3355TTQQKKA6", last=(1, "A222"),
    )  # fmt: skip
    assert _stops(_choice(level, view), peasant)


# --- one play wins at once ----------------------------------------------------------------


@pytest.mark.parametrize("level", EVERY)
def test_a_peasant_goes_out_over_its_partners_play(level: str) -> None:
    # The partner (seat 2) led 5 5; the whole hand, K K, beats it: going out wins.
    view = scene("KK", landlord=1, left={1: 9, 2: 6}, unseen="345679TJQ" + "78TJQA",
                 last=(2, "55"))  # fmt: skip
    assert _choice(level, view).cards == "KK"


@pytest.mark.parametrize("level", EVERY)
def test_a_bot_goes_out_with_a_bomb_over_a_far_from_out_opponent(level: str) -> None:
    # The whole hand is a bomb: it wins at once, however many cards the others hold.
    view = scene("7777", landlord=0, left={1: 12, 2: 14}, unseen="3345689TJQKA2B" + "3456899TJQKA",
                 last=(1, "KK"))  # fmt: skip
    assert _choice(level, view).cards == "7777"


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_bombs_the_landlords_pair_with_the_landlord_at_two_cards(level: str) -> None:
    # Seen from the hard bot in self-play: the landlord (seat 0, next after us) led K K
    # holding A A; our partner passed, and passing too let the landlord lead A A out.
    landlord = "AA"
    view = scene(
        "3379TTJJJJQK", seat=2, landlord=0, left={0: 2, 1: 5}, unseen=landlord + "5QQQK",
        last=(0, "KK"),
    )  # fmt: skip
    assert _stops(_choice(level, view), landlord)


def test_whether_some_cards_can_make_one_play_of_a_size_agrees_with_the_move_generator() -> None:
    # The normal bot asks it of the unseen cards by the shapes alone (policy._one_play_of),
    # never generating the plays; here against every play the cards make.
    deck = [rank for rank in RANKS[:13] for _ in range(4)] + ["B", "R"]
    rng = random.Random(36)
    for _ in range(400):
        cards = rng.sample(deck, rng.randint(3, 34))
        unseen = pack("".join(sorted(cards, key=RANKS.index)))
        sizes = {play.size for play in plays_of_key(unseen, None)}
        for size in range(1, 11):
            assert _one_play_of(unseen, size) == (size in sizes), (cards, size)


# --- self-play's cases (issue 36, bidding self-play): a lead of the size of an
# --- opponent's last cards, and the last word against a high single ------------------


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_whose_plan_is_all_straights_leads_none_into_a_landlord_at_5(
    level: str,
) -> None:
    # Seen: a peasant planning 3 4 5 6 7, 5 6 7 8 9 and 7 8 9 10 J led 3 4 5 6 7 with the
    # landlord (after it) at 5 cards, 10 J Q K A; the landlord went out over it.
    landlord = "TJQKA"
    view = scene(
        "3455667778899TJ", landlord=2, left={1: 13, 2: 5}, unseen="359TQQQKKKAA2" + landlord
    )  # fmt: skip
    play = _choice(level, view)
    assert play is not None and not _goes_out_over(landlord, play), play


@pytest.mark.parametrize("level", THINKING)
def test_a_landlord_whose_plan_is_all_straights_leads_none_into_a_peasant_at_5(
    level: str,
) -> None:
    peasant = "TJQKA"
    view = scene(
        "3455667778899TJ", landlord=0, left={1: 5, 2: 13}, unseen=peasant + "359TQQQKKKAA2"
    )  # fmt: skip
    play = _choice(level, view)
    assert play is not None and not _goes_out_over(peasant, play), play


@pytest.mark.parametrize("level", THINKING)
def test_a_landlord_with_the_last_word_takes_a_peasants_king_at_5_cards(level: str) -> None:
    # Seen: a peasant (right after the landlord) played a K keeping 8 9 10 J Q, the other
    # peasant passed, and the landlord passed with an A in hand: the straight went out.
    peasant = "89TJQ"
    view = scene(
        "489TTJQKKAAA", landlord=0, left={1: 5, 2: 15}, unseen=peasant + "333445678TJQKA2",
        last=(1, "K"),
    )  # fmt: skip
    assert _stops(_choice(level, view), peasant)


@pytest.mark.parametrize("level", THINKING)
def test_a_peasant_with_the_last_word_takes_the_landlords_king_at_5_cards(level: str) -> None:
    landlord = "89TJQ"
    view = scene(
        "489TTJQKKAAA", seat=1, landlord=2, left={0: 15, 2: 5},
        unseen=landlord + "333445678TJQKA2", last=(2, "K"),
    )  # fmt: skip
    assert _stops(_choice(level, view), landlord)
