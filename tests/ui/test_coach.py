"""The coach in a replay: asked by a key, working in the background, its marks reached
by keys."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import ProgressBar
from textual.worker import WorkerCancelled

from ddz_tui.bots.coach import review
from ddz_tui.bots.deal import OutOfTime
from ddz_tui.ui.screens.replay import ReplayScreen
from ddz_tui.ui.widgets import coach as coach_widget
from ddz_tui.ui.widgets.coach import CoachBar, CoachState
from tests.support.history import seed_history
from tests.support.ui import make_app
from tests.ui.test_history_snapshots import replay_app

SMALL = 0.1  # seconds' worth of the hard bot's search per decision


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coach_widget, "BUDGET", SMALL)


async def _reviewed(pilot: Pilot) -> CoachBar:
    await pilot.press("c")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return pilot.app.screen.query_one(CoachBar)


def _line(screen: ReplayScreen) -> str:
    return str(screen.query_one("#coach-line").render())


async def test_the_coach_marks_decisions_and_the_keys_reach_them(data_dir: Path) -> None:
    games = seed_history(data_dir, 2)
    expected = [v for _, v in review(games[1].events, 0, budget=SMALL) if v.marked]
    assert len(expected) >= 2, "a random bot's game leaves marks"
    async with replay_app(data_dir, 2).run_test(size=(100, 32)) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        bar = screen.query_one(CoachBar)
        assert not bar.display and bar.state is CoachState.IDLE
        await pilot.press("n")  # no marks yet: the key does nothing
        assert screen.step == 0
        bar = await _reviewed(pilot)
        assert bar.display and bar.state is CoachState.DONE
        assert bar.marks == [v.step for v in expected]
        assert "The coach marked" in _line(screen)
        await pilot.press("n")
        assert screen.step == expected[0].step
        first = _line(screen)
        assert first == f"Coach, decision {expected[0].decision}: {expected[0].line()}"
        await pilot.press("n")
        assert screen.step == expected[1].step
        await pilot.press("p")
        assert screen.step == expected[0].step
        await pilot.press("p")  # none before the first: it stays
        assert screen.step == expected[0].step
        await pilot.press("right")
        await pilot.pause()
        assert "Coach, decision" not in _line(screen)


STOPPED: list[bool] = []


def _slow_review(events, seat, budget, stop):
    """The first verdict, then nothing until stopped (10 s at most): a coach caught
    working, whatever the machine's speed. STOPPED holds True once it was stopped."""
    for total, verdict in review(events, seat, budget=SMALL):
        yield total, verdict
        break
    for _ in range(1000):
        if stop():
            STOPPED.append(True)
            raise OutOfTime
        time.sleep(0.01)


async def test_the_replay_steps_on_while_the_coach_works(data_dir: Path, monkeypatch) -> None:
    seed_history(data_dir, 2)
    monkeypatch.setattr(coach_widget, "review", _slow_review)
    async with replay_app(data_dir, 2).run_test(size=(100, 32)) as pilot:
        screen = pilot.app.screen
        await pilot.press("c")
        bar = screen.query_one(CoachBar)
        for _ in range(200):  # the first verdict arrives
            await pilot.pause(0.01)
            if bar.verdicts:
                break
        assert bar.state is CoachState.WORKING and len(bar.verdicts) == 1
        progress = bar.query_one(ProgressBar)
        assert progress.display and progress.progress == 1 and progress.total == bar.total > 1
        assert "The coach looks at your decisions" in _line(screen)
        await pilot.press("right", "right")
        assert screen.step == 2
        workers = [w for w in pilot.app.workers if w.node is bar]
        assert len(workers) == 1
        STOPPED.clear()
        await pilot.press("escape")  # leaving cancels the review
        with pytest.raises(WorkerCancelled):
            await pilot.app.workers.wait_for_complete(workers)
        assert not isinstance(pilot.app.screen, ReplayScreen)
        for _ in range(500):  # the thread sees it at its next look
            if STOPPED:
                break
            time.sleep(0.01)
        assert STOPPED and bar.state is CoachState.WORKING


async def test_a_coach_that_fails_says_so_and_may_be_asked_again(
    data_dir: Path, monkeypatch
) -> None:
    seed_history(data_dir, 2)

    def broken(events, seat, budget, stop):
        raise RuntimeError("the coach is ill")
        yield

    monkeypatch.setattr(coach_widget, "review", broken)
    async with replay_app(data_dir, 2).run_test(size=(100, 32)) as pilot:
        bar = await _reviewed(pilot)
        assert bar.state is CoachState.FAILED
        assert _line(pilot.app.screen) == "The coach could not look at this game."
        monkeypatch.setattr(coach_widget, "review", review)
        bar = await _reviewed(pilot)
        assert bar.state is CoachState.DONE and bar.marks


async def test_the_coach_says_it_does_not_review_a_wildcards_game() -> None:
    from ddz_tui.engine import Rules
    from ddz_tui.ui.screens.replay import Replay
    from tests.support.house_play import played_out

    game = played_out(3, Rules(laizi=True))
    screen = ReplayScreen(Replay.of(game.events, title="wild.jsonl"))
    async with make_app().run_test(size=(100, 32)) as pilot:
        await pilot.app.push_screen(screen)
        await pilot.pause()
        bar = await _reviewed(pilot)
        assert bar.state is CoachState.REFUSED
        assert _line(screen) == "The coach does not review games with wildcards (癞子)."
        assert not bar.query_one(ProgressBar).display


def _moving(bar: CoachBar) -> bool:
    """Whether the progress bar is drawn moving (Textual redraws a bar with no total 15
    times a second)."""
    from textual.widgets._progress_bar import Bar

    return bar.query_one(Bar).auto_refresh is not None


async def test_the_progress_bar_moves_only_while_shown_with_no_total(
    data_dir: Path, monkeypatch
) -> None:
    """Hidden (before the coach is asked, and once it is done), the bar is given a total:
    Textual would draw it moving all the while, shown or not."""
    seed_history(data_dir, 2)
    ready = threading.Event()

    def waits_then_reviews(events, seat, budget, stop):  # type: ignore[no-untyped-def]
        ready.wait(timeout=10)  # until the test has seen the bar moving
        yield from review(events, seat, budget=SMALL)

    monkeypatch.setattr(coach_widget, "review", waits_then_reviews)
    async with replay_app(data_dir, 2).run_test(size=(100, 32)) as pilot:
        bar = pilot.app.screen.query_one(CoachBar)
        await pilot.pause()
        assert bar.state is CoachState.IDLE and not _moving(bar)
        await pilot.press("c")
        await pilot.pause()
        assert bar.state is CoachState.WORKING and bar.total is None
        assert bar.query_one(ProgressBar).display and _moving(bar)
        ready.set()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert bar.state is CoachState.DONE and not _moving(bar)
