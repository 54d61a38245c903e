"""The lab's blunder counter (`bots/lab/blunders`) on games written out move by move."""

from __future__ import annotations

from ddz_tui.bots import Level
from ddz_tui.bots.lab.arena import Match, play_deal
from ddz_tui.bots.lab.blunders import NONE, Blunders, blunders_in, turns_from
from ddz_tui.moves import pack
from ddz_tui.rules import classify


def _blunders(hands: tuple[str, str, str], moves: list[tuple[int, str]]) -> list[Blunders]:
    """Seat 0 is the landlord and leads; a move's "" is a pass."""
    plays = [(seat, classify(cards) if cards else None) for seat, cards in moves]
    turns = turns_from([pack(hand) for hand in hands], 0, plays)
    return blunders_in(turns, 0)


def test_a_seat_that_plays_part_of_a_hand_it_could_play_at_once_missed_a_win() -> None:
    found = _blunders(("3399", "45", "68"), [(0, "33"), (1, ""), (2, ""), (0, "9"),
                                             (1, ""), (2, ""), (0, "9")])  # fmt: skip
    assert found[0] == Blunders(missed_win=1)
    assert found[1] == found[2] == NONE


def test_a_peasant_passing_the_landlords_last_lead_with_the_rocket_and_a_bomb() -> None:
    # The case: a peasant holding 3446678999JJQKABR passes the landlord's A222,
    # the landlord at 8 cards (45777888) goes out next. The rocket and 9999 both stop it;
    # the other peasant had nothing that could.
    hands = ("45777888A222", "3446678999JJQKABR", "3345566TTQ")
    found = _blunders(hands, [(0, "A222"), (1, ""), (2, ""), (0, "45777888")])
    assert found[1] == Blunders(kept_bomb=1, let_out=1)
    assert found[2] == NONE
    assert found[0] == NONE


def test_a_bomb_the_winners_could_top_is_no_kept_bomb() -> None:
    # Self-play's case: the landlord leads a 6 holding the rocket and a trio with a
    # single; a peasant's AAAA would only have drawn the rocket (and doubled the loss).
    hands = ("46QQQBR", "58TJKAAAA2", "79TJJQK22")
    moves = [(0, "6"), (1, "8"), (2, "J"), (0, "BR"), (1, ""), (2, ""), (0, "4QQQ")]
    assert _blunders(hands, moves) == [NONE, NONE, NONE]
    # Without the rocket nothing of the landlord's tops AAAA: keeping it loses the game.
    hands = ("46QQQ2", "58TJKAAAA", "79TJJQK22")
    moves = [(0, "6"), (1, "8"), (2, "J"), (0, "2"), (1, ""), (2, ""), (0, "4QQQ")]
    assert _blunders(hands, moves)[1].kept_bomb == 1


def test_with_few_cards_left_the_exact_search_decides_what_could_have_stopped() -> None:
    # The landlord leads a 9 and goes out with K K next. Seat 2's A beats the 9, and the
    # landlord's K K cannot beat it; but seat 2 must then lead its 3 or its 5, and the
    # landlord goes out over either: no move of seat 2's wins, so its pass is no blunder
    # (one look ahead alone would call it one).
    found = _blunders(("9KK", "3", "A35"), [(0, "9"), (1, ""), (2, ""), (0, "KK")])
    assert found == [NONE, NONE, NONE]
    # With A and 5 only, the A takes the trick and the 5 goes out: the pass let the
    # landlord out.
    found = _blunders(("9KK", "3", "A5"), [(0, "9"), (1, ""), (2, ""), (0, "KK")])
    assert found[2] == Blunders(let_out=1)
    assert found[1] == NONE


def test_the_arena_counts_each_levels_blunders() -> None:
    # The easy bot follows with its smallest play and keeps its bombs: over a few deals
    # it lets the opponents out where a play of its own would have stopped them.
    result = play_deal(Match(Level.EASY, Level.RANDOM, seed=3), 0)
    assert set(result.blunders) <= {Level.EASY, Level.RANDOM}
    total = NONE
    for index in range(12):
        total += play_deal(Match(Level.EASY, Level.NORMAL, seed=3), index).blunders[Level.EASY]
    assert total.let_out > 0
