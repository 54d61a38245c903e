"""ALSA's error messages, kept off the terminal the app draws on (`silence_alsa`)."""

from __future__ import annotations

import ctypes

_ALSA_HANDLER_TYPE = ctypes.CFUNCTYPE(
    None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p
)
_alsa_handler = None  # kept alive for as long as ALSA may call it: the whole process


def _discard(file: bytes, line: int, function: bytes, err: int, fmt: bytes) -> None:
    """ALSA's error callback (variadic in C; the extra arguments are ignored)."""


def silence_alsa() -> bool:
    """Send ALSA's error messages nowhere instead of to stderr; True when installed.

    libasound prints errors (a missing card, an unknown PCM) with fprintf to stderr,
    which is the terminal Textual draws on. The library is shared, so the handler
    set here also covers the calls simpleaudio makes.
    """
    global _alsa_handler
    if _alsa_handler is not None:
        return True
    try:
        alsa = ctypes.CDLL("libasound.so.2")
        handler = _ALSA_HANDLER_TYPE(_discard)
        alsa.snd_lib_error_set_handler(handler)
    except (OSError, AttributeError):
        return False  # no ALSA on this system: nothing to silence
    _alsa_handler = handler
    return True


def alsa_silenced() -> bool:
    return _alsa_handler is not None
