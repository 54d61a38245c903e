"""Where ddz keeps its files: a given folder, else the environment's, else the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_tui import paths


def test_the_data_folder_is_the_given_one_else_the_environments_else_the_users(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path / "env"))
    assert paths.data_dir(tmp_path / "given") == tmp_path / "given"
    assert paths.data_dir() == tmp_path / "env"
    monkeypatch.setenv(paths.DATA_DIR_ENV, "")  # set but empty: as if unset
    assert paths.data_dir().name == paths.APP_NAME
    monkeypatch.delenv(paths.DATA_DIR_ENV)
    assert paths.data_dir().name == paths.APP_NAME


def test_the_config_folder_is_the_environments_else_the_users(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.CONFIG_DIR_ENV, str(tmp_path))
    assert paths.config_dir() == tmp_path
    monkeypatch.delenv(paths.CONFIG_DIR_ENV)
    assert paths.config_dir().name == paths.APP_NAME
