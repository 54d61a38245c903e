"""Where ddz keeps its files, and the environment names that move them or turn sound off.

A leaf: it imports nothing of the package, so that the store, the settings, the sound,
the client's token store and the SSH door (which sets these names for each session it
starts) all read them from one place.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "ddz-tui"  # the folder's name in the user's data and config folders
DATA_DIR_ENV = "DDZ_DATA_DIR"  # history, session tokens, the SSH door's key and players
CONFIG_DIR_ENV = "DDZ_CONFIG_DIR"  # settings
SOUND_ENV = "DDZ_SOUND"  # SOUND_OFF: no sound for the whole session, whatever the settings
SOUND_OFF = "off"


def data_dir(given: Path | str | None = None) -> Path:
    """The data folder: `given`, else $DDZ_DATA_DIR, else the user data folder."""
    if given is None:
        given = os.environ.get(DATA_DIR_ENV) or None
    if given is None:
        from platformdirs import user_data_dir

        given = user_data_dir(APP_NAME, appauthor=False)
    return Path(given)


HISTORY_FILE = "ddz.sqlite3"


def history_file(data_folder: Path | str | None = None) -> Path:
    """The history database in the data folder (see `data_dir`)."""
    return data_dir(data_folder) / HISTORY_FILE


def config_dir() -> Path:
    """The settings folder: $DDZ_CONFIG_DIR, else the user config folder."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))
