"""The compact house-rules spec of `ddz simulate --rules` and `ddz arena --rules`."""

from __future__ import annotations

import pytest

from ddz_tui.engine import Factors, LandlordMode, Rules, parse_rules, rules_spec


@pytest.mark.parametrize(
    ("spec", "rules"),
    [
        ("plain", Rules()),
        ("grab,double,show", Rules(LandlordMode.GRAB, doubling=True, showing=True)),
        ("random, Show", Rules(LandlordMode.RANDOM, showing=True)),
        ("landlord=grab,double=off", Rules(LandlordMode.GRAB)),
        ("bomb=3,show=4", Rules(showing=True, factors=Factors(bomb=3, show=4))),
        ("grab=3", Rules(LandlordMode.GRAB, factors=Factors(grab=3))),
        ("double,plain", Rules()),
    ],
)
def test_a_spec_names_its_rules_and_reads_back(spec: str, rules: Rules) -> None:
    assert parse_rules(spec) == rules
    assert parse_rules(rules_spec(rules)) == rules


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "unknown house rule ''"),
        ("grab,,show", "unknown house rule ''"),
        ("triple", "unknown house rule 'triple'"),
        ("bomb=0", "give a whole number from 1 to 5"),
        ("bomb=6", "give a whole number from 1 to 5"),
        ("rocket=-1", "give a whole number from 1 to 5"),
        ("spring=２", "give a whole number from 1 to 5"),  # a full-width digit
        ("show=maybe", "give a whole number from 1 to 5"),
        ("landlord=auction", "choose bid, random or grab"),
        ("seed=3", "unknown house rule 'seed=3'"),
    ],
)
def test_a_bad_spec_says_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_rules(spec)
