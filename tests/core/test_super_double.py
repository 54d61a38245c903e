"""超级加倍 (super double) in the engine: the rule, the answer's level, each seat's
stake with every doubling level and cap, and the record (version 6)."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from ddz_tui.engine import (
    Game,
    IllegalAction,
    LandlordMode,
    Phase,
    Rules,
    dumps,
    loads,
    parse_rules,
    rules_spec,
)
from ddz_tui.engine.actions import Answer
from ddz_tui.engine.events import RECORD_VERSION, Doubled, event_from_dict
from ddz_tui.engine.house import CAPS, Decision, Factors
from tests.core.test_stakes import (
    LANDLORD_WINS,
    PEASANTS_WIN,
    _landlord_chosen,
    _landlord_wins,
    _peasants_win,
)

SUPER = Rules(LandlordMode.BID, doubling=True, super_double=True)
LEVELS = (0, 1, 2)  # no double, double (×2), super double (×4)
FACTOR = {0: 1, 1: 2, 2: 4}


def _answers(levels: tuple[int, int, int]) -> list[tuple[int, int]]:
    """The doubling answers in turn (peasants 1 and 2, then landlord 0 if asked)."""
    asked = (1, 2, 0) if levels[1] or levels[2] else (1, 2)
    return [(seat, levels[seat]) for seat in asked]


def _valid(levels: tuple[int, int, int]) -> bool:
    return not levels[0] or bool(levels[1] or levels[2])


@pytest.mark.parametrize("cap", [None, *CAPS])
@pytest.mark.parametrize("landlord_won", [True, False])
@pytest.mark.parametrize("levels", [lv for lv in itertools.product(LEVELS, repeat=3) if _valid(lv)])
def test_every_doubling_level_scores_each_seat_zero_sum(
    levels: tuple[int, int, int], landlord_won: bool, cap: int | None
) -> None:
    rules = Rules(LandlordMode.BID, doubling=True, super_double=True, cap=cap)
    game = _landlord_chosen(LANDLORD_WINS if landlord_won else PEASANTS_WIN, rules)
    for seat, level in _answers(levels):
        game.act(seat, Answer(Decision.DOUBLE, level > 0, max(level, 1)))
    over = _landlord_wins(game) if landlord_won else _peasants_win(game)
    assert over.multiplier == 32
    sign = -1 if landlord_won else 1
    free = [32 * FACTOR[levels[seat]] * FACTOR[levels[0]] for seat in (1, 2)]
    peasants = [sign * (s if cap is None else min(s, cap)) for s in free]
    assert over.scores == (-sum(peasants), *peasants) and sum(over.scores) == 0
    result = game.result
    assert result is not None
    assert [result.multiplier.doubling(seat) for seat in range(3)] == [
        FACTOR[level] for level in levels
    ]


def test_the_super_double_factor_is_a_house_factor() -> None:
    rules = Rules(doubling=True, super_double=True, factors=Factors(super_double=5))
    game = _landlord_chosen(PEASANTS_WIN, rules)
    game.act(1, Answer(Decision.DOUBLE, True, 2))
    game.act(2, Answer(Decision.DOUBLE, False))
    game.act(0, Answer(Decision.DOUBLE, False))
    assert _peasants_win(game).scores == (-32 * 6, 32 * 5, 32)


def test_legal_actions_offer_the_super_double_only_under_the_rule() -> None:
    for rules, answers in (
        (SUPER, [(True, 1), (True, 2), (False, 1)]),
        (Rules(doubling=True), [(True, 1), (False, 1)]),
    ):
        game = _landlord_chosen(LANDLORD_WINS, rules)
        view = game.view(1)
        assert view.decision is Decision.DOUBLE
        assert view.legal_actions() == tuple(Answer(Decision.DOUBLE, y, lv) for y, lv in answers)


@pytest.mark.parametrize(
    ("rules", "answer"),
    [
        (Rules(doubling=True), Answer(Decision.DOUBLE, True, 2)),  # not the rule
        (SUPER, Answer(Decision.DOUBLE, False, 2)),  # a super no
        (SUPER, Answer(Decision.DOUBLE, True, 3)),
        (SUPER, Answer(Decision.DOUBLE, True, 0)),
    ],
)
def test_a_super_double_is_refused_where_it_is_not_one(rules: Rules, answer: Answer) -> None:
    game = _landlord_chosen(LANDLORD_WINS, rules)
    events = game.events
    with pytest.raises(IllegalAction) as refused:
        game.act(1, answer)
    assert refused.value.code == "no_super_double" and game.events == events


def test_the_rule_needs_doubling_and_is_written_only_when_on() -> None:
    with pytest.raises(ValueError, match="needs 'doubling'"):
        Rules(super_double=True)
    assert "super_double" not in Rules(doubling=True).to_dict()
    assert "super_double" not in Rules(doubling=True).factors.to_dict()
    assert Rules.from_dict(SUPER.to_dict()) == SUPER and SUPER.extended and not SUPER.plain
    with pytest.raises(ValueError, match="written only when on"):
        Rules.from_dict({**Rules(doubling=True).to_dict(), "super_double": False})


def _super_game(seed: int, rules: Rules) -> Game:
    """A game played at random in which someone super-doubles."""
    rng = random.Random(seed)
    game = Game(seed, rules=rules)
    for _ in range(500):
        if game.phase is Phase.OVER:
            return game
        seat = game.turn
        actions = game.view(seat).legal_actions()
        supers = [a for a in actions if isinstance(a, Answer) and a.level == 2]
        game.act(seat, supers[0] if supers and rng.random() < 0.7 else rng.choice(actions))
    raise AssertionError("the game did not end")


def test_a_super_doubled_game_is_a_version_6_record_that_round_trips() -> None:
    supered = 0
    for rules in (SUPER, Rules(LandlordMode.GRAB, True, True, cap=64, super_double=True)):
        for seed in range(12):
            game = _super_game(seed, rules)
            text = dumps(game.events)
            started = json.loads(text.splitlines()[0])
            assert started["version"] == 6 <= RECORD_VERSION
            assert started["rules"]["super_double"] is True
            assert dumps(loads(text)) == text
            assert Game.replay(loads(text)).events == game.events
            supered += any(isinstance(e, Doubled) and e.level == 2 for e in game.events)
    assert supered > 10


def test_a_plain_double_is_written_as_before() -> None:
    line = dumps([Doubled(1, True)])
    assert json.loads(line) == {"event": "doubled", "seat": 1, "double": True}
    assert json.loads(dumps([Doubled(1, True, 2)]))["level"] == 2


def _started(version: int, rules: dict, **more: object) -> dict:
    return {"event": "started", "seed": 1, "rules": rules, "version": version, **more}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_started(5, SUPER.to_dict(), limited=False, rested=False), "version 5 record of a"),
        (_started(6, Rules(doubling=True, cap=32).to_dict(), limited=False, rested=False), "6"),
        (_started(6, SUPER.to_dict(), limited=False), "missing field 'rested'"),
        (_started(6, {**SUPER.to_dict(), "super_double": 1}, limited=False, rested=False), "true"),
        (_started(10, SUPER.to_dict(), limited=False, rested=False), "a record of version 10"),
        ({"event": "doubled", "seat": 1, "double": False, "level": 2}, "level"),
        ({"event": "doubled", "seat": 1, "double": True, "level": 3}, "level"),
        ({"event": "doubled", "seat": 1, "double": True, "level": True}, "level"),
    ],
)
def test_a_version_6_record_is_read_strictly(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        event_from_dict(data)


def test_a_super_double_in_a_game_without_the_rule_does_not_replay() -> None:
    game = _landlord_chosen(LANDLORD_WINS, Rules(doubling=True))
    events = (*game.events, Doubled(1, True, 2))
    with pytest.raises((IllegalAction, ValueError)):
        Game.replay(events)


def test_super_is_a_rules_spec_word() -> None:
    """`--rules super`: super doubling, and doubling with it (it is a kind of doubling)."""
    rules = parse_rules("grab,super")
    assert rules == Rules(LandlordMode.GRAB, doubling=True, super_double=True)
    assert rules_spec(rules) == "grab,double,super" and parse_rules(rules_spec(rules)) == rules
    assert parse_rules("super=off", rules) == Rules(LandlordMode.GRAB, doubling=True)
    assert parse_rules("super=on") == Rules(doubling=True, super_double=True)
    factored = parse_rules("bid,super=5")
    assert factored.super_double and factored.factors.super_double == 5
    assert rules_spec(factored) == "bid,double,super=5" and parse_rules("super=5") == factored
    with pytest.raises(ValueError, match=r"super='6': give a whole number from 1 to 5"):
        parse_rules("super=6")
    with pytest.raises(ValueError, match="needs 'doubling'"):
        parse_rules("super,double=off")
