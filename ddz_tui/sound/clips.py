"""What sound is made of, and where it comes from: the effects and music loops, the
WAV files they are read from, and the audio library (simpleaudio) that plays them.

Whatever fails is a `SoundError` carrying `Unavailable`: why there is no sound, in one
line for the player.
"""

from __future__ import annotations

import math
import re
import sys
import wave
from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Protocol

from ddz_tui.data import DataFileError, data_path
from ddz_tui.i18n import t


class Effect(Enum):
    """A short sound for something that happens at the table (value: the file's stem)."""

    DEAL = "deal"
    SELECT = "select"
    PLAY = "play"
    PASS = "pass"
    BOMB = "bomb"
    ROCKET = "rocket"
    WIN = "win"
    LOSE = "lose"


class Music(Enum):
    """A loop played under the effects (value: the file's stem)."""

    ROOM = "music_room"
    GAME = "music_game"


FULL_VOLUME = 100
VOLUME_STEPS = tuple(range(0, FULL_VOLUME + 1, 10))
"""The volumes the settings offer, in percent."""


@dataclass(frozen=True)
class Volumes:
    """How loud the music and the effects play, in percent of the files' own level
    (0: not at all). simpleaudio has no volume of its own: the samples are scaled."""

    music: int = FULL_VOLUME
    effects: int = FULL_VOLUME

    def of(self, sound: Effect | Music) -> int:
        return self.music if isinstance(sound, Music) else self.effects


class Problem(Enum):
    """Why there is no sound."""

    NOT_INSTALLED = "not_installed"
    NO_DEVICE = "no_device"
    PLAYBACK_FAILED = "playback_failed"
    MISSING_FILES = "missing_files"


@dataclass(frozen=True)
class Unavailable:
    """Sound is off because of `problem`; `detail` is the audio library's own words, if any."""

    problem: Problem
    detail: str = ""

    def line(self) -> str:
        why = t(f"sound.why.{self.problem.value}")
        if self.detail:
            why = t("sound.why_detail", why=why, detail=self.detail)
        return t("sound.unavailable", why=why)


class SoundError(Exception):
    """A backend could not play; carries what to tell the player."""

    def __init__(self, unavailable: Unavailable) -> None:
        super().__init__(unavailable.line())
        self.unavailable = unavailable


@dataclass(frozen=True)
class Clip:
    """Raw PCM frames and their format, ready for the audio library."""

    frames: bytes
    channels: int = 1
    width: int = 2
    rate: int = 22050

    @property
    def seconds(self) -> float:
        return len(self.frames) / (self.channels * self.width * self.rate)

    def repeated(self, at_least: float) -> Clip:
        """The clip played back to back until it lasts `at_least` seconds (for loops)."""
        times = max(1, math.ceil(at_least / self.seconds)) if self.frames else 1
        return Clip(self.frames * times, self.channels, self.width, self.rate)

    def scaled(self, percent: int) -> Clip:
        """The clip at `percent` of its level (16-bit samples; other widths as they are)."""
        if percent == FULL_VOLUME or self.width != 2:
            return self
        samples = array("h", self.frames)
        if sys.byteorder == "big":  # WAV's samples are little-endian
            samples.byteswap()
        out = array("h", [s * percent // FULL_VOLUME for s in samples])
        if sys.byteorder == "big":
            out.byteswap()
        return Clip(out.tobytes(), self.channels, self.width, self.rate)

    def after(self, seconds: float) -> Clip:
        """What is left of the clip `seconds` in (to go on where a loop was)."""
        frame = self.channels * self.width
        start = min(len(self.frames), round(seconds * self.rate) * frame)
        return Clip(self.frames[start:], self.channels, self.width, self.rate)

    @classmethod
    def silence(cls, seconds: float) -> Clip:
        return cls(bytes(2 * round(seconds * cls.rate)))


class Playback(Protocol):
    def is_playing(self) -> bool: ...
    def stop(self) -> None: ...


class Backend(Protocol):
    """Starts a clip and returns at once; raises SoundError when it cannot."""

    def play(self, clip: Clip) -> Playback: ...


# --- simpleaudio --------------------------------------------------------------------

_SIMPLEAUDIO_ERROR = re.compile(r"^(?P<what>.*?)\s*-- CODE: (?P<code>-?\d+) -- MSG:\s*(?P<msg>.*)$")
ENOENT = 2


def explain(error: Exception) -> Unavailable:
    """Turn simpleaudio's error text into a problem and a short detail."""
    text = str(error).strip()
    found = _SIMPLEAUDIO_ERROR.match(text)
    if found and found["what"].startswith("Error opening PCM device"):
        code = abs(int(found["code"]))
        return Unavailable(Problem.NO_DEVICE, "" if code == ENOENT else found["msg"].strip())
    detail = (found["msg"].strip() or found["what"]) if found else text
    return Unavailable(Problem.PLAYBACK_FAILED, detail[:80])


class SimpleaudioBackend:
    """Plays clips with simpleaudio; each play gets its own stream (the system mixes)."""

    def __init__(self) -> None:
        try:
            import simpleaudio
        except ImportError as exc:
            raise SoundError(Unavailable(Problem.NOT_INSTALLED)) from exc
        self._simpleaudio = simpleaudio

    def play(self, clip: Clip) -> Playback:
        try:
            return self._simpleaudio.play_buffer(clip.frames, clip.channels, clip.width, clip.rate)
        except Exception as exc:  # simpleaudio raises its own error type, or worse
            raise SoundError(explain(exc)) from exc


# --- files --------------------------------------------------------------------------

Sounds = Mapping[Effect | Music, Clip]


def read_clip(path: Path) -> Clip:
    with wave.open(str(path), "rb") as wav:
        return Clip(
            wav.readframes(wav.getnframes()),
            wav.getnchannels(),
            wav.getsampwidth(),
            wav.getframerate(),
        )


def load_clips(folder: Path | None = None) -> dict[Effect | Music, Clip]:
    """Every effect and music loop from the shipped `sounds/` folder."""
    try:
        folder = data_path("sounds") if folder is None else folder
        return {name: read_clip(folder / f"{name.value}.wav") for name in (*Effect, *Music)}
    except (DataFileError, OSError, EOFError, wave.Error) as exc:
        raise SoundError(Unavailable(Problem.MISSING_FILES, str(exc)[:80])) from exc
