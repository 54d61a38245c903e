"""`ddz arena`: duplicate deals, honest figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ddz_tui.bots import Level
from ddz_tui.bots.lab import arena
from ddz_tui.bots.lab.arena import (
    SEATINGS,
    Estimate,
    Match,
    Timing,
    play_bidding_deal,
    play_deal,
    run,
    run_bidding,
)
from ddz_tui.cli import bots as cli_bots
from ddz_tui.cli import main
from ddz_tui.engine import Decision, Game, LandlordMode, parse_rules


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
        "blunders per 100 games",
        "kept a bomb",
        "let out",
        "missed a win",
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


# --- with bidding --------------------------------------------------------------------


def test_a_deal_with_bidding_is_played_with_each_level_in_every_seating() -> None:
    match = Match(Level.NORMAL, Level.EASY, seed=5)
    result = play_bidding_deal(match, 0)
    games = [result.seats[i : i + 3] for i in range(0, len(result.seats), 3)]
    assert len(games) == len(SEATINGS) == 6
    for seating, seats in zip(SEATINGS, games, strict=True):
        assert [s.level is Level.NORMAL for s in seats] == list(seating)
        assert sum(s.landlord for s in seats) == 1 and sum(s.score for s in seats) == 0
        landlord = next(s for s in seats if s.landlord)
        assert all(s.won == (landlord.won == s.landlord) for s in seats)
        assert all(s.asked >= 1 and 0 <= s.bid <= s.asked for s in seats)
    assert any(s.bid for s in result.seats), "someone took the landlord by bidding"


def test_a_level_against_itself_with_bidding_is_an_exact_draw() -> None:
    report = run_bidding(Match(Level.NORMAL, Level.NORMAL, seed=2), games=12)
    assert report.games == 12 and report.score_difference.mean == 0


def test_with_bidding_normal_outscores_easy_on_the_same_deals() -> None:
    report = run_bidding(Match(Level.NORMAL, Level.EASY, seed=3), games=120)
    normal, easy = report.level(Level.NORMAL), report.level(Level.EASY)
    assert report.score_difference.mean > 0 and normal.score > easy.score
    assert normal.games == easy.games == 120 * 3 // 2  # seats played, half each
    assert 0 < normal.landlord_rate < 1 and 0 <= normal.landlord_win_rate <= 1


def test_the_arena_command_with_bidding_prints_the_figures(capsys) -> None:
    assert main(["arena", "normal", "easy", "--games", "6", "--bidding", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for text in (
        "normal (A) vs easy (B), the bots bidding: 6 games on 1 deals",
        "score per game: A's − B's",
        "bids when asked",
        "is landlord",
        "wins as",
        "score per game",
        "all passed",
        "p99",
        "blunders per 100 games",
    ):
        assert text in out


def test_the_arena_counts_each_levels_calls_grabs_doubles_and_shows() -> None:
    rules = parse_rules("grab,double,show")
    report = run_bidding(Match(Level.NORMAL, Level.EASY, seed=1, rules=rules), games=12)
    normal, easy = report.level(Level.NORMAL), report.level(Level.EASY)
    for level in (normal, easy):
        asked, yes = level.said(Decision.CALL)
        assert asked >= 1 and 0 <= yes <= asked
        assert level.said(Decision.DOUBLE)[0] >= 1  # every game doubles
        assert level.said(Decision.BID) == (0, 0)  # calls, not bids
    shows = normal.said(Decision.SHOW)[0] + easy.said(Decision.SHOW)[0]
    assert shows == report.games  # the landlord is asked once a game
    seats = [seat for r in report.results for seat in r.seats]
    calls = sum(n for seat in seats for d, n, _ in seat.answers if d is Decision.CALL)
    assert calls == normal.said(Decision.CALL)[0] + easy.said(Decision.CALL)[0]


def test_the_arena_command_prints_how_often_each_level_calls_grabs_doubles_and_shows(
    capsys,
) -> None:
    argv = ["arena", "normal", "easy", "--games", "6", "--bidding", "--seed", "3"]
    assert main([*argv, "--rules", "grab,double,show"]) == 0
    out = capsys.readouterr().out
    assert "yes / times asked, per level" in out
    for column in ("calls", "grabs", "doubles", "shows", "score per game"):
        assert column in out
    assert main(argv) == 0  # bids only: no such table
    assert "yes / times asked" not in capsys.readouterr().out


def test_the_arena_command_with_bidding_wants_six_games_a_deal(capsys) -> None:
    assert main(["arena", "normal", "easy", "--games", "8", "--bidding"]) == 2
    assert "--games: give a multiple of 6" in capsys.readouterr().err


def test_the_arena_command_with_bidding_plays_1200_games_by_default(monkeypatch, capsys) -> None:
    played = []
    monkeypatch.setattr(arena, "run_bidding", lambda match, games, *_: played.append(games))
    monkeypatch.setattr(cli_bots, "_bidding_figures", lambda report, details: [details])
    assert main(["arena", "normal", "easy", "--bidding"]) == 0
    assert played == [1200]


_BARE_PYTHON = """
import sys

class StandardLibraryOnly:
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top not in sys.stdlib_module_names and top != "ddz_tui":
            raise ModuleNotFoundError(f"not on a bare Python: {name}")

sys.meta_path.insert(0, StandardLibraryOnly())
from ddz_tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "normal", "easy", "--games", "4"],
        ["arena", "hard", "easy", "--games", "6", "--bidding", "--budget", "0.02"],
    ],
)
def test_the_arena_runs_on_the_standard_library_alone(argv: list[str]) -> None:
    # Measuring machines may have a bare Python: the figures come as plain text then.
    done = subprocess.run(
        [sys.executable, "-c", _BARE_PYTHON, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert "decision time per bot call" in done.stdout and "p99" in done.stdout
    assert "│" not in done.stdout and "━" not in done.stdout  # no rich tables


def test_under_no_shuffle_every_game_of_a_deal_is_cut_from_the_same_played_game(
    monkeypatch,
) -> None:
    """不洗牌 in the arena: a deal's deck is the cards of a game played before it (the
    same for each of its games, so the deal is still a duplicate), and its games are
    dealt from it; the rule off, every deal is shuffled."""
    from ddz_tui.engine import Rules, Started

    match = Match(Level.NORMAL, Level.EASY, seed=4, rules=Rules(no_shuffle=True))
    deck = match.deck(0)
    assert deck is not None and sorted(deck) == list(range(54))
    assert match.deck(0) == deck and match.deck(1) != deck
    dealt: list[tuple[int, ...] | None] = []

    def game(*args, **kwargs) -> Game:
        made = Game(*args, **kwargs)
        started = made.events[0]
        assert isinstance(started, Started)
        dealt.append(started.deck)
        return made

    monkeypatch.setattr(arena, "Game", game)
    play_deal(match, 0)
    play_bidding_deal(match, 0)
    assert dealt.count(deck) == 2 + len(SEATINGS), "each game of the deal, from its deck"
    dealt.clear()
    play_deal(Match(Level.NORMAL, Level.EASY, seed=4), 0)
    assert dealt == [None, None]
