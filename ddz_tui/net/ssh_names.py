"""Which SSH key each name at the SSH door belongs to.

The first public-key login under a name binds the name to that key; from then on only
that key may use it, so nobody else gets the player's folder (history, settings, the
session token that holds their seat). One key keeps at most `per_key` names (a key
cannot take the door's names by the thousand), and a binding unused for `keep_days` is
forgotten (a name is not held for good by someone who left). A binding holds its
name's look-alikes too (`name_key`: Ann, ＡＮＮ and Cyrillic аnn are ann's), so nobody
poses as its player; the key's login under a look-alike plays as the name it bound
(`own_name`). A file written before names were compared so may bind look-alikes (Ann,
ann) to different keys: each is read and kept, each exact name stays with its key, a
third spelling (ANN) lets in any of their keys as its own name, and nobody else gets
any of them. The bindings live in one
JSON file in the door's data folder, written whole and atomically; a file that cannot
be read or makes no sense is set aside with a log line (and `broken`, which the door
says at start) and the valid bindings in it are kept: a broken file never stops the
door. Each broken file is kept under a name of its own (`.broken`, `.broken.1`, ...,
the newest numbered highest; only the newest MAX_BROKEN), since the one set aside
last week may be the one with the bindings worth copying back.
"""

from __future__ import annotations

import base64
import errno
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ddz_tui import paths
from ddz_tui.i18n import Phrase
from ddz_tui.net.errors import ProtocolError
from ddz_tui.net.protocol import check_name
from ddz_tui.records.names import name_key

log = logging.getLogger(__name__)

FILE_NAME = "ssh_names.json"
FORMAT_VERSION = 2  # version 1 kept no time of use: read as used when it was read
MAX_NAMES = 10_000  # bindings kept at most; past it, key logins play as guests
MAX_FILE_BYTES = 16 * 1024 * 1024  # a bigger file than MAX_NAMES bindings need is broken
MAX_BROKEN = 10  # broken files kept set aside at most: the newest
DEFAULT_PER_KEY = 3  # names one key keeps at most
DEFAULT_KEEP_DAYS = 180  # a binding unused this long is forgotten
DAY = 86_400.0


def default_names_path(data_dir: Path | str | None = None) -> Path:
    """Beside the door's host key and its players' folders, in the data folder."""
    return paths.data_dir(data_dir) / FILE_NAME


def key_line(key: asyncssh.SSHKey) -> str:
    """The key as an OpenSSH public key line without a comment: what the file keeps."""
    return f"{key.get_algorithm()} {base64.b64encode(key.public_data).decode('ascii')}"


@dataclass(frozen=True)
class Binding:
    """A name's key, and when a login last used it (seconds since the epoch)."""

    key: str
    used: float


@dataclass(frozen=True)
class Broken:
    """The names file was broken when the door read it: why, where it was set aside
    (None when it could not be: `error` says why), and how many bindings were kept."""

    why: Phrase
    backup: Path | None
    kept: int
    error: str = ""


class NameKeys:
    """The name → key bindings of one door, kept in `path`."""

    def __init__(
        self,
        path: Path,
        bindings: dict[str, Binding] | None = None,
        per_key: int = DEFAULT_PER_KEY,
        keep_days: float = DEFAULT_KEEP_DAYS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = path
        self.per_key = per_key
        self.keep_days = keep_days
        self._clock = clock
        self._bindings: dict[str, Binding] = {}
        self._alike: dict[str, list[str]] = {}  # the names bound, by their `name_key`
        self._keep(bindings or {})
        self._swept = clock()  # when unused bindings were last forgotten
        self.broken: Broken | None = None  # what was wrong with the file, when read

    @classmethod
    def load(
        cls,
        path: Path,
        per_key: int = DEFAULT_PER_KEY,
        keep_days: float = DEFAULT_KEEP_DAYS,
        clock: Callable[[], float] = time.time,
    ) -> NameKeys:
        """The bindings in `path` (none if it does not exist) less those unused for
        `keep_days`; what is broken is set aside."""
        empty = cls(path, None, per_key, keep_days, clock)
        try:
            with path.open("rb") as file:
                raw = file.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            return empty
        except OSError as error:
            why = Phrase("ssh.broken.unreadable", error=error.strerror or str(error))
            return empty._set_aside({}, why)
        if len(raw) > MAX_FILE_BYTES:
            return empty._set_aside({}, Phrase("ssh.broken.too_big", bytes=MAX_FILE_BYTES))
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            return empty._set_aside({}, Phrase("ssh.broken.not_json", error=str(error)))
        names = data.get("names") if isinstance(data, dict) else None
        version = data.get("version") if isinstance(data, dict) else None
        if not isinstance(names, dict) or version not in (1, FORMAT_VERSION):
            why = Phrase("ssh.broken.not_names", version=FORMAT_VERSION)
            return empty._set_aside({}, why)
        now = clock()
        bindings = {
            name: binding
            for name, entry in names.items()
            if (binding := _binding(name, entry, version, now)) is not None
        }
        if len(bindings) > MAX_NAMES:
            bindings = dict(list(bindings.items())[:MAX_NAMES])
        if len(bindings) < len(names):
            why = Phrase("ssh.broken.bad_entries", n=len(names) - len(bindings))
            return empty._set_aside(bindings, why)
        keys = cls(path, bindings, per_key, keep_days, clock)
        if keys.forget_unused() or version != FORMAT_VERSION:
            keys._save()
        return keys

    def _set_aside(self, bindings: dict[str, Binding], why: Phrase) -> NameKeys:
        """Keep the broken file under a backup name of its own and start again from the
        valid `bindings`; say so in the log and in `broken`."""
        path = self.path
        try:
            backup, dropped = _move_aside(path)
        except OSError as error:
            reason = error.strerror or str(error)
            log.warning(
                "SSH names file %s is broken (%s) and cannot be set aside: %s",
                path,
                why,
                reason,
            )
            self.broken = Broken(why, None, len(bindings), reason)
        else:
            log.warning(
                "SSH names file %s is broken (%s): set aside as %s; %d names kept",
                path,
                why,
                backup,
                len(bindings),
            )
            for old in dropped:
                log.warning("older broken SSH names file %s removed", old)
            self.broken = Broken(why, backup, len(bindings))
        self._keep(bindings)
        if bindings:
            self._save()
        return self

    def __len__(self) -> int:
        return len(self._bindings)

    def _keep(self, bindings: dict[str, Binding]) -> None:
        """Hold exactly `bindings`, indexed by look-alike."""
        self._bindings = {}
        self._alike = {}
        for name, binding in bindings.items():
            self._add(name, binding)

    def _add(self, name: str, binding: Binding) -> None:
        if name not in self._bindings:
            self._alike.setdefault(name_key(name), []).append(name)
        self._bindings[name] = binding

    def _drop(self, name: str) -> None:
        del self._bindings[name]
        key = name_key(name)
        alike = self._alike[key]
        alike.remove(name)
        if not alike:
            del self._alike[key]

    def is_bound(self, name: str) -> bool:
        """Whether `name`, or a look-alike of it, is bound to a key."""
        return name_key(name) in self._alike

    def own_name(self, name: str, key: asyncssh.SSHKey | None) -> str | None:
        """The name bound to `key` that a login under `name` plays as: `name` itself, or
        the look-alike the key bound (None for a guest, or a key that bound neither).
        A name bound exactly belongs to its own key only, whatever its look-alikes."""
        if key is None:
            return None
        line = key_line(key)
        exact = self._bindings.get(name)
        if exact is not None:
            return name if exact.key == line else None
        alike = self._alike.get(name_key(name), [])
        return next((bound for bound in alike if self._bindings[bound].key == line), None)

    def belongs_to(self, name: str, key: asyncssh.SSHKey | None) -> bool:
        """Whether `name` (or the look-alike of it played instead) is bound to `key`
        (never for a guest, who has none)."""
        return self.own_name(name, key) is not None

    def names_of(self, key: asyncssh.SSHKey) -> list[str]:
        line = key_line(key)
        return [name for name, binding in self._bindings.items() if binding.key == line]

    def has_room(self) -> bool:
        return len(self._bindings) < MAX_NAMES

    def has_room_for(self, key: asyncssh.SSHKey) -> bool:
        """Whether `key` may keep one more name."""
        return self.has_room() and len(self.names_of(key)) < self.per_key

    def bind(self, name: str, key: asyncssh.SSHKey) -> bool:
        """Bind a free `name` (no look-alike of it bound either) to `key` and keep it;
        False (logged) when it cannot be kept."""
        if self._clock() - self._swept >= DAY:  # a door runs for months
            self._swept = self._clock()
            self.forget_unused()
        if self.is_bound(name) or not self.has_room_for(key):
            return False
        self._add(name, Binding(key_line(key), self._clock()))
        if self._save():
            log.info("%s: name bound to SSH key %s", name, key.get_fingerprint())
            return True
        self._drop(name)
        return False

    def used(self, name: str) -> None:
        """Its key logged in under `name` (the name bound, `own_name`): kept another
        `keep_days` (written at most once a day per name)."""
        binding = self._bindings.get(name)
        now = self._clock()
        if binding is not None and now - binding.used >= DAY:
            self._bindings[name] = Binding(binding.key, now)
            self._save()

    def forget_unused(self) -> list[str]:
        """Forget the bindings unused for `keep_days`; their names."""
        oldest = self._clock() - self.keep_days * DAY
        stale = [name for name, binding in self._bindings.items() if binding.used < oldest]
        for name in stale:
            self._drop(name)
        if stale:
            log.info("SSH names unused for %g days forgotten: %d", self.keep_days, len(stale))
        return stale

    def _save(self) -> bool:
        """Write every binding to a temporary file beside `path`, then put it in place."""
        names = {name: {"key": b.key, "used": b.used} for name, b in self._bindings.items()}
        text = json.dumps({"version": FORMAT_VERSION, "names": names}, ensure_ascii=False, indent=1)
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


def _move_aside(path: Path) -> tuple[Path, list[Path]]:
    """Move `path` to the next free backup name (`.broken`, then `.broken.1`, ...) and
    remove the oldest backups past MAX_BROKEN: where it went, and what was removed.
    Never moves it over another backup (OSError instead)."""
    base = path.name + ".broken"
    numbered = []
    for entry in path.parent.iterdir():
        suffix = entry.name[len(base) :]
        if entry.name == base:
            numbered.append((0, entry))
        elif entry.name.startswith(base + ".") and suffix[1:].isascii() and suffix[1:].isdigit():
            numbered.append((int(suffix[1:]), entry))
    numbered.sort()
    number = numbered[-1][0] + 1 if numbered else 0
    backup = path.with_name(f"{base}.{number}" if number else base)
    if backup.exists():  # a backup is never overwritten
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(backup))
    path.replace(backup)
    dropped = []
    for _, old in numbered[: max(0, len(numbered) + 1 - MAX_BROKEN)]:
        try:
            old.unlink()
        except OSError as error:
            log.warning("cannot remove the broken SSH names file %s: %s", old, error.strerror)
        else:
            dropped.append(old)
    return backup, dropped


def _binding(name: object, entry: object, version: object, now: float) -> Binding | None:
    """An entry as the door writes it (version 1: the key line alone), else None."""
    line: object
    used: object
    if version == 1:
        line, used = entry, now
    elif isinstance(entry, dict):
        line, used = entry.get("key"), entry.get("used")
    else:
        return None
    if not isinstance(used, (int, float)) or isinstance(used, bool) or not _valid(name, line):
        return None
    return Binding(str(line), float(min(used, now)))


def _valid(name: object, line: object) -> bool:
    """A binding as the door writes it: a usable name and a public key line."""
    if not isinstance(name, str) or not isinstance(line, str):
        return False
    try:
        return check_name(name) == name and key_line(asyncssh.import_public_key(line)) == line
    except (ProtocolError, ValueError, asyncssh.KeyImportError):
        return False
