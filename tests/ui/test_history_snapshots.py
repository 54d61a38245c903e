"""Snapshots of the statistics and replay screens, from a history seeded the same way
every time. Each baseline was looked at before it was accepted (see test_snapshots)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from ddz_tui.i18n import Lang, set_language
from ddz_tui.records.store import FILE_NAME, Store
from ddz_tui.ui.app import DdzApp
from ddz_tui.ui.screens.replay import Replay
from tests.support.history import seed_history
from tests.support.ui import make_app


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Times show in the local zone: make it the same on every machine."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


async def to_statistics(pilot: Pilot) -> None:
    await pilot.press("t")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def replay_app(data_dir: Path, game_id: int, lang: Lang = Lang.EN) -> DdzApp:
    """The app as `ddz replay GAME_ID` opens it (the language is set first, as there)."""
    set_language(lang)
    with Store.open(data_dir / FILE_NAME) as store:
        replay = Replay.of_kept(store.game(game_id))
    return DdzApp(make_app(lang).store, lang=lang, replay=replay)


def test_statistics(snap_compare, data_dir: Path) -> None:
    seed_history(data_dir, 12)
    assert snap_compare(make_app(), run_before=to_statistics)


def test_statistics_with_no_games(snap_compare) -> None:
    assert snap_compare(make_app(), run_before=to_statistics)


def test_statistics_with_history_off(snap_compare, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DDZ_DATA_DIR", "broken")  # a short path, the same in every run
    Path("broken").mkdir()
    Path("broken", FILE_NAME).write_bytes(b"this is not a database" * 100)
    assert snap_compare(make_app(), run_before=to_statistics)


def test_replay_at_the_deal(snap_compare, data_dir: Path) -> None:
    seed_history(data_dir, 3)
    assert snap_compare(replay_app(data_dir, 2))


def test_replay_mid_game(snap_compare, data_dir: Path) -> None:
    seed_history(data_dir, 3)
    assert snap_compare(replay_app(data_dir, 2), press=["right"] * 20)


def test_replay_at_the_end(snap_compare, data_dir: Path) -> None:
    seed_history(data_dir, 3)
    assert snap_compare(replay_app(data_dir, 2), press=["end"])


def test_replay_drawn_by_lot_in_chinese(snap_compare, data_dir: Path) -> None:
    seed_history(data_dir, 3)  # game 3 was drawn by lot
    assert snap_compare(replay_app(data_dir, 3, Lang.ZH), press=["right"] * 9)
