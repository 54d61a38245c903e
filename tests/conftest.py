"""Shared test setup: English messages, colour on, no sound device, no real settings
and no real history."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ddz_tui.i18n import Lang, set_ascii, set_language
from tests.support import redis as real_redis

os.environ.pop("NO_COLOR", None)
# Every test that plays sound plays it into ALSA's null device: the real playback
# path runs, nothing is heard, and no test depends on the machine's sound card.
ALSA_NULL_CONFIG = Path(__file__).with_name("alsa-null.conf")
os.environ["ALSA_CONFIG_PATH"] = str(ALSA_NULL_CONFIG)


@pytest.fixture(autouse=True)
def english() -> None:
    set_language(Lang.EN)
    set_ascii(False)


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch) -> str:
    """Settings go to a fresh directory, never the user's own."""
    directory = tmp_path / "config"
    monkeypatch.setenv("DDZ_CONFIG_DIR", str(directory))
    return str(directory)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    """History and session tokens go to a fresh directory, never the user's own."""
    directory = tmp_path / "data"
    monkeypatch.setenv("DDZ_DATA_DIR", str(directory))
    return directory


@pytest.fixture
def redis_server(tmp_path) -> Iterator[real_redis.RedisServer]:
    """A real redis-server of this test's own (tests/support/redis.py), running on a free
    loopback port; stopped after the test. Fails, never skips, where the program is
    missing: these tests are part of the suite CI runs."""
    if not real_redis.installed():
        pytest.fail(real_redis.NOT_INSTALLED, pytrace=False)
    with real_redis.RedisServer(tmp_path / "redis") as server:
        yield server
