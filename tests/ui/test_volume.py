"""The music and effects volumes: chosen in Settings, kept in settings.json, applied to
the app's own sound at once and at start; a wrong stored value falls back to full."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Select

from ddz_tui.sound.clips import Volumes
from ddz_tui.sound.player import Sound
from ddz_tui.ui.settings import Settings, SettingsStore
from ddz_tui.ui.theme import theme_names
from tests.support.ui import make_app
from tests.ui.test_forms import open_settings, row


def test_the_volumes_are_kept_and_come_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    mine = Settings(music_volume=30, effects_volume=80)
    assert store.save(mine) is None
    saved = json.loads(store.path.read_text())
    assert (saved["music_volume"], saved["effects_volume"]) == (30, 80)
    loaded = store.load(theme_names())
    assert loaded.problem is None and loaded.settings.volumes == Volumes(30, 80)


@pytest.mark.parametrize("wrong", [150, -10, "loud", True, 55.5, None, [50]])
def test_a_wrong_stored_volume_falls_back_to_full_and_is_named(tmp_path: Path, wrong) -> None:
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"music_volume": wrong, "effects_volume": 40}))
    loaded = store.load(theme_names())
    assert loaded.settings.volumes == Volumes(music=100, effects=40)
    assert loaded.problem is not None and "music_volume" in loaded.problem
    assert "effects_volume" not in loaded.problem
    assert store.load(theme_names()).problem is None, "the replacement is a good file"


async def test_the_saved_volumes_reach_the_sound_at_start() -> None:
    app = make_app(music_volume=40, effects_volume=0)
    async with app.run_test():
        assert app.sound.volumes == Volumes(music=40, effects=0)


async def test_choosing_a_volume_in_settings_applies_and_keeps_it(config_dir) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        assert "100%" in row(app, "Music volume") and "100%" in row(app, "Effects volume")
        screen.query_one("#music_volume", Select).focus()
        await pilot.press("enter", "up", "up", "enter")  # 100% -> 80%
        await pilot.pause()
        assert app.sound.volumes == Volumes(music=80, effects=100)
        assert "80%" in row(app, "Music volume")
        screen.query_one("#effects_volume", Select).focus()
        await pilot.press("enter", "home", "enter")  # off
        await pilot.pause()
        assert app.sound.volumes == Volumes(music=80, effects=0)
        await pilot.press("escape")
    saved = json.loads(SettingsStore(Path(config_dir)).path.read_text())
    assert (saved["music_volume"], saved["effects_volume"]) == (80, 0)


async def test_a_volume_saved_between_the_steps_is_offered_as_it_is() -> None:
    app = make_app(music_volume=35)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        volume = screen.query_one("#music_volume", Select)
        assert volume.value == 35 and "35%" in row(app, "Music volume")


async def test_with_sound_locked_off_the_volumes_cannot_be_chosen() -> None:
    def locked(enabled: bool | None) -> Sound:
        return Sound(enabled, environ={"DDZ_SOUND": "off"})

    app = make_app(make_sound=locked)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        assert screen.query_one("#music_volume", Select).disabled
        assert screen.query_one("#effects_volume", Select).disabled
