"""封顶: a cap on each peasant's stake (the landlord's is both peasants' together), in
the score, the rules, the record (version 5) and the `--rules` spec."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.engine import (
    Game,
    LandlordMode,
    Multiplier,
    Phase,
    Rules,
    Side,
    Started,
    dumps,
    loads,
    parse_rules,
    rules_spec,
    scores,
)
from ddz_tui.engine.events import RECORD_VERSION, event_from_dict
from ddz_tui.engine.house import CAPS
from tests.core.test_stakes import (
    DOUBLINGS,
    LANDLORD_WINS,
    PEASANTS_WIN,
    _landlord_chosen,
    _landlord_wins,
    _peasants_win,
    multipliers,
)
from tests.support.house_play import random_game


@pytest.mark.parametrize("cap", [None, *CAPS])
@pytest.mark.parametrize("landlord_won", [True, False])
@pytest.mark.parametrize("doubled", DOUBLINGS)
def test_every_cap_and_doubling_scores_each_seat(
    doubled: tuple[bool, bool, bool], landlord_won: bool, cap: int | None
) -> None:
    rules = Rules(LandlordMode.BID, doubling=True, cap=cap)
    game = _landlord_chosen(LANDLORD_WINS if landlord_won else PEASANTS_WIN, rules)
    for seat in (1, 2, 0) if doubled[1] or doubled[2] else (1, 2):
        game.double(seat, doubled[seat])
    over = _landlord_wins(game) if landlord_won else _peasants_win(game)
    assert over.multiplier == 32  # the shared stake is never capped, only each one's
    sign = -1 if landlord_won else 1
    uncapped = [32 * 2 ** doubled[seat] * 2 ** doubled[0] for seat in (1, 2)]
    peasants = [sign * (stake if cap is None else min(stake, cap)) for stake in uncapped]
    assert over.scores == (-sum(peasants), *peasants) and sum(over.scores) == 0
    result = game.result
    assert result is not None and result.multiplier.cap == cap
    for seat in (1, 2):
        assert result.multiplier.capped(seat, 0) == (cap is not None and uncapped[seat - 1] > cap)
    assert result.multiplier.capped(0, 0) == (cap is not None and max(uncapped) > cap)


@settings(max_examples=300, deadline=None)
@given(multipliers, st.sampled_from(CAPS), st.integers(0, 2), st.sampled_from(Side))
def test_a_cap_holds_each_peasant_and_scores_stay_zero_sum(
    m: Multiplier, cap: int, landlord: int, winner: Side
) -> None:
    capped = Multiplier(**{**m.__dict__, "cap": cap})
    result = scores(landlord, winner, capped)
    free = m.stakes(landlord)
    assert sum(result) == 0
    peasants = [seat for seat in range(3) if seat != landlord]
    for seat in peasants:
        assert abs(result[seat]) == min(free[seat], cap) <= cap
        assert capped.capped(seat, landlord) == (free[seat] > cap)
    assert abs(result[landlord]) == sum(min(free[seat], cap) for seat in peasants)


@pytest.mark.parametrize("cap", CAPS)
def test_a_capped_game_is_a_version_5_record_that_round_trips_and_replays(cap: int) -> None:
    for rules in (Rules(cap=cap), Rules(LandlordMode.GRAB, True, True, cap=cap)):
        for seed in range(10):
            game = random_game(seed, rules)
            assert game.phase is Phase.OVER
            text = dumps(game.events)
            started = json.loads(text.splitlines()[0])
            assert started["version"] == 5 and RECORD_VERSION >= 5
            assert started["rules"]["cap"] == cap and set(started) >= {"limited", "rested"}
            assert dumps(loads(text)) == text
            assert Game.replay(loads(text)).events == game.events


def test_the_rules_of_a_game_without_a_cap_are_written_as_before() -> None:
    assert "cap" not in Rules().to_dict() and Rules().plain and not Rules(cap=32).plain
    assert json.loads(dumps([Started(1, Rules(doubling=True))]))["version"] == 2


def _started(version: int, rules: dict, **more: object) -> dict:
    return {"event": "started", "seed": 1, "rules": rules, "version": version, **more}


CAPPED = Rules(doubling=True, cap=64).to_dict()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_started(2, CAPPED), "a version 2 record of a game with these rules"),
        (_started(4, CAPPED, limited=False), "a version 4 record of a game with these rules"),
        (_started(5, Rules().to_dict(), limited=False, rested=False), "version 5 record of a"),
        (_started(5, CAPPED, limited=False), "missing field 'rested'"),
        (_started(5, CAPPED, limited=False, rested=1), "'rested' is not of the right type"),
        (_started(5, CAPPED, rested=True), "missing field 'limited'"),
        (_started(5, CAPPED, limited=False, rested=True, x=1), "unexpected field 'x'"),
        (_started(5, Rules(cap=32).to_dict(), limited=False, rested=True), "without doubling"),
        (_started(5, {**CAPPED, "cap": 33}, limited=False, rested=False), "'cap' must be one of"),
        (_started(5, {**CAPPED, "cap": True}, limited=False, rested=False), "'cap' must be one"),
        (_started(5, {**CAPPED, "cap": "64"}, limited=False, rested=False), "'cap' must be one"),
        (_started(5, {**CAPPED, "cap": None}, limited=False, rested=False), "'cap' must be one"),
        (_started(6, CAPPED, limited=False, rested=False), "a version 6 record of a"),
        (_started(7, CAPPED, limited=False, rested=False), "a version 7 record of a"),
        (_started(10, CAPPED, limited=False, rested=False), "a record of version 10"),
    ],
)
def test_a_version_5_started_event_is_read_strictly(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        event_from_dict(data)


def test_a_cap_is_a_rules_spec_word() -> None:
    rules = parse_rules("grab,double,cap=64")
    assert rules == Rules(LandlordMode.GRAB, doubling=True, cap=64)
    assert rules_spec(rules) == "grab,double,cap=64" and parse_rules(rules_spec(rules)) == rules
    assert parse_rules("cap=none", rules).cap is None and parse_rules("cap=off", rules).cap is None
    assert parse_rules("cap=128,plain").cap is None
    for bad in ("cap=100", "cap=", "cap=32.0", "cap=x"):
        with pytest.raises(ValueError, match="cap="):
            parse_rules(bad)
    with pytest.raises(ValueError, match="'cap' must be one of"):
        Rules(cap=16)
