"""House rules as a value: defaults, the dict they travel as, and the records that hold them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ddz_tui.engine import (
    PLAIN_MODES,
    Called,
    Doubled,
    Factors,
    Game,
    LandlordMode,
    Multiplier,
    Played,
    Rules,
    Shown,
    Side,
    Started,
    dumps,
    loads,
)
from ddz_tui.engine.events import event_from_dict
from ddz_tui.engine.replay import frames
from tests.support.house_play import ALL_RULES, random_game

RECORDS = Path(__file__).parent / "records"


def test_the_default_rules_are_the_plain_game() -> None:
    rules = Rules()
    assert rules.landlord is LandlordMode.BID and not rules.doubling and not rules.showing
    assert rules.factors == Factors(bomb=2, rocket=2, spring=2, show=2, grab=2, double=2)
    assert rules.plain and Rules(LandlordMode.RANDOM).plain
    assert not Rules(LandlordMode.GRAB).plain and not Rules(doubling=True).plain
    assert not Rules(factors=Factors(bomb=3)).plain
    assert Rules("grab") == Rules(LandlordMode.GRAB)


def test_a_game_takes_rules_or_a_landlord_mode_as_before() -> None:
    assert Game(9).events == Game(9, "bid").events == Game(9, rules=Rules()).events
    assert Game(9, landlord_mode="random").events == Game(9, rules=Rules("random")).events
    assert Game(9).rules == Rules() and Game(9, LandlordMode.RANDOM).landlord_mode.value == "random"
    with pytest.raises(TypeError, match="not both"):
        Game(9, "bid", rules=Rules())
    with pytest.raises(ValueError):
        Game(9, "auction")


@pytest.mark.parametrize(
    "rules", [*ALL_RULES, Rules("grab", True, True, Factors(1, 5, 3, 4, 2, 1))]
)
def test_rules_travel_as_a_dict_and_back(rules: Rules) -> None:
    data = rules.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules


def _broken(change: dict) -> dict:
    """The default rules' dict, changed: "factors.x" for a factor, ... to leave out."""
    data = Rules().to_dict()
    for key, value in change.items():
        where, name = (data["factors"], key[8:]) if key.startswith("factors.") else (data, key)
        if value is ...:
            del where[name]
        else:
            where[name] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "rules must be an object"),
        (_broken({"landlord": ...}), "rules: missing field 'landlord'"),
        (_broken({"extra": 1}), "rules: unexpected field 'extra'"),
        (_broken({"landlord": "auction"}), "'auction' is not a valid LandlordMode"),
        (_broken({"landlord": 1}), "'landlord' must be a landlord mode"),
        (_broken({"doubling": 1}), "'doubling' must be true or false"),
        (_broken({"showing": "yes"}), "'showing' must be true or false"),
        (_broken({"factors": None}), "factors must be an object"),
        (_broken({"factors.bomb": ...}), "factors: missing field 'bomb'"),
        (_broken({"factors.joker": 2}), "factors: unexpected field 'joker'"),
        (_broken({"factors.bomb": True}), "'bomb' must be a whole number from 1 to 5"),
        (_broken({"factors.show": 0}), "'show' must be a whole number from 1 to 5"),
        (_broken({"factors.grab": 6}), "'grab' must be a whole number from 1 to 5"),
        (_broken({"factors.double": 2.0}), "'double' must be a whole number from 1 to 5"),
        (_broken({"factors.spring": "\x1b[2J"}), "'spring' must be a whole number"),
    ],
)
def test_rules_from_a_dict_are_checked_strictly(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[")):
        Rules.from_dict(data)


def test_a_record_is_written_in_the_oldest_version_that_holds_its_rules() -> None:
    for mode in PLAIN_MODES:
        line = dumps([Started(1, Rules(mode))])
        assert (
            line
            == f'{{"event": "started", "seed": 1, "landlord_mode": "{mode.value}", "version": 1}}\n'
        )
    rules = Rules(LandlordMode.GRAB, showing=True)
    started = Started(1, rules)
    assert started.version == 2 and started.landlord_mode is LandlordMode.GRAB
    data = json.loads(dumps([started]))
    assert data == {"event": "started", "seed": 1, "rules": rules.to_dict(), "version": 2}
    assert loads(dumps([started])) == [started]
    assert Started(42, LandlordMode.RANDOM) == Started(42, Rules(LandlordMode.RANDOM))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"seed": 1, "landlord_mode": "grab", "version": 1}, "version 1 record has no .*'grab'"),
        ({"seed": 1, "landlord_mode": "bid", "version": 2}, "unexpected field 'landlord_mode'"),
        ({"seed": 1, "rules": Rules().to_dict()}, "unexpected field 'rules'"),  # version 1
        ({"seed": 1, "version": 2}, "missing field 'rules'"),
        ({"seed": 1, "version": 1}, "missing field 'landlord_mode'"),
        ({"seed": 1, "rules": {}, "version": 2}, "rules: missing field 'landlord'"),
        ({"seed": 1, "rules": Rules().to_dict(), "version": 10}, "a record of version 10"),
        ({"seed": 1, "rules": Rules().to_dict(), "version": 4}, "missing field 'limited'"),
        (
            {"seed": 1, "rules": Rules().to_dict(), "version": 4, "limited": False},
            "a version 4 record is of a game with doubling",
        ),
        (
            {"seed": 1, "rules": Rules(doubling=True).to_dict(), "version": 4, "limited": 0},
            "'limited' is not of the right type",
        ),
        ({"seed": 1, "rules": Rules().to_dict(), "version": 3, "limited": True}, "unexpected"),
        ({"seed": 1, "rules": Rules().to_dict(), "version": True}, "a record of version True"),
        ({"seed": True, "rules": Rules().to_dict(), "version": 2}, "'seed' is not of the right"),
        ({"seed": 1, "landlord_mode": 0, "version": 1}, "'landlord_mode' is not of the right"),
    ],
)
def test_a_started_event_is_read_strictly(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=f"started: .*{message}"):
        event_from_dict({"event": "started", **data})


def test_a_version_2_line_of_plain_rules_is_read_as_the_same_game() -> None:
    line = {"event": "started", "seed": 3, "rules": Rules("random").to_dict(), "version": 2}
    assert event_from_dict(line) == Started(3, LandlordMode.RANDOM)


@pytest.mark.parametrize(
    ("name", "landlord", "scores", "multiplier", "redeals", "steps"),
    [
        ("v1_bid_redeal", 0, (-12, 6, 6), Multiplier(3, rocket=True), 1, 76),
        ("v1_random", 1, (1, -2, 1), Multiplier(1), 0, 75),
    ],
)
def test_a_version_1_record_from_before_house_rules_replays_unchanged(
    name: str, landlord: int, scores: tuple, multiplier: Multiplier, redeals: int, steps: int
) -> None:
    """Written by main before house rules (tests/records); read, replayed, written back
    byte for byte."""
    text = (RECORDS / f"{name}.jsonl").read_text(encoding="utf-8")
    events = loads(text)
    assert dumps(events) == text
    started = events[0]
    assert isinstance(started, Started) and started.version == 1 and started.rules.plain
    game = Game.replay(events)
    assert game.events == tuple(events)
    assert game.rules == started.rules
    assert (game.landlord, game.redeals, game.multiplier) == (landlord, redeals, multiplier)
    result = game.result
    assert result is not None and result.scores == scores and result.side is Side.PEASANTS
    steps_of = frames(events)
    assert len(steps_of) == steps and steps_of[-1].result == result
    assert all(f.calls == f.doubles == () and f.shown == (None,) * 3 for f in steps_of)


@pytest.mark.parametrize("rules", ALL_RULES)
def test_records_of_every_house_rule_round_trip_and_replay(rules: Rules) -> None:
    for seed in range(25):
        game = random_game(seed, rules)
        text = dumps(game.events)
        assert dumps(loads(text)) == text
        assert Game.replay(loads(text)).events == game.events


def test_a_tampered_house_record_is_refused() -> None:
    rules = Rules(LandlordMode.GRAB, doubling=True, showing=True)
    games = (random_game(seed, rules) for seed in range(100))
    game = next(g for g in games if any(isinstance(e, Shown) and e.cards for e in g.events))
    events = list(game.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, Shown))
    shown = events[at]
    for wrong, message in [
        (Shown(shown.seat, shown.cards[1:]), "differs from the game it replays at event"),
        (Shown((shown.seat + 1) % 3, shown.cards), "illegal action: it is seat"),
    ]:
        with pytest.raises(ValueError, match=message):
            Game.replay([*events[:at], wrong, *events[at + 1 :]])
    first_call = next(i for i, e in enumerate(events) if isinstance(e, Called))
    call = events[first_call]
    out_of_turn = Called((call.seat + 1) % 3, call.take)
    with pytest.raises(ValueError, match="illegal action: it is seat"):
        Game.replay([*events[:first_call], out_of_turn, *events[first_call + 1 :]])
    doubled = next(i for i, e in enumerate(events) if isinstance(e, Doubled))
    with pytest.raises(ValueError, match="illegal action"):
        Game.replay([*events[:doubled], Played(0, (0,)), *events[doubled:]])


def test_factors_fitting_rules_drop_those_of_rules_not_in_play() -> None:
    """A form that turns 癞子 or 明牌开始 off keeps the session's other factors; a game
    cannot have the factors of a rule it does not play."""
    session = Factors(bomb=4, soft_bomb=3, wild_bomb=5, show_start=3)
    assert session.fitting(laizi=True, show_start=True) == session
    assert session.fitting(laizi=False, show_start=True) == Factors(bomb=4, show_start=3)
    assert session.fitting(laizi=True, show_start=False) == Factors(
        bomb=4, soft_bomb=3, wild_bomb=5
    )
    assert session.fitting(laizi=False, show_start=False) == Factors(bomb=4)
    Rules(factors=session.fitting(laizi=False, show_start=False))  # a game can have them
