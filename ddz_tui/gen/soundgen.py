"""Synthesise the game's sounds into `sounds/*.wav` from notes written here.

Everything is made from sine waves and noise with the standard library only, so the
files can be rebuilt anywhere and checked: `python -m ddz_tui.gen.soundgen` rewrites
them and `python -m ddz_tui.gen.soundgen --check` fails when the checked-in files differ.

The output is the same on every machine: phases are integers, noise comes from an
integer generator, and the few values that go through the maths library (`sin`,
`exp`, `pow`) are rounded before use, so a last-bit difference between two maths
libraries cannot reach the samples. Everything after that is plain float
arithmetic, which is the same everywhere.

Like `datagen`, this module stands alone: the package plays the files it writes.
"""

from __future__ import annotations

import io
import math
import struct
import sys
import wave
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

from ddz_tui.gen.regenerate import regenerate

RATE = 22050  # samples per second: mono, 16-bit
MUSIC_RATE = RATE // 2
"""The music files' rate: a minute of music at 22,050 Hz would be 2.6 MB a piece. The
music is made at RATE and halved (`halved`); its notes lie well under 5.5 kHz."""
TABLE_BITS = 13
TABLE_SIZE = 1 << TABLE_BITS
PHASE_SHIFT = 32 - TABLE_BITS  # phases are 32-bit integers; the top bits index the table
PHASE_MASK = TABLE_SIZE - 1
FULL_SCALE = 32767
MUSIC_PEAK = 0.3  # music sits under the effects, which peak at 0.3-0.85


def _fixed(x: float) -> float:
    """Round a maths-library result to 2**-30, hiding last-bit differences between libms."""
    return round(x * (1 << 30)) / (1 << 30)


SINE = tuple(_fixed(math.sin(2 * math.pi * i / TABLE_SIZE)) for i in range(TABLE_SIZE))


def seconds(s: float) -> int:
    return round(s * RATE)


def midi(note: int) -> float:
    """Equal-tempered frequency of a MIDI note number (69 = A4 = 440 Hz)."""
    return _fixed(440.0 * 2.0 ** ((note - 69) / 12))


def _increment(freq: float) -> int:
    return round(freq * (1 << 32) / RATE)


def _decay_factor(tau: float) -> float:
    """Per-sample factor of an exponential decay with time constant `tau` seconds."""
    return _fixed(math.exp(-1.0 / (tau * RATE)))


@cache
def envelope(length: int, tau: float, attack: float = 0.004, release: float = 0.03) -> tuple:
    """A quick linear attack, an exponential decay, a linear fade to silence at the end."""
    factor = _decay_factor(tau)
    rise = max(1, seconds(attack))
    fall = max(1, min(seconds(release), length))
    level = 1.0
    out = []
    for i in range(length):
        gain = level
        if i < rise:
            gain *= i / rise
        if i >= length - fall:
            gain *= (length - i) / fall
        out.append(gain)
        level *= factor
    return tuple(out)


def sine(freq: float, env: Iterable[float], amp: float = 1.0) -> list[float]:
    inc = _increment(freq)
    return [amp * e * SINE[(inc * i >> PHASE_SHIFT) & PHASE_MASK] for i, e in enumerate(env)]


def mix_into(target: list[float], samples: list[float], gain: float = 1.0) -> list[float]:
    """Add `samples` onto the start of `target` (which must be at least as long)."""
    target[: len(samples)] = [t + gain * s for t, s in zip(target, samples, strict=False)]
    return target


def partials(freq: float, length: int, spec: Iterable[tuple[float, float, float]]) -> list[float]:
    """A tone from (frequency ratio, amplitude, decay seconds) partials."""
    out = [0.0] * length
    for ratio, amp, tau in spec:
        if freq * ratio < RATE / 2:
            mix_into(out, sine(freq * ratio, envelope(length, tau)), amp)
    return out


# --- instruments ------------------------------------------------------------------


@cache
def pluck(note: int, ring: float = 1.1) -> tuple:
    """A plucked zither string (guzheng-like): bright attack, upper partials die first."""
    spec = ((1, 1.0, 0.45), (2, 0.45, 0.22), (3, 0.22, 0.12), (4, 0.12, 0.07), (5, 0.06, 0.04))
    return tuple(partials(midi(note), seconds(ring), spec))


@cache
def bass(note: int, ring: float = 0.9) -> tuple:
    """A soft, round bass note."""
    return tuple(partials(midi(note), seconds(ring), ((1, 1.0, 0.5), (2, 0.35, 0.18))))


def gong(note: int, ring: float) -> list[float]:
    """A small gong: inharmonic partials with a long shimmer."""
    spec = (
        (1.0, 1.0, 0.9),
        (1.47, 0.5, 0.6),
        (2.09, 0.35, 0.45),
        (2.56, 0.2, 0.3),
        (3.9, 0.1, 0.2),
    )
    return partials(midi(note), seconds(ring), spec)


class Noise:
    """White noise in [-1, 1) from a 32-bit xorshift: the same on every machine."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF or 1

    def take(self, length: int) -> list[float]:
        out = []
        x = self.state
        for _ in range(length):
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            out.append(x / 2147483648.0 - 1.0)
        self.state = x
        return out


def lowpass(samples: list[float], coef: float) -> list[float]:
    """One-pole low-pass: `coef` near 0 is dark, near 1 lets everything through."""
    out = []
    y = 0.0
    for x in samples:
        y += coef * (x - y)
        out.append(y)
    return out


def highpass(samples: list[float], coef: float) -> list[float]:
    return [x - y for x, y in zip(samples, lowpass(samples, coef), strict=True)]


def shaped(samples: list[float], env: Iterable[float], amp: float = 1.0) -> list[float]:
    return [amp * s * e for s, e in zip(samples, env, strict=True)]


def sweep(f_from: float, f_to: float, env: tuple, amp: float = 1.0) -> list[float]:
    """A sine gliding exponentially from `f_from` to `f_to` over the envelope's length."""
    step = _fixed((f_to / f_from) ** (1.0 / len(env)))
    freq = f_from
    phase = 0
    out = []
    for e in env:
        out.append(amp * e * SINE[(phase >> PHASE_SHIFT) & PHASE_MASK])
        phase += _increment(freq)
        freq *= step
    return out


def woodblock(noise: Noise) -> list[float]:
    length = seconds(0.09)
    tone = partials(midi(84), length, ((1, 1.0, 0.025), (2.7, 0.4, 0.012)))
    click = shaped(highpass(noise.take(length), 0.3), envelope(length, 0.004, 0.0005), 0.5)
    return mix_into(tone, click)


def kick() -> list[float]:
    return sweep(120.0, 45.0, envelope(seconds(0.22), 0.07, 0.002))


def shaker(noise: Noise) -> list[float]:
    length = seconds(0.06)
    return shaped(highpass(noise.take(length), 0.5), envelope(length, 0.012, 0.006))


def card_flick(noise: Noise, brightness: float) -> list[float]:
    length = seconds(0.05)
    burst = highpass(lowpass(noise.take(length), brightness), 0.08)
    return shaped(burst, envelope(length, 0.009, 0.001))


# --- arranging --------------------------------------------------------------------


class Track:
    """A mono buffer that notes are added into at sample positions.

    A looping track wraps what sounds past its end around to its start, so the
    last note's tail overlaps the first beat and the loop has no seam.
    """

    def __init__(self, length: int, loop: bool = False) -> None:
        self.samples = [0.0] * length
        self.loop = loop

    def add(self, at: int, sound: Iterable[float], gain: float = 1.0) -> None:
        sound = list(sound)
        n = len(self.samples)
        if self.loop:
            at %= n
        else:
            sound = sound[: max(0, n - at)]
        while sound:
            head, sound = sound[: n - at], sound[n - at :]
            end = at + len(head)
            self.samples[at:end] = mix_into(self.samples[at:end], head, gain)
            at = 0

    def echo(self, delay: int, feedback: float, wet: float) -> None:
        """A feedback delay; on a loop the repeats wrap round (two passes reach steady state)."""
        dry = self.samples
        n = len(dry)
        tail = [0.0] * n
        passes = 2 if self.loop else 1
        for _ in range(passes):
            for i in range(n):
                j = i - delay
                if j >= 0 or self.loop:
                    tail[i] = feedback * (dry[j] + tail[j])
        self.samples = [d + wet * e for d, e in zip(dry, tail, strict=True)]

    def normalised(self, peak: float) -> list[float]:
        return normalised(self.samples, peak)


def normalised(samples: list[float], peak: float) -> list[float]:
    top = max(abs(s) for s in samples) or 1.0
    return [s * peak / top for s in samples]


def halved(samples: list[float]) -> list[float]:
    """A loop at half the rate: a 7-tap half-band low-pass (-1, 0, 9, 16, 9, 0, -1)/32
    keeps what lies under the new Nyquist frequency, then every second sample is kept.
    The filter reads round the loop's seam, so the loop stays seamless."""
    padded = samples[-3:] + samples + samples[:3]
    return [
        (16 * c + 9 * (b + d) - (a + e)) / 32
        for a, b, c, d, e in zip(
            padded[0::2], padded[2::2], padded[3::2], padded[4::2], padded[6::2], strict=False
        )
    ][: len(samples) // 2]


class Score:
    """Notes placed by beat at a fixed tempo."""

    def __init__(self, bpm: int, beats: int, loop: bool) -> None:
        self.beat = 60 * RATE / bpm
        self.track = Track(round(beats * self.beat), loop)

    def at(self, beat: float) -> int:
        return round(beat * self.beat)

    def play(self, beat: float, sound: Iterable[float], gain: float = 1.0) -> None:
        self.track.add(self.at(beat), sound, gain)


# MIDI note numbers used below (C4 = 60)
E2, G2, A2, B2, C3, D3, E3, G3, A3, B3 = 40, 43, 45, 47, 48, 50, 52, 55, 57, 59
C4, D4, E4, G4, A4, B4 = 60, 62, 64, 67, 69, 71
C5, D5, E5, G5, A5, B5 = 72, 74, 76, 79, 81, 83
C6, D6, E6, G6, A6 = 84, 86, 88, 91, 93

SECTION = 16  # beats: four bars of 4/4
Notes = tuple[tuple[float, int], ...]  # (beat, MIDI note)


# The room music: G major pentatonic. Tunes and bass lines of one section each.
ROOM_TUNES: dict[str, Notes] = {
    "call": (
        (0, D5), (1, E5), (1.5, G5), (2, A5), (3, G5), (4, E5), (5.5, D5), (6, B4),
        (8, D5), (8.5, E5), (9, G5), (10, E5), (10.5, D5), (11, B4),
        (12, A4), (13, B4), (13.5, D5), (14, G4),
    ),
    "answer": (
        (0, B4), (1, D5), (2, E5), (3, D5), (4, B4), (5, A4), (6, G4),
        (8, E5), (9, G5), (10, A5), (11, G5), (12, E5), (13, D5), (14, E5), (15, D5),
    ),
    "high": (
        (0, G5), (1.5, A5), (2, B5), (3, A5), (4, G5), (5, E5), (6, D5),
        (8, E5), (8.5, G5), (9, A5), (10, B5), (11, D6), (12, B5), (13, A5), (14, G5),
    ),
    "sparse": ((0, D5), (2, B4), (4, A4), (8, G4), (10, A4), (12, B4), (14, D5)),
    "home": (
        (0, E5), (1, D5), (2, B4), (3, D5), (4, E5), (6, G5), (8, A5), (9, G5),
        (10, E5), (11, D5), (12, B4), (13, A4), (14, G4),
    ),
}  # fmt: skip
ROOM_BASS: dict[str, Notes] = {
    "home": ((0, G2), (2, D3), (4, E2), (6, B2), (8, C3), (10, G2), (12, D3), (14, G2)),
    "minor": ((0, E2), (2, B2), (4, C3), (6, G2), (8, A2), (10, E2), (12, D3), (14, D3)),
    "turn": ((0, C3), (2, G2), (4, A2), (6, E2), (8, C3), (10, D3), (12, G2), (14, D3)),
}
ROOM_FIGURE = (B3, D4, G4, D4, G3, B3, E4, B3, C4, E4, G4, E4, A3, D4, B3, D4)
"""The first loop's arpeggio, a note every beat on the off-beat."""


def chord_arpeggio(bass: Notes) -> Notes:
    """Root, fifth and octave two octaves over each bass note, a note every half beat."""
    return tuple(
        (beat + half / 2, root + 24 + step)
        for beat, root in bass
        for half, step in enumerate((0, 7, 12, 7))
    )


def room_section(score: Score, start: int, tune: str, bassline: str, arpeggio: str) -> None:
    """One section of the room music: a tune (or "" for none), a bass line and an
    arpeggio ("figure": the first loop's; "chords": from the bass; "" for none)."""
    for beat, note in ROOM_TUNES.get(tune, ()):
        score.play(start + beat, pluck(note, 1.4), 0.9)
    line = ROOM_BASS[bassline]
    for beat, note in line:
        score.play(start + beat, bass(note, 1.0), 0.8)
    if arpeggio == "figure":
        for step, note in enumerate(ROOM_FIGURE):
            score.play(start + step + 0.5, pluck(note, 0.6), 0.22)
    elif arpeggio == "chords":
        for beat, note in chord_arpeggio(line):
            score.play(start + beat, pluck(note, 0.5), 0.16)


ROOM_FORM = (
    ("call", "home", "figure"),
    ("answer", "home", "figure"),
    ("high", "minor", "chords"),
    ("sparse", "minor", "chords"),
    ("", "turn", "chords"),
    ("call", "turn", "figure"),
    ("high", "home", "chords"),
    ("home", "home", "figure"),
)
"""The room music's sections in order (tune, bass, arpeggio): 8 × 4 bars, about 61 s."""


def room_music() -> list[float]:
    """Title screen: an unhurried tune in G major pentatonic at 126 bpm, eight sections
    of four bars (about a minute) before it comes round again, a small gong at the turns."""
    score = Score(bpm=126, beats=SECTION * len(ROOM_FORM), loop=True)
    for index, section in enumerate(ROOM_FORM):
        room_section(score, index * SECTION, *section)
    for index in (2, 4, 6):
        score.play(index * SECTION, gong(G3, 2.5), 0.35)
    score.track.echo(score.at(0.75), feedback=0.3, wet=0.5)
    return normalised(halved(score.track.samples), MUSIC_PEAK)


# The game music: A minor pentatonic.
GAME_TUNES: dict[str, Notes] = {
    "groove": (
        (0.5, E5), (1, G5), (1.5, A5), (3, G5), (3.5, E5),
        (4, D5), (5, E5), (5.5, D5), (6, C5), (7, A4),
        (8.5, C5), (9, D5), (9.5, E5), (10, G5), (11, E5), (11.5, G5),
        (12, A5), (13.5, G5), (14, E5), (15, D5),
    ),
    "reply": (
        (0, A4), (0.5, C5), (1, D5), (2, E5), (2.5, D5), (3, C5),
        (4.5, A4), (5, G4), (6, A4),
        (8, E5), (8.5, G5), (9, E5), (10, D5), (10.5, C5), (11, D5),
        (12, E5), (13, D5), (14, C5), (14.5, A4),
    ),
    "climb": (
        (0, A5), (0.5, G5), (1, A5), (2, C6), (3, A5), (3.5, G5),
        (4, E5), (5, G5), (6, A5), (7, C6),
        (8, D6), (8.5, C6), (9, A5), (10, G5), (11, E5),
        (12, G5), (12.5, A5), (13, C6), (14, A5),
    ),
    "calm": ((0, E5), (3, D5), (4, C5), (7, A4), (8, C5), (11, D5), (12, E5), (14, G5)),
}  # fmt: skip
GAME_ROOTS: dict[str, tuple[int, int, int, int]] = {
    "home": (A2, G2, C3, E2),
    "lift": (C3, D3, E2, A2),
    "fall": (D3, C3, A2, E2),
}
"""A bass root for each bar of a section."""
BASS_FIGURES: dict[str, tuple[tuple[float, int, float], ...]] = {
    "walk": ((0, 0, 0.8), (1.5, 0, 0.4), (2, 7, 0.8), (3, 12, 0.5)),
    "pulse": ((0, 0, 0.4), (0.5, 12, 0.3), (1, 0, 0.4), (2, 7, 0.4), (2.5, 12, 0.3), (3, 7, 0.4)),
    "long": ((0, 0, 1.6), (2, 7, 1.2)),
}
"""A bar of the bass: (beat, interval over the root, length in seconds)."""


def drums(score: Score, noise: Noise, start: int, style: str) -> None:
    """A section's drums: "full" (kick, woodblock, shaker), "busy" (a pushed kick and
    shakers on every half beat), "light" (a kick a bar and the shaker), or "" for none."""
    if not style:
        return
    for bar in range(4):
        at = start + bar * 4
        kicks = {"full": (0, 2), "busy": (0, 1.5, 2), "light": (0,)}[style]
        for beat in kicks:
            score.play(at + beat, kick(), 0.7)
        if style != "light":
            for beat in (1, 3):
                score.play(at + beat, woodblock(noise), 0.45)
        shakes = (0, 1, 2, 3, 3.5) if style == "busy" else (0, 1, 2, 3)
        for beat in shakes:
            score.play(at + beat + 0.5, shaker(noise), 0.12)


def game_section(
    score: Score, noise: Noise, start: int, tune: str, roots: str, figure: str, beat: str
) -> None:
    """One section of the game music: a tune ("" for none; "climb" is an octave up from
    the others' range), the bass roots and figure, the drums."""
    drums(score, noise, start, beat)
    for bar, root in enumerate(GAME_ROOTS[roots]):
        for offset, interval, length in BASS_FIGURES[figure]:
            score.play(start + bar * 4 + offset, bass(root + interval, length), 0.75)
    ring = 1.6 if tune == "calm" else 0.9
    for when, note in GAME_TUNES.get(tune, ()):
        score.play(start + when, pluck(note, ring), 0.7)


GAME_FORM = (
    ("", "home", "walk", "light"),
    ("groove", "home", "walk", "full"),
    ("reply", "home", "walk", "full"),
    ("climb", "lift", "pulse", "busy"),
    ("reply", "lift", "pulse", "busy"),
    ("calm", "fall", "long", ""),
    ("calm", "fall", "walk", "light"),
    ("groove", "fall", "pulse", "busy"),
    ("climb", "home", "walk", "full"),
    ("reply", "lift", "walk", "full"),
)
"""The game music's sections in order (tune, roots, bass figure, drums): 10 × 4 bars,
about 65 s."""


def game_music() -> list[float]:
    """At the table: a light, busier groove in A minor pentatonic at 147 bpm, ten
    sections of four bars (about a minute) before it comes round again."""
    score = Score(bpm=147, beats=SECTION * len(GAME_FORM), loop=True)
    noise = Noise(1471)
    for index, section in enumerate(GAME_FORM):
        game_section(score, noise, index * SECTION, *section)
    return normalised(halved(score.track.samples), MUSIC_PEAK)


def effect(length: float, build: Callable[[Track], None], peak: float) -> list[float]:
    track = Track(seconds(length))
    build(track)
    return track.normalised(peak)


def select_sound() -> list[float]:
    """A tiny soft tick as a card rises."""

    def build(track: Track) -> None:
        track.add(0, partials(midi(E6), seconds(0.05), ((1, 1.0, 0.012), (2, 0.3, 0.006))))

    return effect(0.06, build, 0.3)


def deal_sound() -> list[float]:
    """Cards flicked round the table."""
    noise = Noise(17)

    def build(track: Track) -> None:
        for i in range(8):
            track.add(seconds(0.065 * i), card_flick(noise, 0.55 + 0.05 * (i % 3)), 1 - 0.04 * i)

    return effect(0.62, build, 0.55)


def play_sound() -> list[float]:
    """A card put down on the table: a soft slap with a little body."""
    noise = Noise(23)

    def build(track: Track) -> None:
        length = seconds(0.14)
        slap = shaped(lowpass(noise.take(length), 0.35), envelope(length, 0.018, 0.001))
        track.add(0, slap)
        track.add(0, sweep(190.0, 120.0, envelope(length, 0.04, 0.002)), 0.6)

    return effect(0.16, build, 0.6)


def pass_sound() -> list[float]:
    """Two quiet falling notes: 'not this time'."""

    def build(track: Track) -> None:
        track.add(0, pluck(D5, 0.3))
        track.add(seconds(0.12), pluck(A4, 0.3), 0.8)

    return effect(0.42, build, 0.4)


def bomb_sound() -> list[float]:
    """A deep boom with a crackle."""
    noise = Noise(4)

    def build(track: Track) -> None:
        length = seconds(1.0)
        track.add(0, sweep(110.0, 32.0, envelope(length, 0.35, 0.05)))
        rumble = shaped(lowpass(noise.take(length), 0.06), envelope(length, 0.25, 0.05), 2.5)
        track.add(0, rumble)
        crack = seconds(0.05)
        track.add(0, shaped(noise.take(crack), envelope(crack, 0.01, 0.002), 0.5))

    return effect(1.05, build, 0.85)


def rocket_sound() -> list[float]:
    """A rising whoosh that bursts into sparks."""
    noise = Noise(54)

    def build(track: Track) -> None:
        rise = seconds(0.5)
        fade = seconds(0.015)
        swell = tuple(min(i / rise, (rise - i) / fade) for i in range(rise))
        track.add(0, sweep(220.0, 1760.0, swell, 0.5))
        track.add(0, shaped(highpass(noise.take(rise), 0.3), swell, 0.35))
        boom = seconds(0.6)
        track.add(rise, sweep(90.0, 40.0, envelope(boom, 0.18, 0.05)), 0.8)
        for i, note in enumerate((A6, E6, G6, D6, C6)):
            track.add(rise + seconds(0.07 * i), pluck(note, 0.5), 0.45)

    return effect(1.3, build, 0.85)


def win_sound() -> list[float]:
    """A bright run up the scale, a chord and a small gong."""

    def build(track: Track) -> None:
        for i, note in enumerate((G4, A4, B4, D5, E5, G5)):
            track.add(seconds(0.08 * i), pluck(note, 0.6), 0.7)
        chord = seconds(0.5)
        for note in (G4, B4, D5, G5):
            track.add(chord, pluck(note, 1.2), 0.5)
        track.add(chord, gong(G3, 1.3), 0.6)

    return effect(1.8, build, 0.75)


def lose_sound() -> list[float]:
    """A slow walk down the minor pentatonic to a low, settling note."""

    def build(track: Track) -> None:
        for i, note in enumerate((E5, D5, C5, A4)):
            track.add(seconds(0.22 * i), pluck(note, 0.8), 0.7)
        track.add(seconds(0.88), bass(A2, 0.7), 0.9)
        track.add(seconds(0.88), pluck(A3, 0.7), 0.4)

    return effect(1.6, build, 0.55)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "music_room": room_music,
    "music_game": game_music,
    "deal": deal_sound,
    "select": select_sound,
    "play": play_sound,
    "pass": pass_sound,
    "bomb": bomb_sound,
    "rocket": rocket_sound,
    "win": win_sound,
    "lose": lose_sound,
}


RATES = {"music_room": MUSIC_RATE, "music_game": MUSIC_RATE}
"""The files not at RATE."""


def wav_bytes(samples: list[float], rate: int = RATE) -> bytes:
    """16-bit mono PCM in a WAV container (the header holds no timestamps)."""
    ints = [max(-FULL_SCALE, min(FULL_SCALE, round(s * FULL_SCALE))) for s in samples]
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(struct.pack(f"<{len(ints)}h", *ints))
    return out.getvalue()


@cache  # a minute of music takes seconds to make: make it once a process
def build(name: str) -> bytes:
    return wav_bytes(SOUNDS[name](), RATES.get(name, RATE))


def main(argv: list[str] | None = None) -> int:
    files = {f"{name}.wav": lambda name=name: build(name) for name in SOUNDS}
    root = Path(__file__).resolve().parents[2] / "sounds"
    return regenerate(argv, __doc__.splitlines()[0], "ddz_tui.gen.soundgen", root, files)


if __name__ == "__main__":
    sys.exit(main())
