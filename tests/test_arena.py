"""`ddz arena`: duplicate deals, honest figures."""

from __future__ import annotations

import pytest

from ddz_tui.bots import Level
from ddz_tui.bots.arena import Estimate, Match, Timing, play_deal, run
from ddz_tui.cli import main
from ddz_tui.engine import Game, LandlordMode


def _outcomes(report) -> list[tuple]:
    return [(r.index, r.a_won, r.a_points) for r in report.results]


def test_each_deal_is_played_twice_with_the_landlord_seat_fixed() -> None:
    match = Match(Level.NORMAL, Level.EASY, seed=4)
    result = play_deal(match, 0)
    seed = match.deal_seed(0)
    assert Game(seed, LandlordMode.RANDOM).landlord == Game(seed, LandlordMode.RANDOM).landlord
    assert result.a_points[0] != 0 and result.a_points[1] != 0
    assert len(result.times[Level.NORMAL]) > 0 and len(result.times[Level.EASY]) > 0


def test_a_level_against_itself_is_an_exact_draw() -> None:
    report = run(Match(Level.NORMAL, Level.NORMAL, seed=2), games=20)
    assert report.wp.mean == 0.5 and report.wp.half_width == 0
    assert report.adp.mean == 0


def test_the_arena_is_repeatable_and_the_same_in_worker_processes() -> None:
    match = Match(Level.NORMAL, Level.RANDOM, seed=7)
    alone = run(match, games=8)
    assert _outcomes(alone) == _outcomes(run(match, games=8))
    assert _outcomes(alone) == _outcomes(run(match, games=8, workers=2))
    assert alone.games == 8 and alone.wp.mean > 0.5


def test_estimates_and_timings() -> None:
    assert Estimate.of([1.0, 0.0, 1.0, 0.0]).mean == 0.5
    assert Estimate.of([1.0, 1.0]).half_width == 0
    timing = Timing.of([0.001 * i for i in range(1, 101)])
    assert timing.decisions == 100
    assert timing.median == pytest.approx(0.0505)
    assert timing.p99 == pytest.approx(0.099) and timing.max == pytest.approx(0.1)


def test_the_arena_command_prints_the_figures(capsys) -> None:
    assert main(["arena", "normal", "easy", "--games", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for text in (
        "normal (A) vs easy (B): 6 games on 3 deals",
        "WP: share of games A's side won",
        "ADP",
        "95% CI",
        "as landlord",
        "as peasants",
        "median",
        "p99",
    ):
        assert text in out


def test_the_arena_command_reports_the_hard_budget(capsys) -> None:
    assert main(["arena", "hard", "random", "--games", "2", "--budget", "0.02"]) == 0
    out = capsys.readouterr().out
    assert "hard budget 0.02 s" in out and "stopped by the time budget" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "normal", "genius"], "unknown bot level 'genius': choose from random, easy"),
        (["arena", "normal", "easy", "--games", "3"], "--games: give an even number"),
        (["arena", "normal", "easy", "--games", "0"], "--games: give an even number"),
        (["arena", "normal", "easy", "--workers", "0"], "--workers: give at least 1"),
        (["arena", "hard", "easy", "--budget", "0"], "--budget: give a positive number"),
    ],
)
def test_the_arena_command_refuses_bad_input(argv, message, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
