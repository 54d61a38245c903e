"""Snapshot of the coach's marks in a replay. The baseline was looked at before it was
accepted (see test_snapshots)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from ddz_tui.ui.widgets import coach as coach_widget
from tests.support.history import seed_history
from tests.ui.test_history_snapshots import replay_app


async def to_the_first_mark(pilot: Pilot) -> None:
    await pilot.press("c")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()


def test_replay_at_the_coachs_first_mark(
    snap_compare, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(coach_widget, "BUDGET", 0.1)
    seed_history(data_dir, 3)
    assert snap_compare(replay_app(data_dir, 2), run_before=to_the_first_mark)
