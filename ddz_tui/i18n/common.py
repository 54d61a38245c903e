"""Phrases every area uses.

Each key: (English, Simplified Chinese). Prefixes kept here:
`as_is`."""

from __future__ import annotations

PHRASES: dict[str, tuple[str, str]] = {
    # text already in words, e.g. a server's message as it arrived (Phrase.as_is)
    "as_is": ("{text}", "{text}"),
}
