"""The player: `Sound` plays effects and music, silent whenever they cannot play.

The UI calls `Sound.effect(...)` and `Sound.music(...)` from its event loop; nothing
here ever waits for audio there. One background thread owns the audio library: it
imports it, loads the WAV files, starts effects, keeps the music looping under
them, and stops everything when sound is turned off or closed.

Whatever fails (simpleaudio not installed, no audio device, a playback error at any
later moment) leaves the game silent, and `Sound.reason` says why in one line.
ALSA's own error messages are silenced (`alsa`) before the first sound.
"""

from __future__ import annotations

import contextlib
import os
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from ddz_tui.i18n import t
from ddz_tui.paths import SOUND_ENV, SOUND_OFF
from ddz_tui.sound.clips import (
    Backend,
    Clip,
    Effect,
    Music,
    Playback,
    Problem,
    SimpleaudioBackend,
    SoundError,
    Sounds,
    Unavailable,
    Volumes,
    load_clips,
)

RETRYABLE = frozenset({Problem.NO_DEVICE, Problem.PLAYBACK_FAILED})
MUSIC_SECONDS = 60.0  # a loop is repeated in memory to about this long: restarts are rare
MAX_EFFECTS = 4  # effects sounding at once; a fifth stops the oldest
STALE_EFFECT = 0.3  # seconds an effect may wait for the audio thread before it is dropped
PROBE_SECONDS = 0.02
CLOSE_WAIT = 1.0


def on_by_default(environ: Mapping[str, str]) -> bool:
    """Off in an SSH session: the sound would play on the server, not for the player."""
    return not environ.get("SSH_CONNECTION")


def forced_off(environ: Mapping[str, str]) -> bool:
    """`DDZ_SOUND=off`: whoever started the game (the SSH door) has turned sound off
    for the whole session, whatever the player's setting says."""
    return environ.get(SOUND_ENV, "").strip().lower() == SOUND_OFF


def check_force(environ: Mapping[str, str]) -> None:
    """Raise ValueError with a message when DDZ_SOUND holds something it cannot mean."""
    value = environ.get(SOUND_ENV, "").strip()
    if value and not forced_off(environ):
        raise ValueError(t("sound.bad_force", name=SOUND_ENV, value=value, off=SOUND_OFF))


# --- the public object ----------------------------------------------------------------


class _Op(Enum):
    EFFECT = "effect"
    MUSIC = "music"
    ENABLE = "enable"
    VOLUME = "volume"
    FLUSH = "flush"
    CLOSE = "close"


@dataclass(frozen=True)
class _Request:
    op: _Op
    arg: threading.Event | Music | Effect | Volumes | bool | None = None
    at: float = 0.0


class Sound:
    """Effects and music for the UI; every method returns at once.

    `enabled` is the player's switch (default: on, but off over SSH); `available`
    turns False for good (or until the switch is turned on again, for a device or
    playback problem) the first time anything fails, and `reason` then says why.
    With `DDZ_SOUND=off` in the environment the sound is `locked` off: no audio
    thread runs, nothing is ever opened, and the switch does nothing.
    """

    def __init__(
        self,
        enabled: bool | None = None,
        *,
        environ: Mapping[str, str] | None = None,
        backend: Callable[[], Backend] = SimpleaudioBackend,
        clips: Callable[[], Sounds] = load_clips,
    ) -> None:
        env = os.environ if environ is None else environ
        self._locked = forced_off(env)
        if self._locked:
            enabled = False
        self._enabled = on_by_default(env) if enabled is None else enabled
        self._off_over_ssh = enabled is None and not self._enabled
        self._music: Music | None = None
        self._volumes = Volumes()
        self._unavailable: Unavailable | None = None
        self._closed = self._locked  # locked: born closed, every request ignored
        self._requests: queue.SimpleQueue[_Request] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        if not self._locked:
            worker = _Worker(self._requests, self._report, backend, clips, self._enabled)
            self._thread = threading.Thread(target=worker.run, name="ddz-sound", daemon=True)
            self._thread.start()

    # what the UI reads

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        if value != self._enabled and not self._closed:
            self._enabled = value
            self._send(_Op.ENABLE, value)

    @property
    def volumes(self) -> Volumes:
        return self._volumes

    @volumes.setter
    def volumes(self, volumes: Volumes) -> None:
        """Music and effects at these volumes from now on: the music where it was."""
        if volumes != self._volumes:
            self._volumes = volumes
            self._send(_Op.VOLUME, volumes)

    def toggle(self) -> bool:
        """Flip the switch (the `m` key); returns the new state."""
        self.enabled = not self._enabled
        return self._enabled

    @property
    def locked(self) -> bool:
        """Turned off from outside (`DDZ_SOUND=off`): the switch cannot turn it on."""
        return self._locked

    @property
    def available(self) -> bool:
        return self._unavailable is None

    @property
    def unavailable(self) -> Unavailable | None:
        return self._unavailable

    @property
    def reason(self) -> str | None:
        """Why there is no sound ("sound unavailable: …"), or None while sound works."""
        problem = self._unavailable
        return None if problem is None else problem.line()

    @property
    def note(self) -> str | None:
        """The one line settings and help show about sound, if any."""
        if self._locked:
            return t("sound.locked_off", name=SOUND_ENV, off=SOUND_OFF)
        if self._unavailable is not None:
            return self.reason
        if self._off_over_ssh and not self._enabled:
            return t("sound.off_over_ssh")
        return None

    # what the UI asks for

    def effect(self, effect: Effect) -> None:
        if self._enabled and self._unavailable is None:
            self._send(_Op.EFFECT, effect)

    def music(self, music: Music | None) -> None:
        """Loop `music` from now on (replacing any other); None stops the music."""
        if music != self._music:
            self._music = music
            self._send(_Op.MUSIC, music)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every request so far has been handled (tests; orderly exit)."""
        if self._closed:
            return True
        done = threading.Event()
        self._send(_Op.FLUSH, done)
        return done.wait(timeout)

    def close(self) -> None:
        """Stop all sound and the audio thread; waits at most a second."""
        if not self._closed and self._thread is not None:
            self._send(_Op.CLOSE)
            self._closed = True
            self._thread.join(CLOSE_WAIT)

    def __enter__(self) -> Sound:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _send(
        self, op: _Op, arg: threading.Event | Music | Effect | Volumes | bool | None = None
    ) -> None:
        if not self._closed:
            self._requests.put(_Request(op, arg, time.monotonic()))

    def _report(self, unavailable: Unavailable | None) -> None:
        self._unavailable = unavailable


@dataclass
class _Loop:
    music: Music
    playback: Playback
    started: float
    seconds: float

    def ends_in(self, now: float) -> float:
        return self.started + self.seconds - now


class _Worker:
    """The audio thread: the only code that touches the audio library."""

    def __init__(
        self,
        requests: queue.SimpleQueue[_Request],
        report: Callable[[Unavailable | None], None],
        backend: Callable[[], Backend],
        clips: Callable[[], Sounds],
        enabled: bool,
    ) -> None:
        self.requests = requests
        self.report = report
        self.make_backend = backend
        self.load_clips = clips
        self.backend: Backend | None = None
        self.clips: Sounds = {}
        self.loops: dict[Music, Clip] = {}  # repeated and at the volume
        self.volumes = Volumes()
        self.effect_clips: dict[Effect, Clip] = {}  # at the volume
        self.enabled = enabled
        self.problem: Unavailable | None = None
        self.wanted: Music | None = None
        self.loop: _Loop | None = None
        self.effects: deque[Playback] = deque()

    def run(self) -> None:
        from ddz_tui.sound.alsa import silence_alsa  # ctypes: here, not before the title

        silence_alsa()
        self.guard(self.start)
        while True:
            try:
                request = self.requests.get(timeout=self.wake_in())
            except queue.Empty:
                request = None
            if request is not None and request.op is _Op.CLOSE:
                self.stop_all()
                return
            if request is not None:
                self.guard(self.handle, request)
            self.guard(self.keep_music)

    def start(self) -> None:
        self.backend = self.make_backend()
        self.clips = self.load_clips()
        if self.enabled:
            self.probe()

    def probe(self) -> None:
        """Open the device once with a moment of silence, so a missing one shows at once."""
        assert self.backend is not None
        self.backend.play(Clip.silence(PROBE_SECONDS))

    def guard(self, step: Callable[..., None], *args: object) -> None:
        """Run one step; any failure turns the sound off with the reason."""
        try:
            step(*args)
        except SoundError as exc:
            self.fail(exc.unavailable)
        except Exception as exc:  # a broken backend must not kill the thread or the game
            self.fail(Unavailable(Problem.PLAYBACK_FAILED, f"{type(exc).__name__}: {exc}"[:80]))

    def fail(self, unavailable: Unavailable) -> None:
        self.stop_all()
        self.problem = unavailable
        self.report(unavailable)

    @property
    def playing(self) -> bool:
        return self.enabled and self.problem is None and self.backend is not None

    def handle(self, request: _Request) -> None:
        if request.op is _Op.FLUSH and isinstance(request.arg, threading.Event):
            request.arg.set()
        elif request.op is _Op.MUSIC:
            self.wanted = request.arg if isinstance(request.arg, Music) else None
        elif request.op is _Op.ENABLE:
            self.set_enabled(bool(request.arg))
        elif request.op is _Op.VOLUME and isinstance(request.arg, Volumes):
            self.set_volumes(request.arg)
        elif (
            request.op is _Op.EFFECT
            and isinstance(request.arg, Effect)
            and self.playing
            and not self.stale(request)
        ):
            self.play_effect(request.arg)

    @staticmethod
    def stale(request: _Request) -> bool:
        """An effect that waited too long (the audio thread was stuck) would sound late."""
        return time.monotonic() - request.at > STALE_EFFECT

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled
        if not enabled:
            self.stop_all()
            return
        retry = self.problem is not None and self.problem.problem in RETRYABLE
        if retry and self.backend is not None and self.clips:
            self.problem = None  # the player asks again: maybe the device is back
            self.report(None)
        if self.playing:
            self.probe()

    def set_volumes(self, volumes: Volumes) -> None:
        """Scale the clips anew; music that plays goes on from where it was, at its new
        volume (none at 0: `keep_music` stops it)."""
        before, self.volumes = self.volumes, volumes
        if volumes.effects != before.effects:
            self.effect_clips.clear()
        if volumes.music == before.music:
            return
        self.loops.clear()
        loop = self.loop
        if loop is not None and volumes.music > 0:
            at = (time.monotonic() - loop.started) % loop.seconds
            self.stop_music()
            self.start_loop(loop.music, at)

    def play_effect(self, effect: Effect) -> None:
        assert self.backend is not None
        if not self.volumes.effects:
            return
        while self.effects and not self.effects[0].is_playing():
            self.effects.popleft()
        if len(self.effects) >= MAX_EFFECTS:
            self.effects.popleft().stop()
        clip = self.effect_clips.get(effect)
        if clip is None:
            clip = self.effect_clips[effect] = self.clips[effect].scaled(self.volumes.effects)
        self.effects.append(self.backend.play(clip))

    def keep_music(self) -> None:
        """Start, switch, restart or stop the loop so that it matches what is wanted."""
        wanted = self.wanted if self.playing and self.volumes.music else None
        loop = self.loop
        if loop is not None and loop.music is not wanted:
            self.stop_music()
            loop = None
        if wanted is None:
            return
        now = time.monotonic()
        if loop is None or (loop.ends_in(now) <= 0 and not loop.playback.is_playing()):
            self.start_loop(wanted)

    def start_loop(self, music: Music, at: float = 0.0) -> None:
        """Play the loop from `at` seconds in (then from its start, as `keep_music` sees
        it end)."""
        assert self.backend is not None
        clip = self.loops.get(music)
        if clip is None:
            repeated = self.clips[music].repeated(MUSIC_SECONDS)
            clip = self.loops[music] = repeated.scaled(self.volumes.music)
        playback = self.backend.play(clip.after(at) if at else clip)
        self.loop = _Loop(music, playback, time.monotonic() - at, clip.seconds)

    def wake_in(self) -> float | None:
        """How long to wait for a request before looking at the music again."""
        if self.loop is None:
            return None
        return min(0.25, max(0.005, self.loop.ends_in(time.monotonic())))

    def stop_music(self) -> None:
        loop, self.loop = self.loop, None
        if loop is not None:
            loop.playback.stop()

    def stop_all(self) -> None:
        """Silence everything; stopping never fails loudly."""
        playbacks = list(self.effects)
        self.effects.clear()
        if self.loop is not None:
            playbacks.append(self.loop.playback)
            self.loop = None
        for playback in playbacks:
            with contextlib.suppress(Exception):  # the device may already be gone
                playback.stop()
