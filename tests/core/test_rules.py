"""Classifying and comparing plays, and the reasons a play is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_tui.cards import DECK
from ddz_tui.data import DataFileError
from ddz_tui.i18n import Lang, set_language
from ddz_tui.rules import BY_CARDS, TABLE, Kind, RefusalReason, beats, classify, load_table, refusal
from tests.support.data_files import broken_copy

# The weakest and the strongest level of every kind, written out by hand.
EXTREMES = [
    ("3", Kind.SINGLE, 0), ("R", Kind.SINGLE, 14),
    ("33", Kind.PAIR, 0), ("22", Kind.PAIR, 12),
    ("333", Kind.TRIO, 0), ("222", Kind.TRIO, 12),
    ("3334", Kind.TRIO_SINGLE, 0), ("222R", Kind.TRIO_SINGLE, 12), ("A222", Kind.TRIO_SINGLE, 12),
    ("33344", Kind.TRIO_PAIR, 0), ("AA222", Kind.TRIO_PAIR, 12),
    ("34567", Kind.SEQ_SINGLE5, 0), ("TJQKA", Kind.SEQ_SINGLE5, 7),
    ("345678", Kind.SEQ_SINGLE6, 0), ("9TJQKA", Kind.SEQ_SINGLE6, 6),
    ("3456789", Kind.SEQ_SINGLE7, 0), ("89TJQKA", Kind.SEQ_SINGLE7, 5),
    ("3456789T", Kind.SEQ_SINGLE8, 0), ("789TJQKA", Kind.SEQ_SINGLE8, 4),
    ("3456789TJ", Kind.SEQ_SINGLE9, 0), ("6789TJQKA", Kind.SEQ_SINGLE9, 3),
    ("3456789TJQ", Kind.SEQ_SINGLE10, 0), ("56789TJQKA", Kind.SEQ_SINGLE10, 2),
    ("3456789TJQK", Kind.SEQ_SINGLE11, 0), ("456789TJQKA", Kind.SEQ_SINGLE11, 1),
    ("3456789TJQKA", Kind.SEQ_SINGLE12, 0),
    ("334455", Kind.SEQ_PAIR3, 0), ("QQKKAA", Kind.SEQ_PAIR3, 9),
    ("33445566", Kind.SEQ_PAIR4, 0), ("JJQQKKAA", Kind.SEQ_PAIR4, 8),
    ("3344556677", Kind.SEQ_PAIR5, 0), ("TTJJQQKKAA", Kind.SEQ_PAIR5, 7),
    ("334455667788", Kind.SEQ_PAIR6, 0), ("99TTJJQQKKAA", Kind.SEQ_PAIR6, 6),
    ("33445566778899", Kind.SEQ_PAIR7, 0), ("8899TTJJQQKKAA", Kind.SEQ_PAIR7, 5),
    ("33445566778899TT", Kind.SEQ_PAIR8, 0), ("778899TTJJQQKKAA", Kind.SEQ_PAIR8, 4),
    ("33445566778899TTJJ", Kind.SEQ_PAIR9, 0), ("66778899TTJJQQKKAA", Kind.SEQ_PAIR9, 3),
    ("33445566778899TTJJQQ", Kind.SEQ_PAIR10, 0), ("5566778899TTJJQQKKAA", Kind.SEQ_PAIR10, 2),
    ("333444", Kind.SEQ_TRIO2, 0), ("KKKAAA", Kind.SEQ_TRIO2, 10),
    ("333444555", Kind.SEQ_TRIO3, 0), ("QQQKKKAAA", Kind.SEQ_TRIO3, 9),
    ("333444555666", Kind.SEQ_TRIO4, 0), ("JJJQQQKKKAAA", Kind.SEQ_TRIO4, 8),
    ("333444555666777", Kind.SEQ_TRIO5, 0), ("TTTJJJQQQKKKAAA", Kind.SEQ_TRIO5, 7),
    ("333444555666777888", Kind.SEQ_TRIO6, 0), ("999TTTJJJQQQKKKAAA", Kind.SEQ_TRIO6, 6),
    ("33344456", Kind.SEQ_TRIO_SINGLE2, 0), ("KKKAAA2B", Kind.SEQ_TRIO_SINGLE2, 10),
    ("333444555JQK", Kind.SEQ_TRIO_SINGLE3, 0), ("QQQKKKAAA22R", Kind.SEQ_TRIO_SINGLE3, 9),
    ("33344455566689TJ", Kind.SEQ_TRIO_SINGLE4, 0),
    ("JJJQQQKKKAAA3455", Kind.SEQ_TRIO_SINGLE4, 8),
    ("3334445556667779TJQK", Kind.SEQ_TRIO_SINGLE5, 0),
    ("3456TTTJJJQQQKKKAAA2", Kind.SEQ_TRIO_SINGLE5, 7),
    ("3334445566", Kind.SEQ_TRIO_PAIR2, 0), ("33KKKAAA22", Kind.SEQ_TRIO_PAIR2, 10),
    ("333444555667788", Kind.SEQ_TRIO_PAIR3, 0), ("3344QQQKKKAAA22", Kind.SEQ_TRIO_PAIR3, 9),
    ("33344455566677889 9TT", Kind.SEQ_TRIO_PAIR4, 0),
    ("33445566JJJQQQKKKAAA", Kind.SEQ_TRIO_PAIR4, 8),
    ("333345", Kind.BOMB_SINGLE, 0), ("342222", Kind.BOMB_SINGLE, 12),
    ("33334455", Kind.BOMB_PAIR, 0), ("33442222", Kind.BOMB_PAIR, 12),
    ("3333", Kind.BOMB, 0), ("2222", Kind.BOMB, 12),
    ("BR", Kind.ROCKET, 0),
]  # fmt: skip


@pytest.mark.parametrize(("text", "kind", "level"), EXTREMES)
def test_weakest_and_strongest_of_every_kind(text: str, kind: Kind, level: int) -> None:
    combo = classify(text)
    assert combo is not None
    assert (combo.kind, combo.level) == (kind, level)
    assert combo.kind == kind.value  # kinds are their rules.json keys


def test_the_extremes_cover_every_kind_at_both_ends() -> None:
    seen = {(kind, level) for _, kind, level in EXTREMES}
    for kind in Kind:
        assert (kind, 0) in seen
        assert (kind, len(TABLE[kind]) - 1) in seen


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("333444555666", Kind.SEQ_TRIO4),  # three adjacent wings make the longer airplane
        ("333344", Kind.BOMB_SINGLE),  # a pair may ride as two singles on a four
        ("333355", Kind.BOMB_SINGLE),
        ("33334455", Kind.BOMB_PAIR),
        ("333444555999", Kind.SEQ_TRIO_SINGLE3),  # three wings of a rank not adjacent
        ("3334445B", Kind.SEQ_TRIO_SINGLE2),
        ("3334445566", Kind.SEQ_TRIO_PAIR2),
        ("33344455", Kind.SEQ_TRIO_SINGLE2),  # a pair used as two wings
    ],
)
def test_edge_cases_have_exactly_one_kind(text: str, kind: Kind) -> None:
    combo = classify(text)
    assert combo is not None and combo.kind is kind
    assert (
        sum(text in (c.cards for level in levels for c in level) for levels in TABLE.values()) == 1
    )


@pytest.mark.parametrize(
    "text",
    [
        "3333BR",  # never both jokers as wings
        "33334444",  # a four is never two pairs
        "333BR",  # a trio takes one card
        "23456",  # chains stop below the 2
        "QKA23",
        "3BR4",
        "3334445556667778",  # either reading puts three wings next to its chain
        "334",
        "33334",
        "",
    ],
)
def test_not_a_valid_combination(text: str) -> None:
    assert classify(text) is None
    assert refusal(text).reason is RefusalReason.INVALID_COMBINATION


def test_classify_takes_cards_and_text_in_any_order() -> None:
    threes = [card for card in DECK if card.rank == "3"][:3]
    four = next(card for card in DECK if card.rank == "4")
    assert classify([four, *threes]) == classify("4333") == classify("3 3 3 4") == BY_CARDS["3334"]


def test_same_strength_does_not_beat_either_way() -> None:
    a, b = classify("3334"), classify("3335")
    assert a is not None and b is not None and a.level == b.level
    assert not beats(a, b) and not beats(b, a)
    assert refusal("3334", b).reason is RefusalReason.NOT_STRONGER
    assert refusal("3335", a).reason is RefusalReason.NOT_STRONGER


@pytest.mark.parametrize(
    ("play", "last", "result"),
    [
        ("4", "3", True),
        ("3", "4", False),
        ("R", "B", True),
        ("B", "2", True),
        ("44", "33", True),
        ("4444", "2", True),  # a bomb beats any non-bomb
        ("3333", "22", True),
        ("3333", "34567", True),
        ("3333", "AAAA", False),  # a lower bomb
        ("AAAA", "3333", True),
        ("BR", "2222", True),  # the rocket beats everything
        ("2222", "BR", False),
        ("BR", "3", True),
        ("444455", "33", False),  # a four with wings is not a bomb
        ("444455", "333345", True),
        ("444455", "3333", False),
        ("45678", "34567", True),
        ("456789", "34567", False),  # a different length is a different kind
        ("4445", "333", False),
        ("44455", "3334", False),
    ],
)
def test_beats(play: str, last: str, result: bool) -> None:
    a, b = classify(play), classify(last)
    assert a is not None and b is not None
    assert beats(a, b) is result
    assert (refusal(play, b) is None) is result


def test_anything_beats_nothing() -> None:
    assert beats(BY_CARDS["3"], None)
    assert refusal("3") is None


def test_refusal_messages_name_what_is_wrong() -> None:
    assert refusal("3345").message == "3 3 4 5 is not a valid combination"
    wrong = refusal("555", classify("88"))
    assert wrong.reason is RefusalReason.WRONG_KIND
    assert wrong.message == "three 5s cannot answer a pair of 8s: it needs a pair or a bomb"
    weak = refusal("55", classify("88"))
    assert weak.reason is RefusalReason.NOT_STRONGER
    assert weak.message == "a pair of 5s does not beat a pair of 8s"
    assert "a straight of 5" in refusal("456789", classify("34567")).message
    assert "only a higher bomb or the rocket" in refusal("22", classify("3333")).message
    assert refusal("3333", classify("BR")).message == "nothing beats the rocket"
    assert refusal("TT", classify("JJ")).message == "a pair of 10s does not beat a pair of Js"
    assert (
        refusal("B", classify("R")).message
        == "a single small joker does not beat a single big joker"
    )


def test_refusal_messages_in_chinese() -> None:
    set_language(Lang.ZH)
    assert refusal("55", classify("88")).message == "一对5大不过一对8"
    assert "不是有效的牌型" in refusal("3345").message


def test_combo_descriptions() -> None:
    assert classify("34567").describe() == "a straight 3–7"
    assert classify("TJQKA").describe() == "a straight 10–A"
    assert classify("334455").describe() == "pairs 3–5"
    assert classify("33344456").describe() == "an airplane 3–4 with 2 singles"
    assert classify("2222").describe() == "a bomb of 2s"
    assert classify("BR").describe() == "the rocket"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["kinds"].pop("trio_pair"), "kind 'trio_pair' is missing"),
        (lambda d: d["kinds"].update(quad=[["3333"]]), "unknown kind 'quad'"),
        (
            lambda d: d["kinds"]["pair"][0].append("43"),
            "pair level 0: '43' is not a rank string sorted",
        ),
        (lambda d: d["kinds"]["pair"][1].append("33"), "pair level 1: '33' is already a pair"),
        (lambda d: d["kinds"]["pair"][1].append(44), "44 is not a rank string"),
        (lambda d: d["kinds"]["single"].__setitem__(0, "3"), "single level 0 is not a list"),
        (lambda d: d.update(ranks="345"), "ranks must be"),
        (lambda d: d.pop("kinds"), 'a "kinds" object'),
    ],
)
def test_broken_rules_file_is_one_clear_error(tmp_path: Path, mutate, message: str) -> None:
    path = broken_copy(tmp_path, "rules.json", mutate)
    with pytest.raises(DataFileError) as error:
        load_table(path)
    assert str(path) in str(error.value)
    assert message in str(error.value)


# --- writing a play out -------------------------------------------------------------


@pytest.mark.parametrize(
    ("play", "written"),
    [
        ("357777", "777735"),
        ("33447777", "77773344"),
        ("3555", "5553"),
        ("55566", "55566"),
        ("KKK3", "KKK3"),
        ("33KKKAAA", "KKKAAA33"),
        ("33344TTTJJJQQQKKKAAA", "TTTJJJQQQKKKAAA33344"),
        ("3334445566", "3334445566"),
        ("34567", "34567"),
        ("7777", "7777"),
        ("BR", "BR"),
    ],
)
def test_a_play_is_written_main_part_first(play: str, written: str) -> None:
    from ddz_tui.rules import main_first

    combo = classify(play)
    assert combo is not None
    assert main_first(combo) == written


def test_every_play_written_main_first_is_the_same_play() -> None:
    from ddz_tui.rules import main_first

    for combo in BY_CARDS.values():
        written = main_first(combo)
        assert sorted(written) == sorted(combo.cards)
        assert classify(written) == combo


def test_a_plays_cards_and_its_words_main_part_first() -> None:
    from ddz_tui.engine.view import cards_for
    from ddz_tui.rules import format_play, play_order

    cards = cards_for("357777")
    assert "".join(c.rank for c in play_order(cards[::-1])) == "777735"
    assert sorted(play_order(cards)) == sorted(cards)
    assert "".join(c.rank for c in play_order(cards_for("3A"))) == "3A"  # not a play
    combo = classify("357777")
    assert combo is not None
    assert format_play(combo) == "7 7 7 7 3 5"
