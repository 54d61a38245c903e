"""Settings: kept in the config directory, never fatal when the file is broken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ddz_tui.bots import Level
from ddz_tui.cards import HandOrder
from ddz_tui.engine import LandlordMode, Rules
from ddz_tui.i18n import Lang
from ddz_tui.ui.settings import Loaded, Settings, SettingsStore, levels
from ddz_tui.ui.theme import theme_names

THEMES = theme_names()


def test_no_file_means_the_defaults_quietly(tmp_path: Path) -> None:
    loaded = SettingsStore(tmp_path).load(THEMES)
    # the very first start: the defaults, and the lesson not offered yet
    assert loaded.settings == Settings(tutorial_offered=False) and loaded.problem is None
    assert not (tmp_path / "settings.json").exists()


def test_saved_settings_come_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "new")
    mine = Settings(
        bot_delay=1.5,
        left_bot=Level.RANDOM,
        landlord_mode=LandlordMode.RANDOM,
        ascii_cards=True,
        language=Lang.ZH,
        theme="ddz-paper",
        hand_order=HandOrder.COUNT,
    )
    assert store.save(mine) is None
    assert store.load(THEMES) == Loaded(mine)


def test_the_environment_chooses_the_directory(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DDZ_CONFIG_DIR", str(tmp_path))
    assert SettingsStore.default().path == tmp_path / "settings.json"


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("{ nope", "not valid JSON at line 1"),
        ("[1, 2]", "not a JSON object"),
        (b"\xff\xfe".decode("latin-1"), "not valid JSON"),
    ],
)
def test_a_broken_file_is_reported_kept_aside_and_replaced(
    tmp_path: Path, text: str, detail: str
) -> None:
    store = SettingsStore(tmp_path)
    store.path.write_text(text, encoding="utf-8")
    loaded = store.load(THEMES)
    assert loaded.settings == Settings()
    assert loaded.problem is not None and detail in loaded.problem
    assert str(store.path) in loaded.problem
    assert (tmp_path / "settings.json.broken").read_text(encoding="utf-8") == text
    assert json.loads(store.path.read_text())["version"] == 1
    assert store.load(THEMES).problem is None, "the replacement is a good file"


def test_wrong_values_fall_back_one_by_one(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.path.write_text(
        json.dumps(
            {
                "bot_delay": 99,
                "ascii_cards": True,
                "theme": 7,
                "left_bot": "x",
                "hand_order": "by-colour",
            }
        )
    )
    loaded = store.load(THEMES)
    assert loaded.settings.ascii_cards is True
    assert loaded.settings.bot_delay == Settings().bot_delay
    assert loaded.settings.theme == Settings().theme
    assert loaded.problem is not None
    assert loaded.settings.hand_order is HandOrder.RANK
    for name in ("bot_delay", "theme", "left_bot", "hand_order"):
        assert name in loaded.problem


def test_the_house_rules_are_kept_and_a_wrong_one_falls_back(tmp_path: Path) -> None:
    """叫地主/抢地主, 加倍 and 明牌 are remembered; a mode or switch that is not one is
    reported and replaced by the default."""
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"landlord_mode": "grab", "doubling": True, "showing": True}))
    loaded = store.load(THEMES)
    assert loaded.problem is None
    assert loaded.settings.rules == Rules(LandlordMode.GRAB, doubling=True, showing=True)
    store.path.write_text(json.dumps({"landlord_mode": "auction", "doubling": 1, "showing": "on"}))
    loaded = store.load(THEMES)
    assert loaded.settings.rules == Rules()
    assert loaded.problem is not None
    for name in ("landlord_mode", "doubling", "showing"):
        assert name in loaded.problem


def test_a_directory_that_cannot_be_written_is_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    failure = SettingsStore(blocker / "config").save(Settings())
    assert failure is not None and "cannot be saved" in failure


def test_a_new_player_meets_normal_bots() -> None:
    """Hard bots beat most newcomers: a new player starts against Normal ones."""
    assert Settings().left_bot is Level.NORMAL and Settings().right_bot is Level.NORMAL


def test_the_levels_are_listed_weakest_first() -> None:
    strength = ["random", "easy", "normal", "hard"]
    known = [level.value for level in levels() if level.value in strength]
    assert known == sorted(known, key=strength.index)


def test_a_remembered_name_or_address_that_is_not_printable_is_not_used(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    hostile = {"player_name": "ann\x1b]52;c;eA==\x07", "server_address": "h\u202eost:1"}
    store.path.write_text(json.dumps({**hostile, "ascii_cards": True}))
    loaded = store.load(THEMES)
    assert loaded.settings == Settings(ascii_cards=True)
    assert loaded.problem is not None and "\x1b" not in loaded.problem
    assert "server_address" in loaded.problem
    assert "player_name" not in loaded.problem, "an old file's name is not read: the profile's is"


@pytest.mark.parametrize("stored", ["textual-dark", "ansi-light", "nord", "no-such-theme"])
def test_a_theme_no_longer_offered_falls_back_quietly(tmp_path: Path, stored: str) -> None:
    """Settings offered every Textual theme once; one saved then is the default now,
    with no broken-file notice and nothing set aside."""
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"theme": stored, "ascii_cards": True}))
    loaded = store.load(THEMES)
    assert loaded == Loaded(Settings(ascii_cards=True))
    assert not (tmp_path / "settings.json.broken").exists()


def test_the_themes_offered_are_the_games_a_light_one_and_a_dark_one() -> None:
    """The themes the game is drawn and tested in (a snapshot of the table each)."""
    from ddz_tui.ui.theme import THEMES as OURS

    assert [theme.name for theme in OURS] == THEMES
    assert {theme.dark for theme in OURS} == {True, False}
