"""Which SSH key each name at the SSH door belongs to.

The first public-key login under a name binds the name to that key; from then on only
that key may use it, so nobody else gets the player's folder (history, settings, the
session token that holds their seat). The bindings live in one JSON file in the door's
data folder, written whole and atomically; a file that cannot be read or makes no sense
is set aside (`.broken`) with a log line and the valid bindings in it are kept: a
broken file never stops the door.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import tempfile
from pathlib import Path

import asyncssh

from ddz_tui import paths
from ddz_tui.net.errors import ProtocolError
from ddz_tui.net.protocol import check_name

log = logging.getLogger(__name__)

FILE_NAME = "ssh_names.json"
FORMAT_VERSION = 1
MAX_NAMES = 10_000  # bindings kept at most; past it, key logins play as guests
MAX_FILE_BYTES = 16 * 1024 * 1024  # a bigger file than MAX_NAMES bindings need is broken


def default_names_path(data_dir: Path | str | None = None) -> Path:
    """Beside the door's host key and its players' folders, in the data folder."""
    return paths.data_dir(data_dir) / FILE_NAME


def key_line(key: asyncssh.SSHKey) -> str:
    """The key as an OpenSSH public key line without a comment: what the file keeps."""
    return f"{key.get_algorithm()} {base64.b64encode(key.public_data).decode('ascii')}"


class NameKeys:
    """The name → key bindings of one door, kept in `path`."""

    def __init__(self, path: Path, keys: dict[str, str] | None = None) -> None:
        self.path = path
        self._keys: dict[str, str] = dict(keys or {})

    @classmethod
    def load(cls, path: Path) -> NameKeys:
        """The bindings in `path` (none if it does not exist); what is broken is set aside."""
        try:
            with path.open("rb") as file:
                raw = file.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            return cls(path)
        except OSError as error:
            return cls._set_aside(path, {}, error.strerror or str(error))
        if len(raw) > MAX_FILE_BYTES:
            return cls._set_aside(path, {}, f"larger than {MAX_FILE_BYTES} bytes")
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            return cls._set_aside(path, {}, f"not JSON ({error})")
        names = data.get("names") if isinstance(data, dict) else None
        if not isinstance(names, dict) or data.get("version") != FORMAT_VERSION:
            return cls._set_aside(path, {}, f"not a version {FORMAT_VERSION} names file")
        keys = {name: line for name, line in names.items() if _valid(name, line)}
        if len(keys) > MAX_NAMES:
            keys = dict(list(keys.items())[:MAX_NAMES])
        if len(keys) < len(names):
            return cls._set_aside(path, keys, f"{len(names) - len(keys)} bad entries")
        return cls(path, keys)

    @classmethod
    def _set_aside(cls, path: Path, keys: dict[str, str], why: str) -> NameKeys:
        """Keep the broken file as `.broken` and start again from the valid `keys`."""
        backup = path.with_name(path.name + ".broken")
        try:
            path.replace(backup)
        except OSError as error:
            log.warning(
                "SSH names file %s is broken (%s) and cannot be set aside: %s",
                path,
                why,
                error.strerror or error,
            )
        else:
            log.warning(
                "SSH names file %s is broken (%s): set aside as %s; %d names kept",
                path,
                why,
                backup,
                len(keys),
            )
        names = cls(path, keys)
        if keys:
            names._save()
        return names

    def __len__(self) -> int:
        return len(self._keys)

    def is_bound(self, name: str) -> bool:
        return name in self._keys

    def belongs_to(self, name: str, key: asyncssh.SSHKey | None) -> bool:
        """Whether `name` is bound to `key` (never for a guest, who has none)."""
        return key is not None and self._keys.get(name) == key_line(key)

    def has_room(self) -> bool:
        return len(self._keys) < MAX_NAMES

    def bind(self, name: str, key: asyncssh.SSHKey) -> bool:
        """Bind a free `name` to `key` and keep it; False (logged) when it cannot be kept."""
        if name in self._keys or not self.has_room():
            return False
        self._keys[name] = key_line(key)
        if self._save():
            log.info("%s: name bound to SSH key %s", name, key.get_fingerprint())
            return True
        del self._keys[name]
        return False

    def _save(self) -> bool:
        """Write every binding to a temporary file beside `path`, then put it in place."""
        text = json.dumps(
            {"version": FORMAT_VERSION, "names": self._keys}, ensure_ascii=False, indent=1
        )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(prefix=".ssh_names.", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(text + "\n")
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(temporary, self.path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            log.warning("cannot keep SSH names in %s: %s", self.path, error.strerror or error)
            return False
        return True


def _valid(name: object, line: object) -> bool:
    """A binding as the door writes it: a usable name and a public key line."""
    if not isinstance(name, str) or not isinstance(line, str):
        return False
    try:
        return check_name(name) == name and key_line(asyncssh.import_public_key(line)) == line
    except (ProtocolError, ValueError, asyncssh.KeyImportError):
        return False
