"""Snapshots of the house rules at the table, in English and Chinese, from fixed
seeds with no bot delay: 抢地主 due (Left has called), the 加倍 prompt, Left's hand
shown (明牌) on its seat, and each player's stake on the result.

Each baseline was looked at before it was accepted (see tests/ui/test_snapshots.py).
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from ddz_tui.engine import Decision
from ddz_tui.i18n import Lang
from tests.support.ui import make_app, sit_down, take_turns
from tests.ui.test_house_rules import HOUSE, LEFT_SHOWS, answer_until

LEFT_CALLS = 11  # Left calls first: our grab is due; Left grabs back and does not show


async def grab_due(pilot: Pilot) -> None:
    await sit_down(pilot, rules=HOUSE)


async def doubling_due(pilot: Pilot) -> None:
    await sit_down(pilot, rules=HOUSE)
    await answer_until(pilot, Decision.DOUBLE)


async def game_over(pilot: Pilot) -> None:
    await doubling_due(pilot)
    await take_turns(pilot)


LANGS = pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH], ids=["en", "zh"])


@LANGS
def test_grab_bidding(snap_compare, lang) -> None:
    assert snap_compare(make_app(lang=lang, seed=LEFT_CALLS), run_before=grab_due)


@LANGS
def test_doubling_prompt(snap_compare, lang) -> None:
    assert snap_compare(make_app(lang=lang, seed=LEFT_CALLS), run_before=doubling_due)


@LANGS
def test_shown_hand(snap_compare, lang) -> None:
    assert snap_compare(make_app(lang=lang, seed=LEFT_SHOWS), run_before=doubling_due)


@LANGS
def test_per_player_result(snap_compare, lang) -> None:
    assert snap_compare(make_app(lang=lang, seed=LEFT_SHOWS), run_before=game_over)
