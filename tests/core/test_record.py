"""The event record: JSON lines, and replaying a game from it."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out, step
from ddz_tui.engine import (
    Factors,
    Game,
    GameOver,
    LandlordMode,
    Phase,
    Played,
    Rules,
    dumps,
    loads,
)
from ddz_tui.engine.events import event_from_dict
from tests.support.house_play import ALL_RULES, states


def _finished(seed: int, mode: LandlordMode) -> Game:
    game = Game(seed, mode)
    play_out(game, [make_bot("random", seed * 3 + s) for s in range(3)])
    return game


def _state(game: Game) -> tuple:
    return (
        game.events,
        [game.hand(s) for s in range(3)],
        game.bottom,
        game.landlord,
        game.turn,
        game.phase,
        game.redeals,
        game.multiplier,
        game.result,
        game._rng.getstate(),
        [game.view(s) for s in range(3)],
    )


def test_replaying_the_record_gives_an_identical_game_over_1000_games() -> None:
    for seed in range(1000):
        mode = LandlordMode.RANDOM if seed % 4 == 0 else LandlordMode.BID
        game = _finished(seed, mode)
        record = loads(dumps(game.events))
        assert record == list(game.events)
        assert _state(Game.replay(record)) == _state(game)


def test_the_record_of_an_unfinished_game_replays_after_every_action() -> None:
    game = Game(7)
    bots = [make_bot("random", s) for s in range(3)]
    while game.phase is not Phase.OVER:
        step(game, bots)
        assert _state(Game.replay(game.events)) == _state(game)


def test_a_record_cut_inside_an_action_is_refused() -> None:
    game = _finished(7, LandlordMode.BID)
    chosen = next(i for i, e in enumerate(game.events) if type(e).__name__ == "LandlordChosen")
    with pytest.raises(ValueError, match="differs"):
        Game.replay(game.events[:chosen])


def test_a_tampered_record_is_refused() -> None:
    game = _finished(3, LandlordMode.BID)
    events = list(game.events)
    over = events[-1]
    assert isinstance(over, GameOver)
    events[-1] = GameOver(over.side, over.seat, over.spring, over.anti_spring, 99, over.scores)
    with pytest.raises(ValueError, match="differs from the game it replays at event"):
        Game.replay(events)
    index = next(i for i, e in enumerate(events) if isinstance(e, Played))
    played = events[index]
    events[index] = Played(played.seat, (played.cards[0] + 1,))
    with pytest.raises(ValueError):
        Game.replay(events)
    with pytest.raises(ValueError, match="starts with a 'started' event"):
        Game.replay(events[1:])


def test_json_lines_are_readable() -> None:
    game = _finished(1, LandlordMode.RANDOM)
    lines = dumps(game.events).splitlines()
    assert lines[0] == '{"event": "started", "seed": 1, "landlord_mode": "random", "version": 1}'
    played = next(line for line in lines if '"played"' in line)
    assert '"ranks": "' in played


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"event": "started", "seed": 1, "landlord_mode": "random"}\nnot json', "line 2"),
        ('{"event": "nope"}', "line 1: unknown event 'nope'"),
        ('{"event": "bid", "seat": 1}', "line 1: bid: missing field 'bid'"),
        ('{"event": "bid", "seat": 1, "bid": 2, "x": 3}', "unexpected field 'x'"),
        ('{"event": "started", "seed": 1, "landlord_mode": "auction"}', "started: 'auction'"),
        ('{"event": "played", "seat": 0, "cards": [0], "ranks": "4"}', "do not match the cards"),
        ("[1, 2]", "an event must be a JSON object"),
    ],
)
def test_a_broken_record_names_the_line_and_the_problem(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        loads(text)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", "\x1b]0;owned\x07"),  # `random` takes any string as a seed
        ("seed", 1.5),
        ("seat", True),
        ("cards", ["\x9b2J"]),
        ("hands", [[0], [1], ["x"]]),
        ("hands", [[0], [1]]),
        ("spring", 0),
        ("scores", [1, -1]),
        ("first", "0"),
    ],
)
def test_a_record_holds_numbers_flags_and_choices_only(field: str, value: object) -> None:
    """A string where a number goes would ride along to the history and the screen."""
    game = _finished(5, LandlordMode.BID)
    lines = [json.loads(line) for line in dumps(game.events).splitlines()]
    number, line = next((i, line) for i, line in enumerate(lines) if field in line)
    lines[number] = {**line, field: value} | ({"ranks": ""} if field == "cards" else {})
    with pytest.raises(ValueError, match=f"line {number + 1}: .*'{field}' is not of the right"):
        loads("\n".join(json.dumps(line) for line in lines))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("cards", [54]),
        ("cards", [-1]),  # would wrap round to the big joker
        ("hands", [[0], [1], [99]]),
        ("bottom", [0, 1, 54]),
        ("seat", 3),
        ("seat", -1),
        ("first", 3),
    ],
)
def test_a_record_holds_card_ids_and_seats_in_range(field: str, value: object) -> None:
    """An id past the deck was an IndexError (a traceback) when the record was read."""
    game = _finished(5, LandlordMode.BID)
    lines = [json.loads(line) for line in dumps(game.events).splitlines()]
    number, line = next((i, line) for i, line in enumerate(lines) if field in line)
    lines[number] = {key: item for key, item in line.items() if key != "ranks"} | {field: value}
    with pytest.raises(ValueError, match=f"line {number + 1}: .*'{field}' is out of range"):
        loads("\n".join(json.dumps(line) for line in lines))


def test_a_game_played_from_a_string_seed_is_not_a_record() -> None:
    game = Game("\x9d52;c;eA==\x9c")  # type: ignore[arg-type]
    play_out(game, [make_bot("random", s) for s in range(3)])
    with pytest.raises(ValueError, match="'seed' is not of the right type"):
        loads(dumps(game.events))


def test_event_from_dict_round_trips_every_event_type() -> None:
    game = _finished(2, LandlordMode.BID)
    from ddz_tui.engine.events import event_to_dict

    kinds = {type(e) for e in game.events}
    assert len(kinds) >= 7
    for event in game.events:
        assert event_from_dict(event_to_dict(event)) == event


def test_random_unseeded_games_record_their_seed() -> None:
    game = Game()
    assert game.events[0].seed == game.seed
    rng = random.Random(game.seed)
    order = list(range(54))
    rng.shuffle(order)
    assert sorted(game.events[1].hands[0]) == sorted(order[:17])


@settings(max_examples=24, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from(ALL_RULES), st.booleans())
def test_every_state_of_a_game_under_house_rules_replays_from_its_record(
    seed: int, rules: Rules, odd_factors: bool
) -> None:
    if odd_factors:
        rules = Rules(rules.landlord, rules.doubling, rules.showing, Factors(3, 4, 5, 3, 4, 5))
    for game in states(Game(seed, rules=rules), seed):
        replayed = Game.replay(loads(dumps(game.events)))
        assert _state(replayed) == _state(game)
