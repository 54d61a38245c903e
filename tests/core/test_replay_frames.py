"""Frames of a finished game match the engine, action by action."""

from __future__ import annotations

import pytest

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.cards import DECK
from ddz_tui.engine import (
    Bid,
    Called,
    Doubled,
    Game,
    GameOver,
    Passed,
    Phase,
    Played,
    Rules,
    Shown,
    dumps,
    loads,
)
from ddz_tui.engine.replay import Frame, frames
from tests.support.house_play import ALL_RULES, states


def test_every_frame_is_the_state_after_that_action() -> None:
    for seed in range(40):
        game = Game(seed)
        play_out(game, [make_bot("random", seed * 3 + s) for s in range(3)])
        steps = frames(game.events)
        actions = [e for e in game.events if isinstance(e, (Bid, Played, Passed))]
        assert [f.action for f in steps[1:]] == actions
        assert steps[0].phase is Phase.BIDDING and steps[0].landlord is None
        last = steps[-1]
        assert last.phase is Phase.OVER and last.result == game.result
        assert last.hands == tuple(game.hand(s) for s in range(3))
        for frame in steps:
            assert (
                sum(len(h) for h in frame.hands)
                + sum(len(t) for _, t in frame.history)
                + (0 if frame.landlord is not None else 3)
                == 54
            )


def test_a_frame_knows_each_seats_last_action() -> None:
    game = Game(2)
    play_out(game, [make_bot("random", s) for s in range(3)])
    final = frames(game.events)[-1]
    winner = game.events[-1]
    assert isinstance(winner, GameOver)
    assert final.last_action(winner.seat)  # the winner's last play went out


def test_a_broken_record_has_no_frames() -> None:
    game = Game(3)
    play_out(game, [make_bot("random", s) for s in range(3)])
    with pytest.raises(ValueError):
        frames([*game.events[:-1], game.events[-2]])


def test_an_unfinished_game_has_no_frames() -> None:
    game = Game(3)
    play_out(game, [make_bot("random", s) for s in range(3)])
    last_play = max(i for i, e in enumerate(game.events) if isinstance(e, Played))
    with pytest.raises(ValueError, match="before the game is over"):
        frames(game.events[:last_play])


def test_frames_carry_the_cards_each_seat_played() -> None:
    game = Game(5)
    play_out(game, [make_bot("random", s) for s in range(3)])
    played = [e for e in game.events if isinstance(e, (Played, Passed))]
    final = frames(game.events)[-1]
    assert final.history_cards == tuple(
        tuple(sorted(DECK[i] for i in e.cards)) if isinstance(e, Played) else () for e in played
    )


def _live(game: Game) -> tuple:
    view = game.view(0)
    hands = tuple(game.hand(s) for s in range(3))
    return (hands, game.landlord, game.turn, game.phase, game.decision, view.calls,
            view.doubles, view.shown, game.multiplier, game.redeals, game.result)  # fmt: skip


def _framed(frame: Frame) -> tuple:
    return (frame.hands, frame.landlord, frame.turn, frame.phase, frame.decision, frame.calls,
            frame.doubles, frame.shown, frame.multiplier, frame.redeals, frame.result)  # fmt: skip


@pytest.mark.parametrize(
    "rules", ALL_RULES, ids=lambda r: f"{r.landlord.value}-{r.doubling:d}{r.showing:d}"
)
def test_frames_under_every_house_rule_are_the_states_after_each_action(rules: Rules) -> None:
    for seed in range(10):
        game = Game(seed, rules=rules)
        live = [_live(state) for state in states(game, seed)]
        steps = frames(game.events)
        dropped = len(live) - len(steps)  # the redeals before the last one declined
        assert dropped == 0 or game.redeals >= 2
        assert [_framed(f) for f in steps] == live[dropped:]
        assert frames(loads(dumps(game.events))) == steps
        actions = [
            e for e in game.events if isinstance(e, (Bid, Called, Shown, Doubled, Played, Passed))
        ]
        assert [f.action for f in steps[1:]] == actions
        assert all(f.rules == rules for f in steps)
        last = steps[-1]
        assert last.result is not None and last.result.scores == game.result.scores
        assert last.multiplier.stakes(last.landlord) == tuple(abs(s) for s in last.result.scores)
