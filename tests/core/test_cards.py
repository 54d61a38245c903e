"""The deck, and reading and writing card text."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_tui.cards import (
    DECK,
    RANKS,
    Suit,
    format_cards,
    format_ranks,
    load_deck,
    lowest_suits,
    parse_ranks,
    rank_counts,
    ranks_of,
)
from ddz_tui.data import DataFileError
from tests.support.data_files import broken_copy


def test_deck_has_54_cards_four_of_each_rank_and_two_jokers() -> None:
    assert len(DECK) == 54
    assert [card.id for card in DECK] == list(range(54))
    assert rank_counts(ranks_of(DECK)) == [4] * 13 + [1, 1]
    assert DECK[0].rank == "3" and DECK[0].suit is Suit.SPADE and DECK[0].value == 3
    small, big = DECK[52], DECK[53]
    assert (small.rank, small.value, small.suit) == ("B", 16, None)
    assert (big.rank, big.value, big.suit) == ("R", 17, None)
    assert DECK[48].rank == "2" and DECK[48].value == 15


def test_red_cards_are_hearts_diamonds_and_the_big_joker() -> None:
    red = {card.label for card in DECK if card.is_red}
    assert "3H" in red and "3D" in red and "RJ" in red
    assert "3S" not in red and "3C" not in red and "BJ" not in red
    assert len(red) == 27


def test_cards_sort_by_value_then_suit() -> None:
    shuffled = [DECK[i] for i in (53, 0, 12, 1, 52, 48)]
    assert [card.label for card in sorted(shuffled)] == ["3S", "3H", "6S", "2S", "BJ", "RJ"]


@pytest.mark.parametrize(
    ("text", "ranks"),
    [
        ("3334", "3334"),
        ("4333", "3334"),
        ("TTJJQQ", "TTJJQQ"),
        ("BR", "BR"),
        ("10 10 j j", "TTJJ"),
        ("0", "T"),
        ("3,4, 5，6", "3456"),
        ("3♠ 10♥", "3T"),
        ("3♠10♥K♣", "3TK"),
        ("小王 大王", "BR"),
        ("小王大王", "BR"),
        ("a k q", "QKA"),
        ("", ""),
        ("  ", ""),
    ],
)
def test_parse_ranks(text: str, ranks: str) -> None:
    assert parse_ranks(text) == ranks


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3x4", "'x' in '3x4'"),
        ("1", "'1'"),
        ("3 4 Z", "'Z'"),
        ("♠3", "suit needs a rank"),
        ("B♠", "joker has no suit"),
        ("33333", "5 cards of rank 3"),
        ("RR", "2 big jokers"),
        ("小王 b", "2 small jokers"),
        ("10 10 10 10 0", "5 cards of rank 10"),
        ("3♠ 3♠", "3♠ written 2 times"),
    ],
)
def test_parse_ranks_refuses_bad_text_naming_it(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        parse_ranks(text)


def test_formats_read_back() -> None:
    assert format_ranks("TTJB") == "10 10 J B"
    assert parse_ranks(format_ranks("3TTJQKA2BR")) == "3TTJQKA2BR"
    assert format_cards([DECK[0], DECK[29], DECK[53]]) == "3♠ 10♥ 大王"
    assert format_cards([DECK[0], DECK[29], DECK[53]], ascii=True) == "3S 10H RJ"
    assert parse_ranks(format_cards(DECK)) == ranks_of(DECK)
    assert ranks_of(DECK).startswith("3333") and RANKS == "3456789TJQKA2BR"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["cards"].pop(), "expected 54 cards, found 53"),
        (lambda d: d["cards"][5].update(rank="X"), "card #5 has rank 'X'"),
        (lambda d: d["cards"][5].pop("suit"), "card #5 lacks suit"),
        (lambda d: d["cards"][5].update(value=9), "card #5 (4) has value 9, expected 4"),
        (lambda d: d["cards"][5].update(suit="star"), "unknown suit 'star'"),
        (lambda d: d["cards"][52].update(suit="spade"), "card #52 (B) has suit 'spade'"),
        (lambda d: d["cards"][5].update(suit="spade"), "duplicate card 4 spade"),
        (lambda d: d["cards"][5].update(id=50), "ids must be 0..53"),
        (lambda d: d.pop("cards"), 'a "cards" list'),
    ],
)
def test_broken_cards_file_is_one_clear_error(tmp_path: Path, mutate, message: str) -> None:
    path = broken_copy(tmp_path, "cards.json", mutate)
    with pytest.raises(DataFileError) as error:
        load_deck(path)
    assert str(path) in str(error.value)
    assert message in str(error.value)


def test_cards_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"cards": [', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"cards.json: not valid JSON \(line 1"):
        load_deck(path)


def test_missing_cards_file(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        load_deck(tmp_path / "nope.json")


# --- a hand's order ----------------------------------------------------------------


def _ranks(cards) -> str:
    return "".join(card.rank for card in cards)


@pytest.mark.parametrize(
    ("hand", "by_count_ranks"),
    [
        ("3345556777789BR2", "7777BR5553346892"),
        ("33344455", "33344455"),  # trios low to high, then the pair
        ("3456", "3456"),
        ("2222AAAKK3", "2222AAAKK3"),
        ("B3", "3B"),  # one joker alone is a single
        ("R33", "33R"),
        ("BR", "BR"),
        ("5555BR3333", "33335555BR"),  # bombs low to high, then the rocket
        ("", ""),
    ],
)
def test_a_hand_by_count(hand: str, by_count_ranks: str) -> None:
    from ddz_tui.cards import by_count
    from ddz_tui.engine.view import cards_for

    cards = cards_for(hand)
    ordered = by_count(reversed(cards))
    assert _ranks(ordered) == by_count_ranks
    assert sorted(ordered) == sorted(cards)  # the same cards, only moved


def test_a_hand_arranged_by_rank_or_by_count() -> None:
    from ddz_tui.cards import HandOrder, arrange
    from ddz_tui.engine.view import cards_for

    cards = cards_for("344555")
    assert _ranks(arrange(reversed(cards), HandOrder.RANK)) == "344555"
    assert _ranks(arrange(cards, HandOrder.COUNT)) == "555443"
    assert arrange(cards, HandOrder.RANK) == tuple(sorted(cards))


def test_lowest_suits_takes_each_ranks_lowest_suits_from_the_cards_given() -> None:
    assert [c.id for c in lowest_suits("33")] == [0, 1]
    hand = [DECK[i] for i in (1, 3, 4, 5, 6, 52, 53)]  # 3 3 4 4 4 B R, in card order
    chosen = lowest_suits("34BR", hand)
    assert [c.id for c in chosen] == [1, 4, 52, 53]
    assert ranks_of(lowest_suits("4433", hand)) == "3344"  # in card order, as hands are
    assert lowest_suits("", hand) == ()


@pytest.mark.parametrize("ranks", ["333", "5", "BB"])
def test_lowest_suits_refuses_cards_that_are_not_there(ranks: str) -> None:
    hand = [DECK[i] for i in (1, 3, 4, 5, 6, 52, 53)]
    with pytest.raises(ValueError, match="not all of"):
        lowest_suits(ranks, hand)
