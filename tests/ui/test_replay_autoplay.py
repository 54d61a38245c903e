"""Autoplay in a replay: Space plays and pauses, - and + change the wait between steps,
it stops at the end, and any key that chooses a step pauses it. The screen waits by a
ManualClock that the tests move, so no test waits for real time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from ddz_tui.i18n import Lang, set_language
from ddz_tui.ui.screens.replay import AUTOPLAY_SECONDS, Replay, ReplayScreen
from ddz_tui.ui.widgets import coach as coach_widget
from ddz_tui.ui.widgets.coach import CoachBar
from ddz_tui.ui.widgets.keys import KeyFooter
from tests.support.clock import ManualClock
from tests.support.history import finished_game
from tests.support.ui import make_app


@asynccontextmanager
async def autoplay(lang: Lang = Lang.EN) -> AsyncIterator[tuple[Pilot, ReplayScreen, ManualClock]]:
    """A finished game's replay, open at the deal, waiting by a clock the test moves."""
    set_language(lang)
    clock = ManualClock()
    screen = ReplayScreen(Replay.of(finished_game(7).events), clock)
    app = make_app(lang)
    async with app.run_test() as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        yield pilot, screen, clock


def footer(screen: ReplayScreen) -> list[str]:
    return [f"{key.display} {key.description}" for key in screen.query_one(KeyFooter).shown_keys()]


async def test_space_plays_a_step_a_second_and_pauses() -> None:
    async with autoplay() as (pilot, screen, clock):
        assert "space Play" in footer(screen) and not clock.pending
        await pilot.press("space")
        assert screen.playing and screen.step == 0
        clock.advance(0.99)
        assert screen.step == 0
        clock.advance(0.01)
        assert screen.step == 1
        clock.advance(3.0)
        await pilot.pause()
        assert screen.step == 4
        assert footer(screen) == ["space Pause", "- + 1 s a step", "esc Back", "c Coach", "m Sound"]
        await pilot.press("space")
        assert not screen.playing and not clock.pending
        clock.advance(10.0)
        assert screen.step == 4
        assert footer(screen)[:4] == ["← → Step", "home First", "end Last", "space Play"]


async def test_minus_and_plus_change_the_wait_between_steps() -> None:
    async with autoplay() as (pilot, screen, clock):
        await pilot.press("space", "plus")
        assert screen.wait == 0.5 and clock.pending == [0.5]
        clock.advance(0.5)
        assert screen.step == 1
        await pilot.press("plus")  # already the fastest
        assert screen.wait == 0.5
        await pilot.press("minus", "minus", "minus")
        assert screen.wait == max(AUTOPLAY_SECONDS) == 2.0
        assert "- + 2 s a step" in footer(screen)
        clock.advance(1.9)
        assert screen.step == 1
        clock.advance(0.1)
        assert screen.step == 2
        await pilot.press("equals_sign")  # + without shift
        assert screen.wait == 1.0


async def test_autoplay_stops_at_the_end_and_plays_again_from_the_deal() -> None:
    async with autoplay() as (pilot, screen, clock):
        last = len(screen.replay.frames) - 1
        await pilot.press("space")
        clock.advance(last + 5.0)
        await pilot.pause()
        assert screen.step == last and not screen.playing and not clock.pending
        assert "space Play" in footer(screen)
        await pilot.press("space")  # from the end: again from the deal
        assert screen.step == 0 and screen.playing
        clock.advance(1.0)
        assert screen.step == 1


@pytest.mark.parametrize(
    ("keys", "step"), [(["right"], 3), (["left"], 1), (["home"], 0), (["end"], -1)]
)
async def test_a_stepping_key_pauses_autoplay(keys: list[str], step: int) -> None:
    async with autoplay() as (pilot, screen, clock):
        await pilot.press("space")
        clock.advance(2.0)
        assert screen.step == 2
        await pilot.press(*keys)
        assert not screen.playing and not clock.pending
        assert screen.step == (step if step >= 0 else len(screen.replay.frames) - 1)
        before = screen.step
        clock.advance(5.0)
        assert screen.step == before


async def test_leaving_or_covering_the_replay_stops_autoplay() -> None:
    async with autoplay() as (pilot, screen, clock):
        await pilot.press("space")
        pilot.app.open_help()  # as the table's F1 opens it: over the replay
        await pilot.pause()
        assert screen is not pilot.app.screen
        assert not screen.playing and not clock.pending
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen
        await pilot.press("space", "escape")
        await pilot.pause()
        assert pilot.app.screen is not screen and not clock.pending


async def test_the_autoplay_keys_in_chinese() -> None:
    async with autoplay(Lang.ZH) as (pilot, screen, _):
        assert "space 播放" in footer(screen)
        await pilot.press("space", "plus")
        assert footer(screen)[:2] == ["space 暂停", "- + 每步0.5秒"]


@pytest.mark.parametrize("lang", [Lang.EN, Lang.ZH])
async def test_the_footer_fits_80_columns_playing_paused_and_with_the_coachs_marks(
    lang: Lang, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(coach_widget, "BUDGET", 0.05)
    async with autoplay(lang) as (pilot, screen, _):

        def width() -> int:
            keys = screen.query_one(KeyFooter).shown_keys()
            return sum(cell_len(f" {key.display} {key.description} ") for key in keys)

        widths = [width()]
        await pilot.press("space", "plus")
        widths.append(width())
        await pilot.press("space", "c")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one(CoachBar).marks, "a random bot's game leaves marks"
        widths.append(width())
        assert "home" not in " ".join(footer(screen))  # the marks' keys jump instead
        await pilot.press("space")
        widths.append(width())
        assert max(widths) <= 80, widths


def test_snapshot_autoplaying(snap_compare) -> None:
    """Autoplay on at 0.5 s a step, three steps in: the footer says Pause and the speed."""
    set_language(Lang.EN)
    clock = ManualClock()
    screen = ReplayScreen(Replay.of(finished_game(7).events, title="game.jsonl"), clock)

    async def playing(pilot: Pilot) -> None:
        await pilot.app.push_screen(screen)
        await pilot.press("space", "plus")
        clock.advance(1.5)
        await pilot.pause()

    assert snap_compare(make_app(), run_before=playing)
