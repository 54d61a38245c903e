"""sounds/ is exactly what the generator makes, and the files are small, clean loops."""

from __future__ import annotations

import itertools
import math
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from ddz_tui.gen import soundgen
from ddz_tui.sound.clips import Effect, Music

SOUNDS = Path(__file__).resolve().parents[2] / "sounds"


def samples(path: Path) -> list[int]:
    with wave.open(str(path), "rb") as wav:
        frames = wav.readframes(wav.getnframes())
    return list(struct.unpack(f"<{len(frames) // 2}h", frames))


@pytest.mark.parametrize("name", sorted(soundgen.SOUNDS))
def test_checked_in_file_is_the_generators_output(name: str) -> None:
    assert (SOUNDS / f"{name}.wav").read_bytes() == soundgen.build(name)


def test_regenerating_in_a_fresh_process_gives_byte_identical_files(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "ddz_tui.gen.soundgen", "--root", str(tmp_path)]
    subprocess.run(command, check=True, capture_output=True)
    for name in soundgen.SOUNDS:
        assert (tmp_path / f"{name}.wav").read_bytes() == (SOUNDS / f"{name}.wav").read_bytes()


def test_check_mode_reports_a_stale_file(tmp_path: Path, capsys) -> None:
    assert soundgen.main(["--root", str(tmp_path)]) == 0
    assert soundgen.main(["--root", str(tmp_path), "--check"]) == 0
    (tmp_path / "bomb.wav").write_bytes(b"RIFF")
    (tmp_path / "win.wav").unlink()
    assert soundgen.main(["--root", str(tmp_path), "--check"]) == 1
    assert "bomb.wav, win.wav" in capsys.readouterr().err


def test_by_default_it_checks_the_files_in_the_repositorys_sounds_folder(capsys) -> None:
    assert soundgen.main(["--check"]) == 0, capsys.readouterr().err


def test_there_is_a_file_for_every_effect_and_music_and_nothing_else() -> None:
    names = {sound.value for sound in (*Effect, *Music)}
    assert set(soundgen.SOUNDS) == names
    assert {path.stem for path in SOUNDS.glob("*.wav")} == names


def rate(name: str) -> int:
    """Effects at 22,050 Hz; the music, a minute long each, at half that."""
    return 11025 if name.startswith("music") else 22050


@pytest.mark.parametrize("name", sorted(soundgen.SOUNDS))
def test_files_are_mono_16_bit_22050_hz_music_11025_and_never_clip(name: str) -> None:
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, rate(name))
    peak = max(map(abs, samples(SOUNDS / f"{name}.wav")))
    assert 0.2 * 32767 < peak < 0.9 * 32767


def test_the_folder_stays_small_with_a_minute_of_each_music() -> None:
    total = sum(path.stat().st_size for path in SOUNDS.glob("*.wav"))
    assert total < 3_500_000
    for music in Music:
        seconds = (SOUNDS / f"{music.value}.wav").stat().st_size / (2 * 11025)
        assert 60 < seconds < 70
    for effect in Effect:
        assert (SOUNDS / f"{effect.value}.wav").stat().st_size / (2 * 22050) < 2


@pytest.mark.parametrize("music", list(Music))
def test_music_loops_without_a_click_at_the_seam(music: Music) -> None:
    wave_ = samples(SOUNDS / f"{music.value}.wav")
    steps = [abs(b - a) for a, b in itertools.pairwise(wave_)]
    typical = sum(steps) / len(steps)
    assert abs(wave_[0] - wave_[-1]) < typical


@pytest.mark.parametrize(
    ("music", "sections"), [(Music.ROOM, soundgen.ROOM_FORM), (Music.GAME, soundgen.GAME_FORM)]
)
def test_the_music_changes_from_section_to_section(music: Music, sections: tuple) -> None:
    """No two of a piece's four-bar sections sound alike: an hour holds about sixty
    rounds of the piece, not five hundred of one loop."""
    wave_ = samples(SOUNDS / f"{music.value}.wav")
    size = len(wave_) // len(sections)
    parts = [wave_[i * size : (i + 1) * size] for i in range(len(sections))]
    assert len(set(sections)) == len(sections), "no section is written twice"

    def likeness(a: list[int], b: list[int]) -> float:
        dot = sum(x * y for x, y in zip(a, b, strict=True))
        return dot / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))

    for i, j in itertools.combinations(range(len(parts)), 2):
        assert likeness(parts[i], parts[j]) < 0.9, (i, j)


def test_halving_the_rate_keeps_a_low_tone_and_removes_a_high_one() -> None:
    n = 2048
    low = [math.sin(2 * math.pi * 4 * i / n) for i in range(n)]  # 43 Hz at 22,050
    high = [(-1.0) ** i for i in range(n)]  # 11,025 Hz: over the new Nyquist
    assert len(soundgen.halved(low)) == n // 2
    assert max(map(abs, soundgen.halved(low))) > 0.99
    assert max(map(abs, soundgen.halved(high))) < 0.01


@pytest.mark.parametrize("effect", list(Effect))
def test_effects_start_and_end_in_silence(effect: Effect) -> None:
    wave_ = samples(SOUNDS / f"{effect.value}.wav")
    assert abs(wave_[0]) < 100
    assert abs(wave_[-1]) < 100


def test_a_looping_track_wraps_the_tail_round_to_the_start() -> None:
    track = soundgen.Track(10, loop=True)
    track.add(8, [1.0, 2.0, 3.0, 4.0])
    assert track.samples == [3.0, 4.0, 0, 0, 0, 0, 0, 0, 1.0, 2.0]
    once = soundgen.Track(10)
    once.add(8, [1.0, 2.0, 3.0, 4.0])
    assert once.samples == [0, 0, 0, 0, 0, 0, 0, 0, 1.0, 2.0]


def test_noise_is_the_same_for_the_same_seed() -> None:
    assert soundgen.Noise(7).take(50) == soundgen.Noise(7).take(50)
    assert soundgen.Noise(7).take(50) != soundgen.Noise(8).take(50)
    assert all(-1 <= x < 1 for x in soundgen.Noise(7).take(1000))
