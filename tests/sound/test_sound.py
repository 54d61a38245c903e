"""Sound: plays through simpleaudio when it can, goes silent with a reason when it cannot.

Most tests drive `Sound` with a scripted backend; the rest use the real one, with
ALSA's null device (conftest), a file-writing device, or no device at all.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ddz_tui.i18n import Lang, set_language
from ddz_tui.sound import player as sound_module
from ddz_tui.sound.clips import (
    Clip,
    Effect,
    Music,
    Problem,
    SimpleaudioBackend,
    SoundError,
    Unavailable,
    Volumes,
    explain,
    load_clips,
)
from ddz_tui.sound.player import Sound, check_force, on_by_default

CLIPS: dict[Effect | Music, Clip] = {
    name: Clip(bytes([i + 1]) * 2 * (100 + i)) for i, name in enumerate((*Effect, *Music))
}


class FakePlayback:
    def __init__(self, clip: Clip, finishes: bool) -> None:
        self.clip = clip
        self.finished = finishes
        self.stopped = False

    def is_playing(self) -> bool:
        return not (self.stopped or self.finished)

    def stop(self) -> None:
        self.stopped = True


class FakeBackend:
    """Records what it plays; can fail after some plays, finish at once, or hang."""

    def __init__(self, fail_after: int | None = None, finishes: bool = False) -> None:
        self.fail_after = fail_after
        self.finishes = finishes
        self.gate = threading.Event()
        self.gate.set()
        self.played: list[FakePlayback] = []

    def play(self, clip: Clip) -> FakePlayback:
        self.gate.wait()
        if self.fail_after is not None and len(self.played) >= self.fail_after:
            raise SoundError(Unavailable(Problem.PLAYBACK_FAILED, "the device went away"))
        playback = FakePlayback(clip, self.finishes)
        self.played.append(playback)
        return playback

    def names(self) -> list[str]:
        """What was played, by name ('probe' for the silent device check)."""
        out = []
        for playback in self.played:
            match = [n.value for n, c in CLIPS.items() if playback.clip.frames.startswith(c.frames)]
            out.append(match[0] if match else "probe")
        return out


@pytest.fixture
def make_sound() -> Iterator[Callable[..., Sound]]:
    made: list[Sound] = []

    def make(backend: FakeBackend, enabled: bool | None = True, **env: str) -> Sound:
        sound = Sound(enabled, environ=env, backend=lambda: backend, clips=lambda: CLIPS)
        made.append(sound)
        assert sound.flush()
        return sound

    yield make
    for sound in made:
        sound.close()


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


# --- the switch and its default ---


def test_sound_is_on_by_default_but_off_over_ssh() -> None:
    assert on_by_default({})
    assert not on_by_default({"SSH_CONNECTION": "10.0.0.2 51000 10.0.0.1 22"})


def test_over_ssh_sound_starts_off_and_says_why(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend, None, SSH_CONNECTION="10.0.0.2 51000 10.0.0.1 22")
    assert not sound.enabled
    assert sound.available
    assert sound.note == "sound starts off over SSH: it would play on the server, not for you"
    sound.effect(Effect.PLAY)
    sound.music(Music.GAME)
    assert sound.flush()
    assert backend.played == []
    assert sound.toggle() is True
    assert sound.note is None
    assert sound.flush()
    assert backend.names() == ["probe", "music_game"]


def test_an_explicit_setting_turns_sound_on_over_ssh(make_sound) -> None:
    sound = make_sound(FakeBackend(), True, SSH_CONNECTION="10.0.0.2 51000 10.0.0.1 22")
    assert sound.enabled
    assert sound.note is None


def test_ddz_sound_off_locks_sound_off_and_touches_no_device() -> None:
    made: list[FakeBackend] = []

    def backend() -> FakeBackend:
        made.append(FakeBackend())
        return made[-1]

    with Sound(True, environ={"DDZ_SOUND": " OFF "}, backend=backend, clips=lambda: CLIPS) as sound:
        assert sound.locked and not sound.enabled
        assert sound.note == "sound is off for this session (DDZ_SOUND=off)"
        sound.music(Music.ROOM)
        sound.effect(Effect.DEAL)
        assert sound.toggle() is False and not sound.enabled
        assert sound.flush()
    assert made == [], "no audio thread, no backend, no device opened"


@pytest.mark.parametrize("value", ["", "off", "Off"])
def test_ddz_sound_takes_off_or_nothing(value: str) -> None:
    check_force({"DDZ_SOUND": value})
    check_force({})


def test_a_ddz_sound_it_cannot_mean_says_so() -> None:
    with pytest.raises(ValueError, match="DDZ_SOUND=off turns sound off"):
        check_force({"DDZ_SOUND": "on"})


def test_effects_play_while_enabled_and_not_while_disabled(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    sound.effect(Effect.SELECT)
    sound.effect(Effect.BOMB)
    assert sound.flush()
    assert sound.toggle() is False
    sound.effect(Effect.ROCKET)
    assert sound.flush()
    assert backend.names() == ["probe", "select", "bomb"]
    assert all(p.stopped for p in backend.played[1:])  # turning off silences what sounds


def test_a_fifth_effect_at_once_stops_the_oldest(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    for _ in range(5):
        sound.effect(Effect.SELECT)
    assert sound.flush()
    effects = backend.played[1:]
    assert [p.stopped for p in effects] == [True, False, False, False, False]


def test_an_effect_that_waited_too_long_is_dropped(make_sound, monkeypatch) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    monkeypatch.setattr(sound_module, "STALE_EFFECT", -1.0)
    sound.effect(Effect.DEAL)
    assert sound.flush()
    assert backend.names() == ["probe"]


# --- music ---


def test_music_switches_and_stops(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    sound.music(Music.ROOM)
    assert sound.flush()
    sound.music(Music.GAME)
    assert sound.flush()
    sound.music(None)
    assert sound.flush()
    assert backend.names() == ["probe", "music_room", "music_game"]
    assert backend.played[1].stopped and backend.played[2].stopped


def test_music_asked_for_while_disabled_starts_when_enabled(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend, False)
    sound.music(Music.ROOM)
    assert sound.flush()
    assert backend.played == []
    sound.enabled = True
    assert sound.flush()
    assert backend.names() == ["probe", "music_room"]
    sound.enabled = False
    assert sound.flush()
    assert backend.played[1].stopped


def test_music_starts_again_when_it_ends(make_sound, monkeypatch) -> None:
    monkeypatch.setattr(sound_module, "MUSIC_SECONDS", 0.01)
    backend = FakeBackend(finishes=True)
    sound = make_sound(backend)
    sound.music(Music.GAME)
    assert wait_until(lambda: backend.names().count("music_game") >= 3)
    sound.music(None)
    assert sound.flush()
    count = len(backend.played)
    for _ in range(3):  # each request makes the audio thread look at the music again
        assert sound.flush()
    assert len(backend.played) == count


def test_music_is_not_restarted_before_its_time_even_if_the_device_is_done(make_sound) -> None:
    """A device that swallows audio at once (ALSA's null device does) must not make it spin."""
    backend = FakeBackend(finishes=True)
    sound = make_sound(backend)
    sound.music(Music.GAME)
    for _ in range(5):
        assert sound.flush()
    assert backend.names() == ["probe", "music_game"]


def test_a_loop_is_repeated_in_memory_so_restarts_are_rare() -> None:
    clip = Clip(b"\x01\x02" * 22050)  # one second
    long = clip.repeated(60.0)
    assert long.seconds == 60.0
    assert long.frames == clip.frames * 60
    assert clip.repeated(0.5).frames == clip.frames


# --- volume ---


def levels(playback: FakePlayback) -> set[int]:
    """The sample values a playback holds (each fake clip is one value throughout)."""
    return set(array("h", playback.clip.frames))


def test_a_clip_is_scaled_sample_by_sample() -> None:
    clip = Clip(array("h", [1000, -1000, 32767, -32768, 0]).tobytes())
    assert array("h", clip.scaled(50).frames).tolist() == [500, -500, 16383, -16384, 0]
    assert set(array("h", clip.scaled(0).frames)) == {0}
    assert clip.scaled(100) is clip
    assert clip.scaled(30).seconds == clip.seconds


def test_what_is_left_of_a_clip_a_time_in() -> None:
    clip = Clip(array("h", range(22050)).tobytes())  # one second
    assert array("h", clip.after(0.5).frames)[0] == 11025
    assert clip.after(0.5).seconds == 0.5
    assert clip.after(2.0).frames == b""


def test_effects_play_at_their_volume_and_not_at_all_at_zero(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    full = levels(FakePlayback(CLIPS[Effect.PLAY], False))
    sound.volumes = Volumes(effects=50)
    sound.effect(Effect.PLAY)
    assert sound.flush()
    assert levels(backend.played[-1]) == {v * 50 // 100 for v in full}
    sound.volumes = Volumes(effects=0)
    sound.effect(Effect.PLAY)
    assert sound.flush()
    assert len(backend.played) == 2  # the probe and the one at 50%


def test_the_music_changes_volume_where_it_is(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    sound.music(Music.GAME)
    assert sound.flush()
    [value] = levels(backend.played[1])
    loop = CLIPS[Music.GAME].repeated(sound_module.MUSIC_SECONDS).scaled(30)
    sound.volumes = Volumes(music=30)
    assert sound.flush()
    first, again = backend.played[1:]
    assert first.stopped and not again.stopped
    assert levels(again) == {value * 30 // 100}
    assert loop.frames.endswith(again.clip.frames)  # from where it was, not the start
    assert len(again.clip.frames) < len(loop.frames)
    sound.volumes = Volumes(music=30, effects=70)  # the music is left as it is
    assert sound.flush()
    assert len(backend.played) == 3


def test_music_at_zero_stops_and_comes_back_with_its_volume(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    sound.volumes = Volumes(music=0)
    sound.music(Music.ROOM)
    assert sound.flush()
    assert backend.names() == ["probe"]
    sound.volumes = Volumes(music=60)
    assert sound.flush()
    [value] = levels(FakePlayback(CLIPS[Music.ROOM], False))
    assert levels(backend.played[-1]) == {value * 60 // 100}
    sound.volumes = Volumes(music=0)
    assert sound.flush()
    assert backend.played[-1].stopped


def test_volumes_on_a_sound_that_cannot_play_change_nothing(make_sound) -> None:
    sound = make_sound(FakeBackend(fail_after=0))
    assert not sound.available
    sound.volumes = Volumes(music=20, effects=40)
    sound.music(Music.GAME)
    sound.effect(Effect.DEAL)
    assert sound.flush()
    assert sound.reason == "sound unavailable: playback failed (the device went away)"
    with Sound(True, environ={"DDZ_SOUND": "off"}, backend=FakeBackend) as locked:
        locked.volumes = Volumes(music=20)
        assert locked.flush()


# --- failures: silent game, one line why ---


def test_a_playback_error_later_on_silences_everything_and_says_why(make_sound) -> None:
    backend = FakeBackend(fail_after=3)
    sound = make_sound(backend)
    sound.music(Music.GAME)
    sound.effect(Effect.PLAY)
    sound.effect(Effect.BOMB)  # the fourth play fails
    assert sound.flush()
    assert not sound.available
    assert sound.unavailable == Unavailable(Problem.PLAYBACK_FAILED, "the device went away")
    assert sound.reason == "sound unavailable: playback failed (the device went away)"
    assert sound.note == sound.reason
    assert all(p.stopped for p in backend.played[1:])
    sound.effect(Effect.WIN)
    sound.music(Music.ROOM)
    assert sound.flush()
    assert len(backend.played) == 3
    assert sound.enabled  # the player's switch is theirs; only availability changed


def test_turning_sound_on_again_retries_a_device_problem(make_sound) -> None:
    backend = FakeBackend(fail_after=1)
    sound = make_sound(backend)
    sound.effect(Effect.PLAY)
    assert sound.flush()
    assert not sound.available
    backend.fail_after = None
    sound.toggle()
    sound.toggle()
    assert sound.flush()
    assert sound.available
    sound.effect(Effect.PLAY)
    assert sound.flush()
    assert backend.names() == ["probe", "probe", "play"]


def test_an_unexpected_exception_in_the_backend_is_a_playback_failure(make_sound) -> None:
    class Broken(FakeBackend):
        def play(self, clip: Clip) -> FakePlayback:
            raise RuntimeError("boom")

    sound = make_sound(Broken())
    assert sound.reason == "sound unavailable: playback failed (RuntimeError: boom)"
    sound.effect(Effect.BOMB)
    assert sound.flush()


def test_without_simpleaudio_the_game_is_silent_and_says_how_to_get_sound(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "simpleaudio", None)  # import fails
    with Sound(True, environ={}) as sound:
        sound.music(Music.ROOM)
        sound.effect(Effect.DEAL)
        assert sound.flush()
        assert sound.unavailable == Unavailable(Problem.NOT_INSTALLED)
        assert sound.reason == (
            "sound unavailable: the sound extra is not installed (pip install 'ddz-tui[sound]')"
        )
        sound.toggle()
        sound.toggle()
        assert sound.flush()
        assert sound.unavailable == Unavailable(Problem.NOT_INSTALLED)  # no point retrying


def test_missing_sound_files_are_reported(tmp_path: Path) -> None:
    with pytest.raises(SoundError) as caught:
        load_clips(tmp_path)
    assert caught.value.unavailable.problem is Problem.MISSING_FILES
    with Sound(True, environ={}, backend=FakeBackend, clips=lambda: load_clips(tmp_path)) as sound:
        assert sound.flush()
        assert sound.reason.startswith("sound unavailable: the sound files are missing")


def test_the_reason_is_in_the_players_language(make_sound) -> None:
    sound = make_sound(FakeBackend(fail_after=0))
    set_language(Lang.ZH)
    assert sound.reason == "声音不可用：播放失败（the device went away）"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Error opening PCM device. -- CODE: -2 -- MSG: No such file or directory",
            Unavailable(Problem.NO_DEVICE),
        ),
        (
            "Error opening PCM device. -- CODE: -16 -- MSG: Device or resource busy",
            Unavailable(Problem.NO_DEVICE, "Device or resource busy"),
        ),
        (
            "Error setting parameters. -- CODE: -22 -- MSG: Invalid argument",
            Unavailable(Problem.PLAYBACK_FAILED, "Invalid argument"),
        ),
        (
            "Could not create playback thread. -- CODE: 11 -- MSG: ",
            Unavailable(Problem.PLAYBACK_FAILED, "Could not create playback thread."),
        ),
        ("something else", Unavailable(Problem.PLAYBACK_FAILED, "something else")),
    ],
)
def test_simpleaudio_errors_become_one_short_line(message: str, expected: Unavailable) -> None:
    assert explain(RuntimeError(message)) == expected


# --- the caller never waits for audio ---


def test_no_call_waits_for_a_stuck_audio_device(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    backend.gate.clear()  # every play now hangs, as a stuck sound server would
    sound.effect(Effect.SELECT)  # the audio thread is now stuck in play()

    def calls() -> None:
        for _ in range(50):
            sound.effect(Effect.SELECT)
        sound.music(Music.GAME)
        sound.toggle()
        sound.toggle()
        _ = (sound.available, sound.reason, sound.note)

    caller = threading.Thread(target=calls)
    caller.start()
    caller.join(5)
    stuck = caller.is_alive()
    backend.gate.set()
    assert not stuck
    assert sound.flush()


def test_close_stops_everything_and_later_calls_do_nothing(make_sound) -> None:
    backend = FakeBackend()
    sound = make_sound(backend)
    sound.music(Music.ROOM)
    sound.effect(Effect.WIN)
    sound.close()
    assert not sound._thread.is_alive()
    assert all(p.stopped for p in backend.played[1:])
    sound.effect(Effect.LOSE)
    sound.music(Music.GAME)
    sound.enabled = False
    assert sound.flush()
    assert backend.names() == ["probe", "music_room", "win"]


# --- the real backend ---


def test_real_playback_into_the_null_device(monkeypatch) -> None:
    """conftest points ALSA at its null device: simpleaudio really opens and plays."""
    pytest.importorskip("simpleaudio")
    monkeypatch.setattr(sound_module, "MUSIC_SECONDS", 0.01)
    started: list[object] = []

    class Recording(SimpleaudioBackend):
        def play(self, clip: Clip):
            playback = super().play(clip)
            started.append(playback)
            return playback

    with Sound(True, environ={}, backend=Recording) as sound:
        sound.music(Music.GAME)
        for effect in Effect:
            sound.effect(effect)
        assert sound.flush()
        assert sound.reason is None
        assert len(started) == 2 + len(Effect)  # the probe, the music, every effect
        assert all(type(p).__name__ == "PlayObject" for p in started)


def run_python(code: str, alsa_config: Path) -> subprocess.CompletedProcess[str]:
    env = {"ALSA_CONFIG_PATH": str(alsa_config), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )


FILE_DEVICE = """
pcm.!default {{
    type file
    slave.pcm {{ type null }}
    file "{path}"
    format "raw"
    truncate false
}}
"""  # truncate false: each stream goes to its own file (stream.raw, stream.raw.0001, ...)

PLAY_INTO_FILES = """
import time
from ddz_tui.sound.clips import Effect, Music, SimpleaudioBackend
from ddz_tui.sound.player import Sound

started = []

class Recording(SimpleaudioBackend):
    def play(self, clip):
        started.append(super().play(clip))
        return started[-1]

sound = Sound(True, environ={}, backend=Recording)
sound.music(Music.GAME)
sound.effect(Effect.BOMB)
sound.flush()
deadline = time.monotonic() + 20
while any(p.is_playing() for p in started) and time.monotonic() < deadline:
    time.sleep(0.01)
print(sound.reason, len(started))
sound.close()
"""


def test_the_exact_samples_reach_the_alsa_device(tmp_path: Path) -> None:
    """ALSA's file device records each stream simpleaudio opened, sample for sample."""
    pytest.importorskip("simpleaudio")
    config = tmp_path / "asound.conf"
    config.write_text(FILE_DEVICE.format(path=tmp_path / "stream.raw"))
    done = run_python(PLAY_INTO_FILES, config)
    assert (done.stdout, done.stderr) == ("None 3\n", "")
    streams = sorted(path.read_bytes() for path in tmp_path.glob("stream.raw*"))
    clips = load_clips()
    music = clips[Music.GAME].repeated(sound_module.MUSIC_SECONDS).frames
    probe = Clip.silence(sound_module.PROBE_SECONDS).frames
    assert streams == sorted([probe, music, clips[Effect.BOMB].frames])


NO_DEVICE = """
from ddz_tui.sound.clips import Effect, Music, Volumes
from ddz_tui.sound.player import Sound
sound = Sound(True, environ={})
sound.music(Music.ROOM)
sound.effect(Effect.DEAL)
sound.volumes = Volumes(music=50, effects=30)
sound.effect(Effect.DEAL)
sound.flush()
print(sound.reason)
"""


PLAY_INTO_FILES_AT_VOLUMES = PLAY_INTO_FILES.replace(
    "sound = Sound(True, environ={}, backend=Recording)\n",
    "sound = Sound(True, environ={}, backend=Recording)\n"
    "from ddz_tui.sound.clips import Volumes\n"
    "sound.volumes = Volumes(music=40, effects=70)\n",
)


def test_the_samples_at_their_volumes_reach_the_alsa_device(tmp_path: Path) -> None:
    pytest.importorskip("simpleaudio")
    assert PLAY_INTO_FILES_AT_VOLUMES != PLAY_INTO_FILES
    config = tmp_path / "asound.conf"
    config.write_text(FILE_DEVICE.format(path=tmp_path / "stream.raw"))
    done = run_python(PLAY_INTO_FILES_AT_VOLUMES, config)
    assert (done.stdout, done.stderr) == ("None 3\n", "")
    streams = sorted(path.read_bytes() for path in tmp_path.glob("stream.raw*"))
    clips = load_clips()
    music = clips[Music.GAME].repeated(sound_module.MUSIC_SECONDS).scaled(40).frames
    probe = Clip.silence(sound_module.PROBE_SECONDS).frames
    assert streams == sorted([probe, music, clips[Effect.BOMB].scaled(70).frames])


def test_no_audio_device_is_one_line_and_alsa_prints_nothing(tmp_path: Path) -> None:
    pytest.importorskip("simpleaudio")
    config = tmp_path / "asound.conf"
    config.write_text("# no devices at all\n")
    done = run_python(NO_DEVICE, config)
    assert done.stdout == "sound unavailable: no audio device\n"
    assert done.stderr == ""


OPEN_MISSING_PCM = """
import ctypes
from ddz_tui.sound.alsa import silence_alsa, alsa_silenced
if {silence}:
    assert silence_alsa() and alsa_silenced()
alsa = ctypes.CDLL("libasound.so.2")
handle = ctypes.c_void_p()
print(alsa.snd_pcm_open(ctypes.byref(handle), b"no_such_device", 0, 0) < 0)
"""


@pytest.mark.parametrize("silence", [False, True])
def test_the_alsa_error_handler_keeps_alsa_off_the_terminal(tmp_path: Path, silence: bool) -> None:
    pytest.importorskip("simpleaudio")  # stands for: libasound is here
    config = tmp_path / "asound.conf"
    config.write_text("pcm.!default { type null }\n")
    done = run_python(OPEN_MISSING_PCM.format(silence=silence), config)
    assert done.stdout == "True\n"
    if silence:
        assert done.stderr == ""
    else:  # the control: without the handler ALSA writes to stderr
        assert "ALSA lib" in done.stderr
