"""Each player's stake on the result, in words (issue 34): a peasant's is a product
(the shared stake × its own doubling × the landlord's), the landlord's a sum (both
peasants' stakes), and counts are said in the right number, in English and Chinese."""

from __future__ import annotations

import pytest

from ddz_tui.engine import Multiplier
from ddz_tui.i18n import Lang, set_language
from ddz_tui.ui.screens.result import multiplier_parts, own_parts

LANDLORD = 2
ORDER = (0, 1, 2)  # as the result lists the seats: you first


@pytest.fixture
def chinese():
    set_language(Lang.ZH)
    yield
    set_language(Lang.EN)


def line(multiplier: Multiplier, seat: int, name: str) -> str:
    return own_parts(multiplier, seat, LANDLORD, False, name, ORDER)


def test_the_landlord_s_stake_is_the_sum_of_both_peasants() -> None:
    """Not `×2 × both peasants ×2 = ×4`: the peasants' stakes are added, not multiplied."""
    nobody = Multiplier(grabs=1)
    assert line(nobody, LANDLORD, "Left") == "Left: both peasants, ×2 + ×2 = ×4"
    one = Multiplier(doubled=(True, False, False))
    assert line(one, LANDLORD, "Left") == "Left: both peasants, ×2 + ×1 = ×3"
    both = Multiplier(doubled=(True, True, True))
    assert line(both, LANDLORD, "Left") == "Left: both peasants, ×4 + ×4 = ×8"


def test_a_peasant_s_stake_is_its_factors() -> None:
    doubled = Multiplier(base=2, doubled=(True, False, True))
    assert line(doubled, 0, "You") == "You: ×2 × doubled ×2 × landlord redoubled ×2 = ×8"
    assert line(doubled, 1, "Right") == "Right: ×2 × landlord redoubled ×2 = ×4"
    assert line(Multiplier(base=2), 1, "Right") == "Right: ×2"


def test_counts_in_the_right_number() -> None:
    assert multiplier_parts(Multiplier(bombs=1, grabs=1), bid=False) == [
        "base 1",
        "1 grab ×2",
        "1 bomb ×2",
    ]
    assert multiplier_parts(Multiplier(bombs=2, grabs=3), bid=False) == [
        "base 1",
        "3 grabs ×8",
        "2 bombs ×4",
    ]


@pytest.mark.usefixtures("chinese")
def test_the_same_in_chinese() -> None:
    one = Multiplier(doubled=(True, False, False))
    assert line(one, LANDLORD, "左家") == "左家：两家农民 ×2 + ×1 = ×3"
    assert line(one, 0, "你") == "你：×1 × 加倍 ×2 = ×2"
    assert multiplier_parts(Multiplier(bombs=1, grabs=2), bid=False) == [
        "底分1",
        "抢地主2次 ×4",
        "炸弹1个 ×2",
    ]
