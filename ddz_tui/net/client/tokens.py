"""Session tokens kept on disk, so that a restarted client takes its seat back."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from ddz_tui import paths

log = logging.getLogger(__name__)


class TokenStore:
    """Session tokens kept on disk, so a restarted client resumes its seat."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def default(cls, data_dir: Path | str | None = None) -> TokenStore:
        """Beside the history: `data_dir`, else $DDZ_DATA_DIR, else the user data folder."""
        return cls(paths.data_dir(data_dir) / "sessions.json")

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return (
            {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}
        )

    def get(self, url: str, name: str) -> str | None:
        return self._load().get(f"{url}|{name}")

    def put(self, url: str, name: str, token: str) -> None:
        data = self._load()
        data[f"{url}|{name}"] = token
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
            tmp.replace(self.path)
        except OSError as error:
            log.warning("cannot keep the session token in %s: %s", self.path, error)
