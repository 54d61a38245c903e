"""Find and read the data files the package ships (cards.json, rules.json, sounds).

The files live at the repository root and are copied into `ddz_tui/data/` in the
wheel. Both places are found through the package, never the working directory.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_PACKAGE_DIR = Path(__file__).resolve().parent


class DataFileError(Exception):
    """A shipped data file is missing or malformed; the message names file and problem."""


def data_path(name: str) -> Path:
    """The installed copy (wheel) or the checkout's copy (editable install, source tree)."""
    for candidate in (_PACKAGE_DIR / "data" / name, _PACKAGE_DIR.parent / name):
        if candidate.exists():
            return candidate
    raise DataFileError(f"{name}: not found next to the ddz_tui package (reinstall ddz-tui)")


def load_json(path: Path) -> Any:
    """Parse a JSON data file, turning every failure into one DataFileError line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise DataFileError(f"{path}: not UTF-8 text ({exc.reason})") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(
            f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from exc
