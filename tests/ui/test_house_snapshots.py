"""Snapshots of the house rules at the table, in English and Chinese, from fixed
seeds with no bot delay: 抢地主 due (Left has called), the 加倍 prompt, Left's hand
shown (明牌) on its seat, each player's stake on the result, and six rules and factors
between the seats of a tall table (all of them shown, where 80×24 shows four).

Each baseline was looked at before it was accepted (see tests/ui/test_snapshots.py).
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from ddz_tui.engine import Decision, parse_rules
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


MANY = parse_rules("grab,double=3,noshuffle,laizi,bomb=4,rocket=3")


async def many_rules(pilot: Pilot) -> None:
    await sit_down(pilot, rules=MANY)


@LANGS
def test_six_rules_and_factors_on_a_tall_table(snap_compare, lang) -> None:
    app = make_app(lang=lang, seed=LEFT_CALLS)
    assert snap_compare(app, run_before=many_rules, terminal_size=(160, 50))
