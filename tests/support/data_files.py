"""Broken copies of the generated data files, for the loaders' error messages."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ddz_tui.gen import datagen


def broken_copy(tmp_path: Path, name: str, mutate: Callable[[dict], object]) -> Path:
    """`name` ("cards.json" or "rules.json") as generated, changed by `mutate`."""
    document = json.loads(datagen.GENERATED[name]())
    mutate(document)
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path
